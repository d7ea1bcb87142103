import { Suspense, useCallback } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import type { AppConfig } from '../lib/app-config';
import { RuntimeProvider, type Navigate } from '../lib/runtime';
import { RendererProvider } from '../renderer';

/** Inside the router, so the runtime's actions navigate with react-router instead of reloading. */
export function RootLayout({ config }: { config: AppConfig }) {
  const routerNavigate = useNavigate();
  // Stable, so the runtime's actions (and every item using them) survive a re-render unchanged.
  const navigate = useCallback<Navigate>((to, options) => void routerNavigate(to, options), [routerNavigate]);
  return (
    <RuntimeProvider config={config} navigate={navigate}>
      <RendererProvider>
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </RendererProvider>
    </RuntimeProvider>
  );
}

import './styles/base.css';
import { StrictMode } from 'react';
import { createRoot, type RootOptions } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { applyTheme, loadAppConfig } from './lib/app-config';
import { setupI18n } from './lib/i18n';
import { isNodeBoundary } from './renderer';

/**
 * In production a widget error is logged once by the renderer; React would log it again on every
 * render, so the root leaves those to the renderer. Development keeps React's detailed report.
 */
const rootOptions: RootOptions = import.meta.env.PROD
  ? {
      onCaughtError(error, info) {
        if (!isNodeBoundary(info.errorBoundary)) console.error(error);
      },
    }
  : {};

async function boot(): Promise<void> {
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('index.html has no #root');
  const config = await loadAppConfig();
  applyTheme(config.tenant.brand.theme);
  const i18n = await setupI18n(config.tenant);
  const router = createAppRouter(config);
  createRoot(rootElement, rootOptions).render(
    <StrictMode>
      <App i18n={i18n} router={router} />
    </StrictMode>,
  );
}

boot().catch((err: unknown) => {
  console.error(err);
  // No config, no language, no React: index.html carries a static notice for this case.
  document.getElementById('boot-error')?.removeAttribute('hidden');
});

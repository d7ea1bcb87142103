import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import type { createAppRouter } from './router';

export interface AppProps {
  i18n: I18n;
  router: ReturnType<typeof createAppRouter>;
}

export function App({ i18n, router }: AppProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>
  );
}

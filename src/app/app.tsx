import { type I18n, I18nProvider } from '../lib/i18n';
import { RouterProvider } from 'react-router-dom';
import { NO_PAGE_DATA, PageDataProvider, type PageData } from '../lib/runtime';
import type { createAppRouter } from './router';

export interface AppProps {
  i18n: I18n;
  router: ReturnType<typeof createAppRouter>;
  /** API answers the page starts with (those the server rendered with). */
  pageData?: PageData;
}

export function App({ i18n, router, pageData = NO_PAGE_DATA }: AppProps) {
  return (
    <PageDataProvider value={pageData}>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </PageDataProvider>
  );
}

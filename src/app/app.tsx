import type { ReactNode } from 'react';
import { type I18n, I18nProvider } from '../lib/i18n';
import { NO_PAGE_DATA, PageDataProvider, type PageData } from '../lib/runtime';

export interface AppProps {
  i18n: I18n;
  /** API answers the page starts with (those the server rendered with). */
  pageData?: PageData;
  /** The router the page runs in (the browser's, the server's or a test's) around <AppRoutes>. */
  children: ReactNode;
}

export function App({ i18n, pageData = NO_PAGE_DATA, children }: AppProps) {
  return (
    <PageDataProvider value={pageData}>
      <I18nProvider i18n={i18n}>{children}</I18nProvider>
    </PageDataProvider>
  );
}

import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
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
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </PageDataProvider>
  );
}

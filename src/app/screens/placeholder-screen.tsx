import { useLocation } from 'react-router-dom';
import type { TranslationKey } from '../../lib/i18n-keys';
import { isHeaderHidden } from '../../lib/layout-rules';
import { EmptyState } from '../../components/empty-state';
import { PageBar } from '../../components/page-bar';

export interface PlaceholderScreenProps {
  titleKey: TranslationKey;
}

/**
 * Stands in for a screen that later issues build: the empty-state panel under the page title
 * (the shell header shows the title; pages without the header draw their own bar).
 */
export default function PlaceholderScreen({ titleKey }: PlaceholderScreenProps) {
  const { pathname } = useLocation();
  return (
    <>
      {isHeaderHidden(pathname) ? (
        <header className="app-header app-header--page">
          <PageBar titleKey={titleKey} />
        </header>
      ) : null}
      <main className="screen screen--placeholder">
        <EmptyState />
      </main>
    </>
  );
}

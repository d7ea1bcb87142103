import './list-footer.css';
import { useTranslation } from '../../lib/i18n';
import type { PagedListStatus } from './use-paged-list';

export interface ListFooterProps {
  /** The list's paging status; 'idle' shows nothing (a list there is nothing to load for). */
  status: PagedListStatus | 'idle';
  /** Loads again after a failure. */
  onRetry(): void;
  /** Says 'no_more' once the last page is in; off for a list that is one page by nature. */
  endNote?: boolean;
}

/** Below a paged list: loading, nothing at all, no more, or a retry button after a failure. */
export function ListFooter({ status, onRetry, endNote = true }: ListFooterProps) {
  const { t } = useTranslation();
  let content = null;
  switch (status) {
    case 'error':
      content = (
        <button type="button" className="list-footer__retry" onClick={onRetry}>
          {t('loading_failed_retry')}
        </button>
      );
      break;
    case 'loading':
      content = (
        <p className="list-footer__status" role="status">
          {t('loading')}
        </p>
      );
      break;
    case 'empty':
      content = <p className="list-footer__empty">{t('no_data')}</p>;
      break;
    case 'end':
      if (endNote) content = <p className="list-footer__status">{t('no_more')}</p>;
      break;
    case 'more':
    case 'idle':
      break;
  }
  return <div className="list-footer">{content}</div>;
}

import './record-list.css';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/empty-state';
import type { GetEndpoint } from '../../../lib/api/client';
import { useTranslation } from '../../../lib/i18n';
import type { RecordList as RecordListState, RowOf } from './use-record-list';

/** Grey rows in the shape of records while the first page loads. */
export function RecordsSkeleton({ rows = 5 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <div className="records-skeleton" role="status" aria-busy="true">
      <span className="visually-hidden">{t('records_loading')}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="records-skeleton__row" aria-hidden="true">
          <span className="records-skeleton__bar records-skeleton__bar--wide" />
          <span className="records-skeleton__bar" />
        </div>
      ))}
    </div>
  );
}

/** Nothing in the chosen range. */
function RecordsEmpty() {
  return <EmptyState messageKey="records_empty" />;
}

/** A page failed to load: what happened and a way to try again. */
export function RecordsError({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <div className="records-error" role="alert">
      <p className="records-error__text">{t('records_error')}</p>
      <button type="button" className="records-error__retry" onClick={onRetry}>
        {t('retry')}
      </button>
    </div>
  );
}

/** Under the rows: the infinite-scroll sentinel, a "load more" button (for when no scroll comes), the state of the next page. */
function RecordListFooter<K extends GetEndpoint>({ list }: { list: RecordListState<K> }) {
  const { t } = useTranslation();
  const { error, retry, isLoadingMore, hasMore, loadMore, sentinel } = list;
  let content: ReactNode = null;
  if (error) content = <RecordsError onRetry={retry} />;
  else if (isLoadingMore) content = <RecordsSkeleton rows={2} />;
  else if (hasMore)
    content = (
      <button type="button" className="record-list__more" onClick={loadMore}>
        {t('records_load_more')}
      </button>
    );
  else content = <p className="record-list__end">{t('no_more')}</p>;
  return (
    <div className="record-list__footer">
      <div ref={sentinel} className="record-list__sentinel" aria-hidden="true" />
      {content}
    </div>
  );
}

export interface RecordListViewProps<K extends GetEndpoint> {
  list: RecordListState<K>;
  /** One row: an `<li>` (a RecordRow inside it). */
  renderRow(row: RowOf<K>, index: number): ReactNode;
  /** Accessible name of the list. */
  label?: string;
}

/**
 * A records list in its every state: skeleton rows while the first page loads, the failure with a
 * retry, the empty range, or the rows followed by the paging footer.
 */
export function RecordListView<K extends GetEndpoint>({ list, renderRow, label }: RecordListViewProps<K>) {
  if (list.rows.length === 0) {
    if (list.error) return <RecordsError onRetry={list.retry} />;
    // Also before the member is known (the server's render, hydration): the frame with grey rows.
    if (list.first === undefined || list.isLoading) return <RecordsSkeleton />;
    return <RecordsEmpty />;
  }
  return (
    <>
      <ul className="record-list" aria-label={label}>
        {list.rows.map(renderRow)}
      </ul>
      <RecordListFooter list={list} />
    </>
  );
}

/** Colours of a state badge: waiting, done, refused or failed, closed without effect. */
export type BadgeTone = 'pending' | 'success' | 'danger' | 'muted';

export function StateBadge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return <span className={`state-badge state-badge--${tone}`}>{children}</span>;
}

export interface RecordRowProps {
  /** The main line (the amount's meaning: channel, account, game ...). */
  title: ReactNode;
  /** The second line (the time, an id). */
  subtitle?: ReactNode;
  /** The amount, formatted. */
  amount: ReactNode;
  amountTone?: 'plus' | 'minus' | 'neutral';
  badge?: ReactNode;
  /** Opens the row's detail sheet. */
  onOpen?(): void;
}

/** One row of a records list: a button that opens its detail (a plain row without `onOpen`). */
export function RecordRow({ title, subtitle, amount, amountTone = 'neutral', badge, onOpen }: RecordRowProps) {
  const body = (
    <>
      <span className="record-row__main">
        <span className="record-row__title">{title}</span>
        {subtitle !== undefined && <span className="record-row__subtitle">{subtitle}</span>}
      </span>
      <span className="record-row__side">
        <span className={`record-row__amount record-row__amount--${amountTone}`}>{amount}</span>
        {badge}
      </span>
    </>
  );
  return onOpen ? (
    <button type="button" className="record-row" onClick={onOpen}>
      {body}
    </button>
  ) : (
    <div className="record-row">{body}</div>
  );
}

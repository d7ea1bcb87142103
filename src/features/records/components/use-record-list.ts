/**
 * A records list: keyset pages of one GET endpoint whose answer is `{ list, nextCursor, ... }`
 * (each page asks with the previous page's `nextCursor` as `cursor`), keyed by the member, so a
 * visitor and the server's render load nothing and another member's login starts afresh. A new
 * query (another range, a filter) starts the list over from its first page.
 */
import { useEffect, useRef, useState } from 'react';
import type { ApiFailure, GetEndpoint, QueryOf, ResponseOf } from '../../../lib/api/client';
import { resourceKey, useResourcePages } from '../../../lib/api/swr';
import { useMemberScope } from '../../../lib/runtime';
import { usePagedList, type PagedListStatus } from '../../../components/paged-list';

/** What a records page holds, at least. */
interface RecordPage<Row = unknown> {
  list: readonly Row[];
  nextCursor?: string | null;
}

/** The row type of an endpoint's pages. */
export type RowOf<K extends GetEndpoint> = ResponseOf<K> extends { list: readonly (infer R)[] } ? R : never;

/** The query of a records endpoint without its cursor (the list adds it per page). */
export type RecordQuery<K extends GetEndpoint> = Omit<QueryOf<K>, 'cursor'>;

export interface RecordList<K extends GetEndpoint> {
  /** Rows of every page loaded, in order, each row once (by `keyOf`). */
  rows: RowOf<K>[];
  /** The first page's whole answer (totals and the range it covers), once loaded. */
  first: ResponseOf<K> | undefined;
  status: PagedListStatus;
  /** The first page is on its way and nothing is shown yet. */
  isLoading: boolean;
  /** A page after the first is on its way. */
  isLoadingMore: boolean;
  error: ApiFailure | undefined;
  /** More pages remain after those loaded. */
  hasMore: boolean;
  /** Loads the next page (when one remains and none is loading or failed). */
  loadMore(): void;
  /** Loads the held pages again after a failure. */
  retry(): void;
  /**
   * The ref of an element below the rows: the next page loads when it comes into view. The
   * observer is set up in an effect (never during a server render).
   */
  sentinel(element: Element | null): void;
}

export interface RecordListOptions<Row> {
  /** A row's identity (default: its `id`); a row a later page repeats shows once. Keep it stable. */
  keyOf?(row: Row): string;
  /** Rows per page (the endpoint's `pageSize`); omitted: the server's default. */
  pageSize?: number;
}

const listOf = (page: RecordPage) => page.list;
const lastPage = (page: RecordPage) => !page.nextCursor;
const idOf = (row: unknown) => String((row as { id?: unknown }).id);

/**
 * The records of `endpoint` for `query` (null: nothing loads, e.g. while a custom range is being
 * typed), newest first as the server sends them.
 */
export function useRecordList<K extends GetEndpoint>(
  endpoint: K,
  query: RecordQuery<K> | null,
  options: RecordListOptions<RowOf<K>> = {},
): RecordList<K> {
  const scope = useMemberScope();
  const { pageSize } = options;
  const keyOf = (options.keyOf ?? idOf) as (row: unknown) => string;
  const pages = useResourcePages<K>(
    (index, previous) => {
      if (!scope || !query) return null;
      const base = pageSize === undefined ? query : { ...query, pageSize };
      if (index === 0) return resourceKey(endpoint, base as unknown as QueryOf<K>, scope);
      const cursor = (previous as RecordPage | null)?.nextCursor;
      if (!cursor) return null;
      return resourceKey(endpoint, { ...base, cursor } as unknown as QueryOf<K>, scope);
    },
    // Rows that arrive while paging are picked up by a refresh, not by refetching page 1 on every
    // scroll: each later page continues from the page before it, so nothing is skipped or repeated.
    { revalidateFirstPage: false },
  );
  const data = pages.data as RecordPage[] | undefined;
  const list = usePagedList<RecordPage, unknown>(
    { data, error: pages.error, size: pages.size, setSize: pages.setSize, isLoading: pages.isLoading, mutate: pages.mutate },
    { itemsOf: listOf, keyOf, isLastPage: lastPage },
  );

  const [sentinel, setSentinel] = useState<Element | null>(null);
  const loadNext = useRef(list.loadNext);
  useEffect(() => {
    loadNext.current = list.loadNext;
  });
  const { canLoadMore } = list;
  const rowCount = list.items.length;
  useEffect(() => {
    if (!sentinel || !canLoadMore || typeof IntersectionObserver !== 'function') return;
    // A new observer after each page: it reports at once whether the sentinel is still in view.
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) loadNext.current();
    });
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [sentinel, canLoadMore, rowCount]);

  return {
    rows: list.items as RowOf<K>[],
    first: pages.data?.[0],
    status: list.status,
    isLoading: list.loading,
    isLoadingMore: list.loadingMore,
    error: pages.error,
    hasMore: list.hasMore,
    loadMore: list.loadNext,
    retry: list.retry,
    sentinel: setSentinel,
  };
}

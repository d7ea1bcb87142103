/**
 * The paging state of a list that loads page after page (spec section 9): the first load, the
 * next page, the end, a failure and its retry. It reads the answer of a `useSWRInfinite` hook (an
 * area's `useXxxPages` in its api file), which owns the requests and their cache keys; a new key
 * there starts the list over from page 1, and this state follows.
 */
import { useMemo } from 'react';

/** The part of a `useSWRInfinite` answer the list reads. */
export interface PageLoader<P> {
  data?: P[];
  error?: unknown;
  /** Pages asked for; more than `data` holds while the next one loads. */
  size: number;
  setSize(size: number | ((size: number) => number)): Promise<unknown>;
  /** The first page is loading and nothing is cached. */
  isLoading: boolean;
  /** Loads the held pages again. */
  mutate(): Promise<unknown>;
}

export interface PagedListOptions<P, T> {
  /** The items of one page. Keep it stable (a module-level function) so `items` keeps its identity. */
  itemsOf(page: P): readonly T[];
  /**
   * An item's identity: an item that a later page repeats (the list shifted while paging) shows
   * once. Keep it stable as well. Without it every item shows.
   */
  keyOf?(item: T): string;
  /** The page size the end is read from when `isLastPage` is not given: a short page is the last. */
  pageSize?: number;
  /** Whether `page` is the last (the server counts pages, or a list has a single page). */
  isLastPage?(page: P): boolean;
}

/**
 * - loading: the first page, or the next one, is on its way;
 * - error: a page failed; paging stops until `retry`;
 * - empty: the list has no items at all;
 * - end: every page is in;
 * - more: pages remain; the next loads on `loadNext`.
 */
export type PagedListStatus = 'loading' | 'error' | 'empty' | 'end' | 'more';

export interface PagedList<T> {
  items: T[];
  status: PagedListStatus;
  /** The first page is loading. */
  loading: boolean;
  /** A page after the first is loading. */
  loadingMore: boolean;
  /** Pages remain after those held. */
  hasMore: boolean;
  error: unknown;
  /** True while the next page may be asked for: pages remain, none is loading, none failed. */
  canLoadMore: boolean;
  /** Asks for the next page when `canLoadMore`. */
  loadNext(): void;
  /** Loads the held pages again after a failure. */
  retry(): void;
}

export function usePagedList<P, T>(loader: PageLoader<P>, options: PagedListOptions<P, T>): PagedList<T> {
  const { data, error, size, setSize, isLoading, mutate } = loader;
  const { itemsOf, keyOf, pageSize, isLastPage } = options;

  const items = useMemo(() => {
    const out: T[] = [];
    const seen = new Set<string>();
    for (const page of data ?? []) {
      for (const item of itemsOf(page)) {
        if (keyOf) {
          const key = keyOf(item);
          if (seen.has(key)) continue;
          seen.add(key);
        }
        out.push(item);
      }
    }
    return out;
  }, [data, itemsOf, keyOf]);

  const last = data?.[data.length - 1];
  const lastPage = (page: P) => (isLastPage ? isLastPage(page) : pageSize !== undefined && itemsOf(page).length < pageSize);
  const loadingMore = !error && size > (data?.length ?? 0);
  const hasMore = !!data && (last === undefined || !lastPage(last));
  const canLoadMore = hasMore && !loadingMore && !error && !isLoading;

  let status: PagedListStatus;
  if (error) status = 'error';
  else if (isLoading || loadingMore) status = 'loading';
  else if (items.length === 0) status = 'empty';
  else if (!hasMore) status = 'end';
  else status = 'more';

  return {
    items,
    status,
    loading: isLoading,
    loadingMore,
    hasMore,
    error,
    canLoadMore,
    loadNext: () => {
      if (canLoadMore) void setSize((s) => s + 1);
    },
    retry: () => void mutate(),
  };
}

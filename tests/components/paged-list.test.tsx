// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nProvider } from '../../src/lib/i18n';
import { SWRConfig } from 'swr';
import useSWRInfinite from 'swr/infinite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListFooter, usePagedList, type PagedListStatus } from '../../src/components/paged-list';
import { TY, testI18n } from '../renderer/harness';

interface Page {
  rows: { id: string }[];
}

const PAGE_SIZE = 3;
const rowsOf = (page: Page) => page.rows;
const idOf = (row: { id: string }) => row.id;

/** `count` rows of a list named `list`, served three to a page; page numbers start at 1. */
function serve(count: number, fail?: (page: number) => boolean) {
  const calls: [string, number][] = [];
  const fetchPage = vi.fn(async ([, list, page]: readonly [string, string, number]): Promise<Page> => {
    calls.push([list, page]);
    if (fail?.(page)) throw new Error('boom');
    const from = (page - 1) * PAGE_SIZE;
    const ids = Array.from({ length: Math.max(0, Math.min(PAGE_SIZE, count - from)) }, (_, i) => `${list}-${from + i}`);
    return { rows: ids.map((id) => ({ id })) };
  });
  return { calls, fetchPage };
}

function useRows(list: string, fetchPage: ReturnType<typeof serve>['fetchPage']) {
  const pages = useSWRInfinite((index) => ['rows', list, index + 1] as const, fetchPage, { revalidateFirstPage: false, revalidateOnFocus: false });
  return usePagedList(pages, { itemsOf: rowsOf, keyOf: idOf, pageSize: PAGE_SIZE });
}

const wrapper = ({ children }: { children?: ReactNode }) => <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>;

afterEach(() => cleanup());

describe('usePagedList', () => {
  it('loads page after page, appending, until a short page ends the list', async () => {
    const { calls, fetchPage } = serve(7);
    const { result } = renderHook(() => useRows('a', fetchPage), { wrapper });
    expect(result.current.status).toBe('loading');
    expect(result.current.loading).toBe(true);
    expect(result.current.canLoadMore).toBe(false);
    await waitFor(() => expect(result.current.status).toBe('more'));
    expect(result.current.items.map(idOf)).toEqual(['a-0', 'a-1', 'a-2']);
    expect(result.current.canLoadMore).toBe(true);

    act(() => result.current.loadNext());
    expect(result.current.status).toBe('loading');
    expect(result.current.loadingMore).toBe(true);
    // One page at a time: asking again while a page loads asks for nothing.
    act(() => result.current.loadNext());
    await waitFor(() => expect(result.current.items).toHaveLength(6));
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect([result.current.items.length, calls.length, result.current.status]).toEqual([6, 2, 'more']);
    act(() => result.current.loadNext());
    await waitFor(() => expect(result.current.status).toBe('end'));
    expect(result.current.items.map(idOf)).toEqual(['a-0', 'a-1', 'a-2', 'a-3', 'a-4', 'a-5', 'a-6']);
    expect([result.current.hasMore, result.current.canLoadMore]).toEqual([false, false]);

    act(() => result.current.loadNext());
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(calls).toEqual([
      ['a', 1],
      ['a', 2],
      ['a', 3],
    ]);
  });

  it('an empty list says so; the end may also come from the server (isLastPage)', async () => {
    const empty = serve(0);
    const { result } = renderHook(() => useRows('a', empty.fetchPage), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('empty'));
    expect(result.current.canLoadMore).toBe(false);

    const full = serve(3);
    const counted = renderHook(
      () => {
        const pages = useSWRInfinite((index) => ['rows', 'b', index + 1] as const, full.fetchPage);
        // The server says there is one page, though it is a full one.
        return usePagedList(pages, { itemsOf: rowsOf, pageSize: PAGE_SIZE, isLastPage: () => true });
      },
      { wrapper },
    );
    await waitFor(() => expect(counted.result.current.status).toBe('end'));
    expect(counted.result.current.items).toHaveLength(3);
  });

  it('a failed page stops paging until retry loads it again', async () => {
    let failing = true;
    const { calls, fetchPage } = serve(9, (page) => page === 2 && failing);
    const { result } = renderHook(() => useRows('a', fetchPage), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('more'));
    act(() => result.current.loadNext());
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error).toBeInstanceOf(Error);
    expect(result.current.items).toHaveLength(3);
    expect(result.current.canLoadMore).toBe(false);
    act(() => result.current.loadNext());
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(calls.filter(([, page]) => page === 2)).toHaveLength(1);

    failing = false;
    act(() => result.current.retry());
    await waitFor(() => expect(result.current.items).toHaveLength(6));
    expect(result.current.status).toBe('more');
    expect(result.current.error).toBeUndefined();
  });

  it('a new key starts over from page 1', async () => {
    const { calls, fetchPage } = serve(9);
    const { result, rerender } = renderHook(({ list }) => useRows(list, fetchPage), { wrapper, initialProps: { list: 'a' } });
    await waitFor(() => expect(result.current.status).toBe('more'));
    act(() => result.current.loadNext());
    await waitFor(() => expect(result.current.items).toHaveLength(6));

    rerender({ list: 'b' });
    await waitFor(() => expect(result.current.items.map(idOf)).toEqual(['b-0', 'b-1', 'b-2']));
    expect(result.current.status).toBe('more');
    expect(calls).toEqual([
      ['a', 1],
      ['a', 2],
      ['b', 1],
    ]);
  });

  it('items a later page repeats show once', async () => {
    const fetchPage = async ([, , page]: readonly [string, string, number]): Promise<Page> => ({
      rows: page === 1 ? [{ id: 'x' }, { id: 'y' }, { id: 'z' }] : [{ id: 'z' }, { id: 'w' }],
    });
    const { result } = renderHook(
      () => usePagedList(useSWRInfinite((index) => ['rows', 'd', index + 1] as const, fetchPage), { itemsOf: rowsOf, keyOf: idOf, pageSize: PAGE_SIZE }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.status).toBe('more'));
    act(() => result.current.loadNext());
    await waitFor(() => expect(result.current.status).toBe('end'));
    expect(result.current.items.map(idOf)).toEqual(['x', 'y', 'z', 'w']);
  });
});

describe('ListFooter', () => {
  function show(status: PagedListStatus | 'idle', endNote?: boolean) {
    const onRetry = vi.fn();
    const view = render(
      <I18nProvider i18n={testI18n('fil')}>
        <ListFooter status={status} onRetry={onRetry} endNote={endNote} />
      </I18nProvider>,
    );
    const footer = view.container.querySelector('.list-footer') as HTMLElement;
    return { onRetry, footer };
  }

  it('says loading while a page is on its way', () => {
    const { footer } = show('loading');
    expect(screen.getByRole('status').textContent).toBe(TY.loading);
    expect(screen.getByRole('status').className).toBe('list-footer__status');
    expect(footer.children).toHaveLength(1);
  });

  it('offers a retry after a failure', () => {
    const { onRetry } = show('error');
    const retry = screen.getByRole('button', { name: TY.loading_failed_retry });
    expect(retry.className).toBe('list-footer__retry');
    fireEvent.click(retry);
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('says no_data for an empty list and no_more at the end, unless told not to', () => {
    show('empty');
    expect(screen.getByText(TY.no_data).className).toBe('list-footer__empty');
    cleanup();
    show('end');
    expect(screen.getByText(TY.no_more).className).toBe('list-footer__status');
    cleanup();
    expect(show('end', false).footer.childElementCount).toBe(0);
  });

  it('shows nothing while pages remain, or when there is nothing to load', () => {
    expect(show('more').footer.childElementCount).toBe(0);
    cleanup();
    expect(show('idle').footer.childElementCount).toBe(0);
  });
});

// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  request: vi.fn(),
}));

import { ApiFailure, request, type RequestOptions } from '../../../src/lib/api/client';
import { RecordListView, RecordRow, useRecordList } from '../../../src/features/records';
import { clearSession, reloadSessionFromStorage, SESSION_KEY } from '../../../src/lib/session';
import { Harness, TY } from '../../renderer/harness';

const requestMock = vi.mocked(request);
// Any GET endpoint whose answer has a list serves for the kit; the query carries range and cursor.
const ENDPOINT = 'GET /wps/wallet/withdrawals';

interface Row {
  id: number;
}

/** Keyset pages of `rows` (newest first), `size` to a page; the cursor is the last id sent. */
function serve(rows: () => Row[], size = 3, fail?: (call: number) => boolean) {
  const queries: Record<string, unknown>[] = [];
  requestMock.mockImplementation(async (_method: string, _path: string, opts: RequestOptions = {}) => {
    const query = (opts.query ?? {}) as Record<string, unknown>;
    queries.push(query);
    if (fail?.(queries.length)) throw new ApiFailure('server.error', 'err_server', 500);
    const all = rows();
    const after = query.cursor === undefined ? -1 : all.findIndex((r) => r.id === Number(query.cursor));
    const page = all.slice(after + 1, after + 1 + size);
    const more = after + 1 + size < all.length;
    return { list: page, nextCursor: more ? String(page[page.length - 1].id) : null, totals: { count: all.length } };
  });
  return queries;
}

const descending = (n: number, top = n) => Array.from({ length: n }, (_, i) => ({ id: top - i }));

/** IntersectionObserver stand-in: the test says when the sentinel is in view. */
class FakeObserver {
  static all: FakeObserver[] = [];
  elements: Element[] = [];
  disconnected = false;
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.all.push(this);
  }
  observe(el: Element) {
    this.elements.push(el);
  }
  disconnect() {
    this.disconnected = true;
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  static show() {
    for (const o of FakeObserver.all.filter((x) => !x.disconnected))
      o.callback(o.elements.map((target) => ({ isIntersecting: true, target }) as IntersectionObserverEntry), o as unknown as IntersectionObserver);
  }
}

function List({ range = 'today' }: { range?: string }) {
  const list = useRecordList(ENDPOINT, { range } as never);
  return (
    <>
      <output data-testid="first">{JSON.stringify((list.first as { totals?: unknown } | undefined)?.totals ?? null)}</output>
      <RecordListView list={list} renderRow={(row) => <li key={(row as Row).id}><RecordRow title={`row ${(row as Row).id}`} amount="1" /></li>} />
    </>
  );
}

function Switchable() {
  const [range, setRange] = useState('today');
  return (
    <>
      <button type="button" onClick={() => setRange('7d')}>
        switch
      </button>
      <List range={range} />
    </>
  );
}

function mount(ui = <List />) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <Harness options={{ route: '/m/vouReport' }}>{ui}</Harness>
    </SWRConfig>,
  );
}

function logIn(userName = 'juan123') {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ token: `tok-${userName}-0123456789`, merchantCode: 'fixture01', userName, type: 0, firstTimeLogin: false }));
  reloadSessionFromStorage();
}

const shownRows = () => screen.queryAllByText(/^row \d+$/).map((el) => Number(el.textContent!.slice(4)));

beforeEach(() => {
  FakeObserver.all = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});

afterEach(() => {
  cleanup();
  clearSession();
  localStorage.clear();
  requestMock.mockReset();
  vi.unstubAllGlobals();
});

describe('useRecordList', () => {
  it('loads nothing for a visitor and shows the skeleton frame', () => {
    const queries = serve(() => descending(5));
    mount();
    expect(queries).toEqual([]);
    expect(document.querySelector('.records-skeleton')?.getAttribute('aria-busy')).toBe('true');
  });

  it('pages on with the previous nextCursor when the sentinel comes into view, each row once, up to the end', async () => {
    logIn();
    const queries = serve(() => descending(7));
    mount();
    await waitFor(() => expect(shownRows()).toEqual([7, 6, 5]));
    expect(screen.getByTestId('first').textContent).toBe('{"count":7}');
    act(() => FakeObserver.show());
    await waitFor(() => expect(shownRows()).toEqual([7, 6, 5, 4, 3, 2]));
    act(() => FakeObserver.show());
    await waitFor(() => expect(shownRows()).toEqual([7, 6, 5, 4, 3, 2, 1]));
    expect(queries).toEqual([{ range: 'today' }, { range: 'today', cursor: '5' }, { range: 'today', cursor: '2' }]);
    expect(screen.getByText(TY.no_more)).toBeTruthy();
    expect(screen.queryByRole('button', { name: TY.records_load_more })).toBeNull();
    // At the end nothing watches the sentinel any more.
    act(() => FakeObserver.show());
    expect(queries).toHaveLength(3);
  });

  it('has a load-more button for when no observer fires', async () => {
    logIn();
    vi.stubGlobal('IntersectionObserver', undefined);
    const queries = serve(() => descending(5));
    mount();
    fireEvent.click(await screen.findByRole('button', { name: TY.records_load_more }));
    await waitFor(() => expect(shownRows()).toEqual([5, 4, 3, 2, 1]));
    expect(queries.map((q) => q.cursor)).toEqual([undefined, '3']);
  });

  it('neither repeats nor skips rows when new ones arrive between pages', async () => {
    logIn();
    let rows = descending(6);
    serve(() => rows);
    mount();
    await waitFor(() => expect(shownRows()).toEqual([6, 5, 4]));
    rows = [{ id: 8 }, { id: 7 }, ...rows];
    act(() => FakeObserver.show());
    await waitFor(() => expect(shownRows()).toEqual([6, 5, 4, 3, 2, 1]));
  });

  it('shows the empty state for an empty range', async () => {
    logIn();
    serve(() => []);
    mount();
    expect(await screen.findByText(TY.records_empty)).toBeTruthy();
  });

  it('shows a failure with a retry that loads again', async () => {
    logIn();
    const queries = serve(() => descending(2), 3, (call) => call === 1);
    mount();
    fireEvent.click(await screen.findByRole('button', { name: TY.retry }));
    await waitFor(() => expect(shownRows()).toEqual([2, 1]));
    expect(queries).toHaveLength(2);
  });

  it('a failed next page keeps the rows and offers a retry', async () => {
    logIn();
    const queries = serve(() => descending(5), 3, (call) => call === 2);
    mount();
    await waitFor(() => expect(shownRows()).toEqual([5, 4, 3]));
    act(() => FakeObserver.show());
    const retry = await screen.findByRole('button', { name: TY.retry });
    expect(shownRows()).toEqual([5, 4, 3]);
    fireEvent.click(retry);
    await waitFor(() => expect(shownRows()).toEqual([5, 4, 3, 2, 1]));
    expect(queries.at(-1)).toEqual({ range: 'today', cursor: '3' });
  });

  it('starts over from the first page when the query changes', async () => {
    logIn();
    const queries = serve(() => descending(5));
    mount(<Switchable />);
    await waitFor(() => expect(shownRows()).toEqual([5, 4, 3]));
    act(() => FakeObserver.show());
    await waitFor(() => expect(shownRows()).toHaveLength(5));
    fireEvent.click(screen.getByRole('button', { name: 'switch' }));
    await waitFor(() => expect(shownRows()).toEqual([5, 4, 3]));
    expect(queries.at(-1)).toEqual({ range: '7d' });
  });
});

// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { request } from '../../src/lib/api/client';
import { useUnreadCount, type MessagePage } from '../../src/features/engagement';
import { useMemberScope } from '../../src/lib/runtime';
import { feedbackStore } from '../../src/lib/feedback';
import { reloadSessionFromStorage, SESSION_KEY } from '../../src/lib/session';
import { TY } from '../../tests/renderer/harness';
import { callsTo, fail, renderForm, scriptApi, setUpFormTests, type Handler } from '../../tests/forms/helpers';
import manifest from './index';

vi.mock('../../src/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  request: vi.fn(),
}));

const Inbox = manifest.component;
setUpFormTests(request, <Inbox />, () => import('./message-centre'));

const LIST = 'GET /wps/member/messages';
const UNREAD = 'GET /wps/member/unreadCount';

type Row = MessagePage['list'][number];
const row = (id: number, read: boolean): Row => ({ id, title: `Title ${id}`, content: `Body of ${id}`, createdAt: '2026-11-23T02:00:00.000Z', read });

/** A small server: the rows it holds answer the list, reads and deletes change them. */
function inboxServer(initial: Row[], pageSize = 20) {
  let rows = [...initial];
  const unread = () => rows.filter((r) => !r.read).length;
  const handlers: Record<string, Handler> = {
    [LIST]: (opts) => {
      const { page } = opts.query as { page: number };
      const list = rows.slice((page - 1) * pageSize, page * pageSize);
      return { list, pageNum: page, totalPages: Math.max(1, Math.ceil(rows.length / pageSize)), total: rows.length, unreadCount: unread() } satisfies MessagePage;
    },
    [UNREAD]: () => unread(),
    'POST /wps/member/messages/readAll': () => {
      const n = unread();
      rows = rows.map((r) => ({ ...r, read: true }));
      return n;
    },
  };
  for (const r of initial) {
    handlers[`POST /wps/member/messages/${r.id}/read`] = () => {
      rows = rows.map((x) => (x.id === r.id ? { ...x, read: true } : x));
      return true;
    };
    handlers[`DELETE /wps/member/messages/${r.id}`] = () => {
      if (!rows.some((x) => x.id === r.id)) fail('not.found', 'err_not_found', undefined, 404);
      rows = rows.filter((x) => x.id !== r.id);
      return true;
    };
  }
  return handlers;
}

function signIn() {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'tok-0123456789abcdef', merchantCode: 'fixture01', userName: 'juan123', type: 0, firstTimeLogin: false }));
  reloadSessionFromStorage();
}

/** The header's red dot as the shell keeps it: the unread count under the member's scope. */
function UnreadProbe() {
  const { data } = useUnreadCount(useMemberScope());
  return <output data-testid="unread">{data ?? ''}</output>;
}

async function setup(rows: Row[], props: Record<string, unknown> = {}, pageSize?: number) {
  signIn();
  const calls = scriptApi(request, inboxServer(rows, pageSize));
  renderForm(
    <>
      <Inbox {...props} />
      <UnreadProbe />
    </>,
    { route: '/m/webEmail' },
  );
  return calls;
}

const items = () => within(screen.getByRole('list', { name: TY.message_center })).getAllByRole('listitem');

describe('message-centre', () => {
  it('loads nothing for a visitor and paints a frame', () => {
    const calls = scriptApi(request, {});
    const { container } = renderForm(<Inbox />, { route: '/m/webEmail' });
    expect(container.querySelector('.message-centre--loading')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('lists messages newest first with the unread ones marked and counted', async () => {
    const calls = await setup([row(3, false), row(2, true), row(1, false)]);
    await screen.findByRole('list', { name: TY.message_center });
    expect(callsTo(calls, LIST)[0].opts.query).toEqual({ page: 1, pageSize: 20 });
    expect(items().map((li) => li.dataset.messageId)).toEqual(['3', '2', '1']);
    expect(items().map((li) => li.classList.contains('message-centre__item--unread'))).toEqual([true, false, true]);
    expect(screen.getByText(TY.message_unread_count.replace('{{count}}', '2'))).toBeTruthy();
  });

  it('opening an unread message shows its text, marks it read and re-counts the red dot', async () => {
    const calls = await setup([row(3, false), row(2, true)]);
    await screen.findByRole('list', { name: TY.message_center });
    await waitFor(() => expect(screen.getByTestId('unread').textContent).toBe('1'));
    fireEvent.click(within(items()[0]).getByRole('button', { name: /Title 3/ }));
    expect(screen.getByText('Body of 3')).toBeTruthy();
    await waitFor(() => expect(items()[0].classList.contains('message-centre__item--unread')).toBe(false));
    expect(callsTo(calls, 'POST /wps/member/messages/3/read')).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('unread').textContent).toBe('0'));
    // A read message opened again is not marked twice.
    fireEvent.click(within(items()[1]).getByRole('button', { name: /Title 2/ }));
    expect(callsTo(calls, 'POST /wps/member/messages/2/read')).toHaveLength(0);
  });

  it('marks all read at once; the button is off with nothing unread', async () => {
    const calls = await setup([row(2, false), row(1, false)]);
    await screen.findByRole('list', { name: TY.message_center });
    const button = screen.getByRole('button', { name: TY.message_mark_all_read });
    fireEvent.click(button);
    await waitFor(() => expect(items().some((li) => li.classList.contains('message-centre__item--unread'))).toBe(false));
    expect(callsTo(calls, 'POST /wps/member/messages/readAll')).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('unread').textContent).toBe('0'));
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('deletes a message after the confirmation, and keeps it when cancelled', async () => {
    const calls = await setup([row(2, true), row(1, true)]);
    await screen.findByRole('list', { name: TY.message_center });
    fireEvent.click(within(items()[0]).getByRole('button', { name: /Title 2/ }));
    fireEvent.click(screen.getByRole('button', { name: TY.delete }));
    await waitFor(() => expect(feedbackStore.dialog?.messageKey).toBe('message_delete_confirm'));
    act(() => feedbackStore.dialog!.resolve(false));
    expect(callsTo(calls, 'DELETE /wps/member/messages/2')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: TY.delete }));
    await waitFor(() => expect(feedbackStore.dialog).not.toBeNull());
    act(() => feedbackStore.dialog!.resolve(true));
    await waitFor(() => expect(items().map((li) => li.dataset.messageId)).toEqual(['1']));
    expect(callsTo(calls, 'DELETE /wps/member/messages/2')).toHaveLength(1);
    expect(feedbackStore.toasts.map((t) => t.key)).toContain('message_deleted');
  });

  it('shows the empty state', async () => {
    await setup([]);
    expect(await screen.findByText(TY.message_empty)).toBeTruthy();
  });

  it('loads a second page on request; mark-all and delete hidden when the tenant says so', async () => {
    const rows = Array.from({ length: 7 }, (_, i) => row(7 - i, true));
    const calls = await setup(rows, { pageSize: 5, markAll: false, allowDelete: false }, 5);
    await screen.findByRole('list', { name: TY.message_center });
    expect(items()).toHaveLength(5);
    expect(screen.queryByRole('button', { name: TY.message_mark_all_read })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: TY.records_load_more }));
    await waitFor(() => expect(items()).toHaveLength(7));
    expect(callsTo(calls, LIST).map((c) => (c.opts.query as { page: number }).page)).toEqual([1, 2]);
    expect(screen.queryByRole('button', { name: TY.records_load_more })).toBeNull();
    fireEvent.click(within(items()[0]).getByRole('button', { name: /Title 7/ }));
    expect(screen.queryByRole('button', { name: TY.delete })).toBeNull();
  });

  it('says so when the list cannot be loaded, and retries', async () => {
    signIn();
    let fails = true;
    const ok = inboxServer([row(1, false)]);
    scriptApi(request, { ...ok, [LIST]: (opts, n) => (fails ? fail('network', 'network_slow', undefined, 0) : ok[LIST](opts, n)) });
    renderForm(<Inbox />, { route: '/m/webEmail' });
    expect(await screen.findByText(TY.message_load_error)).toBeTruthy();
    fails = false;
    fireEvent.click(screen.getByRole('button', { name: TY.retry }));
    await screen.findByRole('list', { name: TY.message_center });
  });
});

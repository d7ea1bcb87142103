// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/lib/api/client', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>();
  return { ...actual, request: vi.fn() };
});

import { request } from '../../../src/lib/api/client';
import { TY } from '../../renderer/harness';
import { memberApi, renderApp, repoTenant, resetSession, scriptApi, storeSession, tenantWithBaseScreens } from '../../app/helpers';

const requestMock = vi.mocked(request);

const PAGE = {
  list: [{ id: 9, title: 'Welcome', content: 'Hello', createdAt: '2026-11-23T02:00:00.000Z', read: false }],
  pageNum: 1,
  totalPages: 1,
  total: 1,
  unreadCount: 1,
};

// The widget's chunk compiles on first use: load it before the renders wait for it.
beforeAll(async () => {
  await import('../../../widgets/message-centre/message-centre');
  await import('../../../src/app/screens/slot-screen');
  await import('../../../src/app/shell/member-data-loader');
});

afterEach(() => {
  cleanup();
  resetSession();
  requestMock.mockReset();
});

describe('message centre screen (/m/webEmail)', () => {
  it('the base tenant lays it out with the message-centre widget', () => {
    expect(repoTenant('_base').screens.webEmail?.slots.main.items.inbox.widget).toBe('message-centre');
  });

  it('a member follows the red dot to the messages, reads the unread one, and the dot is gone', async () => {
    let read = false;
    const page = () => ({ ...PAGE, list: PAGE.list.map((m) => ({ ...m, read })), unreadCount: read ? 0 : 1 });
    scriptApi(
      requestMock,
      memberApi({
        'GET /wps/member/messages': page,
        'GET /wps/member/unreadCount': () => (read ? 0 : 1),
        'POST /wps/member/messages/9/read': () => {
          read = true;
          return true;
        },
      }),
    );
    storeSession();
    const { router } = renderApp('/m/home', { tenant: tenantWithBaseScreens({ flags: { MAILCEN: true } }) });
    expect(await screen.findByTestId('unread-dot')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: TY.message_center }));
    const list = await screen.findByRole('list', { name: TY.message_center });
    fireEvent.click(within(list).getByRole('button', { name: /Welcome/ }));
    expect(within(list).getByText('Hello')).toBeTruthy();
    await waitFor(() => expect(list.querySelector('.message-centre__item--unread')).toBeNull());
    await act(() => router.navigate('/m/home'));
    await screen.findByRole('link', { name: TY.message_center });
    await waitFor(() => expect(screen.queryByTestId('unread-dot')).toBeNull());
  });

  it('leads home when the tenant has no MAILCEN (demo-en), and loads no messages', async () => {
    scriptApi(requestMock, memberApi({ 'GET /wps/member/messages': () => PAGE }));
    storeSession();
    const { router } = renderApp('/m/webEmail', { tenant: tenantWithBaseScreens({ flags: { MAILCEN: false } }) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/home'));
    expect(requestMock.mock.calls.some(([, path]) => path === '/wps/member/messages')).toBe(false);
  });

  it('sends a visitor to log in (spec section 6)', async () => {
    scriptApi(requestMock, memberApi());
    const { router } = renderApp('/m/webEmail', { tenant: tenantWithBaseScreens({ flags: { MAILCEN: true } }) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/login'));
  });
});

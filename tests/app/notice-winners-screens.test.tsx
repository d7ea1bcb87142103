// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/lib/api/client', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>();
  return { ...actual, request: vi.fn() };
});

import { request, type RequestOptions } from '../../src/lib/api/client';
import type { Announcements } from '../../src/generated/api/announcements';
import type { Winners } from '../../src/generated/api/games';
import { TY } from '../renderer/harness';
import { memberApi, renderApp, repoTenant, resetSession, scriptApi, storeSession, tenantWithBaseScreens, type Handler } from './helpers';

const requestMock = vi.mocked(request);

beforeAll(async () => {
  await import('../../widgets/notice-list/notice-list');
  await import('../../widgets/winner-list/winner-list');
  await import('../../widgets/jackpot-counter/jackpot-counter');
});

afterEach(() => {
  cleanup();
  resetSession();
  requestMock.mockReset();
});

const EMPTY: Announcements = { banners: [], notices: [], popups: [], hotMatches: [], agentNotices: [], footer: { unreadCount: 0 } };
const NOTICES = [
  { id: 11, title: 'Maintenance tonight', content: '<p>From <b>2am</b></p><img src="x" onerror="alert(1)"><script>alert(2)</script>', createdAt: '2026-11-20T04:00:00.000Z' },
  { id: 12, title: 'New games', content: '<p>Try them</p>', createdAt: '2026-11-19T04:00:00.000Z' },
];

/** GET /wps/announcements as the server answers it: read state and counts for a member, agent notices for agents. */
function announcementsApi(o: { member: boolean; agent?: boolean; read: Set<number> }): Record<string, Handler> {
  return {
    'GET /wps/announcements': (opts: RequestOptions) => {
      const types = String((opts.query as Record<string, unknown>).types);
      const withRead = (n: (typeof NOTICES)[number]) => (o.member ? { ...n, read: o.read.has(n.id) } : n);
      const notices = types.includes('PL') ? NOTICES.map(withRead) : [];
      const agentNotices = types.includes('A') && o.agent ? [{ id: 21, title: 'Commission update', content: '<p>Rates</p>' }].map((n) => ({ ...n, read: o.read.has(n.id) })) : [];
      return {
        ...EMPTY,
        notices,
        agentNotices,
        footer: { unreadCount: o.agent ? (o.read.has(21) ? 0 : 1) : 0, noticeUnreadCount: o.member ? NOTICES.filter((n) => !o.read.has(n.id)).length : 0 },
      } satisfies Announcements;
    },
    'POST /wps/announcements/11/read': () => (o.read.add(11), true),
    'POST /wps/announcements/21/read': () => (o.read.add(21), true),
  };
}

describe('notice screen (/m/notice)', () => {
  it('the base tenant lays out the notices, the agent announcements and the winners page as widget trees', () => {
    const base = repoTenant('_base');
    expect(base.screens.notice?.slots.main.items.list).toEqual({ widget: 'notice-list', props: { kind: 'player' } });
    expect(base.screens.memberNotice?.slots.main.items.list).toEqual({ widget: 'notice-list', props: { kind: 'agent' } });
    expect(base.screens.winnerPage?.slots.main.order).toEqual(['jackpot', 'list']);
  });

  it('a member sees unread marks and the count; opening one shows its body sanitised and marks it read', async () => {
    const read = new Set<number>();
    scriptApi(requestMock, memberApi(announcementsApi({ member: true, read })));
    storeSession();
    const { router, container } = renderApp('/m/notice', { tenant: tenantWithBaseScreens() });
    expect(await screen.findByText('Maintenance tonight')).toBeTruthy();
    expect(await screen.findByText(TY.notice_unread_count.replace('{{count}}', '2'))).toBeTruthy();
    expect(container.querySelectorAll('.notice-item--unread')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: /Maintenance tonight/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?id=11'));
    await waitFor(() => expect(requestMock).toHaveBeenCalledWith('POST', '/wps/announcements/11/read', expect.anything()));
    const body = container.querySelector('#notice-panel-11')!;
    await waitFor(() => expect(body.innerHTML).toContain('<b>2am</b>'));
    expect(body.innerHTML).not.toContain('onerror');
    expect(body.innerHTML).not.toContain('<script');
    expect(body.hasAttribute('hidden')).toBe(false);
    await waitFor(() => expect(container.querySelectorAll('.notice-item--unread')).toHaveLength(1));
    expect(await screen.findByText(TY.notice_unread_count.replace('{{count}}', '1'))).toBeTruthy();
    // Opened again (already read): no second mark.
    fireEvent.click(screen.getByRole('button', { name: /Maintenance tonight/ }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(requestMock.mock.calls.filter((c) => c[0] === 'POST' && c[1] === '/wps/announcements/11/read')).toHaveLength(1);
  });

  it('a visitor sees the notices without marks or count, and opening one marks nothing', async () => {
    scriptApi(requestMock, announcementsApi({ member: false, read: new Set() }));
    const { container } = renderApp('/m/notice?id=12', { tenant: tenantWithBaseScreens() });
    expect(await screen.findByText('New games')).toBeTruthy();
    await waitFor(() => expect(container.querySelector('#notice-panel-12')?.innerHTML).toContain('Try them'));
    expect(container.querySelector('.notice-list__count')).toBeNull();
    expect(container.querySelector('.notice-item--unread')).toBeNull();
    expect(requestMock.mock.calls.some((c) => c[0] === 'POST')).toBe(false);
  });

  it("says 'no announcement' when there are none", async () => {
    scriptApi(requestMock, { 'GET /wps/announcements': () => EMPTY });
    renderApp('/m/notice', { tenant: tenantWithBaseScreens() });
    expect(await screen.findByText(TY.no_announcement)).toBeTruthy();
  });
});

describe('agent announcements (/m/member/notice?types=A)', () => {
  it('an agent sees them with the unread count, and reading one updates it', async () => {
    const read = new Set<number>();
    scriptApi(requestMock, memberApi(announcementsApi({ member: true, agent: true, read })));
    storeSession({ type: 1 });
    const { container } = renderApp('/m/member/notice?types=A', { tenant: tenantWithBaseScreens() });
    expect(await screen.findByText('Commission update')).toBeTruthy();
    expect(container.querySelector('.notice-list--agent .notice-list__count')?.getAttribute('data-unread')).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: /Commission update/ }));
    await waitFor(() => expect(read.has(21)).toBe(true));
    await waitFor(() => expect(container.querySelector('.notice-list__count')?.getAttribute('data-unread')).toBe('0'));
  });

  it.each([0, 4, 40])('member type %s is sent home', async (type) => {
    scriptApi(requestMock, memberApi(announcementsApi({ member: true, read: new Set() })));
    storeSession({ type });
    const { router } = renderApp('/m/member/notice?types=A', { tenant: tenantWithBaseScreens() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/home'));
    expect(screen.queryByText('Commission update')).toBeNull();
  });

  it('a visitor is sent home', async () => {
    scriptApi(requestMock, announcementsApi({ member: false, read: new Set() }));
    const { router } = renderApp('/m/member/notice?types=A', { tenant: tenantWithBaseScreens() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/home'));
  });
});

describe('winners page (/m/winnerPage)', () => {
  const winners = (period: Winners['period']): Winners => ({
    period,
    from: '2026-11-22T16:00:00.000Z',
    currencySymbol: '₱',
    list:
      period === 'today'
        ? []
        : [
            { iconUrl: '/i.png', customerName: 'ju***an', gameName: 'Lucky 7', winAmount: 98765.4, currency: 'PHP', createdAt: '2026-11-23T01:00:00.000Z', nodeId: '10001', vassalage: 'INHOUSE', gameType: 'RNG', gameId: 'slot', supportPlay: true },
            { iconUrl: '/i.png', customerName: 'ma***ia', gameName: 'Lucky 7', winAmount: 1234.5, currency: 'PHP', createdAt: '2026-11-23T02:00:00.000Z', nodeId: '10001', vassalage: 'INHOUSE', gameType: 'RNG', gameId: 'slot', supportPlay: true },
          ],
  });

  it("starts the jackpot from the server's value and lists the winners of the chosen period", async () => {
    const periods: string[] = [];
    scriptApi(requestMock, {
      'GET /wps/game/jackpot': () => ({ amount: 345_678_901.25, perSecond: 12.5, currency: 'PHP', currencySymbol: '₱', asOf: '2026-11-23T00:00:00.000Z' }),
      'GET /wps/game/winners': (opts: RequestOptions) => {
        const period = String((opts.query as Record<string, unknown>).period) as Winners['period'];
        periods.push(period);
        return winners(period);
      },
    });
    const { container, router } = renderApp('/m/winnerPage', { tenant: tenantWithBaseScreens() });
    await waitFor(() => expect(Number(container.querySelector('.jackpot-counter')?.getAttribute('data-value'))).toBeGreaterThanOrEqual(345_678_901));
    expect(Number(container.querySelector('.jackpot-counter')?.getAttribute('data-value'))).toBeLessThan(345_679_901);
    expect(await screen.findByText(TY.winners_none)).toBeTruthy();
    expect(screen.getByRole('tab', { name: TY.winners_today }).getAttribute('aria-selected')).toBe('true');

    await act(async () => fireEvent.click(screen.getByRole('tab', { name: TY.winners_week })));
    await waitFor(() => expect(router.state.location.search).toBe('?period=week'));
    expect(await screen.findByText('ju***an')).toBeTruthy();
    expect(screen.getByText('₱98,765.40')).toBeTruthy();
    const rows = [...container.querySelectorAll('.winner-list__row')].map((r) => r.getAttribute('data-rank'));
    expect(rows).toEqual(['1', '2']);
    expect(periods).toEqual(['today', 'week']);
    expect(container.querySelector('.winner-list__panel')?.getAttribute('data-period')).toBe('week');
  });

  it("opens on today, the winner board's period, and shows the feed's win of a round that paid less than its stake", async () => {
    // The feed's entry of the demo player's seeded round, as GET /wps/game/winners answers it.
    const round: Winners['list'][number] = {
      iconUrl: '/wps/game/icon/10321.png',
      customerName: 'de***er',
      gameName: 'Royal Baccarat',
      winAmount: 150.5,
      currency: 'PHP',
      createdAt: '2026-11-23T03:00:00.000Z',
      nodeId: '10321',
      vassalage: 'DEALERHOUSE',
      gameType: 'LIVE',
      gameId: 'DEALERHOUSE-7',
      supportPlay: false,
    };
    const periods: string[] = [];
    scriptApi(requestMock, {
      'GET /wps/game/jackpot': () => ({ amount: 345_678_901.25, perSecond: 12.5, currency: 'PHP', currencySymbol: '₱', asOf: '2026-11-23T00:00:00.000Z' }),
      'GET /wps/game/winners': (opts: RequestOptions) => {
        const period = String((opts.query as Record<string, unknown>).period) as Winners['period'];
        periods.push(period);
        return { period, from: '2026-11-22T16:00:00.000Z', currencySymbol: '₱', list: [round] } satisfies Winners;
      },
    });
    const { container } = renderApp('/m/winnerPage', { tenant: tenantWithBaseScreens() });
    expect(await screen.findByText('de***er')).toBeTruthy();
    expect(periods).toEqual(['today']);
    const row = container.querySelector('.winner-list__row')!;
    expect(row.getAttribute('data-rank')).toBe('1');
    expect(row.querySelector('.winner-list__game')?.textContent).toBe('Royal Baccarat');
    expect(row.querySelector('.winner-list__amount')?.textContent).toBe('₱150.50');
    expect(row.querySelector('img')?.getAttribute('src')).toBe('/wps/game/icon/10321.png');
    expect((row.querySelector('.winner-list__play') as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText(TY.winners_none)).toBeNull();
  });

  it('opens on the period of the query, and a failed jackpot call falls back to the counter of the spec', async () => {
    scriptApi(requestMock, {
      'GET /wps/game/winners': (opts: RequestOptions) => winners(String((opts.query as Record<string, unknown>).period) as Winners['period']),
    });
    const { container } = renderApp('/m/winnerPage?period=month', { tenant: tenantWithBaseScreens() });
    expect(await screen.findByText('ma***ia')).toBeTruthy();
    expect(screen.getByRole('tab', { name: TY.winners_month }).getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(Number(container.querySelector('.jackpot-counter')?.getAttribute('data-value'))).toBeGreaterThanOrEqual(200_000_000));
  });
});

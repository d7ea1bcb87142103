// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/lib/api/client', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>();
  return { ...actual, request: vi.fn() };
});

import { ApiFailure, request } from '../../../src/lib/api/client';
import { greetingKey, zoneHour } from '../../../src/features/agent';
import type { AgentHome, RainState } from '../../../src/features/agent';
import { TY } from '../../renderer/harness';
import { memberApi, renderApp, repoTenant, resetSession, scriptApi, storeSession, tenantWithBaseScreens } from '../../app/helpers';

const requestMock = vi.mocked(request);

const HOME: AgentHome = {
  userName: 'juan',
  type: 1,
  balance: 5000,
  currency: 'PHP',
  today: '2026-11-24',
  hour: 9,
  timeZone: 'Asia/Manila',
  footer: { teamLoginMemberCount: 3, teamBetMemberCount: 2, teamRegisterMemberCount: 1, teamOnlineCount: 4 },
};

function agentApi(overrides: Parameters<typeof memberApi>[0] = {}) {
  return memberApi({
    'GET /wps/agent/home': () => HOME,
    'GET /wps/agent/dividend': () => ({ settlements: [], currency: 'PHP' }),
    'GET /wps/member/unreadCount': () => 3,
    'GET /wps/announcements': () => ({ footer: { unreadCount: 2 }, agentNotices: [], notices: [], banners: [], popup: [], hotMatches: [] }),
    ...overrides,
  });
}

beforeAll(async () => {
  await import('../../../src/features/agent/screens/agent-home-screen');
  await import('../../../src/features/agent/screens/red-rain-screen');
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  resetSession();
  requestMock.mockReset();
});

describe('greeting by the hour (spec section 2: 0-10, 11-14, 15-18, 19 onward)', () => {
  it.each([
    [0, 'greeting_morning'],
    [10, 'greeting_morning'],
    [11, 'greeting_noon'],
    [14, 'greeting_noon'],
    [15, 'greeting_afternoon'],
    [18, 'greeting_afternoon'],
    [19, 'greeting_evening'],
    [23, 'greeting_evening'],
  ])('hour %i greets with %s', (hour, key) => {
    expect(greetingKey(hour)).toBe(key);
  });

  it("reads the hour in the tenant's zone, from the page's offsets or from the zone's rules", () => {
    const at = Date.UTC(2026, 10, 24, 2, 30); // 10:30 in Manila
    expect(zoneHour(null, 'Asia/Manila', at)).toBe(10);
    expect(zoneHour({ name: 'Asia/Manila', from: at - 1000, until: at + 1000, offsets: [[at - 1000, 480]] }, 'Asia/Manila', at)).toBe(10);
    // Outside the window the zone's rules answer.
    expect(zoneHour({ name: 'Asia/Manila', from: 0, until: 1, offsets: [[0, 0]] }, 'Asia/Manila', at)).toBe(10);
    expect(zoneHour(null, 'America/New_York', at)).toBe(21);
  });
});

describe('agent home (/m/agent)', () => {
  it('greets by the hour, shows the balance, the four counters and the dividend status, and renews the session', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(Date.UTC(2026, 10, 24, 7, 0))); // 15:00 in Manila
    scriptApi(requestMock, agentApi());
    storeSession({ type: 1 });
    renderApp('/m/agent', { tenant: tenantWithBaseScreens({ settings: { dividend: true } }) });
    await waitFor(() => expect(screen.getByTestId('agent-balance').textContent).toBe('₱5,000.00'));
    expect(screen.getByTestId('agent-greeting').textContent).toContain(TY.greeting_afternoon);
    expect(screen.getByTestId('agent-greeting').textContent).toContain('juan');
    expect(screen.getByTestId('counter-teamLoginMemberCount').textContent).toBe('3');
    expect(screen.getByTestId('counter-teamBetMemberCount').textContent).toBe('2');
    expect(screen.getByTestId('counter-teamRegisterMemberCount').textContent).toBe('1');
    expect(screen.getByTestId('counter-teamOnlineCount').textContent).toBe('4');
    await waitFor(() => expect(screen.getByTestId('agent-dividend').textContent).toBe(TY.agent_dividend_none));
    expect(requestMock.mock.calls.some(([method, path]) => method === 'POST' && path === '/wps/session/renew')).toBe(true);
  });

  it("renders the tenant's grid with its whitelist and the unread badges", async () => {
    scriptApi(requestMock, agentApi());
    storeSession({ type: 1 });
    const tenant = tenantWithBaseScreens({ agentMenu: { whitelist: repoTenant('demo-en').agentMenu.whitelist }, flags: { MAILCEN: true } });
    const { container } = renderApp('/m/agent', { tenant });
    await waitFor(() => expect(container.querySelector('a[href="/m/webEmail"] .nav-item__dot')?.textContent).toBe('3'));
    expect(container.querySelector('a[href="/m/member/notice?types=A"] .nav-item__dot')?.textContent).toBe('2');
    expect(container.querySelector('a[href="/m/agent/team/overview"]')).not.toBeNull();
    expect(container.querySelector('a[href="/m/member/teamRebate"]')).toBeNull();
  });

  it('links the salary and hourly contract pages after the dividend, each only when its contracts are on', async () => {
    scriptApi(requestMock, agentApi());
    storeSession({ type: 1 });
    const tenant = tenantWithBaseScreens({
      agentMenu: { whitelist: repoTenant('_base').agentMenu.whitelist },
      settings: { dividend: true, agentContracts: { salary: { enabled: true, maxAmount: 100 }, hourly: { enabled: false, maxAmount: 10 } } },
    });
    const { container } = renderApp('/m/agent', { tenant });
    await waitFor(() => expect(container.querySelector('a[href="/m/member/agent/getSalaryContract"]')?.textContent).toBe(TY.salary_contract));
    expect(container.querySelector('a[href="/m/member/agent/getHourContract"]')).toBeNull();
    const hrefs = [...container.querySelectorAll('.agent-grid a')].map((a) => a.getAttribute('href'));
    const dividend = hrefs.indexOf('/m/member/agent/agentDivident');
    expect(hrefs.slice(dividend, dividend + 3)).toEqual(['/m/member/agent/agentDivident', '/m/member/agent/getSalaryContract', '/m/securityCenter']);
  });

  it('does not load the dividend for agent-like types (41)', async () => {
    scriptApi(requestMock, agentApi());
    storeSession({ type: 41 });
    renderApp('/m/agent', { tenant: tenantWithBaseScreens() });
    await waitFor(() => expect(screen.getByTestId('agent-balance').textContent).toBe('₱5,000.00'));
    expect(requestMock.mock.calls.some(([, path]) => path === '/wps/agent/dividend')).toBe(false);
  });

  it.each([0, 4, 40])('sends a member of type %i home', async (type) => {
    scriptApi(requestMock, agentApi({ 'GET /wps/home': () => ({}) }));
    storeSession({ type });
    const { router } = renderApp('/m/agent', { tenant: tenantWithBaseScreens() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/home'));
  });
});

describe('red-envelope rain (/m/redRain)', () => {
  const now = Date.UTC(2026, 10, 24, 12, 5);
  const open: RainState = {
    now: new Date(now).toISOString(),
    current: { id: 9, startsAt: new Date(now - 60_000).toISOString(), endsAt: new Date(now + 600_000).toISOString(), maxPerMember: 5, turnoverMultiplier: 1 },
    next: null,
    caught: 0,
    caughtCount: 0,
    currency: 'PHP',
  };

  it('rains envelopes during a window; a tap catches one with its own idempotency key', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(now));
    let n = 0;
    scriptApi(
      requestMock,
      memberApi({
        'GET /wps/redRain': () => open,
        'POST /wps/redRain/9/catch': () => ({ id: ++n, windowId: 9, amount: 1.25, balance: 10 + n, caughtCount: n, currency: 'PHP' }),
      }),
    );
    storeSession();
    renderApp('/m/redRain', { tenant: tenantWithBaseScreens() });
    const envelopes = await screen.findAllByTestId('rain-envelope');
    expect(envelopes).toHaveLength(12);
    await act(async () => {
      fireEvent.click(envelopes[0]);
      fireEvent.click(envelopes[1]);
    });
    await waitFor(() => expect(screen.getByTestId('rain-mine').getAttribute('data-count')).toBe('2'));
    const keys = requestMock.mock.calls.filter(([method]) => method === 'POST').map(([, , opts]) => (opts as { headers?: Record<string, string> }).headers?.['idempotency-key']);
    const catchKeys = keys.filter((k): k is string => typeof k === 'string' && k.startsWith('rr-'));
    expect(new Set(catchKeys).size).toBe(2);
    // The tenant's symbol, as on every other page, never the currency's code.
    expect(screen.getByTestId('rain-mine').textContent).toContain('₱2.50');
    expect(screen.getByTestId('rain-mine').textContent).not.toContain('PHP');
    expect(screen.getAllByTestId('rain-pop').map((p) => p.textContent)).toEqual(['+₱1.25', '+₱1.25']);
  });

  it('stops the rain with the reason when the budget is used up', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(now));
    scriptApi(
      requestMock,
      memberApi({
        'GET /wps/redRain': () => open,
        'POST /wps/redRain/9/catch': () => {
          throw new ApiFailure('redRain.exhausted', 'err_red_rain_exhausted', 409);
        },
      }),
    );
    storeSession();
    renderApp('/m/redRain', { tenant: tenantWithBaseScreens() });
    fireEvent.click((await screen.findAllByTestId('rain-envelope'))[3]);
    expect((await screen.findByTestId('rain-stopped')).textContent).toBe(TY.err_red_rain_exhausted);
    expect(screen.queryAllByTestId('rain-envelope')).toHaveLength(0);
  });

  it('stops the rain for an account an agent opened with the reason to verify a mobile number', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(now));
    scriptApi(
      requestMock,
      memberApi({
        'GET /wps/redRain': () => open,
        'POST /wps/redRain/9/catch': () => {
          throw new ApiFailure('person.unverified', 'err_person_unverified', 403);
        },
      }),
    );
    storeSession();
    renderApp('/m/redRain', { tenant: tenantWithBaseScreens() });
    fireEvent.click((await screen.findAllByTestId('rain-envelope'))[0]);
    expect((await screen.findByTestId('rain-stopped')).textContent).toBe(TY.err_person_unverified);
    expect(screen.queryAllByTestId('rain-envelope')).toHaveLength(0);
  });

  it("counts down to the next window outside one, and shows an agent the team's catches", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(now));
    scriptApi(
      requestMock,
      agentApi({
        'GET /wps/redRain': () => ({ ...open, current: null, next: { id: 10, startsAt: new Date(now + 3_725_000).toISOString(), endsAt: new Date(now + 4_000_000).toISOString(), maxPerMember: 5 } }),
        'GET /wps/redRain/team': () => ({ total: 7.5, count: 3, currency: 'PHP', list: [{ id: 1, userName: 'demoteam1', windowId: 8, amount: 2.5, createdAt: new Date(now).toISOString() }] }),
      }),
    );
    storeSession({ type: 1 });
    renderApp('/m/redRain', { tenant: tenantWithBaseScreens() });
    expect((await screen.findByTestId('rain-next')).textContent).toBe(TY.red_rain_next_in.replace('{{time}}', '1:02:05'));
    const team = await screen.findByTestId('rain-team');
    expect(within(team).getByTestId('rain-team-total').textContent).toContain('₱7.50');
    expect(within(team).getByText('demoteam1')).toBeTruthy();
    expect(within(team).getByText('₱2.50')).toBeTruthy();
    expect(team.textContent).not.toContain('PHP');
  });
});

// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { request, type RequestOptions } from '../../src/lib/api/client';
import type { TeamFigures, TeamOverview as Overview } from '../../src/features/agent';
import { reloadSessionFromStorage, SESSION_KEY } from '../../src/lib/session';
import { TY } from '../../tests/renderer/harness';
import { callsTo, fail, location, renderForm, scriptApi, setUpFormTests } from '../../tests/forms/helpers';
import manifest from './index';

vi.mock('../../src/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  request: vi.fn(),
}));

const TeamOverview = manifest.component;
setUpFormTests(request, <TeamOverview />, () => import('./team-overview'));

const OVERVIEW = 'GET /wps/agent/team/overview';
const figures = (fields: Partial<TeamFigures> = {}): TeamFigures => ({
  members: 3,
  newMembers: 1,
  activeMembers: 2,
  deposit: 1500,
  withdrawal: 200,
  betCount: 40,
  stake: 800,
  validTurnover: 760,
  win: 650.5,
  net: -149.5,
  ...fields,
});
const overview = (direct: Partial<TeamFigures> = {}, team: Partial<TeamFigures> = {}): Overview => ({
  range: { start: '2026-11-01', end: '2026-11-23', timeZone: 'Asia/Manila' },
  direct: figures(direct),
  team: figures({ members: 12, deposit: 4000, ...team }),
});

function logIn() {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'tok-0123456789abcdef', merchantCode: 'fixture01', userName: 'agent1', type: 1, firstTimeLogin: false }));
  reloadSessionFromStorage();
}
const cell = (figure: string, part: string) => document.querySelector(`tr[data-figure="${figure}"] td[data-part="${part}"]`)?.textContent;
const queryOf = (opts: RequestOptions) => opts.query as Record<string, unknown>;

describe('team-overview', () => {
  it('loads nothing for a visitor', () => {
    const calls = scriptApi(request, {});
    renderForm(<TeamOverview />, { route: '/m/agent/team/overview' });
    expect(callsTo(calls, OVERVIEW)).toEqual([]);
    expect(document.querySelector('.records-skeleton')).toBeTruthy();
  });

  it('shows the direct downline beside the whole team, the loss from the members side, and keeps the range in the address', async () => {
    logIn();
    const calls = scriptApi(request, { [OVERVIEW]: () => overview() });
    renderForm(<TeamOverview />, { route: '/m/agent/team/overview' });
    await waitFor(() => expect(cell('members', 'team')).toBe('12'));
    expect(cell('members', 'direct')).toBe('3');
    expect(cell('deposit', 'direct')).toBe('₱1,500.00');
    expect(cell('deposit', 'team')).toBe('₱4,000.00');
    expect(cell('net', 'team')).toBe('-₱149.50');
    expect(document.querySelector('[data-figure="result"] .result-card__amount')?.textContent).toBe('-₱149.50');
    expect(document.querySelector('[data-figure="result"]')?.className).toContain('--minus');
    expect(screen.getByText(TY.team_net_hint)).toBeTruthy();
    expect(queryOf(callsTo(calls, OVERVIEW)[0].opts)).toEqual({ range: 'today' });
    fireEvent.click(screen.getByRole('button', { name: TY.range_month }));
    await waitFor(() => expect(location()).toBe('/m/agent/team/overview?range=month'));
    await waitFor(() => expect(queryOf(callsTo(calls, OVERVIEW).at(-1)!.opts)).toEqual({ range: 'month' }));
    expect(screen.getByRole('link', { name: TY.team_betting }).getAttribute('href')).toBe('/m/teamBetting?range=month');
  });

  it('says so when the team is empty, and offers a retry on failure', async () => {
    logIn();
    let failing = true;
    scriptApi(request, { [OVERVIEW]: () => (failing ? fail('server.error', 'unknown_error', undefined, 500) : overview({ members: 0 }, { members: 0 })) });
    renderForm(<TeamOverview />, { route: '/m/agent/team/overview' });
    const retry = await screen.findByRole('button', { name: TY.retry });
    failing = false;
    fireEvent.click(retry);
    expect(await screen.findByText(TY.team_empty)).toBeTruthy();
  });
});

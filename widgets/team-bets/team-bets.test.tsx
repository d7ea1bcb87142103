// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { request, type RequestOptions } from '../../src/lib/api/client';
import type { TeamBet, TeamBetPage } from '../../src/features/agent';
import { reloadSessionFromStorage, SESSION_KEY } from '../../src/lib/session';
import { TY } from '../../tests/renderer/harness';
import { callsTo, fail, location, renderForm, scriptApi, setUpFormTests } from '../../tests/forms/helpers';
import manifest from './index';

vi.mock('../../src/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  request: vi.fn(),
}));

const TeamBets = manifest.component;
setUpFormTests(request, <TeamBets />, () => import('./team-bets'));

const BETS = 'GET /wps/agent/team/bets';
const CATEGORIES = 'GET /wps/game/categories';
const bet = (id: number, member: string): TeamBet => ({ id, member, level: 1, gameName: 'Lucky 777', vendor: 'INHOUSE', category: 'INHOUSE', stake: 1, win: 0, net: -1, createdAt: '2026-11-23T02:05:09.000Z' });
const page = (list: TeamBet[]): TeamBetPage => ({
  list,
  totals: { count: list.length, stake: list.length, validTurnover: list.length, win: 0, net: -list.length },
  range: { start: '2026-11-23', end: '2026-11-23', timeZone: 'Asia/Manila' },
});
const ty = (key: string, params: Record<string, string | number> = {}) => TY[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));

function logIn() {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'tok-0123456789abcdef', merchantCode: 'fixture01', userName: 'agent1', type: 1, firstTimeLogin: false }));
  reloadSessionFromStorage();
}
const queryOf = (opts: RequestOptions) => opts.query as Record<string, unknown>;

describe('team-bets', () => {
  it("lists the team's bets with their member, filters by a member on submit, says when the member is not in the team", async () => {
    logIn();
    const calls = scriptApi(request, {
      [CATEGORIES]: () => ({ sorting: ['RNG'], categories: [], vendors: [] }),
      [BETS]: (opts: RequestOptions) => {
        const member = queryOf(opts).member;
        if (member === 'stranger') return fail('not.found', 'err_not_found', undefined, 404);
        return page(member ? [bet(3, 'juan')] : [bet(3, 'juan'), bet(2, 'maria')]);
      },
    });
    renderForm(<TeamBets />, { route: '/m/teamBetting' });
    await waitFor(() => expect(document.querySelectorAll('.team-bets__row')).toHaveLength(2));
    expect(document.querySelector('[data-id="2"]')?.textContent).toContain('maria');
    expect(document.querySelector('[data-label="bet_totals_count"] dd')?.textContent).toBe('2');
    const field = screen.getByRole('searchbox', { name: TY.team_filter_member });
    fireEvent.change(field, { target: { value: ' juan ' } });
    // Nothing asked while typing: the filter applies on submit.
    expect(callsTo(calls, BETS).every((c) => queryOf(c.opts).member === undefined)).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: TY.team_filter_apply }));
    await waitFor(() => expect(location()).toBe('/m/teamBetting?member=juan'));
    await waitFor(() => expect(document.querySelectorAll('.team-bets__row')).toHaveLength(1));
    fireEvent.change(field, { target: { value: 'stranger' } });
    fireEvent.click(screen.getByRole('button', { name: TY.team_filter_apply }));
    expect(await screen.findByText(ty('team_member_unknown', { username: 'stranger' }))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: TY.team_filter_clear }));
    await waitFor(() => expect(location()).toBe('/m/teamBetting'));
  });
});

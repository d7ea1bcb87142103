// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { request, type RequestOptions } from '../../src/lib/api/client';
import type { TeamPnlPage } from '../../src/features/agent';
import { reloadSessionFromStorage, SESSION_KEY } from '../../src/lib/session';
import { TY } from '../../tests/renderer/harness';
import { callsTo, location, renderForm, scriptApi, setUpFormTests } from '../../tests/forms/helpers';
import manifest from './index';

vi.mock('../../src/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  request: vi.fn(),
}));

const TeamPnl = manifest.component;
setUpFormTests(request, <TeamPnl />, () => import('./team-pnl'));

const PNL = 'GET /wps/agent/team/pnl';
const RANGE = { start: '2026-11-17', end: '2026-11-23', timeZone: 'Asia/Manila' };
const totals = { betCount: 30, stake: 300, validTurnover: 290, win: 250, net: -50, activeMembers: 2 };
const byMember: TeamPnlPage = {
  by: 'member',
  list: [
    { key: 'juan', level: 1, betCount: 20, stake: 200, validTurnover: 190, win: 120, net: -80 },
    { key: 'maria', level: 2, betCount: 10, stake: 100, validTurnover: 100, win: 130, net: 30 },
  ],
  totals,
  range: RANGE,
};
const byCategory: TeamPnlPage = { by: 'category', list: [{ key: 'INHOUSE', betCount: 30, stake: 300, validTurnover: 290, win: 250, net: -50 }], totals, range: RANGE };

function logIn() {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'tok-0123456789abcdef', merchantCode: 'fixture01', userName: 'agent1', type: 1, firstTimeLogin: false }));
  reloadSessionFromStorage();
}
const queryOf = (opts: RequestOptions) => opts.query as Record<string, unknown>;

describe('team-pnl', () => {
  it('shows each member signed from the members side, by category on request; a member opens its bets for the same days', async () => {
    logIn();
    const calls = scriptApi(request, { [PNL]: (opts: RequestOptions) => (queryOf(opts).by === 'category' ? byCategory : byMember) });
    renderForm(<TeamPnl />, { route: '/m/agent/team/pnl?range=7d' });
    await waitFor(() => expect(document.querySelectorAll('.team-pnl__row')).toHaveLength(2));
    expect(document.querySelector('[data-key="juan"] .record-row__amount')?.textContent).toBe('-₱80.00');
    expect(document.querySelector('[data-key="maria"] .record-row__amount')?.textContent).toBe('+₱30.00');
    expect(document.querySelector('[data-label="team_fig_net"] dd')?.textContent).toBe('-₱50.00');
    expect(queryOf(callsTo(calls, PNL)[0].opts)).toEqual({ range: '7d', by: 'member' });
    fireEvent.click(screen.getByRole('button', { name: TY.team_pnl_by_category }));
    await waitFor(() => expect(document.querySelector('[data-key="INHOUSE"]')).toBeTruthy());
    expect(location()).toBe('/m/agent/team/pnl?range=7d&by=category');
    fireEvent.click(screen.getByRole('button', { name: TY.team_pnl_by_member }));
    await waitFor(() => expect(document.querySelector('[data-key="juan"]')).toBeTruthy());
    fireEvent.click(document.querySelector('[data-key="juan"] .record-row') as HTMLElement);
    await waitFor(() => expect(location()).toBe('/m/teamBetting?range=7d&member=juan'));
  });
});

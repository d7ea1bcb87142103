// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { request } from '../../src/lib/api/client';
import type { TeamRebates } from '../../src/features/agent';
import { reloadSessionFromStorage, SESSION_KEY } from '../../src/lib/session';
import { TY } from '../../tests/renderer/harness';
import { callsTo, renderForm, scriptApi, setUpFormTests } from '../../tests/forms/helpers';
import manifest from './index';

vi.mock('../../src/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  request: vi.fn(),
}));

const Report = manifest.component;
setUpFormTests(request, <Report />, () => import('./team-rebate'));

const TEAM = 'GET /wps/agent/team-rebates';
const PAGE: TeamRebates = {
  range: { start: '2026-11-23', end: '2026-11-23', timeZone: 'Asia/Manila' },
  list: [
    { day: '2026-11-23', memberId: 5, username: 'demoteam1', amount: 8, claims: 2 },
    { day: '2026-11-23', memberId: 6, username: 'demoteam2', amount: 2.5, claims: 1 },
  ],
  totals: { amount: 10.5, claims: 3, members: 2 },
  currency: 'PHP',
};
const totalOf = (label: string) => document.querySelector(`.totals-strip__item[data-label="${label}"] dd`)?.textContent;

describe('team-rebate', () => {
  it('shows the team’s rebates by day and member with the totals', async () => {
    localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'tok-0123456789abcdef', merchantCode: 'fixture01', userName: 'boss01', type: 1, firstTimeLogin: false }));
    reloadSessionFromStorage();
    const calls = scriptApi(request, { [TEAM]: () => PAGE });
    renderForm(<Report />, { route: '/m/member/teamRebate' });
    const list = await screen.findByRole('list', { name: TY.team_rebate });
    expect(callsTo(calls, TEAM)[0].opts.query).toEqual({ range: 'today', pageSize: 20 });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.dataset.member)).toEqual(['demoteam1', 'demoteam2']);
    expect(items[0].textContent).toContain('+₱8.00');
    expect(within(items[0]).getByRole('heading').textContent).toBe('2026-11-23');
    expect(totalOf('team_rebate_total_amount')).toBe('₱10.50');
    expect(totalOf('team_rebate_total_members')).toBe('2');
    expect(totalOf('team_rebate_total_claims')).toBe('3');
  });
});

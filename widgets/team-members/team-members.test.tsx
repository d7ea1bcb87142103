// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { request, type RequestOptions } from '../../src/lib/api/client';
import type { TeamMember, TeamMemberPage } from '../../src/features/agent';
import { reloadSessionFromStorage, SESSION_KEY } from '../../src/lib/session';
import { TY } from '../../tests/renderer/harness';
import { callsTo, fail, location, renderForm, scriptApi, setUpFormTests } from '../../tests/forms/helpers';
import manifest from './index';

vi.mock('../../src/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  request: vi.fn(),
}));

const TeamMembers = manifest.component;
setUpFormTests(request, <TeamMembers />, () => import('./team-members'));

const MEMBERS = 'GET /wps/agent/team/members';
const member = (id: number, username: string, fields: Partial<TeamMember> = {}): TeamMember => ({
  id,
  username,
  agent: false,
  level: 1,
  vipLevel: 0,
  teamSize: 0,
  registeredAt: '2026-11-20T01:00:00.000Z',
  ...fields,
});
const ty = (key: string, params: Record<string, string | number> = {}) => TY[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));

function logIn() {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'tok-0123456789abcdef', merchantCode: 'fixture01', userName: 'agent1', type: 1, firstTimeLogin: false }));
  reloadSessionFromStorage();
}
const queryOf = (opts: RequestOptions) => opts.query as Record<string, unknown>;

describe('team-members', () => {
  it('lists the direct downline, drills into a sub-agent with a path back, shows balances only when sent, refuses an outsider', async () => {
    logIn();
    const calls = scriptApi(request, {
      [MEMBERS]: (opts: RequestOptions): TeamMemberPage => {
        const { parent } = queryOf(opts);
        if (parent === 'sub1')
          return { list: [member(9, 'deep1', { level: 2, balance: 12.5 })], parent: member(5, 'sub1', { agent: true, teamSize: 1 }), path: ['sub1'], total: 1, showBalance: true };
        if (parent === 'stranger') return fail('not.found', 'err_not_found', undefined, 404);
        return { list: [member(7, 'juan', { lastLoginAt: '2026-11-22T03:00:00.000Z', vipLevel: 2 }), member(5, 'sub1', { agent: true, teamSize: 1 })], path: [], total: 2, showBalance: false };
      },
    });
    renderForm(<TeamMembers />, { route: '/m/member/team' });
    await waitFor(() => expect(document.querySelectorAll('.team-members__row')).toHaveLength(2));
    expect(screen.getByText(ty('team_direct_count', { count: 2 }))).toBeTruthy();
    const juan = document.querySelector('[data-username="juan"]') as HTMLElement;
    expect(juan.textContent).toContain('2026-11-20');
    expect(juan.textContent).toContain('2026-11-22');
    expect(juan.textContent).toContain(ty('team_vip', { level: 2 }));
    expect(document.querySelector('[data-balance]')).toBeNull();
    expect(juan.querySelector('a')?.getAttribute('href')).toBe('/m/teamBetting?member=juan');

    fireEvent.click(screen.getByRole('button', { name: ty('team_view_team', { count: 1 }) }));
    await waitFor(() => expect(location()).toBe('/m/member/team?parent=sub1'));
    await waitFor(() => expect(document.querySelector('[data-username="deep1"]')).toBeTruthy());
    expect(document.querySelector('[data-balance]')?.textContent).toBe('₱12.50');
    expect(document.querySelector('[data-username="deep1"]')?.textContent).toContain(ty('team_level', { level: 2 }));
    fireEvent.click(screen.getByRole('button', { name: TY.team_my_team }));
    await waitFor(() => expect(location()).toBe('/m/member/team'));
    expect(callsTo(calls, MEMBERS).some((c) => queryOf(c.opts).parent === 'sub1')).toBe(true);
  });

  it('says plainly when the member opened is not in the team', async () => {
    logIn();
    scriptApi(request, { [MEMBERS]: () => fail('not.found', 'err_not_found', undefined, 404) });
    renderForm(<TeamMembers />, { route: '/m/member/team?parent=stranger' });
    expect(await screen.findByText(ty('team_member_unknown', { username: 'stranger' }))).toBeTruthy();
  });
});

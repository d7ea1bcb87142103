// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { request } from '../../src/lib/api/client';
import type { InvitedFriend, InvitedFriendPage } from '../../src/features/engagement';
import { reloadSessionFromStorage, SESSION_KEY } from '../../src/lib/session';
import { TY } from '../../tests/renderer/harness';
import { callsTo, renderForm, scriptApi, setUpFormTests, tenantWith } from '../../tests/forms/helpers';
import manifest from './index';

vi.mock('../../src/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  request: vi.fn(),
}));

const Friends = manifest.component;
setUpFormTests(request, <Friends />, () => import('./invited-friends'));

const FRIENDS = 'GET /wps/member/referral/friends';
const ROWS: InvitedFriend[] = [
  { account: 'ma***ia', regDate: '2026-11-20T02:00:00.000Z', deposited: true, reward: 50 },
  { account: 'jo***se', regDate: '2026-11-18T02:00:00.000Z', deposited: false, reward: 0 },
  { account: 'an***na', regDate: '2026-11-02T02:00:00.000Z', deposited: true, reward: 0 },
];

function page(rows: InvitedFriend[], nextCursor?: string): InvitedFriendPage {
  return { list: rows, invitedTotal: 3, depositedTotal: 2, rewardsEarned: 50, currency: 'PHP', ...(nextCursor ? { nextCursor } : {}) };
}

const totalOf = (label: string) => document.querySelector(`.totals-strip__item[data-label="${label}"] dd`)?.textContent;
const rows = () => within(screen.getByRole('list', { name: TY.invite_friends_list })).getAllByTestId('invited-friend');

async function setup(rewardCentre = true) {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'tok-0123456789abcdef', merchantCode: 'fixture01', userName: 'juan123', type: 0, firstTimeLogin: false }));
  reloadSessionFromStorage();
  const calls = scriptApi(request, { [FRIENDS]: (opts) => ((opts.query as { cursor?: string }).cursor ? page(ROWS.slice(2)) : page(ROWS.slice(0, 2), 'c2')) });
  renderForm(<Friends pageSize={2} />, { route: '/m/inviteFriends', tenant: tenantWith((t) => {
      t.flags.REWCEN3 = rewardCentre;
      t.routes.whitelist = [...t.routes.whitelist, '/m/rewardCenter'];
    }) });
  await screen.findByRole('list', { name: TY.invite_friends_list });
  return calls;
}

describe('invited-friends', () => {
  it('loads nothing before the member is known', () => {
    const calls = scriptApi(request, {});
    renderForm(<Friends />, { route: '/m/inviteFriends' });
    expect(calls).toEqual([]);
    expect(screen.getByRole('status', { busy: true })).toBeTruthy();
  });

  it('shows the totals and the friends with their first deposit and reward, at the tenant’s clock', async () => {
    const calls = await setup();
    expect(callsTo(calls, FRIENDS)[0].opts.query).toEqual({ pageSize: 2 });
    expect(totalOf('invite_total_invited')).toBe('3');
    expect(totalOf('invite_total_deposited')).toBe('2');
    expect(totalOf('invite_total_rewards')).toBe('₱50.00');
    const [maria, jose] = rows();
    expect(maria.textContent).toContain('ma***ia');
    // Manila is UTC+8.
    expect(maria.textContent).toContain(TY.invite_registered_at.replace('{{time}}', '2026-11-20 10:00:00'));
    expect(within(maria).getByText(TY.invite_deposited)).toBeTruthy();
    expect(maria.textContent).toContain('₱50.00');
    expect(within(jose).getByText(TY.invite_not_deposited)).toBeTruthy();
    expect(screen.getByRole('link', { name: TY.invite_rewards_link }).getAttribute('href')).toBe('/m/rewardCenter');
  });

  it('loads the next page with the cursor', async () => {
    const calls = await setup();
    fireEvent.click(screen.getByRole('button', { name: TY.records_load_more }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(callsTo(calls, FRIENDS)[1].opts.query).toEqual({ pageSize: 2, cursor: 'c2' });
    expect(screen.getByText(TY.no_more)).toBeTruthy();
  });

  it('has no rewards link without the reward centre', async () => {
    await setup(false);
    expect(screen.queryByRole('link', { name: TY.invite_rewards_link })).toBeNull();
  });
});

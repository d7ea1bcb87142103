// @vitest-environment jsdom
/**
 * Mission activity (/m/leaderBoard): the mission-tasks and mission-ranking widgets the _base
 * tenant puts on the screen. Join, the progress of each task in the tenant's currency, the claim
 * with an Idempotency-Key (the same key on a retry), a refusal in words, and the week's ranking
 * with the member's own rank.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { request } from '../../../src/lib/api/client';
import type { MissionClaim, MissionList, MissionRanking, MissionTask } from '../../../src/features/engagement';
import { reloadSessionFromStorage, SESSION_KEY } from '../../../src/lib/session';
import { TY } from '../../renderer/harness';
import { callsTo, fail, renderForm, scriptApi, setUpFormTests, type Handler } from '../../forms/helpers';
import tasksManifest from '../../../widgets/mission-tasks';
import rankingManifest from '../../../widgets/mission-ranking';

vi.mock('../../../src/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  request: vi.fn(),
}));

const Tasks = tasksManifest.component;
const Ranking = rankingManifest.component;
const Screen = () => (
  <>
    <Tasks />
    <Ranking />
  </>
);
setUpFormTests(request, <Screen />, () => Promise.all([import('../../../widgets/mission-tasks/mission-tasks'), import('../../../widgets/mission-ranking/mission-ranking')]));

const LIST = 'GET /wps/missions';
const RANKING = 'GET /wps/missions/missions/ranking';
const JOIN = 'POST /wps/promotions/missions/act';
const claimKey = (id: number) => `POST /wps/missions/missions/tasks/${id}/claim`;

const FIVE: MissionTask = { id: 1, title: 'Wager ₱5 on slots this week', kind: 'wager', gameType: 'RNG', period: 'week', periodEndsAt: '2026-11-29T16:00:00.000Z', target: 5, progress: 3.5, points: 10, rewardAmount: 2, turnoverMultiplier: 1, state: 'process' };
const ANY: MissionTask = { id: 3, title: 'Wager ₱1,000 on any game', kind: 'wager', period: 'promotion', target: 1000, progress: 73.5, points: 100, rewardAmount: 50, turnoverMultiplier: 3, state: 'process' };
const base = (over: Partial<MissionList['list'][number]> = {}, tasks: MissionTask[] = [FIVE, ANY]): MissionList => ({
  list: [{ code: 'missions', title: 'Weekly missions', joined: true, joinedAt: '2026-11-23T01:00:00.000Z', canJoin: false, points: 0, tasks, ...over }],
  currency: 'PHP',
  weekStart: '2026-11-23',
  weekEndsAt: '2026-11-29T16:00:00.000Z',
});
const DONE: MissionTask = { ...FIVE, progress: 5.5, state: 'complete' };
const CLAIMED: MissionClaim = { task: { ...DONE, state: 'claimed' }, points: 10, rewardId: 77 };
const BOARD: MissionRanking = {
  weekStart: '2026-11-23',
  list: [
    { rank: 1, name: 'pl***42', points: 40 },
    { rank: 2, name: 'ju***23', points: 10 },
  ],
  mine: { rank: 2, points: 10 },
};

const ty = (key: string, params: Record<string, string | number> = {}) => TY[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));
const keyOf = (call: { opts: { headers?: unknown } }) => (call.opts.headers as Record<string, string>)['idempotency-key'];

function signIn() {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'tok-0123456789abcdef', merchantCode: 'fixture01', userName: 'juan123', type: 0, firstTimeLogin: false }));
  reloadSessionFromStorage();
}

async function setup(handlers: Record<string, Handler> = {}, signedIn = true) {
  if (signedIn) signIn();
  const calls = scriptApi(request, { [LIST]: () => base(), [RANKING]: () => BOARD, 'GET /wps/rewards/count': () => ({ unclaimed: 1 }), ...handlers });
  renderForm(<Screen />, { route: '/m/leaderBoard' });
  await screen.findAllByTestId('mission-task').catch(() => screen.findByTestId('mission-empty'));
  return calls;
}

const taskOf = (id: number) => screen.getAllByTestId('mission-task').find((c) => c.dataset.taskId === String(id))!;
const claimIn = (id: number) => within(taskOf(id)).getByRole('button', { name: TY.mission_claim });

describe('mission activity screen', () => {
  it('is the _base tenant screen of the route: the tasks, then the ranking', () => {
    const tenant = JSON.parse(readFileSync(join(process.cwd(), 'tenants/_base/tenant.json'), 'utf8'));
    const main = tenant.screens.leaderBoard.slots.main;
    expect(main.order.map((id: string) => main.items[id].widget)).toEqual(['mission-tasks', 'mission-ranking']);
  });

  it('shows each task with a progress bar and clear amounts in the tenant currency, its reward and points', async () => {
    const calls = await setup();
    const five = taskOf(1);
    expect(within(five).getByText('Wager ₱5 on slots this week')).toBeTruthy();
    expect(within(five).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('70');
    expect(within(five).getByTestId('mission-task-progress').textContent).toBe(ty('mission_progress', { done: '₱3.50', target: '₱5.00' }));
    expect(within(five).getByTestId('mission-task-reward').textContent).toBe(ty('mission_reward', { amount: '₱2.00', points: 10, multiplier: 1 }));
    expect(within(five).getByTestId('mission-task-state').textContent).toBe(TY.mission_state_process);
    // Manila is UTC+8: the week starts again on Monday at midnight.
    expect(within(five).getByTestId('mission-task-period').textContent).toBe(ty('mission_period_week', { time: '2026-11-30 00:00:00' }));
    expect(within(taskOf(3)).getByTestId('mission-task-progress').textContent).toBe(ty('mission_progress', { done: '₱73.50', target: '₱1,000.00' }));
    expect(within(taskOf(3)).getByTestId('mission-task-period').textContent).toBe(TY.mission_period_promotion);
    expect(within(five).queryByRole('button', { name: TY.mission_claim })).toBeNull();
    expect(within(five).getByRole('link', { name: TY.mission_play }).getAttribute('href')).toBe('/m/gameList');
    expect(screen.getByTestId('mission-joined').textContent).toBe(TY.mission_joined);
    expect(screen.getByTestId('mission-points').textContent).toBe(ty('mission_points', { points: 0 }));
    expect(callsTo(calls, LIST)).toHaveLength(1);
  });

  it('joins, and reads the missions again', async () => {
    let joined = false;
    const calls = await setup({
      [LIST]: () => (joined ? base() : base({ joined: false, canJoin: true }, [{ ...FIVE, progress: 0, state: 'locked' }])),
      [JOIN]: () => {
        joined = true;
        return { code: 'missions', status: 'joined' };
      },
    });
    expect(within(taskOf(1)).getByTestId('mission-task-state').textContent).toBe(TY.mission_state_locked);
    const join = screen.getByRole('button', { name: TY.mission_join });
    await waitFor(() => expect(join.hasAttribute('disabled')).toBe(false));
    fireEvent.click(join);
    await screen.findByTestId('mission-joined');
    expect(callsTo(calls, JOIN)).toHaveLength(1);
    expect(within(taskOf(1)).getByTestId('mission-task-state').textContent).toBe(TY.mission_state_process);
  });

  it('claims a complete task with an Idempotency-Key, says where the reward waits, and reads the list and ranking again', async () => {
    let claimed = false;
    const calls = await setup({
      [LIST]: () => base({ points: claimed ? 10 : 0 }, [claimed ? CLAIMED.task : DONE, ANY]),
      [claimKey(1)]: () => {
        claimed = true;
        return CLAIMED;
      },
    });
    await waitFor(() => expect(claimIn(1).hasAttribute('disabled')).toBe(false));
    fireEvent.click(claimIn(1));
    const done = await screen.findByTestId('mission-claimed');
    expect(done.textContent).toBe(ty('mission_claimed_reward', { amount: '₱2.00', points: 10 }));
    expect(keyOf(callsTo(calls, claimKey(1))[0])).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    await waitFor(() => expect(within(taskOf(1)).getByTestId('mission-task-state').textContent).toBe(TY.mission_state_claimed));
    expect(screen.getByTestId('mission-points').textContent).toBe(ty('mission_points', { points: 10 }));
    await waitFor(() => expect(callsTo(calls, RANKING).length).toBeGreaterThanOrEqual(2));
  });

  it('sends the same key again after a network failure, and says a refusal in words', async () => {
    const calls = await setup({
      [LIST]: () => base({}, [DONE]),
      [claimKey(1)]: (_opts, n) => (n === 1 ? fail('network', 'network_slow', undefined, 0) : fail('mission.task.claimed', 'err_mission_task_claimed', undefined, 409)),
    });
    await waitFor(() => expect(claimIn(1).hasAttribute('disabled')).toBe(false));
    fireEvent.click(claimIn(1));
    expect(await within(taskOf(1)).findByText(TY.network_slow)).toBeTruthy();
    await waitFor(() => expect(claimIn(1).hasAttribute('disabled')).toBe(false));
    fireEvent.click(claimIn(1));
    expect(await within(taskOf(1)).findByText(TY.err_mission_task_claimed)).toBeTruthy();
    const keys = callsTo(calls, claimKey(1)).map(keyOf);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('lists the ranking with masked names and the member\'s own rank', async () => {
    await setup();
    const board = await screen.findAllByTestId('mission-ranking-row');
    expect(board.map((r) => r.textContent)).toEqual([`1pl***42${ty('mission_ranking_points', { points: 40 })}`, `2ju***23${ty('mission_ranking_points', { points: 10 })}`]);
    expect(screen.getByTestId('mission-ranking-mine').textContent).toBe(ty('mission_ranking_mine', { rank: 2, points: 10 }));
  });

  it('a visitor sees the tasks locked and a join button that asks to log in, and no own rank', async () => {
    await setup({ [LIST]: () => base({ joined: false, canJoin: false }, [{ ...FIVE, progress: 0, state: 'locked' }]), [RANKING]: () => ({ weekStart: '2026-11-23', list: [] }) }, false);
    expect(within(taskOf(1)).getByTestId('mission-task-state').textContent).toBe(TY.mission_state_locked);
    expect(screen.getByRole('button', { name: TY.mission_join })).toBeTruthy();
    expect(screen.queryByTestId('mission-points')).toBeNull();
    expect((await screen.findByTestId('mission-ranking-empty')).textContent).toBe(TY.mission_ranking_empty);
    expect(screen.queryByTestId('mission-ranking-mine')).toBeNull();
  });
});

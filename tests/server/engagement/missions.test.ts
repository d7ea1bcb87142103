/**
 * Missions: a task's progress is the member's stakes on its game type since joining in its period
 * (bets of other game types and bets before joining do not count); a claim before the target is
 * refused, a claim grants its reward in the reward centre and its points once (a repeated
 * Idempotency-Key, 50 racing claims with different keys); the ranking masks names and shows the
 * member's own place; the ops verbs add tasks in EN and TY; and the gates (visitors, trial members,
 * another member, another tenant, a task of another mission). The ledger is checked after claims.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { auditLog, missionClaims, rewards } from '../../../server/db/schema';
import { verbs } from '../../../server/modules/engagement/ops/promotions';
import type { OpsActor, OpsArgs } from '../../../server/ops/types';
import { call, describeBackends, EN, expectLedgerClean, fundedPlayer, spinKey } from '../helpers';
import { openSlot, placeBet, spin } from '../rebate-helpers';

const CLI: OpsActor = { operatorId: null, actor: 'cli:test', merchantCodes: null };

interface Task {
  id: number;
  title: string;
  kind: string;
  gameType?: string;
  period: 'week' | 'promotion';
  periodEndsAt?: string;
  target: number;
  progress: number;
  points: number;
  rewardAmount: number;
  turnoverMultiplier: number;
  state: 'locked' | 'process' | 'complete' | 'claimed';
}
interface Mission {
  code: string;
  title: string;
  joined: boolean;
  canJoin: boolean;
  points: number;
  tasks: Task[];
}
interface MissionList {
  list: Mission[];
  currency: string;
  weekStart: string;
  weekEndsAt: string;
}
interface Ranking {
  weekStart: string;
  list: { rank: number; name: string; points: number }[];
  mine?: { rank: number | null; points: number };
}
interface Claim {
  task: Task;
  points: number;
  rewardId?: number;
}

async function runVerb(app: FastifyInstance, words: string, args: OpsArgs, actor: OpsActor = CLI) {
  const verb = verbs.find((v) => v.words.join(' ') === words)!;
  const out: string[] = [];
  const code = await verb.run({ app, actor, out: (line) => out.push(line), json: false }, args).catch((err: Error) => {
    out.push(err.message);
    return -1;
  });
  return { code, out };
}

async function missions(app: FastifyInstance, o: { token?: string; host?: string; query?: Record<string, string> } = {}): Promise<MissionList> {
  // demo-ph speaks Filipino by default: English unless asked.
  const res = await call<MissionList>(app, 'GET', '/wps/missions', { ...o, query: o.query ?? { lang: 'EN' } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value!;
}

async function weekly(app: FastifyInstance, token?: string): Promise<Mission> {
  return (await missions(app, token ? { token } : {})).list.find((m) => m.code === 'missions')!;
}

/** The seeded tasks of demo-ph's weekly missions: ₱5 and ₱50 on slots this week, ₱1,000 on any game. */
async function seededTasks(app: FastifyInstance) {
  const tasks = (await weekly(app)).tasks;
  const byTitle = (title: string) => tasks.find((t) => t.title === title)!;
  return { five: byTitle('Wager ₱5 on slots this week'), fifty: byTitle('Wager ₱50 on slots this week'), any: byTitle('Wager ₱1,000 on any game') };
}

const join = (app: FastifyInstance, token: string) => call(app, 'POST', '/wps/promotions/missions/act', { token, body: {} });

const claim = (app: FastifyInstance, token: string, taskId: number, o: { headers?: Record<string, string>; code?: string; host?: string } = {}) =>
  call<Claim>(app, 'POST', `/wps/missions/${o.code ?? 'missions'}/tasks/${taskId}/claim`, { token, body: {}, headers: o.headers ?? spinKey(), ...(o.host ? { host: o.host } : {}) });

async function ranking(app: FastifyInstance, token?: string): Promise<Ranking> {
  const res = await call<Ranking>(app, 'GET', '/wps/missions/missions/ranking', token ? { token } : {});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value!;
}

async function missionRewards(app: FastifyInstance, memberId: number) {
  return app.db.orm.select().from(rewards).where(and(eq(rewards.memberId, memberId), eq(rewards.source, 'mission')));
}

/** A member who joined the mission, with `balance` minor units. */
async function joinedPlayer(app: FastifyInstance, balance = 1_000_000) {
  const p = await fundedPlayer(app, balance);
  const res = await join(app, p.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return p;
}

describeBackends('missions', ({ server }) => {
  it('lists the seeded tasks of demo-ph, locked for a visitor; demo-en offers no mission', async () => {
    const { app } = server();
    const visitor = await missions(app);
    expect(visitor.currency).toBe('PHP');
    expect(visitor.weekStart).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(new Date(`${visitor.weekStart}T00:00:00Z`).getUTCDay()).toBe(1);
    // Monday 00:00 in Manila is Sunday 16:00 UTC, seven days after the start.
    expect(visitor.weekEndsAt).toBe(new Date(Date.parse(`${visitor.weekStart}T00:00:00+08:00`) + 7 * 86_400_000).toISOString());
    const mission = visitor.list.find((m) => m.code === 'missions')!;
    expect(mission).toMatchObject({ joined: false, canJoin: false, points: 0 });
    const { five, fifty, any } = await seededTasks(app);
    expect(five).toMatchObject({ kind: 'wager', gameType: 'RNG', period: 'week', target: 5, progress: 0, points: 10, rewardAmount: 2, turnoverMultiplier: 1, state: 'locked', periodEndsAt: visitor.weekEndsAt });
    expect(fifty).toMatchObject({ target: 50, points: 30, rewardAmount: 10, turnoverMultiplier: 2 });
    expect(any.gameType).toBeUndefined();
    expect(any.period).toBe('promotion');
    const ty = (await missions(app, { query: { lang: 'TY' } })).list.find((m) => m.code === 'missions')!;
    expect(ty.tasks[0].title).toBe('Tumaya ng ₱5 sa slots ngayong linggo');
    expect((await missions(app, { host: EN })).list).toEqual([]);
    expect((await call(app, 'GET', '/wps/missions/missions/ranking', { host: EN })).status).toBe(404);
  });

  it('counts stakes on the game type since joining: other game types and earlier bets do not count', async () => {
    const { app } = server();
    const { token, memberId, walletId } = await fundedPlayer(app, 1_000_000);
    await placeBet(app, memberId, walletId, { stake: 40_000, at: new Date(Date.now() - 60_000) });
    const before = await weekly(app, token);
    expect(before).toMatchObject({ joined: false, canJoin: true });
    expect(before.tasks.every((t) => t.state === 'locked' && t.progress === 0)).toBe(true);
    expect((await join(app, token)).status).toBe(200);
    await placeBet(app, memberId, walletId, { stake: 100 });
    await placeBet(app, memberId, walletId, { stake: 250, win: 500 });
    await placeBet(app, memberId, walletId, { stake: 7_000, gameType: 'FISH' });
    const { five, fifty, any } = await seededTasks(app);
    const after = await weekly(app, token);
    const byId = (id: number) => after.tasks.find((t) => t.id === id)!;
    expect(after).toMatchObject({ joined: true, canJoin: false, points: 0 });
    expect(byId(five.id)).toMatchObject({ progress: 3.5, state: 'process' });
    expect(byId(fifty.id)).toMatchObject({ progress: 3.5, state: 'process' });
    // Any game: the fish bet counts too.
    expect(byId(any.id)).toMatchObject({ progress: 73.5, state: 'process' });

    const early = await claim(app, token, five.id);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ errorCode: 'mission.task.unmet', message: 'err_mission_task_unmet', value: { progress: 3.5, target: 5 } });
    expect(await missionRewards(app, memberId)).toEqual([]);

    await placeBet(app, memberId, walletId, { stake: 150 });
    expect((await weekly(app, token)).tasks.find((t) => t.id === five.id)).toMatchObject({ progress: 5, state: 'complete' });
  });

  it('claims a completed task once: its reward waits in the reward centre, its points count, a repeated key answers the first claim', async () => {
    const { app } = server();
    const { token, memberId, walletId } = await joinedPlayer(app);
    const { five } = await seededTasks(app);
    for (let i = 0; i < 5; i++) await placeBet(app, memberId, walletId, { stake: 100 });
    const key = spinKey();
    const done = await claim(app, token, five.id, { headers: key });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.value).toMatchObject({ task: { id: five.id, state: 'claimed', progress: 5 }, points: 10 });
    const granted = await missionRewards(app, memberId);
    expect(granted.map((r) => ({ amount: r.amount, turnoverRequired: r.turnoverRequired, id: r.id }))).toEqual([{ amount: 200, turnoverRequired: 200, id: done.body.value!.rewardId }]);
    expect(granted[0].sourceRef).toBe(`missions:${five.id}:${(await missions(app)).weekStart}`);
    expect(granted[0].promotionId).not.toBeNull();

    const again = await claim(app, token, five.id, { headers: key });
    expect(again.status).toBe(200);
    expect(again.body.value).toEqual(done.body.value);
    const fresh = await claim(app, token, five.id);
    expect(fresh.status).toBe(409);
    expect(fresh.body).toMatchObject({ errorCode: 'mission.task.claimed', message: 'err_mission_task_claimed' });
    // The same key for another task is a reuse.
    const { fifty } = await seededTasks(app);
    expect((await claim(app, token, fifty.id, { headers: key })).status).toBe(422);
    expect(await missionRewards(app, memberId)).toHaveLength(1);

    const mine = await weekly(app, token);
    expect(mine.points).toBe(10);
    expect(mine.tasks.find((t) => t.id === five.id)!.state).toBe('claimed');
    // The reward centre lists it with the mission's title; claiming it pays it.
    const list = await call<{ list: { id: number; source: string; promotionTitle?: string }[] }>(app, 'GET', '/wps/rewards', { token });
    expect(list.body.value!.list).toEqual([expect.objectContaining({ id: granted[0].id, source: 'mission', promotionTitle: expect.stringMatching(/mission/i) })]);
    const paid = await call(app, 'POST', `/wps/rewards/${granted[0].id}/claim`, { token, body: {}, headers: spinKey() });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    await expectLedgerClean(app);
  });

  it("completes the seeded ₱5 slots task in 5 spins of the in-house slot at its page's default stake (₱1)", async () => {
    const { app } = server();
    const { token } = await joinedPlayer(app, 10_000);
    const { five } = await seededTasks(app);
    const play = await openSlot(app, token);
    await spin(app, play, 4, 100);
    expect((await weekly(app, token)).tasks.find((t) => t.id === five.id)).toMatchObject({ progress: 4, state: 'process' });
    await spin(app, play, 1, 100);
    expect((await weekly(app, token)).tasks.find((t) => t.id === five.id)).toMatchObject({ progress: 5, state: 'complete' });
    const done = await claim(app, token, five.id);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    await expectLedgerClean(app);
  });

  it('grants once under 50 racing claims with different keys', async () => {
    const { app } = server();
    const { token, memberId, walletId } = await joinedPlayer(app);
    const { fifty } = await seededTasks(app);
    await placeBet(app, memberId, walletId, { stake: 5_000 });
    const results = await Promise.all(Array.from({ length: 50 }, () => claim(app, token, fifty.id)));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    expect(results.filter((r) => r.status !== 200).every((r) => r.status === 409 && r.body.errorCode === 'mission.task.claimed')).toBe(true);
    expect(await missionRewards(app, memberId)).toHaveLength(1);
    const claims = await app.db.orm.select().from(missionClaims).where(eq(missionClaims.memberId, memberId));
    expect(claims.map((c) => ({ taskId: c.taskId, points: c.points }))).toEqual([{ taskId: fifty.id, points: 30 }]);
    expect((await weekly(app, token)).points).toBe(30);
    await expectLedgerClean(app);
  });

  it('ranks members by the week\'s points with masked names and shows the member\'s own place', async () => {
    const { app } = server();
    const { five, fifty } = await seededTasks(app);
    const high = await joinedPlayer(app);
    const low = await joinedPlayer(app);
    const idle = await joinedPlayer(app);
    await placeBet(app, high.memberId, high.walletId, { stake: 5_000 });
    await placeBet(app, low.memberId, low.walletId, { stake: 500 });
    expect((await claim(app, high.token, five.id)).status).toBe(200);
    expect((await claim(app, high.token, fifty.id)).status).toBe(200);
    expect((await claim(app, low.token, five.id)).status).toBe(200);
    const names = await app.db.orm.query.members.findMany({ where: (m, { inArray }) => inArray(m.id, [high.memberId, low.memberId]) });
    const nameOf = (id: number) => names.find((n) => n.id === id)!.username;
    const mask = (u: string) => `${u.slice(0, 2)}***${u.slice(-2)}`;

    const board = await ranking(app, low.token);
    const highRow = board.list.find((r) => r.name === mask(nameOf(high.memberId)))!;
    const lowRow = board.list.find((r) => r.name === mask(nameOf(low.memberId)))!;
    expect(highRow.points).toBe(40);
    expect(lowRow.points).toBe(10);
    expect(highRow.rank).toBeLessThan(lowRow.rank);
    expect(board.mine).toEqual({ rank: lowRow.rank, points: 10 });
    // No full username anywhere in the answer.
    const text = JSON.stringify(board);
    expect(text).not.toContain(nameOf(high.memberId));
    expect(text).not.toContain(nameOf(low.memberId));
    expect(board.list.every((r) => /^.{1,2}\*\*\*.{0,2}$/.test(r.name))).toBe(true);
    expect((await ranking(app, idle.token)).mine).toEqual({ rank: null, points: 0 });
    expect((await ranking(app)).mine).toBeUndefined();
  });

  it("refuses another member's progress, a mission not joined, a task of another mission, other tenants, visitors and trial members", async () => {
    const { app } = server();
    const { five } = await seededTasks(app);
    const a = await joinedPlayer(app);
    await placeBet(app, a.memberId, a.walletId, { stake: 500 });
    // B's own bets count for B only: A's completed task is not B's.
    const b = await joinedPlayer(app);
    const other = await claim(app, b.token, five.id);
    expect(other.body).toMatchObject({ errorCode: 'mission.task.unmet', value: { progress: 0, target: 5 } });
    const outsider = await fundedPlayer(app, 0);
    const notJoined = await claim(app, outsider.token, five.id);
    expect(notJoined.status).toBe(409);
    expect(notJoined.body).toMatchObject({ errorCode: 'mission.not.joined', message: 'err_mission_not_joined' });
    // A task id under another code, an unknown task, a code that is not a mission.
    const r = await runVerb(app, 'promotions create', { positionals: ['demoph01', 'missions-2'], options: { type: 'MISSION', category: 'TEST', 'title-en': 'M2', 'title-ty': 'M2 TY' } });
    expect(r.code, r.out.join('\n')).toBe(0);
    const wrong = await claim(app, a.token, five.id, { code: 'missions-2' });
    expect(wrong.status).toBe(404);
    expect(wrong.body.errorCode).toBe('mission.task.not.found');
    expect((await claim(app, a.token, 987_654)).body.errorCode).toBe('mission.task.not.found');
    expect((await claim(app, a.token, five.id, { code: 'daily-sign-in' })).body.errorCode).toBe('promotion.not.found');
    // demo-en: the session is not valid there, and it has no missions.
    expect((await claim(app, a.token, five.id, { host: EN })).status).toBe(401);
    expect((await call(app, 'POST', `/wps/missions/missions/tasks/${five.id}/claim`, { body: {}, headers: spinKey() })).status).toBe(401);
    const noKey = await call(app, 'POST', `/wps/missions/missions/tasks/${five.id}/claim`, { token: a.token, body: {} });
    expect(noKey.status).toBe(400);
    const trial = await fundedPlayer(app, 0, 4);
    expect((await claim(app, trial.token, five.id)).body.errorCode).toBe('trial.forbidden');
    expect(await missionRewards(app, b.memberId)).toEqual([]);
    // A's claim still works.
    expect((await claim(app, a.token, five.id)).status).toBe(200);
  });

  it('adds tasks with the ops verbs in EN and TY, only to MISSION promotions of the merchant, with an audit row', async () => {
    const { app } = server();
    const created = await runVerb(app, 'promotions create', { positionals: ['demoph01', 'missions-ops'], options: { type: 'MISSION', category: 'TEST', 'title-en': 'Ops', 'title-ty': 'Ops TY' } });
    expect(created.code, created.out.join('\n')).toBe(0);
    const added = await runVerb(app, 'promotions task-add', {
      positionals: ['demoph01', 'missions-ops'],
      options: { target: '20', 'game-type': 'FISH', period: 'promotion', points: '5', reward: '1.50', turnover: '2', 'title-en': 'Fish ₱20', 'title-ty': 'Isda ₱20' },
    });
    expect(added.code, added.out.join('\n')).toBe(0);
    const listed = await runVerb(app, 'promotions tasks', { positionals: ['demoph01', 'missions-ops'], options: {} });
    expect(listed.out.join('\n')).toContain('FISH target 20.00 per promotion 5 points reward 1.50 x2 on "Fish ₱20" / "Isda ₱20"');
    const task = (await missions(app, { query: { lang: 'TY' } })).list.find((m) => m.code === 'missions-ops')!.tasks[0];
    expect(task).toMatchObject({ title: 'Isda ₱20', gameType: 'FISH', target: 20, rewardAmount: 1.5, turnoverMultiplier: 2, points: 5, period: 'promotion' });
    const audit = await app.db.orm.select().from(auditLog).where(and(eq(auditLog.action, 'mission.task.create'), eq(auditLog.targetId, String(task.id))));
    expect(audit).toHaveLength(1);

    const off = await runVerb(app, 'promotions task-disable', { positionals: ['demoph01', String(task.id)], options: {} });
    expect(off.code).toBe(0);
    expect((await missions(app)).list.find((m) => m.code === 'missions-ops')!.tasks).toEqual([]);

    const notMission = await runVerb(app, 'promotions task-add', { positionals: ['demoph01', 'daily-sign-in'], options: { target: '1', 'title-en': 'a', 'title-ty': 'b' } });
    expect(notMission.code).toBe(-1);
    expect(notMission.out.join('\n')).toContain('not MISSION');
    const noTy = await runVerb(app, 'promotions task-add', { positionals: ['demoph01', 'missions-ops'], options: { target: '1', 'title-en': 'a' } });
    expect(noTy.code).toBe(-1);
    const badPeriod = await runVerb(app, 'promotions task-add', { positionals: ['demoph01', 'missions-ops'], options: { target: '1', period: 'day', 'title-en': 'a', 'title-ty': 'b' } });
    expect(badPeriod.code).toBe(-1);
    const foreign = await runVerb(app, 'promotions task-add', { positionals: ['demoph01', 'missions-ops'], options: { target: '1', 'title-en': 'a', 'title-ty': 'b' } }, { ...CLI, merchantCodes: ['demoen01'] });
    expect(foreign.code).toBe(-1);
  });
});

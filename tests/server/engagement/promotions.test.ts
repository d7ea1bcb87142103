/**
 * Promotions: the list by category with periods and the member's statuses, the detail, and the
 * actions by type (a daily sign-in and a reached turnover grant a reward once, racing or not; a
 * mission is joined; an application carries a remark of at most 140 characters), the ops verbs
 * that create them in EN and TY, and the gates (visitors, trial members, another tenant, bad input).
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { auditLog, rewards } from '../../../server/db/schema';
import { verbs } from '../../../server/modules/engagement/ops/promotions';
import type { OpsActor, OpsArgs } from '../../../server/ops/types';
import { call, describeBackends, EN, fundedPlayer } from '../helpers';
import { placeBet } from '../rebate-helpers';

const CLI: OpsActor = { operatorId: null, actor: 'cli:test', merchantCodes: null };

interface Promotion {
  id: number;
  code: string;
  type: string;
  category: string;
  title: string;
  action: string;
  status?: string;
  canAct: boolean;
  rewardAmount: number;
  turnoverMultiplier: number;
  target?: number;
  progress?: number;
  startsAt?: string;
  endsAt?: string;
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

async function list(app: FastifyInstance, o: { token?: string; query?: Record<string, string>; host?: string } = {}): Promise<Promotion[]> {
  const res = await call<Promotion[]>(app, 'GET', '/wps/promotions', o);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value!;
}

const act = (app: FastifyInstance, token: string, code: string, body: unknown = {}, host?: string) => call<Promotion>(app, 'POST', `/wps/promotions/${code}/act`, { token, body, ...(host ? { host } : {}) });

async function rewardsOf(app: FastifyInstance, memberId: number) {
  return app.db.orm.select().from(rewards).where(eq(rewards.memberId, memberId));
}

let seq = 0;
const newCode = (prefix: string) => `${prefix}-${process.pid % 1000}-${Date.now() % 100000}-${++seq}`;

async function create(app: FastifyInstance, code: string, options: Record<string, string>) {
  const r = await runVerb(app, 'promotions create', { positionals: ['demoph01', code], options: { category: 'TEST', 'title-en': `EN ${code}`, 'title-ty': `TY ${code}`, ...options } });
  expect(r.code, r.out.join('\n')).toBe(0);
}

describeBackends('promotions', ({ server }) => {
  it('lists the enabled promotions with categories and actions; a visitor sees no status', async () => {
    const { app } = server();
    const all = await list(app, { query: { lang: 'EN' } });
    const byCode = new Map(all.map((p) => [p.code, p]));
    expect(byCode.get('daily-sign-in')).toMatchObject({ type: 'SIGN_IN', category: 'DAILY', action: 'claim', canAct: false, rewardAmount: 5, turnoverMultiplier: 1 });
    expect(byCode.get('wager-1000')).toMatchObject({ type: 'TURNOVER', category: 'GAMES', action: 'claim', target: 1000, rewardAmount: 20, turnoverMultiplier: 2 });
    expect(byCode.get('missions')).toMatchObject({ action: 'join' });
    expect(byCode.get('first-deposit')).toMatchObject({ action: 'none' });
    for (const p of all) expect(p.status).toBeUndefined();
    const daily = await list(app, { query: { lang: 'TY', category: 'DAILY' } });
    expect(daily.map((p) => p.code)).toEqual(['daily-sign-in']);
    expect(daily[0].title).toBe('Araw-araw na pag-sign in ₱5');
    const detail = await call<Promotion>(app, 'GET', '/wps/promotions/wager-1000?lang=EN');
    expect(detail.body.value).toMatchObject({ code: 'wager-1000', title: 'Wager ₱1,000, get ₱20' });
    expect((await call(app, 'GET', '/wps/promotions/no-such-promo')).status).toBe(404);
    const bad = await call(app, 'GET', '/wps/promotions/BAD_CODE');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errorCode: 'validation.failed', value: { field: '/code' } });
    expect((await call(app, 'GET', '/wps/promotions?category=lower')).status).toBe(400);
  });

  it('a daily sign-in grants its reward once per day, even under 30 racing requests', async () => {
    const { app } = server();
    const { token, memberId } = await fundedPlayer(app, 0);
    const before = (await list(app, { token })).find((p) => p.code === 'daily-sign-in')!;
    expect(before).toMatchObject({ canAct: true });
    expect(before.status).toBeUndefined();
    const results = await Promise.all(Array.from({ length: 30 }, () => act(app, token, 'daily-sign-in')));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.body.errorCode === 'promotion.done')).toHaveLength(29);
    expect(results.find((r) => r.status === 200)!.body.value).toMatchObject({ status: 'signed', canAct: false });
    const granted = await rewardsOf(app, memberId);
    expect(granted).toHaveLength(1);
    expect(granted[0]).toMatchObject({ source: 'sign_in', amount: 500, turnoverRequired: 500 });
    expect(granted[0].promotionId).not.toBeNull();
    const count = await call<{ unclaimed: number }>(app, 'GET', '/wps/rewards/count', { token });
    expect(count.body.value!.unclaimed).toBe(1);
  });

  it('a turnover promotion shows the progress, refuses before the target and grants once after it', async () => {
    const { app } = server();
    const { token, memberId, walletId } = await fundedPlayer(app, 500_000);
    await placeBet(app, memberId, walletId, { stake: 40_000 });
    // A push (win = stake) is not valid turnover.
    await placeBet(app, memberId, walletId, { stake: 50_000, win: 50_000 });
    const early = await act(app, token, 'wager-1000');
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ errorCode: 'promotion.target.unmet', value: { progress: 400, target: 1000 } });
    expect((await list(app, { token })).find((p) => p.code === 'wager-1000')).toMatchObject({ status: 'process', progress: 400, canAct: false });
    await placeBet(app, memberId, walletId, { stake: 60_000, win: 10_000 });
    expect((await list(app, { token })).find((p) => p.code === 'wager-1000')).toMatchObject({ status: 'process', progress: 1000, canAct: true });
    const done = await act(app, token, 'wager-1000');
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.value).toMatchObject({ status: 'issued', canAct: false });
    const again = await act(app, token, 'wager-1000');
    expect(again.body.errorCode).toBe('promotion.done');
    const granted = await rewardsOf(app, memberId);
    expect(granted.map((r) => ({ source: r.source, amount: r.amount, turnoverRequired: r.turnoverRequired }))).toEqual([{ source: 'turnover', amount: 2_000, turnoverRequired: 4_000 }]);
  });

  it('joins a mission once, and refuses an action to promotions without one', async () => {
    const { app } = server();
    const { token } = await fundedPlayer(app, 0);
    const joined = await act(app, token, 'missions');
    expect(joined.body.value).toMatchObject({ status: 'joined', canAct: false });
    expect((await act(app, token, 'missions')).body.errorCode).toBe('promotion.done');
    const none = await act(app, token, 'first-deposit');
    expect(none.status).toBe(409);
    expect(none.body.errorCode).toBe('promotion.no.action');
  });

  it('creates promotions in EN and TY with the verb; applications need a remark of at most 140 characters; periods decide', async () => {
    const { app } = server();
    const code = newCode('apply');
    await create(app, code, { type: 'APPLY', 'content-en': '<p>Tell us</p>', 'content-ty': '<p>Sabihin</p>' });
    const audit = await app.db.orm.select().from(auditLog).where(and(eq(auditLog.action, 'promotion.create'), eq(auditLog.targetId, code)));
    expect(audit).toHaveLength(1);
    expect((await list(app, { query: { lang: 'EN', category: 'TEST' } })).find((p) => p.code === code)?.title).toBe(`EN ${code}`);
    expect((await list(app, { query: { lang: 'TY', category: 'TEST' } })).find((p) => p.code === code)?.title).toBe(`TY ${code}`);
    const { token } = await fundedPlayer(app, 0);
    for (const body of [{}, { remark: '   ' }, { remark: 'x'.repeat(141) }]) {
      const bad = await act(app, token, code, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body).toMatchObject({ errorCode: 'validation.failed', value: { field: '/remark' } });
    }
    const applied = await act(app, token, code, { remark: 'x'.repeat(140) });
    expect(applied.body.value).toMatchObject({ status: 'applying', canAct: false });

    const soon = newCode('soon');
    await create(app, soon, { type: 'SIGN_IN', reward: '1', starts: new Date(Date.now() + 86_400_000).toISOString() });
    const ended = newCode('ended');
    await create(app, ended, { type: 'SIGN_IN', reward: '1', starts: '2020-01-01T00:00:00Z', ends: '2020-02-01T00:00:00Z' });
    const listed = await list(app, { token, query: { category: 'TEST' } });
    expect(listed.find((p) => p.code === soon)).toMatchObject({ status: 'coming_soon', canAct: false });
    expect(listed.find((p) => p.code === ended)).toMatchObject({ status: 'closed', canAct: false });
    expect((await act(app, token, soon)).body.errorCode).toBe('promotion.not.started');
    expect((await act(app, token, ended)).body.errorCode).toBe('promotion.closed');

    expect((await runVerb(app, 'promotions disable', { positionals: ['demoph01', soon], options: {} })).code).toBe(0);
    expect((await list(app, { query: { category: 'TEST' } })).some((p) => p.code === soon)).toBe(false);
    const listedByVerb = await runVerb(app, 'promotions list', { positionals: ['demoph01'], options: {} });
    expect(listedByVerb.out.some((l) => l.startsWith(`${soon} SIGN_IN TEST off`))).toBe(true);

    // Refusals: a taken code, a bad type, a SIGN_IN without a reward, a TURNOVER without a target, another merchant's operator.
    for (const [c, options] of [
      [code, { type: 'APPLY' }],
      [newCode('t'), { type: 'BOGUS' }],
      [newCode('t'), { type: 'SIGN_IN' }],
      [newCode('t'), { type: 'TURNOVER', reward: '5' }],
      [newCode('t'), { type: 'SIGN_IN', reward: '1', starts: '2026-12-02T00:00:00Z', ends: '2026-12-01T00:00:00Z' }],
    ] as const) {
      const r = await runVerb(app, 'promotions create', { positionals: ['demoph01', c], options: { category: 'TEST', 'title-en': 'a', 'title-ty': 'b', ...options } });
      expect(r.code, JSON.stringify(options)).not.toBe(0);
    }
    const foreign = await runVerb(app, 'promotions create', { positionals: ['demoph01', newCode('t')], options: { type: 'MISSION', category: 'TEST', 'title-en': 'a', 'title-ty': 'b' } }, { ...CLI, merchantCodes: ['demoen01'] });
    expect(foreign.code).not.toBe(0);
  });

  it('keeps visitors, trial members and other tenants out', async () => {
    const { app } = server();
    expect((await call(app, 'POST', '/wps/promotions/daily-sign-in/act', { body: {} })).status).toBe(401);
    const trial = await fundedPlayer(app, 0, 4);
    const t = await act(app, trial.token, 'daily-sign-in');
    expect(t.status).toBe(403);
    expect(t.body.errorCode).toBe('trial.forbidden');
    const { token } = await fundedPlayer(app, 0);
    // demo-en does not enable SIGN_IN, and a demo-ph session is not valid there.
    expect((await call(app, 'GET', '/wps/promotions/daily-sign-in', { host: EN })).status).toBe(404);
    expect((await act(app, token, 'daily-sign-in', {}, EN)).status).toBe(401);
    const extra = await act(app, token, 'daily-sign-in', { remark: 'x', other: 1 });
    expect(extra.status).toBe(400);
  });
});

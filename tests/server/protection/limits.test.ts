/**
 * Player protection limits and the activity statement (schemas/api/limits.json, statement.json)
 * on both databases: deposits and spins never pass a limit under racing requests, a loosening
 * has no effect before its cooling-off ends and applies after it, the session limit ends the
 * login, and nobody else reads or changes a member's limits.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { rows } from '../../../server/db/client';
import { call, describeBackends, EN, expectLedgerClean, fundedPlayer, nextIp, spinKey } from '../helpers';
import { createDeposit } from '../wallet-deposit-helpers';
import { openSlot } from '../rebate-helpers';

interface LimitView {
  kind: string;
  period: string;
  value: number | null;
  pending: { value: number | null; effectiveAt: string } | null;
  used: number;
  remaining: number | null;
}
interface Limits {
  coolingOffHours: number;
  limits: LimitView[];
}

const setLimit = (app: FastifyInstance, token: string, body: unknown) => call<Limits>(app, 'PUT', '/wps/member/limits', { token, body });
const getLimits = (app: FastifyInstance, token: string) => call<Limits>(app, 'GET', '/wps/member/limits', { token });
const slot = (limits: Limits, kind: string, period: string) => limits.limits.find((l) => l.kind === kind && l.period === period)!;

/** Moves a pending change's time into the past: the clock has passed the cooling-off. */
async function passCoolingOff(app: FastifyInstance, memberId: number): Promise<void> {
  await app.db.orm.execute(sql`UPDATE player_limits SET effective_at = now() - interval '1 second' WHERE member_id = ${memberId} AND pending_set`);
}

async function depositTotal(app: FastifyInstance, memberId: number): Promise<number> {
  const [r] = await rows<{ n: string | number | null }>(app.db.orm, sql`SELECT SUM(amount) AS n FROM deposits WHERE member_id = ${memberId} AND state IN ('pending', 'paid')`);
  return Number(r.n ?? 0);
}

describeBackends('player protection limits', ({ server }) => {
  it('lists every limit unset, then a set one with what is used and what remains', async () => {
    const { app } = server();
    const { token } = await fundedPlayer(app, 0);
    const empty = await getLimits(app, token);
    expect(empty.status).toBe(200);
    expect(empty.body.value!.coolingOffHours).toBe(24);
    expect(empty.body.value!.limits.map((l) => `${l.kind}:${l.period}`)).toEqual([
      'deposit:day', 'deposit:week', 'deposit:month', 'loss:day', 'loss:week', 'loss:month', 'wager:day', 'wager:week', 'wager:month', 'session:session',
    ]);
    expect(empty.body.value!.limits.every((l) => l.value === null && l.remaining === null && l.pending === null)).toBe(true);
    const set = await setLimit(app, token, { kind: 'deposit', period: 'day', value: 500 });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    await createDeposit(app, token, { channelId: 'gcash', amount: 400 });
    const after = slot((await getLimits(app, token)).body.value!, 'deposit', 'day');
    expect(after).toMatchObject({ value: 500, pending: null, used: 400, remaining: 100 });
  });

  it('refuses a deposit over what remains, naming the remaining amount, and writes nothing', async () => {
    const { app } = server();
    const { token, memberId } = await fundedPlayer(app, 0);
    await setLimit(app, token, { kind: 'deposit', period: 'day', value: 500 });
    expect((await createDeposit(app, token, { channelId: 'gcash', amount: 400 })).status).toBe(200);
    const refused = await createDeposit(app, token, { channelId: 'gcash', amount: 200 });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ errorCode: 'limit.deposit.exceeded', message: 'err_limit_deposit_exceeded', value: { period: 'day', amount: 100, limit: 500 } });
    expect(await depositTotal(app, memberId)).toBe(40_000);
    // What remains is still allowed.
    expect((await createDeposit(app, token, { channelId: 'gcash', amount: 100 })).status).toBe(200);
  });

  it('holds under 200 racing deposit requests: the total never passes the limit', async () => {
    const { app } = server();
    const { token, memberId } = await fundedPlayer(app, 0);
    await setLimit(app, token, { kind: 'deposit', period: 'week', value: 350 });
    const results = await Promise.all(Array.from({ length: 200 }, () => createDeposit(app, token, { channelId: 'gcash', amount: 100 })));
    const accepted = results.filter((r) => r.status === 200);
    expect(accepted).toHaveLength(3);
    expect(results.filter((r) => r.status !== 200).every((r) => r.body.errorCode === 'limit.deposit.exceeded')).toBe(true);
    expect(await depositTotal(app, memberId)).toBe(30_000);
  }, 120_000);

  it('holds under 200 racing spins: stakes never pass the wager limit, losses never the loss limit', async () => {
    const { app } = server();
    const wager = await fundedPlayer(app, 1_000_000);
    await setLimit(app, wager.token, { kind: 'wager', period: 'day', value: 10 });
    const play = await openSlot(app, wager.token);
    const spins = await Promise.all(Array.from({ length: 200 }, () => call(app, 'POST', '/wps/game/inhouse/spin', { token: play, headers: spinKey(), body: { stake: 100 } })));
    expect(spins.filter((r) => r.status === 200)).toHaveLength(10);
    const refused = spins.find((r) => r.status !== 200)!;
    expect(refused.body).toMatchObject({ errorCode: 'limit.wager.exceeded', value: { period: 'day', amount: 0, limit: 10 } });
    const [w] = await rows<{ n: string | number }>(app.db.orm, sql`SELECT SUM(stake) AS n FROM bets WHERE member_id = ${wager.memberId}`);
    expect(Number(w.n)).toBe(1_000);

    const loss = await fundedPlayer(app, 1_000_000);
    await setLimit(app, loss.token, { kind: 'loss', period: 'month', value: 5 });
    const lossPlay = await openSlot(app, loss.token);
    await Promise.all(Array.from({ length: 200 }, () => call(app, 'POST', '/wps/game/inhouse/spin', { token: lossPlay, headers: spinKey(), body: { stake: 100 } })));
    const [l] = await rows<{ stake: string | number; win: string | number }>(app.db.orm, sql`SELECT SUM(stake) AS stake, SUM(win) AS win FROM bets WHERE member_id = ${loss.memberId}`);
    expect(Number(l.stake) - Number(l.win)).toBeLessThanOrEqual(500);
    await expectLedgerClean(app);
  }, 180_000);

  it('a raise waits the cooling-off with the old limit enforced, applies after it, and can be cancelled', async () => {
    const { app } = server();
    const { token, memberId } = await fundedPlayer(app, 0);
    await setLimit(app, token, { kind: 'deposit', period: 'day', value: 500 });
    await createDeposit(app, token, { channelId: 'gcash', amount: 400 });
    const raised = await setLimit(app, token, { kind: 'deposit', period: 'day', value: 1000 });
    const day = slot(raised.body.value!, 'deposit', 'day');
    expect(day.value).toBe(500);
    expect(day.pending!.value).toBe(1000);
    const wait = Date.parse(day.pending!.effectiveAt) - Date.now();
    expect(wait).toBeGreaterThan(23.9 * 3_600_000);
    expect(wait).toBeLessThanOrEqual(24 * 3_600_000);
    // The same raise again (a replay) keeps its time.
    const again = await setLimit(app, token, { kind: 'deposit', period: 'day', value: 1000 });
    expect(slot(again.body.value!, 'deposit', 'day').pending!.effectiveAt).toBe(day.pending!.effectiveAt);
    // Before the cooling-off ends the raise has no effect.
    expect((await createDeposit(app, token, { channelId: 'gcash', amount: 200 })).body.errorCode).toBe('limit.deposit.exceeded');
    // Cancelled: the old limit stays.
    const cancelled = await call<Limits>(app, 'POST', '/wps/member/limits/cancel', { token, body: { kind: 'deposit', period: 'day' } });
    expect(slot(cancelled.body.value!, 'deposit', 'day')).toMatchObject({ value: 500, pending: null });
    // Raised again and the clock passes the cooling-off: the new limit applies.
    await setLimit(app, token, { kind: 'deposit', period: 'day', value: 1000 });
    await passCoolingOff(app, memberId);
    expect((await createDeposit(app, token, { channelId: 'gcash', amount: 200 })).status).toBe(200);
    expect(slot((await getLimits(app, token)).body.value!, 'deposit', 'day')).toMatchObject({ value: 1000, pending: null, used: 600, remaining: 400 });
  });

  it('removing waits too, and lowering while a raise is pending applies at once and drops it', async () => {
    const { app } = server();
    const { token, memberId } = await fundedPlayer(app, 0);
    await setLimit(app, token, { kind: 'wager', period: 'week', value: 100 });
    const removing = await setLimit(app, token, { kind: 'wager', period: 'week', value: null });
    expect(slot(removing.body.value!, 'wager', 'week')).toMatchObject({ value: 100, pending: { value: null } });
    const lowered = await setLimit(app, token, { kind: 'wager', period: 'week', value: 50 });
    expect(slot(lowered.body.value!, 'wager', 'week')).toMatchObject({ value: 50, pending: null });
    await setLimit(app, token, { kind: 'wager', period: 'week', value: null });
    await passCoolingOff(app, memberId);
    expect(slot((await getLimits(app, token)).body.value!, 'wager', 'week')).toMatchObject({ value: null, pending: null, remaining: null });
  });

  it('the session limit ends the login: calls answer limit.session.reached, a new login starts again', async () => {
    const { app } = server();
    const { token, memberId } = await fundedPlayer(app, 0);
    await setLimit(app, token, { kind: 'session', period: 'session', value: 30 });
    expect((await call(app, 'GET', '/wps/member/wallet', { token })).status).toBe(200);
    await app.db.orm.execute(sql`UPDATE sessions SET created_at = now() - interval '31 minutes' WHERE member_id = ${memberId}`);
    const ended = await call(app, 'GET', '/wps/member/wallet', { token });
    expect(ended.status).toBe(401);
    expect(ended.body).toMatchObject({ errorCode: 'limit.session.reached', message: 'err_limit_session_reached' });
    expect((await call(app, 'POST', '/wps/session/renew', { token })).body.errorCode).toBe('limit.session.reached');
    const fresh = await app.db.orm.transaction((tx) => app.repos.sessions.create(tx, { memberId, merchantCode: 'demoph01', ip: '127.0.0.1', firstLogin: false }));
    expect((await call(app, 'GET', '/wps/member/wallet', { token: fresh.token })).status).toBe(200);
  });

  it('a member reads and changes only their own limits; another tenant host and a trial member are refused', async () => {
    const { app } = server();
    const mine = await fundedPlayer(app, 0);
    const other = await fundedPlayer(app, 0);
    await setLimit(app, mine.token, { kind: 'loss', period: 'day', value: 50 });
    expect(slot((await getLimits(app, other.token)).body.value!, 'loss', 'day').value).toBeNull();
    await setLimit(app, other.token, { kind: 'loss', period: 'day', value: 999 });
    expect(slot((await getLimits(app, mine.token)).body.value!, 'loss', 'day').value).toBe(50);
    // A member id in the body is not part of the contract.
    expect((await setLimit(app, other.token, { kind: 'loss', period: 'day', value: 1, memberId: mine.memberId })).status).toBe(400);
    expect((await call(app, 'GET', '/wps/member/limits', { token: mine.token, host: EN })).body.errorCode).toBe('session.invalid');
    expect((await call(app, 'GET', '/wps/member/limits')).body.errorCode).toBe('session.required');
    const trial = await call<{ token: string }>(app, 'POST', '/wps/session/login/freeplay', { ip: nextIp(), body: {} });
    const refused = await getLimits(app, trial.body.value!.token);
    expect(refused.status).toBe(403);
    expect(refused.body.errorCode).toBe('trial.forbidden');
    expect((await setLimit(app, trial.body.value!.token, { kind: 'deposit', period: 'day', value: 5 })).body.errorCode).toBe('trial.forbidden');
  });

  it.each([
    ['zero', { kind: 'deposit', period: 'day', value: 0 }, '/value'],
    ['negative', { kind: 'deposit', period: 'day', value: -5 }, '/value'],
    ['three decimals', { kind: 'deposit', period: 'day', value: 1.005 }, '/value'],
    ['text', { kind: 'deposit', period: 'day', value: '500' }, '/value'],
    ['unknown kind', { kind: 'bonus', period: 'day', value: 5 }, '/kind'],
    ['session with a day', { kind: 'session', period: 'day', value: 5 }, '/period'],
    ['deposit per session', { kind: 'deposit', period: 'session', value: 5 }, '/period'],
    ['session minutes with decimals', { kind: 'session', period: 'session', value: 1.5 }, '/value'],
    ['session over a day', { kind: 'session', period: 'session', value: 1441 }, '/value'],
    ['no value', { kind: 'deposit', period: 'day' }, '/value'],
  ])('bad input (%s) is 400 naming the field', async (_name, body, field) => {
    const { app } = server();
    const { token } = await fundedPlayer(app, 0);
    const res = await setLimit(app, token, body);
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('validation.failed');
    expect((res.body.value as unknown as { field: string }).field).toBe(field);
  });
});

describeBackends('activity statement', ({ server }) => {
  it('sums the month and downloads the same as CSV', async () => {
    const { app } = server();
    const { token, memberId } = await fundedPlayer(app, 100_000);
    const play = await openSlot(app, token);
    for (let i = 0; i < 3; i++) await call(app, 'POST', '/wps/game/inhouse/spin', { token: play, headers: spinKey(), body: { stake: 100 } });
    const dep = await createDeposit(app, token, { channelId: 'gcash', amount: 150 });
    await app.db.orm.execute(sql`UPDATE deposits SET state = 'paid' WHERE id = ${dep.body.value!.id}`);
    const [b] = await rows<{ win: string | number }>(app.db.orm, sql`SELECT SUM(win) AS win FROM bets WHERE member_id = ${memberId}`);
    const wins = Number(b.win) / 100;
    const res = await call<{ currency: string; months: { month: string; deposits: number; stakes: number; wins: number; net: number; bets: number }[] }>(
      app,
      'GET',
      '/wps/member/statement?months=2',
      { token },
    );
    expect(res.status).toBe(200);
    expect(res.body.value!.months).toHaveLength(2);
    expect(res.body.value!.months[0]).toMatchObject({ deposits: 150, withdrawals: 0, stakes: 3, wins, net: Number((wins - 3).toFixed(2)), bets: 3 });
    expect(res.body.value!.months[1]).toMatchObject({ deposits: 0, stakes: 0, bets: 0 });
    const csv = await app.inject({ method: 'GET', url: '/wps/member/statement.csv?months=2', headers: { host: 'demo-ph.localhost', authorization: `Bearer ${token}` } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="statement-\d{4}-\d{2}\.csv"$/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('month,currency,deposits,withdrawals,stakes,wins,net,bets');
    expect(lines[1]).toBe(`${res.body.value!.months[0].month},PHP,150.00,0.00,3.00,${wins.toFixed(2)},${(wins - 3).toFixed(2)},3`);
    expect(lines).toHaveLength(3);
    // Without the session: the envelope, no file.
    const anonymous = await app.inject({ method: 'GET', url: '/wps/member/statement.csv', headers: { host: 'demo-ph.localhost' } });
    expect(anonymous.statusCode).toBe(401);
    expect((await call(app, 'GET', '/wps/member/statement?months=25', { token })).status).toBe(400);
  });
});

/**
 * Player protection limits and the activity statement, the rules on the platform (no HTTP) on
 * both databases: deposits and spins never pass a limit under racing requests, a loosening has
 * no effect before its cooling-off ends and applies after it, a lowering applies at once, and the
 * statement sums the month. The routes (auth, the session limit, another member or tenant, bad
 * input, the CSV file) are tested over HTTP in limits-http.test.ts.
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { rows } from '../../../server/db/client';
import { withIdempotency } from '../../../server/lib/idempotency';
import { spin } from '../../../server/modules/games/services/inhouse';
import { cancelLimitChange, presentLimits, setLimit, type LimitKind, type LimitPeriod } from '../../../server/modules/protection/services/player-limits';
import { memberStatement, statementCsv } from '../../../server/modules/protection/services/statement';
import { createDeposit, presentDeposit } from '../../../server/modules/wallet/services/deposits';
import { expectLedgerClean, fundedPlayer } from '../helpers';
import { actorOf, answer, describePlatforms, idempotencyFor, onceFor, type TestActor, type TestPlatform } from '../platform-helpers';

type Limits = Awaited<ReturnType<typeof presentLimits>>;
type Change = { kind: LimitKind; period: LimitPeriod; value: number | null };

const slot = (limits: Limits, kind: string, period: string) => limits.limits.find((l) => l.kind === kind && l.period === period)!;

/** The member's limits as the limits route presents them after an action. */
const view = (platform: TestPlatform, actor: TestActor) => presentLimits(platform.db.orm, actor.tenant, actor.auth!.member.id, actor.auth!.session.createdAt);
const getLimits = (platform: TestPlatform, actor: TestActor) => answer(view(platform, actor));
const changeLimit = (platform: TestPlatform, actor: TestActor, change: Change) =>
  answer(setLimit(platform, actor.tenant, actor.auth!.member.id, change).then(() => view(platform, actor)));
const cancelChange = (platform: TestPlatform, actor: TestActor, kind: LimitKind, period: LimitPeriod) =>
  answer(cancelLimitChange(platform, actor.auth!.member.id, kind, period).then(() => view(platform, actor)));

/** A deposit request as the wallet's create route writes it (under an Idempotency-Key; no provider payment is opened here). */
function deposit(platform: TestPlatform, actor: TestActor, amount: number, channelId = 'gcash') {
  const member = actor.auth!.member;
  return answer(
    withIdempotency(platform, idempotencyFor(actor, 'wallet.create', { channelId, amount }), async (tx) => {
      const { receipt: _receipt, receiptType: _type, ...row } = await createDeposit(tx, { tenant: actor.tenant, memberId: member.id, merchantCode: member.merchantCode, channelId, amount });
      return presentDeposit(actor.tenant, { ...row, hasReceipt: false });
    }),
  );
}

/** One spin of the in-house slot at `stake` minor units, under a fresh Idempotency-Key. */
const spinOnce = (platform: TestPlatform, actor: TestActor, stake: number) => answer(spin(platform, actor, stake, null, onceFor(platform, actor, 'inhouse.spin', { stake })));

/** A new member of demo-ph with `balance` minor units, and its actor. */
async function player(platform: TestPlatform, balance: number) {
  const { token, memberId } = await fundedPlayer(platform, balance);
  return { actor: await actorOf(platform, 'demo-ph', token), memberId };
}

/** Moves a pending change's time into the past: the clock has passed the cooling-off. */
async function passCoolingOff(platform: TestPlatform, memberId: number): Promise<void> {
  await platform.db.orm.execute(sql`UPDATE player_limits SET effective_at = now() - interval '1 second' WHERE member_id = ${memberId} AND pending_set`);
}

async function depositTotal(platform: TestPlatform, memberId: number): Promise<number> {
  const [r] = await rows<{ n: string | number | null }>(platform.db.orm, sql`SELECT SUM(amount) AS n FROM deposits WHERE member_id = ${memberId} AND state IN ('pending', 'paid')`);
  return Number(r.n ?? 0);
}

describePlatforms('player protection limits', ({ platform: opened }) => {
  it('lists every limit unset, then a set one with what is used and what remains', async () => {
    const platform = opened();
    const { actor } = await player(platform, 0);
    const empty = await getLimits(platform, actor);
    expect(empty.status).toBe(200);
    expect(empty.body.value!.coolingOffHours).toBe(24);
    expect(empty.body.value!.limits.map((l) => `${l.kind}:${l.period}`)).toEqual([
      'deposit:day', 'deposit:week', 'deposit:month', 'loss:day', 'loss:week', 'loss:month', 'wager:day', 'wager:week', 'wager:month', 'session:session',
    ]);
    expect(empty.body.value!.limits.every((l) => l.value === null && l.remaining === null && l.pending === null)).toBe(true);
    const set = await changeLimit(platform, actor, { kind: 'deposit', period: 'day', value: 500 });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    await deposit(platform, actor, 400);
    const after = slot((await getLimits(platform, actor)).body.value!, 'deposit', 'day');
    expect(after).toMatchObject({ value: 500, pending: null, used: 400, remaining: 100 });
  });

  it('refuses a deposit over what remains, naming the remaining amount, and writes nothing', async () => {
    const platform = opened();
    const { actor, memberId } = await player(platform, 0);
    await changeLimit(platform, actor, { kind: 'deposit', period: 'day', value: 500 });
    expect((await deposit(platform, actor, 400)).status).toBe(200);
    const refused = await deposit(platform, actor, 200);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ errorCode: 'limit.deposit.exceeded', message: 'err_limit_deposit_exceeded', value: { period: 'day', amount: 100, limit: 500 } });
    expect(await depositTotal(platform, memberId)).toBe(40_000);
    // What remains is still allowed.
    expect((await deposit(platform, actor, 100)).status).toBe(200);
  });

  it('holds under 200 racing deposit requests: the total never passes the limit', async () => {
    const platform = opened();
    const { actor, memberId } = await player(platform, 0);
    await changeLimit(platform, actor, { kind: 'deposit', period: 'week', value: 350 });
    const results = await Promise.all(Array.from({ length: 200 }, () => deposit(platform, actor, 100)));
    const accepted = results.filter((r) => r.status === 200);
    expect(accepted).toHaveLength(3);
    expect(results.filter((r) => r.status !== 200).every((r) => r.body.errorCode === 'limit.deposit.exceeded')).toBe(true);
    expect(await depositTotal(platform, memberId)).toBe(30_000);
  }, 120_000);

  it('holds under 200 racing spins: stakes never pass the wager limit, losses never the loss limit', async () => {
    const platform = opened();
    const wager = await player(platform, 1_000_000);
    await changeLimit(platform, wager.actor, { kind: 'wager', period: 'day', value: 10 });
    const spins = await Promise.all(Array.from({ length: 200 }, () => spinOnce(platform, wager.actor, 100)));
    expect(spins.filter((r) => r.status === 200)).toHaveLength(10);
    const refused = spins.find((r) => r.status !== 200)!;
    expect(refused.body).toMatchObject({ errorCode: 'limit.wager.exceeded', value: { period: 'day', amount: 0, limit: 10 } });
    const [w] = await rows<{ n: string | number }>(platform.db.orm, sql`SELECT SUM(stake) AS n FROM bets WHERE member_id = ${wager.memberId}`);
    expect(Number(w.n)).toBe(1_000);

    const loss = await player(platform, 1_000_000);
    await changeLimit(platform, loss.actor, { kind: 'loss', period: 'month', value: 5 });
    await Promise.all(Array.from({ length: 200 }, () => spinOnce(platform, loss.actor, 100)));
    const [l] = await rows<{ stake: string | number; win: string | number }>(platform.db.orm, sql`SELECT SUM(stake) AS stake, SUM(win) AS win FROM bets WHERE member_id = ${loss.memberId}`);
    expect(Number(l.stake) - Number(l.win)).toBeLessThanOrEqual(500);
    await expectLedgerClean(platform);
  }, 180_000);

  it('a raise waits the cooling-off with the old limit enforced, applies after it, and can be cancelled', async () => {
    const platform = opened();
    const { actor, memberId } = await player(platform, 0);
    await changeLimit(platform, actor, { kind: 'deposit', period: 'day', value: 500 });
    await deposit(platform, actor, 400);
    const raised = await changeLimit(platform, actor, { kind: 'deposit', period: 'day', value: 1000 });
    const day = slot(raised.body.value!, 'deposit', 'day');
    expect(day.value).toBe(500);
    expect(day.pending!.value).toBe(1000);
    const wait = Date.parse(day.pending!.effectiveAt) - Date.now();
    expect(wait).toBeGreaterThan(23.9 * 3_600_000);
    expect(wait).toBeLessThanOrEqual(24 * 3_600_000);
    // The same raise again (a replay) keeps its time.
    const again = await changeLimit(platform, actor, { kind: 'deposit', period: 'day', value: 1000 });
    expect(slot(again.body.value!, 'deposit', 'day').pending!.effectiveAt).toBe(day.pending!.effectiveAt);
    // Before the cooling-off ends the raise has no effect.
    expect((await deposit(platform, actor, 200)).body.errorCode).toBe('limit.deposit.exceeded');
    // Cancelled: the old limit stays.
    const cancelled = await cancelChange(platform, actor, 'deposit', 'day');
    expect(slot(cancelled.body.value!, 'deposit', 'day')).toMatchObject({ value: 500, pending: null });
    // Raised again and the clock passes the cooling-off: the new limit applies.
    await changeLimit(platform, actor, { kind: 'deposit', period: 'day', value: 1000 });
    await passCoolingOff(platform, memberId);
    expect((await deposit(platform, actor, 200)).status).toBe(200);
    expect(slot((await getLimits(platform, actor)).body.value!, 'deposit', 'day')).toMatchObject({ value: 1000, pending: null, used: 600, remaining: 400 });
  });

  it('removing waits too, and lowering while a raise is pending applies at once and drops it', async () => {
    const platform = opened();
    const { actor, memberId } = await player(platform, 0);
    await changeLimit(platform, actor, { kind: 'wager', period: 'week', value: 100 });
    const removing = await changeLimit(platform, actor, { kind: 'wager', period: 'week', value: null });
    expect(slot(removing.body.value!, 'wager', 'week')).toMatchObject({ value: 100, pending: { value: null } });
    const lowered = await changeLimit(platform, actor, { kind: 'wager', period: 'week', value: 50 });
    expect(slot(lowered.body.value!, 'wager', 'week')).toMatchObject({ value: 50, pending: null });
    await changeLimit(platform, actor, { kind: 'wager', period: 'week', value: null });
    await passCoolingOff(platform, memberId);
    expect(slot((await getLimits(platform, actor)).body.value!, 'wager', 'week')).toMatchObject({ value: null, pending: null, remaining: null });
  });
});

describePlatforms('activity statement', ({ platform: opened }) => {
  it('sums the month and writes the same as CSV', async () => {
    const platform = opened();
    const { actor, memberId } = await player(platform, 100_000);
    for (let i = 0; i < 3; i++) await spinOnce(platform, actor, 100);
    const dep = await deposit(platform, actor, 150);
    await platform.db.orm.execute(sql`UPDATE deposits SET state = 'paid' WHERE id = ${dep.body.value!.id}`);
    const [b] = await rows<{ win: string | number }>(platform.db.orm, sql`SELECT SUM(win) AS win FROM bets WHERE member_id = ${memberId}`);
    const wins = Number(b.win) / 100;
    const res = await answer(memberStatement(platform.db.orm, actor.tenant, memberId, 2));
    expect(res.status).toBe(200);
    expect(res.body.value!.months).toHaveLength(2);
    expect(res.body.value!.months[0]).toMatchObject({ deposits: 150, withdrawals: 0, stakes: 3, wins, net: Number((wins - 3).toFixed(2)), bets: 3 });
    expect(res.body.value!.months[1]).toMatchObject({ deposits: 0, stakes: 0, bets: 0 });
    const lines = statementCsv(res.body.value!).trim().split('\r\n');
    expect(lines[0]).toBe('month,currency,deposits,withdrawals,stakes,wins,net,bets');
    expect(lines[1]).toBe(`${res.body.value!.months[0].month},PHP,150.00,0.00,3.00,${wins.toFixed(2)},${(wins - 3).toFixed(2)},3`);
    expect(lines).toHaveLength(3);
  });
});

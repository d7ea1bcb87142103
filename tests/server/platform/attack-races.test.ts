/**
 * Racing money requests for one member, as a busy player (or an attacker hammering the API) sends
 * them: withdrawals, transfers to the upline, deposit requests, slot spins, reward claims, and the
 * operator's deposit approvals and withdrawal rejections, all at once across two instances sharing
 * one PostgreSQL schema. Every answer must be a 2xx or a documented refusal, never a 500 (a
 * deadlock between the paths' locks was one), and the ledger must stay clean.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { deposits, withdrawals } from '../../../server/db/schema';
import { OpsRefusal } from '../../../server/ops/types';
import type { OpsActor } from '../../../server/ops/types';
import { approveDeposit } from '../../../server/modules/wallet/services/deposits';
import { approveIdentity } from '../../../server/modules/account/services/identity';
import { grantReward } from '../../../server/modules/engagement/services/rewards';
import { waiveTurnover } from '../../../server/money/turnover';
import { rejectWithdrawal } from '../../../server/modules/wallet/services/withdrawals';
import { rows, TRANSACTION_ATTEMPTS, TransactionBusyError } from '../../../server/db/client';
import { call, describeBackends, expectLedgerClean, fundedPlayer, nextIp, postgresAvailable, spinKey, twoInstances } from '../helpers';
import { openSlot, PAY_PW, playerWithUpline } from '../rebate-helpers';

const CLI: OpsActor = { operatorId: null, actor: 'cli:test', merchantCodes: null };
const NAME = 'Ana Reyes';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);
const ROUNDS = 10;

/** The refusals a racing money request may get: each is documented with its route. */
const REFUSALS = new Set([
  'balance.insufficient',
  'withdrawal.pending',
  'withdrawal.daily.limit',
  'turnover.required',
  'deposit.pending.limit',
  'deposit.state.invalid',
  'reward.claimed',
  'withdrawal.decided',
]);

interface Outcome {
  status: number;
  code?: string;
  /** The route or operator action. */
  path?: string;
}

async function verifyIdentity(app: FastifyInstance, token: string): Promise<void> {
  const res = await call<{ id: number }>(app, 'POST', '/wps/security/identity', {
    token,
    ip: nextIp(),
    body: { realName: NAME, birthday: '1988-01-02', nationality: 'Filipino', address: 'Makati', occupation: 'Nurse', sourceOfIncome: 'Salary', placeOfBirth: 'Davao', idNumber: 'ID12345678' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  for (const side of ['front', 'back', 'selfie']) {
    await call(app, 'PUT', `/wps/security/identity/images/${side}`, { token, ip: nextIp(), body: PNG, headers: { 'content-type': 'image/png' } });
  }
  await approveIdentity(app, CLI, res.body.value!.id);
}

/** An operator action's outcome, in the terms of an HTTP answer (a refusal is the ops API's 409). */
async function operator(work: () => Promise<unknown>): Promise<Outcome> {
  try {
    await work();
    return { status: 200 };
  } catch (err) {
    if (err instanceof OpsRefusal) return { status: 409, code: err.code };
    return { status: 500, code: String((err as Error).message).slice(0, 120) };
  }
}

async function request(app: FastifyInstance, method: 'POST', url: string, token: string, body: unknown): Promise<Outcome> {
  const res = await call(app, method, url, { token, ip: nextIp(), headers: spinKey(), body });
  return { status: res.status, code: res.body.errorCode, path: url.replace(/\/\d+\//, '/:id/') };
}

describe.skipIf(!postgresAvailable && !process.env.CI)('racing money requests of one member on two instances', () => {
  const two = twoInstances();

  it('answers only 2xx and documented refusals to 500+ racing requests, and the ledger stays clean', async () => {
    const apps = [two.a.app, two.b.app];
    const { player } = await playerWithUpline(two.a.app, 50_000_000);
    const token = player.token;
    await verifyIdentity(two.a.app, token);
    const account = await call<{ id: number }>(two.a.app, 'POST', '/wps/security/payoutAccounts', { token, ip: nextIp(), body: { kind: 'ewallet', providerCode: 'GCASH', accountNo: '09171234567', holderName: NAME } });
    expect(account.status, JSON.stringify(account.body)).toBe(200);
    const payoutAccountId = account.body.value!.id;
    const playToken = await openSlot(two.a.app, token);

    const outcomes: Outcome[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Between rounds: turnover waived (so withdrawals get past it and lock the wallet), new rewards.
      await waiveTurnover(two.a.app.db.orm, player.memberId, 'test');
      const rewards = [];
      for (let i = 0; i < 4; i++) {
        rewards.push(await grantReward(two.a.app.db.orm, { merchantCode: 'demoph01', memberId: player.memberId, source: 'operator', sourceRef: `race-${round}-${i}`, amount: 1_000, turnoverMultiplier: 0, expiryDays: 7 }));
      }
      const pendingDeposits = await two.a.app.db.orm.select({ id: deposits.id }).from(deposits).where(eq(deposits.memberId, player.memberId));
      const pendingWithdrawals = await two.a.app.db.orm.select({ id: withdrawals.id }).from(withdrawals).where(eq(withdrawals.memberId, player.memberId));
      const work: Promise<Outcome>[] = [];
      for (let i = 0; i < 12; i++) {
        const app = apps[i % 2];
        work.push(request(app, 'POST', '/wps/wallet/withdrawals', token, { payoutAccountId, amount: 100, paymentPassword: PAY_PW }));
        work.push(request(app, 'POST', '/wps/transfers/upline', token, { amount: 10, paymentPassword: PAY_PW }));
        work.push(request(app, 'POST', '/wps/game/inhouse/spin', playToken, { stake: 100 }));
        if (i < 6) work.push(request(app, 'POST', '/wps/wallet/deposits', token, { channelId: 'bank', amount: 500 }));
      }
      rewards.forEach((r, i) => work.push(request(apps[i % 2], 'POST', `/wps/rewards/${r!.id}/claim`, token, undefined)));
      // The operator, on either instance, credits the member's pending deposits (every other round:
      // a credited deposit adds wagering to owe, and a round without one lets withdrawals and
      // transfers through) and returns withdrawals.
      if (round % 2 === 0) pendingDeposits.forEach((d, i) => work.push(operator(() => approveDeposit(apps[i % 2], CLI, d.id)).then((o) => ({ ...o, path: 'approveDeposit' }))));
      pendingWithdrawals.forEach((w, i) => work.push(operator(() => rejectWithdrawal(apps[(i + 1) % 2], CLI, w.id, 'race test')).then((o) => ({ ...o, path: 'rejectWithdrawal' }))));
      outcomes.push(...(await Promise.all(work)));
    }

    expect(outcomes.length).toBeGreaterThanOrEqual(500);
    const unexpected = outcomes.filter((o) => !(o.status === 200 || (o.status >= 400 && o.status < 500 && o.code !== undefined && REFUSALS.has(o.code))));
    expect(unexpected).toEqual([]);
    // The race moved money on every path, not only refusals (transfers stop once the round's
    // deposits and claims add wagering to owe, so the share of successes differs by path).
    const paths = new Set(outcomes.map((o) => o.path));
    for (const path of paths) expect(outcomes.some((o) => o.path === path && o.status === 200), `no success on ${path}: ${JSON.stringify(outcomes.filter((o) => o.path === path).slice(0, 5))}`).toBe(true);
    expect(paths.size).toBe(7);
    await expectLedgerClean(two.a.app);
  }, 120_000);
});

/** An error as the database drivers throw it, with a SQLSTATE (drizzle wraps it as `cause`). */
const sqlError = (code: string) => Object.assign(new Error(`failed query`), { cause: Object.assign(new Error(`sqlstate ${code}`), { code }) });

describeBackends('transactions lost to a deadlock run again', ({ server, backend }) => {
  it('runs the whole transaction again after a deadlock or serialization failure, and nothing else', async () => {
    const { app } = server();
    let runs = 0;
    const value = await app.db.orm.transaction(async () => {
      runs += 1;
      if (runs <= 2) throw sqlError(runs === 1 ? '40P01' : '40001');
      return 'done';
    });
    expect([value, runs]).toEqual(['done', 3]);
    // A unique violation (or any other error) is the caller's: one run, thrown as it is.
    runs = 0;
    const unique = await app.db.orm.transaction(async () => {
      runs += 1;
      throw sqlError('23505');
    }).catch((e: unknown) => e);
    expect([runs, (unique as Error).message]).toEqual([1, 'failed query']);
  });

  it('gives up after TRANSACTION_ATTEMPTS runs with server.busy (503), not a 500', async () => {
    const { app } = server();
    let runs = 0;
    const err = await app.db.orm.transaction(async () => {
      runs += 1;
      throw sqlError('40P01');
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TransactionBusyError);
    expect(runs).toBe(TRANSACTION_ATTEMPTS);
  });

  it.skipIf(backend === 'pglite')('lets both sides of a real deadlock commit: the loser runs again', async () => {
    const { app } = server();
    const one = await fundedPlayer(app, 0);
    const two = await fundedPlayer(app, 0);
    let arrived = 0;
    let release!: () => void;
    const bothHoldOne = new Promise<void>((resolve) => (release = resolve));
    const runs = [0, 0];
    // Each locks one member row, waits until the other holds its own, then wants the other's: a
    // deadlock PostgreSQL breaks by aborting one; the retry runs it again after the winner commits.
    const side = (i: number, first: number, second: number) =>
      app.db.orm.transaction(async (tx) => {
        runs[i] += 1;
        await rows(tx, sql`SELECT id FROM members WHERE id = ${first} FOR UPDATE`);
        if (runs[i] === 1) {
          arrived += 1;
          if (arrived === 2) release();
          await bothHoldOne;
        }
        await rows(tx, sql`SELECT id FROM members WHERE id = ${second} FOR UPDATE`);
        return i;
      });
    expect(await Promise.all([side(0, one.memberId, two.memberId), side(1, two.memberId, one.memberId)])).toEqual([0, 1]);
    expect(runs.reduce((a, b) => a + b)).toBe(3);
  });
});

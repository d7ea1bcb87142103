/**
 * Withdrawals as an attacker and an operator try them: every blocking reason with its numbers
 * (and gone once resolved), racing requests on one account, racing payouts and rejections,
 * repeated Idempotency-Keys, wrong payment passwords, another member's account, another tenant's
 * Host, and the CLI verbs. The ledger is checked after every test that moves money.
 */
import { randomBytes } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { auditLog, ledgerAccounts, ledgerTransactions, turnoverRequirements, withdrawals } from '../../../server/db/schema';
import type { OpsActor } from '../../../server/ops/types';
import { verbs as withdrawalVerbs } from '../../../server/modules/wallet/ops/withdrawals';
import { approveIdentity } from '../../../server/modules/account/services/identity';
import { addRequirement, waiveTurnover } from '../../../server/money/turnover';
import { feeOf, payWithdrawal, rejectWithdrawal, withdrawableOf, type WithdrawalLimits } from '../../../server/modules/wallet/services/withdrawals';
import { zoneDay } from '../../../server/lib/time-zone';
import { idempotentRequest } from '../../../server/lib/idempotency';
import { rows } from '../../../server/db/client';
import { call, describeBackends, EN, expectLedgerClean, fundedPlayer, nextIp, spinKey } from '../helpers';
import { newDeposit, notice, paymentOf, sendNotice } from '../wallet-deposit-helpers';

const CLI: OpsActor = { operatorId: null, actor: 'cli:test', merchantCodes: null };
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);
const NAME = 'Ana Reyes';
const PAY_PW = '246810';
/** Requests fired at once in the races on one account: enough to contend for its lock many times over. */
const RACERS = 60;

interface Ready {
  token: string;
  memberId: number;
  walletId: number;
  accountId: number;
}

async function verifyIdentity(app: FastifyInstance, token: string): Promise<void> {
  const res = await call<{ id: number }>(app, 'POST', '/wps/security/identity', {
    token,
    ip: nextIp(),
    body: { realName: NAME, birthday: '1988-01-02', nationality: 'Filipino', address: 'Makati', occupation: 'Nurse', sourceOfIncome: 'Salary', placeOfBirth: 'Davao', idNumber: 'ID12345678' },
  });
  for (const side of ['front', 'back', 'selfie']) {
    await call(app, 'PUT', `/wps/security/identity/images/${side}`, { token, ip: nextIp(), body: PNG, headers: { 'content-type': 'image/png' } });
  }
  await approveIdentity(app, CLI, res.body.value!.id);
}

async function addAccount(app: FastifyInstance, token: string, accountNo = '09171234567'): Promise<number> {
  const res = await call<{ id: number }>(app, 'POST', '/wps/security/payoutAccounts', { token, ip: nextIp(), body: { kind: 'ewallet', providerCode: 'GCASH', accountNo, holderName: NAME } });
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  return res.body.value!.id;
}

async function setPaymentPassword(app: FastifyInstance, token: string): Promise<void> {
  const res = await call(app, 'POST', '/wps/security/paymentPassword', { token, ip: nextIp(), body: { paymentPassword: PAY_PW, confirmPaymentPassword: PAY_PW } });
  expect(res.body.success).toBe(true);
}

/** A member (demo-ph: min 100.00, max 50,000.00, fee 10.00 fixed, 3 a day) who may withdraw. */
async function readyMember(app: FastifyInstance, balance: number): Promise<Ready> {
  const player = await fundedPlayer(app, balance);
  await verifyIdentity(app, player.token);
  const accountId = await addAccount(app, player.token);
  await setPaymentPassword(app, player.token);
  return { ...player, accountId };
}

function withdraw(app: FastifyInstance, r: Pick<Ready, 'token' | 'accountId'>, amount: number, o: { key?: Record<string, string>; paymentPassword?: string; host?: string; accountId?: number } = {}) {
  return call<{ id: number; state: string; amount: number; fee: number }>(app, 'POST', '/wps/wallet/withdrawals', {
    token: r.token,
    host: o.host,
    ip: nextIp(),
    headers: o.key ?? spinKey(),
    body: { payoutAccountId: o.accountId ?? r.accountId, amount, paymentPassword: o.paymentPassword ?? PAY_PW },
  });
}

interface Reason {
  code: string;
  [k: string]: unknown;
}
interface EligibilityValue {
  balance: number;
  withdrawable: number;
  allowed: boolean;
  fee?: number;
  limits: { min: number; max: number; feeFixed: number; dailyCount: number; dailyUsed: number };
  payoutAccounts: { accountNo: string }[];
  reasons: Reason[];
}

async function eligibility(app: FastifyInstance, token: string, amount?: number): Promise<EligibilityValue> {
  const res = await call<EligibilityValue>(app, 'GET', `/wps/wallet/withdrawals/eligibility${amount === undefined ? '' : `?amount=${amount}`}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value!;
}

const codes = (e: EligibilityValue) => e.reasons.map((r) => r.code);

async function balanceOf(app: FastifyInstance, memberId: number, kind: 'WALLET' | 'HOLD'): Promise<number> {
  const [row] = await app.db.orm
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.memberId, memberId), eq(ledgerAccounts.kind, kind)));
  return row ? Number(row.balance) : 0;
}

async function withdrawalCount(app: FastifyInstance, memberId: number): Promise<number> {
  const [row] = await app.db.orm.select({ n: count() }).from(withdrawals).where(eq(withdrawals.memberId, memberId));
  return Number(row.n);
}

/** A bet as the in-house slot writes it: the stake leaves the wallet and the bet is recorded. */
async function placeBet(app: FastifyInstance, memberId: number, walletId: number, stake: number): Promise<void> {
  await app.db.orm.transaction(async (tx) => {
    const house = await app.repos.ledger.houseAccount(tx, 'demoph01', 'PHP', memberId);
    const txn = await app.repos.ledger.post(tx, { merchantCode: 'demoph01', kind: 'BET', lines: [{ accountId: walletId, amount: -stake }, { accountId: house, amount: stake }] });
    await app.repos.bets.record(tx, { memberId, merchantCode: 'demoph01', nodeId: 10001, vassalage: 'INHOUSE', gameType: 'RNG', currency: 'PHP', stake, win: 0, outcome: {}, ledgerTransactionId: txn });
  });
}

describe('withdrawal arithmetic', () => {
  const limits: WithdrawalLimits = { min: 10_000, max: 5_000_000, feePercent: 1.5, feeFixed: 500, dailyCount: 3 };

  it('the fee is the percent rounded to the minor unit plus the fixed part', () => {
    expect(feeOf(limits, 10_000)).toBe(150 + 500);
    expect(feeOf(limits, 10_033)).toBe(150 + 500);
    expect(feeOf(limits, 10_034)).toBe(151 + 500);
  });

  it('the withdrawable amount is the largest whose amount + fee the balance covers, within the limits', () => {
    for (const balance of [0, 10_649, 10_650, 10_651, 123_456, 99_999_999]) {
      const a = withdrawableOf(limits, balance);
      if (a === 0) {
        expect(limits.min + feeOf(limits, limits.min)).toBeGreaterThan(balance);
        continue;
      }
      expect(a + feeOf(limits, a)).toBeLessThanOrEqual(balance);
      expect(a).toBeLessThanOrEqual(limits.max);
      if (a < limits.max) expect(a + 1 + feeOf(limits, a + 1)).toBeGreaterThan(balance);
    }
    expect(withdrawableOf(limits, 10_650)).toBe(10_000);
    expect(withdrawableOf(limits, 99_999_999)).toBe(limits.max);
  });

  it("a day starts at the tenant's midnight", () => {
    // 2026-03-01 15:59 UTC is 23:59 in Manila; 16:00 UTC is the next day there.
    expect(zoneDay('Asia/Manila', Date.UTC(2026, 2, 1, 15, 59))).toEqual({ date: '2026-03-01', start: new Date(Date.UTC(2026, 1, 28, 16, 0)) });
    expect(zoneDay('Asia/Manila', Date.UTC(2026, 2, 1, 16, 0))).toEqual({ date: '2026-03-02', start: new Date(Date.UTC(2026, 2, 1, 16, 0)) });
    // A day the clocks change: New York's 2026-03-08 began at 05:00 UTC (EST), not 04:00.
    expect(zoneDay('America/New_York', Date.UTC(2026, 2, 8, 20, 0)).start).toEqual(new Date(Date.UTC(2026, 2, 8, 5, 0)));
  });
});

describeBackends('withdrawals', ({ server }) => {
  it('lists every blocking reason with its numbers, and each disappears once resolved', async () => {
    const { app } = server();
    const { token, memberId, walletId } = await fundedPlayer(app, 50_000);
    await addRequirement(app.db.orm, { merchantCode: 'demoph01', memberId, source: 'adjustment', required: 20_000 });

    const start = await eligibility(app, token, 50);
    expect(start).toMatchObject({ balance: 500, withdrawable: 490, allowed: false, fee: 10, limits: { min: 100, max: 50_000, feeFixed: 10, dailyCount: 3, dailyUsed: 0 }, payoutAccounts: [] });
    expect(start.reasons).toEqual([
      { code: 'turnover.required', message: 'err_turnover_required', required: 200, wagered: 0, outstanding: 200 },
      { code: 'identity.unverified', message: 'err_identity_unverified', identityState: 'none' },
      { code: 'payout.account.missing', message: 'err_payout_account_missing' },
      { code: 'withdrawal.amount.range', message: 'err_withdrawal_amount_range', amount: 50, min: 100, max: 50_000 },
      { code: 'payment.password.unset', message: 'err_payment_password_unset' },
    ]);
    const tooMuch = await eligibility(app, token, 600);
    expect(tooMuch.reasons.find((r) => r.code === 'balance.insufficient')).toEqual({ code: 'balance.insufficient', message: 'err_balance_insufficient', balance: 500, amount: 600, fee: 10, needed: 610 });
    expect(codes(await eligibility(app, token, 60_000))).toContain('withdrawal.amount.range');

    // A create now is refused with the first reason and all of them; nothing is written.
    const refused = await withdraw(app, { token, accountId: 1 }, 100);
    expect(refused.status).toBe(404);

    // Bets count against the turnover.
    await placeBet(app, memberId, walletId, 5_000);
    expect((await eligibility(app, token)).reasons[0]).toMatchObject({ code: 'turnover.required', required: 200, wagered: 50, outstanding: 150 });

    await verifyIdentity(app, token);
    expect(codes(await eligibility(app, token))).not.toContain('identity.unverified');
    const accountId = await addAccount(app, token);
    const withAccount = await eligibility(app, token);
    expect(codes(withAccount)).not.toContain('payout.account.missing');
    expect(withAccount.payoutAccounts).toEqual([{ id: accountId, kind: 'ewallet', providerCode: 'GCASH', providerName: 'GCash', accountNo: '****4567', holderName: NAME }]);

    // Still blocked by turnover and the payment password: the server refuses with the same reasons.
    const blocked = await withdraw(app, { token, accountId }, 100);
    expect(blocked.status).toBe(409);
    expect(blocked.body.errorCode).toBe('turnover.required');
    expect((blocked.body.value as unknown as { reasons: Reason[] }).reasons.map((r) => r.code)).toEqual(['turnover.required', 'payment.password.unset']);
    expect(await withdrawalCount(app, memberId)).toBe(0);

    await setPaymentPassword(app, token);
    expect(codes(await eligibility(app, token))).toEqual(['turnover.required']);
    await app.db.orm.transaction((tx) => waiveTurnover(tx, memberId, 'cli:test'));
    const clear = await eligibility(app, token, 100);
    expect(clear).toMatchObject({ allowed: true, reasons: [], balance: 450, withdrawable: 440 });

    // One pending at a time, then the daily count (3 in demo-ph) in the tenant's day.
    const first = await withdraw(app, { token, accountId }, 100);
    expect(first.body.value).toMatchObject({ state: 'pending', amount: 100, fee: 10 });
    const pending = await eligibility(app, token, 100);
    expect(pending.reasons).toEqual([{ code: 'withdrawal.pending', message: 'err_withdrawal_pending', withdrawalId: first.body.value!.id }]);
    expect(pending).toMatchObject({ balance: 340, limits: { dailyUsed: 1 } });
    await payWithdrawal(app, CLI, first.body.value!.id);
    const second = await withdraw(app, { token, accountId }, 100);
    await rejectWithdrawal(app, CLI, second.body.value!.id, 'Account closed');
    const third = await withdraw(app, { token, accountId }, 100);
    await payWithdrawal(app, CLI, third.body.value!.id);
    const full = await eligibility(app, token, 100);
    expect(full.reasons).toEqual([{ code: 'withdrawal.daily.limit', message: 'err_withdrawal_daily_limit', used: 3, allowed: 3 }]);
    const fourth = await withdraw(app, { token, accountId }, 100);
    expect(fourth.status).toBe(409);
    expect(fourth.body.errorCode).toBe('withdrawal.daily.limit');
    expect(await withdrawalCount(app, memberId)).toBe(3);
    // 450 - 110 (paid) - 110 (paid); the rejected one came back.
    expect(await balanceOf(app, memberId, 'WALLET')).toBe(45_000 - 22_000);
    expect(await balanceOf(app, memberId, 'HOLD')).toBe(0);
    await expectLedgerClean(app);
  });

  it('turnover met by bets is settled by the withdrawal itself', async () => {
    const { app } = server();
    const r = await readyMember(app, 20_000);
    await addRequirement(app.db.orm, { merchantCode: 'demoph01', memberId: r.memberId, source: 'deposit', required: 3_000 });
    expect(codes(await eligibility(app, r.token))).toEqual(['turnover.required']);
    await placeBet(app, r.memberId, r.walletId, 3_000);
    expect(codes(await eligibility(app, r.token))).toEqual([]);
    expect((await withdraw(app, r, 100)).body.success).toBe(true);
    const [req] = await app.db.orm.select().from(turnoverRequirements).where(eq(turnoverRequirements.memberId, r.memberId));
    expect(req.metAt).not.toBeNull();
    await expectLedgerClean(app);
  });

  it(`${RACERS} racing requests on one account: one pending, never an overdraw`, async () => {
    const { app } = server();
    // Exactly one withdrawal of 100.00 + 10.00 fee.
    const r = await readyMember(app, 11_000);
    const results = await Promise.all(Array.from({ length: RACERS }, () => withdraw(app, r, 100)));
    const ok = results.filter((x) => x.body.success);
    expect(ok).toHaveLength(1);
    for (const x of results.filter((y) => !y.body.success)) expect(['withdrawal.pending', 'balance.insufficient']).toContain(x.body.errorCode);
    expect(await withdrawalCount(app, r.memberId)).toBe(1);
    expect(await balanceOf(app, r.memberId, 'WALLET')).toBe(0);
    expect(await balanceOf(app, r.memberId, 'HOLD')).toBe(11_000);
    await expectLedgerClean(app);

    // Racing decisions on that withdrawal: exactly one moves money.
    const id = ok[0].body.value!.id;
    const decisions = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? payWithdrawal(app, CLI, id) : rejectWithdrawal(app, CLI, id, 'race'))));
    expect(decisions.filter((d) => d.status === 'fulfilled')).toHaveLength(1);
    for (const d of decisions) if (d.status === 'rejected') expect((d.reason as { code: string }).code).toBe('withdrawal.decided');
    const [w] = await app.db.orm.select().from(withdrawals).where(eq(withdrawals.id, id));
    expect(await balanceOf(app, r.memberId, 'HOLD')).toBe(0);
    expect(await balanceOf(app, r.memberId, 'WALLET')).toBe(w.state === 'rejected' ? 11_000 : 0);
    const settled = await app.db.orm.select().from(ledgerTransactions).where(eq(ledgerTransactions.memo, `withdrawal ${id}`));
    expect(settled).toHaveLength(1);
    await expectLedgerClean(app);
  });

  it(`${RACERS} racing withdrawals and deposit callbacks on one account: each deposit credited once, at most one withdrawal, never an overdraw`, async () => {
    const { app } = server();
    // Room for exactly one withdrawal of 100.00 + 10.00 fee; five gateway deposits of 1,000.00 waiting to be paid.
    const r = await readyMember(app, 11_000);
    const deposits = [];
    for (let i = 0; i < 5; i++) deposits.push(await newDeposit(app, r.token, 'gcash', 1000));
    const notices = await Promise.all(deposits.map(async (d) => notice(app, await paymentOf(app, d.id))));
    const results = await Promise.all(
      Array.from({ length: RACERS }, (_, i) => (i % 2 === 0 ? withdraw(app, r, 100).then((x) => ({ kind: 'withdraw' as const, ok: x.body.success, code: x.body.errorCode })) : sendNotice(app, notices[i % 5]).then((x) => ({ kind: 'notice' as const, ok: x.status === 200, code: x.body.value?.outcome })))),
    );
    const notices200 = results.filter((x) => x.kind === 'notice');
    expect(notices200.every((x) => x.ok)).toBe(true);
    expect(notices200.filter((x) => x.code === 'credited')).toHaveLength(5);
    const withdrawn = results.filter((x) => x.kind === 'withdraw' && x.ok);
    expect(withdrawn.length).toBeLessThanOrEqual(1);
    // A credited deposit adds turnover to wager, which then blocks withdrawing: a reason, not a failure.
    for (const x of results.filter((y) => y.kind === 'withdraw' && !y.ok)) expect(['withdrawal.pending', 'balance.insufficient', 'turnover.required']).toContain(x.code);
    expect(await withdrawalCount(app, r.memberId)).toBe(withdrawn.length);
    const wallet = await balanceOf(app, r.memberId, 'WALLET');
    const hold = await balanceOf(app, r.memberId, 'HOLD');
    expect(wallet).toBeGreaterThanOrEqual(0);
    expect(hold).toBe(withdrawn.length * 11_000);
    // demo-ph has the reward centre (REWCEN3): the 20% bonus waits there, so each deposit credits 1,000.00.
    expect(wallet + hold).toBe(11_000 + 5 * 100_000);
    await expectLedgerClean(app);
  });

  it('a repeated Idempotency-Key moves money once, racing or not; another body with it is refused', async () => {
    const { app } = server();
    const r = await readyMember(app, 100_000);
    const key = spinKey();
    const first = await withdraw(app, r, 200, { key });
    const again = await withdraw(app, r, 200, { key });
    expect(again.body).toEqual(first.body);
    const other = await withdraw(app, r, 300, { key });
    expect(other.status).toBe(422);
    expect(other.body.errorCode).toBe('idempotency.key.reused');
    await payWithdrawal(app, CLI, first.body.value!.id);

    const raceKey = spinKey();
    const racing = await Promise.all(Array.from({ length: 10 }, () => withdraw(app, r, 150, { key: raceKey })));
    const ids = new Set(racing.map((x) => x.body.value?.id));
    expect(racing.every((x) => x.body.success)).toBe(true);
    expect(ids.size).toBe(1);
    expect(await withdrawalCount(app, r.memberId)).toBe(2);
    expect(await balanceOf(app, r.memberId, 'WALLET')).toBe(100_000 - 21_000 - 16_000);
    await expectLedgerClean(app);
  });

  it('the key keeps no payment password: a wrong one is refused before the key, a retry with a changed one answers the first withdrawal', async () => {
    const { app } = server();
    const r = await readyMember(app, 100_000);
    const key = spinKey();
    const first = await withdraw(app, r, 200, { key });
    expect(first.body.success).toBe(true);
    const wrong = await withdraw(app, r, 200, { key, paymentPassword: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errorCode).toBe('payment.password.incorrect');
    const NEW_PW = '135791';
    const changed = await call(app, 'POST', '/wps/security/paymentPassword/change', {
      token: r.token,
      ip: nextIp(),
      body: { oldPaymentPassword: PAY_PW, newPaymentPassword: NEW_PW, confirmPaymentPassword: NEW_PW },
    });
    expect(changed.body.success).toBe(true);
    const retry = await withdraw(app, r, 200, { key, paymentPassword: NEW_PW });
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    // One stored hash whatever the password: the body's payment password is not in it.
    const hashWith = (paymentPassword: string) =>
      idempotentRequest({
        scope: 'withdrawal.create',
        method: 'POST',
        key: key['idempotency-key'],
        memberId: r.memberId,
        params: {},
        body: { payoutAccountId: r.accountId, amount: 200, paymentPassword },
        omits: ['paymentPassword'],
      }).requestHash;
    expect(hashWith(PAY_PW)).toBe(hashWith(NEW_PW));
    const stored = await rows<{ scope: string; request_hash: string }>(app.db.orm, sql`SELECT scope, request_hash FROM idempotency_keys WHERE member_id = ${r.memberId}`);
    expect(stored).toEqual([{ scope: 'withdrawal.create', request_hash: hashWith(PAY_PW) }]);
    expect(await withdrawalCount(app, r.memberId)).toBe(1);
    await expectLedgerClean(app);
  });

  it('answers match their response schemas', async () => {
    const { app } = server();
    const r = await readyMember(app, 100_000);
    const valid = (name: string, body: unknown) => {
      const validate = app.schemas.bodyAjv.compile((app.schemas.route('withdrawal', name).response as Record<number, object>)[200]);
      expect(validate(body), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
    };
    valid('eligibility', (await call(app, 'GET', '/wps/wallet/withdrawals/eligibility?amount=100', { token: r.token })).body);
    const created = await withdraw(app, r, 100);
    valid('create', created.body);
    valid('eligibility', (await call(app, 'GET', '/wps/wallet/withdrawals/eligibility', { token: r.token })).body);
    await rejectWithdrawal(app, CLI, created.body.value!.id, 'test');
    valid('list', (await call(app, 'GET', '/wps/wallet/withdrawals', { token: r.token })).body);
    const blank = await fundedPlayer(app, 0);
    valid('eligibility', (await call(app, 'GET', '/wps/wallet/withdrawals/eligibility?amount=1', { token: blank.token })).body);
    await expectLedgerClean(app);
  });

  it('free-trial accounts cannot withdraw', async () => {
    const { app } = server();
    const trial = await fundedPlayer(app, 50_000, 4);
    const res = await withdraw(app, { token: trial.token, accountId: 1 }, 100);
    expect(res.status).toBe(403);
    expect(res.body.errorCode).toBe('trial.forbidden');
    expect(await balanceOf(app, trial.memberId, 'WALLET')).toBe(50_000);
  });

  it('a wrong payment password changes no row and counts towards the lock', async () => {
    const { app } = server();
    const r = await readyMember(app, 50_000);
    const [before] = await app.db.orm.select({ n: count() }).from(ledgerTransactions);
    const wrong = await withdraw(app, r, 100, { paymentPassword: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ errorCode: 'payment.password.incorrect', value: { attemptsLeft: 4 } });
    for (let i = 0; i < 4; i++) await withdraw(app, r, 100, { paymentPassword: '000000' });
    const locked = await withdraw(app, r, 100);
    expect(locked.status).toBe(429);
    expect(locked.body.errorCode).toBe('payment.password.locked');
    const [after] = await app.db.orm.select({ n: count() }).from(ledgerTransactions);
    expect(after.n).toBe(before.n);
    expect(await withdrawalCount(app, r.memberId)).toBe(0);
    expect(await balanceOf(app, r.memberId, 'WALLET')).toBe(50_000);
    await expectLedgerClean(app);
  });

  it("refuses another member's payout account, a removed one, another tenant's Host and amounts finer than a cent", async () => {
    const { app } = server();
    const a = await readyMember(app, 50_000);
    const b = await readyMember(app, 50_000);
    const foreign = await withdraw(app, a, 100, { accountId: b.accountId });
    expect(foreign.status).toBe(404);
    expect(foreign.body.errorCode).toBe('not.found');
    const otherHost = await withdraw(app, a, 100, { host: EN });
    expect(otherHost.status).toBe(401);
    const fine = await withdraw(app, a, 100.001);
    expect(fine.body).toMatchObject({ errorCode: 'validation.failed', value: { field: '/amount' } });
    const noKey = await call(app, 'POST', '/wps/wallet/withdrawals', { token: a.token, body: { payoutAccountId: a.accountId, amount: 100, paymentPassword: PAY_PW } });
    expect(noKey.body.errorCode).toBe('validation.failed');
    await call(app, 'DELETE', `/wps/security/payoutAccounts/${a.accountId}`, { token: a.token, ip: nextIp(), body: { paymentPassword: PAY_PW } });
    expect((await withdraw(app, a, 100)).status).toBe(404);
    expect(await withdrawalCount(app, a.memberId)).toBe(0);
    expect(await withdrawalCount(app, b.memberId)).toBe(0);
    expect(await balanceOf(app, a.memberId, 'WALLET')).toBe(50_000);
    await expectLedgerClean(app);
  });

  it('lists the member’s withdrawals newest first with masked accounts; verbs pay and reject once', async () => {
    const { app } = server();
    const r = await readyMember(app, 100_000);
    const run = async (words: string[], positionals: string[], options: Record<string, string> = {}) => {
      const verb = withdrawalVerbs.find((v) => v.words.join(' ') === words.join(' '))!;
      const lines: string[] = [];
      const code = await verb.run({ app, actor: CLI, out: (l) => lines.push(l), json: false }, { positionals, options });
      return { code, lines };
    };
    const w1 = (await withdraw(app, r, 100)).body.value!.id;
    const listed = await run(['withdrawals', 'list'], [], { state: 'pending' });
    expect(listed.code).toBe(0);
    expect(listed.lines.find((l) => l.startsWith(`${w1}\t`))).toContain('09171234567');
    expect(await run(['withdrawals', 'pay'], [String(w1)])).toEqual({ code: 0, lines: [`withdrawal ${w1} paid`] });
    const twice = await run(['withdrawals', 'pay'], [String(w1)]);
    expect(twice.code).toBe(1);
    expect(twice.lines[0]).toMatch(/withdrawal\.decided/);
    expect((await run(['withdrawals', 'reject'], [String(w1)], { reason: 'late' })).code).toBe(1);
    expect((await run(['withdrawals', 'reject'], [String(w1)])).code).toBe(2);
    expect((await run(['withdrawals', 'pay'], ['abc'])).code).toBe(2);
    expect((await run(['withdrawals', 'pay'], ['999999999'])).code).toBe(1);

    const w2 = (await withdraw(app, r, 250.5)).body.value!.id;
    expect((await run(['withdrawals', 'reject'], [String(w2)], { reason: 'Name does not match' })).code).toBe(0);
    const audit = await app.db.orm.select().from(auditLog).where(eq(auditLog.targetType, 'withdrawal'));
    expect(audit.filter((x) => x.targetId === String(w2))).toMatchObject([{ action: 'withdrawal.reject', actor: 'cli:test', reason: 'Name does not match' }]);
    expect(audit.filter((x) => x.targetId === String(w1))).toHaveLength(1);

    const page = await call<{ list: { id: number; state: string; reason?: string; amount: number; payoutAccount: { accountNo: string } }[]; total: number; totalPages: number }>(
      app, 'GET', '/wps/wallet/withdrawals?pageNo=1&pageSize=1', { token: r.token },
    );
    expect(page.body.value).toMatchObject({ total: 2, totalPages: 2 });
    expect(page.body.value!.list).toMatchObject([{ id: w2, state: 'rejected', reason: 'Name does not match', amount: 250.5, payoutAccount: { accountNo: '****4567' } }]);
    const page2 = await call<{ list: { id: number }[] }>(app, 'GET', '/wps/wallet/withdrawals?pageNo=2&pageSize=1', { token: r.token });
    expect(page2.body.value!.list.map((w) => w.id)).toEqual([w1]);
    const stranger = await fundedPlayer(app, 0);
    expect((await call<{ total: number }>(app, 'GET', '/wps/wallet/withdrawals', { token: stranger.token })).body.value!.total).toBe(0);
    expect(await balanceOf(app, r.memberId, 'WALLET')).toBe(100_000 - 11_000);
    await expectLedgerClean(app);
  });
});

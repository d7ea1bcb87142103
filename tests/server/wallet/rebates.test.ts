/**
 * Cash back: the accrual from real spins (pushes earn nothing), claims that pay once (a repeated
 * Idempotency-Key, 50 racing claims), the turnover it adds, the daily settlement through the ops
 * verb, the report by day and game type, and the gates (flags, another tenant's Host). The ledger
 * is checked after every test that moves money.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { shiftDate, zoneDate, zoneMidnight } from '../../../src/domain/date-range';
import { rows } from '../../../server/db/client';
import { auditLog, bets, ledgerTransactions, rebateClaimLines, rebateClaims, transfers, turnoverRequirements } from '../../../server/db/schema';
import { runOps } from '../../../server/ops/runner';
import type { OpsActor } from '../../../server/ops/types';
import { rebateOf } from '../../../server/modules/wallet/services/rebates';
import { call, describeBackends, EN, expectLedgerClean, fundedPlayer, spinKey, tokenFor } from '../helpers';
import { openSlot, placeBet, spin } from '../rebate-helpers';

const CLI: OpsActor = { operatorId: null, actor: 'cli:test', merchantCodes: null };
const ZONE = 'Asia/Manila';
/** demo-ph's rates in hundredths of a percent. */
const RATE_BP: Record<string, number> = { RNG: 80, FISH: 60, LIVE: 50 };

interface Category {
  gameType: string;
  validTurnover: number;
  rate: number;
  amount: number;
}
interface Accrued {
  categories: Category[];
  total: number;
  minClaim: number;
  turnoverMultiplier: number;
  turnoverRequired: number;
  claimable: boolean;
  reason?: { code: string; message: string };
  since?: string;
  lastClaimAt?: string;
}
interface Claim {
  id: number;
  amount: number;
  turnoverRequired: number;
  balance: number;
  lines: Category[];
}
interface ReportRow {
  day: string;
  gameType: string;
  validTurnover: number;
  amount: number;
  manual: number;
  auto: number;
  claims: number;
}
interface Report {
  range: { start: string; end: string; timeZone: string };
  list: ReportRow[];
  totals: { validTurnover: number; amount: number; manual: number; auto: number; claims: number };
  nextCursor?: string;
}

async function accrued(app: FastifyInstance, token: string): Promise<Accrued> {
  const res = await call<Accrued>(app, 'GET', '/wps/rebates/accrued', { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value!;
}

const claim = (app: FastifyInstance, token: string, key = spinKey()) => call<Claim>(app, 'POST', '/wps/rebates/claim', { token, headers: key });

async function balanceOf(app: FastifyInstance, memberId: number): Promise<number> {
  return (await app.repos.ledger.walletOf(memberId))!.balance;
}

async function claimsOf(app: FastifyInstance, memberId: number) {
  return app.db.orm.select().from(rebateClaims).where(eq(rebateClaims.memberId, memberId)).orderBy(asc(rebateClaims.id));
}

/** The valid turnover per game type of the member's bets after bet `after`, as the rule says: stakes of bets whose win differs from the stake. */
async function expectedTurnover(app: FastifyInstance, memberId: number, after = 0): Promise<Map<string, number>> {
  const found = await app.db.orm.select().from(bets).where(eq(bets.memberId, memberId));
  const valid = new Map<string, number>();
  for (const b of found) if (b.id > after && b.win !== b.stake) valid.set(b.gameType, (valid.get(b.gameType) ?? 0) + b.stake);
  return valid;
}

/** Noon of the tenant's day `days` before today, as an instant. */
const noonOf = (days: number) => new Date(zoneMidnight(ZONE, shiftDate(zoneDate(ZONE), -days)) + 12 * 3600_000);

describeBackends('cash back', ({ server }) => {
  it('has the tables of migration 0013 as server/db/schema.ts describes them', async () => {
    const { app } = server();
    for (const table of [rebateClaims, rebateClaimLines, transfers]) {
      const config = getTableConfig(table);
      const columns = await rows<{ column_name: string }>(
        app.db.orm,
        sql`SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ${config.name}`,
      );
      expect(new Set(columns.map((c) => c.column_name))).toEqual(new Set(config.columns.map((c) => c.name)));
    }
  });

  it('accrues the rates times the valid turnover of real spins, pushes excluded', async () => {
    const { app } = server();
    const { token, memberId, walletId } = await fundedPlayer(app, 1_000_000);
    const before = await accrued(app, token);
    expect(before).toMatchObject({ total: 0, claimable: false, reason: { code: 'rebate.nothing.accrued', message: 'err_rebate_nothing_accrued' }, minClaim: 1, turnoverMultiplier: 1 });
    expect(before.categories.map((c) => c.gameType)).toEqual(['RNG', 'FISH', 'LIVE', 'PVP', 'SPORTS', 'ESPORTS', 'COCKFIGHT', 'LOTT', 'ELOTT']);
    expect(before.categories[0]).toEqual({ gameType: 'RNG', validTurnover: 0, rate: 0.8, amount: 0 });

    await spin(app, await openSlot(app, token), 40, 1_000);
    // A push (win = stake) and a fish bet, written as the slot writes bets, so both are certain to be there.
    await placeBet(app, memberId, walletId, { stake: 5_000, win: 5_000 });
    await placeBet(app, memberId, walletId, { stake: 12_345, win: 0, gameType: 'FISH' });

    const valid = await expectedTurnover(app, memberId);
    const stakes = (await app.db.orm.select().from(bets).where(eq(bets.memberId, memberId))).filter((b) => b.gameType === 'RNG').reduce((t, b) => t + b.stake, 0);
    expect(valid.get('RNG')!).toBeLessThanOrEqual(stakes - 5_000);
    const now = await accrued(app, token);
    const rng = now.categories.find((c) => c.gameType === 'RNG')!;
    const fish = now.categories.find((c) => c.gameType === 'FISH')!;
    expect(rng).toEqual({ gameType: 'RNG', validTurnover: valid.get('RNG')! / 100, rate: 0.8, amount: rebateOf(valid.get('RNG')!, RATE_BP.RNG) / 100 });
    expect(fish).toEqual({ gameType: 'FISH', validTurnover: 123.45, rate: 0.6, amount: 0.74 });
    expect(now.total).toBe((rebateOf(valid.get('RNG')!, RATE_BP.RNG) + rebateOf(12_345, RATE_BP.FISH)) / 100);
    expect(now.turnoverRequired).toBe(now.total);
    expect(now.since).toBeDefined();
    expect(now.claimable).toBe(now.total >= 1);
    await expectLedgerClean(app);
  });

  it('pays a claim once for a repeated Idempotency-Key, adds its turnover, and starts the next accrual after it', async () => {
    const { app } = server();
    const { token, memberId, walletId } = await fundedPlayer(app, 1_000_000);
    await placeBet(app, memberId, walletId, { stake: 50_000, win: 20_000 });
    await placeBet(app, memberId, walletId, { stake: 10_000, win: 10_000 });
    await placeBet(app, memberId, walletId, { stake: 20_000, win: 0, gameType: 'LIVE' });
    const start = await balanceOf(app, memberId);
    const key = spinKey();
    const first = await claim(app, token, key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    // RNG 500.00 valid (the push of 100.00 earns nothing) x 0.8% = 4.00; LIVE 200.00 x 0.5% = 1.00.
    expect(first.body.value).toMatchObject({ amount: 5, turnoverRequired: 5, balance: (start + 500) / 100 });
    expect(first.body.value!.lines).toEqual([
      { gameType: 'RNG', validTurnover: 500, rate: 0.8, amount: 4 },
      { gameType: 'LIVE', validTurnover: 200, rate: 0.5, amount: 1 },
    ]);
    const again = await claim(app, token, key);
    expect(again.body).toEqual(first.body);
    expect(await balanceOf(app, memberId)).toBe(start + 500);
    const claims = await claimsOf(app, memberId);
    expect(claims).toHaveLength(1);
    expect(claims[0]).toMatchObject({ kind: 'manual', fromBetId: 0, amount: 500, turnoverRequired: 500, day: zoneDate(ZONE) });
    const [txn] = await app.db.orm.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, claims[0].transactionId));
    expect(txn.kind).toBe('REBATE');
    const requirements = await app.db.orm.select().from(turnoverRequirements).where(eq(turnoverRequirements.memberId, memberId));
    expect(requirements.map((r) => ({ source: r.source, sourceId: r.sourceId, required: r.required }))).toEqual([{ source: 'rebate', sourceId: String(claims[0].id), required: 500 }]);

    const after = await accrued(app, token);
    expect(after).toMatchObject({ total: 0, claimable: false, reason: { code: 'rebate.nothing.accrued' } });
    expect(after.lastClaimAt).toBe(claims[0].createdAt.toISOString());
    expect((await claim(app, token)).body.errorCode).toBe('rebate.nothing.accrued');

    // Only the bets after the claim accrue from now on.
    const next = await placeBet(app, memberId, walletId, { stake: 25_000 });
    expect((await accrued(app, token)).total).toBe(2);
    const second = await claim(app, token);
    expect(second.body.value!.amount).toBe(2);
    const both = await claimsOf(app, memberId);
    expect(both[1]).toMatchObject({ fromBetId: claims[0].untilBetId, untilBetId: next, amount: 200 });
    await expectLedgerClean(app);
  });

  it('pays one of 50 racing claims with different keys; the others find nothing accrued', async () => {
    const { app } = server();
    const { token, memberId, walletId } = await fundedPlayer(app, 1_000_000);
    await placeBet(app, memberId, walletId, { stake: 100_000 });
    const start = await balanceOf(app, memberId);
    const results = await Promise.all(Array.from({ length: 50 }, () => claim(app, token)));
    const paid = results.filter((r) => r.status === 200);
    expect(paid).toHaveLength(1);
    expect(paid[0].body.value!.amount).toBe(8);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.body.errorCode).toBe('rebate.nothing.accrued');
    }
    expect(await balanceOf(app, memberId)).toBe(start + 800);
    expect(await claimsOf(app, memberId)).toHaveLength(1);
    await expectLedgerClean(app);
  });

  it('refuses a claim below the minimum with the numbers, and pays nothing', async () => {
    const { app } = server();
    const { token, memberId, walletId } = await fundedPlayer(app, 100_000);
    // 100.00 valid x 0.8% = 0.80, below the minimum claim of 1.00.
    await placeBet(app, memberId, walletId, { stake: 10_000 });
    const state = await accrued(app, token);
    expect(state).toMatchObject({ total: 0.8, claimable: false, reason: { code: 'rebate.below.minimum', message: 'err_rebate_below_minimum' } });
    const refused = await claim(app, token);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ errorCode: 'rebate.below.minimum', message: 'err_rebate_below_minimum', value: { total: 0.8, minClaim: 1 } });
    expect(await claimsOf(app, memberId)).toHaveLength(0);
    expect(await balanceOf(app, memberId)).toBe(90_000);
    await expectLedgerClean(app);
  });

  it('is refused where the tenant has it off, to a trial member, and on another tenant\'s Host', async () => {
    const { app } = server();
    const en = await tokenFor(app, 'demoplayer', undefined, { host: EN });
    const off = await call(app, 'GET', '/wps/rebates/accrued', { host: EN, token: en });
    expect(off.status).toBe(403);
    expect(off.body).toMatchObject({ errorCode: 'rebate.disabled', message: 'err_rebate_disabled' });
    expect((await call(app, 'POST', '/wps/rebates/claim', { host: EN, token: en, headers: spinKey() })).body.errorCode).toBe('rebate.disabled');
    const report = await call(app, 'GET', '/wps/rebates/report', { host: EN, token: en });
    expect(report.status).toBe(403);
    expect(report.body.errorCode).toBe('rebate.report.disabled');

    const { token } = await fundedPlayer(app, 100_000);
    expect((await call(app, 'GET', '/wps/rebates/accrued', { host: EN, token })).status).toBe(401);
    expect((await call(app, 'POST', '/wps/rebates/claim', { host: EN, token, headers: spinKey() })).status).toBe(401);
    const trial = await fundedPlayer(app, 100_000, 4);
    expect((await call(app, 'POST', '/wps/rebates/claim', { token: trial.token, headers: spinKey() })).body.errorCode).toBe('trial.forbidden');
    // Without an Idempotency-Key nothing is claimed.
    const noKey = await call(app, 'POST', '/wps/rebates/claim', { token });
    expect(noKey.status).toBe(400);
    expect(noKey.body.errorCode).toBe('validation.failed');
    expect((await call(app, 'GET', '/wps/rebates/accrued')).status).toBe(401);
  });

  it('settles automatic rebates once per member and day, bets after the day waiting for the next', async () => {
    const { app } = server();
    const a = await fundedPlayer(app, 1_000_000);
    const b = await fundedPlayer(app, 1_000_000);
    const day = shiftDate(zoneDate(ZONE), -2);
    await placeBet(app, a.memberId, a.walletId, { stake: 30_000, at: noonOf(3) });
    await placeBet(app, a.memberId, a.walletId, { stake: 20_000, win: 20_000, at: noonOf(2) });
    await placeBet(app, a.memberId, a.walletId, { stake: 20_000, gameType: 'FISH', at: noonOf(2) });
    await placeBet(app, a.memberId, a.walletId, { stake: 50_000, at: noonOf(1) });
    await placeBet(app, b.memberId, b.walletId, { stake: 5_000, at: noonOf(2) });
    const startA = await balanceOf(app, a.memberId);

    const run = await runOps(app, CLI, ['rebates', 'settle', '--tenant', 'demo-ph', '--date', day]);
    expect(run.exitCode, run.stderr.join('\n')).toBe(0);
    expect(run.stdout.join('\n')).toMatch(new RegExp(`^demo-ph ${day}: \\d+ member\\(s\\) paid`));
    const [paid] = await claimsOf(app, a.memberId);
    // 300.00 RNG x 0.8% + 200.00 FISH x 0.6% = 2.40 + 1.20; the push and the later bet are not in it.
    expect(paid).toMatchObject({ kind: 'auto', day, amount: 360, turnoverRequired: 360 });
    expect(await balanceOf(app, a.memberId)).toBe(startA + 360);
    // b's 0.40 is below the minimum: it waits.
    expect(await claimsOf(app, b.memberId)).toHaveLength(0);
    const audit = await app.db.orm.select().from(auditLog).where(and(eq(auditLog.action, 'rebate.settle'), eq(auditLog.targetId, String(a.memberId))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: 'cli:test', merchantCode: 'demoph01', targetType: 'member' });

    // Again for the same day, even with a bet of that day that came in late: nobody is paid twice.
    const lateBet = await placeBet(app, a.memberId, a.walletId, { stake: 90_000, at: noonOf(2) });
    const again = await runOps(app, CLI, ['rebates', 'settle', '--tenant', 'demo-ph', '--date', day, '--json']);
    expect(again.exitCode).toBe(0);
    const doc = JSON.parse(again.stdout[0]) as { settled: { tenant: string; alreadySettled: number }[] };
    expect(doc.settled[0].alreadySettled).toBeGreaterThanOrEqual(1);
    expect(await claimsOf(app, a.memberId)).toHaveLength(1);
    // The late bet's stake left the wallet; no rebate came in.
    expect(await balanceOf(app, a.memberId)).toBe(startA + 360 - 90_000);

    // The next day's settlement (or a claim) covers what came after, once.
    const next = await runOps(app, CLI, ['rebates', 'settle', '--tenant', 'demo-ph', '--date', shiftDate(day, 1)]);
    expect(next.exitCode).toBe(0);
    const [, second] = await claimsOf(app, a.memberId);
    // 500.00 (the later bet) + 900.00 (the late one) x 0.8%.
    expect(second).toMatchObject({ kind: 'auto', day: shiftDate(day, 1), fromBetId: paid.untilBetId, untilBetId: lateBet, amount: 1_120 });
    expect(await balanceOf(app, a.memberId)).toBe(startA + 360 - 90_000 + 1_120);
    await expectLedgerClean(app);
  });

  it('refuses to settle a day that is not over, and bad usage', async () => {
    const { app } = server();
    const today = await runOps(app, CLI, ['rebates', 'settle', '--tenant', 'demo-ph', '--date', zoneDate(ZONE)]);
    expect(today.exitCode).toBe(1);
    expect(today.stderr.join('')).toMatch(/is not over yet for demo-ph \(its today is \d{4}-\d{2}-\d{2}\) \(rebate\.day\.open\)/);
    expect((await runOps(app, CLI, ['rebates', 'settle', '--date', '2026-02-30'])).exitCode).toBe(2);
    expect((await runOps(app, CLI, ['rebates', 'settle', '--tenant', 'nowhere'])).exitCode).toBe(1);
    expect((await runOps(app, CLI, ['rebates', 'settle', '--days', '3'])).exitCode).toBe(2);
    const scoped = await runOps(app, { operatorId: null, actor: 'cli:en', merchantCodes: ['demoen01'] }, ['rebates', 'settle', '--tenant', 'demo-ph']);
    expect(scoped.exitCode).toBe(1);
    // demo-en has no rates: skipped, nothing paid.
    const en = await runOps(app, CLI, ['rebates', 'settle', '--tenant', 'demo-en']);
    expect(en.stdout).toEqual([`demo-en ${shiftDate(zoneDate(ZONE), -1)}: skipped (no rates)`]);
  });

  it('reports claims and automatic rebates by day and game type, with totals and keyset pages', async () => {
    const { app } = server();
    const { token, memberId, walletId } = await fundedPlayer(app, 1_000_000);
    const day = shiftDate(zoneDate(ZONE), -3);
    await placeBet(app, memberId, walletId, { stake: 40_000, at: noonOf(3) });
    await placeBet(app, memberId, walletId, { stake: 40_000, gameType: 'LIVE', at: noonOf(3) });
    expect((await runOps(app, CLI, ['rebates', 'settle', '--tenant', 'demo-ph', '--date', day])).exitCode).toBe(0);
    await placeBet(app, memberId, walletId, { stake: 25_000 });
    await placeBet(app, memberId, walletId, { stake: 30_000, win: 1_000, gameType: 'FISH' });
    expect((await claim(app, token)).status).toBe(200);

    const res = await call<Report>(app, 'GET', '/wps/rebates/report?range=7d', { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const report = res.body.value!;
    expect(report.range).toEqual({ start: shiftDate(zoneDate(ZONE), -6), end: zoneDate(ZONE), timeZone: ZONE });
    expect(report.list).toEqual([
      { day: zoneDate(ZONE), gameType: 'RNG', validTurnover: 250, amount: 2, manual: 2, auto: 0, claims: 1 },
      { day: zoneDate(ZONE), gameType: 'FISH', validTurnover: 300, amount: 1.8, manual: 1.8, auto: 0, claims: 1 },
      { day, gameType: 'RNG', validTurnover: 400, amount: 3.2, manual: 0, auto: 3.2, claims: 1 },
      { day, gameType: 'LIVE', validTurnover: 400, amount: 2, manual: 0, auto: 2, claims: 1 },
    ]);
    expect(report.totals).toEqual({ validTurnover: 1350, amount: 9, manual: 3.8, auto: 5.2, claims: 2 });
    expect(report.nextCursor).toBeUndefined();

    // Page by page, the same rows in the same order.
    const seen: ReportRow[] = [];
    let cursor: string | undefined;
    do {
      const page = await call<Report>(app, 'GET', `/wps/rebates/report?range=7d&pageSize=1${cursor ? `&cursor=${cursor}` : ''}`, { token });
      expect(page.body.value!.list).toHaveLength(1);
      expect(page.body.value!.totals).toEqual(report.totals);
      seen.push(...page.body.value!.list);
      cursor = page.body.value!.nextCursor;
    } while (cursor);
    expect(seen).toEqual(report.list);

    // Today only: the claim.
    const today = await call<Report>(app, 'GET', '/wps/rebates/report', { token });
    expect(today.body.value!.totals).toEqual({ validTurnover: 550, amount: 3.8, manual: 3.8, auto: 0, claims: 1 });
    // Another member sees none of it.
    const other = await fundedPlayer(app, 0);
    expect((await call<Report>(app, 'GET', '/wps/rebates/report?range=30d', { token: other.token })).body.value!.list).toEqual([]);

    const bad = await call(app, 'GET', `/wps/rebates/report?start=${zoneDate(ZONE)}&end=${day}`, { token });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errorCode: 'date.range.order', value: { field: '/end' } });
    const badCursor = await call(app, 'GET', '/wps/rebates/report?range=7d&cursor=bm9wZQ', { token });
    expect(badCursor.status).toBe(400);
    expect(badCursor.body).toMatchObject({ errorCode: 'validation.failed', value: { field: '/cursor' } });
    await expectLedgerClean(app);
  });
});

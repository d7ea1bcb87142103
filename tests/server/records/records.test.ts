/**
 * The member's records (schemas/api/reports.json): account record, betting record with the round
 * of a bet, profit and loss. Pages walked to the end against the rows in the database (newest
 * first, no duplicate, no gap), totals and profit and loss against sums taken straight from the
 * bets and ledger entries (the tenant's days counted by PostgreSQL's own time zone rules), the
 * agent's team view, and an attacker's tries: another member's bet, another tenant's Host, a
 * forged cursor, a bad range. The list queries are read off the new indexes; the ops verbs that
 * seed and rebuild keep the ledger clean and the aggregates equal to the rows.
 */
import { sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { shiftDate, zoneDate } from '../../../src/domain/date-range';
import { rows } from '../../../server/db/client';
import { betDays, bets, ledgerDays, ledgerTransactions } from '../../../server/db/schema';
import { decodeTimeCursor, encodeCursor } from '../../../server/lib/cursor';
import { recordRange } from '../../../server/lib/record-range';
import { runOps } from '../../../server/ops/runner';
import type { OpsActor } from '../../../server/ops/types';
import { betPageQuery } from '../../../server/modules/records/services/records-bets';
import { accountsOf, entryPageQuery } from '../../../server/modules/records/services/records-transactions';
import { REELS } from '../../../server/modules/games/services/slot';
import { waiveTurnover } from '../../../server/money/turnover';
import { call, describeBackends, EN, expectLedgerClean, fundedPlayer, nextIp, spinKey, uniqueDigits } from '../helpers';
import { openSlot, PAY_PW, placeBet, setPaymentPassword, spin } from '../rebate-helpers';

const CLI: OpsActor = { operatorId: null, actor: 'cli:test', merchantCodes: null };
const ZONE = 'Asia/Manila';

interface Txn {
  id: number;
  transactionId: number;
  type: string;
  amount: number;
  balanceAfter: number;
  account: 'WALLET' | 'HOLD';
  createdAt: string;
  reference?: string;
  counterparty?: string;
  member?: string;
}
interface Bet {
  id: number;
  roundId: string;
  gameName: string;
  nodeId: string;
  vendor: string;
  category: string;
  stake: number;
  win: number;
  net: number;
  createdAt: string;
}
interface Page<T, Totals> {
  list: T[];
  nextCursor?: string;
  totals: Totals;
  range: { start: string; end: string; timeZone: string };
}
type TxnPage = Page<Txn, { credit: number; debit: number; count: number }>;
type BetPage = Page<Bet, { count: number; stake: number; validTurnover: number; win: number; net: number }>;

const today = () => zoneDate(ZONE);
const username = async (app: FastifyInstance, memberId: number) => (await app.repos.members.byId(memberId))!.username;
const n = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
/** Minor units as the API's currency units (never -0: JSON has none). */
const units = (minor: unknown) => n(minor) / 100 || 0;

/** Every page of a list, following nextCursor; fails on a repeated row. */
async function walk<T extends { id: number }>(app: FastifyInstance, token: string, url: string, pageSize: number, host?: string): Promise<T[]> {
  const all: T[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 1000; pages++) {
    const sep = url.includes('?') ? '&' : '?';
    const res = await call<Page<T, unknown>>(app, 'GET', `${url}${sep}pageSize=${pageSize}${cursor ? `&cursor=${cursor}` : ''}`, { token, host });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const page = res.body.value!;
    expect(page.list.length).toBeLessThanOrEqual(pageSize);
    all.push(...page.list);
    if (!page.nextCursor) break;
    expect(page.list).toHaveLength(pageSize);
    cursor = page.nextCursor;
  }
  expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
  return all;
}

/** The tenant days [start, end] as a condition on a timestamptz column, in PostgreSQL's own zone rules. */
const inDays = (column: string, start: string, end: string) => sql`(${sql.raw(column)} AT TIME ZONE ${ZONE})::date BETWEEN ${start}::date AND ${end}::date`;
const last30 = () => ({ start: shiftDate(today(), -29), end: today() });

/** The member's bets in the days, newest first, straight from the table. */
async function rawBets(app: FastifyInstance, memberId: number, days: { start: string; end: string }, where = sql`true`) {
  return rows<{ id: string; stake: string; win: string }>(
    app.db.orm,
    sql`SELECT id, stake, win FROM bets WHERE member_id = ${memberId} AND ${inDays('created_at', days.start, days.end)} AND ${where} ORDER BY created_at DESC, id DESC`,
  );
}

/** The member's ledger entries (WALLET and HOLD) in the days, newest first, straight from the tables. */
async function rawEntries(app: FastifyInstance, memberId: number, days: { start: string; end: string }) {
  return rows<{ id: string; amount: string; balance_after: string; kind: string; reference: string | null }>(
    app.db.orm,
    sql`SELECT e.id, e.amount, e.balance_after, t.kind, t.reference FROM ledger_entries e
        JOIN ledger_accounts a ON a.id = e.account_id JOIN ledger_transactions t ON t.id = e.transaction_id
        WHERE a.member_id = ${memberId} AND ${inDays('e.created_at', days.start, days.end)}
        ORDER BY e.created_at DESC, e.id DESC`,
  );
}

async function seed(app: FastifyInstance, user: string, args: string[]) {
  const r = await runOps(app, CLI, ['records', 'seed', '--tenant', 'demo-ph', '--member', user, ...args, '--json']);
  expect(r.exitCode, r.stdout.join('\n') + r.stderr.join('\n')).toBe(0);
  return JSON.parse(r.stdout[0]) as { bets: number; entries: number; start: string; end: string };
}

/** bet_days and ledger_days of the merchant's members, and the same sums computed from the rows. */
async function aggregatesAndRows(app: FastifyInstance) {
  const days = await rows(
    app.db.orm,
    sql`SELECT d.member_id, to_char(d.day, 'YYYY-MM-DD') AS day, d.game_type, d.vassalage, d.bet_count::int AS n, d.stake::text, d.valid_turnover::text AS valid, d.win::text
        FROM bet_days d JOIN members m ON m.id = d.member_id WHERE m.merchant_code IN ('demoph01', 'demophtry') ORDER BY 1, 2, 3, 4`,
  );
  const fromBets = await rows(
    app.db.orm,
    sql`SELECT b.member_id, to_char((b.created_at AT TIME ZONE ${ZONE})::date, 'YYYY-MM-DD') AS day, b.game_type, b.vassalage, count(*)::int AS n, sum(b.stake)::text AS stake,
          coalesce(sum(b.stake) FILTER (WHERE b.win <> b.stake), 0)::text AS valid, sum(b.win)::text AS win
        FROM bets b WHERE b.merchant_code IN ('demoph01', 'demophtry') GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
  );
  const ledger = await rows(
    app.db.orm,
    sql`SELECT d.account_id, to_char(d.day, 'YYYY-MM-DD') AS day, d.kind, d.credit::text, d.debit::text, d.entries::int AS n
        FROM ledger_days d JOIN ledger_accounts a ON a.id = d.account_id WHERE a.merchant_code IN ('demoph01', 'demophtry') ORDER BY 1, 2, 3`,
  );
  const fromEntries = await rows(
    app.db.orm,
    sql`SELECT e.account_id, to_char((e.created_at AT TIME ZONE ${ZONE})::date, 'YYYY-MM-DD') AS day, t.kind,
          coalesce(sum(e.amount) FILTER (WHERE e.amount > 0), 0)::text AS credit, coalesce(sum(e.amount) FILTER (WHERE e.amount < 0), 0)::text AS debit, count(*)::int AS n
        FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id AND a.member_id IS NOT NULL JOIN ledger_transactions t ON t.id = e.transaction_id
        WHERE a.merchant_code IN ('demoph01', 'demophtry') GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
  );
  return { days, fromBets, ledger, fromEntries };
}

/** An agent (type 1) with a player under it and a player under that one, both with a payment password and money. */
async function agentWithTeam(app: FastifyInstance) {
  const agent = await fundedPlayer(app, 0, 1);
  const child = await fundedPlayer(app, 50_000);
  const grandchild = await fundedPlayer(app, 50_000);
  await app.db.orm.execute(sql`UPDATE members SET upline_id = ${agent.memberId} WHERE id = ${child.memberId}`);
  await app.db.orm.execute(sql`UPDATE members SET upline_id = ${child.memberId} WHERE id = ${grandchild.memberId}`);
  await setPaymentPassword(app, child.token);
  await setPaymentPassword(app, grandchild.token);
  return { agent, child, grandchild };
}

async function transferUp(app: FastifyInstance, token: string, amount: number) {
  const res = await call(app, 'POST', '/wps/transfers/upline', { token, ip: nextIp(), headers: spinKey(), body: { amount, paymentPassword: PAY_PW } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const mask = (name: string) => `${name.slice(0, 2)}***${name.slice(-2)}`;

describeBackends('member records', ({ server }) => {
  it('has the tables and columns of migration 0015 as server/db/schema.ts describes them', async () => {
    const { app } = server();
    for (const table of [betDays, ledgerDays, bets, ledgerTransactions]) {
      const config = getTableConfig(table);
      const columns = await rows<{ column_name: string }>(
        app.db.orm,
        sql`SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ${config.name}`,
      );
      expect(new Set(columns.map((c) => c.column_name))).toEqual(new Set(config.columns.map((c) => c.name)));
    }
  });

  it('walks both lists newest first across keyset pages with no duplicate and no gap, totals equal to the sums', async () => {
    const { app } = server();
    const { token, memberId, walletId } = await fundedPlayer(app, 200_000);
    const user = await username(app, memberId);
    await seed(app, user, ['--bets', '230', '--ledger', '90']);
    await spin(app, await openSlot(app, token), 6, 100);
    await placeBet(app, memberId, walletId, { stake: 700, win: 700 });
    await placeBet(app, memberId, walletId, { stake: 1_234, win: 0, gameType: 'FISH', nodeId: 10364 });
    const days = last30();

    const betList = await walk<Bet>(app, token, '/wps/records/bets?range=30d', 17);
    const expectedBets = await rawBets(app, memberId, days);
    expect(betList.map((b) => b.id)).toEqual(expectedBets.map((b) => Number(b.id)));
    for (let i = 1; i < betList.length; i++) expect(betList[i - 1].createdAt >= betList[i].createdAt).toBe(true);
    const first = await call<BetPage>(app, 'GET', '/wps/records/bets?range=30d', { token });
    const stake = expectedBets.reduce((t, b) => t + n(b.stake), 0);
    const win = expectedBets.reduce((t, b) => t + n(b.win), 0);
    const valid = expectedBets.filter((b) => b.win !== b.stake).reduce((t, b) => t + n(b.stake), 0);
    expect(first.body.value!.totals).toEqual({ count: expectedBets.length, stake: units(stake), validTurnover: units(valid), win: units(win), net: units(win - stake) });
    expect(first.body.value!.range).toEqual({ start: days.start, end: days.end, timeZone: ZONE });

    const fish = await walk<Bet>(app, token, '/wps/records/bets?range=30d&category=FISH', 5);
    const rawFish = await rawBets(app, memberId, days, sql`game_type = 'FISH'`);
    expect(fish.map((b) => b.id)).toEqual(rawFish.map((b) => Number(b.id)));
    expect(fish.every((b) => b.category === 'FISH')).toBe(true);
    const inhouse = await walk<Bet>(app, token, '/wps/records/bets?range=30d&category=INHOUSE', 50);
    expect(inhouse.map((b) => b.id)).toEqual((await rawBets(app, memberId, days, sql`vassalage = 'INHOUSE' AND game_type = 'RNG'`)).map((b) => Number(b.id)));
    expect(inhouse.every((b) => b.category === 'INHOUSE' && b.vendor === 'INHOUSE')).toBe(true);
    const fishTotals = (await call<BetPage>(app, 'GET', '/wps/records/bets?range=30d&category=FISH', { token })).body.value!.totals;
    expect(fishTotals.count).toBe(rawFish.length);
    expect(fishTotals.stake).toBe(units(rawFish.reduce((t, b) => t + n(b.stake), 0)));

    const entries = await walk<Txn>(app, token, '/wps/records/transactions?range=30d', 13);
    const expectedEntries = await rawEntries(app, memberId, days);
    expect(entries.map((e) => e.id)).toEqual(expectedEntries.map((e) => Number(e.id)));
    expect(entries.map((e) => e.balanceAfter)).toEqual(expectedEntries.map((e) => units(e.balance_after)));
    expect(entries.map((e) => e.amount)).toEqual(expectedEntries.map((e) => units(e.amount)));
    const txTotals = (await call<TxnPage>(app, 'GET', '/wps/records/transactions?range=30d', { token })).body.value!.totals;
    expect(txTotals).toEqual({
      credit: units(expectedEntries.filter((e) => n(e.amount) > 0).reduce((t, e) => t + n(e.amount), 0)),
      debit: units(expectedEntries.filter((e) => n(e.amount) < 0).reduce((t, e) => t + n(e.amount), 0)),
      count: expectedEntries.length,
    });
    await expectLedgerClean(app);
  });

  it('keeps one type with its totals, and names the round, the deposit or the bet an entry belongs to', async () => {
    const { app } = server();
    const { token, memberId } = await fundedPlayer(app, 100_000);
    await seed(app, await username(app, memberId), ['--bets', '40', '--ledger', '60']);
    await spin(app, await openSlot(app, token), 4, 200);
    const days = last30();
    const raw = await rawEntries(app, memberId, days);
    for (const [type, kinds] of [
      ['deposit', ['DEPOSIT']],
      ['bonus', ['BONUS']],
      ['adjustment', ['ADJUSTMENT', 'TRIAL_CREDIT']],
      ['bet', ['BET']],
      ['win', ['PAYOUT']],
    ] as const) {
      const list = await walk<Txn>(app, token, `/wps/records/transactions?range=30d&type=${type}`, 25);
      const expected = raw.filter((e) => (kinds as readonly string[]).includes(e.kind));
      expect(list.map((e) => e.id), type).toEqual(expected.map((e) => Number(e.id)));
      expect(list.every((e) => e.type === type)).toBe(true);
      const totals = (await call<TxnPage>(app, 'GET', `/wps/records/transactions?range=30d&type=${type}`, { token })).body.value!.totals;
      expect(totals.count, type).toBe(expected.length);
      expect(totals.credit - totals.debit, type).toBeCloseTo(units(expected.reduce((t, e) => t + Math.abs(n(e.amount)), 0)), 2);
    }
    // A spin's postings name its bet, which answers under the same round id.
    const spins = await walk<Txn>(app, token, '/wps/records/transactions?range=today&type=bet', 50);
    const spun = spins.filter((e) => e.reference);
    expect(spun).toHaveLength(4);
    const bet = await call<{ roundId: string; stake: number }>(app, 'GET', `/wps/records/bets/${spun[0].reference!.slice(1)}`, { token });
    expect(bet.body.value).toMatchObject({ roundId: spun[0].reference, stake: 2 });
  });

  it('counts a day in the tenant time zone: today leaves out yesterday, yesterday has it all', async () => {
    const { app } = server();
    const { token, memberId } = await fundedPlayer(app, 10_000);
    const seeded = await seed(app, await username(app, memberId), ['--bets', '120', '--ledger', '12', '--ago', '1']);
    const yesterday = shiftDate(today(), -1);
    expect(seeded).toMatchObject({ bets: 120, start: yesterday, end: yesterday });
    const todayBets = await call<BetPage>(app, 'GET', '/wps/records/bets?range=today', { token });
    expect(todayBets.body.value).toMatchObject({ list: [], totals: { count: 0, stake: 0 }, range: { start: today(), end: today() } });
    expect(todayBets.body.value!.nextCursor).toBeUndefined();
    const before = await walk<Bet>(app, token, '/wps/records/bets?range=yesterday', 100);
    expect(before).toHaveLength(120);
    // A cursor past the range's end reads from the range's end, never today's rows.
    const late = encodeCursor([String(Date.now() * 1000), '999999999']);
    const fromLate = await call<BetPage>(app, 'GET', `/wps/records/bets?range=yesterday&pageSize=100&cursor=${late}`, { token });
    expect(fromLate.body.value!.list.map((b) => b.id)).toEqual(before.slice(0, 100).map((b) => b.id));
    const custom = await call<BetPage>(app, 'GET', `/wps/records/bets?range=custom&start=${yesterday}&end=${yesterday}`, { token });
    expect(custom.body.value!.totals.count).toBe(120);
    // Today only the funding deposit of the test member; the seeded entries are all yesterday's.
    const todayEntries = await walk<Txn>(app, token, '/wps/records/transactions?range=today', 50);
    expect(todayEntries.map((e) => e.type)).toEqual(['deposit']);
    const yesterdayEntries = await walk<Txn>(app, token, '/wps/records/transactions?range=yesterday', 50);
    expect(yesterdayEntries.map((e) => e.id)).toEqual((await rawEntries(app, memberId, { start: yesterday, end: yesterday })).map((e) => Number(e.id)));
    expect(yesterdayEntries.length).toBeGreaterThanOrEqual(12);
    const pnlToday = await call<{ betCount: number; deposit: number }>(app, 'GET', '/wps/records/pnl?range=today', { token });
    expect(pnlToday.body.value).toMatchObject({ betCount: 0, deposit: 100 });
    await expectLedgerClean(app);
  });

  it('answers profit and loss equal to the sums over the ledger and the bets', async () => {
    const { app } = server();
    const { agent, child } = await agentWithTeam(app);
    const user = await username(app, child.memberId);
    await seed(app, user, ['--bets', '300', '--ledger', '70']);
    await spin(app, await openSlot(app, child.token), 5, 500);
    await transferUp(app, child.token, 12.5);
    const adjusted = await runOps(app, CLI, ['balance', 'adjust', 'demoph01', user, '-3.25', '--reason', 'records test']);
    expect(adjusted.exitCode).toBe(0);
    const days = last30();
    const [b] = await rows<{ n: string; stake: string; valid: string; win: string }>(
      app.db.orm,
      sql`SELECT count(*) AS n, sum(stake) AS stake, coalesce(sum(stake) FILTER (WHERE win <> stake), 0) AS valid, sum(win) AS win
          FROM bets WHERE member_id = ${child.memberId} AND ${inDays('created_at', days.start, days.end)}`,
    );
    const byKind = new Map<string, { plus: number; minus: number }>();
    for (const e of await rawEntries(app, child.memberId, days)) {
      const k = byKind.get(e.kind) ?? { plus: 0, minus: 0 };
      if (n(e.amount) > 0) k.plus += n(e.amount);
      else k.minus += n(e.amount);
      byKind.set(e.kind, k);
    }
    const sum = (kind: string) => (byKind.get(kind)?.plus ?? 0) + (byKind.get(kind)?.minus ?? 0);
    const net = n(b.win) - n(b.stake);
    const adjustment = sum('ADJUSTMENT') + sum('TRIAL_CREDIT');
    const res = await call(app, 'GET', '/wps/records/pnl?range=30d', { token: child.token });
    expect(res.status).toBe(200);
    expect(res.body.value).toEqual({
      range: { start: days.start, end: days.end, timeZone: ZONE },
      betCount: n(b.n),
      stake: units(b.stake),
      validTurnover: units(b.valid),
      win: units(b.win),
      net: units(net),
      bonus: units(sum('BONUS')),
      rebate: units(sum('REBATE')),
      deposit: units(sum('DEPOSIT')),
      withdrawal: units(-sum('WITHDRAWAL_PAID')),
      transferIn: units(byKind.get('TRANSFER')?.plus ?? 0),
      transferOut: 12.5,
      adjustment: units(adjustment),
      result: units(net + sum('BONUS') + sum('REBATE') + adjustment),
    });
    expect(adjustment).not.toBe(0);
    const agentPnl = await call<{ transferIn: number; betCount: number }>(app, 'GET', '/wps/records/pnl?range=7d', { token: agent.token });
    expect(agentPnl.body.value).toMatchObject({ transferIn: 12.5, betCount: 0 });
    await expectLedgerClean(app);
  });

  it("shows an agent its downline's transfers at any depth, each naming its member; a player asking is refused", async () => {
    const { app } = server();
    const { agent, child, grandchild } = await agentWithTeam(app);
    await transferUp(app, grandchild.token, 30);
    // The 30 received is wagered before it may move up again (services/transfers.ts): an operator waives it here.
    await waiveTurnover(app.db.orm, child.memberId, 'cli:test');
    await transferUp(app, child.token, 20);
    const [agentName, childName, grandchildName] = await Promise.all([agent, child, grandchild].map((m) => username(app, m.memberId)));

    const mine = await walk<Txn>(app, agent.token, '/wps/records/transactions?range=today', 10);
    expect(mine.map((e) => [e.type, e.amount, e.counterparty, e.member])).toEqual([['transfer', 20, mask(childName), undefined]]);
    const team = await walk<Txn>(app, agent.token, '/wps/records/transactions?range=today&types=A', 2);
    // Newest first; the two entries of one transfer share its time and come in id order, the
    // lower account id (the older member) posted first.
    expect(team.map((e) => [e.amount, e.member ?? null, e.counterparty])).toEqual([
      [-20, childName, mask(agentName)],
      [20, null, mask(childName)],
      [-30, grandchildName, mask(childName)],
      [30, childName, mask(grandchildName)],
    ]);
    expect(team.every((e) => e.type === 'transfer')).toBe(true);
    const totals = (await call<TxnPage>(app, 'GET', '/wps/records/transactions?range=today&types=A', { token: agent.token })).body.value!.totals;
    expect(totals).toEqual({ credit: 50, debit: -50, count: 4 });
    // Another kind than transfers: the team adds nothing.
    const deposits = await call<TxnPage>(app, 'GET', '/wps/records/transactions?range=today&types=A&type=deposit', { token: agent.token });
    expect(deposits.body.value).toMatchObject({ list: [], totals: { credit: 0, debit: 0, count: 0 } });

    for (const token of [child.token, grandchild.token]) {
      const refused = await call(app, 'GET', '/wps/records/transactions?types=A', { token });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ success: false, errorCode: 'agent.required', message: 'err_agent_required' });
    }
    const trial = await fundedPlayer(app, 1_000, 4);
    expect((await call(app, 'GET', '/wps/records/transactions?types=A', { token: trial.token })).status).toBe(403);
  });

  it('draws the in-house round: the reels as seen, the pay line and the line won', async () => {
    const { app } = server();
    const { token, memberId, walletId } = await fundedPlayer(app, 100_000);
    const sevens = REELS.map((strip) => strip.indexOf('SEVEN'));
    const cherry = [REELS[0].indexOf('CHERRY'), REELS[1].indexOf('BELL'), REELS[2].indexOf('BAR')];
    const jackpot = await placeBet(app, memberId, walletId, { stake: 100, win: 10_000, nodeId: 10361, outcome: { stops: sevens, line: ['SEVEN', 'SEVEN', 'SEVEN'], multiplier: 100 } });
    const one = await placeBet(app, memberId, walletId, { stake: 100, win: 100, nodeId: 10361, outcome: { stops: cherry, line: ['CHERRY', 'BELL', 'BAR'], multiplier: 1 } });
    const window = (stops: number[]) => REELS.map((strip, r) => [-1, 0, 1].map((d) => strip[(stops[r] + d + strip.length) % strip.length]));

    const big = await call<Record<string, unknown>>(app, 'GET', `/wps/records/bets/${jackpot}?language=EN`, { token });
    expect(big.status, JSON.stringify(big.body)).toBe(200);
    expect(big.body.value).toMatchObject({
      id: jackpot,
      roundId: `B${jackpot}`,
      nodeId: '10361',
      vendor: 'INHOUSE',
      category: 'INHOUSE',
      stake: 1,
      win: 100,
      net: 99,
      currency: 'PHP',
      outcome: {
        kind: 'slot',
        reels: window(sevens),
        line: ['SEVEN', 'SEVEN', 'SEVEN'],
        multiplier: 100,
        paylines: [{ symbols: ['SEVEN', 'SEVEN', 'SEVEN'], symbol: 'SEVEN', count: 3, multiplier: 100, amount: 100 }],
      },
    });
    const push = await call<{ outcome: { paylines: unknown[] }; net: number }>(app, 'GET', `/wps/records/bets/${one}`, { token });
    expect(push.body.value!.net).toBe(0);
    expect(push.body.value!.outcome.paylines).toEqual([{ symbols: ['CHERRY', 'BELL', 'BAR'], symbol: 'CHERRY', count: 1, multiplier: 1, amount: 1 }]);

    // A real spin: its round as the game drew it, and the balance it left.
    await spin(app, await openSlot(app, token), 1, 50);
    const [spun] = await app.repos.bets.ofMember(memberId, 1);
    const detail = await call<{ balanceAfter: number; outcome: { reels: string[][]; line: string[] }; gameName: string }>(app, 'GET', `/wps/records/bets/${spun.id}?language=TY`, {
      token,
    });
    const stops = (spun.outcome as { stops: number[] }).stops;
    expect(detail.body.value!.outcome.reels).toEqual(window(stops));
    expect(detail.body.value!.outcome.line).toEqual(window(stops).map((r) => r[1]));
    expect(detail.body.value!.balanceAfter).toBe(units((await app.repos.ledger.walletOf(memberId))!.balance));
    const [game] = await rows<{ name_ty: string; name_en: string }>(app.db.orm, sql`SELECT name_ty, name_en FROM games WHERE merchant_code = 'demoph01' AND node_id = ${spun.nodeId}`);
    expect(detail.body.value!.gameName).toBe(game.name_ty);
    const list = await call<BetPage>(app, 'GET', '/wps/records/bets?range=today&language=EN&pageSize=1', { token });
    expect(list.body.value!.list[0]).toMatchObject({ id: spun.id, gameName: game.name_en, roundId: `B${spun.id}` });
  });

  it("answers 404 for another member's bet and none at all, and nothing of a member to another tenant's Host", async () => {
    const { app } = server();
    const owner = await fundedPlayer(app, 10_000);
    const other = await fundedPlayer(app, 10_000);
    const id = await placeBet(app, owner.memberId, owner.walletId, { stake: 500 });
    const mine = await call(app, 'GET', `/wps/records/bets/${id}`, { token: owner.token });
    expect(mine.status).toBe(200);
    for (const [token, bet] of [
      [other.token, id],
      [owner.token, 9_007_199_254_740_991],
    ] as const) {
      const res = await call(app, 'GET', `/wps/records/bets/${bet}`, { token });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, errorCode: 'not.found' });
    }
    expect(JSON.stringify((await call(app, 'GET', '/wps/records/bets?range=30d', { token: other.token })).body)).not.toContain(`"id":${id},`);

    // demo-ph's token on demo-en's Host: not a session of that tenant, whatever the call.
    for (const url of [`/wps/records/bets/${id}`, '/wps/records/bets?range=30d', '/wps/records/transactions', '/wps/records/pnl']) {
      const res = await call(app, 'GET', url, { token: owner.token, host: EN });
      expect(res.status, url).toBe(401);
      expect(res.body.errorCode).toBe('session.invalid');
    }
    // A member of demo-en asking for demo-ph's bet on its own Host.
    const en = await app.db.orm.transaction(async (tx) => {
      const member = await app.repos.members.create(tx, { merchantCode: 'demoen01', username: `e${uniqueDigits(9)}`, type: 0, registerMethod: 'H5', lastLoginAt: new Date() });
      return app.repos.sessions.create(tx, { memberId: member.id, merchantCode: 'demoen01', ip: '127.0.0.1', firstLogin: false });
    });
    const res = await call(app, 'GET', `/wps/records/bets/${id}`, { token: en.token, host: EN });
    expect(res.status).toBe(404);
    // That member has no wallet yet: empty records, not an error.
    const none = await call<TxnPage>(app, 'GET', '/wps/records/transactions?range=30d', { token: en.token, host: EN });
    expect(none.status, JSON.stringify(none.body)).toBe(200);
    expect(none.body.value).toMatchObject({ list: [], totals: { credit: 0, debit: 0, count: 0 } });
    const visitor = await call(app, 'GET', '/wps/records/bets');
    expect(visitor.status).toBe(401);
  });

  it('refuses a forged cursor on /cursor and a bad range on /start or /end', async () => {
    const { app } = server();
    const { token } = await fundedPlayer(app, 1_000);
    const t = today();
    for (const url of ['/wps/records/bets', '/wps/records/transactions']) {
      for (const cursor of ['abc', encodeCursor([1]), encodeCursor(['1', '2', '3']), Buffer.from('1.x').toString('base64url')]) {
        const res = await call(app, 'GET', `${url}?cursor=${cursor}`, { token });
        expect(res.status, `${url} ${cursor}`).toBe(400);
        expect(res.body).toMatchObject({ errorCode: 'validation.failed', value: { field: '/cursor' } });
      }
      const invalid = await call(app, 'GET', `${url}?cursor=${encodeURIComponent('a+b/c')}`, { token });
      expect(invalid.status).toBe(400);
      expect(invalid.body.value).toMatchObject({ field: '/cursor' });
    }
    const cases: [string, string, string][] = [
      [`range=custom&start=2026-02-30&end=${t}`, 'date.invalid', '/start'],
      [`range=custom&start=${t}`, 'date.invalid', '/end'],
      [`start=${t}&end=${shiftDate(t, -1)}`, 'date.range.order', '/end'],
      [`range=custom&start=${shiftDate(t, -120)}&end=${t}`, 'date.range.length', '/end'],
      [`range=custom&start=${shiftDate(t, -95)}&end=${shiftDate(t, -90)}`, 'date.range.old', '/start'],
      [`range=custom&start=${t}&end=${shiftDate(t, 1)}`, 'date.range.future', '/end'],
    ];
    for (const url of ['/wps/records/bets', '/wps/records/transactions', '/wps/records/pnl']) {
      for (const [query, code, field] of cases) {
        const res = await call(app, 'GET', `${url}?${query}`, { token });
        expect(res.status, `${url}?${query}`).toBe(400);
        expect(res.body).toMatchObject({ errorCode: code, value: { field } });
      }
    }
    const badType = await call(app, 'GET', '/wps/records/transactions?type=loan', { token });
    expect(badType.status).toBe(400);
    expect(badType.body.value).toMatchObject({ field: '/type' });
    const badCategory = await call(app, 'GET', '/wps/records/bets?category=fish!', { token });
    expect(badCategory.status).toBe(400);
  });

  it('reads the list pages off the new indexes, not by scanning bets or ledger entries', async () => {
    const { app } = server();
    const { memberId } = await fundedPlayer(app, 100_000);
    const member = (await app.repos.members.byId(memberId))!;
    await seed(app, member.username, ['--bets', '6000', '--ledger', '400']);
    const tenant = app.tenants.all.get('demo-ph')!;
    const range = recordRange(tenant, { range: '30d' });
    // A cursor inside the range: a day back.
    const after = decodeTimeCursor(encodeCursor([String((Date.now() - 86_400_000) * 1000), '99999999']));
    const entryAfter = after;
    const accountIds = await accountsOf(app, memberId);
    const queries = [
      betPageQuery(memberId, 'demoph01', range, undefined, undefined, 21),
      betPageQuery(memberId, 'demoph01', range, undefined, after, 21),
      betPageQuery(memberId, 'demoph01', range, 'FISH', after, 21),
      entryPageQuery({ member, accountIds, range, withTeam: false, after: entryAfter, limit: 21 }),
      entryPageQuery({ member, accountIds, range, type: 'deposit', withTeam: false, limit: 21 }),
    ];
    const plans: string[] = [];
    for (const query of queries) {
      const plan = (await rows<Record<string, string>>(app.db.orm, sql`EXPLAIN ${query}`)).map((r) => Object.values(r)[0]).join('\n');
      expect(plan).not.toMatch(/Seq Scan on (bets|ledger_entries)/);
      plans.push(plan);
    }
    expect(plans[0]).toContain('bets_member_time_idx');
    expect(plans[1]).toContain('bets_member_time_idx');
    expect(plans[2]).toMatch(/bets_member_(type_)?time_idx/);
    expect(plans[3]).toContain('ledger_entries_account_time_idx');
    // One kind: read off one of the account's indexes, each entry's kind looked up by its posting's key.
    expect(plans[4]).toMatch(/ledger_entries_account_(time_)?idx/);
    expect(plans[4]).toContain('ledger_transactions_pkey');
    // The first page of a member with thousands of bets is read in order off the index, not sorted.
    expect(plans[0]).not.toMatch(/Sort[\s\S]*Seq Scan|Bitmap Heap Scan on bets/);
  });

  it('keeps the ledger clean and the aggregates equal to the rows through ops records seed and rebuild', async () => {
    const { app } = server();
    const { memberId } = await fundedPlayer(app, 0);
    const user = await username(app, memberId);
    const seeded = await seed(app, user, ['--bets', '2500', '--ledger', '200']);
    expect(seeded).toMatchObject({ bets: 2500, start: shiftDate(today(), -29), end: today() });
    expect(seeded.entries).toBeGreaterThanOrEqual(200);
    await seed(app, user, ['--bets', '50', '--ago', '3']);
    await expectLedgerClean(app);
    const [count] = await rows<{ n: number }>(app.db.orm, sql`SELECT count(*)::int AS n FROM bets WHERE member_id = ${memberId}`);
    expect(count.n).toBe(2550);
    const seededState = await aggregatesAndRows(app);
    expect(seededState.days).toEqual(seededState.fromBets);
    expect(seededState.ledger).toEqual(seededState.fromEntries);

    // Lost or wrong aggregates are recomputed from the rows.
    await app.db.orm.execute(sql`DELETE FROM bet_days WHERE member_id = ${memberId}`);
    await app.db.orm.execute(sql`UPDATE ledger_days SET credit = credit + 1 WHERE account_id IN (SELECT id FROM ledger_accounts WHERE member_id = ${memberId})`);
    const rebuilt = await runOps(app, CLI, ['records', 'rebuild', '--tenant', 'demo-ph', '--json']);
    expect(rebuilt.exitCode, rebuilt.stdout.join('\n')).toBe(0);
    expect(JSON.parse(rebuilt.stdout[0])).toMatchObject({ ok: true, tenant: 'demo-ph', timeZone: ZONE });
    const after = await aggregatesAndRows(app);
    expect(after.days).toEqual(after.fromBets);
    expect(after.ledger).toEqual(after.fromEntries);
    expect(after.days).toEqual(seededState.days);
    await expectLedgerClean(app);

    const usage = await runOps(app, CLI, ['records', 'seed', '--tenant', 'demo-ph', '--member', user]);
    expect(usage.exitCode).toBe(2);
    const nobody = await runOps(app, CLI, ['records', 'seed', '--tenant', 'demo-ph', '--member', 'nobody-here', '--bets', '1']);
    expect(nobody.exitCode).toBe(1);
    const badAgo = await runOps(app, CLI, ['records', 'seed', '--tenant', 'demo-ph', '--member', user, '--bets', '1', '--ago', '120']);
    expect(badAgo.exitCode).toBe(2);
  });
});

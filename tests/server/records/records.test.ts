/**
 * The member's records (schemas/api/reports.json): account record, betting record with the round
 * of a bet, profit and loss. Pages walked to the end against the rows in the database (newest
 * first, no duplicate, no gap), totals and profit and loss against sums taken straight from the
 * bets and ledger entries (the tenant's days counted by PostgreSQL's own time zone rules), the
 * agent's team view (a player asking for it is refused). The list queries are read off the new
 * indexes; the ops verbs that seed and rebuild keep the ledger clean and the aggregates equal to
 * the rows. The rules on the platform (no HTTP); an attacker's tries (another member's bet,
 * another tenant's Host, a visitor, a forged cursor, a bad range) over HTTP in records-http.test.ts.
 */
import { sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { expect, it } from 'vitest';
import { shiftDate, zoneDate } from '../../../src/domain/date-range';
import { rows } from '../../../server/db/client';
import { betDays, bets, ledgerDays, ledgerTransactions } from '../../../server/db/schema';
import { decodeTimeCursor, encodeCursor } from '../../../server/lib/cursor';
import { recordRange } from '../../../server/lib/record-range';
import { runOps } from '../../../server/ops/runner';
import type { OpsActor } from '../../../server/ops/types';
import { accountsOf, entryPageQuery } from '../../../server/modules/records/services/records-transactions';
import { betPageQuery } from '../../../server/modules/records/services/records-bets';
import { REELS } from '../../../server/modules/games/services/slot';
import { waiveTurnover } from '../../../server/money/turnover';
import { setPaymentPassword } from '../../../server/modules/account/services/payment-password';
import { spin } from '../../../server/modules/games/services/inhouse';
import { betDetail, betRecords } from '../../../server/modules/records/services/records-bets';
import { profitAndLoss } from '../../../server/modules/records/services/records-pnl';
import { transactionRecords } from '../../../server/modules/records/services/records-transactions';
import { transferToUpline } from '../../../server/modules/wallet/services/transfers';
import type { BetQuery, BetsQuery, PnlQuery, TransactionsQuery } from '../../../src/generated/api/reports';
import { expectLedgerClean, fundedPlayer, type Envelope } from '../helpers';
import { actorOf, answer, describePlatforms, onceFor, type TestPlatform } from '../platform-helpers';
import { PAY_PW, placeBet } from '../rebate-helpers';

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
const username = async (platform: TestPlatform, memberId: number) => (await platform.repos.members.byId(memberId))!.username;
const n = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
/** Minor units as the API's currency units (never -0: JSON has none). */
const units = (minor: unknown) => n(minor) / 100 || 0;

/**
 * A records call as its route makes it: the query string's fields to the service (the member read
 * again, as each request reads it), its value or refusal as the route's envelope.
 */
async function get<T = unknown>(platform: TestPlatform, token: string, url: string): Promise<{ status: number; body: Envelope<T> }> {
  const actor = await actorOf(platform, 'demo-ph', token);
  const { tenant } = actor;
  const member = actor.auth!.member;
  const { pathname, searchParams } = new URL(url, 'http://x');
  const query: Record<string, string | number> = Object.fromEntries(searchParams);
  if (query.pageSize !== undefined) query.pageSize = Number(query.pageSize);
  const bet = /^\/wps\/records\/bets\/(\d+)$/.exec(pathname);
  const work = bet
    ? betDetail(platform, tenant, member, Number(bet[1]), (query as BetQuery).language)
    : pathname === '/wps/records/bets'
      ? betRecords(platform, tenant, member, query as BetsQuery)
      : pathname === '/wps/records/transactions'
        ? transactionRecords(platform, tenant, member, query as TransactionsQuery)
        : pathname === '/wps/records/pnl'
          ? profitAndLoss(platform, tenant, member, query as PnlQuery)
          : null;
  if (!work) throw new Error(`no records service for ${url}`);
  return answer(work as Promise<T>);
}

/** `n` real spins of the in-house slot at `stake` minor units. */
async function spinN(platform: TestPlatform, token: string, n: number, stake: number): Promise<void> {
  const actor = await actorOf(platform, 'demo-ph', token);
  for (let i = 0; i < n; i++) {
    const res = await answer(spin(platform, actor, stake, null, onceFor(platform, actor, 'inhouse.spin', { stake })));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}

/** Every page of a list, following nextCursor; fails on a repeated row. */
async function walk<T extends { id: number }>(platform: TestPlatform, token: string, url: string, pageSize: number): Promise<T[]> {
  const all: T[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 1000; pages++) {
    const sep = url.includes('?') ? '&' : '?';
    const res = await get<Page<T, unknown>>(platform, token, `${url}${sep}pageSize=${pageSize}${cursor ? `&cursor=${cursor}` : ''}`);
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
async function rawBets(platform: TestPlatform, memberId: number, days: { start: string; end: string }, where = sql`true`) {
  return rows<{ id: string; stake: string; win: string }>(
    platform.db.orm,
    sql`SELECT id, stake, win FROM bets WHERE member_id = ${memberId} AND ${inDays('created_at', days.start, days.end)} AND ${where} ORDER BY created_at DESC, id DESC`,
  );
}

/** The member's ledger entries (WALLET and HOLD) in the days, newest first, straight from the tables. */
async function rawEntries(platform: TestPlatform, memberId: number, days: { start: string; end: string }) {
  return rows<{ id: string; amount: string; balance_after: string; kind: string; reference: string | null }>(
    platform.db.orm,
    sql`SELECT e.id, e.amount, e.balance_after, t.kind, t.reference FROM ledger_entries e
        JOIN ledger_accounts a ON a.id = e.account_id JOIN ledger_transactions t ON t.id = e.transaction_id
        WHERE a.member_id = ${memberId} AND ${inDays('e.created_at', days.start, days.end)}
        ORDER BY e.created_at DESC, e.id DESC`,
  );
}

async function seed(platform: TestPlatform, user: string, args: string[]) {
  const r = await runOps(platform, CLI, ['records', 'seed', '--tenant', 'demo-ph', '--member', user, ...args, '--json']);
  expect(r.exitCode, r.stdout.join('\n') + r.stderr.join('\n')).toBe(0);
  return JSON.parse(r.stdout[0]) as { bets: number; entries: number; start: string; end: string };
}

/** bet_days and ledger_days of the merchant's members, and the same sums computed from the rows. */
async function aggregatesAndRows(platform: TestPlatform) {
  const days = await rows(
    platform.db.orm,
    sql`SELECT d.member_id, to_char(d.day, 'YYYY-MM-DD') AS day, d.game_type, d.vassalage, d.bet_count::int AS n, d.stake::text, d.valid_turnover::text AS valid, d.win::text
        FROM bet_days d JOIN members m ON m.id = d.member_id WHERE m.merchant_code IN ('demoph01', 'demophtry') ORDER BY 1, 2, 3, 4`,
  );
  const fromBets = await rows(
    platform.db.orm,
    sql`SELECT b.member_id, to_char((b.created_at AT TIME ZONE ${ZONE})::date, 'YYYY-MM-DD') AS day, b.game_type, b.vassalage, count(*)::int AS n, sum(b.stake)::text AS stake,
          coalesce(sum(b.stake) FILTER (WHERE b.win <> b.stake), 0)::text AS valid, sum(b.win)::text AS win
        FROM bets b WHERE b.merchant_code IN ('demoph01', 'demophtry') GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
  );
  const ledger = await rows(
    platform.db.orm,
    sql`SELECT d.account_id, to_char(d.day, 'YYYY-MM-DD') AS day, d.kind, d.credit::text, d.debit::text, d.entries::int AS n
        FROM ledger_days d JOIN ledger_accounts a ON a.id = d.account_id WHERE a.merchant_code IN ('demoph01', 'demophtry') ORDER BY 1, 2, 3`,
  );
  const fromEntries = await rows(
    platform.db.orm,
    sql`SELECT e.account_id, to_char((e.created_at AT TIME ZONE ${ZONE})::date, 'YYYY-MM-DD') AS day, t.kind,
          coalesce(sum(e.amount) FILTER (WHERE e.amount > 0), 0)::text AS credit, coalesce(sum(e.amount) FILTER (WHERE e.amount < 0), 0)::text AS debit, count(*)::int AS n
        FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id AND a.member_id IS NOT NULL JOIN ledger_transactions t ON t.id = e.transaction_id
        WHERE a.merchant_code IN ('demoph01', 'demophtry') GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
  );
  return { days, fromBets, ledger, fromEntries };
}

/** An agent (type 1) with a player under it and a player under that one, both with a payment password and money. */
async function agentWithTeam(platform: TestPlatform) {
  const agent = await fundedPlayer(platform, 0, 1);
  const child = await fundedPlayer(platform, 50_000);
  const grandchild = await fundedPlayer(platform, 50_000);
  await platform.db.orm.execute(sql`UPDATE members SET upline_id = ${agent.memberId} WHERE id = ${child.memberId}`);
  await platform.db.orm.execute(sql`UPDATE members SET upline_id = ${child.memberId} WHERE id = ${grandchild.memberId}`);
  for (const { memberId } of [child, grandchild]) {
    await setPaymentPassword(platform, (await platform.repos.members.byId(memberId))!, { paymentPassword: PAY_PW, confirmPaymentPassword: PAY_PW });
  }
  return { agent, child, grandchild };
}

async function transferUp(platform: TestPlatform, token: string, amount: number) {
  const actor = await actorOf(platform, 'demo-ph', token);
  const body = { amount, paymentPassword: PAY_PW };
  const res = await answer(transferToUpline(platform, actor, body, onceFor(platform, actor, 'transfers.create', body, ['paymentPassword'])));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const mask = (name: string) => `${name.slice(0, 2)}***${name.slice(-2)}`;

describePlatforms('member records', ({ platform: opened }) => {
  it('has the tables and columns of migration 0015 as server/db/schema.ts describes them', async () => {
    const platform = opened();
    for (const table of [betDays, ledgerDays, bets, ledgerTransactions]) {
      const config = getTableConfig(table);
      const columns = await rows<{ column_name: string }>(
        platform.db.orm,
        sql`SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ${config.name}`,
      );
      expect(new Set(columns.map((c) => c.column_name))).toEqual(new Set(config.columns.map((c) => c.name)));
    }
  });

  it('walks both lists newest first across keyset pages with no duplicate and no gap, totals equal to the sums', async () => {
    const platform = opened();
    const { token, memberId, walletId } = await fundedPlayer(platform, 200_000);
    const user = await username(platform, memberId);
    await seed(platform, user, ['--bets', '230', '--ledger', '90']);
    await spinN(platform, token, 6, 100);
    await placeBet(platform, memberId, walletId, { stake: 700, win: 700 });
    await placeBet(platform, memberId, walletId, { stake: 1_234, win: 0, gameType: 'FISH', nodeId: 10364 });
    const days = last30();

    const betList = await walk<Bet>(platform, token, '/wps/records/bets?range=30d', 17);
    const expectedBets = await rawBets(platform, memberId, days);
    expect(betList.map((b) => b.id)).toEqual(expectedBets.map((b) => Number(b.id)));
    for (let i = 1; i < betList.length; i++) expect(betList[i - 1].createdAt >= betList[i].createdAt).toBe(true);
    const first = await get<BetPage>(platform, token, '/wps/records/bets?range=30d');
    const stake = expectedBets.reduce((t, b) => t + n(b.stake), 0);
    const win = expectedBets.reduce((t, b) => t + n(b.win), 0);
    const valid = expectedBets.filter((b) => b.win !== b.stake).reduce((t, b) => t + n(b.stake), 0);
    expect(first.body.value!.totals).toEqual({ count: expectedBets.length, stake: units(stake), validTurnover: units(valid), win: units(win), net: units(win - stake) });
    expect(first.body.value!.range).toEqual({ start: days.start, end: days.end, timeZone: ZONE });

    const fish = await walk<Bet>(platform, token, '/wps/records/bets?range=30d&category=FISH', 5);
    const rawFish = await rawBets(platform, memberId, days, sql`game_type = 'FISH'`);
    expect(fish.map((b) => b.id)).toEqual(rawFish.map((b) => Number(b.id)));
    expect(fish.every((b) => b.category === 'FISH')).toBe(true);
    const inhouse = await walk<Bet>(platform, token, '/wps/records/bets?range=30d&category=INHOUSE', 50);
    expect(inhouse.map((b) => b.id)).toEqual((await rawBets(platform, memberId, days, sql`vassalage = 'INHOUSE' AND game_type = 'RNG'`)).map((b) => Number(b.id)));
    expect(inhouse.every((b) => b.category === 'INHOUSE' && b.vendor === 'INHOUSE')).toBe(true);
    const fishTotals = (await get<BetPage>(platform, token, '/wps/records/bets?range=30d&category=FISH')).body.value!.totals;
    expect(fishTotals.count).toBe(rawFish.length);
    expect(fishTotals.stake).toBe(units(rawFish.reduce((t, b) => t + n(b.stake), 0)));

    const entries = await walk<Txn>(platform, token, '/wps/records/transactions?range=30d', 13);
    const expectedEntries = await rawEntries(platform, memberId, days);
    expect(entries.map((e) => e.id)).toEqual(expectedEntries.map((e) => Number(e.id)));
    expect(entries.map((e) => e.balanceAfter)).toEqual(expectedEntries.map((e) => units(e.balance_after)));
    expect(entries.map((e) => e.amount)).toEqual(expectedEntries.map((e) => units(e.amount)));
    const txTotals = (await get<TxnPage>(platform, token, '/wps/records/transactions?range=30d')).body.value!.totals;
    expect(txTotals).toEqual({
      credit: units(expectedEntries.filter((e) => n(e.amount) > 0).reduce((t, e) => t + n(e.amount), 0)),
      debit: units(expectedEntries.filter((e) => n(e.amount) < 0).reduce((t, e) => t + n(e.amount), 0)),
      count: expectedEntries.length,
    });
    await expectLedgerClean(platform);
  });

  it('keeps one type with its totals, and names the round, the deposit or the bet an entry belongs to', async () => {
    const platform = opened();
    const { token, memberId } = await fundedPlayer(platform, 100_000);
    await seed(platform, await username(platform, memberId), ['--bets', '40', '--ledger', '60']);
    await spinN(platform, token, 4, 200);
    const days = last30();
    const raw = await rawEntries(platform, memberId, days);
    for (const [type, kinds] of [
      ['deposit', ['DEPOSIT']],
      ['bonus', ['BONUS']],
      ['adjustment', ['ADJUSTMENT', 'TRIAL_CREDIT']],
      ['bet', ['BET']],
      ['win', ['PAYOUT']],
    ] as const) {
      const list = await walk<Txn>(platform, token, `/wps/records/transactions?range=30d&type=${type}`, 25);
      const expected = raw.filter((e) => (kinds as readonly string[]).includes(e.kind));
      expect(list.map((e) => e.id), type).toEqual(expected.map((e) => Number(e.id)));
      expect(list.every((e) => e.type === type)).toBe(true);
      const totals = (await get<TxnPage>(platform, token, `/wps/records/transactions?range=30d&type=${type}`)).body.value!.totals;
      expect(totals.count, type).toBe(expected.length);
      expect(totals.credit - totals.debit, type).toBeCloseTo(units(expected.reduce((t, e) => t + Math.abs(n(e.amount)), 0)), 2);
    }
    // A spin's postings name its bet, which answers under the same round id.
    const spins = await walk<Txn>(platform, token, '/wps/records/transactions?range=today&type=bet', 50);
    const spun = spins.filter((e) => e.reference);
    expect(spun).toHaveLength(4);
    const bet = await get<{ roundId: string; stake: number }>(platform, token, `/wps/records/bets/${spun[0].reference!.slice(1)}`);
    expect(bet.body.value).toMatchObject({ roundId: spun[0].reference, stake: 2 });
  });

  it('counts a day in the tenant time zone: today leaves out yesterday, yesterday has it all', async () => {
    const platform = opened();
    const { token, memberId } = await fundedPlayer(platform, 10_000);
    const seeded = await seed(platform, await username(platform, memberId), ['--bets', '120', '--ledger', '12', '--ago', '1']);
    const yesterday = shiftDate(today(), -1);
    expect(seeded).toMatchObject({ bets: 120, start: yesterday, end: yesterday });
    const todayBets = await get<BetPage>(platform, token, '/wps/records/bets?range=today');
    expect(todayBets.body.value).toMatchObject({ list: [], totals: { count: 0, stake: 0 }, range: { start: today(), end: today() } });
    expect(todayBets.body.value!.nextCursor).toBeUndefined();
    const before = await walk<Bet>(platform, token, '/wps/records/bets?range=yesterday', 100);
    expect(before).toHaveLength(120);
    // A cursor past the range's end reads from the range's end, never today's rows.
    const late = encodeCursor([String(Date.now() * 1000), '999999999']);
    const fromLate = await get<BetPage>(platform, token, `/wps/records/bets?range=yesterday&pageSize=100&cursor=${late}`);
    expect(fromLate.body.value!.list.map((b) => b.id)).toEqual(before.slice(0, 100).map((b) => b.id));
    const custom = await get<BetPage>(platform, token, `/wps/records/bets?range=custom&start=${yesterday}&end=${yesterday}`);
    expect(custom.body.value!.totals.count).toBe(120);
    // Today only the funding deposit of the test member; the seeded entries are all yesterday's.
    const todayEntries = await walk<Txn>(platform, token, '/wps/records/transactions?range=today', 50);
    expect(todayEntries.map((e) => e.type)).toEqual(['deposit']);
    const yesterdayEntries = await walk<Txn>(platform, token, '/wps/records/transactions?range=yesterday', 50);
    expect(yesterdayEntries.map((e) => e.id)).toEqual((await rawEntries(platform, memberId, { start: yesterday, end: yesterday })).map((e) => Number(e.id)));
    expect(yesterdayEntries.length).toBeGreaterThanOrEqual(12);
    const pnlToday = await get<{ betCount: number; deposit: number }>(platform, token, '/wps/records/pnl?range=today');
    expect(pnlToday.body.value).toMatchObject({ betCount: 0, deposit: 100 });
    await expectLedgerClean(platform);
  });

  it('answers profit and loss equal to the sums over the ledger and the bets', async () => {
    const platform = opened();
    const { agent, child } = await agentWithTeam(platform);
    const user = await username(platform, child.memberId);
    await seed(platform, user, ['--bets', '300', '--ledger', '70']);
    await spinN(platform, child.token, 5, 500);
    await transferUp(platform, child.token, 12.5);
    const adjusted = await runOps(platform, CLI, ['balance', 'adjust', 'demoph01', user, '-3.25', '--reason', 'records test']);
    expect(adjusted.exitCode).toBe(0);
    const days = last30();
    const [b] = await rows<{ n: string; stake: string; valid: string; win: string }>(
      platform.db.orm,
      sql`SELECT count(*) AS n, sum(stake) AS stake, coalesce(sum(stake) FILTER (WHERE win <> stake), 0) AS valid, sum(win) AS win
          FROM bets WHERE member_id = ${child.memberId} AND ${inDays('created_at', days.start, days.end)}`,
    );
    const byKind = new Map<string, { plus: number; minus: number }>();
    for (const e of await rawEntries(platform, child.memberId, days)) {
      const k = byKind.get(e.kind) ?? { plus: 0, minus: 0 };
      if (n(e.amount) > 0) k.plus += n(e.amount);
      else k.minus += n(e.amount);
      byKind.set(e.kind, k);
    }
    const sum = (kind: string) => (byKind.get(kind)?.plus ?? 0) + (byKind.get(kind)?.minus ?? 0);
    const net = n(b.win) - n(b.stake);
    const adjustment = sum('ADJUSTMENT') + sum('TRIAL_CREDIT');
    const res = await get(platform, child.token, '/wps/records/pnl?range=30d');
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
    const agentPnl = await get<{ transferIn: number; betCount: number }>(platform, agent.token, '/wps/records/pnl?range=7d');
    expect(agentPnl.body.value).toMatchObject({ transferIn: 12.5, betCount: 0 });
    await expectLedgerClean(platform);
  });

  it("shows an agent its downline's transfers at any depth, each naming its member; a player asking is refused", async () => {
    const platform = opened();
    const { agent, child, grandchild } = await agentWithTeam(platform);
    await transferUp(platform, grandchild.token, 30);
    // The 30 received is wagered before it may move up again (services/transfers.ts): an operator waives it here.
    await waiveTurnover(platform.db.orm, child.memberId, 'cli:test');
    await transferUp(platform, child.token, 20);
    const [agentName, childName, grandchildName] = await Promise.all([agent, child, grandchild].map((m) => username(platform, m.memberId)));

    const mine = await walk<Txn>(platform, agent.token, '/wps/records/transactions?range=today', 10);
    expect(mine.map((e) => [e.type, e.amount, e.counterparty, e.member])).toEqual([['transfer', 20, mask(childName), undefined]]);
    const team = await walk<Txn>(platform, agent.token, '/wps/records/transactions?range=today&types=A', 2);
    // Newest first; the two entries of one transfer share its time and come in id order, the
    // lower account id (the older member) posted first.
    expect(team.map((e) => [e.amount, e.member ?? null, e.counterparty])).toEqual([
      [-20, childName, mask(agentName)],
      [20, null, mask(childName)],
      [-30, grandchildName, mask(childName)],
      [30, childName, mask(grandchildName)],
    ]);
    expect(team.every((e) => e.type === 'transfer')).toBe(true);
    const totals = (await get<TxnPage>(platform, agent.token, '/wps/records/transactions?range=today&types=A')).body.value!.totals;
    expect(totals).toEqual({ credit: 50, debit: -50, count: 4 });
    // Another kind than transfers: the team adds nothing.
    const deposits = await get<TxnPage>(platform, agent.token, '/wps/records/transactions?range=today&types=A&type=deposit');
    expect(deposits.body.value).toMatchObject({ list: [], totals: { credit: 0, debit: 0, count: 0 } });

    for (const token of [child.token, grandchild.token]) {
      const refused = await get(platform, token, '/wps/records/transactions?types=A');
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ success: false, errorCode: 'agent.required', message: 'err_agent_required' });
    }
    const trial = await fundedPlayer(platform, 1_000, 4);
    expect((await get(platform, trial.token, '/wps/records/transactions?types=A')).status).toBe(403);
  });

  it('draws the in-house round: the reels as seen, the pay line and the line won', async () => {
    const platform = opened();
    const { token, memberId, walletId } = await fundedPlayer(platform, 100_000);
    const sevens = REELS.map((strip) => strip.indexOf('SEVEN'));
    const cherry = [REELS[0].indexOf('CHERRY'), REELS[1].indexOf('BELL'), REELS[2].indexOf('BAR')];
    const jackpot = await placeBet(platform, memberId, walletId, { stake: 100, win: 10_000, nodeId: 10361, outcome: { stops: sevens, line: ['SEVEN', 'SEVEN', 'SEVEN'], multiplier: 100 } });
    const one = await placeBet(platform, memberId, walletId, { stake: 100, win: 100, nodeId: 10361, outcome: { stops: cherry, line: ['CHERRY', 'BELL', 'BAR'], multiplier: 1 } });
    const window = (stops: number[]) => REELS.map((strip, r) => [-1, 0, 1].map((d) => strip[(stops[r] + d + strip.length) % strip.length]));

    const big = await get<Record<string, unknown>>(platform, token, `/wps/records/bets/${jackpot}?language=EN`);
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
    const push = await get<{ outcome: { paylines: unknown[] }; net: number }>(platform, token, `/wps/records/bets/${one}`);
    expect(push.body.value!.net).toBe(0);
    expect(push.body.value!.outcome.paylines).toEqual([{ symbols: ['CHERRY', 'BELL', 'BAR'], symbol: 'CHERRY', count: 1, multiplier: 1, amount: 1 }]);

    // A real spin: its round as the game drew it, and the balance it left.
    await spinN(platform, token, 1, 50);
    const [spun] = await platform.repos.bets.ofMember(memberId, 1);
    const detail = await get<{ balanceAfter: number; outcome: { reels: string[][]; line: string[] }; gameName: string }>(platform, token, `/wps/records/bets/${spun.id}?language=TY`);
    const stops = (spun.outcome as { stops: number[] }).stops;
    expect(detail.body.value!.outcome.reels).toEqual(window(stops));
    expect(detail.body.value!.outcome.line).toEqual(window(stops).map((r) => r[1]));
    expect(detail.body.value!.balanceAfter).toBe(units((await platform.repos.ledger.walletOf(memberId))!.balance));
    const [game] = await rows<{ name_ty: string; name_en: string }>(platform.db.orm, sql`SELECT name_ty, name_en FROM games WHERE merchant_code = 'demoph01' AND node_id = ${spun.nodeId}`);
    expect(detail.body.value!.gameName).toBe(game.name_ty);
    const list = await get<BetPage>(platform, token, '/wps/records/bets?range=today&language=EN&pageSize=1');
    expect(list.body.value!.list[0]).toMatchObject({ id: spun.id, gameName: game.name_en, roundId: `B${spun.id}` });
  });

  it('reads the list pages off the new indexes, not by scanning bets or ledger entries', async () => {
    const platform = opened();
    const { memberId } = await fundedPlayer(platform, 100_000);
    const member = (await platform.repos.members.byId(memberId))!;
    await seed(platform, member.username, ['--bets', '6000', '--ledger', '400']);
    const tenant = platform.tenants.all.get('demo-ph')!;
    const range = recordRange(tenant, { range: '30d' });
    // A cursor inside the range: a day back.
    const after = decodeTimeCursor(encodeCursor([String((Date.now() - 86_400_000) * 1000), '99999999']));
    const entryAfter = after;
    const accountIds = await accountsOf(platform, memberId);
    const queries = [
      betPageQuery(memberId, 'demoph01', range, undefined, undefined, 21),
      betPageQuery(memberId, 'demoph01', range, undefined, after, 21),
      betPageQuery(memberId, 'demoph01', range, 'FISH', after, 21),
      entryPageQuery({ member, accountIds, range, withTeam: false, after: entryAfter, limit: 21 }),
      entryPageQuery({ member, accountIds, range, type: 'deposit', withTeam: false, limit: 21 }),
    ];
    const plans: string[] = [];
    for (const query of queries) {
      const plan = (await rows<Record<string, string>>(platform.db.orm, sql`EXPLAIN ${query}`)).map((r) => Object.values(r)[0]).join('\n');
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
    const platform = opened();
    const { memberId } = await fundedPlayer(platform, 0);
    const user = await username(platform, memberId);
    const seeded = await seed(platform, user, ['--bets', '2500', '--ledger', '200']);
    expect(seeded).toMatchObject({ bets: 2500, start: shiftDate(today(), -29), end: today() });
    expect(seeded.entries).toBeGreaterThanOrEqual(200);
    await seed(platform, user, ['--bets', '50', '--ago', '3']);
    await expectLedgerClean(platform);
    const [count] = await rows<{ n: number }>(platform.db.orm, sql`SELECT count(*)::int AS n FROM bets WHERE member_id = ${memberId}`);
    expect(count.n).toBe(2550);
    const seededState = await aggregatesAndRows(platform);
    expect(seededState.days).toEqual(seededState.fromBets);
    expect(seededState.ledger).toEqual(seededState.fromEntries);

    // Lost or wrong aggregates are recomputed from the rows.
    await platform.db.orm.execute(sql`DELETE FROM bet_days WHERE member_id = ${memberId}`);
    await platform.db.orm.execute(sql`UPDATE ledger_days SET credit = credit + 1 WHERE account_id IN (SELECT id FROM ledger_accounts WHERE member_id = ${memberId})`);
    const rebuilt = await runOps(platform, CLI, ['records', 'rebuild', '--tenant', 'demo-ph', '--json']);
    expect(rebuilt.exitCode, rebuilt.stdout.join('\n')).toBe(0);
    expect(JSON.parse(rebuilt.stdout[0])).toMatchObject({ ok: true, tenant: 'demo-ph', timeZone: ZONE });
    const after = await aggregatesAndRows(platform);
    expect(after.days).toEqual(after.fromBets);
    expect(after.ledger).toEqual(after.fromEntries);
    expect(after.days).toEqual(seededState.days);
    await expectLedgerClean(platform);

    const usage = await runOps(platform, CLI, ['records', 'seed', '--tenant', 'demo-ph', '--member', user]);
    expect(usage.exitCode).toBe(2);
    const nobody = await runOps(platform, CLI, ['records', 'seed', '--tenant', 'demo-ph', '--member', 'nobody-here', '--bets', '1']);
    expect(nobody.exitCode).toBe(1);
    const badAgo = await runOps(platform, CLI, ['records', 'seed', '--tenant', 'demo-ph', '--member', user, '--bets', '1', '--ago', '120']);
    expect(badAgo.exitCode).toBe(2);
  });
});

/**
 * `ops records seed`: a member's history for the records screens' benchmark and journeys, written
 * fast (each batch of bets is one INSERT ... SELECT over generate_series) and kept balanced:
 *  - n settled bets spread evenly over the last 30 tenant days up to now (or over one day,
 *    `ago` days back), ids growing with time; 7 in 10 on the in-house slot with a real round (a
 *    uniformly drawn stop of each reel and the pay table's win), the others on vendor games;
 *  - per batch, one BET posting of its stakes and one PAYOUT posting of its wins (the bets name
 *    the BET posting), plus the ledger entries asked for (deposits, bonuses, cash back,
 *    adjustments) spread over the same days, and a deposit before a BET posting the balance
 *    could not pay;
 *  - bet_days and ledger_days in the same transaction as the rows they sum.
 * Each batch is one transaction that locks the member's wallet and the house account (in id
 * order, as postings do), so `ops ledger check` stays clean whatever runs beside it. Entries are
 * written in time order with the balance each left. Refused in production: it makes up money.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Platform } from '../../../platform';
import { tenantTimeZone } from '../../../../src/lib/app-config';
import { shiftDate, zoneDate, zoneMidnight } from '../../../../src/domain/date-range';
import { rows, type Tx } from '../../../db/client';
import { INHOUSE_VENDOR } from '../../../lib/games-catalogue';
import { writeAudit } from '../../../ops/audit';
import { assertMerchant, OpsRefusal, type OpsActor } from '../../../ops/types';
import { ANALYZED_TABLES } from '../../site';
import { outcomeOf, REELS, STAKES } from '../../games';
import { wholeUnitsAtLeast } from '../../../../src/domain/money';

/** Bets per INSERT (and per transaction). */
const SEED_BATCH = 50_000;
/** Days the bets are spread over without `ago`: the 30d range. */
export const SEED_DAYS = 30;
export const MAX_SEED_BETS = 10_000_000;

export interface SeedOptions {
  tenantId: string;
  username: string;
  bets: number;
  /** Entries of the member's wallet in all, the bets' postings among them (default: those only). */
  ledger?: number;
  /** All on the tenant's day this many days before today (0: today, up to now). */
  ago?: number;
}

export interface SeedResult {
  tenant: string;
  username: string;
  memberId: number;
  bets: number;
  /** Entries written on the member's wallet. */
  entries: number;
  batches: number;
  /** The tenant days covered, both included. */
  start: string;
  end: string;
  ms: number;
}

interface Window {
  day: string;
  from: number;
  until: number;
  bets: number;
}

interface PlannedEntry {
  kind: string;
  memo: string;
  amount: number;
  at: number;
}

const FILLER_KINDS: [kind: string, amount: number][] = [
  ['DEPOSIT', 50_000],
  ['BONUS', 5_000],
  ['REBATE', 800],
  ['ADJUSTMENT', 1_500],
  ['DEPOSIT', 20_000],
  ['ADJUSTMENT', -1_000],
];

/**
 * The slot as SQL: each reel's strip (a symbol per stop) and the multiplier of every stop
 * combination, at 1 + s1 * 400 + s2 * 20 + s3 for 20-stop reels (the game's own pay table,
 * server/modules/games/services/slot.ts, worked out here once).
 */
function slotSql(): { strips: SQL[]; multipliers: SQL; sizes: number[] } {
  const sizes = REELS.map((strip) => strip.length);
  const multipliers: number[] = [];
  const walk = (stops: number[]) => {
    if (stops.length === sizes.length) {
      multipliers.push(outcomeOf(stops).multiplier);
      return;
    }
    for (let s = 0; s < sizes[stops.length]; s++) walk([...stops, s]);
  };
  walk([]);
  return {
    strips: REELS.map((strip) => sql.raw(`ARRAY[${strip.map((symbol) => `'${symbol}'`).join(', ')}]::text[]`)),
    multipliers: sql.raw(`'{${multipliers.join(',')}}'::int[]`),
    sizes,
  };
}

/** The tenant days of the seed and how many bets each gets (the last days take the remainder). */
function windowsOf(timeZone: string, opts: SeedOptions, now: number): Window[] {
  const today = zoneDate(timeZone, now);
  const days = opts.ago === undefined ? Array.from({ length: SEED_DAYS }, (_, i) => shiftDate(today, i - (SEED_DAYS - 1))) : [shiftDate(today, -opts.ago)];
  const per = Math.floor(opts.bets / days.length);
  const extra = opts.bets - per * days.length;
  return days.map((day, i) => ({
    day,
    from: zoneMidnight(timeZone, day),
    // Nothing in the future: today ends a second ago.
    until: Math.max(zoneMidnight(timeZone, day) + 1, Math.min(zoneMidnight(timeZone, shiftDate(day, 1)), now - 1000)),
    bets: per + (i >= days.length - extra ? 1 : 0),
  }));
}

/** Writes the seed (see the module's comment); answers what it wrote. */
export async function seedRecords(platform: Platform, actor: OpsActor, opts: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  if (platform.config.production) throw new OpsRefusal('records.seed.production', 'records seed makes up bets and money: not in production');
  if (!Number.isSafeInteger(opts.bets) || opts.bets < 0 || opts.bets > MAX_SEED_BETS) throw new OpsRefusal('validation.failed', `bets: 0 to ${MAX_SEED_BETS}`);
  const ledgerTarget = opts.ledger ?? 0;
  if (!Number.isSafeInteger(ledgerTarget) || ledgerTarget < 0 || ledgerTarget > MAX_SEED_BETS) throw new OpsRefusal('validation.failed', `ledger: 0 to ${MAX_SEED_BETS}`);
  if (opts.ago !== undefined && (!Number.isInteger(opts.ago) || opts.ago < 0 || opts.ago > 89)) throw new OpsRefusal('validation.failed', 'ago: 0 to 89 days');
  const tenant = platform.tenants.all.get(opts.tenantId);
  if (!tenant) throw new OpsRefusal('not.found', `no tenant ${opts.tenantId}`);
  assertMerchant(actor, tenant.merchantCode);
  const member =
    (await platform.repos.members.byUsername(tenant.merchantCode, opts.username)) ?? (await platform.repos.members.byUsername(tenant.trialMerchantCode, opts.username));
  if (!member) throw new OpsRefusal('member.not.found', `no member ${opts.username} in ${tenant.id}`);
  const wallet = await platform.repos.ledger.walletOf(member.id);
  if (!wallet) throw new OpsRefusal('member.not.found', `member ${opts.username} has no wallet`);
  const house = await platform.db.orm.transaction((tx) => platform.repos.ledger.houseAccount(tx, member.merchantCode, wallet.currency, member.id));
  const timeZone = tenantTimeZone(tenant);
  const games = await gamesOf(platform, tenant.merchantCode);

  // Batches: each day's bets in runs of at most SEED_BATCH, each over its share of the day.
  const batches: Window[] = [];
  const windows = windowsOf(timeZone, opts, Date.now());
  for (const w of windows) {
    const parts = Math.max(1, Math.ceil(w.bets / SEED_BATCH));
    for (let p = 0; p < parts; p++) {
      const count = Math.floor(w.bets / parts) + (p < w.bets % parts ? 1 : 0);
      const span = (w.until - w.from) / parts;
      batches.push({ day: w.day, from: Math.round(w.from + p * span), until: Math.round(w.from + (p + 1) * span), bets: count });
    }
  }
  const postings = batches.reduce((n, b) => n + (b.bets > 0 ? 2 : 0), 0);
  let fillers = Math.max(0, ledgerTarget - postings);
  let entries = 0;
  for (const [i, batch] of batches.entries()) {
    const mine = Math.floor(fillers / (batches.length - i));
    fillers -= mine;
    entries += await platform.db.orm.transaction((tx) =>
      seedBatch(tx, {
        batch,
        fillers: mine,
        memberId: member.id,
        merchantCode: member.merchantCode,
        currency: wallet.currency,
        walletId: wallet.id,
        houseId: house,
        timeZone,
        games,
      }),
    );
  }
  // The planner's statistics of the tables just grown (PGlite runs no autovacuum to do it).
  await platform.db.orm.execute(sql.raw(`ANALYZE ${ANALYZED_TABLES.join(', ')}`));
  const result: SeedResult = {
    tenant: tenant.id,
    username: member.username,
    memberId: member.id,
    bets: opts.bets,
    entries,
    batches: batches.length,
    start: windows[0].day,
    end: windows.at(-1)!.day,
    ms: Math.round(performance.now() - started),
  };
  await writeAudit(platform.db.orm, actor, {
    action: 'records.seed',
    merchantCode: member.merchantCode,
    targetType: 'member',
    targetId: member.id,
    reason: 'seeded bets and ledger entries',
    after: result,
  });
  return result;
}

interface SeedGame {
  k: number;
  node_id: number;
  vassalage: string;
  game_type: string;
  inhouse: boolean;
}

/** The games the bets are spread over: the in-house ones 7 times in 10, a vendor game of a few types the rest. */
async function gamesOf(platform: Platform, merchantCode: string): Promise<SeedGame[]> {
  const inhouse = await rows<{ node_id: number; vassalage: string; game_type: string }>(
    platform.db.orm,
    sql`SELECT node_id, vassalage, game_type FROM games WHERE merchant_code = ${merchantCode} AND vassalage = ${INHOUSE_VENDOR} ORDER BY node_id`,
  );
  const vendors = await rows<{ node_id: number; vassalage: string; game_type: string }>(
    platform.db.orm,
    sql`SELECT DISTINCT ON (game_type) node_id, vassalage, game_type FROM games
        WHERE merchant_code = ${merchantCode} AND vassalage <> ${INHOUSE_VENDOR} AND game_type IN ('RNG', 'FISH', 'LIVE')
        ORDER BY game_type, node_id`,
  );
  if (inhouse.length === 0) throw new OpsRefusal('records.seed.games', `merchant ${merchantCode} has no in-house game to seed bets on`);
  const picks = [
    ...Array.from({ length: 7 }, (_, i) => ({ ...inhouse[i % inhouse.length], inhouse: true })),
    ...vendors.map((g) => ({ ...g, inhouse: false })),
  ];
  return picks.map((g, i) => ({ k: i, node_id: Number(g.node_id), vassalage: g.vassalage, game_type: g.game_type, inhouse: g.inhouse }));
}

interface BatchInput {
  batch: Window;
  fillers: number;
  memberId: number;
  merchantCode: string;
  currency: string;
  walletId: number;
  houseId: number;
  timeZone: string;
  games: SeedGame[];
}

const SLOT = slotSql();

const STAKE_ARRAY = sql.raw(`ARRAY[${STAKES.filter((s) => s <= 1_000).join(', ')}]`);
const STAKE_COUNT = STAKES.filter((s) => s <= 1_000).length;
const iso = (ms: number) => new Date(ms).toISOString();

/** One batch in the caller's transaction; answers the entries written on the wallet. */
async function seedBatch(tx: Tx, input: BatchInput): Promise<number> {
  const { batch } = input;
  await tx.execute(sql`SELECT id FROM ledger_accounts WHERE id IN (${input.walletId}, ${input.houseId}) ORDER BY id FOR UPDATE`);
  const [balances] = await rows<{ wallet: string; house: string }>(
    tx,
    sql`SELECT (SELECT balance FROM ledger_accounts WHERE id = ${input.walletId})::text AS wallet, (SELECT balance FROM ledger_accounts WHERE id = ${input.houseId})::text AS house`,
  );
  const span = batch.until - batch.from;
  // The bets' postings come at the time of the batch's last bet.
  const settledAt = batch.bets > 0 ? Math.floor(batch.from + ((batch.bets - 0.5) / batch.bets) * span) : batch.until - 1;
  const planned: PlannedEntry[] = [];
  let betTxn: number | null = null;
  let stake = 0;
  let win = 0;
  if (batch.bets > 0) {
    const [txn] = await rows<{ id: string | number }>(
      tx,
      sql`INSERT INTO ledger_transactions (merchant_code, kind, memo, created_at) VALUES (${input.merchantCode}, 'BET', 'seeded play', ${iso(settledAt)}::timestamptz) RETURNING id`,
    );
    betTxn = Number(txn.id);
    const [sums] = await rows<{ stake: string | null; win: string | null }>(
      tx,
      sql`WITH picks AS MATERIALIZED (SELECT * FROM json_to_recordset(${JSON.stringify(input.games)}::json) AS g(k int, node_id int, vassalage text, game_type text, inhouse boolean)),
        draws AS (
          SELECT i, floor(random() * ${SLOT.sizes[0]})::int AS s1, floor(random() * ${SLOT.sizes[1]})::int AS s2, floor(random() * ${SLOT.sizes[2]})::int AS s3,
                 i % ${input.games.length} AS game, (${STAKE_ARRAY})[1 + floor(random() * ${STAKE_COUNT})::int] AS stake
          FROM generate_series(1, ${batch.bets}) AS i
        ),
        rounds AS (
          SELECT d.*, (${SLOT.multipliers})[1 + (d.s1 * ${SLOT.sizes[1]} + d.s2) * ${SLOT.sizes[2]} + d.s3] AS mult FROM draws d
        ),
        ins AS (
          INSERT INTO bets (member_id, merchant_code, node_id, vassalage, game_type, currency, stake, win, outcome, ledger_transaction_id, created_at)
          SELECT ${input.memberId}, ${input.merchantCode}, p.node_id, p.vassalage, p.game_type, ${input.currency}, r.stake, r.stake * r.mult,
                 CASE WHEN p.inhouse
                   THEN jsonb_build_object('stops', jsonb_build_array(r.s1, r.s2, r.s3),
                          'line', jsonb_build_array((${SLOT.strips[0]})[r.s1 + 1], (${SLOT.strips[1]})[r.s2 + 1], (${SLOT.strips[2]})[r.s3 + 1]), 'multiplier', r.mult)
                   ELSE '{"kind":"vendor"}'::jsonb END,
                 ${betTxn},
                 ${iso(batch.from)}::timestamptz + ((r.i - 0.5) / ${batch.bets})::float8 * (${iso(batch.until)}::timestamptz - ${iso(batch.from)}::timestamptz)
          FROM rounds r JOIN picks p ON p.k = r.game
          ORDER BY r.i
          RETURNING member_id, created_at, game_type, vassalage, stake, win
        ),
        days AS (
          INSERT INTO bet_days (member_id, day, game_type, vassalage, bet_count, stake, valid_turnover, win)
          SELECT member_id, (created_at AT TIME ZONE ${input.timeZone})::date, game_type, vassalage, count(*), sum(stake),
                 coalesce(sum(stake) FILTER (WHERE win <> stake), 0), sum(win)
          FROM ins GROUP BY 1, 2, 3, 4
          ON CONFLICT (member_id, day, game_type, vassalage) DO UPDATE SET bet_count = bet_days.bet_count + excluded.bet_count,
            stake = bet_days.stake + excluded.stake, valid_turnover = bet_days.valid_turnover + excluded.valid_turnover, win = bet_days.win + excluded.win
        )
        SELECT sum(stake)::text AS stake, sum(win)::text AS win FROM ins`,
    );
    stake = Number(sums?.stake ?? 0);
    win = Number(sums?.win ?? 0);
  }

  // The other entries of the batch, spread over it before its postings, in time order.
  for (let j = 0; j < input.fillers; j++) {
    const [kind, amount] = FILLER_KINDS[j % FILLER_KINDS.length];
    planned.push({ kind, memo: `seeded ${kind.toLowerCase()}`, amount, at: Math.floor(batch.from + ((j + 0.5) / input.fillers) * (settledAt - batch.from)) });
  }
  let wallet = Number(balances.wallet);
  const entries: PlannedEntry[] = [];
  for (const e of planned) {
    // A debit the balance cannot take becomes a credit: the seed never overdraws.
    const amount = wallet + e.amount < 0 ? -e.amount : e.amount;
    wallet += amount;
    entries.push({ ...e, amount });
  }
  if (betTxn !== null) {
    if (wallet < stake) {
      entries.push({ kind: 'DEPOSIT', memo: 'seeded deposit', amount: wholeUnitsAtLeast(stake - wallet), at: settledAt - 1 });
    }
    entries.push({ kind: 'BET', memo: 'seeded play', amount: -stake, at: settledAt });
    if (win > 0) entries.push({ kind: 'PAYOUT', memo: 'seeded play', amount: win, at: settledAt });
  }
  if (entries.length === 0) return 0;
  await writeEntries(tx, input, entries, betTxn, Number(balances.wallet), Number(balances.house));
  return entries.length;
}

/**
 * The planned entries of the member's wallet, each with its house line, as balanced postings: one
 * ledger transaction each (the BET one already written, the bets name it), entries in time order
 * with the running balance of both accounts, both balances, and ledger_days of the wallet.
 */
async function writeEntries(tx: Tx, input: BatchInput, entries: PlannedEntry[], betTxn: number | null, walletStart: number, houseStart: number): Promise<void> {
  const others = entries.filter((e) => e.kind !== 'BET');
  const ids = await rows<{ id: string | number }>(
    tx,
    sql`SELECT nextval(pg_get_serial_sequence('ledger_transactions', 'id')) AS id FROM generate_series(1, ${others.length})`,
  );
  const txns: { id: number; kind: string; memo: string; at: string }[] = [];
  let next = 0;
  const lines: { ord: number; transaction_id: number; account_id: number; amount: number; balance_after: number; created_at: string }[] = [];
  let wallet = walletStart;
  let house = houseStart;
  for (const e of entries) {
    let txnId: number;
    if (e.kind === 'BET' && betTxn !== null) txnId = betTxn;
    else {
      txnId = Number(ids[next++].id);
      txns.push({ id: txnId, kind: e.kind, memo: e.memo, at: iso(e.at) });
    }
    wallet += e.amount;
    house -= e.amount;
    lines.push({ ord: lines.length, transaction_id: txnId, account_id: input.walletId, amount: e.amount, balance_after: wallet, created_at: iso(e.at) });
    lines.push({ ord: lines.length, transaction_id: txnId, account_id: input.houseId, amount: -e.amount, balance_after: house, created_at: iso(e.at) });
  }
  if (txns.length > 0) {
    await tx.execute(sql`INSERT INTO ledger_transactions (id, merchant_code, kind, memo, created_at)
      SELECT t.id, ${input.merchantCode}, t.kind, t.memo, t.at FROM json_to_recordset(${JSON.stringify(txns)}::json) AS t(id bigint, kind text, memo text, at timestamptz)`);
  }
  await tx.execute(sql`WITH ins AS (
      INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after, created_at)
      SELECT l.transaction_id, l.account_id, l.amount, l.balance_after, l.created_at
      FROM json_to_recordset(${JSON.stringify(lines)}::json) AS l(ord int, transaction_id bigint, account_id bigint, amount bigint, balance_after bigint, created_at timestamptz)
      ORDER BY l.ord
      RETURNING transaction_id, account_id, amount, created_at
    )
    INSERT INTO ledger_days (account_id, day, kind, credit, debit, entries)
    SELECT ins.account_id, (ins.created_at AT TIME ZONE ${input.timeZone})::date, t.kind,
           coalesce(sum(ins.amount) FILTER (WHERE ins.amount > 0), 0), coalesce(sum(ins.amount) FILTER (WHERE ins.amount < 0), 0), count(*)
    FROM ins JOIN ledger_transactions t ON t.id = ins.transaction_id
    WHERE ins.account_id = ${input.walletId}
    GROUP BY 1, 2, 3
    ON CONFLICT (account_id, day, kind) DO UPDATE SET credit = ledger_days.credit + excluded.credit,
      debit = ledger_days.debit + excluded.debit, entries = ledger_days.entries + excluded.entries`);
  await tx.execute(sql`UPDATE ledger_accounts SET balance = CASE id WHEN ${input.walletId} THEN ${wallet}::bigint ELSE ${house}::bigint END
    WHERE id IN (${input.walletId}, ${input.houseId})`);
}

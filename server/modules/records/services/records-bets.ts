/**
 * The betting record (schemas/api/reports.json bets, bet): the member's bets in a range of the
 * tenant's days, newest first (created_at, id), keyset-paged on the (member_id, created_at, id)
 * index (or (member_id, game_type, created_at, id) with a category), so a page costs the same on
 * the first day and after a million bets. Totals over the whole range come from bet_days, a row
 * per day and game. One bet's detail draws the in-house slot's round from its stored stops.
 *
 * Amounts are minor units here; the API edge converts (toAmount).
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Platform } from '../../../platform';
import type { Bet, BetDetail, BetPage, BetsQuery, Outcome, SlotLine } from '../../../../src/generated/api/reports';
import type { Tenant } from '../../../../src/generated/tenant';
import { rows } from '../../../db/client';
import { bets, games } from '../../../db/schema';
import { ApiError } from '../../../errors';
import { decodeTimeCursor, epochMicros, newerThan, timeCursor, type TimeKey } from '../../../lib/cursor';
import { INHOUSE_VENDOR } from '../../../lib/games-catalogue';
import { contentLang } from '../../../lib/lang';
import { toAmount } from '../../../../src/domain/money';
import { rangeEcho, recordRange, type RecordRange } from '../../../lib/record-range';
import type { MemberRow } from '../../../repositories/members';
import { outcomeOf, payRule, REELS, type SlotSymbol } from '../../games';

/**
 * The bets of a category, as the game list files games (repositories/games.ts): INHOUSE is the
 * in-house vendor's RNG games, any other code a game type. Columns of `alias` (bets or bet_days).
 */
export function categoryFilter(category: string | undefined, alias: SQL): SQL | undefined {
  if (category === undefined) return undefined;
  if (category === 'INHOUSE') return sql`${alias}.game_type = 'RNG' AND ${alias}.vassalage = ${INHOUSE_VENDOR}`;
  return sql`${alias}.game_type = ${category}`;
}

/** The category a bet is shown under: INHOUSE for the in-house vendor's games, else the game type. */
export const categoryOf = (gameType: string, vassalage: string): string => (vassalage === INHOUSE_VENDOR ? 'INHOUSE' : gameType);

/** How a member quotes a round: the reference its postings carry in the account record. */
const roundIdOf = (betId: number): string => `B${betId}`;

const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;
const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));
const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
const nameOf = (lang: string, g: { name_en: string | null; name_ty: string | null }, vassalage: string, nodeId: number) =>
  (lang === 'TY' ? g.name_ty : g.name_en) ?? `${vassalage} ${nodeId}`;

interface BetListRow {
  id: string | number | null;
  node_id: number;
  vassalage: string;
  game_type: string;
  stake: string | number;
  win: string | number;
  micros: string;
  created_at: Date | string;
  name_en: string | null;
  name_ty: string | null;
  total_count: string | null;
  total_stake: string | null;
  total_valid: string | null;
  total_win: string | null;
}

/**
 * One page of bets (`limit` rows) of the member after the cursor's row, newest first, with
 * the game's names in the tenant's catalogue: the page is read off the index first, then joined.
 */
export function betPageQuery(memberId: number, merchantCode: string, range: RecordRange, category: string | undefined, after: TimeKey | undefined, limit: number): SQL {
  const conditions = [
    sql`b.member_id = ${memberId}`,
    sql`b.created_at >= ${at(range.from)}`,
    newerThan(sql`b.created_at`, sql`b.id`, range.until, after),
    categoryFilter(category, sql`b`),
  ].filter(
    (c): c is SQL => c !== undefined,
  );
  return sql`SELECT b.id, b.node_id, b.vassalage, b.game_type, b.stake, b.win, ${epochMicros(sql`b.created_at`)} AS micros, b.created_at, g.name_en, g.name_ty
    FROM (SELECT b.id, b.node_id, b.vassalage, b.game_type, b.stake, b.win, b.created_at FROM bets b
          WHERE ${sql.join(conditions, sql` AND `)}
          ORDER BY b.created_at DESC, b.id DESC LIMIT ${limit}) b
    LEFT JOIN games g ON g.merchant_code = ${merchantCode} AND g.node_id = b.node_id
    ORDER BY b.created_at DESC, b.id DESC`;
}

/** The member's bets of the range's days (of one category when given), summed from bet_days (one row, minor units as text). */
export function betSumsQuery(memberId: number, days: { start: string; end: string }, category?: string): SQL {
  const filter = categoryFilter(category, sql`d`);
  return sql`SELECT sum(d.bet_count)::text AS count, sum(d.stake)::text AS stake, sum(d.valid_turnover)::text AS valid, sum(d.win)::text AS win
    FROM bet_days d
    WHERE d.member_id = ${memberId} AND d.day >= ${days.start}::date AND d.day <= ${days.end}::date${filter ? sql` AND ${filter}` : sql``}`;
}

/** GET bets: one page of the member's betting record with the totals of the range, in one statement. */
export async function betRecords(platform: Platform, tenant: Tenant, member: MemberRow, query: BetsQuery): Promise<BetPage> {
  const range = recordRange(tenant, query);
  const pageSize = query.pageSize ?? 20;
  const after = decodeTimeCursor(query.cursor);
  const lang = contentLang(query.language ?? tenant.i18n.default);
  // The totals' one row, and the page's rows beside it (none: one row of NULLs).
  const found = await rows<BetListRow>(
    platform.db.orm,
    sql`SELECT p.*, s.count AS total_count, s.stake AS total_stake, s.valid AS total_valid, s.win AS total_win
        FROM (${betSumsQuery(member.id, range.days, query.category)}) s
        LEFT JOIN (${betPageQuery(member.id, tenant.merchantCode, range, query.category, after, pageSize + 1)}) p ON true
        ORDER BY p.created_at DESC, p.id DESC`,
  );
  const listed = found.filter((r) => r.id !== null);
  const page = listed.slice(0, pageSize);
  const last = page.at(-1);
  const sums = found[0];
  const stake = num(sums?.total_stake);
  const win = num(sums?.total_win);
  return {
    list: page.map((r): Bet => {
      const id = Number(r.id);
      const betStake = Number(r.stake);
      const betWin = Number(r.win);
      return {
        id,
        roundId: roundIdOf(id),
        gameName: nameOf(lang, r, r.vassalage, r.node_id),
        nodeId: String(r.node_id),
        vendor: r.vassalage,
        category: categoryOf(r.game_type, r.vassalage),
        stake: toAmount(betStake),
        win: toAmount(betWin),
        net: toAmount(betWin - betStake),
        createdAt: iso(r.created_at),
      };
    }),
    ...(listed.length > pageSize && last ? { nextCursor: timeCursor(last.micros, last.id!) } : {}),
    totals: { count: num(sums?.total_count), stake: toAmount(stake), validTurnover: toAmount(num(sums?.total_valid)), win: toAmount(win), net: toAmount(win - stake) },
    range: rangeEcho(range),
  };
}

/** GET bets/:id: one bet of the member with its round; another member's, another tenant's or none is 404. */
export async function betDetail(platform: Platform, tenant: Tenant, member: MemberRow, id: number, language?: string): Promise<BetDetail> {
  const [found] = await platform.db.orm
    .select({ bet: bets, nameEn: games.nameEn, nameTy: games.nameTy })
    .from(bets)
    .leftJoin(games, and(eq(games.merchantCode, tenant.merchantCode), eq(games.nodeId, bets.nodeId)))
    .where(and(eq(bets.id, id), eq(bets.memberId, member.id), inArray(bets.merchantCode, [tenant.merchantCode, tenant.trialMerchantCode])));
  if (!found) throw new ApiError('not.found', 404);
  const { bet } = found;
  const lang = contentLang(language ?? tenant.i18n.default);
  return {
    id: bet.id,
    roundId: roundIdOf(bet.id),
    gameName: nameOf(lang, { name_en: found.nameEn, name_ty: found.nameTy }, bet.vassalage, bet.nodeId),
    nodeId: String(bet.nodeId),
    vendor: bet.vassalage,
    category: categoryOf(bet.gameType, bet.vassalage),
    stake: toAmount(bet.stake),
    win: toAmount(bet.win),
    net: toAmount(bet.win - bet.stake),
    createdAt: bet.createdAt.toISOString(),
    currency: bet.currency,
    ...(bet.balanceAfter === null ? {} : { balanceAfter: toAmount(bet.balanceAfter) }),
    outcome: bet.vassalage === INHOUSE_VENDOR ? slotOutcome(bet.outcome, bet.win) : vendorOutcome(bet.outcome),
  };
}

const SLOT_KEYS = new Set(['kind', 'reels', 'line', 'multiplier', 'paylines']);

/** Another vendor's round: its detail as stored, under its own kind (or `vendor`). */
function vendorOutcome(stored: Record<string, unknown>): Outcome {
  const kind = typeof stored.kind === 'string' && stored.kind !== 'slot' ? stored.kind : 'vendor';
  const detail = Object.fromEntries(Object.entries(stored).filter(([key]) => !SLOT_KEYS.has(key)));
  return { ...detail, kind } as Outcome;
}

/**
 * The in-house slot's round from the stops it stored: each reel's three rows as the player saw
 * them (above, the pay line, below), the pay line, and the line won with its rule (symbol, how
 * many reels from the left it took, the multiplier) and amount. Stops that are not the slot's:
 * the kind only, and the screen lists the fields without a picture.
 */
function slotOutcome(stored: Record<string, unknown>, win: number): Outcome {
  const stops = stored.stops;
  const valid = Array.isArray(stops) && stops.length === REELS.length && stops.every((s, r) => Number.isInteger(s) && s >= 0 && s < REELS[r].length);
  if (!valid) return { kind: 'slot' };
  const round = outcomeOf(stops as number[]);
  const rule = payRule(round.line);
  const paylines: SlotLine[] = rule
    ? [
        {
          symbols: [...round.line],
          symbol: rule.line[0] as SlotSymbol,
          count: rule.line.filter((s) => s !== null).length,
          multiplier: rule.multiplier,
          amount: toAmount(win),
        },
      ]
    : [];
  return { kind: 'slot', reels: round.window.map((rows) => [...rows]), line: [...round.line], multiplier: round.multiplier, paylines };
}

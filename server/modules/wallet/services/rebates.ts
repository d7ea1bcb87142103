/**
 * Cash back (rebates). A member earns a percent of the valid turnover (the stakes of bets whose
 * win differs from their stake: a push earns nothing) per game type, at the tenant's rates
 * (settings.wallet.rebate). It accrues over the member's bets since the last rebate paid and is
 * paid by a claim of the member (`manual`) or by the daily settlement (`auto`, the ops verb
 * `rebates settle`): one transaction posts REBATE (house -> wallet), adds the turnover
 * requirement of amount x turnoverMultiplier and records the claim with its lines.
 *
 * Each claim covers the bets with from_bet_id < id <= until_bet_id, and the next one starts after
 * until_bet_id, so a bet is rebated exactly once. That needs every bet id at or below the boundary
 * to be visible when the boundary is read: a claim first locks the member's wallet row (and the
 * house's, in the ledger's own id order, so it never deadlocks with a posting), and every bet of
 * the member locks the wallet row (services/inhouse.ts) before its bet row gets an id. Racing claims
 * are decided one after another: the second finds nothing accrued.
 *
 * Amounts are minor units here; the API edge converts (toAmount).
 */
import { and, asc, count, desc, eq, gt, gte, lt, lte, max, min, sql, sum } from 'drizzle-orm';
import type { Actor, Platform } from '../../../platform';
import type { Accrued, Claim, Report, ReportQuery } from '../../../../src/generated/api/rebates';
import { GAME_TYPES } from '../../../../src/domain/game-types';
import type { GameType, Tenant } from '../../../../src/generated/tenant';
import { tenantTimeZone } from '../../../../src/lib/app-config';
import { isIsoDate, shiftDate, zoneDate, zoneMidnight } from '../../../../src/domain/date-range';
import { type Executor, type Tx } from '../../../db/client';
import { bets, memberRebateRates, members, rebateClaimLines, rebateClaims, type RebateKind } from '../../../db/schema';
import { ApiError, ERROR_KEYS, validationError } from '../../../errors';
import { decodeCursor, encodeCursor } from '../../../lib/cursor';
import type { Once } from '../../../lib/idempotency';
import { fromBasisPoints, percentOf, timesMultiplier, toAmount, toBasisPoints, toMinor } from '../../../../src/domain/money';
import { rangeEcho, recordRange } from '../../../lib/record-range';
import { writeAudit } from '../../../ops/audit';
import { assertMerchant, OpsRefusal, type OpsActor } from '../../../ops/types';
import { assertRealMember } from '../../account';
import { addRequirement, validTurnoverSql } from '../../../money';
import { uniqueViolation } from '../../../db/unique';

/** The tenant's rebate rules: rates in hundredths of a percent (0.8% = 80), amounts in minor units. */
interface RebateRules {
  ratesBp: ReadonlyMap<GameType, number>;
  turnoverMultiplier: number;
  minClaim: number;
}

function rebateRulesOf(tenant: Tenant): RebateRules {
  const r = tenant.settings.wallet.rebate;
  const ratesBp = new Map<GameType, number>();
  for (const type of GAME_TYPES) {
    const rate = r.rates[type];
    if (rate !== undefined && rate > 0) ratesBp.set(type, toBasisPoints(rate));
  }
  return { ratesBp, turnoverMultiplier: r.turnoverMultiplier, minClaim: toMinor(r.minClaim) };
}

/**
 * The rules of one member: its own rate per game type where its upline set one (member_rebate_rates,
 * services/agent-accounts.ts) replaces the tenant's; the other game types keep the tenant's rate.
 */
async function memberRebateRules(db: Executor, rules: RebateRules, memberId: number): Promise<RebateRules> {
  const own = await db.select({ gameType: memberRebateRates.gameType, rateBp: memberRebateRates.rateBp }).from(memberRebateRates).where(eq(memberRebateRates.memberId, memberId));
  if (own.length === 0) return rules;
  const ratesBp = new Map(rules.ratesBp);
  for (const r of own) {
    if (!GAME_TYPES.includes(r.gameType as GameType)) continue;
    if (r.rateBp > 0) ratesBp.set(r.gameType as GameType, r.rateBp);
    else ratesBp.delete(r.gameType as GameType);
  }
  return { ...rules, ratesBp };
}

/** The rebate of `validTurnover` at `rateBp` hundredths of a percent (percentOf's rounding). */
export function rebateOf(validTurnover: number, rateBp: number): number {
  return percentOf(validTurnover, fromBasisPoints(rateBp));
}

/** The turnover a paid rebate adds: amount x multiplier (timesMultiplier's rounding, as deposits do). */
export const turnoverOf = (amount: number, multiplier: number): number => timesMultiplier(amount, multiplier);


interface AccrualLine {
  gameType: GameType;
  validTurnover: number;
  rateBp: number;
  amount: number;
}

interface Accrual {
  /** The last bet covered by a paid rebate (0: none yet): the accrual starts after it. */
  after: number;
  /** The last bet this accrual covers; null when there is no bet after `after`. */
  until: number | null;
  periodFrom: Date | null;
  periodUntil: Date | null;
  lastClaimAt: Date | null;
  /** A line per game type with a rate or with valid turnover, in GAME_TYPES order. */
  lines: AccrualLine[];
  total: number;
}

const asNumber = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
const asDate = (v: unknown): Date | null => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v)));

/**
 * The member's rebate accrued since the last one paid, over the bets placed before `before` when
 * given (the daily settlement's end of day). Read in `db`: the claim's locked transaction, or the
 * database for a look.
 */
async function accrualOf(db: Executor, rules: RebateRules, memberId: number, before?: Date): Promise<Accrual> {
  const [last] = await db
    .select({ after: max(rebateClaims.untilBetId), at: max(rebateClaims.createdAt) })
    .from(rebateClaims)
    .where(eq(rebateClaims.memberId, memberId));
  const after = asNumber(last?.after);
  const lastClaimAt = asDate(last?.at);
  let bound = [eq(bets.memberId, memberId), gt(bets.id, after)];
  if (before) {
    // The last bet placed before the end of the day; the sums then cover every bet up to it by
    // id, so a bet just past the end whose id is lower is not skipped for ever.
    const [edge] = await db
      .select({ until: max(bets.id) })
      .from(bets)
      .where(and(...bound, lt(bets.createdAt, before)));
    if (edge?.until === null || edge?.until === undefined) return { after, until: null, periodFrom: null, periodUntil: null, lastClaimAt, lines: linesOf(rules, new Map()), total: 0 };
    bound = [...bound, lte(bets.id, Number(edge.until))];
  }
  const groups = await db
    .select({
      gameType: bets.gameType,
      valid: validTurnoverSql,
      last: max(bets.id),
      first: min(bets.createdAt),
      latest: max(bets.createdAt),
    })
    .from(bets)
    .where(and(...bound))
    .groupBy(bets.gameType);
  const turnover = new Map<string, number>();
  let until: number | null = null;
  let periodFrom: Date | null = null;
  let periodUntil: Date | null = null;
  for (const g of groups) {
    turnover.set(g.gameType, asNumber(g.valid));
    until = Math.max(until ?? 0, asNumber(g.last));
    const first = asDate(g.first);
    const latest = asDate(g.latest);
    if (first && (!periodFrom || first < periodFrom)) periodFrom = first;
    if (latest && (!periodUntil || latest > periodUntil)) periodUntil = latest;
  }
  const lines = linesOf(rules, turnover);
  return { after, until, periodFrom, periodUntil, lastClaimAt, lines, total: lines.reduce((t, l) => t + l.amount, 0) };
}

/** A line per known game type with a rate or valid turnover. Unknown types earn nothing and are left out. */
function linesOf(rules: RebateRules, turnover: ReadonlyMap<string, number>): AccrualLine[] {
  return GAME_TYPES.filter((type) => rules.ratesBp.has(type) || (turnover.get(type) ?? 0) > 0).map((gameType) => {
    const validTurnover = turnover.get(gameType) ?? 0;
    const rateBp = rules.ratesBp.get(gameType) ?? 0;
    return { gameType, validTurnover, rateBp, amount: rebateOf(validTurnover, rateBp) };
  });
}

type Refusal = 'rebate.nothing.accrued' | 'rebate.below.minimum';

/** Why an accrual cannot be paid now, or null. */
function refusalOf(accrual: Accrual, rules: RebateRules): Refusal | null {
  if (accrual.total <= 0 || accrual.until === null) return 'rebate.nothing.accrued';
  if (accrual.total < rules.minClaim) return 'rebate.below.minimum';
  return null;
}

const presentLine = (l: AccrualLine) => ({ gameType: l.gameType, validTurnover: toAmount(l.validTurnover), rate: fromBasisPoints(l.rateBp), amount: toAmount(l.amount) });

function assertEnabled(tenant: Tenant): void {
  if (!tenant.flags.MANPLAYREB3) throw new ApiError('rebate.disabled', 403);
}

/** GET accrued: what the member would get by claiming now, and whether that is possible. */
export async function accruedRebate(platform: Platform, tenant: Tenant, memberId: number): Promise<Accrued> {
  assertEnabled(tenant);
  const rules = await memberRebateRules(platform.db.orm, rebateRulesOf(tenant), memberId);
  const accrual = await accrualOf(platform.db.orm, rules, memberId);
  const wallet = await platform.repos.ledger.walletOf(memberId);
  const refusal = refusalOf(accrual, rules);
  return {
    categories: accrual.lines.map(presentLine),
    total: toAmount(accrual.total),
    currency: wallet?.currency ?? tenant.settings.currency.code,
    minClaim: toAmount(rules.minClaim),
    turnoverMultiplier: rules.turnoverMultiplier,
    turnoverRequired: toAmount(turnoverOf(accrual.total, rules.turnoverMultiplier)),
    ...(accrual.periodFrom ? { since: accrual.periodFrom.toISOString() } : {}),
    ...(accrual.lastClaimAt ? { lastClaimAt: accrual.lastClaimAt.toISOString() } : {}),
    claimable: refusal === null,
    ...(refusal ? { reason: { code: refusal, message: ERROR_KEYS[refusal] } } : {}),
  };
}

interface PaidRebate {
  claim: typeof rebateClaims.$inferSelect;
  lines: AccrualLine[];
  balance: number;
  currency: string;
}

type PayOutcome = { paid: PaidRebate } | { refused: Refusal | 'rebate.settled'; total: number };

interface PayOptions {
  kind: RebateKind;
  /** The tenant's day the claim belongs to (YYYY-MM-DD). */
  day: string;
  /** auto: only bets placed before this instant (the end of `day`). */
  before?: Date;
}

/**
 * Pays the member's accrued rebate in `tx` (the caller's transaction, which it commits or rolls
 * back with everything else): locks the wallet and house rows, reads the accrual, posts REBATE,
 * adds the turnover requirement, records the claim and its lines.
 */
async function payAccrued(platform: Platform, tx: Tx, tenant: Tenant, memberId: number, opts: PayOptions): Promise<PayOutcome> {
  const { ledger } = platform.repos;
  const rules = await memberRebateRules(tx, rebateRulesOf(tenant), memberId);
  const wallet = await ledger.walletOf(memberId, tx);
  if (!wallet) return { refused: 'rebate.nothing.accrued', total: 0 };
  const moves = await ledger.memberMoves(tx, { merchantCode: tenant.merchantCode, memberId, currency: wallet.currency, walletId: wallet.id });
  // In id order, as the posting locks its lines: the REBATE posting below re-takes the same rows.
  await moves.lock();
  if (opts.kind === 'auto') {
    const [settled] = await tx
      .select({ id: rebateClaims.id })
      .from(rebateClaims)
      .where(and(eq(rebateClaims.memberId, memberId), eq(rebateClaims.day, opts.day), eq(rebateClaims.kind, 'auto')));
    if (settled) return { refused: 'rebate.settled', total: 0 };
  }
  const accrual = await accrualOf(tx, rules, memberId, opts.before);
  const refusal = refusalOf(accrual, rules);
  if (refusal) return { refused: refusal, total: accrual.total };
  const total = accrual.total;
  const transactionId = await moves.rebate(total, { memo: opts.kind === 'auto' ? `cash back ${opts.day}` : 'cash back claimed' });
  const turnoverRequired = turnoverOf(total, rules.turnoverMultiplier);
  const [claim] = await tx
    .insert(rebateClaims)
    .values({
      merchantCode: tenant.merchantCode,
      memberId,
      kind: opts.kind,
      day: opts.day,
      fromBetId: accrual.after,
      untilBetId: accrual.until!,
      periodFrom: accrual.periodFrom!,
      periodUntil: accrual.periodUntil!,
      amount: total,
      turnoverRequired,
      transactionId,
    })
    .returning();
  const stored = accrual.lines.filter((l) => l.validTurnover > 0);
  if (stored.length > 0) {
    await tx.insert(rebateClaimLines).values(stored.map((l) => ({ claimId: claim.id, gameType: l.gameType, validTurnover: l.validTurnover, rateBp: l.rateBp, amount: l.amount })));
  }
  await addRequirement(tx, { merchantCode: tenant.merchantCode, memberId, source: 'rebate', sourceId: String(claim.id), required: turnoverRequired });
  const after = (await ledger.walletOf(memberId, tx))!;
  return { paid: { claim, lines: stored, balance: after.balance, currency: after.currency } };
}

/** POST claim: pays the accrued rebate in `once`, the runner of the request's Idempotency-Key. */
export async function claimRebate(platform: Platform, actor: Actor, once: Once): Promise<Claim> {
  const tenant = actor.tenant;
  const member = actor.auth!.member;
  assertEnabled(tenant);
  assertRealMember(member);
  const rules = rebateRulesOf(tenant);
  const day = zoneDate(tenantTimeZone(tenant));
  try {
    return await once(async (tx) => {
      const outcome = await payAccrued(platform, tx, tenant, member.id, { kind: 'manual', day });
      if ('refused' in outcome) {
        if (outcome.refused === 'rebate.below.minimum') {
          throw new ApiError('rebate.below.minimum', 409, { total: toAmount(outcome.total), minClaim: toAmount(rules.minClaim) });
        }
        throw new ApiError('rebate.nothing.accrued', 409);
      }
      const { claim, lines, balance, currency } = outcome.paid;
      return {
        id: claim.id,
        amount: toAmount(claim.amount),
        turnoverRequired: toAmount(claim.turnoverRequired),
        balance: toAmount(balance),
        currency,
        lines: lines.map(presentLine),
        createdAt: claim.createdAt.toISOString(),
      };
    });
  } catch (err) {
    // The wallet lock makes this unreachable in practice; the unique boundary is the last word.
    if (uniqueViolation(err) === 'rebate_claims_member_until') throw new ApiError('rebate.nothing.accrued', 409);
    throw err;
  }
}

// ---- The rebate report ----

const TYPE_ORDER = sql.raw(`ARRAY[${GAME_TYPES.map((t) => `'${t}'`).join(',')}]::text[]`);
const typeIndex = sql<number>`array_position(${TYPE_ORDER}, ${rebateClaimLines.gameType})`;
const dayText = sql<string>`to_char(${rebateClaims.day}, 'YYYY-MM-DD')`;

/** The cursor of a report row: its day as YYYYMMDD and its game type's index. */
function reportCursor(day: string, gameType: string): string {
  return encodeCursor([Number(day.replaceAll('-', '')), GAME_TYPES.indexOf(gameType as GameType) + 1]);
}

function fromCursor(cursor: string): { day: string; index: number } {
  const [dayKey, index] = decodeCursor(cursor, 2);
  const day = `${dayKey.slice(0, 4)}-${dayKey.slice(4, 6)}-${dayKey.slice(6, 8)}`;
  if (dayKey.length !== 8 || !isIsoDate(day)) throw validationError('/cursor', { location: 'querystring', reason: 'not a cursor of this list' });
  return { day, index: Number(index) };
}

/** GET report: the member's rebates of a range by day and game type, newest day first, with the range's totals. */
export async function rebateReport(platform: Platform, tenant: Tenant, memberId: number, query: ReportQuery): Promise<Report> {
  if (!tenant.flags.PLYRBT) throw new ApiError('rebate.report.disabled', 403);
  const range = recordRange(tenant, query);
  const pageSize = query.pageSize ?? 20;
  const after = query.cursor ? fromCursor(query.cursor) : null;
  const db = platform.db.orm;
  const inRange = [eq(rebateClaims.memberId, memberId), gte(rebateClaims.day, range.days.start), lte(rebateClaims.day, range.days.end)];
  const keyset = after ? sql`(${rebateClaims.day} < ${after.day} or (${rebateClaims.day} = ${after.day} and ${typeIndex} > ${after.index}))` : undefined;
  const manual = sql<string | null>`sum(${rebateClaimLines.amount}) filter (where ${rebateClaims.kind} = 'manual')`;
  const auto = sql<string | null>`sum(${rebateClaimLines.amount}) filter (where ${rebateClaims.kind} = 'auto')`;
  const found = await db
    .select({
      day: dayText,
      gameType: rebateClaimLines.gameType,
      validTurnover: sum(rebateClaimLines.validTurnover),
      amount: sum(rebateClaimLines.amount),
      manual,
      auto,
      claims: count(),
    })
    .from(rebateClaims)
    .innerJoin(rebateClaimLines, eq(rebateClaimLines.claimId, rebateClaims.id))
    .where(and(...inRange, sql`${typeIndex} is not null`, keyset))
    .groupBy(rebateClaims.day, rebateClaimLines.gameType)
    .orderBy(desc(rebateClaims.day), asc(typeIndex))
    .limit(pageSize + 1);
  const page = found.slice(0, pageSize);
  const [totals] = await db
    .select({
      amount: sum(rebateClaims.amount),
      manual: sql<string | null>`sum(${rebateClaims.amount}) filter (where ${rebateClaims.kind} = 'manual')`,
      auto: sql<string | null>`sum(${rebateClaims.amount}) filter (where ${rebateClaims.kind} = 'auto')`,
      claims: count(),
    })
    .from(rebateClaims)
    .where(and(...inRange));
  const [turnover] = await db
    .select({ validTurnover: sum(rebateClaimLines.validTurnover) })
    .from(rebateClaims)
    .innerJoin(rebateClaimLines, eq(rebateClaimLines.claimId, rebateClaims.id))
    .where(and(...inRange));
  const wallet = await platform.repos.ledger.walletOf(memberId);
  const last = page.at(-1);
  return {
    range: rangeEcho(range),
    list: page.map((r) => ({
      day: r.day,
      gameType: r.gameType as GameType,
      validTurnover: toAmount(asNumber(r.validTurnover)),
      amount: toAmount(asNumber(r.amount)),
      manual: toAmount(asNumber(r.manual)),
      auto: toAmount(asNumber(r.auto)),
      claims: Number(r.claims),
    })),
    totals: {
      validTurnover: toAmount(asNumber(turnover?.validTurnover)),
      amount: toAmount(asNumber(totals?.amount)),
      manual: toAmount(asNumber(totals?.manual)),
      auto: toAmount(asNumber(totals?.auto)),
      claims: Number(totals?.claims ?? 0),
    },
    currency: wallet?.currency ?? tenant.settings.currency.code,
    ...(found.length > pageSize && last ? { nextCursor: reportCursor(last.day, last.gameType) } : {}),
  };
}

// ---- The daily settlement (ops verb `rebates settle`) ----

export interface SettleResult {
  tenant: string;
  merchantCode: string;
  /** The tenant's day settled (YYYY-MM-DD). */
  day: string;
  /** Members paid, and the total paid (minor units). */
  paid: number;
  amount: number;
  /** Members whose accrual is below the minimum claim (it waits for more), or already settled for the day. */
  belowMinimum: number;
  alreadySettled: number;
  /** Tenants without any rate are skipped. */
  skipped?: 'no rates';
}

/**
 * Pays every member's rebate accrued over the bets placed up to the end of `day` (the tenant's
 * day; default yesterday) as `auto` claims: one transaction per member with its audit row. Run
 * again for the same day it pays nobody twice (one automatic claim per member and day, and the
 * bets covered are not covered again). A day not over yet is refused.
 */
export async function settleRebates(platform: Platform, actor: OpsActor, opts: { tenantId?: string; day?: string } = {}): Promise<SettleResult[]> {
  let tenants = [...platform.tenants.all.values()];
  if (opts.tenantId !== undefined) {
    const tenant = platform.tenants.all.get(opts.tenantId);
    if (!tenant) throw new OpsRefusal('not.found', `no tenant ${opts.tenantId}`);
    assertMerchant(actor, tenant.merchantCode);
    tenants = [tenant];
  } else if (actor.merchantCodes !== null) {
    tenants = tenants.filter((t) => actor.merchantCodes!.includes(t.merchantCode));
  }
  const results: SettleResult[] = [];
  for (const tenant of tenants) {
    const timeZone = tenantTimeZone(tenant);
    const today = zoneDate(timeZone);
    const day = opts.day ?? shiftDate(today, -1);
    if (day >= today) throw new OpsRefusal('rebate.day.open', `${day} is not over yet for ${tenant.id} (its today is ${today})`);
    const result: SettleResult = { tenant: tenant.id, merchantCode: tenant.merchantCode, day, paid: 0, amount: 0, belowMinimum: 0, alreadySettled: 0 };
    results.push(result);
    if (rebateRulesOf(tenant).ratesBp.size === 0 && !(await anyMemberRate(platform, tenant.merchantCode))) {
      result.skipped = 'no rates';
      continue;
    }
    const before = new Date(zoneMidnight(timeZone, shiftDate(day, 1)));
    for (const memberId of await membersToSettle(platform, tenant.merchantCode, before)) {
      await platform.db.orm.transaction(async (tx) => {
        const outcome = await payAccrued(platform, tx, tenant, memberId, { kind: 'auto', day, before });
        if ('refused' in outcome) {
          if (outcome.refused === 'rebate.below.minimum') result.belowMinimum += 1;
          if (outcome.refused === 'rebate.settled') result.alreadySettled += 1;
          return;
        }
        const { claim } = outcome.paid;
        result.paid += 1;
        result.amount += claim.amount;
        await writeAudit(tx, actor, {
          action: 'rebate.settle',
          merchantCode: tenant.merchantCode,
          targetType: 'member',
          targetId: memberId,
          reason: `automatic cash back of ${day}`,
          after: { claimId: claim.id, amount: claim.amount, fromBetId: claim.fromBetId, untilBetId: claim.untilBetId, transactionId: claim.transactionId },
        });
      });
    }
  }
  return results;
}

/** Whether an upline set any member of the merchant a rate above 0 (it earns even where the tenant's rates are none). */
async function anyMemberRate(platform: Platform, merchantCode: string): Promise<boolean> {
  const [row] = await platform.db.orm
    .select({ memberId: memberRebateRates.memberId })
    .from(memberRebateRates)
    .where(and(eq(memberRebateRates.merchantCode, merchantCode), gt(memberRebateRates.rateBp, 0)))
    .limit(1);
  return row !== undefined;
}

/** Members of the merchant with bets placed before `before` that no rebate covers yet. */
async function membersToSettle(platform: Platform, merchantCode: string, before: Date): Promise<number[]> {
  const found = await platform.db.orm
    .select({ id: members.id })
    .from(members)
    .where(
      and(
        eq(members.merchantCode, merchantCode),
        sql`exists (select 1 from ${bets} b where b.member_id = ${members.id} and b.created_at < ${before.toISOString()}::timestamptz
          and b.id > coalesce((select max(c.until_bet_id) from ${rebateClaims} c where c.member_id = ${members.id}), 0))`,
      ),
    )
    .orderBy(asc(members.id));
  return found.map((m) => m.id);
}

/**
 * Red-envelope rain (0026_red_rain.sql): an operator schedules windows with a budget; during a
 * window each envelope a member taps is one catch, its amount drawn from what is left of the
 * budget. A catch locks its window's row (SELECT ... FOR UPDATE) before it reads what is left and
 * how many envelopes the member has, so racing taps are served one after another and never pay
 * out more than the budget or the member's cap; the row's CHECK (paid <= budget) backs it up.
 *
 * The cap counts per verified person (./person.ts): the catches of every account of one person
 * in the window, under the person's lock (taken before the window's row). An account an agent
 * opened catches nothing until its holder verifies a mobile number. Each catch adds a turnover
 * requirement (amount x the window's turnover_multiplier) in the transaction that credits it.
 */
import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, gte, lte, sql } from 'drizzle-orm';
import type { Actor, Platform } from '../../../platform';
import type { Caught, OpsWindow, State, Team, Window } from '../../../../src/generated/api/red-rain';
import type { Tenant } from '../../../../src/generated/tenant';
import { rows, type Executor, type Tx } from '../../../db/client';
import { members, rainCatches, rainWindows } from '../../../db/schema';
import { ApiError } from '../../../errors';
import type { Once } from '../../../lib/idempotency';
import { hasAtMostTwoDecimals, percentOf, toAmount } from '../../../../src/domain/money';
import { writeAudit } from '../../../ops/audit';
import { assertMerchant, OpsRefusal, type OpsActor } from '../../../ops/types';
import type { MemberRow } from '../../../repositories/members';
import { assertAgent } from '../../agent';
import { assertVerifiedPerson, lockPerson, personIdsSql, personOf, type PersonFields } from '../../account';
import { rewardTurnover } from './rewards';
import { teamIdsSql } from '../../account';
import { addRequirement } from '../../../money';

type WindowRow = typeof rainWindows.$inferSelect;

const MINUTE_MS = 60_000;
/** Defaults of a schedule (minor units). */
const DEFAULT_MIN_AMOUNT = 10;
/** The default largest packet: this percent of the budget (at least the smallest packet). */
const DEFAULT_MAX_BUDGET_PERCENT = 5;
const DEFAULT_MAX_PER_MEMBER = 20;
/** Each catch is wagered this many times unless the schedule says otherwise. */
const DEFAULT_TURNOVER_MULTIPLIER = 1;
/** The team's catches shown to an agent: the last 30 days, at most 50 rows. */
const TEAM_DAYS = 30;
const TEAM_LIST = 50;

function presentWindow(w: WindowRow): Window {
  return { id: w.id, startsAt: w.startsAt.toISOString(), endsAt: w.endsAt.toISOString(), maxPerMember: w.maxPerMember, turnoverMultiplier: Number(w.turnoverMultiplier) };
}

/** The window of the merchant open at the database's now, if any (the earliest to close). */
async function openWindow(db: Executor, merchantCode: string): Promise<WindowRow | null> {
  const [w] = await db
    .select()
    .from(rainWindows)
    .where(and(eq(rainWindows.merchantCode, merchantCode), lte(rainWindows.startsAt, sql`now()`), gt(rainWindows.endsAt, sql`now()`)))
    .orderBy(rainWindows.endsAt, rainWindows.id)
    .limit(1);
  return w ?? null;
}

/** The next window to open after `after`. */
async function nextWindow(db: Executor, merchantCode: string, after: Date | null): Promise<WindowRow | null> {
  const [w] = await db
    .select()
    .from(rainWindows)
    .where(and(eq(rainWindows.merchantCode, merchantCode), after ? gte(rainWindows.startsAt, after) : gt(rainWindows.startsAt, sql`now()`)))
    .orderBy(rainWindows.startsAt, rainWindows.id)
    .limit(1);
  return w ?? null;
}

/** What the member's person (every account of it) caught in the window. */
async function personCaught(db: Executor, windowId: number, person: Pick<PersonFields, 'id' | 'merchantCode' | 'personKey'>): Promise<{ total: number; count: number }> {
  const [r] = await db
    .select({ total: sql<string>`coalesce(sum(${rainCatches.amount}), 0)`, count: sql<string>`count(*)` })
    .from(rainCatches)
    .where(and(eq(rainCatches.windowId, windowId), sql`${rainCatches.memberId} IN ${personIdsSql(person)}`));
  return { total: Number(r.total), count: Number(r.count) };
}

/** GET /wps/redRain: the window open now, else the next one, and the member's catches in it. */
export async function rainState(platform: Platform, tenant: Tenant, member: MemberRow): Promise<State> {
  const db = platform.db.orm;
  const current = await openWindow(db, tenant.merchantCode);
  const next = await nextWindow(db, tenant.merchantCode, current?.endsAt ?? null);
  const mine = current ? await personCaught(db, current.id, member) : { total: 0, count: 0 };
  const [clock] = await rows<{ now: Date | string }>(db, sql`SELECT now() AS now`);
  return {
    now: new Date(clock.now).toISOString(),
    current: current ? presentWindow(current) : null,
    next: next ? presentWindow(next) : null,
    caught: toAmount(mine.total),
    caughtCount: mine.count,
    currency: tenant.settings.currency.code,
  };
}

/** The amount of one envelope: random within the bounds, never above what is left. */
export function drawAmount(w: Pick<WindowRow, 'minAmount' | 'maxAmount'>, left: number, pick: (min: number, max: number) => number = randomInt): number {
  const max = Math.min(w.maxAmount, left);
  const min = Math.min(w.minAmount, max);
  return min >= max ? max : pick(min, max + 1);
}

/** One catch in `tx`: lock the window, check it, draw, record and credit. */
async function catchIn(platform: Platform, tx: Tx, tenant: Tenant, memberId: number, windowId: number): Promise<Caught> {
  // The person first, then the window: every catch locks in this order.
  const person = await personOf(tx, memberId);
  if (!person) throw new ApiError('session.invalid', 401);
  assertVerifiedPerson(person);
  await lockPerson(tx, person);
  const [w] = await rows<{
    id: string | number;
    open: boolean;
    budget: string | number;
    paid: string | number;
    min_amount: string | number;
    max_amount: string | number;
    max_per_member: number;
    turnover_multiplier: string | number;
  }>(
    tx,
    sql`SELECT id, (starts_at <= now() AND ends_at > now()) AS open, budget, paid, min_amount, max_amount, max_per_member, turnover_multiplier
        FROM rain_windows WHERE id = ${windowId} AND merchant_code = ${tenant.merchantCode} FOR UPDATE`,
  );
  if (!w) throw new ApiError('redRain.not.found', 404);
  if (!w.open) throw new ApiError('redRain.closed', 409);
  const left = Number(w.budget) - Number(w.paid);
  if (left <= 0) throw new ApiError('redRain.exhausted', 409);
  const before = await personCaught(tx, windowId, person);
  if (before.count >= w.max_per_member) throw new ApiError('redRain.limit', 409);
  const amount = drawAmount({ minAmount: Number(w.min_amount), maxAmount: Number(w.max_amount) }, left);
  const taken = await tx
    .update(rainWindows)
    .set({ paid: sql`${rainWindows.paid} + ${amount}` })
    .where(and(eq(rainWindows.id, windowId), sql`${rainWindows.paid} + ${amount} <= ${rainWindows.budget}`))
    .returning({ id: rainWindows.id });
  // The row is locked: the condition holds. It stays as the last word on the budget all the same.
  if (taken.length === 0) throw new ApiError('redRain.exhausted', 409);
  const { ledger } = platform.repos;
  const currency = tenant.settings.currency.code;
  const wallet = (await ledger.walletOf(memberId, tx))?.id ?? (await ledger.openWallet(tx, tenant.merchantCode, memberId, currency));
  const moves = await ledger.memberMoves(tx, { merchantCode: tenant.merchantCode, memberId, currency, walletId: wallet });
  const transactionId = await moves.bonus(amount, { memo: `red rain window ${windowId}` });
  const [row] = await tx
    .insert(rainCatches)
    .values({ windowId, merchantCode: tenant.merchantCode, memberId, amount, transactionId })
    .returning({ id: rainCatches.id });
  await addRequirement(tx, {
    merchantCode: tenant.merchantCode,
    memberId,
    source: 'red_rain',
    sourceId: String(row.id),
    required: rewardTurnover(amount, Number(w.turnover_multiplier)),
  });
  const after = (await ledger.walletOf(memberId, tx))!;
  return { id: row.id, windowId, amount: toAmount(amount), balance: toAmount(after.balance), caughtCount: before.count + 1, currency: after.currency };
}

/**
 * POST /wps/redRain/:id/catch in `once`, the runner of the envelope's Idempotency-Key (its hash
 * has the path's window id: a key reused for another window is a 422).
 */
export async function catchEnvelope(platform: Platform, actor: Actor, windowId: number, once: Once): Promise<Caught> {
  const tenant = actor.tenant;
  const member = actor.auth!.member;
  return once((tx) => catchIn(platform, tx, tenant, member.id, windowId));
}

/** GET /wps/redRain/team: the agent's team's catches of the last 30 days. */
export async function teamCatches(platform: Platform, tenant: Tenant, member: MemberRow): Promise<Team> {
  assertAgent(member);
  const team = teamIdsSql({ id: member.id, merchantCode: member.merchantCode });
  const since = sql`now() - make_interval(days => ${TEAM_DAYS})`;
  const db = platform.db.orm;
  const [sum] = await rows<{ total: string | number; count: string | number }>(
    db,
    sql`SELECT coalesce(sum(amount), 0) AS total, count(*) AS count FROM rain_catches
        WHERE member_id IN ${team} AND merchant_code = ${member.merchantCode} AND created_at >= ${since}`,
  );
  const list = await db
    .select({ id: rainCatches.id, userName: members.username, windowId: rainCatches.windowId, amount: rainCatches.amount, createdAt: rainCatches.createdAt })
    .from(rainCatches)
    .innerJoin(members, eq(members.id, rainCatches.memberId))
    .where(and(sql`${rainCatches.memberId} IN ${team}`, eq(rainCatches.merchantCode, member.merchantCode), sql`${rainCatches.createdAt} >= ${since}`))
    .orderBy(desc(rainCatches.createdAt), desc(rainCatches.id))
    .limit(TEAM_LIST);
  return {
    total: toAmount(Number(sum.total)),
    count: Number(sum.count),
    list: list.map((r) => ({ ...r, amount: toAmount(r.amount), createdAt: r.createdAt.toISOString() })),
    currency: tenant.settings.currency.code,
  };
}

// ---- Operators (ops verbs `rain schedule`, `rain list`; /ops/redRain/windows) ----

export interface ScheduleInput {
  merchant: string;
  /** Absent: now. */
  start?: Date;
  minutes: number;
  /** Minor units. */
  budget: number;
  minAmount?: number;
  maxAmount?: number;
  maxPerMember?: number;
  /** Default 1: each catch is wagered once. */
  turnoverMultiplier?: number;
}

async function presentOps(db: Executor, w: WindowRow): Promise<OpsWindow> {
  const [c] = await db.select({ n: sql<string>`count(*)` }).from(rainCatches).where(eq(rainCatches.windowId, w.id));
  return {
    id: w.id,
    merchant: w.merchantCode,
    startsAt: w.startsAt.toISOString(),
    endsAt: w.endsAt.toISOString(),
    budget: toAmount(w.budget),
    paid: toAmount(w.paid),
    minAmount: toAmount(w.minAmount),
    maxAmount: toAmount(w.maxAmount),
    maxPerMember: w.maxPerMember,
    turnoverMultiplier: Number(w.turnoverMultiplier),
    catches: Number(c.n),
  };
}

function checkMinor(value: number, field: string): void {
  if (!Number.isSafeInteger(value) || value <= 0) throw new OpsRefusal('validation.failed', `${field}: a positive amount with at most 2 decimals`);
}

/** Schedules a window, with its audit row. */
export async function scheduleRain(platform: Platform, actor: OpsActor, input: ScheduleInput): Promise<OpsWindow> {
  assertMerchant(actor, input.merchant);
  if (!platform.tenants.byMerchant(input.merchant)) throw new OpsRefusal('not.found', `no merchant ${input.merchant}`);
  if (!Number.isInteger(input.minutes) || input.minutes < 1 || input.minutes > 1440) throw new OpsRefusal('validation.failed', 'minutes: 1 to 1440');
  checkMinor(input.budget, 'budget');
  const minAmount = input.minAmount ?? Math.min(DEFAULT_MIN_AMOUNT, input.budget);
  const maxAmount = input.maxAmount ?? Math.max(minAmount, percentOf(input.budget, DEFAULT_MAX_BUDGET_PERCENT));
  checkMinor(minAmount, 'minAmount');
  checkMinor(maxAmount, 'maxAmount');
  if (maxAmount < minAmount) throw new OpsRefusal('validation.failed', 'maxAmount: not below minAmount');
  if (minAmount > input.budget) throw new OpsRefusal('validation.failed', 'minAmount: not above the budget');
  const maxPerMember = input.maxPerMember ?? DEFAULT_MAX_PER_MEMBER;
  if (!Number.isInteger(maxPerMember) || maxPerMember < 1) throw new OpsRefusal('validation.failed', 'maxPerMember: a whole number from 1');
  const turnoverMultiplier = input.turnoverMultiplier ?? DEFAULT_TURNOVER_MULTIPLIER;
  if (!Number.isFinite(turnoverMultiplier) || turnoverMultiplier < 0 || turnoverMultiplier > 100 || !hasAtMostTwoDecimals(turnoverMultiplier)) {
    throw new OpsRefusal('validation.failed', 'turnoverMultiplier: 0 to 100 with at most 2 decimals');
  }
  const startsAt = input.start ?? new Date();
  if (Number.isNaN(startsAt.getTime())) throw new OpsRefusal('validation.failed', 'start: an ISO date-time');
  const endsAt = new Date(startsAt.getTime() + input.minutes * MINUTE_MS);
  return platform.db.orm.transaction(async (tx) => {
    const [w] = await tx
      .insert(rainWindows)
      .values({ merchantCode: input.merchant, startsAt, endsAt, budget: input.budget, minAmount, maxAmount, maxPerMember, turnoverMultiplier: turnoverMultiplier.toFixed(2), createdBy: actor.actor })
      .returning();
    const out = await presentOps(tx, w);
    await writeAudit(tx, actor, { action: 'redRain.schedule', merchantCode: input.merchant, targetType: 'rain_window', targetId: w.id, after: out });
    return out;
  });
}

/** A merchant's windows not yet over (with `all`: also the last 50). */
export async function listRain(platform: Platform, actor: OpsActor, merchant: string, all = false): Promise<OpsWindow[]> {
  assertMerchant(actor, merchant);
  const db = platform.db.orm;
  const list = await db
    .select()
    .from(rainWindows)
    .where(and(eq(rainWindows.merchantCode, merchant), all ? undefined : gt(rainWindows.endsAt, sql`now()`)))
    .orderBy(desc(rainWindows.startsAt), desc(rainWindows.id))
    .limit(50);
  return Promise.all(list.map((w) => presentOps(db, w)));
}

/**
 * Player protection limits (schemas/api/limits.json, 0024_player_limits.sql): a deposit, loss and
 * wager limit per tenant day, week and month, and a session time limit, set by the member and
 * enforced here, by the server, in the transaction of the money move:
 *
 *  - deposits (services/deposits.ts createDeposit, under the member's row lock): the requested
 *    deposits of the period that are not refused (pending and paid) plus the new one may not pass
 *    the limit, so racing requests cannot either;
 *  - spins (services/inhouse.ts, under the wallet's row lock): wager = stakes of the period, loss =
 *    stakes minus wins; a spin whose stake is more than what remains of either is refused before
 *    any posting;
 *  - the session limit (plugins/app/auth.ts): once the login is that many minutes old the login
 *    is ended and the call answers 401 limit.session.reached.
 *
 * The rules of a change (tighten at once, loosen after the cooling-off) are services/limit-rules.ts.
 * A pending change whose time has come is written as the value by whoever reads it first.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Platform } from '../../../platform';
import { rows, type Executor, type Tx } from '../../../db/client';
import { playerLimits, type PlayerLimitKind, type PlayerLimitPeriod } from '../../../db/schema';
import { ApiError, validationError } from '../../../errors';
import { toAmount, toMinor } from '../../../../src/domain/money';
import { tenantTimeZone } from '../../../../src/lib/app-config';
import type { Tenant } from '../../../../src/generated/tenant';
import { lockMember } from '../../../money';
import {
  cancelPending,
  changeLimit,
  MAX_LIMIT_MINOR,
  MAX_SESSION_MINUTES,
  MONEY_KINDS,
  NO_LIMIT,
  PERIODS,
  periodBounds,
  remainingOf,
  settle,
  type LimitState,
  type MoneyKind,
  type MoneyPeriod,
} from './limit-rules';

/** Default cooling-off of a loosening when the tenant names none (settings.limits.coolingOffHours). */
const DEFAULT_COOLING_OFF_HOURS = 24;

const coolingOffHoursOf = (tenant: Tenant): number => tenant.settings.limits?.coolingOffHours ?? DEFAULT_COOLING_OFF_HOURS;

type Key = `${PlayerLimitKind}:${PlayerLimitPeriod}`;
const keyOf = (kind: PlayerLimitKind, period: PlayerLimitPeriod): Key => `${kind}:${period}`;

type Row = typeof playerLimits.$inferSelect;

const stateOf = (row: Row): LimitState => ({
  value: row.value,
  pending: row.pendingSet && row.effectiveAt ? { value: row.pendingValue, effectiveAt: row.effectiveAt } : null,
});

/**
 * The member's limits at `now` (of one kind when given), keyed kind:period. A pending change
 * whose time has come is written as the value first.
 */
async function limitsOf(db: Executor, memberId: number, now: Date, kind?: PlayerLimitKind): Promise<Map<Key, LimitState>> {
  const found = await db
    .select()
    .from(playerLimits)
    .where(and(eq(playerLimits.memberId, memberId), kind ? eq(playerLimits.kind, kind) : undefined));
  const due = found.some((row) => row.pendingSet && row.effectiveAt && row.effectiveAt.getTime() <= now.getTime());
  if (due) {
    await db.execute(sql`UPDATE player_limits SET value = pending_value, pending_set = false, pending_value = NULL, effective_at = NULL, updated_at = now()
      WHERE member_id = ${memberId} AND pending_set AND effective_at <= ${now.toISOString()}::timestamptz`);
  }
  return new Map(found.map((row) => [keyOf(row.kind, row.period), settle(stateOf(row), now)]));
}

interface Usage {
  deposit: number;
  wager: number;
  loss: number;
}

/** What counts against each money limit in each period holding `now` (minor units). */
async function usageOf(db: Executor, tenant: Tenant, memberId: number, now: Date, kinds: readonly MoneyKind[] = MONEY_KINDS): Promise<Record<MoneyPeriod, Usage>> {
  const zone = tenantTimeZone(tenant);
  const bounds = { day: periodBounds('day', zone, now), week: periodBounds('week', zone, now), month: periodBounds('month', zone, now) };
  const earliest = bounds.week.from < bounds.month.from ? bounds.week : bounds.month;
  const usage: Record<MoneyPeriod, Usage> = { day: { deposit: 0, wager: 0, loss: 0 }, week: { deposit: 0, wager: 0, loss: 0 }, month: { deposit: 0, wager: 0, loss: 0 } };
  if (kinds.includes('deposit')) {
    const from = (p: MoneyPeriod) => sql`${bounds[p].from.toISOString()}::timestamptz`;
    const [d] = await rows<Record<MoneyPeriod, string | number | null>>(
      db,
      sql`SELECT SUM(amount) FILTER (WHERE created_at >= ${from('day')}) AS day,
                 SUM(amount) FILTER (WHERE created_at >= ${from('week')}) AS week,
                 SUM(amount) FILTER (WHERE created_at >= ${from('month')}) AS month
          FROM deposits WHERE member_id = ${memberId} AND state IN ('pending', 'paid') AND created_at >= ${earliest.from.toISOString()}::timestamptz`,
    );
    for (const p of PERIODS) usage[p].deposit = Number(d?.[p] ?? 0);
  }
  if (kinds.includes('wager') || kinds.includes('loss')) {
    const since = (p: MoneyPeriod) => sql`${bounds[p].startDate}::date`;
    const [b] = await rows<Record<`${'stake' | 'loss'}_${MoneyPeriod}`, string | number | null>>(
      db,
      sql`SELECT SUM(stake) FILTER (WHERE day >= ${since('day')}) AS stake_day,
                 SUM(stake) FILTER (WHERE day >= ${since('week')}) AS stake_week,
                 SUM(stake) FILTER (WHERE day >= ${since('month')}) AS stake_month,
                 SUM(stake - win) FILTER (WHERE day >= ${since('day')}) AS loss_day,
                 SUM(stake - win) FILTER (WHERE day >= ${since('week')}) AS loss_week,
                 SUM(stake - win) FILTER (WHERE day >= ${since('month')}) AS loss_month
          FROM bet_days WHERE member_id = ${memberId} AND day >= ${earliest.startDate}::date`,
    );
    for (const p of PERIODS) {
      usage[p].wager = Number(b?.[`stake_${p}`] ?? 0);
      usage[p].loss = Number(b?.[`loss_${p}`] ?? 0);
    }
  }
  return usage;
}

/** The refusal of a money limit: the period with the least left, and what is left (currency units). */
function checkKind(limits: Map<Key, LimitState>, usage: Record<MoneyPeriod, Usage>, kind: MoneyKind, amount: number): void {
  let worst: { period: MoneyPeriod; remaining: number; limit: number } | null = null;
  for (const period of PERIODS) {
    const limit = limits.get(keyOf(kind, period))?.value ?? null;
    const remaining = remainingOf(limit, usage[period][kind]);
    if (limit === null || remaining === null || amount <= remaining) continue;
    if (!worst || remaining < worst.remaining) worst = { period, remaining, limit };
  }
  if (worst) {
    throw new ApiError(`limit.${kind}.exceeded`, 409, { period: worst.period, amount: toAmount(worst.remaining), limit: toAmount(worst.limit) });
  }
}

/**
 * Refuses a deposit actor of `amount` minor units over what remains of a deposit limit. Runs in
 * the actor's transaction after the member's row is locked (createDeposit), so two requests
 * never both see the same room.
 */
export async function enforceDepositLimit(tx: Tx, tenant: Tenant, memberId: number, amount: number, now = new Date()): Promise<void> {
  const limits = await limitsOf(tx, memberId, now, 'deposit');
  if (![...limits.values()].some((s) => s.value !== null)) return;
  checkKind(limits, await usageOf(tx, tenant, memberId, now, ['deposit']), 'deposit', amount);
}

/**
 * Refuses a bet of `stake` minor units over what remains of a wager limit, or over what remains
 * of a loss limit (the stake could be lost). Runs in the spin's transaction once the wallet is
 * locked: racing spins of the member wait for each other and read each other's bets.
 */
export async function enforceBetLimits(tx: Tx, tenant: Tenant, memberId: number, stake: number, now = new Date()): Promise<void> {
  const all = await limitsOf(tx, memberId, now);
  const active = [...all].filter(([key, s]) => s.value !== null && !key.startsWith('deposit:') && !key.startsWith('session:'));
  if (active.length === 0) return;
  const usage = await usageOf(tx, tenant, memberId, now, ['wager', 'loss']);
  checkKind(all, usage, 'wager', stake);
  checkKind(all, usage, 'loss', stake);
}

/**
 * Whether the login that started at `startedAt` has reached the member's session limit at `now`.
 * Cheap when the member has none (one indexed read).
 */
export async function sessionLimitReached(db: Executor, memberId: number, startedAt: Date, now = new Date()): Promise<boolean> {
  return sessionOver(startedAt, (await limitsOf(db, memberId, now, 'session')).get('session:session')?.value ?? null, now);
}

/** True once a login that began at `startedAt` is `limitMinutes` old (null: no limit). */
export function sessionOver(startedAt: Date, limitMinutes: number | null, now = new Date()): boolean {
  return limitMinutes !== null && now.getTime() - startedAt.getTime() >= limitMinutes * 60_000;
}

// ---------------------------------------------------------------------------------------------
// The member's view and changes

export type LimitKind = PlayerLimitKind;
export type LimitPeriod = PlayerLimitPeriod;

interface LimitView {
  kind: LimitKind;
  period: LimitPeriod;
  /** Currency units (money limits) or minutes (session); null: none. */
  value: number | null;
  pending: { value: number | null; effectiveAt: string } | null;
  used: number;
  remaining: number | null;
  /** When the period's count starts again (money limits), or the session's limit ends it. */
  resetsAt: string | null;
}

export interface LimitsView {
  currency: string;
  coolingOffHours: number;
  sessionStartedAt: string;
  limits: LimitView[];
}

const SLOTS: readonly [LimitKind, LimitPeriod][] = [...MONEY_KINDS.flatMap((k) => PERIODS.map((p) => [k, p] as [LimitKind, LimitPeriod])), ['session', 'session']];

/** Every limit of the member (set or not) with what is used and what remains at `now`. */
export async function presentLimits(db: Executor, tenant: Tenant, memberId: number, sessionStartedAt: Date, now = new Date()): Promise<LimitsView> {
  const limits = await limitsOf(db, memberId, now);
  const usage = await usageOf(db, tenant, memberId, now);
  const zone = tenantTimeZone(tenant);
  const list = SLOTS.map(([kind, period]): LimitView => {
    const state = limits.get(keyOf(kind, period)) ?? NO_LIMIT;
    if (kind === 'session') {
      const used = Math.max(0, Math.floor((now.getTime() - sessionStartedAt.getTime()) / 60_000));
      return {
        kind,
        period,
        value: state.value,
        pending: state.pending ? { value: state.pending.value, effectiveAt: state.pending.effectiveAt.toISOString() } : null,
        used,
        remaining: remainingOf(state.value, used),
        resetsAt: state.value === null ? null : new Date(sessionStartedAt.getTime() + state.value * 60_000).toISOString(),
      };
    }
    const money = (n: number | null) => (n === null ? null : toAmount(n));
    const used = usage[period as MoneyPeriod][kind as MoneyKind];
    return {
      kind,
      period,
      value: money(state.value),
      pending: state.pending ? { value: money(state.pending.value), effectiveAt: state.pending.effectiveAt.toISOString() } : null,
      used: toAmount(used),
      remaining: money(remainingOf(state.value, used)),
      resetsAt: periodBounds(period as MoneyPeriod, zone, now).until.toISOString(),
    };
  });
  return { currency: tenant.settings.currency.code, coolingOffHours: coolingOffHoursOf(tenant), sessionStartedAt: sessionStartedAt.toISOString(), limits: list };
}

/** The stored value of a actor: minor units of a money limit, minutes of the session limit; 400 naming the field. */
function storedValueOf(kind: LimitKind, value: number | null): number | null {
  if (value === null) return null;
  if (kind === 'session') {
    if (!Number.isInteger(value) || value < 1 || value > MAX_SESSION_MINUTES) throw validationError('/value', { reason: `whole minutes from 1 to ${MAX_SESSION_MINUTES}` });
    return value;
  }
  if (!Number.isFinite(value) || value <= 0) throw validationError('/value', { reason: 'must be more than 0' });
  const minor = toMinor(value);
  if (toAmount(minor) !== value) throw validationError('/value', { reason: 'at most 2 decimals' });
  if (minor > MAX_LIMIT_MINOR) throw validationError('/value', { reason: `at most ${toAmount(MAX_LIMIT_MINOR)}` });
  return minor;
}

/** A kind and period that go together (the session limit has the period `session`, the others day, week or month). */
function checkSlot(kind: LimitKind, period: LimitPeriod): void {
  if ((kind === 'session') !== (period === 'session')) throw validationError('/period', { reason: kind === 'session' ? 'the session limit has the period session' : 'day, week or month' });
}

async function writeState(tx: Tx, memberId: number, kind: LimitKind, period: LimitPeriod, state: LimitState): Promise<void> {
  const values = {
    value: state.value,
    pendingSet: state.pending !== null,
    pendingValue: state.pending?.value ?? null,
    effectiveAt: state.pending?.effectiveAt ?? null,
    updatedAt: new Date(),
  };
  await tx
    .insert(playerLimits)
    .values({ memberId, kind, period, ...values })
    .onConflictDoUpdate({ target: [playerLimits.memberId, playerLimits.kind, playerLimits.period], set: values });
}

/**
 * Sets (value) or removes (null) one limit of the member: a tightening at once, a loosening
 * pending the tenant's cooling-off. The member's row is locked, so changes and deposits of the
 * member are serialised. Asking the same again changes nothing (safe to replay).
 */
export async function setLimit(
  platform: Platform,
  tenant: Tenant,
  memberId: number,
  change: { kind: LimitKind; period: LimitPeriod; value: number | null },
  now = new Date(),
): Promise<void> {
  checkSlot(change.kind, change.period);
  const stored = storedValueOf(change.kind, change.value);
  await platform.db.orm.transaction(async (tx) => {
    await lockMember(tx, memberId);
    const current = (await limitsOf(tx, memberId, now, change.kind)).get(keyOf(change.kind, change.period)) ?? NO_LIMIT;
    await writeState(tx, memberId, change.kind, change.period, changeLimit(current, stored, now, coolingOffHoursOf(tenant)));
  });
}

/** Cancels the pending change of one limit (none pending: nothing changes); the enforced value stays. */
export async function cancelLimitChange(platform: Platform, memberId: number, kind: LimitKind, period: LimitPeriod, now = new Date()): Promise<void> {
  checkSlot(kind, period);
  await platform.db.orm.transaction(async (tx) => {
    await lockMember(tx, memberId);
    const current = (await limitsOf(tx, memberId, now, kind)).get(keyOf(kind, period));
    if (!current?.pending) return;
    await writeState(tx, memberId, kind, period, cancelPending(current, now));
  });
}

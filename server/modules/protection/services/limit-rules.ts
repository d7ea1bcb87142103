/**
 * The rules of player protection limits, without a database (tests/server/protection/limit-rules.test.ts):
 *
 *  - tightening (a value not above the one enforced, or a value where there was none) applies at
 *    once and drops a pending change;
 *  - loosening (a higher value, or removing the limit) waits the cooling-off period: the old value
 *    stays enforced and the new one is kept pending with the time it applies. Asking the same
 *    loosening again keeps its time (a replayed request does not restart the wait); another one
 *    starts a new wait;
 *  - a pending change can be cancelled; once its time has passed it is the value (`settle`).
 *
 * Periods are the tenant's: its day, its week (Monday 00:00) and its month, in its time zone.
 */
import { shiftDate, zoneDate, zoneMidnight } from '../../../../src/domain/date-range';

export const MONEY_KINDS = ['deposit', 'loss', 'wager'] as const;
export type MoneyKind = (typeof MONEY_KINDS)[number];
export const PERIODS = ['day', 'week', 'month'] as const;
export type MoneyPeriod = (typeof PERIODS)[number];
;

/** Longest session limit, minutes (a day). */
export const MAX_SESSION_MINUTES = 1440;
/** Highest money limit, minor units (a hundred million in currency units). */
export const MAX_LIMIT_MINOR = 10_000_000_000;

interface Pending {
  /** null: the limit is being removed. */
  value: number | null;
  effectiveAt: Date;
}

export interface LimitState {
  /** What is enforced now; null: no limit. */
  value: number | null;
  pending: Pending | null;
}

export const NO_LIMIT: LimitState = { value: null, pending: null };

/** The state at `now`: a pending change whose time has come is the value. */
export function settle(state: LimitState, now: Date): LimitState {
  if (state.pending && state.pending.effectiveAt.getTime() <= now.getTime()) return { value: state.pending.value, pending: null };
  return state;
}

/** True when `next` is not looser than `current` (null: no limit, the loosest). */
export function isTightening(current: number | null, next: number | null): boolean {
  if (next === null) return current === null;
  return current === null || next <= current;
}

/** The state after the member asks for `next` (null: remove) at `now`. */
export function changeLimit(state: LimitState, next: number | null, now: Date, coolingOffHours: number): LimitState {
  const current = settle(state, now);
  if (isTightening(current.value, next)) return { value: next, pending: null };
  // The same loosening asked again keeps its time: a replay does not restart (or shorten) the wait.
  if (current.pending && current.pending.value === next) return current;
  return { value: current.value, pending: { value: next, effectiveAt: new Date(now.getTime() + coolingOffHours * 3_600_000) } };
}

/** The state after the member cancels the pending change (nothing pending: unchanged). */
export function cancelPending(state: LimitState, now: Date): LimitState {
  const current = settle(state, now);
  return { value: current.value, pending: null };
}

/** The first instant of the tenant's period that holds `now`, and the first of the next one. */
export function periodBounds(period: MoneyPeriod, timeZone: string, now: Date): { from: Date; until: Date; startDate: string } {
  const today = zoneDate(timeZone, now.getTime());
  let start = today;
  let next: string;
  if (period === 'day') next = shiftDate(today, 1);
  else if (period === 'week') {
    const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
    start = shiftDate(today, -((weekday + 6) % 7));
    next = shiftDate(start, 7);
  } else {
    start = `${today.slice(0, 8)}01`;
    const [y, m] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
    next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  }
  return { from: new Date(zoneMidnight(timeZone, start)), until: new Date(zoneMidnight(timeZone, next)), startDate: start };
}

/** What remains of `limit` once `used` counts against it (never below 0); null without a limit. */
export function remainingOf(limit: number | null, used: number): number | null {
  return limit === null ? null : Math.max(0, limit - used);
}

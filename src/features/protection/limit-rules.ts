/**
 * What the limits screen works out before anything is sent: the value as typed (currency units
 * with at most 2 decimals, or whole minutes), whether a change waits the cooling-off, and the
 * order the limits are shown in. The server checks all of it again (server/modules/protection/services/player-limits.ts).
 */
import type { TranslationKey } from '../../lib/i18n-keys';
import type { Limit, LimitKind, LimitPeriod } from './api/limits';
export const MONEY_PERIODS = ['day', 'week', 'month'] as const satisfies readonly LimitPeriod[];
const MAX_SESSION_MINUTES = 1440;

export const KIND_LABELS: Readonly<Record<LimitKind, TranslationKey>> = {
  deposit: 'limits_kind_deposit',
  loss: 'limits_kind_loss',
  wager: 'limits_kind_wager',
  session: 'limits_kind_session',
};

export const PERIOD_LABELS: Readonly<Record<LimitPeriod, TranslationKey>> = {
  day: 'limits_period_day',
  week: 'limits_period_week',
  month: 'limits_period_month',
  session: 'limits_period_session',
};

/** The value typed for a limit of `kind`, or the key of what is wrong with it. */
export function parseLimitValue(kind: LimitKind, text: string): { value: number } | { error: TranslationKey } {
  const raw = text.trim().replace(/,/g, '');
  if (kind === 'session') {
    if (!/^\d{1,4}$/.test(raw)) return { error: 'limits_minutes_invalid' };
    const minutes = Number(raw);
    return minutes >= 1 && minutes <= MAX_SESSION_MINUTES ? { value: minutes } : { error: 'limits_minutes_invalid' };
  }
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(raw)) return { error: 'limits_amount_invalid' };
  const value = Number(raw);
  return value > 0 ? { value } : { error: 'limits_amount_invalid' };
}

/** True when `next` (null: remove) is looser than the limit enforced now: it will wait the cooling-off. */
export function waitsCoolingOff(current: number | null, next: number | null): boolean {
  if (next === null) return current !== null;
  return current !== null && next > current;
}

/** The limit of a kind and period in an answer. */
export function limitOf(limits: readonly Limit[], kind: LimitKind, period: LimitPeriod): Limit | undefined {
  return limits.find((l) => l.kind === kind && l.period === period);
}

/** How far a limit is used, 0 to 1 (no limit: 0). */
export function usedShare(limit: Pick<Limit, 'value' | 'used'>): number {
  if (limit.value === null || limit.value <= 0) return 0;
  return Math.min(1, Math.max(0, limit.used / limit.value));
}

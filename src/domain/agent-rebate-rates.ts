/**
 * Agent rebate rates (schemas/api/agent-accounts.json): the rules the server enforces and the
 * screens check before sending. A rate is a percent of the valid turnover per game type with at
 * most 2 decimals (kept as hundredths of a percent, 0.8% = 80), never negative and never above
 * the rate of the member's own upline (for an agent setting a downline's rate: its own rate).
 */
import type { GameType, Tenant } from '../generated/tenant';
import { isGameType } from './game-types';
import { fromBasisPoints, hasAtMostTwoDecimals, toBasisPoints } from './money';

/** Percent -> hundredths of a percent. */
export const rateToBp = (rate: number): number => toBasisPoints(rate);
/** Hundredths of a percent -> percent. */
export const bpToRate = (bp: number): number => fromBasisPoints(bp);

/**
 * A top-level agent's own rate for a game type: the tenant's settings.agentRebate.maxRates, else
 * its cash-back rate (settings.wallet.rebate.rates), else 0. In hundredths of a percent.
 */
export function ceilingBp(tenant: Pick<Tenant, 'settings'>, gameType: GameType): number {
  const max = tenant.settings.agentRebate?.maxRates[gameType];
  if (max !== undefined) return rateToBp(max);
  return rateToBp(tenant.settings.wallet.rebate.rates[gameType] ?? 0);
}

/**
 * The categories an agent's rates are set for: the tenant's game categories (categories.sorting,
 * in its order) that are game types with a ceiling above 0 (HOT or INHOUSE are not game types).
 */
export function rateCategories(tenant: Pick<Tenant, 'settings' | 'categories'>): GameType[] {
  const sorting: readonly string[] = tenant.categories?.sorting ?? [];
  const listed = sorting.filter(isGameType);
  return [...new Set(listed)].filter((type) => ceilingBp(tenant, type) > 0);
}

export type RateProblem = 'rate.invalid' | 'rate.negative' | 'rate.decimals' | 'rate.above.own';

/** What is wrong with `rate` (percent) set under an own rate of `ownBp`, or null. */
export function rateProblem(rate: number, ownBp: number): RateProblem | null {
  if (!Number.isFinite(rate)) return 'rate.invalid';
  if (rate < 0) return 'rate.negative';
  if (!hasAtMostTwoDecimals(rate)) return 'rate.decimals';
  if (rateToBp(rate) > ownBp) return 'rate.above.own';
  return null;
}

/** A rate typed in a field: a number with at most 2 decimals, or null when it is not a number at all. */
export function parseRate(text: string): number | null {
  const trimmed = text.trim();
  if (!/^-?\d+(\.\d*)?$|^-?\.\d+$/.test(trimmed)) return null;
  return Number(trimmed);
}

/**
 * A member's own rate when none is set for it: its nearest upline's set rate (`chain`, nearest
 * first; null where unset), else the ceiling. Never above the ceiling.
 */
export function inheritedBp(chain: readonly (number | null)[], ceiling: number): number {
  const set = chain.find((bp) => bp !== null);
  return Math.min(set ?? ceiling, ceiling);
}

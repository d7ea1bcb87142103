/**
 * The tier math of agent contracts (schemas/api/agent-contracts.json), shared by the server (a
 * proposal's validation, settlement) and the contract screens (the propose form's errors, the
 * dividend estimate). Unit-free: the server feeds minor units and basis points, the screens
 * currency units and percent; what matters is that thresholds and values use one unit each.
 */
import type { DividendTier, HourlyTier, Kind, SalaryTier } from '../generated/api/agent-contracts';
import { fromBasisPoints, percentOf } from './money';

export type ContractKind = Kind;

/** A tier as the math sees it: what the team must reach (every threshold) and what it then pays. */
export interface Tier {
  thresholds: readonly number[];
  value: number;
}

/** The threshold fields of each kind's tiers, in order, and the field of the value. */
export const TIER_FIELDS = {
  salary: { thresholds: ['turnover', 'activeMembers'], value: 'amount' },
  hourly: { thresholds: ['turnover'], value: 'amount' },
  dividend: { thresholds: ['netLoss'], value: 'percent' },
} as const satisfies Record<ContractKind, { thresholds: readonly string[]; value: string }>;

export type AnyTier = SalaryTier | HourlyTier | DividendTier;

/** A kind's API tier as the math's tier. */
export function toTier(kind: ContractKind, tier: AnyTier): Tier {
  const fields = TIER_FIELDS[kind];
  const row = tier as unknown as Record<string, number>;
  return { thresholds: fields.thresholds.map((f) => row[f] ?? 0), value: row[fields.value] ?? 0 };
}

/** What the team's figures earn: the value of the best tier whose thresholds all are reached, else 0. */
export function valueAt(tiers: readonly Tier[], figures: readonly number[]): number {
  let best = 0;
  for (const tier of tiers) {
    if (tier.thresholds.every((t, i) => (figures[i] ?? 0) >= t) && tier.value > best) best = tier.value;
  }
  return best;
}

/** A problem of one field of a proposal: its JSON pointer in the body and the i18n key that says it. */
export interface TermsProblem {
  field: string;
  messageKey:
    | 'contract_tier_not_ascending'
    | 'contract_tier_above_own'
    | 'contract_tier_above_max'
    | 'contract_tier_above_ceiling'
    | 'contract_tier_turnover_required'
    | 'contract_tier_members_required'
    | 'contract_tier_net_loss_required';
}

/** The message of a threshold that must be above zero (activeMembers: at least one). */
const ACTIVITY_KEYS = {
  turnover: 'contract_tier_turnover_required',
  activeMembers: 'contract_tier_members_required',
  netLoss: 'contract_tier_net_loss_required',
} as const;

/**
 * Every tier must ask for real activity, so that a team that did nothing earns nothing: salary
 * tiers a positive turnover and at least one active member, hourly tiers a positive turnover,
 * dividend tiers a positive net loss. Answers the first tier's field that asks for none, or null.
 */
export function activityProblem(kind: ContractKind, tiers: readonly AnyTier[]): TermsProblem | null {
  const fields = TIER_FIELDS[kind].thresholds;
  for (const [i, raw] of tiers.entries()) {
    const tier = toTier(kind, raw);
    const zero = tier.thresholds.findIndex((t) => !(t > 0));
    if (zero >= 0) return { field: pointer(kind, i, fields[zero]), messageKey: ACTIVITY_KEYS[fields[zero]] };
  }
  return null;
}

/** Whether a period's figures show real activity: some turnover and at least one active member. */
export function hasActivity(figures: { turnover: number; activeMembers: number }): boolean {
  return figures.turnover > 0 && figures.activeMembers >= 1;
}

const pointer = (kind: ContractKind, index: number, field: string) => `/terms/tiers/${index}/${field}`;

/**
 * Tiers ascending: each one needs at least what the one before needs, more of one threshold, and
 * pays more. Answers the first problem, or null.
 */
export function ascendingProblem(kind: ContractKind, tiers: readonly AnyTier[]): TermsProblem | null {
  const fields = TIER_FIELDS[kind];
  const math = tiers.map((t) => toTier(kind, t));
  for (let i = 1; i < math.length; i += 1) {
    const [prev, cur] = [math[i - 1], math[i]];
    const lower = cur.thresholds.findIndex((t, j) => t < prev.thresholds[j]);
    if (lower >= 0) return { field: pointer(kind, i, fields.thresholds[lower]), messageKey: 'contract_tier_not_ascending' };
    if (cur.thresholds.every((t, j) => t === prev.thresholds[j])) return { field: pointer(kind, i, fields.thresholds[0]), messageKey: 'contract_tier_not_ascending' };
    if (cur.value <= prev.value) return { field: pointer(kind, i, fields.value), messageKey: 'contract_tier_not_ascending' };
  }
  return null;
}

/**
 * A proposal's bounds: no tier pays more than `max` (null: no maximum), nor more than the
 * proposer's own contract (`own`, null: none) pays at that tier's thresholds.
 */
export function boundsProblem(kind: ContractKind, tiers: readonly AnyTier[], max: number | null, own: readonly AnyTier[] | null): TermsProblem | null {
  const fields = TIER_FIELDS[kind];
  const ownTiers = own ? own.map((t) => toTier(kind, t)) : null;
  for (const [i, raw] of tiers.entries()) {
    const tier = toTier(kind, raw);
    if (max !== null && tier.value > max) return { field: pointer(kind, i, fields.value), messageKey: 'contract_tier_above_max' };
    if (ownTiers && tier.value > valueAt(ownTiers, tier.thresholds)) return { field: pointer(kind, i, fields.value), messageKey: 'contract_tier_above_own' };
  }
  return null;
}

/** A top-level agent's bound: no tier pays more than the ceiling an operator set for it (null: none to check). */
export function ceilingProblem(kind: ContractKind, tiers: readonly AnyTier[], ceiling: number | null): TermsProblem | null {
  if (ceiling === null) return null;
  const field = TIER_FIELDS[kind].value;
  const over = tiers.findIndex((t) => toTier(kind, t).value > ceiling);
  return over >= 0 ? { field: pointer(kind, over, field), messageKey: 'contract_tier_above_ceiling' } : null;
}

/**
 * Every problem check in order: real activity first, then ascending, then the bounds (the
 * tenant's maximum, one's own contract, the operator's ceiling of a top-level agent).
 */
export function termsProblem(
  kind: ContractKind,
  tiers: readonly AnyTier[],
  max: number | null,
  own: readonly AnyTier[] | null,
  ceiling: number | null = null,
): TermsProblem | null {
  return activityProblem(kind, tiers) ?? ascendingProblem(kind, tiers) ?? boundsProblem(kind, tiers, max, own) ?? ceilingProblem(kind, tiers, ceiling);
}

/** A dividend in minor units: the share (basis points) of a positive net loss (percentOf's rounding). */
export function dividendAmount(netLoss: number, shareBp: number): number {
  if (netLoss <= 0 || shareBp <= 0) return 0;
  return percentOf(netLoss, fromBasisPoints(shareBp));
}

/** The dividend period holding a tenant day (YYYY-MM-DD): its key and first and last days. */
export function dividendPeriod(period: 'half-month' | 'month', day: string): { key: string; first: string; last: string } {
  const [y, m, d] = day.split('-').map(Number);
  const month = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}`;
  const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const end = `${month}-${String(lastDay).padStart(2, '0')}`;
  if (period === 'month') return { key: month, first: `${month}-01`, last: end };
  return d <= 15 ? { key: `${month}-H1`, first: `${month}-01`, last: `${month}-15` } : { key: `${month}-H2`, first: `${month}-16`, last: end };
}

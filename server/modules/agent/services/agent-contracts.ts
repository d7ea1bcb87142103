/**
 * Agent contracts (schemas/api/agent-contracts.json, 0029_agent_contracts.sql): an agent proposes
 * a daily salary, a dividend or an hourly salary contract to a direct downline agent (depth 1 in
 * its team, server/modules/account/services/member-tree.ts), who signs or rejects it.
 *
 * Proposing and signing take a transaction-scoped advisory lock on (downline, kind), so racing
 * proposals or signatures queue: a new proposal cancels the pending one, a new signature
 * supersedes the signed one (the partial unique indexes hold it whatever happens).
 *
 * Settlement (`npm run ops -- settle salary|dividend|hourly`) computes each signed contract's
 * amount for a period from the team's bets (the downline agent's team below it, from the team
 * tree: bet_days for days, bets for hours) and pays it: the platform pays (ledger kind CONTRACT,
 * the merchant's house account -> the downline agent's wallet), the upline's wallet is not
 * touched. The posting and the settlement row are one transaction; the row is unique per
 * contract and period (and per downline, kind and period), so a second or racing run pays nothing.
 *
 * Real activity only (issue: "an agent pays itself salaries for nothing"): every tier asks for a
 * positive turnover (salary: and one active member; dividend: a positive net loss); the figures
 * that qualify a tier leave out the contract holder's own bets and the bets of accounts opened
 * within settings.agentContracts.qualifyingDays of the period's end; a period whose qualifying
 * figures show no turnover or no active member pays nothing (recorded as refused, with why); a
 * payment adds a turnover requirement (amount x turnoverMultiplier) in its transaction. A
 * top-level agent (no signed contract of the kind) proposes only within the ceiling an operator
 * set for it (agent_contract_ceilings, 0033), never within the tenant's maximum alone.
 *
 * Terms are stored in minor units and basis points; the API speaks currency units and percent.
 */
import { and, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Platform } from '../../../platform';
import type { Contract, ContractPage, DividendPage, DividendTerms, HourlyTerms, SalaryTerms, Terms } from '../../../../src/generated/api/agent-contracts';
import type { Tenant } from '../../../../src/generated/tenant';
import { tenantTimeZone } from '../../../../src/lib/app-config';
import { activityProblem, dividendAmount, dividendPeriod, hasActivity, termsProblem, valueAt, type AnyTier, type Tier } from '../../../../src/domain/contract-terms';
import { shiftDate, zoneDate, zoneDateTime, zoneMidnight } from '../../../../src/domain/date-range';
import { rows, type Executor, type Tx } from '../../../db/client';
import { agentContractCeilings, agentContracts, agentContractSettlements, members, type AgentContractKind } from '../../../db/schema';
import { ApiError, validationError } from '../../../errors';
import { CONTRACT_EXCLUDED_TYPES, NON_AGENT_TYPES } from '../../../../src/domain/member-types';
import { fromBasisPoints, hasAtMostTwoDecimals, timesMultiplier, toAmount, toBasisPoints, toMinor } from '../../../../src/domain/money';
import { writeAudit } from '../../../ops/audit';
import { assertMerchant, OpsRefusal, type OpsActor } from '../../../ops/types';
import type { MemberRow } from '../../../repositories/members';
import { depthInTeam, teamIdsSql } from '../../account';
import { addRequirement } from '../../../money';

type ContractRow = typeof agentContracts.$inferSelect;

/** Types that may propose (spec section 6: 0, 4 and 40 are not agents). */
const PROPOSER_EXCLUDED: readonly number[] = NON_AGENT_TYPES;
/** Types that may sign: agents that are not agent-like (4, 40, 41, 42 skip contract prompts). */
const SIGNER_EXCLUDED: readonly number[] = CONTRACT_EXCLUDED_TYPES;
const MAX_TIERS = 10;
/** Direct downline agents one page lists. */
const DOWNLINE_LIMIT = 200;
const HISTORY_LIMIT = 100;

// ---------------------------------------------------------------- terms

interface StoredSalaryTier {
  turnover: number;
  activeMembers: number;
  amount: number;
}
interface StoredHourlyTier {
  turnover: number;
  amount: number;
}
interface StoredDividendTier {
  netLoss: number;
  shareBp: number;
}
export interface StoredTerms {
  period?: 'half-month' | 'month';
  tiers: (StoredSalaryTier | StoredHourlyTier | StoredDividendTier)[];
}

/** API terms (currency units, percent) to what the row keeps (minor units, basis points). */
function toStored(kind: AgentContractKind, terms: SalaryTerms | DividendTerms | HourlyTerms): StoredTerms {
  if (kind === 'dividend') {
    const t = terms as DividendTerms;
    return { period: t.period, tiers: t.tiers.map((x) => ({ netLoss: toMinor(x.netLoss), shareBp: toBasisPoints(x.percent) })) };
  }
  if (kind === 'salary') {
    return { tiers: (terms as SalaryTerms).tiers.map((x) => ({ turnover: toMinor(x.turnover), activeMembers: x.activeMembers, amount: toMinor(x.amount) })) };
  }
  return { tiers: (terms as HourlyTerms).tiers.map((x) => ({ turnover: toMinor(x.turnover), amount: toMinor(x.amount) })) };
}

/** The row's terms as the API shows them. */
function toApiTerms(kind: AgentContractKind, stored: StoredTerms): Terms {
  if (kind === 'dividend') {
    return { period: stored.period ?? 'month', tiers: (stored.tiers as StoredDividendTier[]).map((x) => ({ netLoss: toAmount(x.netLoss), percent: fromBasisPoints(x.shareBp) })) };
  }
  if (kind === 'salary') {
    return { tiers: (stored.tiers as StoredSalaryTier[]).map((x) => ({ turnover: toAmount(x.turnover), activeMembers: x.activeMembers, amount: toAmount(x.amount) })) };
  }
  return { tiers: (stored.tiers as StoredHourlyTier[]).map((x) => ({ turnover: toAmount(x.turnover), amount: toAmount(x.amount) })) };
}

/** The row's tiers for the math, in minor units / basis points. */
function storedTiers(kind: AgentContractKind, stored: StoredTerms): Tier[] {
  if (kind === 'dividend') return (stored.tiers as StoredDividendTier[]).map((x) => ({ thresholds: [x.netLoss], value: x.shareBp }));
  if (kind === 'salary') return (stored.tiers as StoredSalaryTier[]).map((x) => ({ thresholds: [x.turnover, x.activeMembers], value: x.amount }));
  return (stored.tiers as StoredHourlyTier[]).map((x) => ({ thresholds: [x.turnover], value: x.amount }));
}

// ---------------------------------------------------------------- settings

interface KindSettings {
  enabled: boolean;
  /** The most a tier may pay (currency units) or share (percent); null: no maximum. */
  max: number | null;
  periods: ('half-month' | 'month')[];
}

function kindSettings(tenant: Tenant, kind: AgentContractKind): KindSettings {
  const s = tenant.settings.agentContracts;
  if (kind === 'dividend') {
    return { enabled: tenant.settings.dividend && s?.dividend !== undefined, max: s?.dividend?.maxPercent ?? null, periods: s?.dividend?.periods ?? [] };
  }
  const k = kind === 'salary' ? s?.salary : s?.hourly;
  return { enabled: k?.enabled === true, max: k?.maxAmount ?? null, periods: [] };
}

/** Days before a period's end an account must have been opened for its bets to qualify a tier (default 7). */
const qualifyingDaysOf = (tenant: Tenant): number => tenant.settings.agentContracts?.qualifyingDays ?? 7;
/** A contract payment's turnover requirement, as a multiple of the amount (default 1). */
const contractTurnoverMultiplierOf = (tenant: Tenant): number => tenant.settings.agentContracts?.turnoverMultiplier ?? 1;

/** A kind's value in the API's unit (currency units, percent) as stored (minor units, basis points), and back. */
const storedValue = (kind: AgentContractKind, value: number) => (kind === 'dividend' ? toBasisPoints(value) : toMinor(value));
const apiValue = (kind: AgentContractKind, stored: number) => (kind === 'dividend' ? fromBasisPoints(stored) : toAmount(stored));

/** The operator's ceiling of a member for a kind, in the API's unit, or null when none is set. */
async function ceilingOf(db: Executor, memberId: number, kind: AgentContractKind): Promise<number | null> {
  const [row] = await db
    .select({ maxValue: agentContractCeilings.maxValue })
    .from(agentContractCeilings)
    .where(and(eq(agentContractCeilings.memberId, memberId), eq(agentContractCeilings.kind, kind)))
    .limit(1);
  return row ? apiValue(kind, row.maxValue) : null;
}

function assertEnabled(tenant: Tenant, kind: AgentContractKind): KindSettings {
  const settings = kindSettings(tenant, kind);
  if (!settings.enabled) throw new ApiError('contract.disabled', 403);
  return settings;
}

// ---------------------------------------------------------------- reading

async function accounts(db: Executor, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const found = await db.select({ id: members.id, username: members.username }).from(members).where(inArray(members.id, [...new Set(ids)]));
  return new Map(found.map((m) => [m.id, m.username]));
}

function present(row: ContractRow, names: Map<number, string>): Contract {
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    upline: names.get(row.uplineId) ?? '',
    downline: names.get(row.downlineId) ?? '',
    downlineId: row.downlineId,
    terms: toApiTerms(row.kind, row.terms as unknown as StoredTerms),
    createdAt: row.createdAt.toISOString(),
    ...(row.signedAt ? { signedAt: row.signedAt.toISOString() } : {}),
    ...(row.endedAt ? { endedAt: row.endedAt.toISOString() } : {}),
  };
}

async function presentAll(db: Executor, list: ContractRow[]): Promise<Contract[]> {
  const names = await accounts(
    db,
    list.flatMap((r) => [r.uplineId, r.downlineId]),
  );
  return list.map((r) => present(r, names));
}

/** The member's own contract of a kind in a state (signed, or proposed to it). */
async function ownContract(db: Executor, memberId: number, kind: AgentContractKind, state: 'signed' | 'proposed'): Promise<ContractRow | null> {
  const [row] = await db
    .select()
    .from(agentContracts)
    .where(and(eq(agentContracts.downlineId, memberId), eq(agentContracts.kind, kind), eq(agentContracts.state, state)))
    .limit(1);
  return row ?? null;
}

/** GET salary|dividend|hourly: the contract page. */
export async function contractPage(platform: Platform, tenant: Tenant, member: MemberRow, kind: AgentContractKind): Promise<ContractPage> {
  const settings = assertEnabled(tenant, kind);
  const db = platform.db.orm;
  const [signed, pending] = await Promise.all([ownContract(db, member.id, kind, 'signed'), ownContract(db, member.id, kind, 'proposed')]);
  const isAgent = !PROPOSER_EXCLUDED.includes(member.type);
  const downlines: ContractPage['downlines'] = [];
  if (isAgent) {
    const direct = await db
      .select({ id: members.id, username: members.username })
      .from(members)
      .where(and(sql`${members.id} IN ${teamIdsSql(member, { direct: true })}`, notInArray(members.type, [...SIGNER_EXCLUDED])))
      .orderBy(members.username)
      .limit(DOWNLINE_LIMIT);
    const ids = direct.map((d) => d.id);
    const contracts =
      ids.length === 0
        ? []
        : await db
            .select()
            .from(agentContracts)
            .where(and(eq(agentContracts.uplineId, member.id), eq(agentContracts.kind, kind), inArray(agentContracts.downlineId, ids), inArray(agentContracts.state, ['signed', 'proposed'])));
    const shown = await presentAll(db, contracts);
    for (const d of direct) {
      const mine = shown.filter((c) => c.downlineId === d.id);
      const s = mine.find((c) => c.state === 'signed');
      const p = mine.find((c) => c.state === 'proposed');
      downlines.push({ memberId: d.id, account: d.username, ...(s ? { signed: s } : {}), ...(p ? { pending: p } : {}) });
    }
  }
  const [signedShown, pendingShown] = await presentAll(db, [signed, pending].filter((r): r is ContractRow => r !== null)).then((list) => [
    signed ? list.find((c) => c.id === signed.id) : undefined,
    pending ? list.find((c) => c.id === pending.id) : undefined,
  ]);
  const wallet = await platform.repos.ledger.walletOf(member.id);
  // A top-level agent of this kind (no signed contract of its own) proposes within its operator's ceiling, or not at all.
  const ceiling = isAgent && !signed ? await ceilingOf(db, member.id, kind) : null;
  return {
    kind,
    isAgent,
    ...(signedShown ? { signed: signedShown } : {}),
    ...(pendingShown ? { pending: pendingShown } : {}),
    downlines,
    bounds: {
      maxTiers: MAX_TIERS,
      ...(settings.max !== null ? (kind === 'dividend' ? { maxPercent: settings.max } : { maxAmount: settings.max }) : {}),
      ...(kind === 'dividend' ? { periods: settings.periods } : {}),
      ...(signed ? { own: toApiTerms(kind, signed.terms as unknown as StoredTerms) } : {}),
      ...(ceiling !== null ? { ceiling } : {}),
      ...(isAgent && !signed && ceiling === null ? { ceilingMissing: true } : {}),
    },
    currency: wallet?.currency ?? tenant.settings.currency.code,
  };
}

/** The contract prompt values of member info (spec section 3): a pending proposal's id per kind, '' without one. */
export async function contractPromptValues(
  platform: Platform,
  tenant: Tenant,
  member: MemberRow,
): Promise<{ dailysalreqtype: string; divtypecompperiodreq: string; contracthoursalreq: string }> {
  const none = { dailysalreqtype: '', divtypecompperiodreq: '', contracthoursalreq: '' };
  if (SIGNER_EXCLUDED.includes(member.type)) return none;
  const pending = await platform.db.orm
    .select({ id: agentContracts.id, kind: agentContracts.kind })
    .from(agentContracts)
    .where(and(eq(agentContracts.downlineId, member.id), eq(agentContracts.state, 'proposed')));
  const idOf = (kind: AgentContractKind) => {
    const row = pending.find((p) => p.kind === kind);
    return row && kindSettings(tenant, kind).enabled ? String(row.id) : '';
  };
  return { dailysalreqtype: idOf('salary'), divtypecompperiodreq: idOf('dividend'), contracthoursalreq: idOf('hourly') };
}

// ---------------------------------------------------------------- proposing and signing

async function lockPair(tx: Tx, downlineId: number, kind: AgentContractKind): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`agent-contract:${downlineId}:${kind}`}))`);
}

/** POST salary|dividend|hourly: proposes a contract to a direct downline agent. */
export async function proposeContract(
  platform: Platform,
  tenant: Tenant,
  member: MemberRow,
  kind: AgentContractKind,
  body: { downlineId: number; terms: SalaryTerms | DividendTerms | HourlyTerms },
): Promise<Contract> {
  const settings = assertEnabled(tenant, kind);
  if (PROPOSER_EXCLUDED.includes(member.type)) throw new ApiError('agent.required', 403);
  const db = platform.db.orm;
  const [downline] = await db.select().from(members).where(eq(members.id, body.downlineId)).limit(1);
  if (!downline || SIGNER_EXCLUDED.includes(downline.type) || (await depthInTeam(db, member, downline.id)) !== 1) {
    throw new ApiError('contract.downline.invalid', 404, { field: '/downlineId' });
  }
  if (kind === 'dividend' && !settings.periods.includes((body.terms as DividendTerms).period)) throw validationError('/terms/period');
  const tiers = body.terms.tiers as AnyTier[];
  // A tier that asks for no activity is a malformed proposal whoever makes it.
  const idle = activityProblem(kind, tiers);
  if (idle) throw validationError(idle.field, { messageKey: idle.messageKey });
  const own = await ownContract(db, member.id, kind, 'signed');
  const ownTiers = own ? (toApiTerms(kind, own.terms as unknown as StoredTerms).tiers as AnyTier[]) : null;
  // Without a contract of its own, only an operator's ceiling bounds an agent: the tenant's maximum is not a grant.
  const ceiling = own ? null : await ceilingOf(db, member.id, kind);
  if (!own && ceiling === null) throw new ApiError('contract.ceiling.missing', 403, { kind });
  const problem = termsProblem(kind, tiers, settings.max, ownTiers, ceiling);
  if (problem?.messageKey === 'contract_tier_not_ascending') throw validationError(problem.field, { messageKey: problem.messageKey });
  if (problem) throw new ApiError('contract.terms.exceeded', 400, { field: problem.field, messageKey: problem.messageKey });
  const stored = toStored(kind, body.terms);
  const row = await db.transaction(async (tx) => {
    await lockPair(tx, downline.id, kind);
    await tx
      .update(agentContracts)
      .set({ state: 'cancelled', endedAt: sql`now()` })
      .where(and(eq(agentContracts.downlineId, downline.id), eq(agentContracts.kind, kind), eq(agentContracts.state, 'proposed')));
    const [inserted] = await tx
      .insert(agentContracts)
      .values({ merchantCode: member.merchantCode, kind, uplineId: member.id, downlineId: downline.id, terms: stored as unknown as Record<string, unknown> })
      .returning();
    return inserted;
  });
  return present(row, new Map([[member.id, member.username], [downline.id, downline.username]]));
}

/** POST :id/sign or :id/reject: the downline agent decides on a proposal made to it. */
export async function decideContract(platform: Platform, tenant: Tenant, member: MemberRow, id: number, decision: 'sign' | 'reject'): Promise<Contract> {
  const db = platform.db.orm;
  const [found] = await db
    .select()
    .from(agentContracts)
    .where(and(eq(agentContracts.id, id), eq(agentContracts.downlineId, member.id), eq(agentContracts.merchantCode, member.merchantCode)))
    .limit(1);
  if (!found) throw new ApiError('contract.not.found', 404);
  assertEnabled(tenant, found.kind);
  const row = await db.transaction(async (tx) => {
    await lockPair(tx, member.id, found.kind);
    const [current] = await tx.select({ state: agentContracts.state }).from(agentContracts).where(eq(agentContracts.id, id));
    if (current?.state !== 'proposed') throw new ApiError('contract.state.invalid', 409);
    if (decision === 'sign') {
      await tx
        .update(agentContracts)
        .set({ state: 'superseded', endedAt: sql`now()` })
        .where(and(eq(agentContracts.downlineId, member.id), eq(agentContracts.kind, found.kind), eq(agentContracts.state, 'signed')));
    }
    const [updated] = await tx
      .update(agentContracts)
      .set(decision === 'sign' ? { state: 'signed', signedAt: sql`now()` } : { state: 'rejected', endedAt: sql`now()` })
      .where(and(eq(agentContracts.id, id), eq(agentContracts.state, 'proposed')))
      .returning();
    return updated;
  });
  const [shown] = await presentAll(db, [row]);
  return shown;
}

// ---------------------------------------------------------------- the team's figures

interface TeamFigures {
  /** Valid turnover (minor units). */
  turnover: number;
  activeMembers: number;
  /** Stakes minus wins (minor units; negative when the team won). */
  netLoss: number;
}

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

const DAY_MS = 86_400_000;

/** The latest opening instant of an account whose bets qualify a period ending at `until`. */
function qualifyingCutoff(tenant: Tenant, until: Date): Date {
  return new Date(until.getTime() - qualifyingDaysOf(tenant) * DAY_MS);
}

/**
 * The members whose bets qualify the downline's tiers: its team below it (never itself), opened
 * no later than `openedBy` (accounts opened just to bet for a period do not count).
 */
function qualifyingIdsSql(downline: { id: number; merchantCode: string }, openedBy: Date): SQL {
  return sql`(SELECT q.id FROM members q WHERE q.id IN ${teamIdsSql(downline)} AND q.id <> ${downline.id}
    AND q.reg_date <= ${openedBy.toISOString()}::timestamptz)`;
}

/** The team's qualifying figures over tenant days [first, last], from bet_days. */
async function teamDayFigures(db: Executor, downline: { id: number; merchantCode: string }, first: string, last: string, openedBy: Date): Promise<TeamFigures> {
  const [row] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT coalesce(sum(d.valid_turnover), 0) AS turnover, count(DISTINCT d.member_id) FILTER (WHERE d.bet_count > 0) AS active,
          coalesce(sum(d.stake - d.win), 0) AS net_loss
        FROM bet_days d WHERE d.member_id IN ${qualifyingIdsSql(downline, openedBy)} AND d.day >= ${first}::date AND d.day <= ${last}::date`,
  );
  return { turnover: num(row?.turnover), activeMembers: num(row?.active), netLoss: num(row?.net_loss) };
}

/** The team's qualifying figures over instants [from, until), from the bets themselves (an hour). */
async function teamRangeFigures(db: Executor, downline: { id: number; merchantCode: string }, from: Date, until: Date, openedBy: Date): Promise<TeamFigures> {
  const [row] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT coalesce(sum(CASE WHEN b.win <> b.stake THEN b.stake ELSE 0 END), 0) AS turnover, count(DISTINCT b.member_id) AS active,
          coalesce(sum(b.stake - b.win), 0) AS net_loss
        FROM bets b WHERE b.member_id IN ${qualifyingIdsSql(downline, openedBy)}
          AND b.created_at >= ${from.toISOString()}::timestamptz AND b.created_at < ${until.toISOString()}::timestamptz`,
  );
  return { turnover: num(row?.turnover), activeMembers: num(row?.active), netLoss: num(row?.net_loss) };
}

/** What a contract pays for figures (minor units). */
function contractAmount(kind: AgentContractKind, stored: StoredTerms, figures: TeamFigures): number {
  const tiers = storedTiers(kind, stored);
  if (kind === 'salary') return valueAt(tiers, [figures.turnover, figures.activeMembers]);
  if (kind === 'hourly') return valueAt(tiers, [figures.turnover]);
  return dividendAmount(figures.netLoss, valueAt(tiers, [Math.max(0, figures.netLoss)]));
}

// ---------------------------------------------------------------- the dividend page

export async function dividendPage(platform: Platform, tenant: Tenant, member: MemberRow): Promise<DividendPage> {
  assertEnabled(tenant, 'dividend');
  const db = platform.db.orm;
  const signed = await ownContract(db, member.id, 'dividend', 'signed');
  const settlements = await db
    .select()
    .from(agentContractSettlements)
    .where(and(eq(agentContractSettlements.downlineId, member.id), eq(agentContractSettlements.kind, 'dividend')))
    .orderBy(desc(agentContractSettlements.id))
    .limit(HISTORY_LIMIT);
  const wallet = await platform.repos.ledger.walletOf(member.id);
  const page: DividendPage = {
    settlements: settlements.map((s) => ({
      id: s.id,
      contractId: s.contractId,
      period: s.period,
      netLoss: toAmount(s.netLoss),
      amount: toAmount(s.amount),
      createdAt: s.createdAt.toISOString(),
    })),
    currency: wallet?.currency ?? tenant.settings.currency.code,
  };
  if (signed) {
    const stored = signed.terms as unknown as StoredTerms;
    const today = zoneDate(tenantTimeZone(tenant));
    const period = dividendPeriod(stored.period ?? 'month', today);
    const figures = await teamDayFigures(db, member, period.first, today, qualifyingCutoff(tenant, new Date(zoneMidnight(tenantTimeZone(tenant), shiftDate(period.last, 1)))));
    const bp = hasActivity(figures) ? valueAt(storedTiers('dividend', stored), [Math.max(0, figures.netLoss)]) : 0;
    const [shown] = await presentAll(db, [signed]);
    page.contract = shown;
    page.estimate = { period: period.key, netLoss: toAmount(figures.netLoss), percent: fromBasisPoints(bp), amount: toAmount(dividendAmount(figures.netLoss, bp)) };
  }
  return page;
}

// ---------------------------------------------------------------- settlement

export interface SettleOptions {
  kind: AgentContractKind;
  /** A tenant day YYYY-MM-DD. */
  date: string;
  /** 0-23, hourly only; omitted: every hour of the day that is over. */
  hour?: number;
  merchantCode?: string;
}

export interface SettledContract {
  tenant: string;
  contractId: number;
  upline: string;
  downline: string;
  period: string;
  turnover: number;
  activeMembers: number;
  netLoss: number;
  /** Minor units. */
  amount: number;
  transactionId: number | null;
  /**
   * paid, nothing (amount 0, recorded), refused (the tiers would pay but the qualifying figures show
   * no turnover or no active member: recorded, nothing paid), or settled (the period was settled before).
   */
  outcome: 'paid' | 'nothing' | 'refused' | 'settled';
  /** Why the period paid nothing whatever the tiers said (refused, or settled after a refusal). */
  refusedReason?: string;
  /** Minor units the tiers would have paid (refused only). */
  wouldPay?: number;
}

/** A signed contract whose tiers pay on no activity (signed before every tier had to ask for some). */
export interface IdleContract {
  tenant: string;
  merchantCode: string;
  contractId: number;
  kind: AgentContractKind;
  upline: string;
  downline: string;
  /** The first tier's field that asks for nothing, as a proposal's error would name it. */
  field: string;
  signedAt: string | null;
}

export interface SettleSummary {
  kind: AgentContractKind;
  date: string;
  contracts: SettledContract[];
  paid: number;
  /** Minor units. */
  amount: number;
  alreadySettled: number;
  /** Periods that paid nothing because the qualifying figures showed no activity. */
  refused: number;
  /** Signed contracts of the run whose tiers pay on no activity (their payouts are refused). */
  idle: IdleContract[];
  /** Tenants skipped because the kind is off there. */
  disabled: string[];
}

export interface PeriodWindow {
  key: string;
  from: Date;
  until: Date;
  first: string;
  last: string;
  hourly: boolean;
}

export function periodsOf(kind: AgentContractKind, stored: StoredTerms, timeZone: string, date: string, hour: number | undefined, now: number): PeriodWindow[] {
  const dayStart = zoneMidnight(timeZone, date);
  if (kind === 'salary') return [{ key: date, from: new Date(dayStart), until: new Date(zoneMidnight(timeZone, shiftDate(date, 1))), first: date, last: date, hourly: false }];
  if (kind === 'dividend') {
    const p = dividendPeriod(stored.period ?? 'month', date);
    return [{ key: p.key, from: new Date(zoneMidnight(timeZone, p.first)), until: new Date(zoneMidnight(timeZone, shiftDate(p.last, 1))), first: p.first, last: p.last, hourly: false }];
  }
  const hours = hour === undefined ? Array.from({ length: 24 }, (_, h) => h) : [hour];
  return hours
    .map((h) => ({ h, from: dayStart + h * 3_600_000 }))
    .filter(({ from }) => hour !== undefined || from + 3_600_000 <= now)
    .map(({ h, from }) => ({ key: `${date}T${String(h).padStart(2, '0')}`, from: new Date(from), until: new Date(from + 3_600_000), first: date, last: date, hourly: true }));
}

/**
 * The first of `periods` that has not ended at `now`, as the one-line refusal an operator reads:
 * which period, and when it ends on the tenant's clock. Null when every period is over.
 */
export function unfinishedPeriod(tenantId: string, kind: AgentContractKind, timeZone: string, periods: readonly PeriodWindow[], now: number): string | null {
  const open = periods.find((p) => p.until.getTime() > now);
  if (!open) return null;
  return `${tenantId}: the ${kind} period ${open.key} has not ended yet; it ends ${zoneDateTime(timeZone, open.until.getTime())} (${timeZone}), settle it after that`;
}

/** Thrown inside a settlement's transaction when the period was settled meanwhile: rolls the payment back. */
class AlreadySettled extends Error {}

/**
 * Settles every signed contract of `kind` for the period holding `date` (and `hour`): computes the
 * amount from the team's bets and pays it, once per contract and period.
 */
export async function settleContracts(platform: Platform, actor: OpsActor, opts: SettleOptions): Promise<SettleSummary> {
  let tenants = [...platform.tenants.all.values()];
  if (opts.merchantCode !== undefined) {
    const tenant = tenants.find((t) => t.merchantCode === opts.merchantCode);
    if (!tenant) throw new OpsRefusal('not.found', `no merchant ${opts.merchantCode}`);
    assertMerchant(actor, tenant.merchantCode);
    tenants = [tenant];
  } else if (actor.merchantCodes !== null) {
    tenants = tenants.filter((t) => actor.merchantCodes!.includes(t.merchantCode));
  }
  const summary: SettleSummary = { kind: opts.kind, date: opts.date, contracts: [], paid: 0, amount: 0, alreadySettled: 0, refused: 0, idle: [], disabled: [] };
  const db = platform.db.orm;
  const now = Date.now();
  // Every period of the run is checked before anything is paid: a period that has not ended (today,
  // the current hour, this half-month) is refused whole, never paid on part of its bets.
  const work: { tenant: Tenant; timeZone: string; signed: ContractRow[] }[] = [];
  for (const tenant of tenants) {
    if (!kindSettings(tenant, opts.kind).enabled) {
      summary.disabled.push(tenant.id);
      continue;
    }
    const timeZone = tenantTimeZone(tenant);
    const signed = await db
      .select()
      .from(agentContracts)
      .where(and(eq(agentContracts.merchantCode, tenant.merchantCode), eq(agentContracts.kind, opts.kind), eq(agentContracts.state, 'signed')))
      .orderBy(agentContracts.id);
    // The period of the date itself (a dividend's shortest, the half-month), whether or not any contract is signed.
    // Hourly without --hour settles the hours that are over; a day none of whose hours is over is refused.
    const own = periodsOf(opts.kind, { period: 'half-month', tiers: [] }, timeZone, opts.date, opts.kind === 'hourly' ? (opts.hour ?? 0) : opts.hour, now);
    const all = [...own, ...signed.flatMap((c) => periodsOf(opts.kind, c.terms as unknown as StoredTerms, timeZone, opts.date, opts.hour, now))];
    const refusal = unfinishedPeriod(tenant.id, opts.kind, timeZone, all, now);
    if (refusal) throw new OpsRefusal('contract.period.open', refusal);
    work.push({ tenant, timeZone, signed });
  }
  for (const { tenant, timeZone, signed } of work) {
    const names = await accounts(
      db,
      signed.flatMap((c) => [c.uplineId, c.downlineId]),
    );
    summary.idle.push(...idleOf(tenant, signed, names));
    for (const contract of signed) {
      const stored = contract.terms as unknown as StoredTerms;
      for (const period of periodsOf(opts.kind, stored, timeZone, opts.date, opts.hour, now)) {
        // A contract signed after the period ended has nothing to do with it.
        if (contract.signedAt && contract.signedAt >= period.until) continue;
        const result = await settleOne(platform, actor, tenant, contract, stored, period);
        summary.contracts.push({ ...result, tenant: tenant.id, upline: names.get(contract.uplineId) ?? '', downline: names.get(contract.downlineId) ?? '' });
        if (result.outcome === 'paid') {
          summary.paid += 1;
          summary.amount += result.amount;
        }
        if (result.outcome === 'settled') summary.alreadySettled += 1;
        if (result.outcome === 'refused') summary.refused += 1;
      }
    }
  }
  return summary;
}

async function settleOne(
  platform: Platform,
  actor: OpsActor,
  tenant: Tenant,
  contract: ContractRow,
  stored: StoredTerms,
  period: PeriodWindow,
): Promise<Omit<SettledContract, 'tenant' | 'upline' | 'downline'>> {
  const db = platform.db.orm;
  // Checked again right before paying: never a period that has not ended.
  if (period.until.getTime() > Date.now()) throw new OpsRefusal('contract.period.open', `the ${contract.kind} period ${period.key} has not ended yet`);
  const base = { contractId: contract.id, period: period.key };
  const settled = async () => {
    const [row] = await db
      .select()
      .from(agentContractSettlements)
      .where(and(eq(agentContractSettlements.downlineId, contract.downlineId), eq(agentContractSettlements.kind, contract.kind), eq(agentContractSettlements.period, period.key)));
    return {
      ...base,
      turnover: row?.turnover ?? 0,
      activeMembers: row?.activeMembers ?? 0,
      netLoss: row?.netLoss ?? 0,
      amount: row?.amount ?? 0,
      transactionId: row?.transactionId ?? null,
      outcome: 'settled' as const,
      ...(row?.refusedReason ? { refusedReason: row.refusedReason } : {}),
    };
  };
  if (await hasSettlement(db, contract, period.key)) return settled();
  const downline = { id: contract.downlineId, merchantCode: contract.merchantCode };
  const openedBy = qualifyingCutoff(tenant, period.until);
  const figures = period.hourly
    ? await teamRangeFigures(db, downline, period.from, period.until, openedBy)
    : await teamDayFigures(db, downline, period.first, period.last, openedBy);
  const byTiers = contractAmount(contract.kind, stored, figures);
  // Tiers signed before every tier had to ask for activity may pay on none: that payout is refused.
  const refusedReason = byTiers > 0 && !hasActivity(figures) ? idleReason(figures) : null;
  const amount = refusedReason ? 0 : byTiers;
  try {
    return await db.transaction(async (tx) => {
      let transactionId: number | null = null;
      if (amount > 0) {
        const wallet = await platform.repos.ledger.walletOf(contract.downlineId, tx);
        if (!wallet) throw new OpsRefusal('not.found', `member ${contract.downlineId} has no wallet`);
        const moves = await platform.repos.ledger.memberMoves(tx, {
          merchantCode: contract.merchantCode,
          memberId: contract.downlineId,
          currency: wallet.currency,
          walletId: wallet.id,
        });
        transactionId = await moves.contractPay(amount, { memo: `${contract.kind} contract ${contract.id} ${period.key}`, reference: `C${contract.id}` });
        // Like every bonus-like credit, a contract payment must be wagered before it can be withdrawn.
        await addRequirement(tx, {
          merchantCode: contract.merchantCode,
          memberId: contract.downlineId,
          source: 'contract',
          sourceId: `C${contract.id}:${period.key}`,
          required: timesMultiplier(amount, contractTurnoverMultiplierOf(tenant)),
        });
      }
      const [row] = await tx
        .insert(agentContractSettlements)
        .values({
          merchantCode: contract.merchantCode,
          contractId: contract.id,
          kind: contract.kind,
          downlineId: contract.downlineId,
          period: period.key,
          periodStart: period.from,
          periodEnd: period.until,
          turnover: figures.turnover,
          activeMembers: figures.activeMembers,
          netLoss: figures.netLoss,
          amount,
          transactionId,
          refusedReason,
        })
        .onConflictDoNothing()
        .returning({ id: agentContractSettlements.id });
      if (!row) throw new AlreadySettled();
      await writeAudit(tx, actor, {
        action: 'contract.settle',
        merchantCode: tenant.merchantCode,
        targetType: 'member',
        targetId: contract.downlineId,
        reason: `${contract.kind} contract ${contract.id} for ${period.key}`,
        after: { contractId: contract.id, period: period.key, amount, transactionId, ...figures, ...(refusedReason ? { refusedReason, wouldPay: byTiers } : {}) },
      });
      if (refusedReason) return { ...base, ...figures, amount, transactionId, outcome: 'refused' as const, refusedReason, wouldPay: byTiers };
      return { ...base, ...figures, amount, transactionId, outcome: amount > 0 ? ('paid' as const) : ('nothing' as const) };
    });
  } catch (error) {
    if (error instanceof AlreadySettled) return settled();
    // Two runs racing on PostgreSQL: the loser's insert may also fail on the other unique index.
    if (isUniqueViolation(error)) return settled();
    throw error;
  }
}

/** Why figures do not qualify any payout: which of turnover and active members is zero. */
function idleReason(figures: TeamFigures): string {
  const parts = [figures.turnover > 0 ? null : 'zero turnover', figures.activeMembers >= 1 ? null : 'zero active members'].filter((p): p is string => p !== null);
  return `the team's qualifying figures show ${parts.join(' and ')}`;
}

/** The signed contracts among `list` whose tiers pay on no activity. */
function idleOf(tenant: Tenant, list: readonly ContractRow[], names: Map<number, string>): IdleContract[] {
  const out: IdleContract[] = [];
  for (const c of list) {
    const problem = activityProblem(c.kind, toApiTerms(c.kind, c.terms as unknown as StoredTerms).tiers as AnyTier[]);
    if (!problem) continue;
    out.push({
      tenant: tenant.id,
      merchantCode: c.merchantCode,
      contractId: c.id,
      kind: c.kind,
      upline: names.get(c.uplineId) ?? '',
      downline: names.get(c.downlineId) ?? '',
      field: problem.field,
      signedAt: c.signedAt?.toISOString() ?? null,
    });
  }
  return out;
}

/**
 * The signed contracts of the actor's merchants (or one) whose tiers would pay on zero turnover or
 * zero active members: `/ops/contracts/idle` lists them for an operator to end or replace; settling
 * refuses any payout of theirs on no activity.
 */
export async function idleContracts(platform: Platform, actor: OpsActor, merchantCode?: string): Promise<IdleContract[]> {
  let tenants = [...platform.tenants.all.values()];
  if (merchantCode !== undefined) {
    assertMerchant(actor, merchantCode);
    tenants = tenants.filter((t) => t.merchantCode === merchantCode);
    if (tenants.length === 0) throw new OpsRefusal('not.found', `no merchant ${merchantCode}`);
  } else if (actor.merchantCodes !== null) {
    tenants = tenants.filter((t) => actor.merchantCodes!.includes(t.merchantCode));
  }
  const db = platform.db.orm;
  const out: IdleContract[] = [];
  for (const tenant of tenants) {
    const signed = await db
      .select()
      .from(agentContracts)
      .where(and(eq(agentContracts.merchantCode, tenant.merchantCode), eq(agentContracts.state, 'signed')))
      .orderBy(agentContracts.id);
    const names = await accounts(
      db,
      signed.flatMap((c) => [c.uplineId, c.downlineId]),
    );
    out.push(...idleOf(tenant, signed, names));
  }
  return out;
}

// ---------------------------------------------------------------- ceilings

export interface CeilingChange {
  merchantCode: string;
  username: string;
  memberId: number;
  kind: AgentContractKind;
  /** The API's unit: currency units (salary, hourly) or percent (dividend); null: none. */
  before: number | null;
  after: number | null;
}

/**
 * `agents ceiling set|clear`: the most one tier of a top-level agent's proposals of `kind` may pay
 * (currency units) or share (percent); `max` null clears it. Within the tenant's maximum, for an
 * agent only; audited with the value before and after, in the change's transaction.
 */
export async function setCeiling(
  platform: Platform,
  actor: OpsActor,
  input: { merchantCode: string; username: string; kind: AgentContractKind; max: number | null; reason?: string },
): Promise<CeilingChange> {
  const { merchantCode, username, kind, max } = input;
  assertMerchant(actor, merchantCode);
  const tenant = [...platform.tenants.all.values()].find((t) => t.merchantCode === merchantCode);
  if (!tenant) throw new OpsRefusal('not.found', `no merchant ${merchantCode}`);
  const settings = kindSettings(tenant, kind);
  if (!settings.enabled) throw new OpsRefusal('contract.disabled', `${kind} contracts are off on ${tenant.id}`);
  if (max !== null) {
    const unit = kind === 'dividend' ? 'percent' : 'currency units';
    if (!Number.isFinite(max) || max <= 0 || !hasAtMostTwoDecimals(max)) {
      throw new OpsRefusal('validation.failed', `max: the ceiling must be above 0 with at most 2 decimals (${unit}; got ${max})`);
    }
    if (settings.max !== null && max > settings.max) {
      throw new OpsRefusal('validation.failed', `max: the ceiling ${max} is above ${tenant.id}'s maximum ${settings.max} (${unit})`);
    }
  }
  return platform.db.orm.transaction(async (tx) => {
    const [member] = await tx
      .select()
      .from(members)
      .where(and(eq(members.merchantCode, merchantCode), eq(members.username, username)))
      .for('update');
    if (!member) throw new OpsRefusal('not.found', `no member ${username} in ${merchantCode}`);
    if (PROPOSER_EXCLUDED.includes(member.type)) throw new OpsRefusal('member.type.invalid', `${username} is of type ${member.type}, not an agent`);
    const before = await ceilingOf(tx, member.id, kind);
    if (max === null) {
      await tx.delete(agentContractCeilings).where(and(eq(agentContractCeilings.memberId, member.id), eq(agentContractCeilings.kind, kind)));
    } else {
      const maxValue = storedValue(kind, max);
      await tx
        .insert(agentContractCeilings)
        .values({ memberId: member.id, kind, merchantCode, maxValue, setBy: actor.actor })
        .onConflictDoUpdate({ target: [agentContractCeilings.memberId, agentContractCeilings.kind], set: { maxValue, setBy: actor.actor, updatedAt: sql`now()` } });
    }
    await writeAudit(tx, actor, {
      action: max === null ? 'contract.ceiling.clear' : 'contract.ceiling.set',
      merchantCode,
      targetType: 'member',
      targetId: member.id,
      reason: input.reason ?? null,
      before: { kind, max: before },
      after: { kind, max },
    });
    return { merchantCode, username, memberId: member.id, kind, before, after: max };
  });
}

/** `agents ceiling list`: the ceilings of a merchant's agents. */
export async function listCeilings(platform: Platform, actor: OpsActor, merchantCode: string): Promise<{ username: string; memberId: number; kind: AgentContractKind; max: number; setBy: string; updatedAt: string }[]> {
  assertMerchant(actor, merchantCode);
  const found = await platform.db.orm
    .select({ memberId: agentContractCeilings.memberId, kind: agentContractCeilings.kind, maxValue: agentContractCeilings.maxValue, setBy: agentContractCeilings.setBy, updatedAt: agentContractCeilings.updatedAt, username: members.username })
    .from(agentContractCeilings)
    .innerJoin(members, eq(members.id, agentContractCeilings.memberId))
    .where(eq(agentContractCeilings.merchantCode, merchantCode))
    .orderBy(members.username, agentContractCeilings.kind);
  return found.map((r) => ({ username: r.username, memberId: r.memberId, kind: r.kind, max: apiValue(r.kind, r.maxValue), setBy: r.setBy, updatedAt: r.updatedAt.toISOString() }));
}

async function hasSettlement(db: Executor, contract: ContractRow, period: string): Promise<boolean> {
  const [row] = await db
    .select({ id: agentContractSettlements.id })
    .from(agentContractSettlements)
    .where(and(eq(agentContractSettlements.downlineId, contract.downlineId), eq(agentContractSettlements.kind, contract.kind), eq(agentContractSettlements.period, period)))
    .limit(1);
  return row !== undefined;
}

function isUniqueViolation(error: unknown): boolean {
  let e: unknown = error;
  for (let i = 0; i < 3 && e; i += 1) {
    if ((e as { code?: string }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

;

/**
 * `agents promote`: makes a player (type 0) whose upline is an agent a sub-agent (type 1), so
 * that its upline can propose contracts to it (an operator's action, audited).
 */
export async function promoteToAgent(platform: Platform, actor: OpsActor, merchantCode: string, username: string): Promise<{ memberId: number; upline: string }> {
  assertMerchant(actor, merchantCode);
  return platform.db.orm.transaction(async (tx) => {
    const [member] = await tx
      .select()
      .from(members)
      .where(and(eq(members.merchantCode, merchantCode), eq(members.username, username)))
      .for('update');
    if (!member) throw new OpsRefusal('not.found', `no member ${username} in ${merchantCode}`);
    if (member.type !== 0) throw new OpsRefusal('member.type.invalid', `${username} is of type ${member.type}, not a player (0)`);
    const [upline] = member.uplineId === null ? [] : await tx.select().from(members).where(eq(members.id, member.uplineId));
    if (!upline || PROPOSER_EXCLUDED.includes(upline.type)) throw new OpsRefusal('member.upline.invalid', `${username} has no agent upline`);
    await tx.update(members).set({ type: 1 }).where(eq(members.id, member.id));
    await writeAudit(tx, actor, { action: 'member.promote', merchantCode, targetType: 'member', targetId: member.id, before: { type: 0 }, after: { type: 1 } });
    return { memberId: member.id, upline: upline.username };
  });
}

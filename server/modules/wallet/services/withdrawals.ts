/**
 * Withdrawals. A member asks for an amount to one of their payout accounts; every rule is
 * checked in the transaction that holds the money (wallet -> the member's HOLD account, kind
 * WITHDRAWAL_HOLD, amount + fee), under a lock of the member's row so racing requests are
 * decided one after another; the unique index withdrawals_one_pending backs the "one pending"
 * rule. An operator then pays it (HOLD -> HOUSE, WITHDRAWAL_PAID) or rejects it (HOLD -> wallet,
 * WITHDRAWAL_RETURNED), each in one transaction with its audit row; the withdrawal's row lock
 * and state check make a second decision a refusal that moves nothing.
 *
 * Amounts are minor units here; the API edge converts (toAmount / toMinor).
 */
import { and, asc, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { Actor, MoneyPlatform, Platform } from '../../../platform';
import type { CreateBody, Eligibility, Reason, Withdrawal, WithdrawalPage } from '../../../../src/generated/api/withdrawal';
import { tenantTimeZone } from '../../../../src/lib/app-config';
import type { Tenant } from '../../../../src/generated/tenant';
import { rows, type Executor, type Tx } from '../../../db/client';
import { members, payoutAccounts, withdrawals, type WithdrawalState } from '../../../db/schema';
import { ApiError, ERROR_KEYS, validationError, type ErrorCode } from '../../../errors';
import type { Once } from '../../../lib/idempotency';
import { largestWithPercent, percentOf, toAmount, toMinor } from '../../../../src/domain/money';
import { pageOf } from '../../../lib/present';
import { zoneDay } from '../../../lib/time-zone';
import { writeAudit } from '../../../ops/audit';
import { opsScope } from '../../../ops/scope';
import { assertMerchant, OpsRefusal, type OpsActor } from '../../../ops/types';
import type { MemberRow } from '../../../repositories/members';
import { assertRealMember, identityState } from '../../account';
import { checkPaymentPassword } from '../../account';
import { liveAccount, liveAccounts, maskAccountNo } from './payout-accounts';
import { settleTurnover, turnoverNumbers, turnoverStatus, type TurnoverStatus } from '../../../money';
import { uniqueViolation } from '../../../db/unique';
import { lockMember } from '../../../money';

type ReasonCode = Reason['code'];

/** The tenant's withdrawal limits in minor units. */
export interface WithdrawalLimits {
  min: number;
  max: number;
  feePercent: number;
  feeFixed: number;
  dailyCount: number;
}

export function withdrawalLimits(tenant: Tenant): WithdrawalLimits {
  const w = tenant.settings.wallet.withdrawal;
  return { min: toMinor(w.min), max: toMinor(w.max), feePercent: w.fee.percent, feeFixed: toMinor(w.fee.fixed), dailyCount: w.dailyCount };
}

/** The fee on top of an amount: percent of it (percentOf's rounding), plus the fixed part. */
export function feeOf(limits: WithdrawalLimits, amount: number): number {
  return percentOf(amount, limits.feePercent) + limits.feeFixed;
}

/** The largest amount (at most max) whose amount + fee the balance covers; 0 when below min. */
export function withdrawableOf(limits: WithdrawalLimits, balance: number): number {
  const a = Math.min(limits.max, largestWithPercent(balance - limits.feeFixed, limits.feePercent));
  return a >= limits.min ? a : 0;
}

/** What the rules look at, read in one executor (the money transaction when creating). */
interface Facts {
  walletId: number | null;
  balance: number;
  currency: string;
  turnover: TurnoverStatus;
  identity: Awaited<ReturnType<typeof identityState>>;
  accounts: (typeof payoutAccounts.$inferSelect)[];
  pendingId: number | null;
  dailyUsed: number;
  paymentPasswordSet: boolean;
}

async function factsOf(platform: Platform, db: Executor, tenant: Tenant, member: Pick<MemberRow, 'id' | 'paymentPasswordHash'>, settle: boolean): Promise<Facts> {
  const wallet = await platform.repos.ledger.walletOf(member.id, db);
  const turnover = settle ? await settleTurnover(db, member.id) : await turnoverStatus(db, member.id);
  const [pending] = await db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(and(eq(withdrawals.memberId, member.id), eq(withdrawals.state, 'pending')));
  const { start } = zoneDay(tenantTimeZone(tenant));
  const [today] = await db
    .select({ n: count() })
    .from(withdrawals)
    .where(and(eq(withdrawals.memberId, member.id), gte(withdrawals.createdAt, start)));
  return {
    walletId: wallet?.id ?? null,
    balance: wallet?.balance ?? 0,
    currency: wallet?.currency ?? tenant.settings.currency.code,
    turnover,
    identity: await identityState(db, member.id),
    accounts: await liveAccounts(db, member.id),
    pendingId: pending?.id ?? null,
    dailyUsed: Number(today?.n ?? 0),
    paymentPasswordSet: member.paymentPasswordHash !== null,
  };
}

/** Every reason that blocks a withdrawal (of `amount`, when given) now, with its numbers in currency units. */
function reasonsOf(facts: Facts, limits: WithdrawalLimits, amount?: number): Reason[] {
  const reasons: Reason[] = [];
  const { turnover } = facts;
  if (turnover.outstanding > 0) reasons.push(turnoverNumbers(turnover));
  if (facts.identity !== 'approved') reasons.push({ code: 'identity.unverified', identityState: facts.identity });
  if (facts.accounts.length === 0) reasons.push({ code: 'payout.account.missing' });
  if (facts.pendingId !== null) reasons.push({ code: 'withdrawal.pending', withdrawalId: facts.pendingId });
  if (facts.dailyUsed >= limits.dailyCount) reasons.push({ code: 'withdrawal.daily.limit', used: facts.dailyUsed, allowed: limits.dailyCount });
  if (amount !== undefined && (amount < limits.min || amount > limits.max)) {
    reasons.push({ code: 'withdrawal.amount.range', amount: toAmount(amount), min: toAmount(limits.min), max: toAmount(limits.max) });
  }
  if (!facts.paymentPasswordSet) reasons.push({ code: 'payment.password.unset' });
  // Without an amount: can the balance cover the smallest withdrawal and its fee?
  const asked = amount ?? limits.min;
  const fee = feeOf(limits, asked);
  if (asked + fee > facts.balance) {
    reasons.push({ code: 'balance.insufficient', balance: toAmount(facts.balance), amount: toAmount(asked), fee: toAmount(fee), needed: toAmount(asked + fee) });
  }
  return reasons.map((r) => ({ ...r, message: ERROR_MESSAGE_KEYS[r.code] }));
}

// The i18n key of each reason: the error catalogue's.
const ERROR_MESSAGE_KEYS: Record<ReasonCode, string> = Object.fromEntries(
  (['turnover.required', 'identity.unverified', 'payout.account.missing', 'withdrawal.pending', 'withdrawal.daily.limit', 'withdrawal.amount.range', 'payment.password.unset', 'balance.insufficient'] as const).map((c) => [c, ERROR_KEYS[c]]),
) as Record<ReasonCode, string>;

/** A currency amount of the API as minor units; more than 2 decimals is a validation error. */
function minorOf(amount: number, field: string): number {
  const minor = toMinor(amount);
  if (toAmount(minor) !== amount) throw validationError(field, { reason: 'at most 2 decimals' });
  return minor;
}

/** A payout account as a withdrawal names it: the number masked. */
export function presentAccount(tenant: Tenant, a: typeof payoutAccounts.$inferSelect) {
  const provider = tenant.settings.wallet.payoutProviders.find((p) => p.code === a.providerCode);
  return { id: a.id, kind: a.kind, providerCode: a.providerCode, providerName: provider?.name ?? a.providerCode, accountNo: maskAccountNo(a.accountNo), holderName: a.holderName };
}

/** GET eligibility: the member's numbers and every blocking reason. */
export async function eligibility(platform: Platform, tenant: Tenant, member: MemberRow, amountUnits?: number): Promise<Eligibility> {
  const limits = withdrawalLimits(tenant);
  const amount = amountUnits === undefined ? undefined : minorOf(amountUnits, '/amount');
  const facts = await factsOf(platform, platform.db.orm, tenant, member, false);
  const reasons = reasonsOf(facts, limits, amount);
  return {
    balance: toAmount(facts.balance),
    withdrawable: toAmount(withdrawableOf(limits, facts.balance)),
    currency: facts.currency,
    ...(amount !== undefined ? { amount: toAmount(amount), fee: toAmount(feeOf(limits, amount)) } : {}),
    allowed: reasons.length === 0,
    limits: {
      min: toAmount(limits.min),
      max: toAmount(limits.max),
      feePercent: limits.feePercent,
      feeFixed: toAmount(limits.feeFixed),
      dailyCount: limits.dailyCount,
      dailyUsed: facts.dailyUsed,
    },
    payoutAccounts: facts.accounts.map((a) => presentAccount(tenant, a)),
    reasons,
  };
}

type WithdrawalRow = typeof withdrawals.$inferSelect;

function present(tenant: Tenant, w: WithdrawalRow, account: typeof payoutAccounts.$inferSelect): Withdrawal {
  return {
    id: w.id,
    amount: toAmount(w.amount),
    fee: toAmount(w.fee),
    state: w.state,
    ...(w.reason ? { reason: w.reason } : {}),
    payoutAccount: presentAccount(tenant, account),
    createdAt: w.createdAt.toISOString(),
    ...(w.decidedAt ? { decidedAt: w.decidedAt.toISOString() } : {}),
  };
}

/**
 * The money of a new withdrawal in `tx`, once every rule holds (createWithdrawal checks them under
 * the member's lock): its id, the hold of the amount and the tenant's fee (wallet -> HOLD, naming
 * it W<id> in the account record; `balance.insufficient` if the wallet cannot cover both) and its
 * pending row.
 */
export async function holdNewWithdrawal(
  platform: MoneyPlatform,
  tx: Tx,
  tenant: Tenant,
  w: { memberId: number; walletId: number; currency: string; payoutAccountId: number; amount: number },
): Promise<WithdrawalRow> {
  const fee = feeOf(withdrawalLimits(tenant), w.amount);
  // The withdrawal's id first, so that its hold names it (W<id>) in the account record.
  const [{ id }] = await rows<{ id: string | number }>(tx, sql`SELECT nextval(pg_get_serial_sequence('withdrawals', 'id')) AS id`);
  const holdTransactionId = await platform.repos.ledger.holdWithdrawal(tx, {
    merchantCode: tenant.merchantCode,
    memberId: w.memberId,
    currency: w.currency,
    walletId: w.walletId,
    amount: w.amount + fee,
    memo: `withdrawal to payout account ${w.payoutAccountId}`,
    reference: `W${id}`,
  });
  const [row] = await tx
    .insert(withdrawals)
    .values({ id: Number(id), merchantCode: tenant.merchantCode, memberId: w.memberId, payoutAccountId: w.payoutAccountId, amount: w.amount, fee, holdTransactionId })
    .returning();
  return row;
}

/** The HTTP status a blocking reason is refused with. */
const REFUSAL_STATUS: Partial<Record<ReasonCode, number>> = { 'withdrawal.amount.range': 400, 'payment.password.unset': 400 };

/**
 * POST create: checks everything again in the money transaction (`once`, the runner of the
 * request's Idempotency-Key), then holds amount + fee.
 */
export async function createWithdrawal(platform: Platform, actor: Actor, body: CreateBody, once: Once): Promise<Withdrawal> {
  const tenant = actor.tenant;
  const member = actor.auth!.member;
  assertRealMember(member);
  const limits = withdrawalLimits(tenant);
  const amount = minorOf(body.amount, '/amount');
  // Another member's (or a removed) account is simply not found: nothing tells it exists.
  if (!(await liveAccount(platform.db.orm, member.id, body.payoutAccountId))) throw new ApiError('not.found', 404, { field: '/payoutAccountId' });
  // With no payment password set the actor is refused below with every other reason.
  if (member.paymentPasswordHash) await checkPaymentPassword(platform, member, body.paymentPassword);
  // The key's stored hash leaves the payment password out (x-routes idempotencyOmits): a hash
  // of six digits and a known body would give it away to anyone who reads the idempotency table.
  try {
    return await once(async (tx: Tx) => {
      // Serialises this member's requests: each sees the previous one's pending row and count.
      await lockMember(tx, member.id);
      const [locked] = await tx.select({ paymentPasswordHash: members.paymentPasswordHash }).from(members).where(eq(members.id, member.id));
      // The payment password changed (or was first set) since it was checked: check it again.
      if ((locked?.paymentPasswordHash ?? null) !== member.paymentPasswordHash) throw new ApiError('payment.password.incorrect', 400, { field: '/paymentPassword' });
      const facts = await factsOf(platform, tx, tenant, member, true);
      const account = await liveAccount(tx, member.id, body.payoutAccountId);
      if (!account) throw new ApiError('not.found', 404, { field: '/payoutAccountId' });
      const reasons = reasonsOf(facts, limits, amount);
      if (reasons.length > 0) {
        const first = reasons[0].code as ErrorCode;
        throw new ApiError(first, REFUSAL_STATUS[reasons[0].code] ?? 409, { reasons });
      }
      const row = await holdNewWithdrawal(platform, tx, tenant, { memberId: member.id, walletId: facts.walletId!, currency: facts.currency, payoutAccountId: account.id, amount });
      return present(tenant, row, account);
    });
  } catch (err) {
    // The lock above makes this unreachable in practice; the index is the last word.
    if (uniqueViolation(err) === 'withdrawals_one_pending') throw new ApiError('withdrawal.pending', 409);
    throw err;
  }
}

/** GET list: the member's withdrawals, newest first. */
export async function listWithdrawals(platform: Platform, tenant: Tenant, memberId: number, pageNo: number, pageSize: number): Promise<WithdrawalPage> {
  const db = platform.db.orm;
  const [total] = await db.select({ n: count() }).from(withdrawals).where(eq(withdrawals.memberId, memberId));
  const rows = await db
    .select({ w: withdrawals, a: payoutAccounts })
    .from(withdrawals)
    .innerJoin(payoutAccounts, eq(payoutAccounts.id, withdrawals.payoutAccountId))
    .where(eq(withdrawals.memberId, memberId))
    .orderBy(desc(withdrawals.id))
    .limit(pageSize)
    .offset((pageNo - 1) * pageSize);
  const n = Number(total?.n ?? 0);
  return { list: rows.map((r) => present(tenant, r.w, r.a)), ...pageOf(pageNo, pageSize, n) };
}

// ---- Operator actions ----


export interface WithdrawalListItem {
  id: number;
  merchantCode: string;
  memberId: number;
  username: string;
  amount: number;
  fee: number;
  state: WithdrawalState;
  providerCode: string;
  /** The full number: the operator pays to it. */
  accountNo: string;
  holderName: string;
  reason: string | null;
  createdAt: Date;
}

/** Withdrawals of the actor's merchants, oldest first (the payout queue). Amounts in minor units. */
export async function listWithdrawalsForOps(platform: Platform, actor: OpsActor, state?: WithdrawalState, limit = 100): Promise<WithdrawalListItem[]> {
  const rows = await platform.db.orm
    .select({ w: withdrawals, a: payoutAccounts, username: members.username })
    .from(withdrawals)
    .innerJoin(payoutAccounts, eq(payoutAccounts.id, withdrawals.payoutAccountId))
    .innerJoin(members, eq(members.id, withdrawals.memberId))
    .where(and(...opsScope(actor, withdrawals.merchantCode, state ? eq(withdrawals.state, state) : undefined)))
    .orderBy(asc(withdrawals.id))
    .limit(limit);
  return rows.map(({ w, a, username }) => ({
      id: w.id,
      merchantCode: w.merchantCode,
      memberId: w.memberId,
      username,
      amount: w.amount,
      fee: w.fee,
      state: w.state,
      providerCode: a.providerCode,
      accountNo: a.accountNo,
      holderName: a.holderName,
      reason: w.reason,
      createdAt: w.createdAt,
    }));
}

/** Locks a pending withdrawal for a decision, or refuses: unknown, another merchant's, already decided. */
async function pendingWithdrawal(tx: Executor, actor: OpsActor, id: number): Promise<WithdrawalRow> {
  // The member's row first, as every money path locks (server/money/ledger.ts).
  const [owner] = await tx.select({ memberId: withdrawals.memberId }).from(withdrawals).where(eq(withdrawals.id, id));
  if (owner) await lockMember(tx, owner.memberId);
  const [w] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
  if (!w) throw new OpsRefusal('not.found', `withdrawal ${id} not found`);
  assertMerchant(actor, w.merchantCode);
  if (w.state !== 'pending') throw new OpsRefusal('withdrawal.decided', `withdrawal ${id} is already ${w.state}`);
  return w;
}

/**
 * Decides pending withdrawal `w` in `tx`, whose row the caller has locked (after its member's):
 * paid, its hold (amount + fee) goes to the house (the money left by the provider); rejected, back
 * to the wallet. Answers the settling posting's id.
 */
export async function settlePendingWithdrawal(
  platform: MoneyPlatform,
  tx: Tx,
  w: WithdrawalRow,
  outcome: 'paid' | 'rejected',
  reason: string | null,
  decidedBy: string,
): Promise<number> {
  const wallet = await platform.repos.ledger.walletOf(w.memberId, tx);
  if (!wallet) throw new OpsRefusal('not.found', `withdrawal ${w.id}: the member has no wallet`);
  const total = w.amount + w.fee;
  const settleTransactionId = await platform.repos.ledger.settleWithdrawal(
    tx,
    { merchantCode: w.merchantCode, memberId: w.memberId, currency: wallet.currency, walletId: wallet.id, amount: total, memo: `withdrawal ${w.id}`, reference: `W${w.id}` },
    outcome === 'paid' ? 'paid' : 'returned',
  );
  await tx.update(withdrawals).set({ state: outcome, reason, settleTransactionId, decidedAt: new Date(), decidedBy }).where(eq(withdrawals.id, w.id));
  return settleTransactionId;
}

async function decide(platform: Platform, actor: OpsActor, id: number, outcome: 'paid' | 'rejected', reason: string | null): Promise<void> {
  await platform.db.orm.transaction(async (tx) => {
    const w = await pendingWithdrawal(tx, actor, id);
    const settleTransactionId = await settlePendingWithdrawal(platform, tx, w, outcome, reason, actor.actor);
    await writeAudit(tx, actor, {
      action: outcome === 'paid' ? 'withdrawal.pay' : 'withdrawal.reject',
      merchantCode: w.merchantCode,
      targetType: 'withdrawal',
      targetId: id,
      reason,
      before: { state: w.state },
      after: { state: outcome, settleTransactionId },
    });
  });
}

/** Marks a pending withdrawal paid: its held amount + fee go to the house (the money left by the provider). */
export async function payWithdrawal(platform: Platform, actor: OpsActor, id: number): Promise<void> {
  await decide(platform, actor, id, 'paid', null);
}

/** Rejects a pending withdrawal with the reason the member will read: amount + fee return to the wallet. */
export async function rejectWithdrawal(platform: Platform, actor: OpsActor, id: number, reason: string): Promise<void> {
  const why = reason.trim();
  if (!why) throw new OpsRefusal('reason.required', 'a reason is required');
  await decide(platform, actor, id, 'rejected', why);
}

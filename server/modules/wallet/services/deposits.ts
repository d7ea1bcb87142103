/**
 * Deposits: a member asks to pay in through one of the tenant's channels
 * (settings.wallet.deposit.channels); the deposit stays pending until the payment provider's
 * signed callback (gateway channels) or an operator (manual channels) says it was paid, or it
 * expires, is cancelled or rejected.
 *
 * Money terms, all in minor units:
 *  - fee = fee.percent of amount + fee.fixed (percentOf of src/domain/money: its one rounding
 *    rule). The fee is taken from the credited amount: the wallet receives amount - fee, and the
 *    fee stays with the house (the house posts only amount - fee);
 *  - bonus = bonusPercent of amount (percentOf, the same rule);
 *  - turnover, fixed at creation: amount x settings.wallet.turnover.depositMultiplier (source
 *    'deposit') and bonus x the channel's bonusTurnoverMultiplier, default 1 (source 'bonus').
 *    With the reward centre (flag REWCEN3) the bonus is not credited with the deposit: it waits
 *    there as a reward (server/modules/engagement/services/rewards.ts), and its turnover is added when it is claimed.
 *
 * Crediting (`creditDeposit`) is one conditional UPDATE (pending and not yet expired -> paid) in
 * the caller's transaction, followed by the postings and requirements: of racing or repeated
 * notices only the one whose UPDATE found the row pending credits anything. The same transaction
 * raises the member's VIP level when the deposit reaches a new one (services/vip.ts).
 */
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { MoneyPlatform, Platform } from '../../../platform';
import { rows, type Executor, type Tx } from '../../../db/client';
import { deposits, type DepositState } from '../../../db/schema';
import { ApiError, validationError } from '../../../errors';
import { percentOf, timesMultiplier, toAmount, toMinor } from '../../../../src/domain/money';
import { assertMerchant, OpsRefusal, type OpsActor } from '../../../ops/types';
import { writeAudit } from '../../../ops/audit';
import type { Tenant } from '../../../../src/generated/tenant';
import { enforceDepositLimit } from '../../protection';
import { grantReferralReward } from '../../engagement';
import { bonusAsReward, expiryDaysOf, grantReward } from '../../engagement';
import { addRequirement } from '../../../money';
import { raiseVipLevel } from '../../engagement';
import { lockMember } from '../../../money';

export type DepositRow = typeof deposits.$inferSelect;
export type DepositChannel = Tenant['settings']['wallet']['deposit']['channels'][number];

/** Pending deposits a member may have open at once: a bound on rows one member can create. */
const MAX_PENDING_PER_MEMBER = 5;

/** The channel `id` of the tenant, or undefined. */
export function findChannel(tenant: Tenant, id: string): DepositChannel | undefined {
  return tenant.settings.wallet.deposit.channels.find((c) => c.id === id);
}

/** The channel's fee on `amount` (minor units): the percent part (percentOf's rounding), plus the fixed part. */
export function depositFee(amount: number, fee: DepositChannel['fee']): number {
  return percentOf(amount, fee.percent) + toMinor(fee.fixed);
}

/** The channel's bonus on `amount` (minor units): percentOf's rounding. */
export function depositBonus(amount: number, bonusPercent: number): number {
  return percentOf(amount, bonusPercent);
}


/** Minor units of an API amount that has at most 2 decimals; anything else is a 400 on `field`. */
export function minorOfAmount(amount: number, field: string): number {
  if (!Number.isFinite(amount) || amount <= 0) throw validationError(field, { reason: 'must be more than 0' });
  const minor = toMinor(amount);
  // 1.005 is 101 minor units, but 1.01 is not what was sent: more than 2 decimals.
  if (toAmount(minor) !== amount) throw validationError(field, { reason: 'at most 2 decimals' });
  return minor;
}

// ---------------------------------------------------------------------------------------------
// Presentation

export interface DepositView {
  id: number;
  channelId: string;
  channelName: string;
  provider: 'manual' | 'gateway';
  amount: number;
  fee: number;
  credited: number;
  bonus: number;
  currency: string;
  state: DepositState;
  reference: string | null;
  hasReceipt: boolean;
  reason: string | null;
  createdAt: string;
  expiresAt: string;
  decidedAt: string | null;
  payUrl?: string;
  providerState?: 'unavailable';
  account?: { bankName: string; accountName: string; accountNo: string };
}

/** Columns of a deposit without the receipt's bytes (lists never load them). */
export const depositColumns = {
  id: deposits.id,
  merchantCode: deposits.merchantCode,
  memberId: deposits.memberId,
  channelId: deposits.channelId,
  provider: deposits.provider,
  amount: deposits.amount,
  fee: deposits.fee,
  bonus: deposits.bonus,
  depositTurnover: deposits.depositTurnover,
  bonusTurnover: deposits.bonusTurnover,
  state: deposits.state,
  reference: deposits.reference,
  hasReceipt: sql<boolean>`(${deposits.receipt} IS NOT NULL)`.as('has_receipt'),
  gatewayRef: deposits.gatewayRef,
  gateway: deposits.gateway,
  payUrl: deposits.payUrl,
  reason: deposits.reason,
  transactionId: deposits.transactionId,
  createdAt: deposits.createdAt,
  expiresAt: deposits.expiresAt,
  decidedAt: deposits.decidedAt,
  decidedBy: deposits.decidedBy,
};
export type DepositSummary = Omit<DepositRow, 'receipt' | 'receiptType'> & { hasReceipt: boolean };

/**
 * A deposit as its member sees it. The merchant's account of a manual channel is part of it (a
 * member about to transfer needs it) while the deposit is pending; the provider's payment page
 * (on the provider's origin) while a gateway deposit is pending, or `providerState: unavailable`
 * when the provider could not open the payment yet.
 */
export function presentDeposit(tenant: Tenant, row: DepositSummary): DepositView {
  const channel = findChannel(tenant, row.channelId);
  const view: DepositView = {
    id: row.id,
    channelId: row.channelId,
    channelName: channel?.name ?? row.channelId,
    provider: row.provider,
    amount: toAmount(row.amount),
    fee: toAmount(row.fee),
    credited: toAmount(row.amount - row.fee),
    bonus: toAmount(row.bonus),
    currency: tenant.settings.currency.code,
    state: row.state,
    reference: row.reference,
    hasReceipt: row.hasReceipt,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
  };
  if (row.state === 'pending') {
    if (row.provider === 'gateway' && row.gatewayRef && row.payUrl) view.payUrl = row.payUrl;
    else if (row.provider === 'gateway') view.providerState = 'unavailable';
    if (row.provider === 'manual' && channel?.account) {
      const { bankName, accountName, accountNo } = channel.account;
      view.account = { bankName, accountName, accountNo };
    }
  }
  return view;
}

// ---------------------------------------------------------------------------------------------
// Expiry

/**
 * A pending deposit is still live while its time runs, and a manual one also once the member
 * has sent the reference of a transfer: the money may be on its way, so it waits for an
 * operator's approval or rejection instead of expiring under them.
 */
const LIVE = sql`(expires_at > now() OR (provider = 'manual' AND reference IS NOT NULL))`;

/**
 * Pending deposits past their expiry become expired (of one member, or up to `limit` of all).
 * Answers the ids expired. A callback or approval after this finds the deposit not pending.
 */
export async function expireDue(db: Executor, opts: { memberId?: number; limit?: number } = {}): Promise<number[]> {
  const member = opts.memberId === undefined ? sql`` : sql`AND member_id = ${opts.memberId}`;
  const limit = opts.limit ?? 1000;
  const expired = await rows<{ id: string | number }>(
    db,
    sql`UPDATE deposits SET state = 'expired', decided_at = now(), decided_by = 'expiry'
        WHERE id IN (SELECT id FROM deposits WHERE state = 'pending' AND NOT ${LIVE} ${member} ORDER BY id LIMIT ${limit})
          AND state = 'pending' AND NOT ${LIVE}
        RETURNING id`,
  );
  return expired.map((r) => Number(r.id));
}

// ---------------------------------------------------------------------------------------------
// Member actions

export interface CreateDepositInput {
  tenant: Tenant;
  memberId: number;
  merchantCode: string;
  channelId: string;
  /** Currency units as sent (validated here: > 0, at most 2 decimals, within the channel's limits). */
  amount: number;
}

/** Refusals of a deposit actor that need no database: unknown channel, amount and limits. */
export function checkDepositRequest(tenant: Tenant, channelId: string, amount: number): { channel: DepositChannel; minor: number; fee: number; bonus: number } {
  const channel = findChannel(tenant, channelId);
  if (!channel) throw new ApiError('deposit.channel.unknown', 400, { field: '/channelId' });
  const minor = minorOfAmount(amount, '/amount');
  if (minor < toMinor(channel.min)) throw new ApiError('deposit.amount.below.min', 400, { field: '/amount', min: channel.min });
  if (minor > toMinor(channel.max)) throw new ApiError('deposit.amount.above.max', 400, { field: '/amount', max: channel.max });
  const fee = depositFee(minor, channel.fee);
  // A fee that eats the whole deposit would credit nothing: refused like an amount too small.
  if (fee >= minor) throw new ApiError('deposit.amount.below.min', 400, { field: '/amount', min: channel.min });
  return { channel, minor, fee, bonus: depositBonus(minor, channel.bonusPercent) };
}

/**
 * Writes a pending deposit in `tx` (the actor's idempotent transaction). A gateway deposit
 * records its channel's provider; its payment is opened after the transaction commits
 * (services/gateway.ts openGatewayPayment): no lock is held across the provider's HTTP call.
 */
export async function createDeposit(tx: Tx, input: CreateDepositInput): Promise<DepositRow> {
  const { channel, minor, fee, bonus } = checkDepositRequest(input.tenant, input.channelId, input.amount);
  // Serialises one member's deposit requests, so the pending count below cannot be raced past.
  await lockMember(tx, input.memberId);
  await expireDue(tx, { memberId: input.memberId });
  const [open] = await tx
    .select({ n: count() })
    .from(deposits)
    .where(and(eq(deposits.memberId, input.memberId), eq(deposits.state, 'pending')));
  if (Number(open?.n ?? 0) >= MAX_PENDING_PER_MEMBER) throw new ApiError('deposit.pending.limit', 409, { max: MAX_PENDING_PER_MEMBER });
  // The member's deposit limits (services/player-limits.ts), under the same lock: racing requests cannot pass them.
  await enforceDepositLimit(tx, input.tenant, input.memberId, minor);
  const wallet = input.tenant.settings.wallet;
  const [row] = await tx
    .insert(deposits)
    .values({
      merchantCode: input.merchantCode,
      memberId: input.memberId,
      channelId: channel.id,
      provider: channel.provider,
      gateway: channel.provider === 'gateway' ? (channel.gateway ?? null) : null,
      amount: minor,
      fee,
      bonus,
      depositTurnover: timesMultiplier(minor, wallet.turnover.depositMultiplier),
      bonusTurnover: timesMultiplier(bonus, channel.bonusTurnoverMultiplier ?? 1),
      expiresAt: sql`now() + make_interval(mins => ${wallet.deposit.pendingMinutes})`,
    })
    .returning();
  return row;
}

/** The member's deposit `id` (expired first if due); another member's or unknown: 404. */
export async function memberDeposit(db: Executor, memberId: number, id: number): Promise<DepositSummary> {
  await expireDue(db, { memberId });
  const [row] = await db
    .select(depositColumns)
    .from(deposits)
    .where(and(eq(deposits.id, id), eq(deposits.memberId, memberId)));
  if (!row) throw new ApiError('not.found', 404);
  return row;
}

export interface DepositPage {
  list: DepositSummary[];
  total: number;
}

export async function memberDeposits(db: Executor, memberId: number, q: { page: number; pageSize: number; state?: DepositState }): Promise<DepositPage> {
  await expireDue(db, { memberId });
  const where = and(eq(deposits.memberId, memberId), q.state ? eq(deposits.state, q.state) : undefined);
  const [total] = await db.select({ n: count() }).from(deposits).where(where);
  const list = await db
    .select(depositColumns)
    .from(deposits)
    .where(where)
    .orderBy(desc(deposits.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { list, total: Number(total?.n ?? 0) };
}

/**
 * Changes a pending deposit of the member with one conditional UPDATE: a deposit not pending (or
 * past its expiry, which is stored first) is 409 deposit.state.invalid naming its state.
 */
async function changePending(
  db: Executor,
  memberId: number,
  id: number,
  set: { state?: DepositState; decidedAt?: SQL; decidedBy?: string; reference?: string; receipt?: Buffer; receiptType?: 'image/png' | 'image/jpeg' },
  requireManual: boolean,
): Promise<DepositSummary> {
  const current = await memberDeposit(db, memberId, id);
  if (requireManual && current.provider !== 'manual') throw new ApiError('deposit.not.manual', 400);
  if (current.state !== 'pending') throw new ApiError('deposit.state.invalid', 409, { state: current.state });
  const [changed] = await db
    .update(deposits)
    .set(set)
    .where(and(eq(deposits.id, id), eq(deposits.memberId, memberId), eq(deposits.state, 'pending'), LIVE))
    .returning({ id: deposits.id });
  if (!changed) {
    // Decided (or expired) between the read and the write.
    const now = await memberDeposit(db, memberId, id);
    throw new ApiError('deposit.state.invalid', 409, { state: now.state });
  }
  return memberDeposit(db, memberId, id);
}

export const cancelDeposit = (db: Executor, memberId: number, id: number) =>
  changePending(db, memberId, id, { state: 'cancelled', decidedAt: sql`now()`, decidedBy: 'member' }, false);

export const setReference = (db: Executor, memberId: number, id: number, reference: string) =>
  changePending(db, memberId, id, { reference }, true);

export const setReceipt = (db: Executor, memberId: number, id: number, receipt: Buffer, receiptType: 'image/png' | 'image/jpeg') =>
  changePending(db, memberId, id, { receipt, receiptType }, true);

// ---------------------------------------------------------------------------------------------
// Crediting

export type CreditOutcome = { credited: true; row: DepositRow } | { credited: false; state: DepositState | 'expired' };

/**
 * Pays a pending deposit in `tx`: the conditional UPDATE (pending, not expired -> paid), then the
 * DEPOSIT posting (house -> wallet, amount - fee), the BONUS posting (house -> wallet) and the
 * turnover requirements, and the inviter's referral reward on a friend's first credited deposit
 * (server/modules/engagement/services/referral.ts). A deposit not pending, or pending past its expiry, credits nothing
 * (an expired one is stored as expired) and the outcome says why.
 */
export async function creditDeposit(platform: MoneyPlatform, tx: Tx, id: number, decidedBy: string, extra: SQL[] = []): Promise<CreditOutcome> {
  await lockOwner(tx, id);
  const [paid] = await tx
    .update(deposits)
    .set({ state: 'paid', decidedAt: sql`now()`, decidedBy })
    .where(and(eq(deposits.id, id), eq(deposits.state, 'pending'), LIVE, ...extra))
    .returning();
  if (!paid) {
    // Not credited. A pending deposit past its time is stored as expired now, so the answer
    // (and every later read) says so.
    const [expired] = await tx
      .update(deposits)
      .set({ state: 'expired', decidedAt: sql`now()`, decidedBy: 'expiry' })
      .where(and(eq(deposits.id, id), eq(deposits.state, 'pending'), sql`NOT ${LIVE}`))
      .returning({ id: deposits.id });
    if (expired) return { credited: false, state: 'expired' };
    const [now] = await tx.select({ state: deposits.state }).from(deposits).where(eq(deposits.id, id));
    return { credited: false, state: now?.state ?? 'expired' };
  }
  const { ledger } = platform.repos;
  const tenant = platform.tenants.byMerchant(paid.merchantCode);
  const currency = tenant?.settings.currency.code ?? 'PHP';
  const wallet = (await ledger.walletOf(paid.memberId, tx))?.id ?? (await ledger.openWallet(tx, paid.merchantCode, paid.memberId, currency));
  const moves = await ledger.memberMoves(tx, { merchantCode: paid.merchantCode, memberId: paid.memberId, currency, walletId: wallet });
  const credited = paid.amount - paid.fee;
  const transactionId = await moves.deposit(credited, { memo: `deposit ${paid.id}`, reference: `D${paid.id}` });
  const rewardCentre = bonusAsReward(tenant);
  if (paid.bonus > 0 && rewardCentre && tenant) {
    // With the reward centre the bonus waits there; its turnover is added when it is claimed.
    await grantReward(tx, {
      merchantCode: paid.merchantCode,
      memberId: paid.memberId,
      source: 'deposit_bonus',
      sourceRef: String(paid.id),
      amount: paid.bonus,
      turnoverMultiplier: findChannel(tenant, paid.channelId)?.bonusTurnoverMultiplier ?? 1,
      turnoverRequired: paid.bonusTurnover,
      expiryDays: expiryDaysOf(tenant),
    });
  } else if (paid.bonus > 0) {
    await moves.bonus(paid.bonus, { memo: `deposit ${paid.id} bonus`, reference: `D${paid.id}` });
  }
  const base = { merchantCode: paid.merchantCode, memberId: paid.memberId, sourceId: String(paid.id) };
  await addRequirement(tx, { ...base, source: 'deposit', required: paid.depositTurnover });
  if (!rewardCentre) await addRequirement(tx, { ...base, source: 'bonus', required: paid.bonusTurnover });
  // The deposit counts towards the member's VIP level at once (services/vip.ts).
  if (tenant) await raiseVipLevel(tx, tenant, paid.memberId);
  // A friend's first credited deposit earns the member who invited them the referral reward.
  await grantReferralReward(tx, tenant, paid);
  const [row] = await tx.update(deposits).set({ transactionId }).where(eq(deposits.id, paid.id)).returning();
  return { credited: true, row };
}

// ---------------------------------------------------------------------------------------------
// Operator actions (CLI verbs in server/modules/wallet/ops/deposits.ts; /ops routes call the same)

export interface DepositFilters {
  state?: DepositState;
  merchant?: string;
  /** Rows answered, newest first (default 50, at most 500). */
  limit?: number;
}

/**
 * Locks the row of deposit `id`'s member before the deposit's own row, as every money path locks
 * (server/money/ledger.ts): a member's deposit actor (which expires the member's due
 * deposits under that lock) and a credit of one of them then never wait for each other in turn.
 */
async function lockOwner(tx: Tx, id: number): Promise<void> {
  const [owner] = await tx.select({ memberId: deposits.memberId }).from(deposits).where(eq(deposits.id, id));
  if (owner) await lockMember(tx, owner.memberId);
}

/** Locks deposit `id` for an operator action, after checking the actor may act on its merchant. */
async function lockForOperator(tx: Tx, actor: OpsActor, id: number): Promise<DepositSummary> {
  await lockOwner(tx, id);
  const [row] = await tx.select(depositColumns).from(deposits).where(eq(deposits.id, id)).for('update');
  if (!row) throw new OpsRefusal('deposit.not.found', `no deposit ${id}`);
  assertMerchant(actor, row.merchantCode);
  return row;
}

/** Deposits for the back office (no receipt bytes), newest first, limited to the actor's merchants. */
export async function listDeposits(platform: Platform, actor: OpsActor, filters: DepositFilters = {}): Promise<DepositSummary[]> {
  if (filters.merchant) assertMerchant(actor, filters.merchant);
  await expireDue(platform.db.orm);
  const conditions: SQL[] = [];
  if (filters.state) conditions.push(eq(deposits.state, filters.state));
  if (filters.merchant) conditions.push(eq(deposits.merchantCode, filters.merchant));
  if (actor.merchantCodes !== null) {
    if (actor.merchantCodes.length === 0) return [];
    conditions.push(inArray(deposits.merchantCode, [...actor.merchantCodes]));
  }
  return platform.db.orm
    .select(depositColumns)
    .from(deposits)
    .where(and(...conditions))
    .orderBy(desc(deposits.id))
    .limit(Math.min(Math.max(filters.limit ?? 50, 1), 500));
}

/**
 * An operator confirms a manual deposit was received: pending -> paid with the same credit as a
 * paid callback, and the audit row, in one transaction.
 */
export async function approveDeposit(platform: Platform, actor: OpsActor, id: number): Promise<DepositSummary> {
  return platform.db.orm.transaction(async (tx) => {
    const before = await lockForOperator(tx, actor, id);
    if (before.provider !== 'manual') throw new OpsRefusal('deposit.not.manual', `deposit ${id} is paid through the payment provider, not approved`);
    if (before.state !== 'pending') throw new OpsRefusal('deposit.state.invalid', `deposit ${id} is ${before.state}, not pending`);
    const outcome = await creditDeposit(platform, tx, id, actor.actor);
    if (!outcome.credited) throw new OpsRefusal('deposit.state.invalid', `deposit ${id} is ${outcome.state}, not pending`);
    const [after] = await tx.select(depositColumns).from(deposits).where(eq(deposits.id, id));
    await writeAudit(tx, actor, {
      action: 'deposit.approve',
      merchantCode: after.merchantCode,
      targetType: 'deposit',
      targetId: id,
      before,
      after,
    });
    return after;
  });
}

/** An operator refuses a pending deposit (reason required); nothing is credited. */
export async function rejectDeposit(platform: Platform, actor: OpsActor, id: number, reason: string): Promise<DepositSummary> {
  const why = reason.trim();
  if (why.length === 0 || why.length > 200) throw new OpsRefusal('reason.required', 'a reason of 1 to 200 characters is required');
  return platform.db.orm.transaction(async (tx) => {
    const before = await lockForOperator(tx, actor, id);
    if (before.state !== 'pending') throw new OpsRefusal('deposit.state.invalid', `deposit ${id} is ${before.state}, not pending`);
    await tx
      .update(deposits)
      .set({ state: 'rejected', reason: why, decidedAt: sql`now()`, decidedBy: actor.actor })
      .where(and(eq(deposits.id, id), eq(deposits.state, 'pending')));
    const [after] = await tx.select(depositColumns).from(deposits).where(eq(deposits.id, id));
    await writeAudit(tx, actor, {
      action: 'deposit.reject',
      merchantCode: after.merchantCode,
      targetType: 'deposit',
      targetId: id,
      reason: why,
      before,
      after,
    });
    return after;
  });
}

/** A deposit's receipt image for the back office (the member's upload), or null when none was sent. */
export async function depositReceipt(platform: Platform, actor: OpsActor, id: number): Promise<{ contentType: 'image/png' | 'image/jpeg'; data: Buffer } | null> {
  const [row] = await platform.db.orm
    .select({ merchantCode: deposits.merchantCode, receipt: deposits.receipt, receiptType: deposits.receiptType })
    .from(deposits)
    .where(eq(deposits.id, id));
  if (!row) throw new OpsRefusal('deposit.not.found', `no deposit ${id}`);
  assertMerchant(actor, row.merchantCode);
  if (!row.receipt || (row.receiptType !== 'image/png' && row.receiptType !== 'image/jpeg')) return null;
  return { contentType: row.receiptType, data: row.receipt };
}

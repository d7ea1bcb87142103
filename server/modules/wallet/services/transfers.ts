/**
 * Transfers to the upline: a member sends money from the wallet to the wallet of the member who
 * brought them in (members.upline_id). Allowed with the tenant's flag AGETRANSFERUP3, for a member
 * with an upline whose type is not 2, after the payment password (as a withdrawal asks it). One
 * transaction posts TRANSFER (member wallet -> upline wallet; the ledger's conditional UPDATE
 * refuses an overdraw, so racing transfers never overdraw), writes the transfers row and adds the
 * upline's turnover requirement: money received from a team member is wagered as a deposit is,
 * so a bonus cannot leave through the upline unwagered. Both members' account records read it
 * from the ledger.
 *
 * The sender's own wagering travels with its money: while the sender has outstanding turnover
 * (turnover.ts, the numbers the withdrawal panel shows) a transfer is refused with 409
 * turnover.required, checked again in the money transaction after settling what the stakes met,
 * so a transfer cannot shed a bonus's wagering onto the upline.
 *
 * Amounts are minor units here; the API edge converts (toAmount / toMinor).
 */
import { eq } from 'drizzle-orm';
import type { Actor, Platform } from '../../../platform';
import type { CreateBody, Reason, Transfer, UplineTransfer } from '../../../../src/generated/api/transfers';
import type { Tenant } from '../../../../src/generated/tenant';
import type { Executor, Tx } from '../../../db/client';
import { members, transfers } from '../../../db/schema';
import { ApiError, ERROR_KEYS, validationError } from '../../../errors';
import { maskName } from '../../../lib/games-catalogue';
import type { Once } from '../../../lib/idempotency';
import { timesMultiplier, toAmount, toMinor } from '../../../../src/domain/money';
import type { MemberRow } from '../../../repositories/members';
import { assertRealMember } from '../../account';
import { checkPaymentPassword } from '../../account';
import { addRequirement, settleTurnover, turnoverNumbers, turnoverStatus, type TurnoverStatus } from '../../../money';
import { lockMember } from '../../../money';

/** The member type the spec forbids to transfer to an upline. */
const NO_UPLINE_TRANSFER_TYPE = 2;

/** The tenant's transfer limits in minor units. */
function transferLimitsOf(tenant: Tenant): { min: number; max: number } {
  const t = tenant.settings.wallet.transfer;
  return { min: toMinor(t.min), max: toMinor(t.max) };
}

function assertEnabled(tenant: Tenant): void {
  if (!tenant.flags.AGETRANSFERUP3) throw new ApiError('transfer.disabled', 403);
}

/** The member's upline when it is a live member of the same merchant, else null. */
async function uplineOf(db: Executor, member: Pick<MemberRow, 'uplineId' | 'merchantCode'>): Promise<MemberRow | null> {
  if (member.uplineId === null) return null;
  const [upline] = await db.select().from(members).where(eq(members.id, member.uplineId));
  return upline && upline.merchantCode === member.merchantCode && upline.status === 'ACTIVE' ? upline : null;
}

/** The largest amount the balance allows now (at most max; 0 below min). */
function transferableOf(limits: { min: number; max: number }, balance: number): number {
  const most = Math.min(balance, limits.max);
  return most >= limits.min ? most : 0;
}

const reason = (code: Reason['code'], numbers: Omit<Reason, 'code' | 'message'> = {}): Reason => ({ code, message: ERROR_KEYS[code], ...numbers });

/** The refusal while wagering is owed: the withdrawal's code and value shape ({ reasons: [...] }). */
function turnoverRefusal(status: TurnoverStatus): ApiError {
  return new ApiError('turnover.required', 409, { reasons: [{ ...turnoverNumbers(status), message: ERROR_KEYS['turnover.required'] }] });
}

/** GET: the upline (masked), the member's numbers, and every reason that blocks a transfer now. */
export async function uplineTransferState(platform: Platform, tenant: Tenant, member: MemberRow): Promise<UplineTransfer> {
  assertEnabled(tenant);
  const limits = transferLimitsOf(tenant);
  const upline = await uplineOf(platform.db.orm, member);
  const wallet = await platform.repos.ledger.walletOf(member.id);
  const balance = wallet?.balance ?? 0;
  const turnover = await turnoverStatus(platform.db.orm, member.id);
  const reasons: Reason[] = [];
  if (turnover.outstanding > 0) reasons.push({ ...turnoverNumbers(turnover), message: ERROR_KEYS['turnover.required'] });
  if (member.type === NO_UPLINE_TRANSFER_TYPE) reasons.push(reason('transfer.type.forbidden'));
  if (!upline) reasons.push(reason('transfer.upline.missing'));
  if (!member.paymentPasswordHash) reasons.push(reason('payment.password.unset'));
  if (balance < limits.min) reasons.push(reason('balance.insufficient', { balance: toAmount(balance), min: toAmount(limits.min) }));
  return {
    ...(upline ? { upline: { username: maskName(upline.username) } } : {}),
    balance: toAmount(balance),
    currency: wallet?.currency ?? tenant.settings.currency.code,
    min: toAmount(limits.min),
    max: toAmount(limits.max),
    transferable: toAmount(transferableOf(limits, balance)),
    paymentPasswordSet: member.paymentPasswordHash !== null,
    allowed: reasons.length === 0,
    reasons,
  };
}

/** A currency amount of the API as minor units; more than 2 decimals is a validation error. */
function minorOf(amount: number, field: string): number {
  const minor = toMinor(amount);
  if (toAmount(minor) !== amount) throw validationError(field, { reason: 'at most 2 decimals' });
  return minor;
}

/** The gate every transfer passes, before and again inside the money transaction. */
function checkMember(member: Pick<MemberRow, 'type'>, upline: MemberRow | null): MemberRow {
  if (member.type === NO_UPLINE_TRANSFER_TYPE) throw new ApiError('transfer.type.forbidden', 403);
  if (!upline) throw new ApiError('transfer.upline.missing', 409);
  return upline;
}

/**
 * POST: sends `amount` to the upline in `once`, the runner of the request's Idempotency-Key
 * (its stored hash leaves the payment password out: x-routes idempotencyOmits).
 */
export async function transferToUpline(platform: Platform, actor: Actor, body: CreateBody, once: Once): Promise<Transfer> {
  const tenant = actor.tenant;
  const member = actor.auth!.member;
  assertEnabled(tenant);
  assertRealMember(member);
  checkMember(member, await uplineOf(platform.db.orm, member));
  const limits = transferLimitsOf(tenant);
  const amount = minorOf(body.amount, '/amount');
  if (amount < limits.min || amount > limits.max) {
    throw new ApiError('transfer.amount.range', 400, { field: '/amount', amount: toAmount(amount), min: toAmount(limits.min), max: toAmount(limits.max) });
  }
  // Before the payment password: a refusal that wagering is owed spends no wrong-password try.
  const owed = await turnoverStatus(platform.db.orm, member.id);
  if (owed.outstanding > 0) throw turnoverRefusal(owed);
  await checkPaymentPassword(platform, member, body.paymentPassword);
  return once(async (tx: Tx) => {
    // This member's transfers are decided one after another, each on the member as it is now.
    await lockMember(tx, member.id);
    const [locked] = await tx.select().from(members).where(eq(members.id, member.id));
    if (!locked) throw new ApiError('session.invalid', 401);
    if (locked.paymentPasswordHash !== member.paymentPasswordHash) throw new ApiError('payment.password.incorrect', 400, { field: '/paymentPassword' });
    const upline = checkMember(locked, await uplineOf(tx, locked));
    // Again on the locked member: a requirement added since (a bonus, a catch) is owed too.
    const turnover = await settleTurnover(tx, member.id);
    if (turnover.outstanding > 0) throw turnoverRefusal(turnover);
    const { ledger } = platform.repos;
    const from = await ledger.walletOf(member.id, tx);
    const to = await ledger.walletOf(upline.id, tx);
    if (!to) throw new ApiError('transfer.upline.missing', 409);
    if (!from || from.balance < amount) {
      throw new ApiError('balance.insufficient', 409, { balance: toAmount(from?.balance ?? 0), amount: toAmount(amount) });
    }
    // The ledger's conditional UPDATE is the last word when another debit raced this one.
    const transactionId = await ledger.transfer(tx, { merchantCode: tenant.merchantCode, fromWalletId: from.id, toWalletId: to.id, amount, memo: 'transfer to upline' });
    const [row] = await tx
      .insert(transfers)
      .values({ merchantCode: tenant.merchantCode, fromMemberId: member.id, toMemberId: upline.id, amount, transactionId })
      .returning();
    await addRequirement(tx, {
      merchantCode: tenant.merchantCode,
      memberId: upline.id,
      source: 'transfer',
      sourceId: String(row.id),
      required: timesMultiplier(amount, tenant.settings.wallet.turnover.depositMultiplier),
    });
    const after = (await ledger.walletOf(member.id, tx))!;
    return {
      id: row.id,
      amount: toAmount(amount),
      balance: toAmount(after.balance),
      currency: after.currency,
      upline: { username: maskName(upline.username) },
      createdAt: row.createdAt.toISOString(),
    };
  });
}

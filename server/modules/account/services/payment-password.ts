/**
 * The payment password: a second secret (6 digits, the `paymentPassword` rule) asked before money
 * leaves the wallet (a withdrawal) or a payout account is removed. Hashed like the login
 * password. Wrong answers are counted per member (limits.passwordFailuresPerAccount, 5 per 15
 * minutes); past the limit every check is refused with 429 `payment.password.locked` and the
 * seconds until the window ends, whatever the answer, so it cannot be guessed in bulk.
 */
import type { Actor, Platform } from '../../../platform';
import { eq, isNull, and } from 'drizzle-orm';
import type { ExpiredMinutes } from '../../../../src/generated/api/common';
import type { ChangePaymentPassword, ResetPaymentPassword, SetPaymentPassword } from '../../../../src/generated/api/security-centre';
import { members } from '../../../db/schema';
import { ApiError, invalidField } from '../../../errors';
import { internationalNumber, memberDialingCode } from '../../../lib/dialing-codes';
import { hashPassword, verifyPassword } from '../../../lib/passwords';
import { enforce, FIELD_MESSAGES } from '../../../lib/validation-rules';
import type { MemberRow } from '../../../repositories/members';
import { SMS_CODE_TTL_MINUTES } from '../../../repositories/sms-codes';
import { sendCode, throttle } from './sms';

const failKey = (memberId: number) => `paypwfail:${memberId}`;

/**
 * Checks a member's payment password; throws `payment.password.unset`, `payment.password.locked`
 * (429, value.retryAfter seconds) or `payment.password.incorrect` (value.attemptsLeft). A miss
 * is counted at once (its own statement, outside any transaction of the caller), so a refused
 * withdrawal still counts it. Call before opening the money transaction.
 */
export async function checkPaymentPassword(platform: Platform, member: Pick<MemberRow, 'id' | 'paymentPasswordHash'>, password: string, field = '/paymentPassword'): Promise<void> {
  if (!member.paymentPasswordHash) throw new ApiError('payment.password.unset', 400);
  const { max, windowMs } = platform.config.limits.passwordFailuresPerAccount;
  const key = failKey(member.id);
  const before = await platform.repos.counters.state(key);
  if (before.count >= max) throw new ApiError('payment.password.locked', 429, { retryAfter: Math.max(1, Math.ceil(before.ttlMs / 1000)) });
  if (!(await verifyPassword(password, member.paymentPasswordHash, platform.config.passwordHashing))) {
    const after = await platform.repos.counters.hit(key, windowMs);
    if (after.count >= max) throw new ApiError('payment.password.locked', 429, { retryAfter: Math.max(1, Math.ceil(after.ttlMs / 1000)) });
    throw new ApiError('payment.password.incorrect', 400, { field, attemptsLeft: max - after.count });
  }
}

function enforceNew(password: string, confirm: string, field: string): void {
  enforce('paymentPassword', password, true, field);
  if (confirm !== password) throw invalidField('/confirmPaymentPassword', FIELD_MESSAGES.newConfirmMismatch);
}

/** Sets the first payment password; refused when one is set (a racing second set changes nothing). */
export async function setPaymentPassword(platform: Platform, member: MemberRow, body: SetPaymentPassword): Promise<void> {
  enforceNew(body.paymentPassword, body.confirmPaymentPassword, '/paymentPassword');
  if (member.paymentPasswordHash) throw new ApiError('payment.password.exists', 409);
  const hash = await hashPassword(body.paymentPassword, platform.config.passwordHashing);
  const set = await platform.db.orm
    .update(members)
    .set({ paymentPasswordHash: hash })
    .where(and(eq(members.id, member.id), isNull(members.paymentPasswordHash)))
    .returning({ id: members.id });
  if (set.length === 0) throw new ApiError('payment.password.exists', 409);
}

/** Changes the payment password: the old one must match. */
export async function changePaymentPassword(platform: Platform, member: MemberRow, body: ChangePaymentPassword): Promise<void> {
  enforceNew(body.newPaymentPassword, body.confirmPaymentPassword, '/newPaymentPassword');
  if (body.newPaymentPassword === body.oldPaymentPassword) throw new ApiError('modify.new.old.same', 400, { field: '/newPaymentPassword' });
  await checkPaymentPassword(platform, member, body.oldPaymentPassword, '/oldPaymentPassword');
  const hash = await hashPassword(body.newPaymentPassword, platform.config.passwordHashing);
  // Only over the hash that was checked: a change racing another change or a reset loses.
  const changed = await platform.db.orm
    .update(members)
    .set({ paymentPasswordHash: hash })
    .where(and(eq(members.id, member.id), eq(members.paymentPasswordHash, member.paymentPasswordHash!)))
    .returning({ id: members.id });
  if (changed.length === 0) throw new ApiError('payment.password.incorrect', 400, { field: '/oldPaymentPassword' });
}

/** The member's own international number; the actor names none, so no code goes elsewhere. */
function ownPhone(actor: Actor, member: MemberRow): string {
  if (!member.mobileNum) throw new ApiError('mobile.missing', 400);
  return internationalNumber(memberDialingCode(actor.tenant, member), member.mobileNum);
}

/** Sends a payment-password code (purpose PAYPW) to the member's own mobile number. */
export async function sendPaymentPasswordCode(platform: Platform, actor: Actor, member: MemberRow): Promise<ExpiredMinutes> {
  if (actor.tenant.modules.VERIFICATION3 === false) throw new ApiError('module.disabled', 403);
  const phone = ownPhone(actor, member);
  await throttle(platform, actor.tenant.merchantCode, phone);
  await sendCode(platform, actor, phone, 'PAYPW');
  return { expiredMinutes: SMS_CODE_TTL_MINUTES };
}

/** Sets a new payment password proven by a PAYPW code sent to the member's own number; clears the lock. */
export async function resetPaymentPassword(platform: Platform, actor: Actor, member: MemberRow, body: ResetPaymentPassword): Promise<void> {
  enforce('verificationCode', body.verificationCode, true, '/verificationCode');
  enforceNew(body.newPaymentPassword, body.confirmPaymentPassword, '/newPaymentPassword');
  const phone = ownPhone(actor, member);
  const codeId = await platform.repos.smsCodes.check(actor.tenant.merchantCode, phone, ['PAYPW'], body.verificationCode);
  if (codeId === null) throw new ApiError('sms.code.invalid', 400, { field: '/verificationCode' });
  const hash = await hashPassword(body.newPaymentPassword, platform.config.passwordHashing);
  await platform.db.orm.transaction(async (tx) => {
    if (!(await platform.repos.smsCodes.consume(tx, codeId))) throw new ApiError('sms.code.invalid', 400, { field: '/verificationCode' });
    await tx.update(members).set({ paymentPasswordHash: hash }).where(eq(members.id, member.id));
  });
  await platform.repos.counters.reset(failKey(member.id));
}

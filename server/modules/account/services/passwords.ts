import { randomInt } from 'node:crypto';
import type { Actor, Platform } from '../../../platform';
import type { ChangePassword, ForgotPasswordEmail, SetPasswordByPhone, UserName } from '../../../../src/generated/api/security';
import { ApiError, invalidField } from '../../../errors';
import { internationalNumber, memberDialingCode, requestedDialingCode } from '../../../lib/dialing-codes';
import { hashPassword, verifyPassword } from '../../../lib/passwords';
import { enforce, FIELD_MESSAGES } from '../../../lib/validation-rules';
import type { Auth } from '../../../platform';
import { deliver } from './delivery';
import { temporaryPasswordEmail } from './message-texts';

const TEMP_PASSWORD_MINUTES = 30;

export type ChangePasswordBody = ChangePassword;

/**
 * Changes a logged-in member's password (security V2); other sessions are revoked. A member who
 * never set one (registered by SMS) sets a first password without an old one; every other member
 * must give the old password, and one that is missing is refused like any other empty field.
 */
export async function changePassword(platform: Platform, auth: Auth, body: ChangePasswordBody): Promise<void> {
  const member = auth.member;
  const first = member.passwordHash === null;
  // The old password is asked only of a member who has one (the member info's passwordSet).
  if (!first) enforce('loginPassword', body.oldPassword, true, '/oldPassword');
  enforce('password', body.newPassword, true, '/newPassword');
  if (body.confirmNewPassword !== body.newPassword) throw invalidField('/confirmNewPassword', FIELD_MESSAGES.newConfirmMismatch);
  if (first) return setFirstPassword(platform, auth, body.newPassword);
  if (body.newPassword === body.oldPassword) throw new ApiError('modify.new.old.same', 400);
  const { max, windowMs } = platform.config.limits.passwordFailuresPerAccount;
  const failKey = `pwfail:${member.id}`;
  if ((await platform.repos.counters.peek(failKey)) >= max) throw new ApiError('rate.limited', 429);
  if (!(await verifyPassword(body.oldPassword ?? '', member.passwordHash, platform.config.passwordHashing))) {
    await platform.repos.counters.hit(failKey, windowMs);
    throw new ApiError('password.incorrect', 400, { field: '/oldPassword' });
  }
  const hash = await hashPassword(body.newPassword, platform.config.passwordHashing);
  await platform.db.orm.transaction(async (tx) => {
    await platform.repos.members.setPassword(tx, member.id, hash);
    await platform.repos.sessions.revokeAll(tx, member.id, auth.session.tokenHash);
  });
}

/**
 * The first password of a member who has none. The write happens only while the stored member
 * still has no password: one set meanwhile (another tab, the SMS reset) makes this request one
 * that lacks the old password, refused as such.
 */
async function setFirstPassword(platform: Platform, auth: Auth, newPassword: string): Promise<void> {
  const hash = await hashPassword(newPassword, platform.config.passwordHashing);
  await platform.db.orm.transaction(async (tx) => {
    if (!(await platform.repos.members.setFirstPassword(tx, auth.member.id, hash))) throw invalidField('/oldPassword', FIELD_MESSAGES.required);
    await platform.repos.sessions.revokeAll(tx, auth.member.id, auth.session.tokenHash);
  });
}

export type SetPasswordByPhoneBody = SetPasswordByPhone;

/**
 * Sets the password of the member owning a mobile number, proven by an SMS code. The code is
 * checked first (so the "same password" answer is no oracle for strangers) and used up only
 * with the write, so a member told "same as before" can retry with the same code.
 */
export async function setPasswordByPhone(platform: Platform, actor: Actor, body: SetPasswordByPhoneBody): Promise<UserName> {
  enforce('mobileNum', body.mobileNum, true, '/mobileNum');
  enforce('verificationCode', body.verificationCode, true, '/verificationCode');
  enforce('password', body.newPassword, true, '/newPassword');
  const tenant = actor.tenant;
  const merchantCode = tenant.merchantCode;
  const dialingCode = requestedDialingCode(tenant, body.countryDialingCode);
  const member = await platform.repos.members.byMobile(merchantCode, body.mobileNum);
  // Only a code sent to the member's own international number (its stored dialing code) counts.
  const own = member !== null && memberDialingCode(tenant, member) === dialingCode;
  const phone = internationalNumber(dialingCode, body.mobileNum);
  const codeId = own ? await platform.repos.smsCodes.check(merchantCode, phone, ['VERIFY', 'RESET'], body.verificationCode) : null;
  if (!member || codeId === null || member.status !== 'ACTIVE') throw new ApiError('sms.code.invalid', 400, { field: '/verificationCode' });
  if (member.passwordHash && (await verifyPassword(body.newPassword, member.passwordHash, platform.config.passwordHashing))) {
    throw new ApiError('modify.new.old.same', 400, { field: '/newPassword' });
  }
  const hash = await hashPassword(body.newPassword, platform.config.passwordHashing);
  await platform.db.orm.transaction(async (tx) => {
    if (!(await platform.repos.smsCodes.consume(tx, codeId))) throw new ApiError('sms.code.invalid', 400, { field: '/verificationCode' });
    await platform.repos.members.setPassword(tx, member.id, hash);
    await platform.repos.sessions.revokeAll(tx, member.id);
  });
  return { userName: member.username };
}

/** A temporary password that satisfies the login rule: letters then digits. */
function temporaryPassword(): string {
  const letters = 'abcdefghjkmnpqrstuvwxyz';
  let out = '';
  for (let i = 0; i < 4; i++) out += letters[randomInt(letters.length)];
  for (let i = 0; i < 6; i++) out += String(randomInt(10));
  return out;
}

/**
 * Forgot password by e-mail. When username and e-mail match, a temporary password is mailed
 * (the old one keeps working until the temporary one is used). The answer never says whether
 * they matched.
 */
export async function forgotPasswordByEmail(platform: Platform, actor: Actor, body: ForgotPasswordEmail): Promise<void> {
  const username = body.username.trim();
  const email = body.email.trim();
  enforce('loginUsername', username, true, '/username');
  enforce('email', email, true, '/email');
  const merchantCode = actor.tenant.merchantCode;
  const { max, windowMs } = platform.config.limits.emailPerAccount;
  const state = await platform.repos.counters.hit(`forgot:${merchantCode}:${username.toLowerCase()}`, windowMs);
  if (state.count > max) throw new ApiError('rate.limited', 429, { retryAfter: Math.ceil(state.ttlMs / 1000) });
  const member = await platform.repos.members.byUsername(merchantCode, username);
  if (!member || member.status !== 'ACTIVE' || !member.email || member.email.toLowerCase() !== email.toLowerCase()) return;
  const temp = temporaryPassword();
  await platform.repos.members.setTempPassword(member.id, await hashPassword(temp, platform.config.passwordHashing), new Date(Date.now() + TEMP_PASSWORD_MINUTES * 60_000));
  await deliver(platform, {
    merchantCode,
    channel: 'email',
    to: member.email,
    ...temporaryPasswordEmail(actor.language, actor.tenant.brand.name, temp, TEMP_PASSWORD_MINUTES),
  });
}

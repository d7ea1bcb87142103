import type { Actor, Platform } from '../../../platform';
import type { ExpiredMinutes } from '../../../../src/generated/api/common';
import type { SmsNoLogin, SmsResetPassword } from '../../../../src/generated/api/verification';
import { ApiError } from '../../../errors';
import { internationalNumber, memberDialingCode, requestedDialingCode } from '../../../lib/dialing-codes';
import { enforce } from '../../../lib/validation-rules';
import { SMS_CODE_TTL_MINUTES, type SmsPurpose } from '../../../repositories/sms-codes';
import { deliver } from './delivery';
import { verificationCodeSms } from './message-texts';

/** One code per number per minute and a daily cap per number, whatever the IP. */
export async function throttle(platform: Platform, merchantCode: string, phone: string): Promise<void> {
  const { smsPerNumber, smsPerNumberDaily } = platform.config.limits;
  for (const [name, limit] of [['sms', smsPerNumber], ['smsday', smsPerNumberDaily]] as const) {
    const state = await platform.repos.counters.hit(`${name}:${merchantCode}:${phone}`, limit.windowMs);
    if (state.count > limit.max) throw new ApiError('rate.limited', 429, { retryAfter: Math.ceil(state.ttlMs / 1000) });
  }
}

/** Issues a code bound to the international number `phone` and sends it there, in the language the member asked in. */
export async function sendCode(platform: Platform, actor: Actor, phone: string, purpose: SmsPurpose) {
  const tenant = actor.tenant;
  const code = await platform.repos.smsCodes.issue(tenant.merchantCode, phone, purpose);
  await deliver(platform, {
    merchantCode: tenant.merchantCode,
    channel: 'sms',
    to: phone,
    text: verificationCodeSms(actor.language, tenant.brand.name, code, SMS_CODE_TTL_MINUTES),
  });
}

/**
 * POST /wps/verification/sms/noLogin: a code for registration, SMS login or setting a password,
 * sent only under a dialing code the tenant lists.
 */
export async function sendVerificationCode(
  platform: Platform,
  actor: Actor,
  body: SmsNoLogin,
): Promise<ExpiredMinutes> {
  const tenant = actor.tenant;
  if (tenant.modules.VERIFICATION3 === false) throw new ApiError('module.disabled', 403);
  enforce('mobileNum', body.mobileNum, true, '/mobileNum');
  const phone = internationalNumber(requestedDialingCode(tenant, body.countryDialingCode), body.mobileNum);
  await throttle(platform, tenant.merchantCode, phone);
  await sendCode(platform, actor, phone, 'VERIFY');
  return { expiredMinutes: SMS_CODE_TTL_MINUTES };
}

/**
 * POST /wps/verification/sms/resetPassword: a reset code, sent only to a member's own number
 * (its stored dialing code); the same answer either way.
 */
export async function sendResetCode(
  platform: Platform,
  actor: Actor,
  body: SmsResetPassword,
): Promise<ExpiredMinutes> {
  const tenant = actor.tenant;
  if (!tenant.flags.CHNGPASSVERIF3 || tenant.modules.VERIFICATION3 === false) throw new ApiError('module.disabled', 403);
  enforce('mobileNum', body.mobileNo, true, '/mobileNo');
  const dialingCode = requestedDialingCode(tenant, body.countryDialingCode);
  const phone = internationalNumber(dialingCode, body.mobileNo);
  await throttle(platform, tenant.merchantCode, phone);
  const member = await platform.repos.members.byMobile(tenant.merchantCode, body.mobileNo);
  if (member && member.status === 'ACTIVE' && memberDialingCode(tenant, member) === dialingCode) await sendCode(platform, actor, phone, 'RESET');
  return { expiredMinutes: SMS_CODE_TTL_MINUTES };
}

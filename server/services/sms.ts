import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ExpiredMinutes } from '../../src/generated/api/common';
import type { SmsNoLogin, SmsResetPassword } from '../../src/generated/api/verification';
import { ApiError } from '../errors';
import { internationalNumber, memberDialingCode, requestedDialingCode } from '../lib/dialing-codes';
import { enforce } from '../lib/validation-rules';
import { SMS_CODE_TTL_MINUTES, type SmsPurpose } from '../repositories/sms-codes';
import { deliver } from './delivery';

/** One code per number per minute and a daily cap per number, whatever the IP. */
export async function throttle(app: FastifyInstance, merchantCode: string, phone: string): Promise<void> {
  const { smsPerNumber, smsPerNumberDaily } = app.config.limits;
  for (const [name, limit] of [['sms', smsPerNumber], ['smsday', smsPerNumberDaily]] as const) {
    const state = await app.repos.counters.hit(`${name}:${merchantCode}:${phone}`, limit.windowMs);
    if (state.count > limit.max) throw new ApiError('rate.limited', 429, { retryAfter: Math.ceil(state.ttlMs / 1000) });
  }
}

/** Issues a code bound to the international number `phone` and sends it there. */
export async function sendCode(app: FastifyInstance, request: FastifyRequest, phone: string, purpose: SmsPurpose) {
  const tenant = request.tenant;
  const code = await app.repos.smsCodes.issue(tenant.merchantCode, phone, purpose);
  await deliver(app, {
    merchantCode: tenant.merchantCode,
    channel: 'sms',
    to: phone,
    text: `${tenant.brand.name}: your verification code is ${code}. It expires in ${SMS_CODE_TTL_MINUTES} minutes.`,
  });
}

/**
 * POST /wps/verification/sms/noLogin: a code for registration, SMS login or setting a password,
 * sent only under a dialing code the tenant lists.
 */
export async function sendVerificationCode(
  app: FastifyInstance,
  request: FastifyRequest,
  body: SmsNoLogin,
): Promise<ExpiredMinutes> {
  const tenant = request.tenant;
  if (tenant.modules.VERIFICATION3 === false) throw new ApiError('module.disabled', 403);
  enforce('mobileNum', body.mobileNum, true, '/mobileNum');
  const phone = internationalNumber(requestedDialingCode(tenant, body.countryDialingCode), body.mobileNum);
  await throttle(app, tenant.merchantCode, phone);
  await sendCode(app, request, phone, 'VERIFY');
  return { expiredMinutes: SMS_CODE_TTL_MINUTES };
}

/**
 * POST /wps/verification/sms/resetPassword: a reset code, sent only to a member's own number
 * (its stored dialing code); the same answer either way.
 */
export async function sendResetCode(
  app: FastifyInstance,
  request: FastifyRequest,
  body: SmsResetPassword,
): Promise<ExpiredMinutes> {
  const tenant = request.tenant;
  if (!tenant.flags.CHNGPASSVERIF3 || tenant.modules.VERIFICATION3 === false) throw new ApiError('module.disabled', 403);
  enforce('mobileNum', body.mobileNo, true, '/mobileNo');
  const dialingCode = requestedDialingCode(tenant, body.countryDialingCode);
  const phone = internationalNumber(dialingCode, body.mobileNo);
  await throttle(app, tenant.merchantCode, phone);
  const member = await app.repos.members.byMobile(tenant.merchantCode, body.mobileNo);
  if (member && member.status === 'ACTIVE' && memberDialingCode(tenant, member) === dialingCode) await sendCode(app, request, phone, 'RESET');
  return { expiredMinutes: SMS_CODE_TTL_MINUTES };
}

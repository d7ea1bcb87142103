import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import { enforce } from '../lib/validation-rules';
import { SMS_CODE_TTL_MINUTES, type SmsPurpose } from '../repositories/sms-codes';
import { deliver, smsRecipient } from './delivery';

/** One code per number per minute and a daily cap per number, whatever the IP. */
async function throttle(app: FastifyInstance, merchantCode: string, mobileNum: string): Promise<void> {
  const { smsPerNumber, smsPerNumberDaily } = app.config.limits;
  for (const [name, limit] of [['sms', smsPerNumber], ['smsday', smsPerNumberDaily]] as const) {
    const state = await app.repos.counters.hit(`${name}:${merchantCode}:${mobileNum}`, limit.windowMs);
    if (state.count > limit.max) throw new ApiError('rate.limited', 429, { retryAfter: Math.ceil(state.ttlMs / 1000) });
  }
}

async function sendCode(app: FastifyInstance, request: FastifyRequest, mobileNum: string, purpose: SmsPurpose, dialingCode?: string) {
  const tenant = request.tenant;
  const code = await app.repos.smsCodes.issue(tenant.merchantCode, mobileNum, purpose);
  await deliver(app, {
    channel: 'sms',
    to: smsRecipient(dialingCode ?? tenant.settings.countryDialingCode, mobileNum),
    text: `${tenant.brand.name}: your verification code is ${code}. It expires in ${SMS_CODE_TTL_MINUTES} minutes.`,
  });
}

/** POST /wps/verification/sms/noLogin: a code for registration, SMS login or setting a password. */
export async function sendVerificationCode(
  app: FastifyInstance,
  request: FastifyRequest,
  body: { mobileNum: string; countryDialingCode?: string },
): Promise<{ expiredMinutes: number }> {
  if (request.tenant.modules.VERIFICATION3 === false) throw new ApiError('module.disabled', 403);
  enforce('mobileNum', body.mobileNum, true, '/mobileNum');
  await throttle(app, request.tenant.merchantCode, body.mobileNum);
  await sendCode(app, request, body.mobileNum, 'VERIFY', body.countryDialingCode);
  return { expiredMinutes: SMS_CODE_TTL_MINUTES };
}

/** POST /wps/verification/sms/resetPassword: a reset code, sent only to a member's number (same answer either way). */
export async function sendResetCode(
  app: FastifyInstance,
  request: FastifyRequest,
  body: { mobileNo: string; countryDialingCode?: string },
): Promise<{ expiredMinutes: number }> {
  const tenant = request.tenant;
  if (!tenant.flags.CHNGPASSVERIF3 || tenant.modules.VERIFICATION3 === false) throw new ApiError('module.disabled', 403);
  enforce('mobileNum', body.mobileNo, true, '/mobileNo');
  await throttle(app, tenant.merchantCode, body.mobileNo);
  const member = await app.repos.members.byMobile(tenant.merchantCode, body.mobileNo);
  if (member && member.status === 'ACTIVE') await sendCode(app, request, body.mobileNo, 'RESET', body.countryDialingCode);
  return { expiredMinutes: SMS_CODE_TTL_MINUTES };
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Tenant } from '../../src/generated/tenant';
import { ApiError } from '../errors';
import { internationalNumber, memberDialingCode, requestedDialingCode } from '../lib/dialing-codes';
import { verifyPassword } from '../lib/passwords';
import { enforce, satisfies } from '../lib/validation-rules';
import type { MemberRow } from '../repositories/members';
import { LoginGuard, requireCaptcha } from './login-guard';
import { openSession, type SessionValue } from './sessions';

export interface LoginPayload {
  type?: 'username' | 'sms';
  username: string;
  password: string;
  captcha?: string;
  captchaId?: string;
  countryDialingCode?: string;
}

interface Credentials {
  member: MemberRow | null;
  ok: boolean;
  /** Used an e-mailed temporary password: it becomes the password. */
  viaTempPassword?: boolean;
  /** SMS code row to consume with the session. */
  smsCodeId?: number;
}

function checkRules(p: LoginPayload): void {
  if (p.type === 'sms') {
    enforce('loginMobileNum', p.username, true, '/username');
    enforce('verificationCode', p.password, true, '/password');
  } else {
    enforce('loginUsername', p.username, true, '/username');
    enforce('loginPassword', p.password, true, '/password');
  }
}

/** Username and password; a member may also log in with the mobile number as username. */
async function byPassword(app: FastifyInstance, merchantCode: string, p: LoginPayload): Promise<Credentials> {
  const members = app.repos.members;
  let member = await members.byUsername(merchantCode, p.username);
  if (!member && satisfies('loginMobileNum', p.username)) member = await members.byMobile(merchantCode, p.username);
  if (await verifyPassword(p.password, member?.passwordHash)) return { member, ok: true };
  const tempValid = member?.tempPasswordHash && member.tempPasswordExpiresAt && member.tempPasswordExpiresAt > new Date();
  if (tempValid && (await verifyPassword(p.password, member!.tempPasswordHash))) return { member, ok: true, viaTempPassword: true };
  return { member, ok: false };
}

/**
 * Mobile number and SMS code (the code is used up only when the session opens). The code must
 * have been sent to the member's own international number: the stored dialing code, which the
 * request (when it names one) must match.
 */
async function bySmsCode(app: FastifyInstance, tenant: Tenant, p: LoginPayload, dialingCode: string): Promise<Credentials> {
  const merchantCode = tenant.merchantCode;
  const member = await app.repos.members.byMobile(merchantCode, p.username);
  if (!member || memberDialingCode(tenant, member) !== dialingCode) return { member, ok: false };
  const codeId = await app.repos.smsCodes.check(merchantCode, internationalNumber(dialingCode, p.username), ['VERIFY'], p.password);
  return { member, ok: codeId !== null, smsCodeId: codeId ?? undefined };
}

/**
 * Logs a member in. Order matters: rules, account attempt limit, captcha when demanded, then
 * credentials; a failure is counted and says whether a captcha is now needed.
 */
export async function login(app: FastifyInstance, request: FastifyRequest, p: LoginPayload): Promise<SessionValue> {
  const tenant = request.tenant;
  checkRules(p);
  if (p.type === 'sms' && !tenant.settings.mobileCodeLogin) throw new ApiError('module.disabled', 403);
  const dialingCode = p.type === 'sms' ? requestedDialingCode(tenant, p.countryDialingCode) : '';
  const guard = new LoginGuard(app, tenant.merchantCode, p.username, request.ip);
  await guard.checkAccountLimit();
  if (await guard.captchaNeeded()) await requireCaptcha(app, p);
  const cred = p.type === 'sms' ? await bySmsCode(app, tenant, p, dialingCode) : await byPassword(app, tenant.merchantCode, p);
  if (!cred.ok || !cred.member || cred.member.status !== 'ACTIVE') {
    const captcha = await guard.fail();
    throw new ApiError('login.failed', 401, captcha ? { captcha: true } : undefined);
  }
  await guard.succeed();
  const member = cred.member;
  return app.db.orm.transaction(async (tx) => {
    if (cred.smsCodeId !== undefined && !(await app.repos.smsCodes.consume(tx, cred.smsCodeId))) {
      throw new ApiError('login.failed', 401);
    }
    if (cred.viaTempPassword) {
      await app.repos.members.promoteTempPassword(tx, member.id);
      member.mustChangePassword = true;
    }
    return openSession(app, tx, member, request.ip);
  });
}

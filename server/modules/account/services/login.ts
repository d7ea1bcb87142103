import type { Actor, Platform } from '../../../platform';
import type { LoginPayload } from '../../../../src/generated/api/session';
import type { Tenant } from '../../../../src/generated/tenant';
import { ApiError } from '../../../errors';
import { internationalNumber, memberDialingCode, requestedDialingCode } from '../../../lib/dialing-codes';
import { hashPassword, needsRehash, passwordChecks, verifyPassword } from '../../../lib/passwords';
import { enforce, satisfies } from '../../../lib/validation-rules';
import type { MemberRow } from '../../../repositories/members';
import { assertNotExcluded } from '../../protection';
import { LoginGuard } from './login-guard';
import { isAgentType } from '../../../../src/domain/member-types';
import { openSession, type SessionValue } from './sessions';

export type { LoginPayload };

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

/**
 * The member a login names: by username, else (when it looks like one) by mobile number. Both
 * spellings resolve to the same member, so they share one attempt budget.
 */
async function resolveMember(platform: Platform, merchantCode: string, p: LoginPayload): Promise<MemberRow | null> {
  const members = platform.repos.members;
  if (p.type === 'sms') return members.byMobile(merchantCode, p.username);
  const member = await members.byUsername(merchantCode, p.username);
  if (member || !satisfies('loginMobileNum', p.username)) return member;
  return members.byMobile(merchantCode, p.username);
}

/** Password (or e-mailed temporary password). An unknown member costs the same hash time. */
async function byPassword(platform: Platform, member: MemberRow | null, p: LoginPayload): Promise<Credentials> {
  const cost = platform.config.passwordHashing;
  passwordChecks.count += 1;
  if (await verifyPassword(p.password, member?.passwordHash, cost)) return { member, ok: true };
  const tempValid = Boolean(member?.tempPasswordHash && member.tempPasswordExpiresAt && member.tempPasswordExpiresAt > new Date());
  // Every failed password gets this second check (a dummy one when no temporary password is
  // pending), so the time of a failure does not tell that a reset e-mail was asked for.
  const viaTemp = await verifyPassword(p.password, tempValid ? member!.tempPasswordHash : null, cost);
  if (tempValid && viaTemp) return { member, ok: true, viaTempPassword: true };
  return { member, ok: false };
}

/**
 * Mobile number and SMS code (the code is used up only when the session opens). The code must
 * have been sent to the member's own international number: the stored dialing code, which the
 * actor (when it names one) must match.
 */
async function bySmsCode(platform: Platform, tenant: Tenant, member: MemberRow | null, p: LoginPayload, dialingCode: string): Promise<Credentials> {
  if (!member || memberDialingCode(tenant, member) !== dialingCode) return { member, ok: false };
  const codeId = await platform.repos.smsCodes.check(tenant.merchantCode, internationalNumber(dialingCode, p.username), ['VERIFY'], p.password);
  return { member, ok: codeId !== null, smsCodeId: codeId ?? undefined };
}

/**
 * Separate logins (spec section 6): the agent entry admits agents only; the member entry refuses
 * agents when the tenant asks for it. Checked once the credentials are right, so the answer tells
 * nothing about an account whose password the caller does not know.
 */
function checkAudience(tenant: Tenant, member: MemberRow, audience: LoginPayload['audience']): void {
  if (audience === 'agent' && !isAgentType(member.type)) throw new ApiError('login.agent.only', 403);
  if (audience !== 'agent' && tenant.settings.memberOnlyLogin === true && isAgentType(member.type)) throw new ApiError('login.member.only', 403);
}

/**
 * Logs a member in. Order matters: rules, then the member is resolved and the attempt counted
 * (captcha and delay past the threshold, see LoginGuard), then credentials; a failure says
 * whether a captcha is now needed. A stored hash with old parameters is replaced on success; a
 * temporary password ends every other session of the member.
 */
export async function login(platform: Platform, actor: Actor, p: LoginPayload): Promise<SessionValue> {
  const tenant = actor.tenant;
  checkRules(p);
  if (p.type === 'sms' && !tenant.settings.mobileCodeLogin) throw new ApiError('module.disabled', 403);
  const dialingCode = p.type === 'sms' ? requestedDialingCode(tenant, p.countryDialingCode) : '';
  const found = await resolveMember(platform, tenant.merchantCode, p);
  const subject = found ? { memberId: found.id } : { text: LoginGuard.normalise(p.username) };
  const guard = new LoginGuard(platform, tenant.merchantCode, subject, actor.ip);
  const waited = await guard.begin(p);
  // Read again after a wait: the password may have changed meanwhile.
  const member = found && waited ? await platform.repos.members.byId(found.id) : found;
  const cred = p.type === 'sms' ? await bySmsCode(platform, tenant, member, p, dialingCode) : await byPassword(platform, member, p);
  if (!cred.ok || !member || member.status !== 'ACTIVE') {
    throw new ApiError('login.failed', 401, guard.fail() ? { captcha: true } : undefined);
  }
  await guard.succeed();
  // The right credentials of an excluded member: told until when, and no session.
  await assertNotExcluded(platform.db.orm, tenant, member.id);
  checkAudience(tenant, member, p.audience);
  const cost = platform.config.passwordHashing;
  const rehash = !cred.viaTempPassword && p.type !== 'sms' && member.passwordHash && needsRehash(member.passwordHash, cost) ? await hashPassword(p.password, cost) : null;
  return platform.db.orm.transaction(async (tx) => {
    if (cred.smsCodeId !== undefined && !(await platform.repos.smsCodes.consume(tx, cred.smsCodeId))) {
      throw new ApiError('login.failed', 401);
    }
    if (rehash) await platform.repos.members.replaceHash(tx, member.id, member.passwordHash!, rehash);
    if (cred.viaTempPassword) {
      await platform.repos.members.promoteTempPassword(tx, member.id);
      // Whoever asked for the e-mail may not be the only one holding a session: end them all.
      await platform.repos.sessions.revokeAll(tx, member.id);
      member.mustChangePassword = true;
    }
    return openSession(platform, tx, member, actor.ip);
  });
}

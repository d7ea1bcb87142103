import type { Actor, Platform } from '../../../platform';
import type { Tenant } from '../../../../src/generated/tenant';
import { tenantTimeZone } from '../../../../src/lib/app-config';
import { memberProtection } from '../../../db/schema';
import { ApiError, invalidField } from '../../../errors';
import { zoneDay } from '../../../lib/time-zone';
import { ageOn } from './identity';
import { internationalNumber, requestedDialingCode } from '../../../lib/dialing-codes';
import { hashPassword } from '../../../lib/passwords';
import { registerSettings } from '../../../lib/startup';
import { hostName } from '../../../lib/tenant-host';
import { enforce, FIELD_MESSAGES, type RuleName } from '../../../lib/validation-rules';
import { MEMBER_TYPE, type NewMember } from '../../../repositories/members';
import { requireCaptcha } from './login-guard';
import { openSession, type SessionValue } from './sessions';
import { mobilePersonKey } from './person';
import { uniqueViolation } from '../../../db/unique';
import { CONFIGURED_REGISTRATION_FIELDS } from '../../../../src/tenant/registration-fields';

export type { RegisterPayload } from '../../../../src/generated/api/member';
import type { RegisterPayload } from '../../../../src/generated/api/member';

/** Optional fields governed by the tenant's registration field config (enabled / required). */
const CONFIGURED_FIELDS = CONFIGURED_REGISTRATION_FIELDS satisfies readonly RuleName[];

/** Profile handles kept in members.profile. */
const PROFILE_FIELDS = ['idNumber', 'qqNum', 'facebook', 'wechat', 'line', 'whatsapp', 'zalo'] as const;

type Mode = 'username' | 'mobile';

interface Plan {
  mode: Mode;
  username: string;
  password: string | null;
  mobileNum: string | null;
  /** The SMS code must be checked for mobileNum. */
  verify: boolean;
}

const present = (v: string | undefined): v is string => v !== undefined && v.trim() !== '';

/** Which registration this is, and which of the mode's own fields are required. */
function plan(tenant: Tenant, p: RegisterPayload): Plan {
  const settings = registerSettings(tenant);
  const fields = settings.fields;
  if (!settings.enabled) throw new ApiError('registration.disabled', 403);
  // The username tab sends a username; the mobile tab a number. Neither: report the field of the default tab.
  const mobile = !present(p.username) && settings.mobileRegistration && (present(p.mobileNum) || !settings.usernameRegistration);
  const mode: Mode = mobile ? 'mobile' : 'username';
  if (mode === 'username' && !settings.usernameRegistration) throw new ApiError('registration.disabled', 403);
  if (mode === 'username') {
    enforce('username', p.username, true);
    const verify = Boolean(fields.verificationCode?.enabled && fields.verificationCode.required);
    // A required SMS code needs a number to send it to.
    enforce('mobileNum', p.mobileNum, verify || Boolean(fields.mobileNum?.enabled && fields.mobileNum.required));
    enforce('verificationCode', p.verificationCode, verify);
    checkPassword(p, true);
    return { mode, username: p.username!, password: p.password!, mobileNum: present(p.mobileNum) ? p.mobileNum : null, verify };
  }
  enforce('mobileNum', p.mobileNum, true);
  enforce('verificationCode', p.verificationCode, settings.mobileVerification);
  checkPassword(p, settings.mobilePassword);
  return {
    mode,
    username: `m${p.mobileNum}`,
    password: settings.mobilePassword ? p.password! : null,
    mobileNum: p.mobileNum!,
    verify: settings.mobileVerification,
  };
}

function checkPassword(p: RegisterPayload, required: boolean): void {
  if (!required) return;
  enforce('password', p.password, true);
  if (!present(p.confirmPassword)) throw invalidField('/confirmPassword', FIELD_MESSAGES.confirmMissing);
  if (p.confirmPassword !== p.password) throw invalidField('/confirmPassword', FIELD_MESSAGES.confirmMismatch);
}

function checkConfiguredFields(tenant: Tenant, p: RegisterPayload): void {
  const fields = tenant.settings.registration.fields;
  for (const name of CONFIGURED_FIELDS) {
    const cfg = fields[name];
    if (cfg?.enabled) enforce(name, p[name], cfg.required);
  }
}

const BIRTH_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The birth date (settings.protection.birthDateRequired): required then, checked whenever given.
 * A date under the tenant's age limit is refused by the server, whatever the form's checkbox said.
 */
function checkBirthDate(tenant: Tenant, p: RegisterPayload, today: string = zoneDay(tenantTimeZone(tenant)).date): string | null {
  const required = tenant.settings.protection?.birthDateRequired === true;
  if (!present(p.birthDate)) {
    if (required) throw invalidField('/birthDate', 'in_birthday_incorrect');
    return null;
  }
  const date = p.birthDate.trim();
  const age = BIRTH_DATE.test(date) ? ageOn(date, today) : null;
  if (age === null || date > today || age > 130) throw invalidField('/birthDate', 'in_birthday_incorrect');
  const ageLimit = tenant.settings.ageLimit;
  if (age < ageLimit) throw new ApiError('age.under', 400, { field: '/birthDate', ageLimit, params: { age: ageLimit } });
  return date;
}

/** Upline from an invitation code or a recommender's account; invalid ones are errors, not ignored. */
async function findUpline(platform: Platform, actor: Actor, p: RegisterPayload): Promise<number | null> {
  const merchantCode = actor.tenant.merchantCode;
  const fields = actor.tenant.settings.registration.fields;
  if (fields.affiliateCode?.enabled && present(p.affiliateCode)) {
    // The payload's `domain` is not believed: a domain-bound code counts only on its own host.
    const found = await platform.repos.affiliates.resolve(merchantCode, p.affiliateCode, hostName(actor.host));
    if (!found) throw new ApiError('affiliate.invalid', 400, { field: '/affiliateCode' });
    return found.memberId;
  }
  if (fields.recommenderId?.enabled && present(p.recommenderId)) {
    const recommender = await platform.repos.members.byUsername(merchantCode, p.recommenderId);
    if (!recommender || recommender.status !== 'ACTIVE') throw new ApiError('recommender.invalid', 400, { field: '/recommenderId' });
    return recommender.id;
  }
  return null;
}

/** A taken name: the mobile tab's name is the number's, so it says the number is taken. */
const nameTaken = (plan: Plan): ApiError =>
  plan.mode === 'mobile' ? new ApiError('mobile.exists', 409) : new ApiError('username.exists', 409, { field: '/username' });

async function checkFree(platform: Platform, merchantCode: string, plan: Plan): Promise<void> {
  // The same name, or one that looks like it (demopIayer beside demoplayer): taken.
  if (await platform.repos.members.byLookalike(merchantCode, plan.username)) throw nameTaken(plan);
  if (plan.mobileNum && (await platform.repos.members.byMobile(merchantCode, plan.mobileNum))) throw new ApiError('mobile.exists', 409);
}

function newMember(tenant: Tenant, actor: Actor, p: RegisterPayload, plan: Plan, dialingCode: string): NewMember {
  const fields = tenant.settings.registration.fields;
  const enabled = (name: keyof RegisterPayload) => Boolean(fields[name]?.enabled) && present(p[name] as string | undefined);
  const profile: Record<string, string> = {};
  for (const name of PROFILE_FIELDS) if (enabled(name)) profile[name] = p[name]!;
  return {
    merchantCode: tenant.merchantCode,
    username: plan.username,
    type: MEMBER_TYPE.PLAYER,
    mobileNum: plan.mobileNum,
    countryDialingCode: dialingCode,
    email: enabled('email') ? p.email! : null,
    nickname: enabled('nickname') ? p.nickname! : null,
    payeeName: enabled('payeeName') ? p.payeeName! : null,
    profile,
    registerMethod: p.registerMethod ?? 'H5',
    registerUrl: present(p.registerUrl) ? p.registerUrl : hostName(actor.host),
  };
}

/**
 * Registers a member and logs it in. Everything that can be refused is checked before the
 * single write transaction (the SMS code is used up inside it).
 */
export async function register(platform: Platform, actor: Actor, p: RegisterPayload): Promise<SessionValue> {
  const tenant = actor.tenant;
  const merchantCode = tenant.merchantCode;
  const thePlan = plan(tenant, p);
  // Only a dialing code the tenant lists; the SMS code must have been sent under it.
  const dialingCode = requestedDialingCode(tenant, p.countryDialingCode);
  checkConfiguredFields(tenant, p);
  const birthDate = checkBirthDate(tenant, p);
  if (registerSettings(tenant).captcha.enabled) await requireCaptcha(platform, p);
  const uplineId = await findUpline(platform, actor, p);
  // The SMS code before whether the number (or name) is taken: a wrong code gets one refusal
  // whether the mobile number belongs to a member or not, so guessing codes tells nothing.
  let smsCodeId: number | null = null;
  if (thePlan.verify) {
    smsCodeId = await platform.repos.smsCodes.check(merchantCode, internationalNumber(dialingCode, thePlan.mobileNum!), ['VERIFY'], p.verificationCode!);
    if (smsCodeId === null) throw new ApiError('sms.code.invalid', 400, { field: '/verificationCode' });
  }
  await checkFree(platform, merchantCode, thePlan);
  const { passwordHashing } = platform.config;
  const passwordHash = thePlan.password ? await hashPassword(thePlan.password, passwordHashing) : null;
  const payFields = tenant.settings.registration.fields.paymentPassword;
  const paymentPasswordHash = payFields?.enabled && present(p.paymentPassword) ? await hashPassword(p.paymentPassword, passwordHashing) : null;
  try {
    return await platform.db.orm.transaction(async (tx) => {
      if (smsCodeId !== null && !(await platform.repos.smsCodes.consume(tx, smsCodeId))) throw new ApiError('sms.code.invalid', 400);
      const member = await platform.repos.members.create(tx, {
        ...newMember(tenant, actor, p, thePlan, dialingCode),
        // A number proved by the SMS code is the member's verified person (./person.ts).
        ...(smsCodeId !== null ? { mobileVerifiedAt: new Date(), personKey: mobilePersonKey(internationalNumber(dialingCode, thePlan.mobileNum!)) } : {}),
        passwordHash,
        paymentPasswordHash,
        uplineId,
        // The tenant version that served the registration (a rollout's report counts it).
        tenantVersion: platform.tenants.versionNumberOf(tenant),
      });
      await platform.repos.ledger.openWallet(tx, merchantCode, member.id, tenant.settings.currency.code);
      if (birthDate) await tx.insert(memberProtection).values({ memberId: member.id, birthDate });
      return openSession(platform, tx, member, actor.ip);
    });
  } catch (err) {
    // Two registrations racing for one name: the unique index decides, the loser gets the same error.
    const index = uniqueViolation(err);
    if (index === 'members_username_uq' || index === 'members_username_skeleton_uq') throw nameTaken(thePlan);
    if (index === 'members_mobile_uq') throw new ApiError('mobile.exists', 409);
    throw err;
  }
}

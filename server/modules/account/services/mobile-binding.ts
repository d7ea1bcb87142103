/**
 * Verifying a mobile number by SMS after registration (schemas/api/mobile-binding.json): the way
 * an account an agent opened becomes a verified person (./person.ts), and a member registered by
 * username proves a number. The code is the registration's kind (VERIFY) bound to the number; the
 * number stays unique per merchant (members_mobile_uq decides between racing members).
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Actor, Platform } from '../../../platform';
import type { ExpiredMinutes } from '../../../../src/generated/api/common';
import type { CodeBody, Verified, VerifyBody } from '../../../../src/generated/api/mobile-binding';
import { members } from '../../../db/schema';
import { ApiError } from '../../../errors';
import { internationalNumber, requestedDialingCode } from '../../../lib/dialing-codes';
import { enforce } from '../../../lib/validation-rules';
import type { MemberRow } from '../../../repositories/members';
import { SMS_CODE_TTL_MINUTES } from '../../../repositories/sms-codes';
import { mobilePersonKey } from './person';
import { sendCode, throttle } from './sms';
import { uniqueViolation } from '../../../db/unique';

function assertUnverified(member: Pick<MemberRow, 'mobileVerifiedAt'>): void {
  if (member.mobileVerifiedAt !== null) throw new ApiError('mobile.verified', 409);
}

/** 409 mobile.exists when another member of the merchant has the number. */
async function assertFree(platform: Platform, member: Pick<MemberRow, 'id' | 'merchantCode'>, mobileNum: string): Promise<void> {
  const other = await platform.repos.members.byMobile(member.merchantCode, mobileNum);
  if (other && other.id !== member.id) throw new ApiError('mobile.exists', 409, { field: '/mobileNum' });
}

/** POST code: a VERIFY code to the number the member wants to verify. */
export async function sendMobileCode(platform: Platform, actor: Actor, body: CodeBody): Promise<ExpiredMinutes> {
  const tenant = actor.tenant;
  const member = actor.auth!.member;
  if (tenant.modules.VERIFICATION3 === false) throw new ApiError('module.disabled', 403);
  enforce('mobileNum', body.mobileNum, true, '/mobileNum');
  assertUnverified(member);
  await assertFree(platform, member, body.mobileNum);
  const phone = internationalNumber(requestedDialingCode(tenant, body.countryDialingCode), body.mobileNum);
  await throttle(platform, tenant.merchantCode, phone);
  await sendCode(platform, actor, phone, 'VERIFY');
  return { expiredMinutes: SMS_CODE_TTL_MINUTES };
}

/** POST verify: the code proves the number; it becomes the member's verified number and person. */
export async function verifyMobile(platform: Platform, actor: Actor, body: VerifyBody): Promise<Verified> {
  const tenant = actor.tenant;
  const member = actor.auth!.member;
  enforce('mobileNum', body.mobileNum, true, '/mobileNum');
  enforce('verificationCode', body.verificationCode, true, '/verificationCode');
  assertUnverified(member);
  await assertFree(platform, member, body.mobileNum);
  const dialingCode = requestedDialingCode(tenant, body.countryDialingCode);
  const phone = internationalNumber(dialingCode, body.mobileNum);
  const codeId = await platform.repos.smsCodes.check(tenant.merchantCode, phone, ['VERIFY'], body.verificationCode);
  if (codeId === null) throw new ApiError('sms.code.invalid', 400, { field: '/verificationCode' });
  try {
    await platform.db.orm.transaction(async (tx) => {
      if (!(await platform.repos.smsCodes.consume(tx, codeId))) throw new ApiError('sms.code.invalid', 400, { field: '/verificationCode' });
      // Conditional on still unverified: two verifications racing for one account make one.
      const done = await tx
        .update(members)
        .set({
          mobileNum: body.mobileNum,
          countryDialingCode: dialingCode,
          mobileVerifiedAt: new Date(),
          // An approved identity stays the person; else the number is.
          personKey: member.personKey?.startsWith('id:') ? member.personKey : mobilePersonKey(phone),
        })
        .where(and(eq(members.id, member.id), isNull(members.mobileVerifiedAt)))
        .returning({ id: members.id });
      if (done.length === 0) throw new ApiError('mobile.verified', 409);
    });
  } catch (err) {
    if (uniqueViolation(err) === 'members_mobile_uq') throw new ApiError('mobile.exists', 409, { field: '/mobileNum' });
    throw err;
  }
  return { mobileNum: `****${body.mobileNum.slice(-4)}`, verified: true };
}

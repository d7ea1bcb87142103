/**
 * The verified person behind an account (0034_person_caps.sql). Caps and one-per-person rewards
 * (red rain's catches per window, the daily sign-in, mission, turnover-promotion and VIP upgrade
 * rewards, the referral reward per friend) count per person, so an agent who opens many accounts,
 * or a member who keeps several, gets what one person gets.
 *
 * A member's person is its `person_key`: 'id:<hash>' once an identity check is approved (the ID
 * number, so accounts of one verified identity are one person), else 'm:<E.164>' once the mobile
 * number is proved by SMS (unique per merchant: members_mobile_uq). A self-registered member with
 * neither is a person of its own (its account id). An account an agent opened has no proof of a
 * person until its holder verifies a mobile number by SMS: until then it is refused
 * (403 person.unverified) wherever a promotion, reward, red rain, sign-in or mission pays.
 */
import { createHash } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { members } from '../../../db/schema';
import { ApiError } from '../../../errors';
import type { MemberRow } from '../../../repositories/members';

/** How an account an agent opened is registered (agent-accounts.ts). */
const AGENT_OPENED = 'AGENT';

export type PersonFields = Pick<MemberRow, 'id' | 'merchantCode' | 'registerMethod' | 'mobileVerifiedAt' | 'personKey'>;

/** The person key of a verified mobile number (international form, e.g. +639171234567). */
export function mobilePersonKey(internationalNumber: string): string {
  return `m:${internationalNumber}`;
}

/** The person key of an approved identity: its ID number, normalized, hashed per merchant. */
export function identityPersonKey(merchantCode: string, idNumber: string): string {
  const normal = idNumber.replace(/[\s-]+/g, '').toUpperCase();
  return `id:${createHash('sha256').update(`${merchantCode}\n${normal}`).digest('hex')}`;
}

/** False only for an account an agent opened whose holder has not verified a mobile number. */
export function isVerifiedPerson(member: Pick<PersonFields, 'registerMethod' | 'mobileVerifiedAt'>): boolean {
  return member.registerMethod !== AGENT_OPENED || member.mobileVerifiedAt !== null;
}

/** Refuses an unverified account (403 person.unverified) where promotions and rewards pay. */
export function assertVerifiedPerson(member: Pick<PersonFields, 'registerMethod' | 'mobileVerifiedAt'>): void {
  if (!isVerifiedPerson(member)) throw new ApiError('person.unverified', 403);
}

/** The key caps count under: the person key, else the account itself. */
export function capKeyOf(member: Pick<PersonFields, 'id' | 'personKey'>): string {
  return member.personKey ?? `member:${member.id}`;
}

/** The ids of every account of the member's person (the member alone without a person key), as a subquery. */
export function personIdsSql(member: Pick<PersonFields, 'id' | 'merchantCode' | 'personKey'>): SQL {
  if (member.personKey === null) return sql`(SELECT ${member.id}::bigint)`;
  return sql`(SELECT id FROM members WHERE merchant_code = ${member.merchantCode} AND person_key = ${member.personKey})`;
}

/**
 * Serialises the caps of one person in the caller's transaction. Taken before any row lock of the
 * cap's own (a window, a member row), so that every path locks in the same order.
 */
export async function lockPerson(tx: Executor, member: Pick<PersonFields, 'id' | 'merchantCode' | 'personKey'>): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`person:${member.merchantCode}:${capKeyOf(member)}`}))`);
}

/** The member's person fields as stored now. */
export async function personOf(db: Executor, memberId: number): Promise<PersonFields | null> {
  const [row] = await db
    .select({ id: members.id, merchantCode: members.merchantCode, registerMethod: members.registerMethod, mobileVerifiedAt: members.mobileVerifiedAt, personKey: members.personKey })
    .from(members)
    .where(eq(members.id, memberId));
  return row ?? null;
}

/**
 * Every member's own referral (invitation) code: made the first time the member asks for it and
 * kept in affiliate_codes with the agents' codes, so registration resolves it the same way and
 * the friend who registers with it becomes the member's downline.
 */
import { randomInt } from 'node:crypto';
import { and, asc, count, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Referral } from '../../src/generated/api/member';
import { affiliateCodes, members } from '../db/schema';
import { maskName } from '../lib/games-catalogue';
import type { MemberRow } from '../repositories/members';
import { assertRealMember } from './identity';
import { uniqueViolation } from './unique';

/** No 0/O or 1/I: a code read aloud or typed from a screenshot is not mistaken. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

export function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** The member's first enabled code valid on every domain, made when there is none. */
export async function referralCode(app: FastifyInstance, member: Pick<MemberRow, 'id' | 'merchantCode' | 'type'>): Promise<string> {
  assertRealMember(member);
  const own = () =>
    app.db.orm
      .select({ code: affiliateCodes.code })
      .from(affiliateCodes)
      .where(and(eq(affiliateCodes.memberId, member.id), eq(affiliateCodes.enabled, true), isNull(affiliateCodes.domain)))
      .orderBy(asc(affiliateCodes.createdAt), asc(affiliateCodes.code))
      .limit(1);
  const [found] = await own();
  if (found) return found.code;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await app.db.orm.transaction(async (tx) => {
        // Two first requests of one member at once make one code: the second waits and finds it.
        await tx.select({ id: members.id }).from(members).where(eq(members.id, member.id)).for('update');
        const [made] = await tx
          .select({ code: affiliateCodes.code })
          .from(affiliateCodes)
          .where(and(eq(affiliateCodes.memberId, member.id), eq(affiliateCodes.enabled, true), isNull(affiliateCodes.domain)))
          .limit(1);
        if (made) return made.code;
        const code = newReferralCode();
        await tx.insert(affiliateCodes).values({ merchantCode: member.merchantCode, code, memberId: member.id });
        return code;
      });
    } catch (err) {
      // Another member's code already: draw again.
      if (uniqueViolation(err) === null) throw err;
    }
  }
  throw new Error('no free referral code after 5 draws');
}

/** The member's code and the friends who registered under the member. */
export async function referral(app: FastifyInstance, member: Pick<MemberRow, 'id' | 'merchantCode' | 'type'>): Promise<Referral> {
  const code = await referralCode(app, member);
  const [{ n }] = await app.db.orm.select({ n: count() }).from(members).where(eq(members.uplineId, member.id));
  const rows = await app.db.orm
    .select({ username: members.username, regDate: members.regDate })
    .from(members)
    .where(eq(members.uplineId, member.id))
    .orderBy(desc(members.regDate), desc(members.id))
    .limit(50);
  return { code, invitedTotal: Number(n), invited: rows.map((r) => ({ username: maskName(r.username), regDate: r.regDate.toISOString() })) };
}

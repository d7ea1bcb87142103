/**
 * Every member's own referral (invitation) code: made the first time the member asks for it and
 * kept in affiliate_codes with the agents' codes, so registration resolves it the same way and
 * the friend who registers with it becomes the member's downline.
 *
 * The invited friends are that downline, keyset-paged newest registration first. With the
 * REFERRAL promotion on, a friend's first credited deposit grants the member a reward (source
 * referral, source_ref the friend's id) in the deposit's transaction: the reward centre's unique
 * cause (member, source, source_ref) makes repeated or racing credits grant it once.
 */
import { randomInt } from 'node:crypto';
import { and, asc, count, desc, eq, gt, isNull, lte, ne, or, sql, sum } from 'drizzle-orm';
import type { Platform } from '../../../platform';
import type { FriendPage, FriendsQuery, Referral } from '../../../../src/generated/api/referral';
import type { Tenant } from '../../../../src/generated/tenant';
import type { Executor } from '../../../db/client';
import { affiliateCodes, deposits, members, promotions, rewards } from '../../../db/schema';
import { afterTimeCursor, epochMicros, timeCursor } from '../../../lib/cursor';
import { maskName } from '../../../lib/games-catalogue';
import { toAmount } from '../../../../src/domain/money';
import { MEMBER_TYPE, type MemberRow } from '../../../repositories/members';
import { assertRealMember } from '../../account';
import { capKeyOf, isVerifiedPerson, personIdsSql, personOf } from '../../account';
import { expiryDaysOf, grantReward, type RewardRow } from './rewards';
import { uniqueViolation } from '../../../db/unique';
import { lockMember } from '../../../money';

/** No 0/O or 1/I: a code read aloud or typed from a screenshot is not mistaken. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** The member's first enabled code valid on every domain, made when there is none. */
async function referralCode(platform: Platform, member: Pick<MemberRow, 'id' | 'merchantCode' | 'type'>): Promise<string> {
  assertRealMember(member);
  const own = () =>
    platform.db.orm
      .select({ code: affiliateCodes.code })
      .from(affiliateCodes)
      .where(and(eq(affiliateCodes.memberId, member.id), eq(affiliateCodes.enabled, true), isNull(affiliateCodes.domain)))
      .orderBy(asc(affiliateCodes.createdAt), asc(affiliateCodes.code))
      .limit(1);
  const [found] = await own();
  if (found) return found.code;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await platform.db.orm.transaction(async (tx) => {
        // Two first requests of one member at once make one code: the second waits and finds it.
        await lockMember(tx, member.id);
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
export async function referral(platform: Platform, member: Pick<MemberRow, 'id' | 'merchantCode' | 'type'>): Promise<Referral> {
  const code = await referralCode(platform, member);
  const [{ n }] = await platform.db.orm.select({ n: count() }).from(members).where(eq(members.uplineId, member.id));
  const rows = await platform.db.orm
    .select({ username: members.username, regDate: members.regDate })
    .from(members)
    .where(eq(members.uplineId, member.id))
    .orderBy(desc(members.regDate), desc(members.id))
    .limit(50);
  return { code, invitedTotal: Number(n), invited: rows.map((r) => ({ username: maskName(r.username), regDate: r.regDate.toISOString() })) };
}

const FRIENDS_PAGE_SIZE = 20;

/** The member has at least one credited deposit. */
const hasPaidDeposit = sql<boolean>`exists (select 1 from ${deposits} where ${deposits.memberId} = ${members.id} and ${deposits.state} = 'paid')`;

/** GET friends: the member's own downline, newest registration first, a keyset page at a time, with the totals. */
export async function referralFriends(platform: Platform, tenant: Tenant, member: Pick<MemberRow, 'id' | 'merchantCode' | 'type'>, query: FriendsQuery): Promise<FriendPage> {
  assertRealMember(member);
  const db = platform.db.orm;
  const pageSize = query.pageSize ?? FRIENDS_PAGE_SIZE;
  const mine = and(eq(members.uplineId, member.id), eq(members.merchantCode, member.merchantCode));
  const found = await db
    .select({
      id: members.id,
      micros: epochMicros(sql`${members.regDate}`),
      username: members.username,
      regDate: members.regDate,
      deposited: hasPaidDeposit,
      reward: rewards.amount,
    })
    .from(members)
    .leftJoin(rewards, and(eq(rewards.memberId, member.id), eq(rewards.source, 'referral'), sql`${rewards.sourceRef} = ${members.id}::text`))
    .where(and(mine, afterTimeCursor(sql`${members.regDate}`, sql`${members.id}`, query.cursor)))
    .orderBy(desc(members.regDate), desc(members.id))
    .limit(pageSize + 1);
  const page = found.slice(0, pageSize);
  const last = page.at(-1);
  const [totals] = await db
    .select({ invited: count(), deposited: sql<number>`count(*) filter (where ${hasPaidDeposit})` })
    .from(members)
    .where(mine);
  const [earned] = await db
    .select({ amount: sum(rewards.amount) })
    .from(rewards)
    .where(and(eq(rewards.memberId, member.id), eq(rewards.source, 'referral')));
  const wallet = await platform.repos.ledger.walletOf(member.id);
  return {
    list: page.map((r) => ({ account: maskName(r.username), regDate: r.regDate.toISOString(), deposited: Boolean(r.deposited), reward: toAmount(Number(r.reward ?? 0)) })),
    ...(found.length > pageSize && last ? { nextCursor: timeCursor(last.micros, last.id) } : {}),
    invitedTotal: Number(totals?.invited ?? 0),
    depositedTotal: Number(totals?.deposited ?? 0),
    rewardsEarned: toAmount(Number(earned?.amount ?? 0)),
    currency: wallet?.currency ?? tenant.settings.currency.code,
  };
}

/** The merchant's live REFERRAL promotion with a reward (the first by its order), or undefined. */
async function referralPromotion(tx: Executor, merchantCode: string) {
  const now = sql`now()`;
  const [row] = await tx
    .select({ id: promotions.id, rewardAmount: promotions.rewardAmount, turnoverMultiplier: promotions.turnoverMultiplier })
    .from(promotions)
    .where(
      and(
        eq(promotions.merchantCode, merchantCode),
        eq(promotions.type, 'REFERRAL'),
        eq(promotions.enabled, true),
        gt(promotions.rewardAmount, 0),
        or(isNull(promotions.startsAt), lte(promotions.startsAt, now)),
        or(isNull(promotions.endsAt), gt(promotions.endsAt, now)),
      ),
    )
    .orderBy(asc(promotions.sort), asc(promotions.id))
    .limit(1);
  return row;
}

/**
 * In the transaction that credits deposit `deposit` (paid already): when it is the member's first
 * credited deposit and the member was invited by a real member of the same merchant, grants the
 * inviter the REFERRAL promotion's reward (tenant with REFERRAL on, a live promotion with a
 * reward). Answers the new reward, or null (nothing to grant, or granted before for this friend).
 */
export async function grantReferralReward(
  tx: Executor,
  tenant: Tenant | undefined,
  deposit: { id: number; memberId: number; merchantCode: string },
): Promise<RewardRow | null> {
  if (!tenant || !tenant.settings.promotions.includes('REFERRAL')) return null;
  const friend = await personOf(tx, deposit.memberId);
  const [link] = await tx.select({ uplineId: members.uplineId }).from(members).where(eq(members.id, deposit.memberId));
  if (!friend || !link?.uplineId) return null;
  // One reward per referred person: an unverified account an agent opened is nobody yet, and a
  // friend whose person was referred before (another of its accounts) brings nothing again.
  if (!isVerifiedPerson(friend)) return null;
  const [referredBefore] = await tx
    .select({ id: rewards.id })
    .from(rewards)
    .where(and(eq(rewards.merchantCode, deposit.merchantCode), eq(rewards.source, 'referral'), sql`${rewards.sourceRef} IN (SELECT id::text FROM ${personIdsSql(friend)} AS p(id))`))
    .limit(1);
  if (referredBefore) return null;
  const [earlier] = await tx
    .select({ id: deposits.id })
    .from(deposits)
    .where(and(eq(deposits.memberId, deposit.memberId), eq(deposits.state, 'paid'), ne(deposits.id, deposit.id)))
    .limit(1);
  if (earlier) return null;
  const [inviter] = await tx
    .select({ id: members.id, merchantCode: members.merchantCode, type: members.type, registerMethod: members.registerMethod, mobileVerifiedAt: members.mobileVerifiedAt })
    .from(members)
    .where(eq(members.id, link.uplineId));
  if (!inviter || inviter.merchantCode !== deposit.merchantCode || inviter.type === MEMBER_TYPE.TRIAL || !isVerifiedPerson(inviter)) return null;
  const promotion = await referralPromotion(tx, deposit.merchantCode);
  if (!promotion) return null;
  return grantReward(tx, {
    merchantCode: deposit.merchantCode,
    memberId: inviter.id,
    source: 'referral',
    sourceRef: String(deposit.memberId),
    amount: promotion.rewardAmount,
    turnoverMultiplier: Number(promotion.turnoverMultiplier),
    promotionId: promotion.id,
    expiryDays: expiryDaysOf(tenant),
    referredPerson: capKeyOf(friend),
  });
}

/**
 * The reward centre. A reward is money granted to a member (a deposit's bonus with flag REWCEN3,
 * a daily sign-in, a turnover reward, a completed mission, a VIP upgrade, an operator's grant)
 * that waits until the member claims it or it expires (settings.rewards.expiryDays).
 *
 * Granting is idempotent per member, source and cause (source_ref: the deposit id, the day, the
 * level reached): a second grant for one cause inserts nothing. A claim is one conditional UPDATE
 * (unclaimed and not expired -> claimed) followed in the same transaction by the BONUS posting
 * (house -> wallet), the turnover requirement (amount x the reward's multiplier) and the
 * posting's id on the reward. Racing claims of one reward queue on its row: only the first finds
 * it unclaimed, the others answer reward.claimed. The Idempotency-Key makes a retry answer the
 * first result.
 *
 * Rewards of one cause are one per person, not per account (./person.ts): a daily sign-in, a
 * turnover promotion, a mission task and a VIP level's bonus go to one account of a verified person
 * only (the reward row names the person; a unique index backs the check), and never to an account
 * an agent opened before its holder verified a mobile number. Claiming needs a verified person too.
 *
 * Amounts are minor units here; the API edge converts (toAmount).
 */
import { and, count, desc, eq, gt, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Actor, MoneyPlatform, Platform } from '../../../platform';
import type { Claim, ListQuery, Reward, RewardList } from '../../../../src/generated/api/rewards';
import type { Tenant } from '../../../../src/generated/tenant';
import type { Executor, Tx } from '../../../db/client';
import { promotions, rewards, type RewardSource } from '../../../db/schema';
import { ApiError } from '../../../errors';
import type { Once } from '../../../lib/idempotency';
import { timesMultiplier, toAmount } from '../../../../src/domain/money';
import { writeAudit } from '../../../ops/audit';
import { assertMerchant, OpsRefusal, type OpsActor } from '../../../ops/types';
import { assertRealMember } from '../../account';
import { addRequirement } from '../../../money';
import { assertNotExcluded } from '../../protection';
import { assertVerifiedPerson, capKeyOf, isVerifiedPerson, personIdsSql, personOf } from '../../account';

/** Sources granted once per person and cause (the rest: once per member and cause). */
const PER_PERSON_SOURCES: readonly RewardSource[] = ['sign_in', 'turnover', 'mission', 'vip_upgrade'];

export type RewardRow = typeof rewards.$inferSelect;

/** Days a reward waits to be claimed when the tenant does not say. */
const DEFAULT_EXPIRY_DAYS = 7;
/** Rewards one list answers. */
const LIST_LIMIT = 100;

export function expiryDaysOf(tenant: Tenant): number {
  return tenant.settings.rewards?.expiryDays ?? DEFAULT_EXPIRY_DAYS;
}

/** amount x multiplier in minor units (timesMultiplier of src/domain/money: its one rounding rule). */
export const rewardTurnover = (amount: number, multiplier: number): number => timesMultiplier(amount, multiplier);

export interface RewardGrant {
  merchantCode: string;
  memberId: number;
  source: RewardSource;
  /** The cause, unique per member and source. */
  sourceRef: string;
  /** Minor units, above zero. */
  amount: number;
  turnoverMultiplier: number;
  /** Minor units; default amount x turnoverMultiplier. */
  turnoverRequired?: number;
  promotionId?: number | null;
  /** Default now + expiryDays of the tenant. */
  expiresAt?: Date;
  expiryDays: number;
  /** A referral reward: the referred friend's person (one reward per friend). */
  referredPerson?: string;
}

/** Grants a reward in the caller's transaction; answers the new row, or null when this cause was granted before. */
export async function grantReward(tx: Executor, grant: RewardGrant): Promise<RewardRow | null> {
  if (!Number.isSafeInteger(grant.amount) || grant.amount <= 0) throw new RangeError(`reward amount must be whole minor units > 0: ${grant.amount}`);
  let personKey: string | null = grant.referredPerson ?? null;
  if (PER_PERSON_SOURCES.includes(grant.source)) {
    const person = await personOf(tx, grant.memberId);
    if (!person || !isVerifiedPerson(person)) return null;
    personKey = capKeyOf(person);
    // Another account of the person got this cause's reward (before the key was stored, too).
    const [other] = await tx
      .select({ id: rewards.id })
      .from(rewards)
      .where(and(eq(rewards.source, grant.source), eq(rewards.sourceRef, grant.sourceRef), sql`${rewards.memberId} IN ${personIdsSql(person)}`))
      .limit(1);
    if (other) return null;
  }
  const expiresAt = grant.expiresAt ?? new Date(Date.now() + grant.expiryDays * 86_400_000);
  const [row] = await tx
    .insert(rewards)
    .values({
      merchantCode: grant.merchantCode,
      memberId: grant.memberId,
      source: grant.source,
      sourceRef: grant.sourceRef,
      promotionId: grant.promotionId ?? null,
      amount: grant.amount,
      turnoverMultiplier: grant.turnoverMultiplier.toFixed(2),
      turnoverRequired: grant.turnoverRequired ?? rewardTurnover(grant.amount, grant.turnoverMultiplier),
      expiresAt,
      personKey,
    })
    // Either unique index: this member's cause, or the person's (rewards_person_uq, rewards_referral_person_uq).
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

const claimable = (memberId: number): SQL => and(eq(rewards.memberId, memberId), isNull(rewards.claimedAt), gt(rewards.expiresAt, sql`now()`))!;

/** How many rewards the member can claim now: the badge. */
async function unclaimedCount(db: Executor, memberId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(rewards).where(claimable(memberId));
  return Number(row?.n ?? 0);
}

function assertEnabled(tenant: Tenant): void {
  if (!tenant.flags.REWCEN3) throw new ApiError('reward.disabled', 403);
}

type StateName = Reward['state'];

function stateOf(row: RewardRow, now: Date): StateName {
  if (row.claimedAt) return 'claimed';
  return row.expiresAt > now ? 'claimable' : 'expired';
}

function present(row: RewardRow, now: Date, promotionTitle?: string | null): Reward {
  return {
    id: row.id,
    source: row.source,
    ...(promotionTitle ? { promotionTitle } : {}),
    amount: toAmount(row.amount),
    turnoverMultiplier: Number(row.turnoverMultiplier),
    turnoverRequired: toAmount(row.turnoverRequired),
    state: stateOf(row, now),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    ...(row.claimedAt ? { claimedAt: row.claimedAt.toISOString() } : {}),
  };
}

const STATE_FILTERS: Record<NonNullable<ListQuery['state']>, (memberId: number) => SQL> = {
  claimable,
  claimed: (memberId) => and(eq(rewards.memberId, memberId), isNotNull(rewards.claimedAt))!,
  expired: (memberId) => and(eq(rewards.memberId, memberId), isNull(rewards.claimedAt), lte(rewards.expiresAt, sql`now()`))!,
  all: (memberId) => eq(rewards.memberId, memberId),
};

/** GET list: the member's rewards in one state, newest first, with the claimable count. */
export async function listRewards(platform: Platform, tenant: Tenant, memberId: number, query: ListQuery): Promise<RewardList> {
  assertEnabled(tenant);
  const db = platform.db.orm;
  const found = await db
    .select({ reward: rewards, title: promotions.title })
    .from(rewards)
    .leftJoin(promotions, eq(promotions.id, rewards.promotionId))
    .where(STATE_FILTERS[query.state ?? 'claimable'](memberId))
    .orderBy(desc(rewards.id))
    .limit(LIST_LIMIT);
  const now = new Date();
  const wallet = await platform.repos.ledger.walletOf(memberId);
  return {
    list: found.map((r) => present(r.reward, now, r.title)),
    claimable: await unclaimedCount(db, memberId),
    currency: wallet?.currency ?? tenant.settings.currency.code,
  };
}

/** GET count: the badge number. */
export async function countRewards(platform: Platform, tenant: Tenant, memberId: number): Promise<{ unclaimed: number }> {
  assertEnabled(tenant);
  return { unclaimed: await unclaimedCount(platform.db.orm, memberId) };
}

interface PaidReward {
  row: RewardRow;
  balance: number;
  currency: string;
}

/**
 * Pays reward `id` of the member in `tx`: the conditional UPDATE, then BONUS, the turnover
 * requirement and the posting's id. Throws reward.not.found / reward.claimed / reward.expired.
 * A member's claim (claimReward) runs it once the claim's rules hold.
 */
export async function payReward(platform: MoneyPlatform, tx: Tx, tenant: Tenant, memberId: number, id: number): Promise<PaidReward> {
  const [taken] = await tx
    .update(rewards)
    .set({ claimedAt: sql`now()` })
    .where(and(eq(rewards.id, id), eq(rewards.merchantCode, tenant.merchantCode), claimable(memberId)))
    .returning();
  if (!taken) {
    const [row] = await tx
      .select({ claimedAt: rewards.claimedAt })
      .from(rewards)
      .where(and(eq(rewards.id, id), eq(rewards.memberId, memberId), eq(rewards.merchantCode, tenant.merchantCode)));
    if (!row) throw new ApiError('reward.not.found', 404);
    throw new ApiError(row.claimedAt ? 'reward.claimed' : 'reward.expired', 409);
  }
  const { ledger } = platform.repos;
  const currency = tenant.settings.currency.code;
  const wallet = (await ledger.walletOf(memberId, tx))?.id ?? (await ledger.openWallet(tx, tenant.merchantCode, memberId, currency));
  const moves = await ledger.memberMoves(tx, { merchantCode: tenant.merchantCode, memberId, currency, walletId: wallet });
  const transactionId = await moves.bonus(taken.amount, { memo: `reward ${taken.id} (${taken.source})` });
  await addRequirement(tx, { merchantCode: tenant.merchantCode, memberId, source: 'bonus', sourceId: `reward:${taken.id}`, required: taken.turnoverRequired });
  const [row] = await tx.update(rewards).set({ transactionId }).where(eq(rewards.id, taken.id)).returning();
  const after = (await ledger.walletOf(memberId, tx))!;
  return { row, balance: after.balance, currency: after.currency };
}

/**
 * POST claim: pays one reward in `once`, the runner of the request's Idempotency-Key (its hash
 * has the path's reward id: a key reused for another reward is a 422).
 */
export async function claimReward(platform: Platform, actor: Actor, id: number, once: Once): Promise<Claim> {
  const tenant = actor.tenant;
  const member = actor.auth!.member;
  assertEnabled(tenant);
  assertRealMember(member);
  assertVerifiedPerson(member);
  await assertNotExcluded(platform.db.orm, tenant, member.id);
  return once(async (tx) => {
    const paid = await payReward(platform, tx, tenant, member.id, id);
    const [promo] = paid.row.promotionId ? await tx.select({ title: promotions.title }).from(promotions).where(eq(promotions.id, paid.row.promotionId)) : [];
    return { reward: present(paid.row, new Date(), promo?.title), balance: toAmount(paid.balance), currency: paid.currency };
  });
}

// ---- Operators (ops verb `rewards grant`) ----

export interface OperatorGrant {
  merchant: string;
  username: string;
  /** Minor units. */
  amount: number;
  turnoverMultiplier: number;
  /** Default the tenant's expiryDays. */
  days?: number;
  reason: string;
}

export interface OperatorGrantResult {
  rewardId: number;
  merchant: string;
  username: string;
  amount: number;
  turnoverRequired: number;
  expiresAt: string;
}

/** Grants a reward of an operator's choosing to one member, with its audit row. */
export async function grantOperatorReward(platform: Platform, actor: OpsActor, input: OperatorGrant): Promise<OperatorGrantResult> {
  assertMerchant(actor, input.merchant);
  const tenant = platform.tenants.byMerchant(input.merchant);
  if (!tenant) throw new OpsRefusal('not.found', `no merchant ${input.merchant}`);
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new OpsRefusal('validation.failed', 'amount: above zero with at most 2 decimals');
  if (!(input.turnoverMultiplier >= 0 && input.turnoverMultiplier <= 50)) throw new OpsRefusal('validation.failed', 'turnover multiplier: 0 to 50');
  const days = input.days ?? expiryDaysOf(tenant);
  if (!Number.isInteger(days) || days < 1 || days > 365) throw new OpsRefusal('validation.failed', 'days: 1 to 365');
  const member = await platform.repos.members.byUsername(input.merchant, input.username);
  if (!member) throw new OpsRefusal('not.found', `no member ${input.username} in merchant ${input.merchant}`);
  return platform.db.orm.transaction(async (tx) => {
    const row = await grantReward(tx, {
      merchantCode: input.merchant,
      memberId: member.id,
      source: 'operator',
      sourceRef: `${actor.actor}:${Date.now()}:${Math.random().toString(36).slice(2, 10)}`,
      amount: input.amount,
      turnoverMultiplier: input.turnoverMultiplier,
      expiryDays: days,
    });
    if (!row) throw new OpsRefusal('server.error', 'reward not granted');
    await writeAudit(tx, actor, {
      action: 'reward.grant',
      merchantCode: input.merchant,
      targetType: 'member',
      targetId: member.id,
      reason: input.reason,
      after: { rewardId: row.id, amount: row.amount, turnoverRequired: row.turnoverRequired, expiresAt: row.expiresAt.toISOString() },
    });
    return {
      rewardId: row.id,
      merchant: input.merchant,
      username: input.username,
      amount: row.amount,
      turnoverRequired: row.turnoverRequired,
      expiresAt: row.expiresAt.toISOString(),
    };
  });
}

/** Whether the member's deposit bonuses wait in the reward centre (flag REWCEN3) rather than being credited with the deposit. */
export const bonusAsReward = (tenant: Tenant | undefined): boolean => tenant?.flags.REWCEN3 === true;

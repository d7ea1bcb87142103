/**
 * VIP levels (the tenant's settings.vip.levels, migration 0018). A member reaches a level once both
 * the cumulative valid turnover and the cumulative credited deposits reach its thresholds. Both
 * totals come from the records' per-day aggregates, never from the bets or the ledger entries
 * themselves: bet_days.valid_turnover (stakes of bets whose win differs from their stake, the
 * rebates' rule) and ledger_days credits of kind DEPOSIT on the member's wallet (what credited
 * deposits paid in, fee taken). Both only grow, so a level once reached stays reached.
 *
 * The level reached is stored on the member (members.vip_level) and never lowered, even when the
 * tenant raises its thresholds later. Raising it is one transaction: the member row is locked
 * (FOR NO KEY UPDATE), the stored level read again, and each level passed grants its upgrade
 * bonus through the reward centre (source vip_upgrade, source_ref the level). Racing raises queue
 * on the row lock and only the first finds the level below; the rewards_grant unique index makes
 * a second grant of one level a no-op even so.
 *
 * When: in the transaction of a credited deposit (services/deposits.ts creditDeposit), and
 * lazily whenever the member's VIP status or info is read. Bets do not raise it themselves: a bet
 * is the hot path (one wallet lock, two postings, one bet row), so the turnover it adds counts
 * from the next read of the member centre or the benefits page, which every player sees before
 * the reward centre where the bonus waits.
 *
 * Amounts are minor units here; the API edge converts (toAmount).
 */
import { eq, sql } from 'drizzle-orm';
import type { Platform } from '../../../platform';
import type { MemberInfo } from '../../../../src/generated/api/member';
import type { VipStatus } from '../../../../src/generated/api/vip';
import type { Tenant, VipLevel } from '../../../../src/generated/tenant';
import { rows, type Executor, type Tx } from '../../../db/client';
import { members } from '../../../db/schema';
import { ApiError } from '../../../errors';
import { toAmount } from '../../../../src/domain/money';
import { walletDepositsSql } from '../../../money';
import { MEMBER_TYPE, type MemberRow } from '../../../repositories/members';
import { assertRealMember } from '../../account';
import { isVerifiedPerson } from '../../account';
import { expiryDaysOf, grantReward } from './rewards';

/** A member's cumulative totals, minor units. */
export interface VipTotals {
  turnover: number;
  deposit: number;
}

function vipLevelsOf(tenant: Tenant): readonly VipLevel[] {
  return tenant.settings.vip.levels;
}

/**
 * The highest level the totals reach: the last of the leading levels whose thresholds are both
 * met (the validator keeps thresholds ascending, so the levels reached are a prefix).
 */
export function levelFor(levels: readonly VipLevel[], totals: VipTotals): number {
  let reached = 0;
  for (const [i, level] of levels.entries()) {
    if (totals.turnover < level.minTurnover || totals.deposit < level.minDeposit) break;
    reached = i;
  }
  return reached;
}

/** The i18n key of level `level`'s name (the last level's for a level the tenant no longer has). */
function levelName(levels: readonly VipLevel[], level: number): string {
  return levels[Math.min(level, levels.length - 1)].name;
}

const asNumber = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

/** The member's totals from the per-day aggregates: a row per day and game, a row per day of deposits. */
async function vipTotals(db: Executor, memberId: number): Promise<VipTotals> {
  const [row] = await rows<{ turnover: string | number | null; deposit: string | number | null }>(
    db,
    sql`SELECT
          (SELECT sum(valid_turnover) FROM bet_days WHERE member_id = ${memberId}) AS turnover,
          ${walletDepositsSql(memberId)} AS deposit`,
  );
  return { turnover: asNumber(row?.turnover), deposit: asNumber(row?.deposit) };
}

/**
 * Raises the member's stored level to what the totals reach now, in the caller's transaction:
 * locks the member row, grants each level passed its upgrade bonus (once), and answers the level
 * the member has after it (never lower than before).
 */
export async function raiseVipLevel(tx: Tx, tenant: Tenant, memberId: number): Promise<number> {
  const levels = vipLevelsOf(tenant);
  const [locked] = await tx
    .select({ vipLevel: members.vipLevel, registerMethod: members.registerMethod, mobileVerifiedAt: members.mobileVerifiedAt })
    .from(members)
    .where(eq(members.id, memberId))
    .for('no key update');
  if (!locked) return 0;
  // An account an agent opened rises (and gets its bonuses) once its holder is verified.
  if (!isVerifiedPerson(locked)) return locked.vipLevel;
  const reached = levelFor(levels, await vipTotals(tx, memberId));
  if (reached <= locked.vipLevel) return locked.vipLevel;
  await tx.update(members).set({ vipLevel: reached }).where(eq(members.id, memberId));
  for (const level of levels.slice(locked.vipLevel + 1, reached + 1)) {
    if (level.upgradeBonus <= 0) continue;
    await grantReward(tx, {
      merchantCode: tenant.merchantCode,
      memberId,
      source: 'vip_upgrade',
      sourceRef: String(level.level),
      amount: level.upgradeBonus,
      turnoverMultiplier: level.turnoverMultiplier,
      expiryDays: expiryDaysOf(tenant),
    });
  }
  return reached;
}

/**
 * The member's level, raised first when the totals now reach a higher one. The common case (no
 * new level) reads the totals and takes no lock. Free-trial accounts stay at level 0.
 */
async function currentVipLevel(platform: Platform, tenant: Tenant, member: Pick<MemberRow, 'id' | 'type' | 'vipLevel'>): Promise<{ level: number; totals: VipTotals }> {
  if (member.type === MEMBER_TYPE.TRIAL) return { level: 0, totals: { turnover: 0, deposit: 0 } };
  const totals = await vipTotals(platform.db.orm, member.id);
  const reached = levelFor(vipLevelsOf(tenant), totals);
  if (reached <= member.vipLevel) return { level: member.vipLevel, totals };
  const level = await platform.db.orm.transaction((tx) => raiseVipLevel(tx, tenant, member.id));
  return { level, totals };
}

/** What /wps/member/info says of the level. */
export async function memberVip(platform: Platform, tenant: Tenant, member: MemberRow): Promise<Pick<MemberInfo, 'vipLevel' | 'vipName'>> {
  const { level } = await currentVipLevel(platform, tenant, member);
  return { vipLevel: level, vipName: levelName(vipLevelsOf(tenant), level) };
}

const progress = (reached: number, required: number) => ({ reached: toAmount(Math.min(reached, required)), required: toAmount(required) });

/** GET /wps/member/vip: the level, the totals, the next level's thresholds and the levels table. */
export async function vipStatus(platform: Platform, tenant: Tenant, member: MemberRow): Promise<VipStatus> {
  if (!tenant.settings.vipBenefit) throw new ApiError('vip.disabled', 403);
  assertRealMember(member);
  const levels = vipLevelsOf(tenant);
  const { level, totals } = await currentVipLevel(platform, tenant, member);
  const next = levels[level + 1];
  const wallet = await platform.repos.ledger.walletOf(member.id);
  return {
    level,
    name: levelName(levels, level),
    turnover: toAmount(totals.turnover),
    deposit: toAmount(totals.deposit),
    next: next
      ? { level: next.level, name: next.name, turnover: progress(totals.turnover, next.minTurnover), deposit: progress(totals.deposit, next.minDeposit) }
      : null,
    levels: levels.map((l) => ({
      level: l.level,
      name: l.name,
      minTurnover: toAmount(l.minTurnover),
      minDeposit: toAmount(l.minDeposit),
      upgradeBonus: toAmount(l.upgradeBonus),
      turnoverMultiplier: l.turnoverMultiplier,
      benefits: {
        dailyWithdrawalLimit: toAmount(l.benefits.dailyWithdrawalLimit),
        rebateBonusPercent: l.benefits.rebateBonusPercent,
        birthdayBonus: toAmount(l.benefits.birthdayBonus),
      },
    })),
    currency: wallet?.currency ?? tenant.settings.currency.code,
  };
}

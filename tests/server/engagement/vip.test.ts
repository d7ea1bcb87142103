/**
 * VIP levels: the level follows the cumulative valid turnover (bet_days) and credited deposits
 * (ledger_days), is raised on a credited deposit and on reading the member's VIP status or info,
 * never drops, and grants each level's upgrade bonus once as a reward, even to 50 racing reads.
 * The seeded demo player is above level 0 on both demo tenants. The ledger is checked after the
 * tests that move money. The rules on the platform (no HTTP); the gates (the vipBenefit setting,
 * free-trial members, a visitor, another tenant's Host) over HTTP in vip-http.test.ts.
 */
import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { rows } from '../../../server/db/client';
import { members, rewards } from '../../../server/db/schema';
import { createDeposit } from '../../../server/modules/wallet/services/deposits';
import { verbs as depositVerbs } from '../../../server/modules/wallet/ops/deposits';
import type { OpsActor } from '../../../server/ops/types';
import { listRewards } from '../../../server/modules/engagement/services/rewards';
import { levelFor, memberVip, vipStatus } from '../../../server/modules/engagement/services/vip';
import { expectLedgerClean, fundedPlayer } from '../helpers';
import { actorFor, actorOf, answer, describePlatforms, type TestPlatform } from '../platform-helpers';

const CLI: OpsActor = { operatorId: null, actor: 'cli:test', merchantCodes: null };

interface Progress {
  reached: number;
  required: number;
}
interface VipStatus {
  level: number;
  name: string;
  turnover: number;
  deposit: number;
  next: { level: number; name: string; turnover: Progress; deposit: Progress } | null;
  levels: { level: number; name: string; minTurnover: number; minDeposit: number; upgradeBonus: number; turnoverMultiplier: number; benefits: Record<string, number> }[];
  currency: string;
}

/** The VIP status as GET /wps/member/vip answers it: the member read again, as each request reads it. */
async function vipOf(platform: TestPlatform, token: string, tenantId = 'demo-ph'): Promise<VipStatus> {
  const actor = await actorOf(platform, tenantId, token);
  const res = await answer(vipStatus(platform, actor.tenant, actor.auth!.member));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value!;
}

/** The level part of GET /wps/member/info. */
async function infoOf(platform: TestPlatform, token: string, tenantId = 'demo-ph'): Promise<{ vipLevel: number; vipName: string }> {
  const actor = await actorOf(platform, tenantId, token);
  const res = await answer(memberVip(platform, actor.tenant, actor.auth!.member));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value!;
}

/** One settled vendor bet of `stake` winning `win` (minor units), with its BET and PAYOUT postings. */
async function settledBet(platform: TestPlatform, memberId: number, stake: number, win: number, merchantCode = 'demoph01'): Promise<void> {
  await platform.db.orm.transaction(async (tx) => {
    const { ledger, bets } = platform.repos;
    const wallet = (await ledger.walletOf(memberId, tx))!;
    const house = await ledger.houseAccount(tx, merchantCode, wallet.currency, memberId);
    const betTxn = await ledger.post(tx, { merchantCode, kind: 'BET', lines: [{ accountId: wallet.id, amount: -stake }, { accountId: house, amount: stake }] });
    if (win > 0) await ledger.post(tx, { merchantCode, kind: 'PAYOUT', lines: [{ accountId: wallet.id, amount: win }, { accountId: house, amount: -win }] });
    const [game] = await rows<{ node_id: number; vassalage: string; game_type: string }>(
      tx,
      sql`SELECT node_id, vassalage, game_type FROM games WHERE merchant_code = ${merchantCode} AND game_type = 'LIVE' ORDER BY node_id LIMIT 1`,
    );
    await bets.record(tx, {
      memberId,
      merchantCode,
      nodeId: Number(game.node_id),
      vassalage: game.vassalage,
      gameType: game.game_type,
      currency: wallet.currency,
      stake,
      win,
      outcome: { kind: 'vendor' },
      ledgerTransactionId: betTxn,
    });
  });
}

async function vipRewards(platform: TestPlatform, memberId: number) {
  return platform.db.orm
    .select({ sourceRef: rewards.sourceRef, amount: rewards.amount, turnoverRequired: rewards.turnoverRequired })
    .from(rewards)
    .where(and(eq(rewards.memberId, memberId), eq(rewards.source, 'vip_upgrade')))
    .orderBy(rewards.sourceRef);
}

async function storedLevel(platform: TestPlatform, memberId: number): Promise<number> {
  const [row] = await platform.db.orm.select({ vipLevel: members.vipLevel }).from(members).where(eq(members.id, memberId));
  return row.vipLevel;
}

describePlatforms('VIP levels', ({ platform: opened }) => {
  it('has members.vip_level of migration 0018, 0 for a new member', async () => {
    const platform = opened();
    const { memberId } = await fundedPlayer(platform, 0);
    expect(await storedLevel(platform, memberId)).toBe(0);
  });

  it('reaches a level only when both thresholds are met, levels in order', () => {
    const platform = opened();
    const levels = platform.tenants.all.get('demo-ph')!.settings.vip.levels;
    expect(levels.map((l) => l.level)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(levelFor(levels, { turnover: 0, deposit: 0 })).toBe(0);
    expect(levelFor(levels, { turnover: 10_000, deposit: 99_999 })).toBe(0);
    expect(levelFor(levels, { turnover: 9_999, deposit: 100_000 })).toBe(0);
    expect(levelFor(levels, { turnover: 10_000, deposit: 100_000 })).toBe(1);
    // Turnover far above level 3 does not skip the deposits level 2 asks for.
    expect(levelFor(levels, { turnover: 40_000_000, deposit: 999_999 })).toBe(1);
    expect(levelFor(levels, { turnover: 40_000_000, deposit: 5_000_000 })).toBe(3);
    expect(levelFor(levels, { turnover: 1e12, deposit: 1e12 })).toBe(5);
  });

  it('computes the level from valid turnover and deposits, shows the progress, and grants the upgrade bonus once', async () => {
    const platform = opened();
    const { token, memberId } = await fundedPlayer(platform, 100_000);
    const before = await vipOf(platform, token);
    expect(before).toMatchObject({
      level: 0,
      name: 'vip_level_regular',
      turnover: 0,
      deposit: 1000,
      currency: 'PHP',
      next: { level: 1, name: 'vip_level_bronze', turnover: { reached: 0, required: 100 }, deposit: { reached: 1000, required: 1000 } },
    });
    expect(before.levels).toHaveLength(6);
    expect(before.levels[1]).toEqual({
      level: 1,
      name: 'vip_level_bronze',
      minTurnover: 100,
      minDeposit: 1000,
      upgradeBonus: 18,
      turnoverMultiplier: 1,
      benefits: { dailyWithdrawalLimit: 100_000, rebateBonusPercent: 0.1, birthdayBonus: 58 },
    });

    // A push (win = stake) risks nothing: it is no valid turnover.
    await settledBet(platform, memberId, 20_000, 20_000);
    expect((await vipOf(platform, token)).level).toBe(0);
    await settledBet(platform, memberId, 6_000, 0);
    await settledBet(platform, memberId, 4_000, 9_000);
    const after = await vipOf(platform, token);
    expect(after).toMatchObject({ level: 1, name: 'vip_level_bronze', turnover: 100, deposit: 1000, next: { level: 2, turnover: { reached: 100, required: 50_000 }, deposit: { reached: 1000, required: 10_000 } } });
    expect(await infoOf(platform, token)).toMatchObject({ vipLevel: 1, vipName: 'vip_level_bronze' });
    expect(await storedLevel(platform, memberId)).toBe(1);
    expect(await vipRewards(platform, memberId)).toEqual([{ sourceRef: '1', amount: 1_800, turnoverRequired: 1_800 }]);
    // Reading again grants nothing more.
    await vipOf(platform, token);
    await infoOf(platform, token);
    expect(await vipRewards(platform, memberId)).toHaveLength(1);
    const list = await answer(listRewards(platform, platform.tenants.all.get('demo-ph')!, memberId, {}));
    expect(list.body.value!.list).toEqual([expect.objectContaining({ source: 'vip_upgrade', amount: 18 })]);
    await expectLedgerClean(platform);
  });

  it('never lowers a level reached, and a level the tenant no longer has shows the top name', async () => {
    const platform = opened();
    const { token, memberId } = await fundedPlayer(platform, 0);
    await platform.db.orm.update(members).set({ vipLevel: 3 }).where(eq(members.id, memberId));
    const status = await vipOf(platform, token);
    expect(status).toMatchObject({ level: 3, name: 'vip_level_gold', next: { level: 4 } });
    expect(status.levels.find((l) => l.level === status.level)).toBeTruthy();
    expect(await infoOf(platform, token)).toMatchObject({ vipLevel: 3 });
    expect(await storedLevel(platform, memberId)).toBe(3);
    expect(await vipRewards(platform, memberId)).toEqual([]);
    await platform.db.orm.update(members).set({ vipLevel: 9 }).where(eq(members.id, memberId));
    expect(await vipOf(platform, token)).toMatchObject({ level: 9, name: 'vip_level_diamond', next: null });
  });

  it('grants each level passed once when 50 reads race: two levels at once, one reward each', async () => {
    const platform = opened();
    const { token, memberId } = await fundedPlayer(platform, 1_000_000);
    // 50,000.00 of valid turnover: five bets of 10,000.00 that each win twice the stake back.
    for (let i = 0; i < 5; i += 1) await settledBet(platform, memberId, 1_000_000, 2_000_000);
    const answers = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const actor = await actorOf(platform, 'demo-ph', token);
        return i % 2 === 0 ? answer<VipStatus | { vipLevel: number }>(vipStatus(platform, actor.tenant, actor.auth!.member)) : answer<VipStatus | { vipLevel: number }>(memberVip(platform, actor.tenant, actor.auth!.member));
      }),
    );
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    const levels = answers.map((a) => ('level' in a.body.value! ? a.body.value.level : (a.body.value as { vipLevel: number }).vipLevel));
    expect(new Set(levels)).toEqual(new Set([2]));
    expect(await storedLevel(platform, memberId)).toBe(2);
    expect(await vipRewards(platform, memberId)).toEqual([
      { sourceRef: '1', amount: 1_800, turnoverRequired: 1_800 },
      { sourceRef: '2', amount: 8_800, turnoverRequired: 8_800 },
    ]);
    await expectLedgerClean(platform);
  });

  it('raises the level in the transaction that credits a deposit', async () => {
    const platform = opened();
    const { token, memberId } = await fundedPlayer(platform, 0);
    // Balance to bet with that is no deposit: an operator's adjustment.
    await platform.db.orm.transaction(async (tx) => {
      const wallet = (await platform.repos.ledger.walletOf(memberId, tx))!;
      const house = await platform.repos.ledger.houseAccount(tx, 'demoph01', 'PHP', memberId);
      await platform.repos.ledger.post(tx, { merchantCode: 'demoph01', kind: 'ADJUSTMENT', lines: [{ accountId: wallet.id, amount: 20_000 }, { accountId: house, amount: -20_000 }] });
    });
    await settledBet(platform, memberId, 15_000, 0);
    expect((await vipOf(platform, token)).level).toBe(0);
    const tenant = platform.tenants.all.get('demo-ph')!;
    const d = await platform.db.orm.transaction((tx) => createDeposit(tx, { tenant, memberId, merchantCode: 'demoph01', channelId: 'bank', amount: 1000 }));
    const verb = depositVerbs.find((v) => v.words.join(' ') === 'deposits approve')!;
    const code = await verb.run({ app: platform, actor: CLI, out: () => {}, json: false }, { positionals: [String(d.id)], options: {} });
    expect(code).toBe(0);
    // Nobody has read the level since: the credit raised it.
    expect(await storedLevel(platform, memberId)).toBe(1);
    expect(await vipRewards(platform, memberId)).toEqual([{ sourceRef: '1', amount: 1_800, turnoverRequired: 1_800 }]);
    await expectLedgerClean(platform);
  });

  it('seeds the demo player above level 0 on both demo tenants, from its seeded bet and deposits', async () => {
    const platform = opened();
    const ph = (await actorFor(platform, 'demo-ph', 'demoplayer')).token;
    const status = await vipOf(platform, ph);
    expect(status).toMatchObject({ level: 1, name: 'vip_level_bronze', turnover: 200, deposit: 1500 });
    const en = (await actorFor(platform, 'demo-en', 'demoplayer')).token;
    expect(await infoOf(platform, en, 'demo-en')).toEqual(expect.objectContaining({ vipLevel: 1, vipName: 'vip_level_silver' }));
    const [seeded] = await rows<{ n: string | number }>(
      platform.db.orm,
      sql`SELECT count(*) AS n FROM rewards r JOIN members m ON m.id = r.member_id WHERE m.username = 'demoplayer' AND r.source = 'vip_upgrade'`,
    );
    expect(Number(seeded.n)).toBe(2);
    await expectLedgerClean(platform);
  });
});

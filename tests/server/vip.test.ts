/**
 * VIP levels: the level follows the cumulative valid turnover (bet_days) and credited deposits
 * (ledger_days), is raised on a credited deposit and on reading the member's VIP status or info,
 * never drops, and grants each level's upgrade bonus once as a reward, even to 50 racing reads.
 * Gates: the vipBenefit setting, free-trial members, another tenant's Host. The seeded demo player
 * is above level 0 on both demo tenants. The ledger is checked after the tests that move money.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { rows } from '../../server/db/client';
import { members, rewards } from '../../server/db/schema';
import { verbs as depositVerbs } from '../../server/modules/wallet/ops/deposits';
import type { OpsActor } from '../../server/ops/types';
import { levelFor } from '../../server/modules/engagement/services/vip';
import { call, describeBackends, EN, expectLedgerClean, fundedPlayer, PH, tokenFor } from './helpers';
import { newDeposit } from './wallet-deposit-helpers';

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

async function vipOf(app: FastifyInstance, token: string, host = PH): Promise<VipStatus> {
  const res = await call<VipStatus>(app, 'GET', '/wps/member/vip', { token, host });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value!;
}

async function infoOf(app: FastifyInstance, token: string, host = PH): Promise<{ vipLevel: number; vipName: string }> {
  const res = await call<{ vipLevel: number; vipName: string }>(app, 'GET', '/wps/member/info', { token, host });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value!;
}

/** One settled vendor bet of `stake` winning `win` (minor units), with its BET and PAYOUT postings. */
async function settledBet(app: FastifyInstance, memberId: number, stake: number, win: number, merchantCode = 'demoph01'): Promise<void> {
  await app.db.orm.transaction(async (tx) => {
    const { ledger, bets } = app.repos;
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

async function vipRewards(app: FastifyInstance, memberId: number) {
  return app.db.orm
    .select({ sourceRef: rewards.sourceRef, amount: rewards.amount, turnoverRequired: rewards.turnoverRequired })
    .from(rewards)
    .where(and(eq(rewards.memberId, memberId), eq(rewards.source, 'vip_upgrade')))
    .orderBy(rewards.sourceRef);
}

async function storedLevel(app: FastifyInstance, memberId: number): Promise<number> {
  const [row] = await app.db.orm.select({ vipLevel: members.vipLevel }).from(members).where(eq(members.id, memberId));
  return row.vipLevel;
}

describeBackends('VIP levels', ({ server }) => {
  it('has members.vip_level of migration 0018, 0 for a new member', async () => {
    const { app } = server();
    const { memberId } = await fundedPlayer(app, 0);
    expect(await storedLevel(app, memberId)).toBe(0);
  });

  it('reaches a level only when both thresholds are met, levels in order', () => {
    const { app } = server();
    const levels = app.tenants.all.get('demo-ph')!.settings.vip.levels;
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
    const { app } = server();
    const { token, memberId } = await fundedPlayer(app, 100_000);
    const before = await vipOf(app, token);
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
    await settledBet(app, memberId, 20_000, 20_000);
    expect((await vipOf(app, token)).level).toBe(0);
    await settledBet(app, memberId, 6_000, 0);
    await settledBet(app, memberId, 4_000, 9_000);
    const after = await vipOf(app, token);
    expect(after).toMatchObject({ level: 1, name: 'vip_level_bronze', turnover: 100, deposit: 1000, next: { level: 2, turnover: { reached: 100, required: 50_000 }, deposit: { reached: 1000, required: 10_000 } } });
    expect(await infoOf(app, token)).toMatchObject({ vipLevel: 1, vipName: 'vip_level_bronze' });
    expect(await storedLevel(app, memberId)).toBe(1);
    expect(await vipRewards(app, memberId)).toEqual([{ sourceRef: '1', amount: 1_800, turnoverRequired: 1_800 }]);
    // Reading again grants nothing more.
    await vipOf(app, token);
    await infoOf(app, token);
    expect(await vipRewards(app, memberId)).toHaveLength(1);
    const list = await call<{ list: { source: string; amount: number }[] }>(app, 'GET', '/wps/rewards', { token });
    expect(list.body.value!.list).toEqual([expect.objectContaining({ source: 'vip_upgrade', amount: 18 })]);
    await expectLedgerClean(app);
  });

  it('never lowers a level reached, and a level the tenant no longer has shows the top name', async () => {
    const { app } = server();
    const { token, memberId } = await fundedPlayer(app, 0);
    await app.db.orm.update(members).set({ vipLevel: 3 }).where(eq(members.id, memberId));
    const status = await vipOf(app, token);
    expect(status).toMatchObject({ level: 3, name: 'vip_level_gold', next: { level: 4 } });
    expect(status.levels.find((l) => l.level === status.level)).toBeTruthy();
    expect(await infoOf(app, token)).toMatchObject({ vipLevel: 3 });
    expect(await storedLevel(app, memberId)).toBe(3);
    expect(await vipRewards(app, memberId)).toEqual([]);
    await app.db.orm.update(members).set({ vipLevel: 9 }).where(eq(members.id, memberId));
    expect(await vipOf(app, token)).toMatchObject({ level: 9, name: 'vip_level_diamond', next: null });
  });

  it('grants each level passed once when 50 reads race: two levels at once, one reward each', async () => {
    const { app } = server();
    const { token, memberId } = await fundedPlayer(app, 1_000_000);
    // 50,000.00 of valid turnover: five bets of 10,000.00 that each win twice the stake back.
    for (let i = 0; i < 5; i += 1) await settledBet(app, memberId, 1_000_000, 2_000_000);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? call<VipStatus>(app, 'GET', '/wps/member/vip', { token }) : call<{ vipLevel: number }>(app, 'GET', '/wps/member/info', { token }))),
    );
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    const levels = answers.map((a) => ('level' in a.body.value! ? a.body.value.level : (a.body.value as { vipLevel: number }).vipLevel));
    expect(new Set(levels)).toEqual(new Set([2]));
    expect(await storedLevel(app, memberId)).toBe(2);
    expect(await vipRewards(app, memberId)).toEqual([
      { sourceRef: '1', amount: 1_800, turnoverRequired: 1_800 },
      { sourceRef: '2', amount: 8_800, turnoverRequired: 8_800 },
    ]);
    await expectLedgerClean(app);
  });

  it('raises the level in the transaction that credits a deposit', async () => {
    const { app } = server();
    const { token, memberId } = await fundedPlayer(app, 0);
    // Balance to bet with that is no deposit: an operator's adjustment.
    await app.db.orm.transaction(async (tx) => {
      const wallet = (await app.repos.ledger.walletOf(memberId, tx))!;
      const house = await app.repos.ledger.houseAccount(tx, 'demoph01', 'PHP', memberId);
      await app.repos.ledger.post(tx, { merchantCode: 'demoph01', kind: 'ADJUSTMENT', lines: [{ accountId: wallet.id, amount: 20_000 }, { accountId: house, amount: -20_000 }] });
    });
    await settledBet(app, memberId, 15_000, 0);
    expect((await vipOf(app, token)).level).toBe(0);
    const d = await newDeposit(app, token, 'bank', 1000);
    const verb = depositVerbs.find((v) => v.words.join(' ') === 'deposits approve')!;
    const code = await verb.run({ app, actor: CLI, out: () => {}, json: false }, { positionals: [String(d.id)], options: {} });
    expect(code).toBe(0);
    // Nobody has read the level since: the credit raised it.
    expect(await storedLevel(app, memberId)).toBe(1);
    expect(await vipRewards(app, memberId)).toEqual([{ sourceRef: '1', amount: 1_800, turnoverRequired: 1_800 }]);
    await expectLedgerClean(app);
  });

  it('answers only with the vipBenefit setting, never to trial members, a visitor or another tenant’s Host', async () => {
    const { app } = server();
    expect((await call(app, 'GET', '/wps/member/vip')).status).toBe(401);
    const trial = await fundedPlayer(app, 0, 4);
    const t = await call(app, 'GET', '/wps/member/vip', { token: trial.token });
    expect(t.status).toBe(403);
    expect(t.body.errorCode).toBe('trial.forbidden');
    expect(await infoOf(app, trial.token)).toMatchObject({ vipLevel: 0 });

    const ph = await fundedPlayer(app, 100_000);
    const foreign = await call(app, 'GET', '/wps/member/vip', { token: ph.token, host: EN });
    expect(foreign.status).toBe(401);
    expect((await call(app, 'GET', '/wps/member/info', { token: ph.token, host: EN })).status).toBe(401);

    const en = app.tenants.all.get('demo-en')!;
    expect(en.settings.vipBenefit).toBe(false);
    const enToken = await tokenFor(app, 'demoplayer', undefined, { host: EN });
    const off = await call(app, 'GET', '/wps/member/vip', { token: enToken, host: EN });
    expect(off.status).toBe(403);
    expect(off.body).toMatchObject({ errorCode: 'vip.disabled', message: 'err_vip_disabled' });
  });

  it('seeds the demo player above level 0 on both demo tenants, from its seeded bet and deposits', async () => {
    const { app } = server();
    const ph = await tokenFor(app, 'demoplayer');
    const status = await vipOf(app, ph);
    expect(status).toMatchObject({ level: 1, name: 'vip_level_bronze', turnover: 200, deposit: 1500 });
    const en = await tokenFor(app, 'demoplayer', undefined, { host: EN });
    expect(await infoOf(app, en, EN)).toEqual(expect.objectContaining({ vipLevel: 1, vipName: 'vip_level_silver' }));
    const [seeded] = await rows<{ n: string | number }>(
      app.db.orm,
      sql`SELECT count(*) AS n FROM rewards r JOIN members m ON m.id = r.member_id WHERE m.username = 'demoplayer' AND r.source = 'vip_upgrade'`,
    );
    expect(Number(seeded.n)).toBe(2);
    await expectLedgerClean(app);
  });
});

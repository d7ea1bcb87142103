/**
 * The reward centre: a deposit's bonus waits as a reward (flag REWCEN3), the badge counts only
 * unclaimed rewards not expired, a claim pays once (a repeated Idempotency-Key, 200 racing claims
 * with different keys, 50 with one key) with its turnover requirement, an expired reward cannot be
 * claimed, the operator's grant verb, and the gates (another member, another tenant's Host, the
 * flag off, trial members, bad input). The ledger is checked after every test that moves money.
 */
import { and, eq, sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { rows } from '../../../server/db/client';
import { auditLog, ledgerTransactions, rewards, turnoverRequirements } from '../../../server/db/schema';
import { verbs as depositVerbs } from '../../../server/modules/wallet/ops/deposits';
import { verbs as rewardVerbs } from '../../../server/modules/engagement/ops/rewards';
import type { OpsActor, OpsArgs } from '../../../server/ops/types';
import { grantReward, rewardTurnover } from '../../../server/modules/engagement/services/rewards';
import { call, describeBackends, EN, expectLedgerClean, fundedPlayer, PH, spinKey } from '../helpers';
import { balanceOf, newDeposit } from '../wallet-deposit-helpers';

const CLI: OpsActor = { operatorId: null, actor: 'cli:test', merchantCodes: null };

interface Reward {
  id: number;
  source: string;
  amount: number;
  turnoverMultiplier: number;
  turnoverRequired: number;
  state: 'claimable' | 'claimed' | 'expired';
  expiresAt: string;
  claimedAt?: string;
}
interface RewardList {
  list: Reward[];
  claimable: number;
  currency: string;
}
interface Claim {
  reward: Reward;
  balance: number;
  currency: string;
}

async function runVerb(app: FastifyInstance, verbs: typeof rewardVerbs, words: string, args: OpsArgs, actor: OpsActor = CLI) {
  const verb = verbs.find((v) => v.words.join(' ') === words)!;
  const out: string[] = [];
  const code = await verb.run({ app, actor, out: (line) => out.push(line), json: false }, args).catch((err: Error) => {
    out.push(err.message);
    return -1;
  });
  return { code, out };
}

async function countOf(app: FastifyInstance, token: string): Promise<number> {
  const res = await call<{ unclaimed: number }>(app, 'GET', '/wps/rewards/count', { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value!.unclaimed;
}

async function listOf(app: FastifyInstance, token: string, state?: string): Promise<RewardList> {
  const res = await call<RewardList>(app, 'GET', '/wps/rewards', { token, ...(state ? { query: { state } } : {}) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value!;
}

const claim = (app: FastifyInstance, token: string, id: number | string, headers: Record<string, string> = spinKey(), host = PH) =>
  call<Claim>(app, 'POST', `/wps/rewards/${id}/claim`, { token, headers, host });

/** A reward granted directly (as the grants of promotions do), `expiresAt` optional. */
async function granted(app: FastifyInstance, memberId: number, amount: number, o: { multiplier?: number; expiresAt?: Date; ref?: string } = {}) {
  const row = await app.db.orm.transaction((tx) =>
    grantReward(tx, {
      merchantCode: 'demoph01',
      memberId,
      source: 'operator',
      sourceRef: o.ref ?? `test-${Math.random().toString(36).slice(2)}`,
      amount,
      turnoverMultiplier: o.multiplier ?? 2,
      expiryDays: 7,
      ...(o.expiresAt ? { expiresAt: o.expiresAt } : {}),
    }),
  );
  return row!;
}

async function bonusPostings(app: FastifyInstance, rewardId: number): Promise<number> {
  const found = await app.db.orm.select({ id: ledgerTransactions.id }).from(ledgerTransactions).where(and(eq(ledgerTransactions.kind, 'BONUS'), eq(ledgerTransactions.memo, `reward ${rewardId} (operator)`)));
  return found.length;
}

describeBackends('reward centre', ({ server }) => {
  it('has the table of migration 0016 as server/db/schema.ts describes it', async () => {
    const { app } = server();
    const config = getTableConfig(rewards);
    const columns = await rows<{ column_name: string }>(app.db.orm, sql`SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ${config.name}`);
    expect(new Set(columns.map((c) => c.column_name))).toEqual(new Set(config.columns.map((c) => c.name)));
  });

  it("turns a paid deposit's bonus into a reward: badge 1, claim pays it with the channel's turnover, badge 0", async () => {
    const { app } = server();
    const { token, memberId } = await fundedPlayer(app, 5_000);
    expect(await countOf(app, token)).toBe(0);
    const d = await newDeposit(app, token, 'bank', 1000);
    const approved = await runVerb(app, depositVerbs, 'deposits approve', { positionals: [String(d.id)], options: {} });
    expect(approved.code).toBe(0);
    // The deposit alone is credited; the bonus waits.
    expect(await balanceOf(app, memberId)).toBe(5_000 + 100_000);
    expect(await countOf(app, token)).toBe(1);
    const { list, claimable, currency } = await listOf(app, token);
    expect(claimable).toBe(1);
    expect(currency).toBe('PHP');
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ source: 'deposit_bonus', amount: 100, turnoverMultiplier: 3, turnoverRequired: 300, state: 'claimable' });
    const days = (Date.parse(list[0].expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const key = spinKey();
    const paid = await claim(app, token, list[0].id, key);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.value).toMatchObject({ balance: 1_150, currency: 'PHP', reward: { id: list[0].id, state: 'claimed', amount: 100 } });
    expect(await balanceOf(app, memberId)).toBe(5_000 + 100_000 + 10_000);
    expect(await countOf(app, token)).toBe(0);
    const reqs = await app.db.orm.select().from(turnoverRequirements).where(eq(turnoverRequirements.memberId, memberId));
    expect(reqs.map((r) => ({ source: r.source, sourceId: r.sourceId, required: r.required }))).toEqual([
      { source: 'deposit', sourceId: String(d.id), required: 100_000 },
      { source: 'bonus', sourceId: `reward:${list[0].id}`, required: 30_000 },
    ]);

    // The same key answers the first claim again; a new key is told it was claimed.
    const again = await claim(app, token, list[0].id, key);
    expect(again.status).toBe(200);
    expect(again.body.value).toEqual(paid.body.value);
    const fresh = await claim(app, token, list[0].id);
    expect(fresh.status).toBe(409);
    expect(fresh.body).toMatchObject({ errorCode: 'reward.claimed', message: 'err_reward_claimed' });
    expect(await balanceOf(app, memberId)).toBe(5_000 + 100_000 + 10_000);
    expect((await listOf(app, token, 'claimed')).list.map((r) => r.id)).toEqual([list[0].id]);
    await expectLedgerClean(app);
  });

  it('pays once under 200 racing claims with different keys', async () => {
    const { app } = server();
    const { token, memberId } = await fundedPlayer(app, 0);
    const reward = await granted(app, memberId, 12_345, { multiplier: 1.5 });
    const results = await Promise.all(Array.from({ length: 200 }, () => claim(app, token, reward.id)));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.body.errorCode === 'reward.claimed')).toHaveLength(199);
    expect(await balanceOf(app, memberId)).toBe(12_345);
    expect(await bonusPostings(app, reward.id)).toBe(1);
    const reqs = await app.db.orm.select().from(turnoverRequirements).where(eq(turnoverRequirements.sourceId, `reward:${reward.id}`));
    expect(reqs.map((r) => r.required)).toEqual([rewardTurnover(12_345, 1.5)]);
    await expectLedgerClean(app);
  });

  it('pays once under 50 racing claims with one key, all answered alike', async () => {
    const { app } = server();
    const { token, memberId } = await fundedPlayer(app, 0);
    const reward = await granted(app, memberId, 5_000);
    const key = spinKey();
    const results = await Promise.all(Array.from({ length: 50 }, () => claim(app, token, reward.id, key)));
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    for (const r of results) expect(r.body.value).toEqual(results[0].body.value);
    expect(await balanceOf(app, memberId)).toBe(5_000);
    expect(await bonusPostings(app, reward.id)).toBe(1);
    // The key reused for another reward is refused.
    const other = await granted(app, memberId, 700);
    const reused = await claim(app, token, other.id, key);
    expect(reused.status).toBe(422);
    expect(reused.body.errorCode).toBe('idempotency.key.reused');
    await expectLedgerClean(app);
  });

  it('refuses an expired reward and leaves it out of the badge', async () => {
    const { app } = server();
    const { token, memberId } = await fundedPlayer(app, 0);
    const expired = await granted(app, memberId, 2_000, { expiresAt: new Date(Date.now() - 1000) });
    const live = await granted(app, memberId, 3_000);
    expect(await countOf(app, token)).toBe(1);
    expect((await listOf(app, token)).list.map((r) => r.id)).toEqual([live.id]);
    expect((await listOf(app, token, 'expired')).list).toMatchObject([{ id: expired.id, state: 'expired' }]);
    expect((await listOf(app, token, 'all')).list.map((r) => r.state)).toEqual(['claimable', 'expired']);
    const res = await claim(app, token, expired.id);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ errorCode: 'reward.expired', message: 'err_reward_expired' });
    expect(await balanceOf(app, memberId)).toBe(0);
    const [row] = await app.db.orm.select().from(rewards).where(eq(rewards.id, expired.id));
    expect(row.claimedAt).toBeNull();
    expect(row.transactionId).toBeNull();
  });

  it('grants once per cause', async () => {
    const { app } = server();
    const { memberId } = await fundedPlayer(app, 0);
    const first = await granted(app, memberId, 100, { ref: 'same-cause' });
    expect(first).not.toBeNull();
    const second = await app.db.orm.transaction((tx) =>
      grantReward(tx, { merchantCode: 'demoph01', memberId, source: 'operator', sourceRef: 'same-cause', amount: 100, turnoverMultiplier: 1, expiryDays: 7 }),
    );
    expect(second).toBeNull();
  });

  it("keeps members and tenants apart and refuses bad input", async () => {
    const { app } = server();
    const a = await fundedPlayer(app, 0);
    const b = await fundedPlayer(app, 0);
    const reward = await granted(app, a.memberId, 1_000);
    // Another member's reward is not found, and stays claimable for its owner.
    const stolen = await claim(app, b.token, reward.id);
    expect(stolen.status).toBe(404);
    expect(stolen.body.errorCode).toBe('reward.not.found');
    expect(await countOf(app, b.token)).toBe(0);
    expect((await listOf(app, b.token, 'all')).list).toEqual([]);
    // The member's token on another tenant's host.
    const cross = await claim(app, a.token, reward.id, spinKey(), EN);
    expect(cross.status).toBe(401);
    expect(await countOf(app, a.token)).toBe(1);
    // Bad input: a non-numeric id, no key, a bad state.
    const badId = await claim(app, a.token, 'abc');
    expect(badId.status).toBe(400);
    expect(badId.body).toMatchObject({ errorCode: 'validation.failed', value: { field: '/id' } });
    const noKey = await claim(app, a.token, reward.id, {});
    expect(noKey.status).toBe(400);
    expect(noKey.body.errorCode).toBe('validation.failed');
    const badState = await call(app, 'GET', '/wps/rewards', { token: a.token, query: { state: 'mine' } });
    expect(badState.status).toBe(400);
    expect(badState.body).toMatchObject({ errorCode: 'validation.failed', value: { field: '/state' } });
    // Visitors.
    expect((await call(app, 'GET', '/wps/rewards/count')).status).toBe(401);
    expect(await balanceOf(app, a.memberId)).toBe(0);
  });

  it('refuses trial members, and every route when the tenant has the reward centre off', async () => {
    const { app } = server();
    const trial = await fundedPlayer(app, 0, 4);
    const res = await claim(app, trial.token, 1);
    expect(res.status).toBe(403);
    expect(res.body.errorCode).toBe('trial.forbidden');
    const en = app.tenants.all.get('demo-en')!;
    expect(en.flags.REWCEN3).toBe(false);
    const login = await app.db.orm.transaction(async (tx) => {
      const member = await app.repos.members.create(tx, { merchantCode: en.merchantCode, username: `e${Date.now() % 1e9}`, type: 0, registerMethod: 'H5', lastLoginAt: new Date() });
      return app.repos.sessions.create(tx, { memberId: member.id, merchantCode: en.merchantCode, ip: '127.0.0.1', firstLogin: false });
    });
    for (const [method, url] of [
      ['GET', '/wps/rewards'],
      ['GET', '/wps/rewards/count'],
    ] as const) {
      const r = await call(app, method, url, { token: login.token, host: EN });
      expect(r.status).toBe(403);
      expect(r.body).toMatchObject({ errorCode: 'reward.disabled', message: 'err_reward_disabled' });
    }
    const c = await claim(app, login.token, 1, spinKey(), EN);
    expect(c.status).toBe(403);
    expect(c.body.errorCode).toBe('reward.disabled');
  });

  it('lets an operator grant a reward with the verb, audited, and refuses bad usage', async () => {
    const { app } = server();
    const { token, memberId } = await fundedPlayer(app, 0);
    const [member] = await rows<{ username: string }>(app.db.orm, sql`SELECT username FROM members WHERE id = ${memberId}`);
    const done = await runVerb(app, rewardVerbs, 'rewards grant', { positionals: ['demoph01', member.username, '25.50'], options: { reason: 'loyalty gift', turnover: '2', days: '3' } });
    expect(done.code, done.out.join('\n')).toBe(0);
    const { list } = await listOf(app, token);
    expect(list).toMatchObject([{ source: 'operator', amount: 25.5, turnoverMultiplier: 2, turnoverRequired: 51, state: 'claimable' }]);
    const audit = await app.db.orm.select().from(auditLog).where(and(eq(auditLog.action, 'reward.grant'), eq(auditLog.targetId, String(memberId))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: 'cli:test', reason: 'loyalty gift', merchantCode: 'demoph01' });

    const forbidden = await runVerb(app, rewardVerbs, 'rewards grant', { positionals: ['demoph01', member.username, '5'], options: { reason: 'loyalty gift' } }, { ...CLI, merchantCodes: ['demoen01'] });
    expect(forbidden.code).not.toBe(0);
    const badOptions: Record<string, string>[] = [{ reason: 'x' }, { reason: 'loyalty gift', turnover: '99' }, { reason: 'loyalty gift', days: '0' }];
    for (const options of badOptions) {
      const bad = await runVerb(app, rewardVerbs, 'rewards grant', { positionals: ['demoph01', member.username, '5'], options });
      expect(bad.code, JSON.stringify(options)).not.toBe(0);
    }
    const zero = await runVerb(app, rewardVerbs, 'rewards grant', { positionals: ['demoph01', member.username, '0'], options: { reason: 'loyalty gift' } });
    expect(zero.code).not.toBe(0);
    expect(await countOf(app, token)).toBe(1);
  });
});

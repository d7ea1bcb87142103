/**
 * Invite friends: registering with a member's link makes the friend the member's downline (and a
 * code of another tenant is refused); the friends list shows the member's own downline only, keyset
 * paged; a friend's first credited deposit grants the inviter the REFERRAL promotion's reward once
 * (not on a second deposit, not twice under racing callbacks), in the deposit's transaction.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { rows } from '../../../server/db/client';
import { promotions } from '../../../server/db/schema';
import { grantReferralReward } from '../../../server/modules/engagement/services/referral';
import { call, callEncrypted, describeBackends, EN, expectLedgerClean, fundedPlayer, nextIp, uniqueDigits, type SessionValue } from '../helpers';
import { newDeposit, notice, paymentOf, sendNotice } from '../wallet-deposit-helpers';

interface Friend {
  account: string;
  regDate: string;
  deposited: boolean;
  reward: number;
}
interface FriendPage {
  list: Friend[];
  nextCursor?: string;
  invitedTotal: number;
  depositedTotal: number;
  rewardsEarned: number;
  currency: string;
}

/** The reward of demoph01's REFERRAL promotion in these tests: ₱50.00 with a turnover of x3. */
const REWARD = 5_000;
const FRIENDS = '/wps/member/referral/friends';

describeBackends('invite friends', ({ server }) => {
  beforeAll(async () => {
    const updated = await server()
      .app.db.orm.update(promotions)
      .set({ rewardAmount: REWARD, turnoverMultiplier: '3.00' })
      .where(and(eq(promotions.merchantCode, 'demoph01'), eq(promotions.type, 'REFERRAL')))
      .returning({ id: promotions.id });
    expect(updated.length).toBeGreaterThan(0);
  });

  async function register(host: string, fields: Record<string, unknown>) {
    const { id, code } = await server().app.repos.captchas.create();
    return callEncrypted<SessionValue>(server().app, 'PUT', '/wps/member/register', { registerMethod: 'H5', type: 0, captcha: code, captchaId: id, ...fields }, { host, ip: nextIp() });
  }

  /** A new member of `merchantCode` invited by `uplineId`, with a live session. */
  async function friendOf(app: FastifyInstance, uplineId: number | null, merchantCode = 'demoph01') {
    return app.db.orm.transaction(async (tx) => {
      const member = await app.repos.members.create(tx, { merchantCode, username: `f${uniqueDigits(9)}`, type: 0, uplineId, registerMethod: 'H5', lastLoginAt: new Date() });
      await app.repos.ledger.openWallet(tx, merchantCode, member.id, 'PHP');
      const { token } = await app.repos.sessions.create(tx, { memberId: member.id, merchantCode, ip: '127.0.0.1', firstLogin: false });
      return { token, memberId: member.id, username: member.username };
    });
  }

  const referralRewards = (app: FastifyInstance, memberId: number) =>
    rows<{ source_ref: string; amount: string | number; turnover_required: string | number; promotion_id: string | number | null }>(
      app.db.orm,
      sql`SELECT source_ref, amount, turnover_required, promotion_id FROM rewards WHERE member_id = ${memberId} AND source = 'referral' ORDER BY id`,
    );

  /** Pays a gcash deposit of `amount` through the provider's signed callback. */
  async function paidDeposit(app: FastifyInstance, token: string, amount: number) {
    const deposit = await newDeposit(app, token, 'gcash', amount);
    const answer = await sendNotice(app, await notice(app, await paymentOf(app, deposit.id)));
    expect(answer.body.value?.outcome).toBe('credited');
    return deposit;
  }

  it('a friend registering with the link becomes the member’s downline; another tenant’s code is refused', async () => {
    const app = server().app;
    const host = EN;
    const owner = `i${uniqueDigits(8)}`;
    const reg = await register(host, { username: owner, password: 'Secret123', confirmPassword: 'Secret123' });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    const token = reg.body.value!.token;
    const { code } = (await call<{ code: string }>(app, 'GET', '/wps/member/referral', { host, token })).body.value!;
    // The link's code, as the register form sends it.
    const friend = `j${uniqueDigits(8)}`;
    const joined = await register(host, { username: friend, password: 'Secret123', confirmPassword: 'Secret123', affiliateCode: code });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    const info = await call<{ toUpline: string }>(app, 'GET', '/wps/member/info', { host, token: joined.body.value!.token });
    expect(info.body.value!.toUpline).toBe(owner);
    const page = await call<FriendPage>(app, 'GET', FRIENDS, { host, token });
    expect(page.body.value).toMatchObject({ invitedTotal: 1, depositedTotal: 0, rewardsEarned: 0 });
    expect(page.body.value!.list).toEqual([{ account: `${friend.slice(0, 2)}***${friend.slice(-2)}`, regDate: expect.any(String), deposited: false, reward: 0 }]);

    // demo-en does not know a demo-ph member's code: refused, and no member is made.
    const ph = await fundedPlayer(app, 0);
    const phCode = (await call<{ code: string }>(app, 'GET', '/wps/member/referral', { token: ph.token })).body.value!.code;
    const stranger = `k${uniqueDigits(8)}`;
    const elsewhere = await register(EN, { username: stranger, password: 'Secret123', confirmPassword: 'Secret123', affiliateCode: phCode });
    expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(400);
    expect(elsewhere.body).toMatchObject({ errorCode: 'affiliate.invalid', value: { field: '/affiliateCode' } });
    expect(await rows(app.db.orm, sql`SELECT id FROM members WHERE username = ${stranger}`)).toEqual([]);
  });

  it('lists only the member’s own downline, newest first, a keyset page at a time', async () => {
    const app = server().app;
    const me = await fundedPlayer(app, 0);
    const other = await fundedPlayer(app, 0);
    const first = await friendOf(app, me.memberId);
    const second = await friendOf(app, me.memberId);
    await friendOf(app, other.memberId);
    // A member of another tenant pointing at me (never made by registration) is not mine either.
    await friendOf(app, me.memberId, 'demoen01');

    const one = await call<FriendPage>(app, 'GET', `${FRIENDS}?pageSize=1`, { token: me.token });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body.value).toMatchObject({ invitedTotal: 2, depositedTotal: 0 });
    expect(one.body.value!.list.map((f) => f.account)).toEqual([`${second.username.slice(0, 2)}***${second.username.slice(-2)}`]);
    const two = await call<FriendPage>(app, 'GET', `${FRIENDS}?pageSize=1&cursor=${one.body.value!.nextCursor}`, { token: me.token });
    expect(two.body.value!.list.map((f) => f.account)).toEqual([`${first.username.slice(0, 2)}***${first.username.slice(-2)}`]);
    expect(two.body.value!.nextCursor).toBeUndefined();

    const theirs = await call<FriendPage>(app, 'GET', FRIENDS, { token: other.token });
    expect(theirs.body.value).toMatchObject({ invitedTotal: 1 });
    expect(theirs.body.value!.list).toHaveLength(1);

    // Another tenant's host does not know my session; a cursor that is not one is a 400 naming it.
    expect((await call(app, 'GET', FRIENDS, { host: EN, token: me.token })).status).toBe(401);
    const bad = await call(app, 'GET', `${FRIENDS}?cursor=xyz`, { token: me.token });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('/cursor');
  });

  it('a friend’s first credited deposit grants the inviter the referral reward once; a second deposit grants nothing', async () => {
    const app = server().app;
    const me = await fundedPlayer(app, 0);
    const friend = await friendOf(app, me.memberId);
    await paidDeposit(app, friend.token, 100);
    await paidDeposit(app, friend.token, 200);
    const granted = await referralRewards(app, me.memberId);
    expect(granted).toHaveLength(1);
    expect(granted[0]).toMatchObject({ source_ref: String(friend.memberId) });
    expect(Number(granted[0].amount)).toBe(REWARD);
    expect(Number(granted[0].turnover_required)).toBe(REWARD * 3);
    expect(granted[0].promotion_id).not.toBeNull();
    // The friend earns nothing by depositing (no upline reward for the friend).
    expect(await referralRewards(app, friend.memberId)).toEqual([]);

    const page = await call<FriendPage>(app, 'GET', FRIENDS, { token: me.token });
    expect(page.body.value).toMatchObject({ invitedTotal: 1, depositedTotal: 1, rewardsEarned: 50 });
    expect(page.body.value!.list[0]).toMatchObject({ deposited: true, reward: 50 });
    // The reward waits in the reward centre (demo-ph has REWCEN3).
    const list = await call<{ list: { source: string; amount: number }[] }>(app, 'GET', '/wps/rewards', { token: me.token });
    expect(list.body.value!.list).toEqual([expect.objectContaining({ source: 'referral', amount: 50 })]);
    await expectLedgerClean(app);
  });

  it('racing callbacks of a friend’s first two deposits grant the reward once', async () => {
    const app = server().app;
    const me = await fundedPlayer(app, 0);
    const friend = await friendOf(app, me.memberId);
    const a = await newDeposit(app, friend.token, 'gcash', 100);
    const b = await newDeposit(app, friend.token, 'gcash', 300);
    const signedA = await notice(app, await paymentOf(app, a.id));
    const signedB = await notice(app, await paymentOf(app, b.id));
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => sendNotice(app, i % 2 ? signedA : signedB)));
    expect(answers.filter((x) => x.body.value?.outcome === 'credited')).toHaveLength(2);
    expect(await referralRewards(app, me.memberId)).toHaveLength(1);
    await expectLedgerClean(app);
  });

  it('grants nothing without an inviter, with the promotion’s reward at 0, or with REFERRAL off; a trial account has no friends list', async () => {
    const app = server().app;
    const alone = await friendOf(app, null);
    await paidDeposit(app, alone.token, 100);
    expect(await rows(app.db.orm, sql`SELECT id FROM rewards WHERE source = 'referral' AND source_ref = ${String(alone.memberId)}`)).toEqual([]);

    const me = await fundedPlayer(app, 0);
    const friend = await friendOf(app, me.memberId);
    await app.db.orm.update(promotions).set({ rewardAmount: 0 }).where(and(eq(promotions.merchantCode, 'demoph01'), eq(promotions.type, 'REFERRAL')));
    try {
      await paidDeposit(app, friend.token, 100);
    } finally {
      await app.db.orm.update(promotions).set({ rewardAmount: REWARD }).where(and(eq(promotions.merchantCode, 'demoph01'), eq(promotions.type, 'REFERRAL')));
    }
    // Not the first deposit any more: the reward's time has passed.
    const second = await paidDeposit(app, friend.token, 100);
    expect(await referralRewards(app, me.memberId)).toEqual([]);
    // A tenant without the REFERRAL promotion grants nothing, even for a first deposit.
    const tenant = app.tenants.byMerchant('demoph01')!;
    const off = { ...tenant, settings: { ...tenant.settings, promotions: [] } };
    const other = await friendOf(app, me.memberId);
    expect(await app.db.orm.transaction((tx) => grantReferralReward(tx, off, { id: second.id, memberId: other.memberId, merchantCode: 'demoph01' }))).toBeNull();
    expect(await app.db.orm.transaction((tx) => grantReferralReward(tx, tenant, { id: second.id, memberId: other.memberId, merchantCode: 'demoph01' }))).not.toBeNull();

    const trial = await fundedPlayer(app, 0, 4);
    const refused = await call(app, 'GET', FRIENDS, { token: trial.token });
    expect(refused.status).toBe(403);
    expect(refused.body.errorCode).toBe('trial.forbidden');
  });
});

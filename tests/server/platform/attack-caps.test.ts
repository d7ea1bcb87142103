/**
 * Per-member caps as an abuser with a legitimate account tries them (issue: an agent opened 15
 * players who caught 30 envelopes from a window capped at 2 and moved them up). Accounts an agent
 * opens take part in nothing that pays until their holder verifies a mobile number by SMS; caps
 * and one-per-person rewards count per verified person (verified mobile, unique per merchant; an
 * approved identity shared by accounts is one person); racing catches of one person's accounts
 * stay within the cap; a catch is wagered before it can be withdrawn or transferred.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Opened } from '../../../src/generated/api/agent-accounts';
import { members, rewards, turnoverRequirements } from '../../../server/db/schema';
import { identityPersonKey, mobilePersonKey } from '../../../server/modules/account/services/person';
import { scheduleRain, type ScheduleInput } from '../../../server/modules/engagement/services/red-rain';
import { grantReferralReward } from '../../../server/modules/engagement/services/referral';
import { raiseVipLevel } from '../../../server/modules/engagement/services/vip';
import { call, describeBackends, expectLedgerClean, fundedPlayer, lastSmsCode, nextIp, spinKey, tokenFor, uniqueDigits } from '../helpers';
import { placeBet, setPaymentPassword } from '../rebate-helpers';

const CLI = { operatorId: null, actor: 'cli:test', merchantCodes: null };
const PASSWORD = 'Secret123';

const windowOf = (app: FastifyInstance, input: Partial<ScheduleInput> & { budget: number }) => scheduleRain(app, CLI, { merchant: 'demoph01', minutes: 10, ...input });

const tap = (app: FastifyInstance, token: string, windowId: number) =>
  call<{ amount: number; caughtCount: number }>(app, 'POST', `/wps/redRain/${windowId}/catch`, { token, headers: spinKey(), body: {} });

/** A number no other test uses (10 digits, as the tenant's mobile rule wants). */
const newMobile = () => `9${uniqueDigits(9)}`;

/** Verifies `mobileNum` for the member through the API, as its holder would. */
async function verifyBySms(app: FastifyInstance, token: string, mobileNum: string) {
  const sent = await call(app, 'POST', '/wps/security/mobile/code', { token, ip: nextIp(), body: { mobileNum } });
  if (sent.status !== 200) return sent;
  const code = await lastSmsCode(app, mobileNum);
  return call<{ mobileNum: string; verified: boolean }>(app, 'POST', '/wps/security/mobile/verify', { token, ip: nextIp(), body: { mobileNum, verificationCode: code } });
}

/** A self-registered member whose person is `personKey` (a verified number, or a shared identity). */
async function personAccount(app: FastifyInstance, personKey: string, balance = 0) {
  const p = await fundedPlayer(app, balance);
  await app.db.orm.update(members).set({ mobileVerifiedAt: new Date(), personKey }).where(eq(members.id, p.memberId));
  return p;
}

describe('person keys', () => {
  it('one ID number is one person however it is typed, per merchant', () => {
    expect(identityPersonKey('demoph01', 'ab-12 34')).toBe(identityPersonKey('demoph01', 'AB1234'));
    expect(identityPersonKey('demoph01', 'AB1234')).not.toBe(identityPersonKey('demoen01', 'AB1234'));
    expect(mobilePersonKey('+639171234567')).toBe('m:+639171234567');
  });
});

describeBackends('attack: per-person caps', ({ server }) => {
  /** An agent of demoph01 and `n` players it opens, each logged in. */
  async function agentWithOpened(app: FastifyInstance, n: number) {
    const agent = await fundedPlayer(app, 0, 1);
    const opened: { token: string; memberId: number; username: string }[] = [];
    for (let i = 0; i < n; i++) {
      const username = `o${uniqueDigits(8)}`;
      const res = await call<Opened>(app, 'POST', '/wps/agent/accounts', { token: agent.token, body: { kind: 'player', username, password: PASSWORD, confirmPassword: PASSWORD } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      opened.push({ token: await tokenFor(app, username, PASSWORD, { ip: nextIp() }), memberId: res.body.value!.member.id, username });
    }
    return { agent, opened };
  }

  it('accounts an agent opens catch no red rain, sign in, claim or join nothing until verified by SMS; then they take part', async () => {
    const { app } = server();
    const w = await windowOf(app, { budget: 100_000, maxPerMember: 2 });
    const { opened } = await agentWithOpened(app, 3);
    for (const o of opened) {
      const caught = await tap(app, o.token, w.id);
      expect(caught.status, JSON.stringify(caught.body)).toBe(403);
      expect(caught.body).toMatchObject({ errorCode: 'person.unverified', message: 'err_person_unverified' });
      const signIn = await call(app, 'POST', '/wps/promotions/daily-sign-in/act', { token: o.token, body: {} });
      expect(signIn.status).toBe(403);
      expect(signIn.body.errorCode).toBe('person.unverified');
      const joinMission = await call(app, 'POST', '/wps/promotions/missions/act', { token: o.token, body: {} });
      expect(joinMission.body.errorCode).toBe('person.unverified');
      const claimTask = await call(app, 'POST', '/wps/missions/missions/tasks/1/claim', { token: o.token, body: {}, headers: spinKey() });
      expect(claimTask.body.errorCode).toBe('person.unverified');
      const claimReward = await call(app, 'POST', '/wps/rewards/1/claim', { token: o.token, body: {}, headers: spinKey() });
      expect(claimReward.body.errorCode).toBe('person.unverified');
    }
    expect((await app.repos.ledger.walletOf(opened[0].memberId))!.balance).toBe(0);
    // Verified by SMS: the account is a person now and catches.
    const verified = await verifyBySms(app, opened[0].token, newMobile());
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    const caught = await tap(app, opened[0].token, w.id);
    expect(caught.status, JSON.stringify(caught.body)).toBe(200);
    await expectLedgerClean(app);
  });

  it('an unverified opened account gets no VIP bonus and brings its inviter no referral reward; verified, it does once', async () => {
    const { app } = server();
    const { agent, opened } = await agentWithOpened(app, 1);
    const friend = opened[0];
    const wallet = (await app.repos.ledger.walletOf(friend.memberId))!;
    // Deposits and bets that reach VIP level 1 (its upgrade bonus 18.00).
    await app.db.orm.transaction(async (tx) => {
      const house = await app.repos.ledger.houseAccount(tx, 'demoph01', 'PHP', friend.memberId);
      await app.repos.ledger.post(tx, { merchantCode: 'demoph01', kind: 'DEPOSIT', lines: [{ accountId: wallet.id, amount: 200_000 }, { accountId: house, amount: -200_000 }] });
    });
    await placeBet(app, friend.memberId, wallet.id, { stake: 20_000 });
    const tenant = app.tenants.byMerchant('demoph01')!;
    expect(await app.db.orm.transaction((tx) => raiseVipLevel(tx, tenant, friend.memberId))).toBe(0);
    const referral = await app.db.orm.transaction((tx) => grantReferralReward(tx, tenant, { id: 1, memberId: friend.memberId, merchantCode: 'demoph01' }));
    expect(referral).toBeNull();
    const none = await app.db.orm.select().from(rewards).where(inArray(rewards.memberId, [friend.memberId, agent.memberId]));
    expect(none).toEqual([]);
    expect((await verifyBySms(app, friend.token, newMobile())).status).toBe(200);
    expect(await app.db.orm.transaction((tx) => raiseVipLevel(tx, tenant, friend.memberId))).toBeGreaterThanOrEqual(1);
    const vip = await app.db.orm.select().from(rewards).where(and(eq(rewards.memberId, friend.memberId), eq(rewards.source, 'vip_upgrade'), eq(rewards.sourceRef, '1')));
    expect(vip).toHaveLength(1);
    await expectLedgerClean(app);
  });

  it('two accounts cannot verify one mobile number, not even racing', async () => {
    const { app } = server();
    const { opened } = await agentWithOpened(app, 3);
    const mobile = newMobile();
    expect((await verifyBySms(app, opened[0].token, mobile)).status).toBe(200);
    const second = await verifyBySms(app, opened[1].token, mobile);
    expect(second.status).toBe(409);
    expect(second.body.errorCode).toBe('mobile.exists');
    // Racing: both send the valid code of one free number (one send per number per minute); one gets it.
    const racing = newMobile();
    expect((await call(app, 'POST', '/wps/security/mobile/code', { token: opened[1].token, ip: nextIp(), body: { mobileNum: racing } })).status).toBe(200);
    const code = await lastSmsCode(app, racing);
    const results = await Promise.all(
      [opened[1], opened[2]].map((o) => call(app, 'POST', '/wps/security/mobile/verify', { token: o.token, ip: nextIp(), body: { mobileNum: racing, verificationCode: code } })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const holders = await app.db.orm.select({ id: members.id }).from(members).where(and(eq(members.merchantCode, 'demoph01'), eq(members.mobileNum, racing)));
    expect(holders).toHaveLength(1);
    // A verified member cannot verify again (to move its person elsewhere).
    const again = await verifyBySms(app, opened[0].token, newMobile());
    expect(again.body.errorCode).toBe('mobile.verified');
  });

  it('accounts sharing an approved identity are one person: the window cap counts their catches together', async () => {
    const { app } = server();
    // The state shows the window open now that closes first: earlier tests' windows are closed.
    await app.db.orm.execute(sql`UPDATE rain_windows SET ends_at = greatest(starts_at + interval '1 millisecond', now()) WHERE merchant_code = 'demoph01' AND ends_at > now()`);
    const w = await windowOf(app, { budget: 100_000, maxPerMember: 2 });
    const person = identityPersonKey('demoph01', `ID${uniqueDigits(8)}`);
    const [a, b, c] = await Promise.all([personAccount(app, person), personAccount(app, person), personAccount(app, person)]);
    expect((await tap(app, a.token, w.id)).status).toBe(200);
    expect((await tap(app, b.token, w.id)).body.value!.caughtCount).toBe(2);
    const third = await tap(app, c.token, w.id);
    expect(third.status).toBe(409);
    expect(third.body.errorCode).toBe('redRain.limit');
    // The state shows the person's catches to each account.
    const state = await call<{ caughtCount: number }>(app, 'GET', '/wps/redRain', { token: c.token });
    expect(state.body.value!.caughtCount).toBe(2);
    // Another person is not held back.
    const other = await personAccount(app, mobilePersonKey(`+63${newMobile()}`));
    expect((await tap(app, other.token, w.id)).status).toBe(200);
    await expectLedgerClean(app);
  });

  it('40 racing taps from 4 accounts of one person stay within the cap of 3', async () => {
    const { app } = server();
    const w = await windowOf(app, { budget: 1_000_000, maxPerMember: 3 });
    const person = mobilePersonKey(`+63${newMobile()}`);
    const accounts = await Promise.all(Array.from({ length: 4 }, () => personAccount(app, person)));
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => tap(app, accounts[i % 4].token, w.id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(new Set(results.filter((r) => r.status !== 200).map((r) => r.body.errorCode))).toEqual(new Set(['redRain.limit']));
    await expectLedgerClean(app);
  }, 60_000);

  it('a daily sign-in, a mission task and a VIP level bonus are once per person, whichever account asks', async () => {
    const { app } = server();
    const person = mobilePersonKey(`+63${newMobile()}`);
    const [a, b] = await Promise.all([personAccount(app, person, 1_000_000), personAccount(app, person, 1_000_000)]);
    expect((await call(app, 'POST', '/wps/promotions/daily-sign-in/act', { token: a.token, body: {} })).status).toBe(200);
    const twice = await call(app, 'POST', '/wps/promotions/daily-sign-in/act', { token: b.token, body: {} });
    expect(twice.status).toBe(409);
    expect(twice.body.errorCode).toBe('promotion.done');
    // Missions: both join, both wager the task's ₱5 on slots; one claim pays.
    for (const p of [a, b]) {
      expect((await call(app, 'POST', '/wps/promotions/missions/act', { token: p.token, body: {} })).status).toBe(200);
      await placeBet(app, p.memberId, p.walletId, { stake: 500 });
    }
    const list = await call<{ list: { code: string; tasks: { id: number; title: string }[] }[] }>(app, 'GET', '/wps/missions', { token: a.token, query: { lang: 'EN' } });
    const task = list.body.value!.list.find((m) => m.code === 'missions')!.tasks.find((t) => t.title === 'Wager ₱5 on slots this week')!;
    const claims = await Promise.all([a, b].map((p) => call(app, 'POST', `/wps/missions/missions/tasks/${task.id}/claim`, { token: p.token, body: {}, headers: spinKey() })));
    expect(claims.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(claims.find((r) => r.status === 409)!.body.errorCode).toBe('mission.task.claimed');
    // VIP: both reach level 1; its bonus is granted to one of them.
    const tenant = app.tenants.byMerchant('demoph01')!;
    for (const p of [a, b]) await placeBet(app, p.memberId, p.walletId, { stake: 20_000 });
    await Promise.all([a, b].map((p) => app.db.orm.transaction((tx) => raiseVipLevel(tx, tenant, p.memberId))));
    const bonuses = await app.db.orm.select().from(rewards).where(and(inArray(rewards.memberId, [a.memberId, b.memberId]), eq(rewards.source, 'vip_upgrade'), eq(rewards.sourceRef, '1')));
    expect(bonuses).toHaveLength(1);
    const signIns = await app.db.orm.select().from(rewards).where(and(inArray(rewards.memberId, [a.memberId, b.memberId]), eq(rewards.source, 'sign_in')));
    expect(signIns).toHaveLength(1);
    await expectLedgerClean(app);
  });

  it('a referral reward is once per referred person: a second account of the friend brings nothing', async () => {
    const { app } = server();
    const inviter = await personAccount(app, mobilePersonKey(`+63${newMobile()}`));
    const friendPerson = identityPersonKey('demoph01', `ID${uniqueDigits(8)}`);
    const [f1, f2] = await Promise.all([personAccount(app, friendPerson), personAccount(app, friendPerson)]);
    await app.db.orm.update(members).set({ uplineId: inviter.memberId }).where(inArray(members.id, [f1.memberId, f2.memberId]));
    const tenant = app.tenants.byMerchant('demoph01')!;
    const first = await app.db.orm.transaction((tx) => grantReferralReward(tx, tenant, { id: -1, memberId: f1.memberId, merchantCode: 'demoph01' }));
    expect(first).not.toBeNull();
    const second = await app.db.orm.transaction((tx) => grantReferralReward(tx, tenant, { id: -2, memberId: f2.memberId, merchantCode: 'demoph01' }));
    expect(second).toBeNull();
  });

  it('a catch adds its turnover requirement (the window multiplier): its money is neither withdrawn nor transferred unwagered', async () => {
    const { app } = server();
    const w = await windowOf(app, { budget: 100_000, minAmount: 1_000, maxAmount: 1_000, turnoverMultiplier: 3 });
    expect(w.turnoverMultiplier).toBe(3);
    const upline = await fundedPlayer(app, 0, 1);
    const p = await personAccount(app, mobilePersonKey(`+63${newMobile()}`));
    await app.db.orm.update(members).set({ uplineId: upline.memberId }).where(eq(members.id, p.memberId));
    await setPaymentPassword(app, p.token);
    const caught = await tap(app, p.token, w.id);
    expect(caught.status, JSON.stringify(caught.body)).toBe(200);
    const reqs = await app.db.orm.select().from(turnoverRequirements).where(eq(turnoverRequirements.memberId, p.memberId));
    expect(reqs.map((r) => ({ source: r.source, required: r.required }))).toEqual([{ source: 'red_rain', required: 3_000 }]);
    const eligibility = await call<{ reasons: { code: string; outstanding?: number }[] }>(app, 'GET', '/wps/wallet/withdrawals/eligibility', { token: p.token });
    expect(eligibility.body.value!.reasons.find((r) => r.code === 'turnover.required')).toMatchObject({ required: 30, wagered: 0, outstanding: 30 });
    const transfer = await call(app, 'POST', '/wps/transfers/upline', { token: p.token, ip: nextIp(), headers: spinKey(), body: { amount: 10, paymentPassword: '246810' } });
    expect(transfer.status).toBe(409);
    expect(transfer.body.errorCode).toBe('turnover.required');
    expect((await app.repos.ledger.walletOf(upline.memberId))!.balance).toBe(0);
    await expectLedgerClean(app);
  });

  it('the schedule refuses a turnover multiplier out of range, naming it', async () => {
    const { app } = server();
    const refused = await scheduleRain(app, CLI, { merchant: 'demoph01', minutes: 10, budget: 1_000, turnoverMultiplier: -1 }).catch((e: Error) => e);
    expect(String(refused)).toMatch(/turnoverMultiplier/);
  });
});

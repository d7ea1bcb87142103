/**
 * Success cases of the security-centre and withdrawal routes for tests/server/platform/contract.test.ts
 * (which needs one per route of schemas/api): spread into its CASES with
 * `...SECURITY_WALLET_CONTRACT_CASES`. Each case uses a new member, so no case depends on another
 * (one payment password, one open identity check, at most 5 payout accounts per member).
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { members } from '../../server/db/schema';
import type { OpsActor } from '../../server/ops/types';
import { approveIdentity } from '../../server/modules/account/services/identity';
import { call, fundedPlayer, lastSmsCode, nextIp, spinKey, uniqueDigits, type Envelope } from './helpers';

type Result = { status: number; body: Envelope; res?: LightMyRequestResponse };
type Case = (app: FastifyInstance, token: () => Promise<string>) => Promise<Result>;

const CLI: OpsActor = { operatorId: null, actor: 'cli:contract', merchantCodes: null };
const PAY_PW = '246810';
const NAME = 'Ana Reyes';
const DETAILS = {
  realName: NAME,
  birthday: '1988-01-02',
  nationality: 'Filipino',
  address: 'Makati',
  occupation: 'Nurse',
  sourceOfIncome: 'Salary',
  placeOfBirth: 'Davao',
  idNumber: 'ID12345678',
};
const png = () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);

function upload(app: FastifyInstance, method: 'POST' | 'PUT', url: string, token: string) {
  return call(app, method, url, { token, ip: nextIp(), body: png(), headers: { 'content-type': 'image/png' } });
}

async function withPaymentPassword(app: FastifyInstance, token: string): Promise<void> {
  await call(app, 'POST', '/wps/security/paymentPassword', { token, ip: nextIp(), body: { paymentPassword: PAY_PW, confirmPaymentPassword: PAY_PW } });
}

/** A new member with a pending identity check (details and three images); answers the check id too. */
export async function pendingIdentityCheck(app: FastifyInstance, balance = 0) {
  const player = await fundedPlayer(app, balance);
  const check = await call<{ id: number }>(app, 'POST', '/wps/security/identity', { token: player.token, ip: nextIp(), body: DETAILS });
  for (const side of ['front', 'back', 'selfie']) await upload(app, 'PUT', `/wps/security/identity/images/${side}`, player.token);
  return { ...player, checkId: check.body.value!.id };
}

/** A new member whose identity check (details and three images) is approved. */
async function verifiedMember(app: FastifyInstance, balance = 0) {
  const player = await pendingIdentityCheck(app, balance);
  await approveIdentity(app, CLI, player.checkId);
  return player;
}

async function addAccount(app: FastifyInstance, token: string): Promise<number> {
  const res = await call<{ id: number }>(app, 'POST', '/wps/security/payoutAccounts', { token, ip: nextIp(), body: { kind: 'ewallet', providerCode: 'GCASH', accountNo: '09171234567', holderName: NAME } });
  return res.body.value!.id;
}

/** A member who may withdraw: verified, a payout account, a payment password, a balance and no turnover. */
export async function readyMember(app: FastifyInstance, balance: number) {
  const player = await verifiedMember(app, balance);
  const accountId = await addAccount(app, player.token);
  await withPaymentPassword(app, player.token);
  return { ...player, accountId };
}

/** A new member with a mobile number (the payment password reset sends its code there). */
async function withMobile(app: FastifyInstance) {
  const player = await fundedPlayer(app, 0);
  const mobile = `917${uniqueDigits(7)}`;
  await app.db.orm.update(members).set({ mobileNum: mobile }).where(eq(members.id, player.memberId));
  await withPaymentPassword(app, player.token);
  return { ...player, mobile };
}

/** Asks to withdraw 150.00 (the hold is 160.00 with demo-ph's fixed fee). */
export const withdraw = (app: FastifyInstance, r: { token: string; accountId: number }, amount = 150) =>
  call<{ id: number }>(app, 'POST', '/wps/wallet/withdrawals', { token: r.token, ip: nextIp(), headers: spinKey(), body: { payoutAccountId: r.accountId, amount, paymentPassword: PAY_PW } });

/** A new member with a pending withdrawal of 150.00 out of `balance` minor units; answers its id too. */
export async function pendingWithdrawal(app: FastifyInstance, balance = 50_000) {
  const member = await readyMember(app, balance);
  const created = await withdraw(app, member);
  return { ...member, withdrawalId: created.body.value!.id };
}

export const SECURITY_WALLET_CONTRACT_CASES: Record<string, Case> = {
  'security-centre.setPaymentPassword': async (app) => {
    const { token } = await fundedPlayer(app, 0);
    return call(app, 'POST', '/wps/security/paymentPassword', { token, ip: nextIp(), body: { paymentPassword: PAY_PW, confirmPaymentPassword: PAY_PW } });
  },
  'security-centre.changePaymentPassword': async (app) => {
    const { token } = await fundedPlayer(app, 0);
    await withPaymentPassword(app, token);
    return call(app, 'POST', '/wps/security/paymentPassword/change', { token, ip: nextIp(), body: { oldPaymentPassword: PAY_PW, newPaymentPassword: '135791', confirmPaymentPassword: '135791' } });
  },
  'security-centre.sendPaymentPasswordCode': async (app) => {
    const { token } = await withMobile(app);
    return call(app, 'POST', '/wps/security/paymentPassword/code', { token, ip: nextIp() });
  },
  'security-centre.resetPaymentPassword': async (app) => {
    const { token, mobile } = await withMobile(app);
    await call(app, 'POST', '/wps/security/paymentPassword/code', { token, ip: nextIp() });
    const code = await lastSmsCode(app, mobile);
    return call(app, 'POST', '/wps/security/paymentPassword/reset', { token, ip: nextIp(), body: { verificationCode: code, newPaymentPassword: '135791', confirmPaymentPassword: '135791' } });
  },
  'security-centre.uploadHeadIcon': async (app) => {
    const { token } = await fundedPlayer(app, 0);
    return upload(app, 'POST', '/wps/member/headIcon', token);
  },
  'security-centre.headIcon': async (app) => {
    const { token } = await fundedPlayer(app, 0);
    await upload(app, 'POST', '/wps/member/headIcon', token);
    return call(app, 'GET', '/wps/member/headIcon', { token });
  },
  'security-centre.identity': async (app) => {
    const { token } = await verifiedMember(app);
    return call(app, 'GET', '/wps/security/identity', { token });
  },
  'security-centre.submitIdentity': async (app) => {
    const { token } = await fundedPlayer(app, 0);
    return call(app, 'POST', '/wps/security/identity', { token, ip: nextIp(), body: DETAILS });
  },
  'security-centre.identityImage': async (app) => {
    const { token } = await fundedPlayer(app, 0);
    await call(app, 'POST', '/wps/security/identity', { token, ip: nextIp(), body: DETAILS });
    return upload(app, 'PUT', '/wps/security/identity/images/front', token);
  },
  'security-centre.payoutAccounts': async (app) => {
    const { token } = await verifiedMember(app);
    await addAccount(app, token);
    return call(app, 'GET', '/wps/security/payoutAccounts', { token });
  },
  'security-centre.addPayoutAccount': async (app) => {
    const { token } = await verifiedMember(app);
    return call(app, 'POST', '/wps/security/payoutAccounts', { token, ip: nextIp(), body: { kind: 'bank', providerCode: 'BPI', accountNo: '1234567890', holderName: NAME } });
  },
  'security-centre.deletePayoutAccount': async (app) => {
    const { token } = await verifiedMember(app);
    const id = await addAccount(app, token);
    await withPaymentPassword(app, token);
    return call(app, 'DELETE', `/wps/security/payoutAccounts/${id}`, { token, ip: nextIp(), body: { paymentPassword: PAY_PW } });
  },
  'withdrawal.eligibility': async (app) => {
    const { token } = await readyMember(app, 50_000);
    return call(app, 'GET', '/wps/wallet/withdrawals/eligibility?amount=150', { token });
  },
  'withdrawal.create': async (app) => withdraw(app, await readyMember(app, 50_000)),
  'withdrawal.list': async (app) => {
    const member = await readyMember(app, 50_000);
    await withdraw(app, member);
    return call(app, 'GET', '/wps/wallet/withdrawals', { token: member.token });
  },
};

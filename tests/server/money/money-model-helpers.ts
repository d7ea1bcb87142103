/** Steps of the money model test (tests/server/money/money-model.test.ts) that prepare members and pay deposits. */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { OpsActor } from '../../../server/ops/types';
import { approveIdentity } from '../../../server/modules/account/services/identity';
import { call, nextIp, uniqueDigits } from '../helpers';

const CLI: OpsActor = { operatorId: null, actor: 'cli:model', merchantCodes: null };
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);

/** Verifies the member's identity (an operator approves it) and adds a payout account; answers its id. */
export async function readyForWithdrawal(app: FastifyInstance, token: string, _memberId: number): Promise<number> {
  const identity = await call<{ id: number }>(app, 'POST', '/wps/security/identity', {
    token,
    ip: nextIp(),
    body: { realName: 'Ana Reyes', birthday: '1988-01-02', nationality: 'Filipino', address: 'Makati', occupation: 'Nurse', sourceOfIncome: 'Salary', placeOfBirth: 'Davao', idNumber: `ID${uniqueDigits(8)}` },
  });
  expect(identity.body.success, JSON.stringify(identity.body)).toBe(true);
  for (const side of ['front', 'back', 'selfie']) {
    await call(app, 'PUT', `/wps/security/identity/images/${side}`, { token, ip: nextIp(), body: PNG, headers: { 'content-type': 'image/png' } });
  }
  await approveIdentity(app, CLI, identity.body.value!.id);
  const account = await call<{ id: number }>(app, 'POST', '/wps/security/payoutAccounts', {
    token,
    ip: nextIp(),
    body: { kind: 'ewallet', providerCode: 'GCASH', accountNo: `0917${uniqueDigits(7)}`, holderName: 'Ana Reyes' },
  });
  expect(account.body.success, JSON.stringify(account.body)).toBe(true);
  return account.body.value!.id;
}

/**
 * The payer's decision on the provider's own page for deposit `id` (RefPay, its own origin, over
 * HTTP as the payer's browser posts it); RefPay then sends its signed notice to the platform.
 * Answers whether the deposit was credited (read back from the platform).
 */
export async function confirmDeposit(app: FastifyInstance, token: string, id: number, pay: boolean): Promise<boolean> {
  const deposit = await call<{ payUrl?: string }>(app, 'GET', `/wps/wallet/deposits/${id}`, { token });
  const payUrl = deposit.body.value?.payUrl;
  if (payUrl) {
    const res = await fetch(`${payUrl}/${pay ? 'confirm' : 'cancel'}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '', redirect: 'manual' });
    expect(res.status).toBe(303);
  }
  const after = await call<{ state: string }>(app, 'GET', `/wps/wallet/deposits/${id}`, { token });
  return after.body.value?.state === 'paid';
}

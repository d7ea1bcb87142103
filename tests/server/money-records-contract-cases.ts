/**
 * Success cases of the deposit and withdrawal record routes for tests/server/platform/contract.test.ts
 * (which needs one per route of schemas/api): spread into its CASES with
 * `...MONEY_RECORDS_CONTRACT_CASES`. Each case uses a new member with a real request to list.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { call, fundedPlayer, spinKey, type Envelope } from './helpers';
import { pendingWithdrawal } from './security-wallet-contract-cases';

type Result = { status: number; body: Envelope; res?: LightMyRequestResponse };
type Case = (app: FastifyInstance, token: () => Promise<string>) => Promise<Result>;

export const MONEY_RECORDS_CONTRACT_CASES: Record<string, Case> = {
  'money-records.deposits': async (app) => {
    const { token } = await fundedPlayer(app, 0);
    await call(app, 'POST', '/wps/wallet/deposits', { token, headers: spinKey(), body: { channelId: 'bank', amount: 500 } });
    return call(app, 'GET', '/wps/records/deposits?range=7d&pageSize=5', { token });
  },
  'money-records.withdrawals': async (app) => {
    const { token } = await pendingWithdrawal(app);
    return call(app, 'GET', '/wps/records/withdrawals?range=today&status=pending', { token });
  },
};

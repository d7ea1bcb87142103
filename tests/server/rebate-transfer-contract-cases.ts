/**
 * Success cases of the cash-back and transfer routes for tests/server/platform/contract.test.ts (which
 * needs one per route of schemas/api): spread into its CASES with `...REBATE_TRANSFER_CONTRACT_CASES`.
 * Each case uses new members, so no case depends on another.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { call, fundedPlayer, nextIp, spinKey, type Envelope } from './helpers';
import { PAY_PW, placeBet, playerWithUpline } from './rebate-helpers';

type Result = { status: number; body: Envelope; res?: LightMyRequestResponse };
type Case = (app: FastifyInstance, token: () => Promise<string>) => Promise<Result>;

/** A member with 200.00 of valid turnover: 1.60 of cash back to claim. */
async function memberWithRebate(app: FastifyInstance): Promise<string> {
  const { token, memberId, walletId } = await fundedPlayer(app, 100_000);
  await placeBet(app, memberId, walletId, { stake: 20_000 });
  return token;
}

export const REBATE_TRANSFER_CONTRACT_CASES: Record<string, Case> = {
  'rebates.accrued': async (app) => call(app, 'GET', '/wps/rebates/accrued', { token: await memberWithRebate(app) }),
  'rebates.claim': async (app) => call(app, 'POST', '/wps/rebates/claim', { token: await memberWithRebate(app), headers: spinKey() }),
  'rebates.report': async (app) => {
    const token = await memberWithRebate(app);
    await call(app, 'POST', '/wps/rebates/claim', { token, headers: spinKey() });
    return call(app, 'GET', '/wps/rebates/report?range=7d&pageSize=5', { token });
  },
  'transfers.upline': async (app) => call(app, 'GET', '/wps/transfers/upline', { token: (await playerWithUpline(app, 50_000)).player.token }),
  'transfers.create': async (app) => {
    const { player } = await playerWithUpline(app, 50_000);
    return call(app, 'POST', '/wps/transfers/upline', { token: player.token, ip: nextIp(), headers: spinKey(), body: { amount: 25, paymentPassword: PAY_PW } });
  },
};

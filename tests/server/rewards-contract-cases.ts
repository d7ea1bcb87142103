/**
 * Success cases of the reward-centre and promotion routes for tests/server/contract.test.ts (which needs one per
 * route of schemas/api): spread into its CASES with `...REWARD_CONTRACT_CASES`. Each case uses a
 * new member, so no case depends on another.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { grantReward } from '../../server/services/rewards';
import { call, fundedPlayer, spinKey, type Envelope } from './helpers';

type Result = { status: number; body: Envelope; res?: LightMyRequestResponse };
type Case = (app: FastifyInstance, token: () => Promise<string>) => Promise<Result>;

/** A member with a reward of 12.50 to claim. */
async function memberWithReward(app: FastifyInstance): Promise<{ token: string; rewardId: number }> {
  const { token, memberId } = await fundedPlayer(app, 0);
  const row = await app.db.orm.transaction((tx) =>
    grantReward(tx, { merchantCode: 'demoph01', memberId, source: 'operator', sourceRef: 'contract', amount: 1_250, turnoverMultiplier: 2, expiryDays: 7 }),
  );
  return { token, rewardId: row!.id };
}

export const REWARD_CONTRACT_CASES: Record<string, Case> = {
  'promotions.detail': async (app) => call(app, 'GET', '/wps/promotions/wager-1000?lang=EN', { token: (await fundedPlayer(app, 0)).token }),
  'promotions.act': async (app) => call(app, 'POST', '/wps/promotions/missions/act', { token: (await fundedPlayer(app, 0)).token, body: {} }),
  'rewards.list': async (app) => call(app, 'GET', '/wps/rewards', { token: (await memberWithReward(app)).token }),
  'rewards.count': async (app) => call(app, 'GET', '/wps/rewards/count', { token: (await memberWithReward(app)).token }),
  'rewards.claim': async (app) => {
    const { token, rewardId } = await memberWithReward(app);
    return call(app, 'POST', `/wps/rewards/${rewardId}/claim`, { token, headers: spinKey() });
  },
};

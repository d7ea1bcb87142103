/**
 * Success cases of the limits and activity-statement routes for
 * tests/server/platform/contract.test.ts (which needs one per route of schemas/api): spread into its CASES
 * with `...LIMITS_CONTRACT_CASES`. Each case uses a new member.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { call, fundedPlayer, PH, type Envelope } from './helpers';

type Result = { status: number; body: Envelope; res?: LightMyRequestResponse };
type Case = (app: FastifyInstance, token: () => Promise<string>) => Promise<Result>;

/** A member with a daily deposit limit of 500 and a pending raise to 1,000. */
async function memberWithPendingRaise(app: FastifyInstance): Promise<string> {
  const { token } = await fundedPlayer(app, 0);
  await call(app, 'PUT', '/wps/member/limits', { token, body: { kind: 'deposit', period: 'day', value: 500 } });
  await call(app, 'PUT', '/wps/member/limits', { token, body: { kind: 'deposit', period: 'day', value: 1000 } });
  return token;
}

export const LIMITS_CONTRACT_CASES: Record<string, Case> = {
  'limits.get': async (app) => call(app, 'GET', '/wps/member/limits', { token: await memberWithPendingRaise(app) }),
  'limits.set': async (app) => call(app, 'PUT', '/wps/member/limits', { token: await memberWithPendingRaise(app), body: { kind: 'session', period: 'session', value: 90 } }),
  'limits.cancel': async (app) => call(app, 'POST', '/wps/member/limits/cancel', { token: await memberWithPendingRaise(app), body: { kind: 'deposit', period: 'day' } }),
  'statement.get': async (app) => call(app, 'GET', '/wps/member/statement?months=3', { token: (await fundedPlayer(app, 0)).token }),
  'statement.csv': async (app) => {
    const { token } = await fundedPlayer(app, 0);
    const res = await app.inject({ method: 'GET', url: '/wps/member/statement.csv?months=3', headers: { host: PH, authorization: `Bearer ${token}` } });
    return { status: res.statusCode, body: { success: res.statusCode === 200 }, res };
  },
};

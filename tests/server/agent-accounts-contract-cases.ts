/**
 * Success cases of the agent-accounts routes for tests/server/platform/contract.test.ts (which needs one per
 * route of schemas/api): spread into its CASES with `...AGENT_ACCOUNT_CONTRACT_CASES`. Each case
 * uses a new top-level agent, so no case depends on another.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { call, fundedPlayer, PH, uniqueDigits, type Envelope } from './helpers';

type Result = { status: number; body: Envelope; res?: LightMyRequestResponse };
type Case = (app: FastifyInstance, token: () => Promise<string>) => Promise<Result>;

const open = (app: FastifyInstance, token: string, kind: 'player' | 'agent') =>
  call<{ member: { id: number } }>(app, 'POST', '/wps/agent/accounts', {
    host: PH,
    token,
    body: { kind, username: `c${uniqueDigits(8)}`, password: 'Secret123', confirmPassword: 'Secret123', ...(kind === 'agent' ? { rates: { RNG: 0.5 } } : {}) },
  });

export const AGENT_ACCOUNT_CONTRACT_CASES: Record<string, Case> = {
  'agent-accounts.open': async (app) => open(app, (await fundedPlayer(app, 0, 1)).token, 'agent'),
  'agent-accounts.rates': async (app) => {
    const { token } = await fundedPlayer(app, 0, 1);
    await open(app, token, 'agent');
    return call(app, 'GET', '/wps/agent/rebates', { host: PH, token });
  },
  'agent-accounts.setRates': async (app) => {
    const { token } = await fundedPlayer(app, 0, 1);
    const sub = await open(app, token, 'agent');
    return call(app, 'PUT', `/wps/agent/rebates/${sub.body.value!.member.id}`, { host: PH, token, body: { rates: { RNG: 0.4 } } });
  },
  'agent-accounts.teamRebates': async (app, token) => call(app, 'GET', '/wps/agent/team-rebates?range=7d', { host: PH, token: await token() }),
};

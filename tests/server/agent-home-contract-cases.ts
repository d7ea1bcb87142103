/**
 * Success cases of the agent home and red-envelope rain routes for tests/server/platform/contract.test.ts
 * (which needs one per route of schemas/api): spread into its CASES with `...AGENT_HOME_CONTRACT_CASES`.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { scheduleRain } from '../../server/modules/engagement/services/red-rain';
import { call, fundedPlayer, spinKey, type Envelope } from './helpers';

type Result = { status: number; body: Envelope; res?: LightMyRequestResponse };
type Case = (app: FastifyInstance, token: () => Promise<string>, ops: () => Promise<string>) => Promise<Result>;

const CLI = { operatorId: null, actor: 'cli:contract', merchantCodes: null };

export const AGENT_HOME_CONTRACT_CASES: Record<string, Case> = {
  'agent.home': async (app, token) => call(app, 'GET', '/wps/agent/home', { token: await token() }),
  'red-rain.state': async (app, token) => {
    await scheduleRain(app, CLI, { merchant: 'demoph01', minutes: 5, budget: 1_000 });
    return call(app, 'GET', '/wps/redRain', { token: await token() });
  },
  'red-rain.catch': async (app) => {
    const w = await scheduleRain(app, CLI, { merchant: 'demoph01', minutes: 5, budget: 1_000 });
    const { token } = await fundedPlayer(app, 0);
    return call(app, 'POST', `/wps/redRain/${w.id}/catch`, { token, headers: spinKey(), body: {} });
  },
  'red-rain.team': async (app, token) => call(app, 'GET', '/wps/redRain/team', { token: await token() }),
  'red-rain.opsSchedule': async (app, _token, ops) =>
    call(app, 'POST', '/ops/redRain/windows', { token: await ops(), body: { merchant: 'demoph01', minutes: 10, budget: 25.5, maxPerMember: 5 } }),
  'red-rain.opsList': async (app, _token, ops) => call(app, 'GET', '/ops/redRain/windows?merchant=demoph01&all=true', { token: await ops() }),
};

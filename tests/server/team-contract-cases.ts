/**
 * Success cases of the agent team routes for tests/server/platform/contract.test.ts (which needs one per
 * route of schemas/api): spread into its CASES with `...TEAM_CONTRACT_CASES`. They read the seeded
 * demoagent's team of demoph01 (the shared `token` is demoagent's).
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { call, type Envelope } from './helpers';

type Result = { status: number; body: Envelope; res?: LightMyRequestResponse };
type Case = (app: FastifyInstance, token: () => Promise<string>) => Promise<Result>;

export const TEAM_CONTRACT_CASES: Record<string, Case> = {
  'team.overview': async (app, token) => call(app, 'GET', '/wps/agent/team/overview?range=7d', { token: await token() }),
  'team.members': async (app, token) => call(app, 'GET', '/wps/agent/team/members', { token: await token() }),
  'team.pnl': async (app, token) => call(app, 'GET', '/wps/agent/team/pnl?range=today', { token: await token() }),
  'team.bets': async (app, token) => call(app, 'GET', '/wps/agent/team/bets?range=today', { token: await token() }),
};

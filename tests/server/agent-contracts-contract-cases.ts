/**
 * Success cases of the agent contract routes for tests/server/platform/contract.test.ts (which needs one per
 * route of schemas/api): spread into its CASES with `...AGENT_CONTRACTS_CONTRACT_CASES`. Each case
 * builds its own agent and direct sub-agent of demoph01 (dividends are on there).
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { setCeiling } from '../../server/modules/agent/services/agent-contracts';
import { call, uniqueDigits, type Envelope } from './helpers';

type Result = { status: number; body: Envelope; res?: LightMyRequestResponse };
type Case = (app: FastifyInstance, token: () => Promise<string>, ops: () => Promise<string>) => Promise<Result>;

const M = 'demoph01';

async function agentOf(app: FastifyInstance, uplineId: number | null): Promise<{ id: number; token: string; username: string }> {
  return app.db.orm.transaction(async (tx) => {
    const m = await app.repos.members.create(tx, { merchantCode: M, username: `k${uniqueDigits(9)}`, type: 1, uplineId, registerMethod: 'H5' });
    await app.repos.ledger.openWallet(tx, M, m.id, 'PHP');
    const { token } = await app.repos.sessions.create(tx, { memberId: m.id, merchantCode: M, ip: '127.0.0.1', firstLogin: false });
    return { id: m.id, token, username: m.username };
  });
}

/** A top-level agent (with an operator's ceiling of every kind) and its direct sub-agent. */
async function pair(app: FastifyInstance) {
  const agent = await agentOf(app, null);
  const sub = await agentOf(app, agent.id);
  const cli = { operatorId: null, actor: 'cli:test', merchantCodes: null };
  for (const [kind, max] of [['salary', 100], ['hourly', 10], ['dividend', 20]] as const) await setCeiling(app, cli, { merchantCode: M, username: agent.username, kind, max });
  return { agent, sub };
}

const SALARY = { terms: { tiers: [{ turnover: 100, activeMembers: 1, amount: 5 }] } };

/** A salary contract proposed to a fresh sub-agent: its id and the sub-agent's token. */
async function proposed(app: FastifyInstance): Promise<{ id: number; subToken: string }> {
  const { agent, sub } = await pair(app);
  const res = await call<{ id: number }>(app, 'POST', '/wps/agent/contracts/salary', { token: agent.token, body: { downlineId: sub.id, ...SALARY } });
  return { id: res.body.value!.id, subToken: sub.token };
}

export const AGENT_CONTRACTS_CONTRACT_CASES: Record<string, Case> = {
  'ops-contracts.ceilingSet': async (app, _token, ops) => {
    const agent = await agentOf(app, null);
    return call(app, 'POST', '/ops/agents/ceiling', { token: await ops(), body: { merchant: M, username: agent.username, kind: 'salary', max: 50, reason: 'contract case' } });
  },
  'ops-contracts.ceilings': async (app, _token, ops) => {
    await pair(app);
    return call(app, 'GET', `/ops/agents/ceilings?merchant=${M}`, { token: await ops() });
  },
  'ops-contracts.idleContracts': async (app, _token, ops) => call(app, 'GET', `/ops/contracts/idle?merchant=${M}`, { token: await ops() }),
  'agent-contracts.salary': async (app) => call(app, 'GET', '/wps/agent/contracts/salary', { token: (await pair(app)).agent.token }),
  'agent-contracts.dividend': async (app) => call(app, 'GET', '/wps/agent/contracts/dividend', { token: (await pair(app)).agent.token }),
  'agent-contracts.hourly': async (app) => call(app, 'GET', '/wps/agent/contracts/hourly', { token: (await pair(app)).agent.token }),
  'agent-contracts.proposeSalary': async (app) => {
    const { agent, sub } = await pair(app);
    return call(app, 'POST', '/wps/agent/contracts/salary', { token: agent.token, body: { downlineId: sub.id, ...SALARY } });
  },
  'agent-contracts.proposeDividend': async (app) => {
    const { agent, sub } = await pair(app);
    return call(app, 'POST', '/wps/agent/contracts/dividend', { token: agent.token, body: { downlineId: sub.id, terms: { period: 'half-month', tiers: [{ netLoss: 1, percent: 10 }] } } });
  },
  'agent-contracts.proposeHourly': async (app) => {
    const { agent, sub } = await pair(app);
    return call(app, 'POST', '/wps/agent/contracts/hourly', { token: agent.token, body: { downlineId: sub.id, terms: { tiers: [{ turnover: 10, amount: 1 }] } } });
  },
  'agent-contracts.sign': async (app) => {
    const { id, subToken } = await proposed(app);
    return call(app, 'POST', `/wps/agent/contracts/${id}/sign`, { token: subToken, body: {} });
  },
  'agent-contracts.reject': async (app) => {
    const { id, subToken } = await proposed(app);
    return call(app, 'POST', `/wps/agent/contracts/${id}/reject`, { token: subToken, body: {} });
  },
  'agent-contracts.dividendHistory': async (app) => call(app, 'GET', '/wps/agent/dividend', { token: (await pair(app)).agent.token }),
};

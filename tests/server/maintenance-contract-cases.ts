/**
 * Success cases of the maintenance-window routes for tests/server/platform/contract.test.ts (which needs
 * one per route of schemas/api): spread into its CASES with `...MAINTENANCE_CONTRACT_CASES`.
 * The windows start tomorrow: the other cases run against an open site.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { addOperator } from '../../server/ops/operators';
import { setMaintenance } from '../../server/modules/site/services/maintenance';
import { call, nextIp, type Envelope } from './helpers';

type Result = { status: number; body: Envelope; res?: LightMyRequestResponse };
type Case = (app: FastifyInstance, token: () => Promise<string>) => Promise<Result>;

const CLI = { operatorId: null, actor: 'cli:contract', merchantCodes: null };
const PASSWORD = 'maintenance contract password';
const DAY = 86_400_000;
let seq = 0;

async function operatorToken(app: FastifyInstance): Promise<string> {
  const username = `maintc${process.pid}x${++seq}`;
  await addOperator(app, CLI, { username, password: PASSWORD, merchantCodes: ['demoph01'], totp: false });
  const { body } = await call<{ token: string }>(app, 'POST', '/ops/session', { ip: nextIp(), body: { username, password: PASSWORD } });
  return body.value!.token;
}

const tomorrow = () => ({ start: new Date(Date.now() + DAY).toISOString(), end: new Date(Date.now() + DAY + 3_600_000).toISOString() });

export const MAINTENANCE_CONTRACT_CASES: Record<string, Case> = {
  'maintenance.opsSet': async (app) =>
    call(app, 'POST', '/ops/maintenance', { token: await operatorToken(app), body: { tenant: 'demo-ph', ...tomorrow(), messages: { EN: 'Back soon', TY: 'Babalik agad' } } }),
  'maintenance.opsShow': async (app) => call(app, 'GET', '/ops/maintenance?tenant=demo-ph', { token: await operatorToken(app) }),
  'maintenance.opsClear': async (app) => {
    const { start, end } = tomorrow();
    await setMaintenance(app, CLI, { tenant: 'demo-ph', start: new Date(start), end: new Date(end) });
    return call(app, 'DELETE', '/ops/maintenance/demo-ph', { token: await operatorToken(app) });
  },
};

/**
 * Success cases of the maintenance-window routes for tests/server/platform/contract.test.ts (which needs
 * one per route of schemas/api): spread into its CASES with `...MAINTENANCE_CONTRACT_CASES`.
 * The windows start tomorrow: the other cases run against an open site.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { setMaintenance } from '../../server/modules/site/services/maintenance';
import { call, type Envelope } from './helpers';

type Result = { status: number; body: Envelope; res?: LightMyRequestResponse };
type Case = (app: FastifyInstance, token: () => Promise<string>, ops: () => Promise<string>) => Promise<Result>;

const CLI = { operatorId: null, actor: 'cli:contract', merchantCodes: null };
const DAY = 86_400_000;

const tomorrow = () => ({ start: new Date(Date.now() + DAY).toISOString(), end: new Date(Date.now() + DAY + 3_600_000).toISOString() });

export const MAINTENANCE_CONTRACT_CASES: Record<string, Case> = {
  'maintenance.opsSet': async (app, _token, ops) =>
    call(app, 'POST', '/ops/maintenance', { token: await ops(), body: { tenant: 'demo-ph', ...tomorrow(), messages: { EN: 'Back soon', TY: 'Babalik agad' } } }),
  'maintenance.opsShow': async (app, _token, ops) => call(app, 'GET', '/ops/maintenance?tenant=demo-ph', { token: await ops() }),
  'maintenance.opsClear': async (app, _token, ops) => {
    const { start, end } = tomorrow();
    await setMaintenance(app, CLI, { tenant: 'demo-ph', start: new Date(start), end: new Date(end) });
    return call(app, 'DELETE', '/ops/maintenance/demo-ph', { token: await ops() });
  },
};

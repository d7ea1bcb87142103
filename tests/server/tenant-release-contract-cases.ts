/**
 * Success cases of the tenant-release routes for tests/server/platform/contract.test.ts (which needs
 * one per route of schemas/api): spread into its CASES with `...TENANT_RELEASE_CONTRACT_CASES`.
 * Every version published is demo-en's own file as it is: the other cases see the same tenant.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { endRollout, publishTenant } from '../../server/modules/site';
import { call, type Envelope } from './helpers';

type Result = { status: number; body: Envelope; res?: LightMyRequestResponse };
type Case = (app: FastifyInstance, token: () => Promise<string>, ops: () => Promise<string>) => Promise<Result>;

const CLI = { operatorId: null, actor: 'cli:contract', merchantCodes: null };
const URL = '/ops/tenants/demo-en';

export const TENANT_RELEASE_CONTRACT_CASES: Record<string, Case> = {
  'tenant-releases.opsPublish': async (app, _token, ops) => call(app, 'POST', `${URL}/versions`, { token: await ops(), body: { message: 'contract' } }),
  'tenant-releases.opsVersions': async (app, _token, ops) => {
    await publishTenant(app, CLI, { tenant: 'demo-en' });
    return call(app, 'GET', `${URL}/versions`, { token: await ops() });
  },
  'tenant-releases.opsRollback': async (app, _token, ops) => {
    const first = await publishTenant(app, CLI, { tenant: 'demo-en' });
    await publishTenant(app, CLI, { tenant: 'demo-en' });
    return call(app, 'POST', `${URL}/rollback`, { token: await ops(), body: { version: first.version } });
  },
  'tenant-releases.opsCancel': async (app, _token, ops) => {
    const later = await publishTenant(app, CLI, { tenant: 'demo-en', at: new Date(Date.now() + 86_400_000) });
    return call(app, 'POST', `${URL}/cancel`, { token: await ops(), body: { version: later.version } });
  },
  'tenant-releases.opsEndRollout': async (app, _token, ops) => {
    await publishTenant(app, CLI, { tenant: 'demo-en', share: 50 });
    return call(app, 'POST', `${URL}/rollout`, { token: await ops(), body: { action: 'abort' } });
  },
  'tenant-releases.opsRolloutReport': async (app, _token, ops) => {
    await publishTenant(app, CLI, { tenant: 'demo-en', share: 50 });
    const report = await call(app, 'GET', `${URL}/rollout`, { token: await ops() });
    await endRollout(app, CLI, 'demo-en', false);
    return report;
  },
};

import type { FastifyInstance } from 'fastify';
import { tenantTimeZone } from '../../../../src/lib/app-config';
import { publicTenant } from '../../../lib/public-tenant';
import { apiRoute } from '../../../lib/route';
import { zoneWindow } from '../../../lib/time-zone';

/** Startup settings, the bootstrap object (what index.html carries, without what only members read) and the tenant status. */
export default async function startupRoutes(app: FastifyInstance) {
  apiRoute(app, 'system', 'bootstrap', {
    handler: async (request) => ({ tenant: publicTenant(request.tenant), startup: await app.startup(request), zone: zoneWindow(tenantTimeZone(request.tenant)) }),
  });
  // The visitor's location and the clock are the answer's last keys (schemas/api/system.json).
  apiRoute(app, 'system', 'startup', { handler: async (request) => app.startupAnswer(request) });
  apiRoute(app, 'system', 'status', { handler: async (request) => app.siteStatus(request) });
}

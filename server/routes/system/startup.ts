import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../lib/route';

/** Startup settings, the bootstrap object (what index.html carries) and the tenant status. */
export default async function startupRoutes(app: FastifyInstance) {
  apiRoute(app, 'system', 'bootstrap', {
    handler: async (request) => ({ tenant: request.tenant, startup: app.startup(request) }),
  });
  apiRoute(app, 'system', 'startup', { handler: async (request) => app.startup(request) });
  apiRoute(app, 'system', 'status', { handler: async (request) => app.tenants.status(request.tenant) });
}

import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../../lib/route';
import { makeRealityDue } from '../services/reality-check';

/**
 * Development only (`DEV_ROUTES=1`, refused in production): makes the caller's reality check due
 * now, so a browser journey sees the check without waiting an interval. Without the switch the
 * route does not exist and answers 404.
 */
export default async function devRealityRoutes(app: FastifyInstance) {
  if (!app.config.devRoutes) return;
  apiRoute(app, 'protection', 'devRealityDue', {
    handler: async (request) => makeRealityDue(app, request.tenant, request.auth!),
  });
}

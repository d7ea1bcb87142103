import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../../lib/route';
import { acknowledgeReality, realityState, setRealityMinutes } from '../services/reality-check';

/** The reality check of the member's login (server/modules/protection/services/reality-check.ts); the in-house slot reads it with its play token. */
export default async function realityCheckRoutes(app: FastifyInstance) {
  apiRoute(app, 'protection', 'realityCheck', {
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return realityState(app, request.tenant, request.auth!);
    },
  });

  apiRoute(app, 'protection', 'setRealityCheck', {
    handler: async (request) => setRealityMinutes(app, request.tenant, request.auth!, request.body.minutes),
  });

  apiRoute(app, 'protection', 'acknowledgeRealityCheck', {
    handler: async (request) => acknowledgeReality(app, request.tenant, request.auth!),
  });
}

import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../../lib/route';
import { catchEnvelope, rainState, teamCatches } from '../services/red-rain';

/** Red-envelope rain for members and the agent's view of the team's catches (server/modules/engagement/services/red-rain.ts). */
export default async function redRainRoutes(app: FastifyInstance) {
  apiRoute(app, 'red-rain', 'state', {
    handler: async (request) => rainState(app, request.tenant, request.auth!.member),
  });
  apiRoute(app, 'red-rain', 'catch', {
    handler: async (request, _reply, once) => catchEnvelope(app, request, request.params.id, once),
  });
  apiRoute(app, 'red-rain', 'team', {
    handler: async (request) => teamCatches(app, request.tenant, request.auth!.member),
  });
}

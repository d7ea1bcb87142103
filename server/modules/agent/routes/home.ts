import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../../lib/route';
import { agentHome } from '../services/agent-home';

/** The agent home's figures (server/modules/agent/services/agent-home.ts). */
export default async function agentHomeRoutes(app: FastifyInstance) {
  apiRoute(app, 'agent', 'home', {
    handler: async (request) => agentHome(app, request.tenant, request.auth!.member),
  });
}

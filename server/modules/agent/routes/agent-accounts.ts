import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../../lib/route';
import { agentRates, openAccount, setDownlineRates, teamRebates } from '../services/agent-accounts';

export default async function agentAccountRoutes(app: FastifyInstance) {
  // Password hashing is the cost here; the unique username keeps a replay from opening twice.
  apiRoute(app, 'agent-accounts', 'open', {
    handler: async (request) => openAccount(app, request, request.body),
  });

  apiRoute(app, 'agent-accounts', 'rates', {
    handler: async (request) => agentRates(app, request.tenant, request.auth!.member),
  });

  apiRoute(app, 'agent-accounts', 'setRates', {
    handler: async (request) => setDownlineRates(app, request.tenant, request.auth!.member, request.params.id, request.body.rates),
  });

  apiRoute(app, 'agent-accounts', 'teamRebates', {
    handler: async (request) => teamRebates(app, request.tenant, request.auth!.member, request.query),
  });
}

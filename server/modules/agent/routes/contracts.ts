import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../../lib/route';
import { contractPage, decideContract, dividendPage, proposeContract } from '../services/agent-contracts';

export default async function agentContractRoutes(app: FastifyInstance) {
  apiRoute(app, 'agent-contracts', 'salary', {
    handler: async (request) => contractPage(app, request.tenant, request.auth!.member, 'salary'),
  });
  apiRoute(app, 'agent-contracts', 'dividend', {
    handler: async (request) => contractPage(app, request.tenant, request.auth!.member, 'dividend'),
  });
  apiRoute(app, 'agent-contracts', 'hourly', {
    handler: async (request) => contractPage(app, request.tenant, request.auth!.member, 'hourly'),
  });
  apiRoute(app, 'agent-contracts', 'proposeSalary', {
    handler: async (request) => proposeContract(app, request.tenant, request.auth!.member, 'salary', request.body),
  });
  apiRoute(app, 'agent-contracts', 'proposeDividend', {
    handler: async (request) => proposeContract(app, request.tenant, request.auth!.member, 'dividend', request.body),
  });
  apiRoute(app, 'agent-contracts', 'proposeHourly', {
    handler: async (request) => proposeContract(app, request.tenant, request.auth!.member, 'hourly', request.body),
  });
  apiRoute(app, 'agent-contracts', 'sign', {
    handler: async (request) => decideContract(app, request.tenant, request.auth!.member, request.params.id, 'sign'),
  });
  apiRoute(app, 'agent-contracts', 'reject', {
    handler: async (request) => decideContract(app, request.tenant, request.auth!.member, request.params.id, 'reject'),
  });
  apiRoute(app, 'agent-contracts', 'dividendHistory', {
    handler: async (request) => dividendPage(app, request.tenant, request.auth!.member),
  });
}

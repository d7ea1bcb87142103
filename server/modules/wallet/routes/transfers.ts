import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../../lib/route';
import { transferToUpline, uplineTransferState } from '../services/transfers';

export default async function transferRoutes(app: FastifyInstance) {
  apiRoute(app, 'transfers', 'upline', {
    handler: async (request) => uplineTransferState(app, request.tenant, request.auth!.member),
  });

  // No per-IP limit: the payment password's per-member lock bounds it.
  apiRoute(app, 'transfers', 'create', {
    handler: async (request, _reply, once) => transferToUpline(app, request, request.body, once),
  });
}

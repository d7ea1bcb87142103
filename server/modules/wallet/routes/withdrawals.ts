import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../../lib/route';
import { createWithdrawal, eligibility, listWithdrawals } from '../services/withdrawals';

export default async function withdrawalRoutes(app: FastifyInstance) {
  apiRoute(app, 'withdrawal', 'eligibility', {
    handler: async (request) => eligibility(app, request.tenant, request.auth!.member, request.query.amount),
  });

  // No per-IP limit: the payment password's per-member lock and the one-pending rule bound it.
  apiRoute(app, 'withdrawal', 'create', {
    handler: async (request, _reply, once) => createWithdrawal(app, request, request.body, once),
  });

  apiRoute(app, 'withdrawal', 'list', {
    handler: async (request) => listWithdrawals(app, request.tenant, request.auth!.member.id, request.query.pageNo, request.query.pageSize),
  });
}

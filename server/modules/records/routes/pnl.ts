import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../../lib/route';
import { profitAndLoss } from '../services/records-pnl';

export default async function pnlRoutes(app: FastifyInstance) {
  apiRoute(app, 'reports', 'pnl', {
    handler: async (request) => profitAndLoss(app, request.tenant, request.auth!.member, request.query),
  });
}

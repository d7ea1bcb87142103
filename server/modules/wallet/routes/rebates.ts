import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../../lib/route';
import { accruedRebate, claimRebate, rebateReport } from '../services/rebates';

export default async function rebateRoutes(app: FastifyInstance) {
  apiRoute(app, 'rebates', 'accrued', {
    handler: async (request) => accruedRebate(app, request.tenant, request.auth!.member.id),
  });

  // No per-IP limit: a claim pays only what accrued, and the Idempotency-Key keeps a retry from paying twice.
  apiRoute(app, 'rebates', 'claim', {
    handler: async (request, _reply, once) => claimRebate(app, request, once),
  });

  apiRoute(app, 'rebates', 'report', {
    handler: async (request) => rebateReport(app, request.tenant, request.auth!.member.id, request.query),
  });
}

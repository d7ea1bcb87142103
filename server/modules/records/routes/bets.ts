import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../../lib/route';
import { betDetail, betRecords } from '../services/records-bets';

export default async function betRecordRoutes(app: FastifyInstance) {
  apiRoute(app, 'reports', 'bets', {
    handler: async (request) => betRecords(app, request.tenant, request.auth!.member, request.query),
  });

  apiRoute(app, 'reports', 'bet', {
    handler: async (request) => betDetail(app, request.tenant, request.auth!.member, request.params.id, request.query.language),
  });
}

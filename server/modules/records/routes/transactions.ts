import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../../lib/route';
import { transactionRecords } from '../services/records-transactions';

export default async function transactionRecordRoutes(app: FastifyInstance) {
  apiRoute(app, 'reports', 'transactions', {
    handler: async (request) => transactionRecords(app, request.tenant, request.auth!.member, request.query),
  });
}

import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../../lib/route';
import { withdrawalRecords } from '../services/money-records';

/** The withdrawal record: the member's withdrawals of a range, keyset-paged, with totals by state. */
export default async function withdrawalRecordRoutes(app: FastifyInstance) {
  apiRoute(app, 'money-records', 'withdrawals', {
    handler: async (request) => withdrawalRecords(app.db.orm, request.tenant, request.auth!.member.id, request.query),
  });
}

import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../../lib/route';
import { depositRecords } from '../services/money-records';

/** The deposit record: the member's deposits of a range, keyset-paged, with totals by state. */
export default async function depositRecordRoutes(app: FastifyInstance) {
  apiRoute(app, 'money-records', 'deposits', {
    handler: async (request) => depositRecords(app.db.orm, request.tenant, request.auth!.member.id, request.query),
  });
}

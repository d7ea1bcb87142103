import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../../lib/route';
import { memberStatement, statementCsv } from '../services/statement';

/** The member's activity statement per month, as JSON and as a CSV download. */
export default async function statementRoutes(app: FastifyInstance) {
  apiRoute(app, 'statement', 'get', {
    handler: async (request) => memberStatement(app.db.orm, request.tenant, request.auth!.member.id, request.query.months),
  });

  apiRoute(app, 'statement', 'csv', {
    handler: async (request, reply) => {
      const statement = await memberStatement(app.db.orm, request.tenant, request.auth!.member.id, request.query.months);
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="statement-${statement.months[0]?.month ?? 'empty'}.csv"`)
        .type('text/csv; charset=utf-8')
        .send(statementCsv(statement));
    },
  });
}

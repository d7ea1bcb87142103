import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../lib/route';
import { listAudit } from '../audit-query';
import { opsActorOf } from '../../plugins/app/ops';

export default async function opsAuditRoutes(app: FastifyInstance) {
  apiRoute(app, 'ops', 'audit', {
    handler: async (request) => {
      const q = request.query;
      return listAudit(app, opsActorOf(request), {
        targetType: q.targetType,
        targetId: q.targetId,
        action: q.action,
        since: q.since ? new Date(q.since) : undefined,
        before: q.before,
        limit: q.limit,
      });
    },
  });
}

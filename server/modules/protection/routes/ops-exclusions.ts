import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../../lib/route';
import { decisionReason } from '../../../ops/http';
import { opsActorOf } from '../../../plugins/app/ops';
import { liftExclusion, listExclusions } from '../services/exclusions';

/** Operators see members' time-outs and self-exclusions; a request to lift or shorten one is refused (server/modules/protection/services/exclusions.ts). */
export default async function opsExclusionRoutes(app: FastifyInstance) {
  apiRoute(app, 'protection', 'opsExclusions', {
    handler: async (request) => listExclusions(app, opsActorOf(request), request.query),
  });

  apiRoute(app, 'protection', 'opsLiftExclusion', {
    handler: async (request) => liftExclusion(app, opsActorOf(request), request.params.id, decisionReason(request.body.reason), request.body.endsAt),
  });
}

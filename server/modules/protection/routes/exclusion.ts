import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../../lib/route';
import { exclude, exclusionState } from '../services/exclusions';

/** The member's time-out and self-exclusion (server/modules/protection/services/exclusions.ts). */
export default async function exclusionRoutes(app: FastifyInstance) {
  apiRoute(app, 'protection', 'exclusion', {
    handler: async (request) => exclusionState(app, request.tenant, request.auth!.member.id),
  });

  apiRoute(app, 'protection', 'exclude', {
    handler: async (request) => exclude(app, request.tenant, request.auth!.member.id, request.body.kind, request.body.period),
  });
}

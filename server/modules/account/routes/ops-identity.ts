import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../../errors';
import { apiRoute } from '../../../lib/route';
import { decisionReason } from '../../../ops/http';
import { opsActorOf } from '../../../plugins/app/ops';
import { approveIdentity, identityImage, listIdentityChecks, rejectIdentity } from '../services/identity';

/** Operator decisions on identity checks (server/modules/account/services/identity.ts; the CLI verbs call the same functions). */
export default async function opsIdentityRoutes(app: FastifyInstance) {
  apiRoute(app, 'ops', 'identityList', {
    handler: async (request) => {
      const { state, limit } = request.query;
      const checks = await listIdentityChecks(app, opsActorOf(request), state, limit);
      return checks.map((c) => ({ ...c, createdAt: c.createdAt.toISOString() }));
    },
  });

  apiRoute(app, 'ops', 'identityApprove', {
    handler: async (request) => {
      await approveIdentity(app, opsActorOf(request), request.params.id);
      return { id: request.params.id, state: 'approved' as const };
    },
  });

  apiRoute(app, 'ops', 'identityReject', {
    handler: async (request) => {
      await rejectIdentity(app, opsActorOf(request), request.params.id, decisionReason(request.body.reason));
      return { id: request.params.id, state: 'rejected' as const };
    },
  });

  apiRoute(app, 'ops', 'identityImage', {
    handler: async (request, reply) => {
      const { id, side } = request.params;
      const image = await identityImage(app, opsActorOf(request), id, side);
      if (!image) throw new ApiError('not.found', 404);
      // A member's identity document: never kept by a browser or proxy cache.
      return reply.header('cache-control', 'no-store').header('x-content-type-options', 'nosniff').type(image.contentType).send(image.data);
    },
  });
}

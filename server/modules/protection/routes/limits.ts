import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiRoute } from '../../../lib/route';
import { cancelLimitChange, presentLimits, setLimit } from '../services/player-limits';

/** The member's protection limits: read, set or remove one, cancel a pending change. */
export default async function limitRoutes(app: FastifyInstance) {
  const view = (request: FastifyRequest) => presentLimits(app.db.orm, request.tenant, request.auth!.member.id, request.auth!.session.createdAt);

  apiRoute(app, 'limits', 'get', {
    handler: async (request) => view(request),
  });

  apiRoute(app, 'limits', 'set', {
    handler: async (request) => {
      const { kind, period, value } = request.body;
      await setLimit(app, request.tenant, request.auth!.member.id, { kind, period, value: value ?? null });
      return view(request);
    },
  });

  apiRoute(app, 'limits', 'cancel', {
    handler: async (request) => {
      await cancelLimitChange(app, request.auth!.member.id, request.body.kind, request.body.period);
      return view(request);
    },
  });
}

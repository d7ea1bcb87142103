import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../../lib/route';
import { claimReward, countRewards, listRewards } from '../services/rewards';

export default async function rewardRoutes(app: FastifyInstance) {
  apiRoute(app, 'rewards', 'list', {
    handler: async (request) => listRewards(app, request.tenant, request.auth!.member.id, request.query),
  });

  apiRoute(app, 'rewards', 'count', {
    handler: async (request) => countRewards(app, request.tenant, request.auth!.member.id),
  });

  // No per-IP limit: a reward pays once whoever asks, and the Idempotency-Key keeps a retry from paying twice.
  apiRoute(app, 'rewards', 'claim', {
    handler: async (request, _reply, once) => claimReward(app, request, request.params.id, once),
  });
}

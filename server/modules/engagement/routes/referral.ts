import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../../lib/route';
import { referral, referralFriends } from '../services/referral';

/** Invite friends (schemas/api/referral.json): the member's own code and the friends who registered with it. */
export default async function referralRoutes(app: FastifyInstance) {
  apiRoute(app, 'referral', 'code', {
    handler: async (request) => referral(app, request.auth!.member),
  });

  apiRoute(app, 'referral', 'friends', {
    handler: async (request) => referralFriends(app, request.tenant, request.auth!.member, request.query),
  });
}

import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../../lib/route';
import { teamBets, teamMembers, teamOverview, teamPnl } from '../services/team-records';

/** The agent's team screens: overview, members (drilling into a sub-agent's team), profit and loss, betting. */
export default async function teamRoutes(app: FastifyInstance) {
  apiRoute(app, 'team', 'overview', {
    handler: async (request) => teamOverview(app, request.tenant, request.auth!.member, request.query),
  });

  apiRoute(app, 'team', 'members', {
    handler: async (request) => teamMembers(app, request.tenant, request.auth!.member, request.query),
  });

  apiRoute(app, 'team', 'pnl', {
    handler: async (request) => teamPnl(app, request.tenant, request.auth!.member, request.query),
  });

  apiRoute(app, 'team', 'bets', {
    handler: async (request) => teamBets(app, request.tenant, request.auth!.member, request.query),
  });
}

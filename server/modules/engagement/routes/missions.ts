import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../../lib/route';
import { claimMissionTask, listMissions, missionRanking } from '../services/missions';

export default async function missionRoutes(app: FastifyInstance) {
  apiRoute(app, 'missions', 'list', {
    handler: async (request) => listMissions(app, request, request.query.lang),
  });

  // A completed task grants once per period whoever asks: a repeat or a race is refused, never paid twice.
  apiRoute(app, 'missions', 'claim', {
    handler: async (request, _reply, once) => claimMissionTask(app, request, request.params.code, request.params.id, once),
  });

  apiRoute(app, 'missions', 'ranking', {
    handler: async (request) => missionRanking(app, request, request.params.code),
  });
}

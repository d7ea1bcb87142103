import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../../lib/route';
import { vipStatus } from '../services/vip';

export default async function memberVipRoutes(app: FastifyInstance) {
  apiRoute(app, 'vip', 'get', {
    handler: async (request) => vipStatus(app, request.tenant, request.auth!.member),
  });
}

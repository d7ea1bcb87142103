import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../../lib/route';
import { register } from '../services/registration';

export default async function registerRoutes(app: FastifyInstance) {
  apiRoute(app, 'member', 'register', {
    rateLimit: app.config.limits.registerPerIp,
    handler: async (request) => register(app, request, request.decrypted),
  });
}

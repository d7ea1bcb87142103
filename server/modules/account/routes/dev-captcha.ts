import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../../errors';
import { apiRoute } from '../../../lib/route';
import { OutboxProvider } from '../../../providers/outbox';

/**
 * Reveals a captcha's digits so that browser journeys can pass it. Development only: mounted with
 * `DEV_ROUTES=1` while the outbox provider is active; otherwise the route does not exist.
 */
export default async function devCaptchaRoutes(app: FastifyInstance) {
  if (!app.config.devRoutes || !(app.messages instanceof OutboxProvider)) return;
  apiRoute(app, 'dev', 'captcha', {
    handler: async (request) => {
      const { id } = request.query;
      const code = await app.repos.captchas.revealForDev(id);
      if (!code) throw new ApiError('not.found', 404);
      return { code };
    },
  });
}

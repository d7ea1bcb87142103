import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../errors';
import { apiRoute } from '../../lib/route';
import { OutboxProvider } from '../../providers/outbox';

/**
 * Reveals a captcha's digits so that browser journeys can pass it. Like the outbox route it
 * exists only while the outbox provider is active; with a real provider it is not registered.
 */
export default async function devCaptchaRoutes(app: FastifyInstance) {
  if (!(app.messages instanceof OutboxProvider)) return;
  apiRoute(app, 'dev', 'captcha', {
    handler: async (request) => {
      const { id } = request.query as { id: string };
      const code = await app.repos.captchas.revealForDev(id);
      if (!code) throw new ApiError('not.found', 404);
      return { code };
    },
  });
}

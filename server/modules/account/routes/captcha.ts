import type { FastifyInstance } from 'fastify';
import { renderCaptcha } from '../../../lib/captcha-image';
import { apiRoute } from '../../../lib/route';
import { CAPTCHA_TTL_MS } from '../../../repositories/captchas';
import { OutboxProvider } from '../../../providers/outbox';

export default async function captchaRoutes(app: FastifyInstance) {
  apiRoute(app, 'captcha', 'get', {
    rateLimit: app.config.limits.captchaPerIp,
    handler: async (_request, reply) => {
      const { id, code } = await app.repos.captchas.create({ keepForDev: app.config.devRoutes && app.messages instanceof OutboxProvider });
      reply.header('cache-control', 'no-store');
      return { captchaId: id, image: renderCaptcha(code).toString('base64'), expiresIn: CAPTCHA_TTL_MS / 1000 };
    },
  });
}

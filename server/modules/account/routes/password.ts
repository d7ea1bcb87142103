import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../../lib/route';
import { changePassword, forgotPasswordByEmail, setPasswordByPhone } from '../services/passwords';

export default async function passwordRoutes(app: FastifyInstance) {
  const limits = app.config.limits;
  apiRoute(app, 'security', 'changePassword', {
    rateLimit: limits.passwordPerIp,
    handler: async (request) => {
      await changePassword(app, request.auth!, request.body);
      return true;
    },
  });

  apiRoute(app, 'security', 'setPasswordByPhone', {
    rateLimit: limits.passwordPerIp,
    handler: async (request) => setPasswordByPhone(app, request, request.body),
  });

  apiRoute(app, 'security', 'forgotPasswordEmail', {
    rateLimit: limits.emailPerIp,
    handler: async (request) => {
      await forgotPasswordByEmail(app, request, request.body);
      return true;
    },
  });
}

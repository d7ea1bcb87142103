import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../lib/route';
import { loginOperator, logoutOperator } from '../operators';
import { tokenOf } from '../../plugins/app/auth';

/** Operator sign-in and sign-out (the token's hash lives in operator_sessions). */
export default async function opsSessionRoutes(app: FastifyInstance) {
  apiRoute(app, 'ops', 'login', {
    rateLimit: app.config.limits.loginPerIp,
    handler: async (request, reply) => {
      const { username, password, totp } = request.body;
      const session = await loginOperator(app, { username, password, totp, ip: request.ip });
      reply.header('cache-control', 'no-store');
      return { token: session.token, expiresAt: session.expiresAt.toISOString(), operator: session.operator };
    },
  });

  apiRoute(app, 'ops', 'logout', {
    handler: async (request) => {
      // The /ops hook has checked the token already.
      await logoutOperator(app, tokenOf(request)!);
      return true as const;
    },
  });
}

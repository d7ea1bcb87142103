import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../../errors';
import { apiRoute } from '../../../lib/route';
import { tokenOf } from '../../../plugins/app/auth';
import { login } from '../services/login';
import { freePlay } from '../services/trial';

export default async function sessionRoutes(app: FastifyInstance) {
  apiRoute(app, 'session', 'login', {
    rateLimit: app.config.limits.loginPerIp,
    handler: async (request) => login(app, request, request.decrypted),
  });

  apiRoute(app, 'session', 'freeplay', {
    rateLimit: app.config.limits.freeplayPerIp,
    handler: async (request) => freePlay(app, request),
  });

  apiRoute(app, 'session', 'renew', {
    handler: async (request) => {
      // The session check found the session by this very token.
      const token = tokenOf(request)!;
      const renewed = await app.repos.sessions.renew(token);
      // The token was valid a moment ago (the session check passed): a renewal replaced it, and
      // its new token has been renewed in turn.
      if (!renewed) throw new ApiError('session.rotated', 409);
      return { token: renewed.token, expiresAt: renewed.expiresAt.toISOString() };
    },
  });

  apiRoute(app, 'session', 'logout', {
    handler: async (request) => {
      await app.repos.sessions.revoke(request.auth!.session.tokenHash);
      return true;
    },
  });
}

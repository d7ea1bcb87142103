import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../../errors';
import { apiRoute } from '../../../lib/route';
import { handleCallback } from '../services/gateway';

/** The body exactly as received: the signature covers these bytes, not a re-serialisation. */
const rawBodies = new WeakMap<FastifyRequest, string>();

/**
 * POST /wps/wallet/gateway/callback: a payment provider's signed server-to-server notice. Its own plugin, so
 * that the JSON parser that keeps the raw body serves this route only.
 */
export default async function gatewayCallbackRoutes(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    rawBodies.set(request, text);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new ApiError('body.malformed', 400));
    }
  });

  apiRoute(app, 'wallet', 'gatewayCallback', {
    handler: async (request) => {
      const rawBody = rawBodies.get(request);
      if (rawBody === undefined) throw new ApiError('signature.invalid', 401);
      const outcome = await handleCallback(app, request.tenant, { rawBody, headers: request.headers });
      return { received: true as const, outcome };
    },
  });
}

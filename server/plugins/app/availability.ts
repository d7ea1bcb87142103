import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../errors';
import fp from 'fastify-plugin';
import { STALE_WARNING } from '../../lib/stale';

/**
 * Where the instance is in its life: `serving`; `draining` after SIGTERM (readiness answers 503
 * so a load balancer stops sending, everything else is still served); `closing` once it stops
 * accepting (requests still arriving on open connections get 503 `site.unavailable`).
 */
type Phase = 'serving' | 'draining' | 'closing';

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: { phase: Phase };
  }
}

/**
 * First of the app's hooks: the shutdown phases (server/lib/shutdown.ts) and the Warning header
 * of stale answers (server/lib/stale.ts). While draining or closing every response says
 * `Connection: close`, so a kept-alive client (a proxy's pool) reconnects, elsewhere or later.
 */
export default fp(async (app: FastifyInstance) => {
  app.decorate('lifecycle', { phase: 'serving' as Phase });
  app.decorateRequest('servedStale', false);
  app.addHook('onRequest', async () => {
    if (app.lifecycle.phase === 'closing') throw new ApiError('site.unavailable', 503);
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.servedStale) reply.header('warning', STALE_WARNING);
    if (app.lifecycle.phase !== 'serving') reply.header('connection', 'close');
  });
}, { name: 'availability' });

import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { buildStartup, type Startup } from '../../lib/startup';

declare module 'fastify' {
  interface FastifyInstance {
    /** Startup settings for the request's tenant (also injected into index.html). */
    startup(request: FastifyRequest): Promise<Startup>;
  }
}

export default fp(async (app: FastifyInstance) => {
  app.decorate('startup', async (request: FastifyRequest) => {
    const proxyCountry = request.headers['cf-ipcountry'];
    // Came through a trusted proxy: the peer is trusted and forwarded a client address.
    const viaTrustedProxy = (request.ips?.length ?? 0) > 1;
    return buildStartup(request.tenant, await app.siteStatus(request), app.jwe.publicJwk, {
      host: request.headers.host,
      ip: request.ip,
      // A country header is only believable from a proxy we trust.
      country: viaTrustedProxy && typeof proxyCountry === 'string' && /^[A-Z]{2}$/.test(proxyCountry) ? proxyCountry : undefined,
    });
  });
}, { name: 'startup' });

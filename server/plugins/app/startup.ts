import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { buildStartup, visitStartup, type Startup, type StartupRequest, type VisitStartup } from '../../lib/startup';

declare module 'fastify' {
  interface FastifyInstance {
    /** Startup settings for the request's tenant (also injected into index.html). */
    startup(request: FastifyRequest): Promise<Startup>;
    /** The per-visit part of them alone (no status, no database): what a kept page adds per request. */
    startupVisit(request: FastifyRequest): VisitStartup;
  }
}

export default fp(async (app: FastifyInstance) => {
  function startupRequest(request: FastifyRequest): StartupRequest {
    const proxyCountry = request.headers['cf-ipcountry'];
    // Came through a trusted proxy: the peer is trusted and forwarded a client address.
    const viaTrustedProxy = (request.ips?.length ?? 0) > 1;
    return {
      host: request.headers.host,
      ip: request.ip,
      // A country header is only believable from a proxy we trust.
      country: viaTrustedProxy && typeof proxyCountry === 'string' && /^[A-Z]{2}$/.test(proxyCountry) ? proxyCountry : undefined,
    };
  }
  app.decorate('startup', async (request: FastifyRequest) => buildStartup(request.tenant, await app.siteStatus(request), app.jwe.publicJwk, startupRequest(request), app.tenants.versionOf(request.tenant)));
  app.decorate('startupVisit', (request: FastifyRequest) => visitStartup(request.tenant, startupRequest(request)));
}, { name: 'startup' });

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { globalPlugin } from '../../lib/plugin';
import { buildStartup, type Startup } from '../../lib/startup';

declare module 'fastify' {
  interface FastifyInstance {
    /** Startup settings for the request's tenant (also injected into index.html). */
    startup(request: FastifyRequest): Startup;
  }
}

export default globalPlugin('startup', async (app: FastifyInstance) => {
  app.decorate('startup', (request: FastifyRequest) => {
    const proxyCountry = request.headers['cf-ipcountry'];
    return buildStartup(request.tenant, app.tenants.status(request.tenant), app.jwe.publicJwk, {
      host: request.headers.host,
      ip: request.ip,
      // A country header is only believable from a proxy we trust.
      country: app.config.trustProxy && typeof proxyCountry === 'string' ? proxyCountry : undefined,
    });
  });
});

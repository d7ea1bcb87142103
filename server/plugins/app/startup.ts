import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { JWK } from 'jose';
import type { Tenant } from '../../../src/generated/tenant';
import { type KeptAnswer, KeptHead } from '../../lib/kept-answer';
import { buildStartup, visitStartup, type Startup, type StartupRequest, type VisitStartup } from '../../lib/startup';
import type { SiteStatus } from '../../lib/tenant-registry';
import { hostName } from '../../lib/tenant-host';

declare module 'fastify' {
  interface FastifyInstance {
    /** Startup settings for the request's tenant (also injected into index.html). */
    startup(request: FastifyRequest): Promise<Startup>;
    /** The per-visit part of them alone (no status, no database): what a kept page adds per request. */
    startupVisit(request: FastifyRequest): VisitStartup;
    /** The startup settings as the API answers them: the shared part kept, the visit's own keys after it. */
    startupAnswer(request: FastifyRequest): Promise<KeptAnswer<Startup>>;
  }
}

/** Kept heads per tenant at most (one per host name and site status): more are made again, not kept. */
const KEPT_PER_TENANT = 32;

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
  app.decorate('startup', async (request: FastifyRequest) => buildStartup(request.tenant, app.config, await app.siteStatus(request), app.jwe.publicJwk, startupRequest(request), app.tenants.versionOf(request.tenant)));
  app.decorate('startupVisit', (request: FastifyRequest) => visitStartup(request.tenant, startupRequest(request)));

  // The shared part depends on the tenant (a new object when it changes) and its version, the host
  // name, the site status and the encryption key; everything else in it is the running server's.
  const kept = new WeakMap<Tenant, Map<string, { jwk: JWK; head: KeptHead<Startup> }>>();
  app.decorate('startupAnswer', async (request: FastifyRequest) => {
    const { tenant } = request;
    const status: SiteStatus = await app.siteStatus(request);
    const visit = startupRequest(request);
    const jwk = app.jwe.publicJwk;
    const version = app.tenants.versionOf(tenant);
    const key = `${version}\n${hostName(visit.host)}\n${JSON.stringify(status)}`;
    let heads = kept.get(tenant);
    if (!heads) kept.set(tenant, (heads = new Map()));
    let entry = heads.get(key);
    if (!entry || entry.jwk !== jwk) {
      const { location: _location, serverTime: _serverTime, ...shared } = buildStartup(tenant, app.config, status, jwk, visit, version);
      entry = { jwk, head: new KeptHead<Startup>(shared) };
      if (heads.size >= KEPT_PER_TENANT) heads.clear();
      heads.set(key, entry);
    }
    return entry.head.answer(visitStartup(tenant, visit));
  });
}, { name: 'startup' });

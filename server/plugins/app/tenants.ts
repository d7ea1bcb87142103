import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LANGUAGE_COOKIE } from '../../../src/lib/app-config';
import type { Tenant } from '../../../src/generated/tenant';
import { ApiError } from '../../errors';
import fp from 'fastify-plugin';
import { countryOf, regionBlocked } from '../../lib/region';
import { markStale } from '../../lib/stale';
import type { SiteStatus } from '../../lib/tenant-registry';
import { messageIn, WindowCache, windowOpen } from '../../modules/site';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every tenant's maintenance window, re-read every few seconds (server/modules/site/services/maintenance.ts). */
    maintenanceWindows: WindowCache;
    /** The request's tenant status (computed once per request, from the clock: no restart at a window's end). */
    siteStatus(request: FastifyRequest): Promise<SiteStatus>;
  }
  interface FastifyRequest {
    tenant: Tenant;
    siteStatusOf: Promise<SiteStatus> | null;
  }
}

/** API paths still answered while a tenant is in maintenance or region-restricted (the site needs them to say so). */
const ALWAYS_OPEN = /^\/wps\/(system|dev)\//;

/**
 * Answered whatever the Host: a load balancer's health check does not know the tenants' domains,
 * the back office (/ops) belongs to no tenant (its routes never read request.tenant), and game
 * vendors' wallet calls (/vendor) name their member (and so the tenant) in the body.
 */
const ANY_HOST = /^\/(wps\/system\/ready(\?|$)|ops(\/|\?|$)|vendor\/)/;

/** The visitor's language (the site's language cookie) when the tenant offers it, else the tenant's default. */
function requestLanguage(request: FastifyRequest): string {
  const { languages, default: fallback } = request.tenant.i18n;
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LANGUAGE_COOKIE && value && languages.includes(value)) return value;
  }
  return fallback;
}

/**
 * Resolves `request.tenant` from the Host header (port stripped; unknown hosts get the default
 * tenant, or 404 when there is none: production without DEFAULT_TENANT), and closes the rest of
 * the API while the tenant is in maintenance (503 `maintenance`, which wins) or the visitor's
 * region is restricted (403 `region.restricted` with the visitor's IP).
 */
export default fp(async (app: FastifyInstance) => {
  app.decorate('maintenanceWindows', new WindowCache(app));
  // The country database loads on first use (a few MB): at start, when a tenant restricts regions.
  if ([...app.tenants.all.values()].some((t) => t.settings.region)) countryOf('127.0.0.1');
  app.decorateRequest('tenant', null as unknown as Tenant);
  app.decorateRequest('siteStatusOf', null);

  async function computeStatus(request: FastifyRequest): Promise<SiteStatus> {
    const { tenant } = request;
    const fixed = app.tenants.status(tenant);
    const window = await app.maintenanceWindows.of(tenant.id, () => markStale(request));
    const open = windowOpen(window, app.config.clock());
    return {
      maintenance: fixed.maintenance || open,
      regionRestriction: fixed.regionRestriction || regionBlocked(tenant.settings.region, request.ip),
      maintenanceWindow:
        open && window
          ? { startsAt: window.startsAt.toISOString(), endsAt: window.endsAt.toISOString(), message: messageIn(window.messages, requestLanguage(request), tenant.i18n.default) }
          : null,
    };
  }

  app.decorate('siteStatus', (request: FastifyRequest) => {
    request.siteStatusOf ??= computeStatus(request);
    return request.siteStatusOf;
  });

  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (ANY_HOST.test(request.url)) return;
    const tenant = app.tenants.byHost(request.headers.host);
    if (!tenant) throw new ApiError('not.found', 404);
    request.tenant = tenant;
    if (!request.url.startsWith('/wps/') || ALWAYS_OPEN.test(request.url)) return;
    const status = await app.siteStatus(request);
    if (status.maintenance) throw new ApiError('maintenance', 503, status.maintenanceWindow ? { endsAt: status.maintenanceWindow.endsAt } : undefined);
    if (status.regionRestriction) throw new ApiError('region.restricted', 403, { ip: request.ip });
  });
}, { name: 'tenants' });

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Tenant } from '../../../src/generated/tenant';
import { ApiError } from '../../errors';
import { globalPlugin } from '../../lib/plugin';

declare module 'fastify' {
  interface FastifyRequest {
    tenant: Tenant;
  }
}

/** API paths still answered while a tenant is in maintenance or region-restricted (the site needs them to say so). */
const ALWAYS_OPEN = /^\/wps\/(system|dev)\//;

/**
 * Answered whatever the Host: a load balancer's health check does not know the tenants' domains,
 * and the back office (/ops) belongs to no tenant (its routes never read request.tenant).
 */
const ANY_HOST = /^\/(wps\/system\/ready(\?|$)|ops(\/|\?|$))/;

/**
 * Resolves `request.tenant` from the Host header (port stripped; unknown hosts get the default
 * tenant, or 404 when there is none: production without DEFAULT_TENANT), and closes the rest of the API while the tenant is in maintenance or restricted.
 */
export default globalPlugin('tenants', async (app: FastifyInstance) => {
  app.decorateRequest('tenant', null as unknown as Tenant);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (ANY_HOST.test(request.url)) return;
    const tenant = app.tenants.byHost(request.headers.host);
    if (!tenant) throw new ApiError('not.found', 404);
    request.tenant = tenant;
    if (!request.url.startsWith('/wps/') || ALWAYS_OPEN.test(request.url)) return;
    const status = app.tenants.status(request.tenant);
    if (status.maintenance) throw new ApiError('maintenance', 503);
    if (status.regionRestriction) throw new ApiError('region.restricted', 403, { ip: request.ip });
  });
});

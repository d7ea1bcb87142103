import { createHash, randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LANGUAGE_COOKIE } from '../../../src/lib/app-config';
import type { Tenant } from '../../../src/generated/tenant';
import { ApiError } from '../../errors';
import fp from 'fastify-plugin';
import { countryOf, regionBlocked } from '../../lib/region';
import { markStale } from '../../lib/stale';
import { BUCKET_COOKIE, type SiteStatus } from '../../lib/tenant-registry';
import { countVisitor, messageIn, WindowCache, windowOpen } from '../../modules/site';

/** The tenant versions a visitor was counted for (the rollout report's visitors), dot-separated. */
const COUNTED_COOKIE = 'wl_vc';
const YEAR_SECONDS = 365 * 86_400;

function cookieOf(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, value] = part.trim().split('=');
    if (key === name) return value;
  }
  return undefined;
}

/** A member's bucket: the same on every device. */
function memberBucket(memberId: number): number {
  return createHash('sha256').update(`bucket:${memberId}`).digest()[0] % 100;
}

function bucketCookie(bucket: number): string {
  return `${BUCKET_COOKIE}=${bucket}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax; HttpOnly`;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every tenant's maintenance window, re-read every few seconds (server/modules/site/services/maintenance.ts). */
    maintenanceWindows: WindowCache;
    /** The request's tenant status (computed once per request, from the clock: no restart at a window's end). */
    siteStatus(request: FastifyRequest): Promise<SiteStatus>;
  }
  interface FastifyRequest {
    tenant: Tenant;
    /** The visitor's language (the site's language cookie when the tenant offers it, else the tenant's default). */
    language: string;
    /** The rollout bucket set on this visitor by this request (a Set-Cookie follows). */
    newBucket: number | null;
    /** The visitor's rollout bucket that picked this request's tenant version (null: no rollout). */
    rolloutBucket: number | null;
    /** The cookie of the versions this visitor was counted for, when this request counted one. */
    countedCookie: string | null;
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
  app.decorateRequest('language', '');
  app.decorateRequest('siteStatusOf', null);
  app.decorateRequest('newBucket', null);
  app.decorateRequest('rolloutBucket', null);
  app.decorateRequest('countedCookie', null);

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
          ? { startsAt: window.startsAt.toISOString(), endsAt: window.endsAt.toISOString(), message: messageIn(window.messages, request.language, tenant.i18n.default) }
          : null,
    };
  }

  app.decorate('siteStatus', (request: FastifyRequest) => {
    request.siteStatusOf ??= computeStatus(request);
    return request.siteStatusOf;
  });

  async function countOnce(request: FastifyRequest, tenant: Tenant): Promise<void> {
    const version = String(app.tenants.versionNumberOf(tenant) ?? 0);
    const counted = (cookieOf(request, COUNTED_COOKIE) ?? '').split('.').filter((v) => /^\d+$/.test(v));
    if (counted.includes(version)) return;
    const day = new Date(app.config.clock()).toISOString().slice(0, 10);
    try {
      await countVisitor(app.db.orm, tenant.id, Number(version), day);
    } catch (err) {
      request.log.warn({ err }, 'visitor not counted');
      return;
    }
    const cookie = `${COUNTED_COOKIE}=${[...counted.slice(-5), version].join('.')}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax; HttpOnly`;
    request.countedCookie = cookie;
  }

  // Every answer of a tenant says which version of it served the request; a new visitor of a
  // rollout gets its bucket, and a member the member's own bucket (one version on every device).
  app.addHook('onSend', async (request, reply) => {
    if (!request.tenant) return;
    reply.header('x-tenant-version', app.tenants.versionOf(request.tenant));
    const cookies: string[] = [];
    const memberId = request.auth?.member.id;
    if (memberId !== undefined && app.tenants.rolloutOf(request.tenant.id)) {
      const own = memberBucket(memberId);
      if (cookieOf(request, BUCKET_COOKIE) !== String(own)) cookies.push(bucketCookie(own));
    } else if (request.newBucket !== null) cookies.push(bucketCookie(request.newBucket));
    if (request.countedCookie) cookies.push(request.countedCookie);
    if (cookies.length) {
      const before = reply.getHeader('set-cookie');
      reply.header('set-cookie', [...(before === undefined ? [] : Array.isArray(before) ? before : [String(before)]), ...cookies]);
    }
  });

  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (ANY_HOST.test(request.url)) return;
    const live = app.tenants.byHost(request.headers.host);
    if (!live) throw new ApiError('not.found', 404);
    let tenant = live;
    const rollout = app.tenants.rolloutOf(live.id);
    if (rollout) {
      // During a rollout the visitor's bucket picks the version (drawn once, kept in a cookie).
      const text = cookieOf(request, BUCKET_COOKIE);
      let bucket = text !== undefined && /^\d{1,2}$/.test(text) ? Number(text) : null;
      if (bucket === null) request.newBucket = bucket = randomInt(100);
      request.rolloutBucket = bucket;
      tenant = app.tenants.forVisitor(live, bucket);
      // A page visit counts the visitor once per version (the report's visitors).
      if (!request.url.startsWith('/wps/') && request.method === 'GET') await countOnce(request, tenant);
    }
    request.tenant = tenant;
    request.language = requestLanguage(request);
    if (!request.url.startsWith('/wps/') || ALWAYS_OPEN.test(request.url)) return;
    const status = await app.siteStatus(request);
    if (status.maintenance) throw new ApiError('maintenance', 503, status.maintenanceWindow ? { endsAt: status.maintenanceWindow.endsAt } : undefined);
    if (status.regionRestriction) throw new ApiError('region.restricted', 403, { ip: request.ip });
  });
}, { name: 'tenants' });

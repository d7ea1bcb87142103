import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, errorEnvelope } from '../../../errors';
import fp from 'fastify-plugin';
import { publicTenant } from '../../../lib/public-tenant';
import { IndexTemplate, renderIndex, scriptJson } from '../../../lib/site-index';
import { offlinePage } from '../../../lib/offline-page';
import { htmlLang } from '../../../lib/tenant-host';
import { SiteAssets } from '../../../lib/site-assets';
import { STALE_LIMIT_MS } from '../../../lib/stale';
import { PageCache, renderUserAgent, ServerRenderer, ssrEntryOf, watchStartup } from '../../../lib/ssr';
import { EncodedPage, pageEncoding } from '../../../lib/page-encoding';
import { LANGUAGE_COOKIE, tenantTimeZone, themeCss } from '../../../../src/lib/app-config';
import type { Tenant } from '../../../../src/generated/tenant';
import { zoneWindow } from '../../../lib/time-zone';
import { installHead } from '../../../lib/web-app';

const BRAND_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
};

/**
 * A page of the site as kept between requests: index.html up to the per-visit startup settings
 * (the visitor's address, the server's clock), compressed once, and what follows them.
 */
type SitePage = {
  /** False when the render read a per-visit startup value: the page is this visit's only. */
  shared: boolean;
  /** False when the page was not server-rendered (no render module, or the render failed). */
  rendered: boolean;
} & (
  | { redirect: string }
  | {
      redirect?: undefined;
      /** The page up to the per-visit startup values (a page is ~160 KB), encoded once per encoding. */
      head: EncodedPage;
      /** The rest of the page after them (the end of the config script and of the document). */
      after: Buffer;
    }
);

/** Stands in for the per-visit startup values in a page made to be kept; unguessable, so no content holds it. */
const VISIT_MARKER = `visit-${randomUUID()}`;

/** Paths the single-page app answers: /, /register.html and /m/... (not assets, not other files). */
export function isSpaPath(url: string): boolean {
  const path = url.split('?')[0];
  if (path === '/' || path === '/register.html' || path === '/m') return true;
  if (!path.startsWith('/m/') || path.startsWith('/m/assets/') || path.startsWith('/m/brand/')) return false;
  const ext = extname(path);
  return ext === '' || ext === '.html';
}

/**
 * The built site: index.html with the host's tenant and startup settings injected (every SPA
 * path), the tenant logo under /m/brand/, and the envelope 404 for everything else.
 */
export default fp(async (app: FastifyInstance) => {
  const template = new IndexTemplate(app.config.siteDir);

  const renderer = new ServerRenderer(app, ssrEntryOf(app.config.siteDir));
  const assets = new SiteAssets(app.config.siteDir);

  const pages = new PageCache<SitePage>();

  /**
   * The page of a key, rendered at most once per key at a time and kept for a few seconds (see
   * PageCache): made with a marker for the startup settings, which are the request's own.
   */
  async function makePage(request: FastifyRequest, html: string, tenant: Tenant, language: string, userAgent: string): Promise<SitePage> {
    const startup = await app.startup(request);
    const watched = watchStartup(startup);
    const zone = zoneWindow(tenantTimeZone(tenant));
    const config = { tenant, startup: watched.startup, zone };
    const rendered = await renderer.render(request, config, language, userAgent);
    const shared = !watched.readPerVisit();
    if (rendered?.redirect) return { shared, rendered: true, redirect: rendered.redirect };
    const theme = themeCss(tenant.brand.theme);
    const pageAssets = rendered ? assets.forPage(rendered.modules, rendered.widgets, language) : assets.forPage([], [], language);
    const head = [
      installHead(tenant),
      theme ? `<style id="theme">${theme}</style>` : '',
      pageAssets.css ? `<style data-page-styles>${pageAssets.css.replace(/<\/style/gi, '<\\/style')}</style>` : '',
      ...pageAssets.fetches.map((href) => `<link rel="preload" as="fetch" crossorigin href="${href}">`),
      ...pageAssets.preload.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
      rendered?.head ?? '',
    ].join('');
    // The config is the page's last element and the per-visit values the last of its startup
    // settings, so all that differs per visit is a few hundred bytes at the end of the page.
    const { location: _location, serverTime: _serverTime, ...sharedStartup } = startup;
    const page = renderIndex(html, {
      lang: htmlLang(language),
      title: tenant.brand.name,
      config: { tenant, zone, ...(rendered ? { pageData: rendered.pageData } : {}), startup: { ...sharedStartup, [VISIT_MARKER]: 0 } },
      root: rendered?.html,
      head,
      configAtEnd: true,
    });
    // The JSON holds no '<' (scriptJson), so the marker is the config's and nothing else matched it.
    const [before, after, ...more] = page.split(`${scriptJson(VISIT_MARKER)}:0`);
    if (after === undefined || more.length > 0) throw new Error('the page config has no single per-visit marker');
    return { shared, rendered: rendered !== null, head: new EncodedPage(Buffer.from(before)), after: Buffer.from(after) };
  }

  async function serveIndex(request: FastifyRequest, reply: FastifyReply) {
    const html = await template.get();
    if (html === null) throw new ApiError('site.unavailable', 503);
    // What every visitor may read: no merchant bank account of a manual deposit channel.
    const tenant = publicTenant(request.tenant);
    const language = pageLanguage(request.headers.cookie, tenant.i18n.languages, tenant.i18n.default);
    const userAgent = renderUserAgent(request.headers['user-agent'] ?? '');
    const key = pages.key({
      tenant,
      status: await app.siteStatus(request),
      host: request.headers.host ?? '',
      url: request.url,
      language,
      userAgent,
      keyId: app.jwe.publicJwk.kid ?? '',
      template: html,
    });
    // Kept: rendered pages that hold nothing of this visit. Redirects and failed or missing
    // renders are made again (a redirect costs no render; a failed render deserves another try).
    // The database out of reach (the maintenance windows came from the cache): the page kept
    // last stands in rather than a render whose shared answers would fail.
    const kept = request.servedStale ? pages.kept(key, STALE_LIMIT_MS) : undefined;
    const page = kept ?? (await pages.get(key, () => makePage(request, html, tenant, language, userAgent), (made) => made.rendered && !made.redirect));
    if (page.redirect !== undefined) return reply.redirect(page.redirect);
    // This visit's startup values close the kept page's config: no render, no database, no
    // compression of the page per request (see EncodedPage).
    const visit = scriptJson(app.startupVisit(request)).slice(1, -1);
    const encoding = pageEncoding(request.headers['accept-encoding']);
    const body = await page.head.body(encoding, Buffer.concat([Buffer.from(visit), page.after]));
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'cookie, accept-encoding')
      .type('text/html; charset=utf-8')
      .send(body);
  }

  // /m/ is listed: the static wildcard would otherwise answer it as a directory.
  for (const url of ['/', '/m', '/m/', '/register.html']) app.get(url, serveIndex);
  // A route's page (/m/home, /m/gameList): a name without a dot is never a file of the build, so
  // it is answered here rather than by the static wildcard, which would first look for the file
  // on disk (reading its folder on every request) and only then fall through to the not-found
  // handler. Other page paths (/m/x.html, /m/a/b) still reach serveIndex that way.
  app.get('/m/:page(^[A-Za-z][A-Za-z0-9_-]*$)', serveIndex);

  // The service worker's offline page: this host's tenant, in the visitor's language (precached per host).
  app.get('/m/offline', async (request, reply) => {
    const tenant = publicTenant(request.tenant);
    const language = pageLanguage(request.headers.cookie, tenant.i18n.languages, tenant.i18n.default);
    return reply.header('cache-control', 'no-cache').header('vary', 'cookie').type('text/html; charset=utf-8').send(offlinePage(tenant, language));
  });

  app.get<{ Params: { file: string } }>(
    '/m/brand/:file',
    { schema: { params: { $ref: 'site.json#/definitions/brandParams' } } },
    async (request, reply) => {
      const type = BRAND_TYPES[extname(request.params.file).toLowerCase()];
      const body = type ? await readBrandFile(app.config.tenantsDir, request.tenant.id, request.params.file) : null;
      if (!body) throw new ApiError('not.found', 404);
      reply.header('cache-control', 'public, max-age=3600');
      // An SVG opened directly must not run script in our origin.
      if (type === 'image/svg+xml') reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
      return reply.type(type).send(body);
    },
  );

  app.setNotFoundHandler(async (request, reply) => {
    if ((request.method === 'GET' || request.method === 'HEAD') && isSpaPath(request.url)) return serveIndex(request, reply);
    return reply.code(404).send(errorEnvelope('not.found'));
  });
}, { name: 'site' });

/** A tenant's own file, else the one it inherits from _base. */
export async function readBrandFile(tenantsDir: string, tenantId: string, file: string): Promise<Buffer | null> {
  for (const dir of [tenantId, '_base']) {
    try {
      return await readFile(join(tenantsDir, dir, file));
    } catch {
      // try the next folder
    }
  }
  return null;
}

/** The language a page is rendered in: the visitor's choice (cookie) when the tenant offers it, else the tenant's default. */
export function pageLanguage(cookieHeader: string | undefined, languages: readonly string[], fallback: string): string {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LANGUAGE_COOKIE && value && languages.includes(value)) return value;
  }
  return fallback;
}

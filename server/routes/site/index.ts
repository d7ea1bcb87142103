import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, errorEnvelope } from '../../errors';
import { globalPlugin } from '../../lib/plugin';
import { IndexTemplate, renderIndex } from '../../lib/site-index';
import { htmlLang } from '../../lib/tenant-host';
import { SiteAssets } from '../../lib/site-assets';
import { ServerRenderer, ssrEntryOf } from '../../lib/ssr';
import { LANGUAGE_COOKIE, tenantTimeZone, themeCss } from '../../../src/lib/app-config';
import { zoneWindow } from '../../lib/time-zone';

const BRAND_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
};

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
export default globalPlugin('site', async (app: FastifyInstance) => {
  const template = new IndexTemplate(app.config.siteDir);

  const renderer = new ServerRenderer(app, ssrEntryOf(app.config.siteDir));
  const assets = new SiteAssets(app.config.siteDir);

  async function serveIndex(request: FastifyRequest, reply: FastifyReply) {
    const html = await template.get();
    if (html === null) throw new ApiError('site.unavailable', 503);
    const tenant = request.tenant;
    const language = pageLanguage(request.headers.cookie, tenant.i18n.languages, tenant.i18n.default);
    const config = { tenant, startup: app.startup(request), zone: zoneWindow(tenantTimeZone(tenant)) };
    const rendered = await renderer.render(request, config, language);
    if (rendered?.redirect) return reply.redirect(rendered.redirect);
    const theme = themeCss(tenant.brand.theme);
    const pageAssets = rendered ? assets.forPage(rendered.modules, rendered.widgets, language) : { css: '', preload: [] };
    const head = [
      theme ? `<style id="theme">${theme}</style>` : '',
      pageAssets.css ? `<style data-page-styles>${pageAssets.css.replace(/<\/style/gi, '<\\/style')}</style>` : '',
      ...pageAssets.preload.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
      rendered?.head ?? '',
    ].join('');
    const page = renderIndex(html, {
      lang: htmlLang(language),
      title: tenant.brand.name,
      config: rendered ? { ...config, pageData: rendered.pageData } : config,
      root: rendered?.html,
      head,
    });
    return reply.header('cache-control', 'no-cache').header('vary', 'cookie').type('text/html; charset=utf-8').send(page);
  }

  // /m/ is listed: the static wildcard would otherwise answer it as a directory.
  for (const url of ['/', '/m', '/m/', '/register.html']) app.get(url, serveIndex);

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
});

/** A tenant's own file, else the one it inherits from _base. */
async function readBrandFile(tenantsDir: string, tenantId: string, file: string): Promise<Buffer | null> {
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

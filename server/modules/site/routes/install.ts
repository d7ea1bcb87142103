import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { ApiError } from '../../../errors';
import { APPLE_ICON, AppIconCache, logoAsSvg, type AppIconName } from '../../../lib/app-icons';
import fp from 'fastify-plugin';
import { MANIFEST_PATH, PROFILE_PATH, tenantColours, webClipProfile, webManifest } from '../../../lib/web-app';
import { readBrandFile } from './site';

/** Icons change only with the tenant's logo or theme: a week in caches, then revalidated by ETag. */
const ICON_CACHE = 'public, max-age=604800';
const MANIFEST_CACHE = 'public, max-age=3600';

const etagOf = (body: string | Buffer) => `"${createHash('sha256').update(body).digest('hex').slice(0, 27)}"`;

/** Answers 304 when the client holds this version; else the body with its ETag. */
function sendTagged(request: FastifyRequest, reply: FastifyReply, body: string | Buffer, etag: string, type: string, cache: string) {
  reply.header('etag', etag).header('cache-control', cache).header('vary', 'host');
  const held = request.headers['if-none-match'];
  if (held && held.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) return reply.code(304).send();
  return reply.type(type).send(body);
}

/**
 * The installable app per host (spec section 1): the web app manifest, its icons drawn from the
 * tenant's logo, and the iOS configuration profile with a web clip. The host's tenant is
 * resolved before (the tenants plugin answers 404 to an unknown host).
 */
export default fp(async (app: FastifyInstance) => {
  const icons = new AppIconCache();

  async function iconOf(request: FastifyRequest, name: AppIconName) {
    const tenant = request.tenant;
    const bytes = await readBrandFile(app.config.tenantsDir, tenant.id, tenant.brand.logo);
    if (!bytes) throw new ApiError('not.found', 404);
    return icons.get(tenant.id, logoAsSvg(tenant.brand.logo, bytes), tenantColours(tenant).background, name);
  }

  app.get(MANIFEST_PATH, async (request, reply) => {
    const body = JSON.stringify(webManifest(request.tenant));
    return sendTagged(request, reply, body, etagOf(body), 'application/manifest+json; charset=utf-8', MANIFEST_CACHE);
  });

  app.get<{ Params: { file: `${AppIconName}.png` } }>(
    '/icons/:file',
    { schema: { params: { $ref: 'site.json#/definitions/iconParams' } } },
    async (request, reply) => {
      const icon = await iconOf(request, request.params.file.slice(0, -'.png'.length) as AppIconName);
      return sendTagged(request, reply, icon.png, icon.etag, 'image/png', ICON_CACHE);
    },
  );

  // Where iOS looks for a home-screen icon when a page names none.
  for (const path of ['/apple-touch-icon.png', '/apple-touch-icon-precomposed.png']) {
    app.get(path, async (request, reply) => {
      const icon = await iconOf(request, APPLE_ICON);
      return sendTagged(request, reply, icon.png, icon.etag, 'image/png', ICON_CACHE);
    });
  }

  app.get(PROFILE_PATH, async (request, reply) => {
    const icon = await iconOf(request, APPLE_ICON);
    const body = webClipProfile({ tenant: request.tenant, origin: `${request.protocol}://${request.host}`, icon: icon.png });
    return reply
      .header('cache-control', 'no-cache')
      .header('content-disposition', `attachment; filename="${request.tenant.id}.mobileconfig"`)
      .type('application/x-apple-aspen-config')
      .send(body);
  });
}, { name: 'site-install' });

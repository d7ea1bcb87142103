import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Files of the built site under /m/. Hashed assets are cached for a year; anything else is
 * revalidated. index.html is never served raw: the site routes inject the tenant into it.
 */
export default fp(async (app: FastifyInstance) => {
  const assetsDir = join(app.config.siteDir, 'assets') + sep;
  await app.register(fastifyStatic, {
    root: app.config.siteDir,
    prefix: '/m/',
    index: false,
    wildcard: true,
    decorateReply: false,
    cacheControl: false,
    // The build writes .br and .gz copies (scripts/vite-precompress.ts): sent as they are, by Accept-Encoding.
    preCompressed: true,
    // index.html is rendered per request; the build manifest is the server's, not the public's; the
    // compressed copies are only sent in place of their file.
    allowedPath: (pathName) => pathName !== '/index.html' && !pathName.startsWith('/.vite/') && !/\.(br|gz)$/.test(pathName),
    setHeaders: (reply, path) => {
      reply.header('cache-control', path.startsWith(assetsDir) ? IMMUTABLE : 'no-cache');
    },
  });
}, { name: 'static' });

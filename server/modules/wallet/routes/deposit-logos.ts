import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../../errors';

const LOGO_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
};

/**
 * GET /m/brand/wallet/:file: a deposit channel's logo, a file of the host tenant's `wallet/`
 * folder (else _base's), as the tenant's brand logo is served under /m/brand/ (routes/site).
 * The name is one path segment of safe characters and a known image extension (the params
 * schema), so no request reaches outside that folder.
 */
export default async function depositLogoRoutes(app: FastifyInstance) {
  app.get<{ Params: { file: string } }>(
    '/m/brand/wallet/:file',
    { schema: { params: { $ref: 'wallet.json#/definitions/walletBrandParams' } } },
    async (request, reply) => {
      const type = LOGO_TYPES[extname(request.params.file).toLowerCase()];
      if (!type) throw new ApiError('not.found', 404);
      let body: Buffer | null = null;
      for (const dir of [request.tenant.id, '_base']) {
        try {
          body = await readFile(join(app.config.tenantsDir, dir, 'wallet', request.params.file));
          break;
        } catch {
          // try the next folder
        }
      }
      if (!body) throw new ApiError('not.found', 404);
      reply.header('cache-control', 'public, max-age=3600');
      // An SVG opened directly must not run script in our origin.
      if (type === 'image/svg+xml') reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
      return reply.type(type).send(body);
    },
  );
}

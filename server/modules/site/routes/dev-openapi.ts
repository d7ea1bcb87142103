import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../../errors';
import { REPO_ROOT } from '../../../config';
import { apiRoute } from '../../../lib/route';

/**
 * The `/wps` contract as OpenAPI 3.1 (docs/openapi.json, written by `npm run gen`), for
 * integrators working against a development server. Mounted with `DEV_ROUTES=1` only; otherwise
 * the route does not exist and answers 404.
 */
export default async function openApiRoutes(app: FastifyInstance) {
  if (!app.config.devRoutes) return;
  apiRoute(app, 'dev', 'openapi', {
    handler: async (_request, reply) => {
      const text = await readFile(join(REPO_ROOT, 'docs/openapi.json'), 'utf8').catch(() => null);
      if (text === null) throw new ApiError('not.found', 404);
      return reply.type('application/json; charset=utf-8').send(text);
    },
  });
}

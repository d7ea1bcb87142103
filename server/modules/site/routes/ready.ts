import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../../errors';
import { apiRoute } from '../../../lib/route';

/** How long the database may take to answer before the instance counts as not ready. */
const READY_TIMEOUT_MS = 3000;

/** Readiness: the instance is not shutting down (server/lib/shutdown.ts) and the database answers `SELECT 1`. */
export default async function readyRoutes(app: FastifyInstance) {
  apiRoute(app, 'system', 'ready', {
    handler: async (request) => {
      if (app.lifecycle.phase !== 'serving') throw new ApiError('site.unavailable', 503);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
      });
      try {
        await Promise.race([app.db.orm.execute(sql`SELECT 1`), timeout]);
      } catch (err) {
        request.log.warn({ err }, 'readiness: database does not answer');
        throw new ApiError('site.unavailable', 503);
      } finally {
        clearTimeout(timer);
      }
      return true;
    },
  });
}

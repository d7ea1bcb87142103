import type { FastifyInstance } from 'fastify';
import type { LotteryDraws } from '../../../../src/generated/api/games';
import { apiRoute } from '../../../lib/route';
import { TtlCache } from '../../../lib/ttl-cache';
import { lotteryDraws, lotteryVendor } from '../services/lottery-draws';

/** The vendor's feed is read at most this often per instance and vendor (every visitor sees the same draws). */
const DRAWS_CACHE_MS = 5_000;

/** The lottery pages' next draws and latest results, from the vendor that draws them. */
export default async function lotteryDrawsRoutes(app: FastifyInstance) {
  const cache = new TtlCache<LotteryDraws>(DRAWS_CACHE_MS, 100);
  apiRoute(app, 'games', 'lotteryDraws', {
    handler: async (request, reply) => {
      const tenant = request.tenant;
      const vendor = lotteryVendor(app.config.vendors, tenant);
      reply.header('cache-control', 'no-store');
      if (!vendor) return { available: false, lotteries: [] };
      // A vendor that did not answer is asked again on the next visit, not kept for the cache's time.
      return cache.get(vendor.code, () => lotteryDraws(app.config.vendors, tenant), (value) => value.available);
    },
  });
}

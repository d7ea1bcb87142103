import type { FastifyInstance } from 'fastify';
import type { Winners } from '../../../../src/generated/api/games';
import { langOf } from '../../../lib/lang';
import { apiRoute } from '../../../lib/route';
import { TtlCache } from '../../../lib/ttl-cache';
import { winnersOf } from '../services/winners';

/** The same for every visitor of a merchant, and read on each visit of the page: kept a few seconds per instance. */
const WINNERS_CACHE_MS = 10_000;

/** The winners page's list by period (today, this week, this month). */
export default async function winnersRoutes(app: FastifyInstance) {
  const cache = new TtlCache<Winners>(WINNERS_CACHE_MS, 200);
  apiRoute(app, 'games', 'winners', {
    handler: async (request) => {
      const q = request.query;
      const period = q.period ?? 'today';
      const limit = q.limitNum ?? 20;
      const lang = langOf(request, q.language);
      const key = [request.tenant.merchantCode, period, lang, limit].join('|');
      return cache.get(key, () => winnersOf(app, request.tenant, period, lang, limit));
    },
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Winners } from '../../../../src/generated/api/games';
import type { RankBody, RankQuery } from '../../../../src/generated/api/relay';
import { langOf } from '../../../lib/lang';
import { apiRoute } from '../../../lib/route';
import { TtlCache } from '../../../lib/ttl-cache';
import { DEFAULT_WINNERS_PERIOD, winnersFeed, type WinnersFeedQuery } from '../services/winners';

/** The same for every visitor of a merchant, and read on each visit of home and the page: kept a few seconds per instance. */
const WINNERS_CACHE_MS = 10_000;
/** Spec section 9: the winner board's limit, and the page's default. */
const WINNERS_LIMIT = 20;

/**
 * The winners feed's routes: the winners page's list by period (today, this week, this month) and
 * the home winner board (relay operation GCSGAME_getRankList, by GET query or POST body), which
 * shows the period the page opens on. One feed, one cache: both answer the same wins.
 */
export default async function winnersRoutes(app: FastifyInstance) {
  const cache = new TtlCache<Winners>(WINNERS_CACHE_MS, 200);
  const feed = (request: FastifyRequest, q: WinnersFeedQuery) =>
    cache.get([request.tenant.merchantCode, q.period, q.category, q.lang, q.limit].join('|'), () => winnersFeed(app, request.tenant, q));

  apiRoute(app, 'games', 'winners', {
    handler: async (request) => {
      const q = request.query;
      return feed(request, { period: q.period ?? DEFAULT_WINNERS_PERIOD, category: 'ALL', lang: langOf(request, q.language), limit: q.limitNum ?? WINNERS_LIMIT });
    },
  });

  // The schema's defaults sit behind $refs, which validation does not apply; a POST may have no body at all.
  const board = async (request: FastifyRequest, q: RankQuery | RankBody) => {
    const { list, currencySymbol } = await feed(request, {
      period: DEFAULT_WINNERS_PERIOD,
      category: q?.gameCategory ?? 'ALL',
      lang: langOf(request, q?.language),
      limit: q?.limitNum ?? WINNERS_LIMIT,
    });
    return { list, currencySymbol };
  };
  apiRoute(app, 'relay', 'rankList', { handler: async (request) => board(request, request.query) });
  apiRoute(app, 'relay', 'rankListPost', { handler: async (request) => board(request, request.body) });
}

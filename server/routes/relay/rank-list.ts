import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiRoute } from '../../lib/route';
import { langOf } from '../game/games';
import { toAmount } from '../member/wallet';

interface RankQuery {
  gameCategory: string;
  language?: string;
  limitNum: number;
}

/** The winner board (relay operation GCSGAME_getRankList), by GET query or POST body. */
export default async function rankListRoutes(app: FastifyInstance) {
  const handler = async (request: FastifyRequest, q: RankQuery) => {
    const rows = await app.repos.games.winners(request.tenant.merchantCode, q.gameCategory, langOf(request, q.language), q.limitNum);
    return {
      list: rows.map((w) => ({
        iconUrl: w.iconUrl,
        customerName: w.customerName,
        gameName: w.gameName,
        winAmount: toAmount(w.winAmount),
        currency: w.currency,
        createdAt: w.createdAt.toISOString(),
        nodeId: w.nodeId === null ? null : String(w.nodeId),
        vassalage: w.vassalage,
        gameType: w.gameType,
        gameId: w.gameId,
        supportPlay: w.supportPlay ?? false,
      })),
      currencySymbol: request.tenant.settings.currency.symbol,
    };
  };
  // Defaults are applied by the schema; a POST without a body gets them too.
  const withDefaults = (q: Partial<RankQuery> | null): RankQuery => ({ gameCategory: 'ALL', limitNum: 20, ...q });

  apiRoute(app, 'relay', 'rankList', { handler: async (request) => handler(request, withDefaults(request.query as RankQuery)) });
  apiRoute(app, 'relay', 'rankListPost', { handler: async (request) => handler(request, withDefaults(request.body as RankQuery | null)) });
}

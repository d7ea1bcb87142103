import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RankBody, RankQuery } from '../../../../src/generated/api/relay';
import { langOf } from '../../../lib/lang';
import { toAmount } from '../../../../src/domain/money';
import { apiRoute } from '../../../lib/route';

/** The board's parameters once defaulted: every category, 20 entries. */
type RankParameters = RankQuery & Required<Pick<RankQuery, 'gameCategory' | 'limitNum'>>;

/** The winner board (relay operation GCSGAME_getRankList), by GET query or POST body. */
export default async function rankListRoutes(app: FastifyInstance) {
  const handler = async (request: FastifyRequest, q: RankParameters) => {
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
  // The schema's defaults sit behind $refs, which validation does not apply; a POST may have no body at all.
  const withDefaults = (q: RankQuery | RankBody): RankParameters => ({ gameCategory: 'ALL', limitNum: 20, ...q });

  apiRoute(app, 'relay', 'rankList', { handler: async (request) => handler(request, withDefaults(request.query)) });
  apiRoute(app, 'relay', 'rankListPost', { handler: async (request) => handler(request, withDefaults(request.body)) });
}

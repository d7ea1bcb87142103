import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FavouriteBody } from '../../../../src/generated/api/games';
import { ApiError } from '../../../errors';
import { apiRoute } from '../../../lib/route';
import type { GameRow } from '../../../repositories/games';
import { langOf } from '../../../lib/lang';
import { gameItem, pageOf } from '../../../lib/present';

/** What the favourite and recent-play calls name: a catalogue game and its vendor. */
type GameRef = Pick<FavouriteBody, 'nodeId' | 'vendor'>;

/** The catalogue game a request names; the vendor must be the game's. */
async function namedGame(app: FastifyInstance, request: FastifyRequest, ref: GameRef): Promise<GameRow> {
  const game = await app.repos.games.byNode(request.tenant.merchantCode, Number(ref.nodeId));
  if (!game || game.vassalage !== ref.vendor) throw new ApiError('not.found', 404);
  return game;
}

/** Favourites and recent plays of the member (the catalogue is the host's merchant's). */
export default async function favouriteRoutes(app: FastifyInstance) {
  apiRoute(app, 'games', 'favouriteAdd', {
    handler: async (request) => {
      const game = await namedGame(app, request, request.body);
      await app.repos.playerGames.addFavourite(request.auth!.member.id, game.merchantCode, game.nodeId);
      return true;
    },
  });

  apiRoute(app, 'games', 'favouriteRemove', {
    handler: async (request) => {
      const { nodeId } = request.query;
      await app.repos.playerGames.removeFavourite(request.auth!.member.id, Number(nodeId));
      return true;
    },
  });

  apiRoute(app, 'games', 'favourites', {
    handler: async (request) => {
      const q = request.query;
      const page = q.pageNo ?? 1;
      const lang = langOf(request, q.language);
      const { rows, total } = await app.repos.playerGames.favourites(request.auth!.member.id, request.tenant.merchantCode, q.gameType, page, q.pageSize);
      return { games: rows.map((g) => gameItem(g, lang)), ...pageOf(page, q.pageSize, total) };
    },
  });

  apiRoute(app, 'games', 'favouriteIds', {
    handler: async (request) => (await app.repos.playerGames.favouriteIds(request.auth!.member.id, request.tenant.merchantCode)).map(String),
  });

  apiRoute(app, 'games', 'recentAdd', {
    handler: async (request) => {
      const game = await namedGame(app, request, request.query);
      await app.repos.playerGames.recordPlay(request.auth!.member.id, game.merchantCode, game.nodeId);
      return true;
    },
  });

  apiRoute(app, 'games', 'recent', {
    handler: async (request) => {
      const q = request.query;
      const page = q.page ?? 1;
      const lang = langOf(request, q.language);
      const { rows, total } = await app.repos.playerGames.recent(request.auth!.member.id, request.tenant.merchantCode, q.gameType, page, q.pageSize);
      return { list: rows.map((g) => ({ ...gameItem(g, lang), playedAt: g.playedAt.toISOString() })), ...pageOf(page, q.pageSize, total) };
    },
  });
}

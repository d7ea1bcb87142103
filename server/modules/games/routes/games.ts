import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../../errors';
import { SLOT_TYPES, vendorDisplayName, vendorIconUrl } from '../../../lib/games-catalogue';
import { langOf } from '../../../lib/lang';
import { toAmount, toMinor } from '../../../../src/domain/money';
import { gameItem, hotMatchItem, pageOf } from '../../../lib/present';
import { apiRoute } from '../../../lib/route';
import { markStale, STALE_ON_OUTAGE } from '../../../lib/stale';
import { TtlCache } from '../../../lib/ttl-cache';

/** Game type names of the filter panel (typeId 2). */
const GAME_TYPE_NAMES: Record<string, [en: string, ty: string]> = {
  RNG: ['Slots', 'Mga slot'],
  FISH: ['Fishing', 'Pangingisda'],
  LIVE: ['Live casino', 'Live na casino'],
  PVP: ['Card games', 'Mga baraha'],
  SPORTS: ['Sports', 'Palakasan'],
  ESPORTS: ['E-sports', 'E-palakasan'],
  COCKFIGHT: ['Cockfight', 'Sabong'],
  LOTT: ['Lottery', 'Loterya'],
  ELOTT: ['E-lottery', 'E-loterya'],
};

const blankToUndefined = (s: string | undefined) => (s?.trim() ? s.trim() : undefined);

/**
 * Catalogue answers are cached per instance for a few seconds: the lobby reads them on every
 * visit and they change only when an operator edits the catalogue (then within this delay).
 */
export const LOBBY_CACHE_MS = 10_000;

export default async function gameRoutes(app: FastifyInstance) {
  const cache = new TtlCache<unknown>(LOBBY_CACHE_MS, 2_000);
  /** The answer of `route` for the host's merchant and these parameters, from the cache or `load`. */
  const cached = async <T>(request: FastifyRequest, route: string, params: unknown[], load: () => Promise<T>): Promise<T> => {
    // The database out of reach: the last answer stands in (server/lib/stale.ts).
    const got = await cache.getOrStale(`${route}|${request.tenant.merchantCode}|${JSON.stringify(params)}`, load, STALE_ON_OUTAGE);
    if (got.stale) markStale(request);
    return got.value as T;
  };

  apiRoute(app, 'games', 'list', {
    handler: async (request) => {
      const q = request.query;
      const lang = langOf(request, q.language);
      const page = q.page ?? q.pageNo ?? 1;
      const filter = {
        merchantCode: request.tenant.merchantCode,
        gameType: q.gameType,
        vassalage: q.vassalage,
        classify: q.gameClassify,
        isNew: q.isNew === 1,
        name: blankToUndefined(q.gameName),
        minBet: q.minBet === undefined ? undefined : toMinor(q.minBet),
        minLine: q.minLine,
      };
      return cached(request, 'list', [filter, lang, page, q.pageSize], async () => {
        const { rows, total } = await app.repos.games.list(filter, page, q.pageSize);
        return { games: rows.map((g) => gameItem(g, lang)), ...pageOf(page, q.pageSize, total) };
      });
    },
  });

  apiRoute(app, 'games', 'types', {
    handler: async (request) => {
      const q = request.query;
      const ty = langOf(request, q.language) === 'TY' ? 1 : 0;
      if (q.typeId === 1) {
        return { typeId: 1, list: Object.entries(SLOT_TYPES).map(([code, names]) => ({ code, name: names[ty] })) };
      }
      return cached(request, 'types', [ty], async () => {
        const byType = new Map<string, { vassalage: string; name: string; mobileSmallIcon: string; games: number }[]>();
        for (const v of await app.repos.games.vendors(request.tenant.merchantCode)) {
          const list = byType.get(v.game_type) ?? [];
          list.push({ vassalage: v.code, name: vendorDisplayName(v.code, v.name, ty ? 'TY' : 'EN'), mobileSmallIcon: vendorIconUrl(v.code), games: Number(v.games) });
          byType.set(v.game_type, list);
        }
        const order = Object.keys(GAME_TYPE_NAMES);
        return {
          typeId: 2,
          list: [...byType.entries()]
            .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))
            .map(([code, vendors]) => ({ code, name: GAME_TYPE_NAMES[code]?.[ty] ?? code, vendors })),
        };
      });
    },
  });

  apiRoute(app, 'games', 'categories', {
    handler: async (request) => {
      const tenant = request.tenant;
      const lang = langOf(request, request.query.language);
      const sorting = tenant.categories.sorting as string[];
      const { categories, vendors } = await cached(request, 'categories', [], async () => ({
        categories: await app.repos.games.categories(tenant.merchantCode),
        vendors: await app.repos.games.vendors(tenant.merchantCode),
      }));
      const grouped = new Map<string, { gameType: string; vassalage: string; accountTypeName: string }[]>();
      for (const r of categories) {
        const accountTypeName = vendorDisplayName(r.vassalage, r.accountTypeName, lang);
        grouped.set(r.gameCategory, [...(grouped.get(r.gameCategory) ?? []), { gameType: r.gameType, vassalage: r.vassalage, accountTypeName }]);
      }
      // The tenant's order first, then categories it does not list (a client may still map them).
      const rank = (c: string) => (sorting.includes(c) ? sorting.indexOf(c) : sorting.length);
      const byVendor = new Map<string, { vassalage: string; name: string; mobileSmallIcon: string; gameTypes: string[] }>();
      for (const v of vendors) {
        const entry = byVendor.get(v.code) ?? { vassalage: v.code, name: vendorDisplayName(v.code, v.name, lang), mobileSmallIcon: vendorIconUrl(v.code), gameTypes: [] };
        entry.gameTypes.push(v.game_type);
        byVendor.set(v.code, entry);
      }
      return {
        sorting,
        categories: [...grouped.entries()]
          .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
          .map(([gameCategory, vendorNames]) => ({ gameCategory, vendorNames })),
        vendors: [...byVendor.values()],
      };
    },
  });

  apiRoute(app, 'games', 'hot', {
    handler: async (request) => {
      const q = request.query;
      const lang = langOf(request, q.language);
      const filter = { merchantCode: request.tenant.merchantCode, gameType: q.gameType, name: blankToUndefined(q.gameName) };
      return cached(request, 'hot', [filter, lang], async () => ({ list: (await app.repos.games.hot(filter, 100)).map((g) => gameItem(g, lang)) }));
    },
  });

  apiRoute(app, 'games', 'hotMatches', {
    handler: async (request) =>
      cached(request, 'hotMatches', [], async () => ({ list: (await app.repos.games.hotMatches(request.tenant.merchantCode)).map(hotMatchItem) })),
  });

  apiRoute(app, 'games', 'lottery', {
    handler: async (request) => {
      const q = request.query;
      const lang = langOf(request, q.language);
      return cached(request, 'lottery', [q.prizeMode, lang], async () => ({
        list: (await app.repos.games.lottery(request.tenant.merchantCode, q.prizeMode)).map((g) => gameItem(g, lang)),
      }));
    },
  });

  apiRoute(app, 'games', 'jackpot', {
    handler: async (request, reply) => {
      const jackpot = await app.repos.games.jackpot(request.tenant.merchantCode);
      if (!jackpot) throw new ApiError('not.found', 404);
      // Its value changes every second.
      reply.header('cache-control', 'no-store');
      return {
        amount: toAmount(jackpot.amount),
        perSecond: toAmount(jackpot.perSecond),
        currency: jackpot.currency,
        currencySymbol: request.tenant.settings.currency.symbol,
        asOf: jackpot.asOf.toISOString(),
      };
    },
  });
}

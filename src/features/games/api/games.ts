/**
 * Games (schemas/api/games.json): the catalogue pages, hot games, categories, slot types,
 * favourites, recent plays, hot matches, the jackpot, lottery lists and the launch call. One
 * fetcher and one hook per resource. Paged lists go through `useGamePages` (useSWRInfinite), so
 * that the game list, favourites and recent games page the same way (spec sections 4 and 9).
 */
import { useCallback, useMemo } from 'react';
import type { SWRResponse } from 'swr';
import type { SWRInfiniteResponse } from 'swr/infinite';
import type { Endpoints } from '../../../generated/api/endpoints';
import type {
  Categories,
  GameClassify,
  GameItem,
  GameType,
  Jackpot,
  NodeIds,
  TypeList,
} from '../../../generated/api/games';
import { request, type ApiFailure, type QueryOf, type ResponseOf } from '../../../lib/api/client';
import { resourceKey, useResource, useResourcePages, useResourceSelect, type ResourceKey, type ResourceView } from '../../../lib/api/swr';

export type { Categories, GameClassify, GameItem, GameType, Jackpot, TypeList };

const GAMES_LIST_PATH = '/wps/game/list';
const HOT_GAMES_PATH = '/wps/game/hot';
const FAVOURITES_PATH = '/wps/game/favourites';
const RECENT_PATH = '/wps/game/recent';

/** Spec section 9: games and favourites come 26 to a page, recent games 25. */
export const GAME_PAGE_SIZE = 26;
export const RECENT_PAGE_SIZE = 25;
/** Spec section 7: the platform and client type every game query names. */
const PLATFORM = 'html5';
const CLIENT_TYPE = 2;
const HOT_IS_PLATFORM = 2;

// ---------------------------------------------------------------------------------------------
// Paged lists: one shape for catalogue pages, favourites, recent and hot games.

/** Filters of the catalogue list (spec section 3 filter state, plus the game type). */
export interface GameFilter {
  gameType?: GameType;
  gameClassify?: GameClassify;
  vassalage?: string;
  gameName?: string;
  minBet?: number;
  minLine?: number;
  isNew?: 0 | 1;
}

/** What a paged list shows: which list, with which filters. */
export type GameSource =
  | { kind: 'list'; filter: GameFilter }
  | { kind: 'favourites'; gameType?: GameType }
  | { kind: 'recent'; gameType?: GameType }
  | { kind: 'hot'; gameType?: GameType; gameName?: string };

/** One page of any list, normalised (games / list / content all read as `games`). */
export interface GamesPage {
  games: GameItem[];
  pageNum: number;
  totalPages: number;
}

/** The routes the paged lists read. */
type PageEndpoint = 'GET /wps/game/list' | 'GET /wps/game/favourites' | 'GET /wps/game/recent' | 'GET /wps/game/hot';

/** One page's call: a route's path with its query (typed by the route). */
export type PageRequest = { [K in PageEndpoint]: { path: Endpoints[K]['path']; query: QueryOf<K> } }[PageEndpoint];

/** A page as the server answers it (games, or list for recent and hot games). */
type PageAnswer = ResponseOf<PageEndpoint>;

/** The query of one page of a source (page is 1-based). */
export function pageQuery(source: GameSource, page: number, language: string): PageRequest {
  switch (source.kind) {
    case 'list': {
      const f = source.filter;
      return {
        path: GAMES_LIST_PATH,
        query: {
          platform: PLATFORM,
          gameType: f.gameType,
          gameClassify: f.gameClassify,
          vassalage: f.vassalage,
          gameName: f.gameName?.trim() || undefined,
          minBet: f.minBet,
          minLine: f.minLine,
          isNew: f.isNew === 1 ? 1 : undefined,
          page,
          pageSize: GAME_PAGE_SIZE,
          language,
        },
      };
    }
    case 'favourites':
      return { path: FAVOURITES_PATH, query: { pageNo: page, pageSize: GAME_PAGE_SIZE, gameType: source.gameType, language } };
    case 'recent':
      return {
        path: RECENT_PATH,
        query: { page, pageSize: RECENT_PAGE_SIZE, gameType: source.gameType, language, clientType: CLIENT_TYPE },
      };
    case 'hot':
      return {
        path: HOT_GAMES_PATH,
        query: { isPlatform: HOT_IS_PLATFORM, platform: PLATFORM, gameType: source.gameType, gameName: source.gameName?.trim() || undefined, language },
      };
  }
}

/** Reads any of the spec's paged shapes (games, content or list; pageNum; totalPages). */
export function normalisePage(value: unknown, page: number): GamesPage {
  const v = (value ?? {}) as { games?: GameItem[]; content?: GameItem[]; list?: GameItem[]; pageNum?: number; totalPages?: number };
  const games = v.games ?? v.content ?? v.list ?? [];
  return {
    games,
    pageNum: typeof v.pageNum === 'number' ? v.pageNum : page,
    // A list without paging (hot games) is one page.
    totalPages: typeof v.totalPages === 'number' ? v.totalPages : 1,
  };
}

/** True while the source has pages after `last` (hot games never do). */
export function hasMorePages(source: GameSource, last: GamesPage | undefined): boolean {
  if (!last) return true;
  if (source.kind === 'hot') return false;
  return last.pageNum < last.totalPages && last.games.length > 0;
}

/** The resource key of one page of a source. */
function pageKey(source: GameSource, page: number, language: string, scope: string): ResourceKey<PageEndpoint> {
  const { path, query } = pageQuery(source, page, language);
  return resourceKey(`GET ${path}` as const, query, scope);
}

/**
 * The paged lists' answer to their callers: the pages normalised (`data`); the rest is SWR's, on
 * the pages as cached (the server's answers), which `withoutGame` also edits.
 */
export type GamePages = Omit<SWRInfiniteResponse<PageAnswer, ApiFailure>, 'data'> & { readonly data: GamesPage[] | undefined };

/** Normalised pages per cached page list, so that `data` keeps its identity while the cache does. */
const normalised = new WeakMap<readonly PageAnswer[], GamesPage[]>();

function normalisedPages(pages: PageAnswer[] | undefined): GamesPage[] | undefined {
  if (!pages) return undefined;
  let out = normalised.get(pages);
  if (!out) {
    out = pages.map((p, i) => normalisePage(p, i + 1));
    normalised.set(pages, out);
  }
  return out;
}

/**
 * What a source's pages are cached under besides the query: the member for the per-member lists
 * (recent, favourites), and the restart count. The catalogue's pages are the same for everyone,
 * so their first page can come with the server-rendered page (a shared answer has no scope).
 */
function pageScope(source: GameSource, token: string | null | undefined, epoch: number): string {
  const member = source.kind === 'recent' || source.kind === 'favourites' ? (token ?? '') : '';
  return member || epoch ? `${member}#${epoch}` : '';
}

/**
 * Pages of a source with useSWRInfinite: `setSize(size + 1)` loads the next page and appends it.
 * A null source loads nothing. The token scopes the pages (favourites and recent are per member);
 * the language is in the query (a language change reloads). The first page is not refetched when
 * paging on. `epoch` forces a fresh list from page 1 when it changes (a tab tapped again, a filter
 * resubmitted): it is part of the scope.
 */
export function useGamePages(source: GameSource | null, language: string, token: string | null | undefined, epoch = 0): GamePages {
  const sourceKey = source ? JSON.stringify(source) : '';
  const getKey = useCallback(
    (index: number, previous: PageAnswer | null): ResourceKey<PageEndpoint> | null => {
      if (!source) return null;
      if (index > 0 && !hasMorePages(source, previous ? normalisePage(previous, index) : undefined)) return null;
      return pageKey(source, index + 1, language, pageScope(source, token, epoch));
    },
    // sourceKey stands for source: a new but equal filter object keeps the same key function.
    [sourceKey, language, token, epoch],
  );
  const pages = useResourcePages(getKey, { revalidateFirstPage: false });
  return {
    get data() {
      return normalisedPages(pages.data);
    },
    get error() {
      return pages.error;
    },
    get isLoading() {
      return pages.isLoading;
    },
    get isValidating() {
      return pages.isValidating;
    },
    get size() {
      return pages.size;
    },
    setSize: pages.setSize,
    mutate: pages.mutate,
  };
}

/** The catalogue list of a category (spec: gameType, classification, vendor, name, minimum bet). */
export function useGameList(filter: GameFilter | null, language: string): GamePages {
  return useGamePages(filter ? { kind: 'list', filter } : null, language, null);
}

// ---------------------------------------------------------------------------------------------
// Hot games, categories, slot types

/** Hot games (isPlatform 2), optionally of one game type and matching a name; no paging. */
export function useHotGames(language: string, gameType?: GameType, gameName?: string): ResourceView<GameItem[]> {
  const { query } = pageQuery({ kind: 'hot', gameType, gameName }, 1, language);
  return useResourceSelect(resourceKey('GET /wps/game/hot', query), (v) => v.list);
}

/** The category menu: the server's sorting, each category's vendors, and every vendor. */
export function useGameCategories(language: string): SWRResponse<Categories, ApiFailure> {
  return useResource(resourceKey('GET /wps/game/categories', { language }));
}

/** typeId 1: the slot types of the RNG filter; typeId 2: game types with their vendors; null loads nothing. */
export function useGameTypes(typeId: 1 | 2 | null, language: string): SWRResponse<TypeList, ApiFailure> {
  return useResource(typeId ? resourceKey('GET /wps/game/types', { typeId, language }) : null);
}

// ---------------------------------------------------------------------------------------------
// Favourites

/** What the favourite calls name: the game's node and its vendor. */
interface GameRef {
  nodeId: string;
  vassalage: string;
}

function postFavourite(game: GameRef): Promise<unknown> {
  return request('POST', FAVOURITES_PATH, { body: { nodeId: game.nodeId, vendor: game.vassalage } });
}

function deleteFavourite(game: GameRef): Promise<unknown> {
  return request('DELETE', FAVOURITES_PATH, { query: { nodeId: game.nodeId, vendor: game.vassalage } });
}

/** The SWR key of the member's favourite ids (shared: every star on the page reads the same entry). */
function favouriteIdsKey(token: string | null | undefined): ResourceKey<'GET /wps/game/favourites/ids'> | null {
  return token ? resourceKey('GET /wps/game/favourites/ids', null, token) : null;
}

function useFavouriteIds(token: string | null | undefined): SWRResponse<NodeIds, ApiFailure> {
  return useResource(favouriteIdsKey(token));
}

export interface Favourites {
  /** Node ids of the member's favourites (empty for a visitor or while loading). */
  ids: ReadonlySet<string>;
  isFavourite(nodeId: string): boolean;
  /** Adds a favourite; skipped when it is one already (spec section 4). */
  add(game: GameRef): Promise<void>;
  /** Removes it from the local list at once, then calls the server; a failure restores the list. */
  remove(game: GameRef): Promise<void>;
  /** add or remove, whichever applies. */
  toggle(game: GameRef): Promise<void>;
}

/**
 * The member's favourites with the spec's rules (section 4): adding is skipped if present, removal
 * is immediate locally (a new array of the cached ids) and then the server is called.
 * Visitors must be sent to /m/login by the caller before calling add or remove.
 */
export function useFavourites(token: string | null | undefined): Favourites {
  const { data, mutate } = useFavouriteIds(token);
  const ids = useMemo(() => new Set(data ?? []), [data]);

  const add = useCallback(
    async (game: GameRef) => {
      if (!token || ids.has(game.nodeId)) return;
      await mutate(
        async (current) => {
          await postFavourite(game);
          const list = current ?? [];
          return list.includes(game.nodeId) ? list : [game.nodeId, ...list];
        },
        {
          optimisticData: (current) => [game.nodeId, ...(current ?? [])],
          rollbackOnError: true,
          revalidate: false,
          populateCache: true,
        },
      );
    },
    [ids, mutate, token],
  );

  const remove = useCallback(
    async (game: GameRef) => {
      if (!token) return;
      // Local first: the star turns off before the server answers.
      await mutate(
        (current) => {
          // The first occurrence goes, as a tap on a lit star removes one entry.
          const list = current ?? [];
          const i = list.indexOf(game.nodeId);
          return i === -1 ? list : [...list.slice(0, i), ...list.slice(i + 1)];
        },
        { revalidate: false },
      );
      try {
        await deleteFavourite(game);
      } catch (err) {
        await mutate();
        throw err;
      }
    },
    [mutate, token],
  );

  const toggle = useCallback((game: GameRef) => (ids.has(game.nodeId) ? remove(game) : add(game)), [add, ids, remove]);
  const isFavourite = useCallback((nodeId: string) => ids.has(nodeId), [ids]);
  return useMemo(() => ({ ids, isFavourite, add, remove, toggle }), [ids, isFavourite, add, remove, toggle]);
}

/** A page of any list, cached or normalised: its games are in `games`, or in `list` (recent, hot). */
type ListedPage = { games: GameItem[] } | { list: GameItem[] };

/** Pages without one game (a favourite removed on the favourites tab disappears at once). */
export function withoutGame<P extends ListedPage>(pages: P[] | undefined, nodeId: string): P[] | undefined {
  if (!pages) return pages;
  // Pages without the game are kept as they are (same object), so their readers do not re-render.
  return pages.map((page) => {
    const games: readonly { nodeId: string }[] = 'games' in page ? page.games : page.list;
    const i = games.findIndex((g) => g.nodeId === nodeId);
    if (i === -1) return page;
    const rest = [...games.slice(0, i), ...games.slice(i + 1)];
    return ('games' in page ? { ...page, games: rest } : { ...page, list: rest }) as P;
  });
}

// ---------------------------------------------------------------------------------------------
// Jackpot

export function useJackpot(): SWRResponse<Jackpot, ApiFailure> {
  return useResource(resourceKey('GET /wps/game/jackpot'));
}

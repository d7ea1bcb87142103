/**
 * The game list's tab and filter rules (spec section 4), as a pure reducer so they are tested
 * without a browser:
 * - changing tab (all, hot, recent, fav) resets to page 1 and reloads; all lists every game of the
 *   category (classification ALL), 26 to a page. (The spec's "all on the slot type selects NEW"
 *   showed slot players only the few games marked new under "all": the NEW classification is the
 *   filter panel's choice instead);
 * - a vendor tab reloads with that vendor;
 * - choosing a classification clears the search text and reloads;
 * - a search covers the whole category: it lands on the all tab with no vendor, classification or
 *   minimum bet narrowing it (the server searches every page); clearing it keeps the tab.
 * "Reset to page 1" falls out of the source key: a new key starts useSWRInfinite at one page.
 */
import { isCatalogueGameType } from '../../src/domain/game-types';
import type { GameClassify, GameSource, GameType } from '../../src/features/games';
import { href } from '../../src/lib/routes';

export type GameListTab = 'all' | 'vendor' | 'hot' | 'recent' | 'fav';

/** Spec section 3 filter state. */
interface GameListFilter {
  gameClassify: GameClassify;
  /** Minimum bet, currency units; null: all. */
  minBet: number | null;
  /** Vendor code; '' on the all tab. */
  vassalage: string;
  gameName: string;
}

export interface GameListState {
  gameType: GameType;
  tab: GameListTab;
  filter: GameListFilter;
  /** Bumped on every explicit reload (tab tap, classification, filter submit): the list refetches. */
  reload: number;
}

export type GameListAction =
  | { type: 'tab'; tab: 'all' | 'hot' | 'recent' | 'fav' }
  | { type: 'vendor'; vassalage: string }
  | { type: 'classify'; gameClassify: GameClassify }
  | { type: 'search'; gameName: string }
  | { type: 'apply'; vassalage: string; gameClassify: GameClassify; minBet: number | null }
  | { type: 'reset' };

/** The slot category: its filter panel offers slot types and minimum bets. */
export const SLOT_TYPE: GameType = 'RNG';

/** The classification of the all tab, in every category: every game. */
export const ALL_TAB_CLASSIFY: GameClassify = 'ALL';

export function initialState(gameType: GameType, vassalage = ''): GameListState {
  return {
    gameType,
    tab: vassalage ? 'vendor' : 'all',
    filter: { gameClassify: ALL_TAB_CLASSIFY, minBet: null, vassalage, gameName: '' },
    reload: 0,
  };
}

/** The list tab a filter lands on: the vendor's tab, or all. */
function listTab(vassalage: string): GameListTab {
  return vassalage ? 'vendor' : 'all';
}

export function reducer(state: GameListState, action: GameListAction): GameListState {
  const reload = state.reload + 1;
  switch (action.type) {
    case 'tab':
      if (action.tab === 'all') {
        return {
          ...state,
          tab: 'all',
          filter: { ...state.filter, vassalage: '', gameClassify: ALL_TAB_CLASSIFY },
          reload,
        };
      }
      return { ...state, tab: action.tab, reload };
    case 'vendor':
      if (!action.vassalage) return reducer(state, { type: 'tab', tab: 'all' });
      return { ...state, tab: 'vendor', filter: { ...state.filter, vassalage: action.vassalage, gameClassify: 'ALL' }, reload };
    case 'classify':
      return {
        ...state,
        tab: state.tab === 'hot' || state.tab === 'recent' || state.tab === 'fav' ? listTab(state.filter.vassalage) : state.tab,
        filter: { ...state.filter, gameClassify: action.gameClassify, gameName: '' },
        reload,
      };
    case 'search': {
      const gameName = action.gameName.trim();
      // Cleared: the tab as it was, without the name.
      if (!gameName) return { ...state, filter: { ...state.filter, gameName: '' }, reload };
      // A name is looked for in the whole category: every vendor, classification and stake.
      return { ...state, tab: 'all', filter: { gameClassify: ALL_TAB_CLASSIFY, minBet: null, vassalage: '', gameName }, reload };
    }
    case 'apply': {
      const classifyChanged = action.gameClassify !== state.filter.gameClassify;
      return {
        ...state,
        tab: listTab(action.vassalage),
        filter: {
          gameClassify: action.gameClassify,
          minBet: state.gameType === SLOT_TYPE ? action.minBet : null,
          vassalage: action.vassalage,
          gameName: classifyChanged ? '' : state.filter.gameName,
        },
        reload,
      };
    }
    case 'reset':
      return { ...initialState(state.gameType), reload };
  }
}

/** What the list shows for a state. */
export function sourceOf(state: GameListState): GameSource {
  const { gameType, filter } = state;
  switch (state.tab) {
    case 'hot':
      return { kind: 'hot', gameType, gameName: filter.gameName || undefined };
    case 'recent':
      return { kind: 'recent', gameType };
    case 'fav':
      return { kind: 'favourites', gameType };
    case 'all':
    case 'vendor':
      return {
        kind: 'list',
        filter: {
          gameType,
          gameClassify: filter.gameClassify,
          vassalage: filter.vassalage || undefined,
          gameName: filter.gameName || undefined,
          minBet: filter.minBet ?? undefined,
        },
      };
  }
}

/**
 * The category and vendor a route names: ?gameType= wins; /m/slotsCenter is slots (its
 * ?vassalage= preselects the vendor); the lottery routes are lottery; else the fallback.
 */
export function routeSelection(pathname: string, search: URLSearchParams, fallback: GameType): { gameType: GameType; vassalage: string } {
  const named = search.get('gameType')?.toUpperCase();
  const vassalage = (search.get('vassalage') ?? '').toUpperCase();
  const validVendor = /^[A-Z0-9_]{2,20}$/.test(vassalage) ? vassalage : '';
  if (isCatalogueGameType(named)) return { gameType: named, vassalage: validVendor };
  if (pathname.startsWith(href('slotsCenter'))) return { gameType: 'RNG', vassalage: validVendor };
  if (/^\/m\/(lottery|moreLottery|startLottery)/.test(pathname)) return { gameType: 'LOTT', vassalage: validVendor };
  return { gameType: fallback, vassalage: validVendor };
}

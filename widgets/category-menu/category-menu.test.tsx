// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Categories, GameFilter } from '../../src/features/games';
import { emitLanguageChange, LANGUAGE_DEBOUNCE_MS } from '../../src/lib/language';
import { renderWithRuntime, TY } from '../../tests/renderer/harness';
import CategoryMenuView from './category-menu';
import { buildCategoryMenu, inhouseVendor, panelKind, type CategoryMapping, type VendorEntry } from './rules';

const launch = vi.fn((..._args: unknown[]) => Promise.resolve('window'));
vi.mock('../../src/features/games/launch', () => ({ useLaunchGame: () => launch }));

const calls = { categories: [] as string[], list: [] as (GameFilter | null)[], hot: [] as [string, string | undefined, string | undefined][] };
let categories: Categories | undefined;
let hotGames: { nodeId: string; gameName: string }[] = [];
vi.mock('../../src/features/games/api/games', () => ({
  useGameCategories: (lang: string) => {
    calls.categories.push(lang);
    return { data: categories };
  },
  useGameList: (filter: GameFilter | null) => {
    calls.list.push(filter);
    return { data: [{ games: [], pageNum: 1, totalPages: 0 }], isLoading: false };
  },
  useHotGames: (lang: string, gameType?: string, gameName?: string) => {
    calls.hot.push([lang, gameType, gameName]);
    return { data: hotGames, isLoading: false };
  },
}));

const v = (gameType: string, vassalage: string): VendorEntry => ({ gameType, vassalage, accountTypeName: `${vassalage} name` });

const MAPPING: CategoryMapping[] = [
  { gameCategory: 'SPORTS', vendorNames: [v('SPORTS', 'PITCHLINE'), v('COCKFIGHT', 'DS88'), v('ESPORTS', 'TF'), v('SPORTS', 'GOALPOST')] },
  { gameCategory: 'LIVE', vendorNames: [v('LIVE', 'VELVETLIVE')] },
  { gameCategory: 'INHOUSE', vendorNames: [v('RNG', 'HOUSE')] },
  { gameCategory: 'LOTT', vendorNames: [v('LOTT', 'TCG_SEA'), v('LOTT', 'LOTT')] },
  { gameCategory: 'COCKFIGHT', vendorNames: [v('COCKFIGHT', 'DS88'), v('COCKFIGHT', 'SABONG')] },
];

const codes = (sorting: string[], mapping = MAPPING) => buildCategoryMenu(sorting, mapping).map((c) => c.code);

beforeEach(() => {
  calls.categories.length = 0;
  calls.list.length = 0;
  calls.hot.length = 0;
  hotGames = [];
  launch.mockClear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('category menu order', () => {
  it('follows the server sorting and adds HOT first when it is missing', () => {
    expect(codes(['LIVE', 'RNG', 'FISH'])).toEqual(['HOT', 'LIVE', 'RNG', 'FISH']);
    expect(codes(['LIVE', 'HOT', 'RNG'])).toEqual(['LIVE', 'HOT', 'RNG']);
    expect(codes([])).toEqual(['HOT']);
  });

  it('splits SPORTS into COCKFIGHT just before it and ESPORTS just after it', () => {
    expect(codes(['HOT', 'SPORTS', 'LIVE', 'RNG'])).toEqual(['HOT', 'COCKFIGHT', 'SPORTS', 'ESPORTS', 'LIVE', 'RNG']);
    expect(codes(['LIVE', 'RNG', 'SPORTS'])).toEqual(['HOT', 'LIVE', 'RNG', 'COCKFIGHT', 'SPORTS', 'ESPORTS']);
  });

  it('moves a separately sorted COCKFIGHT or ESPORTS to the split positions (no duplicates)', () => {
    expect(codes(['ESPORTS', 'HOT', 'LIVE', 'SPORTS', 'COCKFIGHT'])).toEqual(['HOT', 'LIVE', 'COCKFIGHT', 'SPORTS', 'ESPORTS']);
  });

  it('splits only what SPORTS carries, and leaves the rest where the sorting puts it', () => {
    const onlyEsports: CategoryMapping[] = [{ gameCategory: 'SPORTS', vendorNames: [v('SPORTS', 'A'), v('ESPORTS', 'TF')] }];
    expect(codes(['COCKFIGHT', 'SPORTS', 'LIVE'], onlyEsports)).toEqual(['HOT', 'COCKFIGHT', 'SPORTS', 'ESPORTS', 'LIVE']);
    expect(codes(['SPORTS', 'LIVE'], [])).toEqual(['HOT', 'SPORTS', 'LIVE']);
    expect(codes(['LIVE', 'ESPORTS'], [])).toEqual(['HOT', 'LIVE', 'ESPORTS']);
  });

  it('drops unknown and repeated codes', () => {
    expect(codes(['HOT', 'BINGO', 'LIVE', 'LIVE', 'hot'])).toEqual(['HOT', 'LIVE']);
  });

  it('gives each split tab its vendors (SPORTS keeps only its own)', () => {
    const menu = buildCategoryMenu(['SPORTS'], MAPPING);
    const vendors = Object.fromEntries(menu.map((c) => [c.code, c.vendors.map((x) => x.vassalage)]));
    expect(vendors).toEqual({ HOT: [], COCKFIGHT: ['DS88', 'SABONG'], SPORTS: ['PITCHLINE', 'GOALPOST'], ESPORTS: ['TF'] });
  });

  it('panels: HOT searches, RNG/PVP/LIVE/FISH list by game type, INHOUSE lists the in-house vendor, others list vendors', () => {
    expect(panelKind('HOT')).toBe('hot');
    expect(['RNG', 'PVP', 'LIVE', 'FISH'].map((c) => panelKind(c as 'RNG'))).toEqual(['gameType', 'gameType', 'gameType', 'gameType']);
    expect(panelKind('INHOUSE')).toBe('inhouse');
    expect(['SPORTS', 'ESPORTS', 'COCKFIGHT', 'ELOTT', 'LOTT'].map((c) => panelKind(c as 'LOTT'))).toEqual(Array(5).fill('vendors'));
    expect(inhouseVendor({ code: 'INHOUSE', vendors: [v('RNG', 'HOUSE')] })).toBe('HOUSE');
    expect(inhouseVendor(undefined)).toBe('INHOUSE');
  });
});

describe('category menu', () => {
  beforeEach(() => {
    categories = {
      sorting: ['SPORTS', 'LIVE', 'RNG', 'INHOUSE', 'LOTT'],
      categories: MAPPING,
      vendors: [{ vassalage: 'TCG_SEA', name: 'TCG SEA', mobileSmallIcon: '/icons/tcg.png', gameTypes: ['LOTT'] }],
    };
  });

  it('shows the tabs in the menu order, HOT selected with a game-name search above the hot games', () => {
    renderWithRuntime(<CategoryMenuView gamesShown={12} />);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(
      ['HOT', 'COCKFIGHT', 'SPORTS', 'ESPORTS', 'LIVE', 'RNG', 'INHOUSE', 'LOTT'].map((c) => TY[`cat_${c}`]),
    );
    expect(tabs[0].getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('searchbox', { name: TY.search_game_name })).toBeTruthy();
    expect(calls.hot.at(-1)).toEqual(['TY', undefined, undefined]);
  });

  it('shows the first gamesShown hot games and a button for the rest; a name search shows every match', () => {
    vi.useFakeTimers();
    hotGames = Array.from({ length: 20 }, (_, i) => ({ nodeId: String(i + 1), gameName: `Game ${i + 1}` }));
    renderWithRuntime(<CategoryMenuView gamesShown={12} />);
    const tiles = () => document.querySelectorAll('.category-menu__grid > li').length;
    expect(tiles()).toBe(12);
    fireEvent.click(screen.getByRole('button', { name: TY.more_games }));
    expect(tiles()).toBe(20);
    expect(screen.queryByRole('button', { name: TY.more_games })).toBeNull();
    cleanup();
    renderWithRuntime(<CategoryMenuView gamesShown={12} />);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'Game' } });
    act(() => vi.advanceTimersByTime(300));
    expect(tiles()).toBe(20);
    expect(screen.queryByRole('button', { name: TY.more_games })).toBeNull();
  });

  it('searches hot games by name after the typing pauses', () => {
    vi.useFakeTimers();
    renderWithRuntime(<CategoryMenuView gamesShown={12} />);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: ' Dragon ' } });
    act(() => vi.advanceTimersByTime(300));
    expect(calls.hot.at(-1)).toEqual(['TY', undefined, 'Dragon']);
  });

  it('LIVE and RNG load a game list by game type; INHOUSE loads RNG games of the in-house vendor', () => {
    renderWithRuntime(<CategoryMenuView gamesShown={12} />);
    fireEvent.click(screen.getByRole('tab', { name: TY.cat_LIVE }));
    expect(calls.list.at(-1)).toEqual({ gameType: 'LIVE' });
    fireEvent.click(screen.getByRole('tab', { name: TY.cat_RNG }));
    expect(calls.list.at(-1)).toEqual({ gameType: 'RNG' });
    fireEvent.click(screen.getByRole('tab', { name: TY.cat_INHOUSE }));
    expect(calls.list.at(-1)).toEqual({ gameType: 'RNG', vassalage: 'HOUSE' });
  });

  it('other categories list their vendors; a vendor opens its lobby', () => {
    renderWithRuntime(<CategoryMenuView gamesShown={12} />);
    fireEvent.click(screen.getByRole('tab', { name: TY.cat_COCKFIGHT }));
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getAllByRole('button').map((b) => b.textContent)).toEqual(['DS88 name', 'SABONG name']);
    fireEvent.click(screen.getByRole('tab', { name: TY.cat_LOTT }));
    const lott = within(screen.getByRole('tabpanel')).getAllByRole('button');
    expect(lott[0].querySelector('img')?.getAttribute('src')).toBe('/icons/tcg.png');
    expect(lott[1].querySelector('img')?.getAttribute('src')).toBe('/wps/game/icon/vendor/LOTT.png');
    fireEvent.click(lott[0]);
    expect(launch).toHaveBeenCalledWith({ vassalage: 'TCG_SEA', gameType: 'LOTT' });
  });

  it('arrow keys move between tabs', () => {
    renderWithRuntime(<CategoryMenuView gamesShown={12} />);
    fireEvent.keyDown(screen.getAllByRole('tab')[0], { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: TY.cat_COCKFIGHT }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(screen.getAllByRole('tab')[1], { key: 'ArrowLeft' });
    fireEvent.keyDown(screen.getAllByRole('tab')[0], { key: 'ArrowLeft' });
    expect(screen.getByRole('tab', { name: TY.cat_LOTT }).getAttribute('aria-selected')).toBe('true');
  });

  it('reloads the vendors and hot games 200 ms after a language change', () => {
    vi.useFakeTimers();
    renderWithRuntime(<CategoryMenuView gamesShown={12} />);
    expect(calls.categories.at(-1)).toBe('TY');
    act(() => emitLanguageChange('EN'));
    act(() => vi.advanceTimersByTime(LANGUAGE_DEBOUNCE_MS - 1));
    expect(calls.categories.at(-1)).toBe('TY');
    act(() => vi.advanceTimersByTime(1));
    expect(calls.categories.at(-1)).toBe('EN');
    expect(calls.hot.at(-1)?.[0]).toBe('EN');
  });
});

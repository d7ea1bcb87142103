// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { request, type RequestOptions } from '../../src/lib/api/client';
import type { GameItem } from '../../src/features/games';
import { feedbackStore } from '../../src/lib/feedback';
import { emitLanguageChange } from '../../src/lib/language';
import { clearSession, SESSION_KEY } from '../../src/lib/session';
import { useMemberScope } from '../../src/lib/runtime';
import { useMemberInfo } from '../../src/features/account';
import { TY } from '../../tests/renderer/harness';
import { callsTo, renderForm, scriptApi, type Call, type Handler } from '../../tests/forms/helpers';
import manifest from './index';

vi.mock('../../src/lib/api/client', async (importOriginal) => {
  const request = vi.fn();
  return {
    ...(await importOriginal<Record<string, unknown>>()),
    request,
    swrFetcher: ([path, query]: [string, Record<string, unknown>?]) => request('GET', path, { query }),
  };
});

const GameList = manifest.component;
const LIST = 'GET /wps/game/list';
const HOT = 'GET /wps/game/hot';
const RECENT = 'GET /wps/game/recent';
const FAVS = 'GET /wps/game/favourites';
const FAV_IDS = 'GET /wps/game/favourites/ids';
const FAV_ADD = 'POST /wps/game/favourites';
const FAV_DEL = 'DELETE /wps/game/favourites';

function game(nodeId: number, vassalage = 'NEONSPIN'): GameItem {
  return {
    nodeId: String(nodeId),
    gameName: `Game ${nodeId}`,
    nodeName: `Game ${nodeId}`,
    vassalage,
    gameType: 'RNG',
    gameId: `${vassalage}-${nodeId}`,
    roomId: null,
    supportPlay: false,
    iconUrl: `/wps/game/icon/${nodeId}.png`,
    mobileSmallIcon: `/wps/game/icon/${nodeId}.png`,
    mobileLargeIcon: `/wps/game/icon/${nodeId}.png?size=240`,
    gameClassifyNew: false,
    isHot: false,
    slotType: 'VIDEO',
    minBet: 0.1,
    minLine: 1,
    prizeMode: null,
    lottoMode: null,
  };
}

/** A page of `size` games numbered from page * 1000. */
function page(pageNum: number, totalPages: number, size = 26) {
  return {
    games: Array.from({ length: size }, (_, i) => game(pageNum * 1000 + i)),
    pageNum,
    pageSize: size,
    totalPages,
    total: totalPages * size,
  };
}

const CATEGORIES = {
  sorting: ['HOT', 'RNG', 'FISH'],
  categories: [
    { gameCategory: 'RNG', vendorNames: [{ gameType: 'RNG', vassalage: 'NEONSPIN', accountTypeName: 'Neon Spin' }, { gameType: 'RNG', vassalage: 'JADEPLAY', accountTypeName: 'Jade Play' }] },
    { gameCategory: 'FISH', vendorNames: [{ gameType: 'FISH', vassalage: 'REEFHUNT', accountTypeName: 'Reef Hunters' }] },
  ],
  vendors: [
    { vassalage: 'NEONSPIN', name: 'Neon Spin', mobileSmallIcon: '', gameTypes: ['RNG'] },
    { vassalage: 'JADEPLAY', name: 'Jade Play', mobileSmallIcon: '', gameTypes: ['RNG'] },
    { vassalage: 'REEFHUNT', name: 'Reef Hunters', mobileSmallIcon: '', gameTypes: ['FISH'] },
  ],
};
const SLOT_TYPES = { typeId: 1, list: [{ code: 'CLASSIC', name: 'Klasiko' }, { code: 'VIDEO', name: 'Video slot' }] };
const MEMBER_INFO = { id: 7, account: 'juan', type: 0, regDate: '2026-01-01T00:00:00.000Z', toUpline: null, passwordSet: true };

function api(handlers: Record<string, Handler>): Call[] {
  return scriptApi(request, {
    'GET /wps/game/categories': () => CATEGORIES,
    'GET /wps/game/types': () => SLOT_TYPES,
    [FAV_IDS]: () => [],
    'GET /wps/member/info': () => MEMBER_INFO,
    ...handlers,
  });
}

const q = (c: Call) => (c.opts as RequestOptions).query ?? {};

function member() {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'tok-0123456789abcdef', merchantCode: 'fixture01', userName: 'juan', type: 0, firstTimeLogin: false }));
}

function show(route = '/m/gameList?gameType=RNG', extra: { onRequireLogin?: () => void; children?: React.ReactNode } = {}) {
  const onRequireLogin = extra.onRequireLogin ?? vi.fn();
  const view = renderForm(<GameList>{extra.children}</GameList>, { route, onRequireLogin });
  return { ...view, onRequireLogin };
}

/** A deferred answer: the test decides when the server replies. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const tiles = () => document.querySelectorAll('.game-list__grid > li');
const wait = (ms: number) => act(() => new Promise((r) => setTimeout(r, ms)));

beforeAll(async () => {
  // The widget's code loads lazily: one render waits for the chunk, later ones are synchronous.
  api({ [LIST]: () => page(1, 1) });
  const view = renderForm(<GameList />, { route: '/m/gameList?gameType=RNG' });
  await wait(50);
  view.unmount();
});

beforeEach(() => clearSession());

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  feedbackStore.toasts.splice(0);
  feedbackStore.loading = null;
  vi.clearAllMocks();
});

describe('game-list: loading and paging', () => {
  it('loads page 1 of 26 of every game of the category (classification ALL) on the all tab, slots included', async () => {
    const calls = api({ [LIST]: () => page(1, 1) });
    show('/m/gameList?gameType=RNG');
    await waitFor(() => expect(tiles()).toHaveLength(26));
    expect(q(callsTo(calls, LIST)[0])).toMatchObject({ gameType: 'RNG', gameClassify: 'ALL', page: 1, pageSize: 26, platform: 'html5', language: 'TY' });
    expect(q(callsTo(calls, LIST)[0]).isNew).toBeUndefined();
    cleanup();

    const fish = api({ [LIST]: () => page(1, 1, 3) });
    show('/m/gameList?gameType=FISH');
    await waitFor(() => expect(tiles()).toHaveLength(3));
    expect(q(callsTo(fish, LIST)[0])).toMatchObject({ gameType: 'FISH', gameClassify: 'ALL' });
    // Slot type and minimum bet are for slots only.
    fireEvent.click(screen.getByRole('button', { name: TY.filter }));
    const panel = screen.getByRole('dialog');
    expect(within(panel).queryByText(TY.slot_type)).toBeNull();
    expect(within(panel).queryByText(TY.minimum_bet)).toBeNull();
  });

  it('loads the next page near the bottom, at most once per 1000 ms, appending', async () => {
    const times: number[] = [];
    const calls = api({
      [LIST]: (opts) => {
        times.push(Date.now());
        return page(Number(opts.query?.page), 3);
      },
    });
    show();
    // jsdom has no layout: the page is always "within 500 px of the bottom".
    await waitFor(() => expect(tiles()).toHaveLength(78), { timeout: 10_000 });
    const pages = callsTo(calls, LIST).map((c) => q(c).page);
    expect(pages).toEqual([1, 2, 3]);
    expect(times[2] - times[1]).toBeGreaterThanOrEqual(950);
    await wait(1200);
    // totalPages reached: no page 4.
    expect(callsTo(calls, LIST)).toHaveLength(3);
    expect(screen.getByText(TY.no_more)).toBeTruthy();
  });

  it('a load failure stops paging and offers loading_failed_retry', async () => {
    let failPage2 = true;
    const calls = api({
      [LIST]: (opts) => {
        const n = Number(opts.query?.page);
        if (n === 2 && failPage2) throw new Error('boom');
        return page(n, 3);
      },
    });
    show();
    const retry = await screen.findByRole('button', { name: TY.loading_failed_retry }, { timeout: 3000 });
    expect(tiles()).toHaveLength(26);
    await wait(1300);
    expect(callsTo(calls, LIST).map((c) => q(c).page)).toEqual([1, 2]);
    failPage2 = false;
    fireEvent.click(retry);
    await waitFor(() => expect(tiles().length).toBeGreaterThanOrEqual(52), { timeout: 3000 });
  });

  it('hot has no further pages and shows a loading notice', async () => {
    const hot = deferred<unknown>();
    const calls = api({ [LIST]: () => page(1, 5), [HOT]: () => hot.promise });
    show();
    await waitFor(() => expect(tiles().length).toBeGreaterThan(0));
    fireEvent.click(screen.getByRole('tab', { name: TY.hot }));
    await waitFor(() => expect(feedbackStore.loading).toBe('loading'));
    hot.resolve({ list: page(1, 1, 30).games });
    await waitFor(() => expect(tiles()).toHaveLength(30));
    await waitFor(() => expect(feedbackStore.loading).toBeNull());
    await wait(1200);
    expect(callsTo(calls, HOT)).toHaveLength(1);
    expect(q(callsTo(calls, HOT)[0])).toMatchObject({ isPlatform: 2, gameType: 'RNG', platform: 'html5' });
  });

  it('recent pages by 25 with a loading notice; a tab change resets to page 1', async () => {
    member();
    const recent = deferred<unknown>();
    const calls = api({
      [LIST]: (opts) => page(Number(opts.query?.page), 5),
      [RECENT]: (opts) => (opts.query?.page === 1 ? recent.promise : { list: page(2, 2, 25).games, pageNum: 2, pageSize: 25, totalPages: 2, total: 50 }),
    });
    show();
    await waitFor(() => expect(callsTo(calls, LIST).length).toBeGreaterThanOrEqual(2), { timeout: 3000 });
    fireEvent.click(screen.getByRole('tab', { name: TY.recent }));
    await waitFor(() => expect(feedbackStore.loading).toBe('loading'));
    recent.resolve({ list: page(1, 2, 25).games, pageNum: 1, pageSize: 25, totalPages: 2, total: 50 });
    await waitFor(() => expect(tiles()).toHaveLength(50), { timeout: 3000 });
    expect(callsTo(calls, RECENT).map((c) => q(c))).toEqual([
      expect.objectContaining({ page: 1, pageSize: 25, clientType: 2, gameType: 'RNG' }),
      expect.objectContaining({ page: 2, pageSize: 25 }),
    ]);
    // Back to all: page 1 again, reloaded.
    const before = callsTo(calls, LIST).length;
    fireEvent.click(screen.getByRole('tab', { name: TY.all }));
    await waitFor(() => expect(callsTo(calls, LIST).length).toBeGreaterThan(before));
    expect(q(callsTo(calls, LIST)[before])).toMatchObject({ page: 1, gameClassify: 'ALL' });
  });

  it('a vendor tab reloads from page 1 with that vendor and classification ALL', async () => {
    const calls = api({ [LIST]: (opts) => page(Number(opts.query?.page), 1) });
    show();
    await waitFor(() => expect(tiles()).toHaveLength(26));
    fireEvent.click(await screen.findByRole('tab', { name: 'Jade Play' }));
    await waitFor(() => expect(callsTo(calls, LIST)).toHaveLength(2));
    expect(q(callsTo(calls, LIST)[1])).toMatchObject({ page: 1, vassalage: 'JADEPLAY', gameClassify: 'ALL' });
    expect(screen.getByRole('tab', { name: 'Jade Play' }).getAttribute('aria-selected')).toBe('true');
  });

  it('/m/slotsCenter?vassalage= preselects the vendor', async () => {
    const calls = api({ [LIST]: () => page(1, 1, 2) });
    show('/m/slotsCenter?vassalage=NEONSPIN');
    await waitFor(() => expect(tiles()).toHaveLength(2));
    expect(q(callsTo(calls, LIST)[0])).toMatchObject({ gameType: 'RNG', vassalage: 'NEONSPIN', gameClassify: 'ALL' });
    expect(screen.getByRole('tab', { name: 'Neon Spin' }).getAttribute('aria-selected')).toBe('true');
  });

  it('search sends the name; choosing a classification clears the search text and reloads', async () => {
    const calls = api({ [LIST]: () => page(1, 1, 2) });
    show();
    await waitFor(() => expect(tiles()).toHaveLength(2));
    const box = screen.getByRole('searchbox', { name: TY.search_game_name }) as HTMLInputElement;
    fireEvent.change(box, { target: { value: 'dragon' } });
    fireEvent.click(screen.getByRole('button', { name: TY.search }));
    await waitFor(() => expect(callsTo(calls, LIST)).toHaveLength(2));
    expect(q(callsTo(calls, LIST)[1])).toMatchObject({ gameName: 'dragon', page: 1 });

    fireEvent.click(screen.getByRole('button', { name: TY.filter }));
    const panel = screen.getByRole('dialog');
    fireEvent.click(within(panel).getByRole('button', { name: 'Klasiko' }));
    fireEvent.click(within(panel).getByRole('button', { name: '0.05' }));
    fireEvent.click(within(panel).getByRole('button', { name: TY.submit }));
    await waitFor(() => expect(callsTo(calls, LIST)).toHaveLength(3));
    expect(q(callsTo(calls, LIST)[2])).toMatchObject({ gameClassify: 'CLASSIC', minBet: 0.05, page: 1 });
    expect(q(callsTo(calls, LIST)[2]).gameName).toBeUndefined();
    expect(box.value).toBe('');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a search covers the whole category: from a vendor tab with a classification and a stake, it asks for every game of the name', async () => {
    const calls = api({ [LIST]: (opts) => page(Number(opts.query?.page), 3) });
    show();
    await waitFor(() => expect(tiles()).toHaveLength(26));
    fireEvent.click(screen.getByRole('button', { name: TY.filter }));
    const panel = screen.getByRole('dialog');
    fireEvent.click(within(panel).getByRole('button', { name: 'Jade Play' }));
    fireEvent.click(within(panel).getByRole('button', { name: TY.new }));
    fireEvent.click(within(panel).getByRole('button', { name: '0.05' }));
    fireEvent.click(within(panel).getByRole('button', { name: TY.submit }));
    await waitFor(() => expect(callsTo(calls, LIST)).toHaveLength(2));
    expect(q(callsTo(calls, LIST)[1])).toMatchObject({ vassalage: 'JADEPLAY', gameClassify: 'NEW', minBet: 0.05 });

    fireEvent.change(screen.getByRole('searchbox', { name: TY.search_game_name }), { target: { value: ' Jade ' } });
    fireEvent.click(screen.getByRole('button', { name: TY.search }));
    await waitFor(() => expect(callsTo(calls, LIST)).toHaveLength(3));
    const asked = q(callsTo(calls, LIST)[2]);
    expect(asked).toMatchObject({ gameType: 'RNG', gameName: 'Jade', gameClassify: 'ALL', page: 1, pageSize: 26 });
    expect(asked.vassalage).toBeUndefined();
    expect(asked.minBet).toBeUndefined();
    expect(screen.getByRole('tab', { name: TY.all }).getAttribute('aria-selected')).toBe('true');
    // Every page of the result, as the player scrolls (the server searched them all).
    await waitFor(() => expect(tiles()).toHaveLength(26));
  });

  it('a search that finds nothing says what was looked for and where, and a button clears it', async () => {
    const calls = api({
      [LIST]: (opts) => (opts.query?.gameName ? { games: [], pageNum: 1, pageSize: 26, totalPages: 0, total: 0 } : page(1, 1, 4)),
    });
    show();
    await waitFor(() => expect(tiles()).toHaveLength(4));
    const box = screen.getByRole('searchbox', { name: TY.search_game_name }) as HTMLInputElement;
    fireEvent.change(box, { target: { value: 'Zzyzx' } });
    fireEvent.click(screen.getByRole('button', { name: TY.search }));
    const said = TY.game_search_empty.replace('{{category}}', TY.cat_RNG).replace('{{query}}', 'Zzyzx');
    expect(await screen.findByText(said)).toBeTruthy();
    expect(said).toContain('Zzyzx');
    // Not the bare 'no data'.
    expect(screen.queryByText(TY.no_data)).toBeNull();
    expect(tiles()).toHaveLength(0);

    const searches = callsTo(calls, LIST).length;
    fireEvent.click(screen.getByRole('button', { name: TY.game_search_clear }));
    await waitFor(() => expect(tiles()).toHaveLength(4));
    expect(callsTo(calls, LIST).length).toBeGreaterThan(searches);
    expect(q(callsTo(calls, LIST).at(-1)!).gameName).toBeUndefined();
    expect(box.value).toBe('');
    expect(screen.queryByText(said)).toBeNull();
    expect(screen.getByRole('tab', { name: TY.all }).getAttribute('aria-selected')).toBe('true');
  });

  it('an empty list without a search keeps the plain empty note', async () => {
    api({ [LIST]: () => ({ games: [], pageNum: 1, pageSize: 26, totalPages: 0, total: 0 }) });
    show('/m/gameList?gameType=FISH');
    expect(await screen.findByText(TY.no_data)).toBeTruthy();
    expect(screen.queryByRole('button', { name: TY.game_search_clear })).toBeNull();
  });

  it('the filter panel offers all and the spec minimum bets, vendors, reset and links to other categories', async () => {
    const calls = api({ [LIST]: () => page(1, 1, 2) });
    renderForm(<GameList categoryLinks={[{ label: 'cat_FISH', to: '/m/gameList?gameType=FISH' }]} />, { route: '/m/gameList?gameType=RNG' });
    await waitFor(() => expect(tiles()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: TY.filter }));
    const panel = screen.getByRole('dialog');
    const minBet = within(panel).getByText(TY.minimum_bet).closest('fieldset')!;
    expect(within(minBet as HTMLElement).getAllByRole('button').map((b) => b.textContent)).toEqual([TY.all, '0.01', '0.05', '0.1', '0.5', '0.75']);
    expect(within(panel).getByRole('link', { name: TY.cat_FISH }).getAttribute('href')).toBe('/m/gameList?gameType=FISH');
    fireEvent.click(within(panel).getByRole('button', { name: 'Neon Spin' }));
    fireEvent.click(within(panel).getByRole('button', { name: TY.submit }));
    await waitFor(() => expect(callsTo(calls, LIST)).toHaveLength(2));
    expect(q(callsTo(calls, LIST)[1])).toMatchObject({ vassalage: 'NEONSPIN' });
    fireEvent.click(screen.getByRole('button', { name: TY.filter }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: TY.reset }));
    await waitFor(() => expect(callsTo(calls, LIST)).toHaveLength(3));
    expect(q(callsTo(calls, LIST)[2])).toMatchObject({ gameClassify: 'ALL' });
    expect(q(callsTo(calls, LIST)[2]).vassalage).toBeUndefined();
  });

  it('a language change reloads after 200 ms', async () => {
    const calls = api({ [LIST]: () => page(1, 1, 2) });
    show();
    await waitFor(() => expect(tiles()).toHaveLength(2));
    act(() => emitLanguageChange('EN'));
    await wait(100);
    expect(callsTo(calls, LIST)).toHaveLength(1);
    await waitFor(() => expect(callsTo(calls, LIST)).toHaveLength(2));
    expect(q(callsTo(calls, LIST)[1])).toMatchObject({ language: 'EN', page: 1 });
  });
});

describe('game-list: visitors and favourites', () => {
  it('a visitor who opens favourites or recent, favourites or launches a game is sent to log in', async () => {
    const calls = api({ [LIST]: () => page(1, 1, 2) });
    const open = vi.spyOn(window, 'open');
    const { onRequireLogin } = show();
    await waitFor(() => expect(tiles()).toHaveLength(2));
    fireEvent.click(screen.getByRole('tab', { name: TY.favourites }));
    fireEvent.click(screen.getByRole('tab', { name: TY.recent }));
    const card = tiles()[0] as HTMLElement;
    fireEvent.click(within(card).getByRole('button', { name: TY.favourites }));
    fireEvent.click(within(card).getByRole('button', { name: 'Game 1000' }));
    expect(onRequireLogin).toHaveBeenCalledTimes(4);
    expect(open).not.toHaveBeenCalled();
    expect(callsTo(calls, FAVS).concat(callsTo(calls, RECENT), callsTo(calls, FAV_ADD), callsTo(calls, FAV_IDS))).toHaveLength(0);
    expect(calls.some((c) => c.path === '/wps/game/launch')).toBe(false);
  });

  it('a member adds a favourite; on the favourites tab a removed game disappears before the server answers', async () => {
    member();
    let ids = ['1001'];
    const del = deferred<unknown>();
    const calls = api({
      [LIST]: () => page(1, 1, 3),
      [FAV_IDS]: () => ids,
      [FAV_ADD]: (opts) => {
        ids = [(opts.body as { nodeId: string }).nodeId, ...ids];
        return true;
      },
      [FAVS]: () => ({ games: [game(1000), game(1001)], pageNum: 1, pageSize: 26, totalPages: 1, total: 2 }),
      [FAV_DEL]: () => del.promise,
    });
    show();
    await waitFor(() => expect(tiles()).toHaveLength(3));
    const star = (i: number) => within(tiles()[i] as HTMLElement).getByRole('button', { name: TY.favourites });
    await waitFor(() => expect(star(1).getAttribute('aria-pressed')).toBe('true'));
    expect(star(0).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(star(0));
    await waitFor(() => expect(star(0).getAttribute('aria-pressed')).toBe('true'));
    expect(callsTo(calls, FAV_ADD)[0].opts.body).toEqual({ nodeId: '1000', vendor: 'NEONSPIN' });

    fireEvent.click(screen.getByRole('tab', { name: TY.favourites }));
    await waitFor(() => expect(tiles()).toHaveLength(2));
    expect(q(callsTo(calls, FAVS)[0])).toMatchObject({ pageNo: 1, pageSize: 26, gameType: 'RNG' });
    fireEvent.click(star(0));
    // Local first: gone while DELETE is still pending.
    await waitFor(() => expect(tiles()).toHaveLength(1));
    expect(callsTo(calls, FAV_DEL)).toHaveLength(1);
    expect(q(callsTo(calls, FAV_DEL)[0])).toEqual({ nodeId: '1000', vendor: 'NEONSPIN' });
    del.resolve(true);
    await wait(20);
    expect(tiles()).toHaveLength(1);
  });

  it('adding is skipped when the game is a favourite already', async () => {
    member();
    const calls = api({ [LIST]: () => page(1, 1, 2), [FAV_IDS]: () => ['1000'], [FAV_DEL]: () => true });
    show();
    await waitFor(() => expect(tiles()).toHaveLength(2));
    const star = within(tiles()[0] as HTMLElement).getByRole('button', { name: TY.favourites });
    await waitFor(() => expect(star.getAttribute('aria-pressed')).toBe('true'));
    // The star of a favourite removes it; it never adds it again.
    fireEvent.click(star);
    await waitFor(() => expect(star.getAttribute('aria-pressed')).toBe('false'));
    expect(callsTo(calls, FAV_ADD)).toHaveLength(0);
    expect(callsTo(calls, FAV_DEL)).toHaveLength(1);
  });

  it('a member launches a game: the window opens on the tap, then goes to the launch URL', async () => {
    member();
    const win = { closed: false, location: { href: 'about:blank' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(win as unknown as Window);
    const calls = api({
      [LIST]: () => page(1, 1, 2),
      'POST /wps/game/launch': () => ({ url: '/wps/game/vendor/play?vendor=NEONSPIN&nodeId=1000', mode: 'real' }),
      'GET /wps/game/recent/add': () => true,
    });
    show();
    await waitFor(() => expect(tiles()).toHaveLength(2));
    fireEvent.click(within(tiles()[0] as HTMLElement).getByRole('button', { name: 'Game 1000' }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(win.location.href).toContain('/wps/game/vendor/play?vendor=NEONSPIN&nodeId=1000'));
    expect(calls.find((c) => c.path === '/wps/game/launch')?.opts.body).toMatchObject({ vendor: 'NEONSPIN', nodeId: '1000', returnUrl: '/m/gameList?gameType=RNG' });
  });

  it('members without a password can set one by SMS (the child node)', async () => {
    member();
    api({ [LIST]: () => page(1, 1, 2), 'GET /wps/member/info': () => ({ ...MEMBER_INFO, passwordSet: false }) });
    show('/m/gameList?gameType=RNG', { children: <p>set-password form</p> });
    await waitFor(() => expect(screen.getByText(TY.err_password_not_set)).toBeTruthy());
    expect(screen.queryByText('set-password form')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: TY.set_password }));
    expect(within(screen.getByRole('dialog', { name: TY.set_password })).getByText('set-password form')).toBeTruthy();
  });

  it("shares the member info with the shell's loader (keyed by member): one request on first load", async () => {
    member();
    const calls = api({ [LIST]: () => page(1, 1, 2), 'GET /wps/member/info': () => ({ ...MEMBER_INFO, passwordSet: false }) });
    // What the shell's member-data loader asks for, under the same SWR cache.
    function ShellLoader() {
      useMemberInfo(useMemberScope());
      return null;
    }
    renderForm(
      <>
        <ShellLoader />
        <GameList>
          <p>set-password form</p>
        </GameList>
      </>,
      { route: '/m/gameList?gameType=RNG' },
    );
    await waitFor(() => expect(screen.getByText(TY.err_password_not_set)).toBeTruthy());
    expect(callsTo(calls, 'GET /wps/member/info')).toHaveLength(1);
  });
});

describe('game-list: the filter panel and the set-password sheet are modal dialogs', () => {
  it('the filter panel takes focus, keeps Tab inside, closes on Escape and gives focus back to the filter button', async () => {
    api({ [LIST]: () => page(1, 1, 2) });
    show();
    await waitFor(() => expect(tiles()).toHaveLength(2));
    const opener = screen.getByRole('button', { name: TY.filter });
    opener.focus();
    fireEvent.click(opener);
    const panel = screen.getByRole('dialog', { name: TY.filter });
    expect(panel.className).toBe('game-filter__panel');
    expect(panel.parentElement?.className).toBe('game-filter');
    expect(panel.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(panel);

    const close = within(panel).getByRole('button', { name: TY.close });
    const submit = within(panel).getByRole('button', { name: TY.submit });
    submit.focus();
    fireEvent.keyDown(submit, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(submit);
    // Focus that strays behind the mask is brought back in.
    const search = screen.getByRole('searchbox', { name: TY.search_game_name });
    search.focus();
    fireEvent.keyDown(search, { key: 'Tab' });
    expect(document.activeElement).toBe(close);

    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('submitting the filter closes the panel and focus returns to the filter button', async () => {
    const calls = api({ [LIST]: () => page(1, 1, 2) });
    show();
    await waitFor(() => expect(tiles()).toHaveLength(2));
    const opener = screen.getByRole('button', { name: TY.filter });
    opener.focus();
    fireEvent.click(opener);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Jade Play' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: TY.submit }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    await waitFor(() => expect(callsTo(calls, LIST)).toHaveLength(2));
  });

  it('the mask ignores taps for its first 300 ms, then closes the panel', async () => {
    api({ [LIST]: () => page(1, 1, 2) });
    show();
    await waitFor(() => expect(tiles()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: TY.filter }));
    const mask = screen.getByRole('dialog').parentElement as HTMLElement;
    fireEvent.click(mask);
    expect(screen.getByRole('dialog')).toBeTruthy();
    // A tap inside the panel never closes it.
    await wait(320);
    fireEvent.click(screen.getByRole('dialog'));
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.click(mask);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the set-password sheet moves focus to its first control and gives it back on Escape', async () => {
    member();
    api({ [LIST]: () => page(1, 1, 2), 'GET /wps/member/info': () => ({ ...MEMBER_INFO, passwordSet: false }) });
    show('/m/gameList?gameType=RNG', { children: <input aria-label="mobile" /> });
    const opener = await screen.findByRole('button', { name: TY.set_password });
    opener.focus();
    fireEvent.click(opener);
    const sheet = screen.getByRole('dialog', { name: TY.set_password });
    expect(sheet.className).toBe('game-filter__panel');
    expect(document.activeElement).toBe(within(sheet).getByRole('button', { name: TY.close }));
    const input = within(sheet).getByRole('textbox', { name: 'mobile' });
    fireEvent.keyDown(input, { key: 'Tab' });
    expect(document.activeElement).toBe(within(sheet).getByRole('button', { name: TY.close }));
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});

describe('game-list: lottery draws', () => {
  afterEach(() => vi.useRealTimers());
  const DRAWS = 'GET /wps/game/lottery/draws';
  const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();
  const lottery = (prizeMode: 'Lott' | 'Elott', nextIn: number) => ({
    prizeMode,
    playType: prizeMode === 'Lott' ? 'trad' : 'ent',
    nextDrawAt: inSeconds(nextIn),
    nextDrawNumber: '202611291106',
    results: [
      { number: '202611291105', drawAt: '2026-11-29T03:05:00.000Z', result: '40721', status: 'drawn' },
      { number: '202611291104', drawAt: '2026-11-29T03:04:00.000Z', result: null, status: 'void' },
    ],
  });

  it("the electronic lottery's list shows its next draw's countdown and latest results, not the other lottery's", async () => {
    // The clock stands still (only Date is faked): the countdown is exactly the draw's distance.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-29T03:05:30.000Z'));
    const calls = api({ [LIST]: () => page(1, 1), [DRAWS]: () => ({ available: true, lotteries: [lottery('Lott', 200), lottery('Elott', 75)] }) });
    show('/m/gameList?gameType=ELOTT');
    const countdown = await screen.findByTestId('lottery-countdown');
    expect(countdown.textContent).toBe('1:15');
    expect(screen.getAllByTestId('lottery-countdown')).toHaveLength(1);
    const results = screen.getAllByTestId('lottery-result');
    expect(results).toHaveLength(2);
    expect(results[0].textContent).toContain('#202611291105');
    expect(results[0].textContent).toContain('11:05');
    expect(results[0].querySelectorAll('b')).toHaveLength(5);
    expect(results[1].textContent).toContain(TY.lottery_void);
    expect(callsTo(calls, DRAWS)).toHaveLength(1);
  });

  it('reads the draws again once a draw has come, and says so when the vendor has none', async () => {
    // The first answer's draw time has passed: the list is read again, and the vendor now has nothing.
    const answers = [{ available: true, lotteries: [lottery('Lott', -4)] }, { available: false, lotteries: [] }];
    const calls = api({ [LIST]: () => page(1, 1), [DRAWS]: () => answers.shift() ?? { available: false, lotteries: [] } });
    show('/m/lottery?gameType=LOTT');
    await waitFor(() => expect(callsTo(calls, DRAWS).length).toBeGreaterThan(1));
    expect(await screen.findByText(TY.lottery_draws_unavailable)).toBeTruthy();
  });

  it('a slot list reads no draws', async () => {
    const calls = api({ [LIST]: () => page(1, 1) });
    show('/m/gameList?gameType=RNG');
    await waitFor(() => expect(tiles().length).toBeGreaterThan(0));
    expect(callsTo(calls, DRAWS)).toHaveLength(0);
  });
});

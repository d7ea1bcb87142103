import { describe, expect, it } from 'vitest';
import { GAME_PAGE_SIZE, RECENT_PAGE_SIZE, hasMorePages, normalisePage, pageQuery, withoutGame } from '../../../src/features/games/api/games';

describe('game pages (spec sections 7 and 9)', () => {
  it('asks 26 games or favourites a page, 25 recent games, with the spec fields', () => {
    expect(GAME_PAGE_SIZE).toBe(26);
    expect(RECENT_PAGE_SIZE).toBe(25);
    expect(pageQuery({ kind: 'list', filter: { gameType: 'RNG', gameClassify: 'NEW', gameName: '  ' } }, 2, 'TY')).toEqual({
      path: '/wps/game/list',
      query: {
        platform: 'html5',
        gameType: 'RNG',
        gameClassify: 'NEW',
        vassalage: undefined,
        gameName: undefined,
        minBet: undefined,
        minLine: undefined,
        isNew: undefined,
        page: 2,
        pageSize: 26,
        language: 'TY',
      },
    });
    expect(pageQuery({ kind: 'favourites', gameType: 'FISH' }, 1, 'EN')).toEqual({
      path: '/wps/game/favourites',
      query: { pageNo: 1, pageSize: 26, gameType: 'FISH', language: 'EN' },
    });
    expect(pageQuery({ kind: 'recent' }, 3, 'EN')).toEqual({
      path: '/wps/game/recent',
      query: { page: 3, pageSize: 25, gameType: undefined, language: 'EN', clientType: 2 },
    });
    expect(pageQuery({ kind: 'hot', gameType: 'RNG' }, 1, 'TY').query).toMatchObject({ isPlatform: 2, platform: 'html5', gameType: 'RNG' });
  });

  it('reads games, content or list, and treats an unpaged list as one page', () => {
    const g = { nodeId: '1' } as never;
    expect(normalisePage({ games: [g], pageNum: 2, totalPages: 5 }, 2)).toEqual({ games: [g], pageNum: 2, totalPages: 5 });
    expect(normalisePage({ content: [g], pageNum: 1, totalPages: 1 }, 1).games).toEqual([g]);
    expect(normalisePage({ list: [g] }, 1)).toEqual({ games: [g], pageNum: 1, totalPages: 1 });
  });

  it('hot has no further pages; other lists page until totalPages', () => {
    const page = (pageNum: number, totalPages: number) => ({ games: [{ nodeId: String(pageNum) } as never], pageNum, totalPages });
    expect(hasMorePages({ kind: 'hot' }, page(1, 9))).toBe(false);
    expect(hasMorePages({ kind: 'list', filter: {} }, page(1, 2))).toBe(true);
    expect(hasMorePages({ kind: 'list', filter: {} }, page(2, 2))).toBe(false);
    expect(hasMorePages({ kind: 'recent' }, { games: [], pageNum: 1, totalPages: 3 })).toBe(false);
  });

  it('removes a game from cached pages without touching the others', () => {
    const pages = [
      { games: [{ nodeId: '1' }, { nodeId: '2' }] as never[], pageNum: 1, totalPages: 2 },
      { games: [{ nodeId: '3' }] as never[], pageNum: 2, totalPages: 2 },
    ];
    const next = withoutGame(pages, '2')!;
    expect(next[0].games.map((g: { nodeId: string }) => g.nodeId)).toEqual(['1']);
    expect(next[1]).toBe(pages[1]);
    expect(pages[0].games).toHaveLength(2);
  });
});

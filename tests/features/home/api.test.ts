import { afterEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../../src/lib/api/client';
import { getHelpCentre, helpQuery } from '../../../src/features/home/api/help';
import { getRankList, rankListQuery, sortWinners, WINNER_LIMIT, type Winner } from '../../../src/features/games/api/winners';

vi.mock('../../../src/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  request: vi.fn(() => Promise.resolve({ list: [], currencySymbol: '₱' })),
}));

afterEach(() => vi.mocked(request).mockClear());

const w = (winAmount: number): Winner => ({
  iconUrl: '',
  customerName: 'a***b',
  gameName: 'g',
  winAmount,
  currency: 'PHP',
  createdAt: '2026-01-01T00:00:00Z',
  nodeId: '1',
  vassalage: 'V',
  gameType: 'RNG',
  gameId: 'g1',
  supportPlay: true,
});

describe('winner board API', () => {
  it('asks relay GCSGAME_getRankList for category ALL, the language and 20 entries', async () => {
    expect(WINNER_LIMIT).toBe(20);
    expect(rankListQuery('EN')).toEqual({ gameCategory: 'ALL', language: 'EN', limitNum: 20 });
    await getRankList('TY');
    expect(request).toHaveBeenCalledWith('GET', '/wps/relay/GCSGAME_getRankList', { query: { gameCategory: 'ALL', language: 'TY', limitNum: 20 } });
  });

  it('sorts by win amount, biggest first, without touching the input', () => {
    const list = [w(5), w(50), w(20)];
    expect(sortWinners(list).map((x) => x.winAmount)).toEqual([50, 20, 5]);
    expect(list.map((x) => x.winAmount)).toEqual([5, 50, 20]);
  });
});

describe('help center API', () => {
  it('asks GET /wps/system/helpCenter with the language and device MOBILE', async () => {
    expect(helpQuery('EN')).toEqual({ lang: 'EN', device: 'MOBILE' });
    await getHelpCentre('TY');
    expect(request).toHaveBeenCalledWith('GET', '/wps/system/helpCenter', { query: { lang: 'TY', device: 'MOBILE' } });
  });
});

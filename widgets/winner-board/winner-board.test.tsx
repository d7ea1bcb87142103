// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RankList, Winner } from '../../src/features/games';
import { emitLanguageChange } from '../../src/lib/language';
import { renderWithRuntime, TY } from '../../tests/renderer/harness';
import { lastSwiper, swiperCalls } from '../../tests/home/swiper-mock';
import { formatWin, loopSlides, WINNER_GAP_PX, WINNER_LANGUAGE_DEBOUNCE_MS, WINNER_SPEED_MS, winnerLoops, winnerSwiperOptions } from './rules';
import WinnerBoardView from './winner-board';

vi.mock('swiper/react', () => import('../../tests/home/swiper-mock'));
vi.mock('swiper/modules', () => ({ Autoplay: {}, Pagination: {} }));
const launch = vi.fn((..._args: unknown[]) => Promise.resolve('window'));
vi.mock('../../src/features/games/launch', () => ({ useLaunchGame: () => launch }));
const rankCalls: (string | null)[] = [];
let rankData: RankList | undefined;
vi.mock('../../src/features/games/api/winners', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  useRankList: (lang: string | null) => {
    rankCalls.push(lang);
    return { data: rankData };
  },
}));

function winner(i: number, amount: number): Winner {
  return {
    iconUrl: `/wps/game/icon/${i}.png`,
    customerName: `pl***${i}`,
    gameName: `Game ${i}`,
    winAmount: amount,
    currency: 'PHP',
    createdAt: '2026-11-20T10:00:00.000Z',
    nodeId: String(10000 + i),
    vassalage: 'NEONSPIN',
    gameType: 'RNG',
    gameId: `NEONSPIN-${i}`,
    supportPlay: true,
  };
}

function board(n: number): RankList {
  return { list: Array.from({ length: n }, (_, i) => winner(i + 1, 1000 + i * 10.5)), currencySymbol: '₱' };
}

beforeEach(() => {
  swiperCalls.length = 0;
  rankCalls.length = 0;
  launch.mockClear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('winner board rules', () => {
  it('loops only above 3 winners', () => {
    expect([0, 1, 2, 3].map(winnerLoops)).toEqual([false, false, false, false]);
    expect([4, 5, 20].map(winnerLoops)).toEqual([true, true, true]);
  });

  it('carousel: vertical, looping, speed 1500, gap 10, three rows', () => {
    expect(winnerSwiperOptions()).toMatchObject({ direction: 'vertical', loop: true, speed: 1500, spaceBetween: 10, slidesPerView: 3 });
    expect([WINNER_SPEED_MS, WINNER_GAP_PX, WINNER_LANGUAGE_DEBOUNCE_MS]).toEqual([1500, 10, 250]);
  });

  it('repeats a short list so that the loop has two screens of slides', () => {
    expect(loopSlides([1, 2, 3, 4])).toEqual([1, 2, 3, 4, 1, 2, 3, 4]);
    expect(loopSlides([1, 2, 3, 4, 5, 6, 7])).toHaveLength(7);
    expect(loopSlides([])).toEqual([]);
  });

  it('formats amounts with the currency symbol and 2 decimals', () => {
    expect(formatWin('₱', 1234.5)).toBe('₱1,234.50');
    expect(formatWin('$', 0)).toBe('$0.00');
  });
});

describe('winner board', () => {
  it('shows a static view of the winners when there are 3 or fewer, biggest win first', () => {
    rankData = board(3);
    renderWithRuntime(<WinnerBoardView title="latest_winners" />);
    expect(screen.queryByTestId('swiper')).toBeNull();
    expect(screen.getByRole('heading', { name: TY.latest_winners })).toBeTruthy();
    const rows = screen.getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => r.querySelector('.winner-row__name')?.textContent)).toEqual(['pl***3', 'pl***2', 'pl***1']);
    const first = within(rows[0]);
    expect(first.getByText('Game 3')).toBeTruthy();
    expect(first.getByText('₱1,021.00')).toBeTruthy();
    expect(rows[0].querySelector('img')?.getAttribute('src')).toBe('/wps/game/icon/3.png');
    expect(rows[0].querySelector('img')?.getAttribute('loading')).toBe('lazy');
  });

  it('runs a looping vertical carousel above 3 winners', () => {
    rankData = board(5);
    renderWithRuntime(<WinnerBoardView title="latest_winners" />);
    expect(lastSwiper()).toMatchObject({ direction: 'vertical', loop: true, speed: 1500, spaceBetween: 10 });
    expect(screen.getAllByTestId('swiper-slide')).toHaveLength(10);
  });

  it('play now launches the winner\'s game', () => {
    rankData = board(2);
    renderWithRuntime(<WinnerBoardView title="latest_winners" />);
    fireEvent.click(screen.getAllByRole('button', { name: TY.play_now })[0]);
    expect(launch).toHaveBeenCalledWith({ vassalage: 'NEONSPIN', nodeId: '10002', gameId: 'NEONSPIN-2', gameType: 'RNG', supportPlay: true });
  });

  it('asks for the list in the current language, and again 250 ms after a language change', () => {
    vi.useFakeTimers();
    rankData = board(2);
    renderWithRuntime(<WinnerBoardView title="latest_winners" />);
    expect(rankCalls.at(-1)).toBe('TY');
    act(() => emitLanguageChange('EN'));
    act(() => vi.advanceTimersByTime(WINNER_LANGUAGE_DEBOUNCE_MS - 1));
    expect(rankCalls.at(-1)).toBe('TY');
    act(() => vi.advanceTimersByTime(1));
    expect(rankCalls.at(-1)).toBe('EN');
  });

  it('renders nothing for an empty list', () => {
    rankData = board(0);
    const { container } = renderWithRuntime(<WinnerBoardView title="latest_winners" />);
    expect(container.innerHTML).toBe('');
  });
});

// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RankList, Winner } from '../../src/features/games';
import { emitLanguageChange } from '../../src/lib/language';
import { renderWithRuntime, TY } from '../../tests/renderer/harness';
import { stubAnimate, stubIntersectionObserver } from '../../tests/components/animation-stubs';
import { formatWin, reelRows, WINNER_AUTOPLAY_MS, WINNER_GAP_PX, WINNER_LANGUAGE_DEBOUNCE_MS, WINNER_SPEED_MS, winnerLoop, winnerLoops } from './rules';
import WinnerBoardView from './winner-board';

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

let animate: ReturnType<typeof stubAnimate>;
beforeEach(() => {
  rankCalls.length = 0;
  launch.mockClear();
  animate = stubAnimate();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  animate.restore();
  vi.unstubAllGlobals();
});

describe('winner board rules', () => {
  it('loops only above 3 winners', () => {
    expect([0, 1, 2, 3].map(winnerLoops)).toEqual([false, false, false, false]);
    expect([4, 5, 20].map(winnerLoops)).toEqual([true, true, true]);
  });

  it('carousel: looping through every winner, speed 1500, gap 10, three rows', () => {
    expect(winnerLoop(5)).toEqual({ steps: 5, visible: 3, holdMs: WINNER_AUTOPLAY_MS, moveMs: 1500 });
    expect([WINNER_SPEED_MS, WINNER_GAP_PX, WINNER_LANGUAGE_DEBOUNCE_MS]).toEqual([1500, 10, 250]);
  });

  it('repeats the first three rows after the last, so that the wrap to the top does not show', () => {
    expect(reelRows([1, 2, 3, 4])).toEqual([1, 2, 3, 4, 1, 2, 3]);
    expect(reelRows([1, 2, 3, 4, 5, 6, 7])).toHaveLength(10);
    expect(reelRows([])).toEqual([]);
  });

  it('formats amounts with the currency symbol and 2 decimals', () => {
    expect(formatWin('₱', 1234.5)).toBe('₱1,234.50');
    expect(formatWin('$', 0)).toBe('$0.00');
  });
});

describe('winner board', () => {
  it('shows a static view of the winners when there are 3 or fewer, biggest win first', () => {
    rankData = board(3);
    const { container } = renderWithRuntime(<WinnerBoardView title="latest_winners" />);
    expect(container.querySelector('.winner-board__reel')).toBeNull();
    expect(animate.calls).toHaveLength(0);
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

  it('runs a looping vertical carousel above 3 winners: a row at a time, 1500 ms a slide, gap 10', () => {
    rankData = board(5);
    const { container } = renderWithRuntime(<WinnerBoardView title="latest_winners" />);
    const slides = [...container.querySelectorAll<HTMLElement>('.winner-board__reel > .swiper-slide')];
    expect(slides.map((s) => s.querySelector('.winner-row__name')?.textContent)).toEqual(['pl***5', 'pl***4', 'pl***3', 'pl***2', 'pl***1', 'pl***5', 'pl***4', 'pl***3']);
    expect(slides.map((s) => s.hasAttribute('inert') && s.getAttribute('aria-hidden') === 'true')).toEqual([false, false, false, false, false, true, true, true]);
    expect(container.querySelector<HTMLElement>('.winner-board__window')?.style.getPropertyValue('--winner-gap')).toBe('10px');
    expect(animate.calls).toHaveLength(1);
    const [{ element, keyframes, options }] = animate.calls;
    expect(element.className).toBe('winner-board__reel');
    const period = WINNER_AUTOPLAY_MS + 1500;
    expect(options).toEqual({ duration: 5 * period, iterations: Infinity });
    expect(keyframes.slice(0, 3).map((k) => [Math.round(Number(k.offset) * 5 * period), k.transform, k.easing])).toEqual([
      [0, 'translate3d(0, 0%, 0)', undefined],
      [WINNER_AUTOPLAY_MS, 'translate3d(0, 0%, 0)', 'ease'],
      [period, 'translate3d(0, -12.5%, 0)', undefined],
    ]);
    expect(keyframes.at(-1)).toEqual({ offset: 1, transform: 'translate3d(0, -62.5%, 0)' });
  });

  it('stops the carousel while it is off screen', () => {
    const io = stubIntersectionObserver();
    rankData = board(4);
    const { container } = renderWithRuntime(<WinnerBoardView title="latest_winners" />);
    const [{ animation }] = animate.calls;
    act(() => io.show(container.querySelector('.winner-board__window')!, false));
    expect(animation.pause).toHaveBeenCalledTimes(1);
    act(() => io.show(container.querySelector('.winner-board__window')!, true));
    expect(animation.play).toHaveBeenCalledTimes(2);
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

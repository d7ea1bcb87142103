// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Announcements } from '../../src/features/home';
import { renderWithRuntime, TY } from '../../tests/renderer/harness';
import { fixtureTenant } from '../../tests/renderer/fixtures/tenant';
import { stubAnimate, stubIntersectionObserver, stubReducedMotion } from '../../tests/components/animation-stubs';
import View, { Ticker, type HotMatch } from './hot-match-ticker';
import { formatMatchTime, TICKER_AUTOPLAY_MS, TICKER_SPEED_MS, tickerLoop } from './rules';

const launch = vi.fn((..._args: unknown[]) => Promise.resolve('window'));
vi.mock('../../src/features/games/launch', () => ({ useLaunchGame: () => launch }));
const homeData = vi.fn<() => { data?: Partial<Announcements> }>(() => ({}));
vi.mock('../../src/features/home/api/announcements', () => ({ useHomeAnnouncements: () => homeData() }));

function match(id: number, over: Partial<HotMatch> = {}): HotMatch {
  return {
    id,
    // 09:05 in Manila, the default time zone, whatever the machine's zone.
    matchTime: '2026-11-21T01:05:00.000Z',
    league: `League ${id}`,
    homeTeam: `Home ${id}`,
    awayTeam: `Away ${id}`,
    homeTeamImageUrl: `/img/home-${id}.png`,
    awayTeamImageUrl: `/img/away-${id}.png`,
    vendor: 'PITCHLINE',
    roomId: `room-${id}`,
    nodeId: String(10000 + id),
    supportPlay: id % 2 === 0,
    ...over,
  };
}

let animate: ReturnType<typeof stubAnimate>;
beforeEach(() => {
  launch.mockClear();
  animate = stubAnimate();
});
afterEach(() => {
  cleanup();
  animate.restore();
  vi.unstubAllGlobals();
});

describe('hot-match ticker rules', () => {
  it('loops with speed 500 ms and autoplay 5000 ms only with more than one match', () => {
    expect(tickerLoop(1)).toBeNull();
    expect(tickerLoop(2)).toEqual({ steps: 2, visible: 1, holdMs: 5000, moveMs: TICKER_SPEED_MS });
    expect([TICKER_AUTOPLAY_MS, TICKER_SPEED_MS]).toEqual([5000, 500]);
  });

  it("formats the start time as MM/DD HH:mm in the tenant's time zone, not the phone's", () => {
    expect(formatMatchTime('2026-01-02T23:04:00.000Z')).toBe('01/03 07:04');
    expect(formatMatchTime('2026-12-31T15:59:00.000Z', 'Asia/Manila')).toBe('12/31 23:59');
    expect(formatMatchTime('2026-01-02T16:00:00.000Z', 'Asia/Manila')).toBe('01/03 00:00');
    expect(formatMatchTime('2026-12-31T15:59:00.000Z', 'UTC')).toBe('12/31 15:59');
    expect(formatMatchTime('2026-12-31T15:59:00.000Z', 'Not/AZone')).toBe('12/31 23:59');
    expect(formatMatchTime('not a date')).toBe('');
  });
});

describe('hot-match ticker', () => {
  it('shows one match statically, without a carousel', () => {
    const { container } = renderWithRuntime(<Ticker matches={[match(1)]} />);
    expect(container.querySelector('.hot-match-ticker__reel')).toBeNull();
    expect(animate.calls).toHaveLength(0);
    expect(screen.getByText('League 1')).toBeTruthy();
    expect(screen.getByText('11/21 09:05')).toBeTruthy();
  });

  it('shows start times in the time zone the tenant sets', () => {
    const tenant = fixtureTenant();
    tenant.settings.timeZone = 'Asia/Tokyo';
    renderWithRuntime(<Ticker matches={[match(1)]} />, { tenant });
    expect(screen.getByText('11/21 10:05')).toBeTruthy();
  });

  it("shows start times from the server's zone offsets, without Intl", () => {
    const from = Date.parse('2026-11-20T00:00:00.000Z');
    const zone = { name: 'Asia/Manila', from, until: from + 30 * 86_400_000, offsets: [[from, 480]] as [number, number][] };
    // Formatters made by earlier tests are cached: watch their use, not their making.
    const used = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    renderWithRuntime(<Ticker matches={[match(1), match(2, { matchTime: '2026-11-21T16:30:00.000Z' })]} />, { zone });
    fireEvent.click(screen.getByRole('button', { name: new RegExp(TY.hot) }));
    const dialog = screen.getByRole('dialog', { name: TY.hot_matches });
    expect(within(dialog).getByText('11/21 09:05')).toBeTruthy();
    expect(within(dialog).getByText('11/22 00:30')).toBeTruthy();
    expect(used).not.toHaveBeenCalled();
    used.mockRestore();
  });

  it('scrolls more than one match vertically in a loop: each line holds 5000 ms, then slides up in 500 ms', () => {
    const { container } = renderWithRuntime(<Ticker matches={[match(1), match(2), match(3)]} />);
    const lines = [...container.querySelectorAll('.hot-match-ticker__reel > .hot-match-ticker__line')];
    // The first line comes again at the end, where the loop wraps, hidden from screen readers.
    expect(lines.map((l) => l.querySelector('.hot-match-ticker__league')?.textContent)).toEqual(['League 1', 'League 2', 'League 3', 'League 1']);
    expect(lines.map((l) => l.getAttribute('aria-hidden'))).toEqual([null, null, null, 'true']);
    expect(animate.calls).toHaveLength(1);
    const [{ element, keyframes, options }] = animate.calls;
    expect(element.className).toBe('hot-match-ticker__reel');
    expect(options).toEqual({ duration: 3 * 5500, iterations: Infinity });
    expect(keyframes.map((k) => [Math.round(Number(k.offset) * 3 * 5500), k.transform, k.easing])).toEqual([
      [0, 'translate3d(0, 0%, 0)', undefined],
      [5000, 'translate3d(0, 0%, 0)', 'ease'],
      [5500, 'translate3d(0, -25%, 0)', undefined],
      [10500, 'translate3d(0, -25%, 0)', 'ease'],
      [11000, 'translate3d(0, -50%, 0)', undefined],
      [16000, 'translate3d(0, -50%, 0)', 'ease'],
      [16500, 'translate3d(0, -75%, 0)', undefined],
    ]);
  });

  it('pauses off screen and plays again on screen; reduced motion keeps the first line still', () => {
    const io = stubIntersectionObserver();
    const { container, unmount } = renderWithRuntime(<Ticker matches={[match(1), match(2)]} />);
    const [{ animation }] = animate.calls;
    const frame = container.querySelector('.hot-match-ticker__window')!;
    act(() => io.show(frame, false));
    expect(animation.pause).toHaveBeenCalledTimes(1);
    act(() => io.show(frame, true));
    expect(animation.play).toHaveBeenCalled();
    unmount();
    expect(animation.cancel).toHaveBeenCalled();

    stubReducedMotion(true);
    renderWithRuntime(<Ticker matches={[match(1), match(2)]} />);
    expect(animate.calls).toHaveLength(1);
  });

  it('opens the popup with league, teams, images, time, VS and the play button; a close control closes it', () => {
    renderWithRuntime(<Ticker matches={[match(1), match(2)]} />);
    fireEvent.click(screen.getByRole('button', { name: new RegExp(TY.hot) }));
    const dialog = screen.getByRole('dialog', { name: TY.hot_matches });
    const rows = within(dialog).getAllByTestId('hot-match');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]);
    expect(first.getByText('League 1')).toBeTruthy();
    expect(first.getByText('Home 1')).toBeTruthy();
    expect(first.getByText('Away 1')).toBeTruthy();
    expect(first.getByText(TY.vs)).toBeTruthy();
    expect(first.getByText('11/21 09:05')).toBeTruthy();
    expect([...rows[0].querySelectorAll('img')].map((i) => i.getAttribute('src'))).toEqual(['/img/home-1.png', '/img/away-1.png']);
    expect(first.getByRole('button').textContent).toBe(`${TY.in_bet} >>`);
    fireEvent.click(within(dialog).getByRole('button', { name: TY.close }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('launches the match game (vendor, room, node, free play) from the play button or the match itself, with no choice dialog', () => {
    renderWithRuntime(<Ticker matches={[match(1), match(2)]} />);
    fireEvent.keyDown(screen.getByRole('button', { name: new RegExp(TY.hot) }), { key: 'Enter' });
    const rows = screen.getAllByTestId('hot-match');
    fireEvent.click(within(rows[1]).getByRole('button', { name: `${TY.in_bet} >>` }));
    expect(launch).toHaveBeenCalledTimes(1);
    expect(launch).toHaveBeenLastCalledWith({ vendor: 'PITCHLINE', roomId: 'room-2', nodeId: '10002', supportPlay: true });
    fireEvent.click(within(rows[0]).getByText('Home 1'));
    expect(launch).toHaveBeenLastCalledWith({ vendor: 'PITCHLINE', roomId: 'room-1', nodeId: '10001', supportPlay: false });
    expect(launch).toHaveBeenCalledTimes(2);
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('renders nothing when the home announcements carry no hot matches', () => {
    homeData.mockReturnValue({ data: { hotMatches: [] } });
    const { container } = renderWithRuntime(<View />);
    expect(container.innerHTML).toBe('');
  });
});

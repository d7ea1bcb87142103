// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Announcements } from '../../src/features/home';
import { renderWithRuntime, TY } from '../../tests/renderer/harness';
import { lastSwiper, swiperCalls } from '../../tests/home/swiper-mock';
import View, { Ticker, type HotMatch } from './hot-match-ticker';
import { formatMatchTime, TICKER_AUTOPLAY_MS, TICKER_SPEED_MS, tickerOptions } from './rules';

vi.mock('swiper/react', () => import('../../tests/home/swiper-mock'));
vi.mock('swiper/modules', () => ({ Autoplay: {}, Pagination: {} }));
const launch = vi.fn((..._args: unknown[]) => Promise.resolve('window'));
vi.mock('../../src/features/games/launch', () => ({ useLaunchGame: () => launch }));
const homeData = vi.fn<() => { data?: Partial<Announcements> }>(() => ({}));
vi.mock('../../src/features/home/api/announcements', () => ({ useHomeAnnouncements: () => homeData() }));

function match(id: number, over: Partial<HotMatch> = {}): HotMatch {
  return {
    id,
    matchTime: new Date(2026, 10, 21, 9, 5).toISOString(),
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

beforeEach(() => {
  swiperCalls.length = 0;
  launch.mockClear();
});
afterEach(cleanup);

describe('hot-match ticker rules', () => {
  it('loops with speed 500 ms and autoplay 5000 ms only with more than one match', () => {
    expect(tickerOptions(1)).toMatchObject({ direction: 'vertical', loop: false, autoplay: false, speed: TICKER_SPEED_MS });
    expect(tickerOptions(2)).toMatchObject({ direction: 'vertical', loop: true, speed: 500, autoplay: { delay: 5000 } });
    expect(TICKER_AUTOPLAY_MS).toBe(5000);
  });

  it('formats the start time as MM/DD HH:mm', () => {
    expect(formatMatchTime(new Date(2026, 0, 3, 7, 4).toISOString())).toBe('01/03 07:04');
    expect(formatMatchTime(new Date(2026, 11, 31, 23, 59).toISOString())).toBe('12/31 23:59');
    expect(formatMatchTime('not a date')).toBe('');
  });
});

describe('hot-match ticker', () => {
  it('shows one match statically, without a carousel', () => {
    renderWithRuntime(<Ticker matches={[match(1)]} />);
    expect(screen.queryByTestId('swiper')).toBeNull();
    expect(screen.getByText('League 1')).toBeTruthy();
    expect(screen.getByText('11/21 09:05')).toBeTruthy();
  });

  it('scrolls more than one match vertically in a loop', () => {
    renderWithRuntime(<Ticker matches={[match(1), match(2), match(3)]} />);
    expect(screen.getAllByTestId('swiper-slide')).toHaveLength(3);
    expect(lastSwiper()).toMatchObject({ direction: 'vertical', loop: true, speed: 500, autoplay: { delay: 5000, disableOnInteraction: false } });
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

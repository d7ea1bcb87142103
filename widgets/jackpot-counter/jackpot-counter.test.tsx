// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Harness, renderWithRuntime, TY } from '../../tests/renderer/harness';
import { stubIntersectionObserver } from '../../tests/components/animation-stubs';
import JackpotView, { showJackpot, type JackpotSource, type Schedule } from './jackpot-counter';
import manifest from './index';
import {
  digitShift,
  initialJackpot,
  JACKPOT_MAX,
  JACKPOT_MIN,
  jackpotChars,
  jackpotStep,
  liveJackpotValue,
  nextTickDelay,
  randomInt,
  STEP_MAX,
  STEP_MIN,
  TICK_DELAYS_MS,
} from './rules';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** A random source that plays back the given numbers in turn. */
function sequence(...values: number[]) {
  let i = 0;
  return () => values[i++ % values.length];
}

/** A scheduler the test drives by hand: `fire()` runs the pending callback. */
function manualSchedule() {
  const pending: { fn: () => void; ms: number }[] = [];
  const schedule: Schedule = (fn, ms) => {
    const entry = { fn, ms };
    pending.push(entry);
    return () => {
      const i = pending.indexOf(entry);
      if (i !== -1) pending.splice(i, 1);
    };
  };
  return {
    schedule,
    pending,
    fire() {
      const next = pending.shift();
      next?.fn();
    },
  };
}

describe('jackpot rules', () => {
  it('starts between 200,000,000 and 990,000,000 inclusive', () => {
    expect(initialJackpot(() => 0)).toBe(200_000_000);
    expect(initialJackpot(() => 0.9999999999)).toBe(990_000_000);
    expect(initialJackpot(() => 1)).toBe(990_000_000);
    for (let i = 0; i < 500; i++) {
      const v = initialJackpot(Math.random);
      expect(v).toBeGreaterThanOrEqual(JACKPOT_MIN);
      expect(v).toBeLessThanOrEqual(JACKPOT_MAX);
      expect(Number.isInteger(v)).toBe(true);
    }
  });

  it('grows by 100 to 500 a tick', () => {
    expect(jackpotStep(() => 0)).toBe(STEP_MIN);
    expect(jackpotStep(() => 0.9999999)).toBe(STEP_MAX);
    expect(jackpotStep(() => 0.5)).toBe(300);
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) seen.add(jackpotStep(Math.random));
    expect(Math.min(...seen)).toBeGreaterThanOrEqual(100);
    expect(Math.max(...seen)).toBeLessThanOrEqual(500);
  });

  it('waits 3000, 4000 or 5000 ms, chosen at random each tick', () => {
    expect([0, 0.34, 0.67, 0.9999].map((r) => nextTickDelay(() => r))).toEqual([3000, 4000, 5000, 5000]);
    const seen = new Set<number>();
    for (let i = 0; i < 300; i++) seen.add(nextTickDelay(Math.random));
    expect([...seen].sort()).toEqual([...TICK_DELAYS_MS]);
  });

  it('shifts a digit column 48/100 rem per unit and groups digits in threes', () => {
    expect([0, 1, 5, 9].map(digitShift)).toEqual([0, 0.48, 2.4, 4.32]);
    expect(jackpotChars(200_000_123).join('')).toBe('200,000,123');
    expect(randomInt(() => 0.5, 1, 3)).toBe(2);
  });
});

describe('jackpot counter', () => {
  it('ticks up by the random step after the random delay, again and again, and stops when unmounted', () => {
    // Draws: start (0 -> 200,000,000), first delay (0.5 -> 4000 ms); then each tick: step, next delay.
    const timers = manualSchedule();
    const random = sequence(0, 0.5, 0, 0.99, 0.9999999);
    const { unmount, container } = renderWithRuntime(<JackpotView to="/m/winnerPage" title="jackpot" random={random} schedule={timers.schedule} />);
    const link = screen.getByRole('link');
    expect(link.getAttribute('data-value')).toBe('200000000');
    expect(timers.pending.map((p) => p.ms)).toEqual([4000]);
    act(() => timers.fire());
    expect(link.getAttribute('data-value')).toBe('200000100');
    expect(timers.pending.map((p) => p.ms)).toEqual([5000]);
    act(() => timers.fire());
    expect(Number(link.getAttribute('data-value'))).toBe(200_000_100 + 500);
    expect(timers.pending.map((p) => p.ms)).toEqual([3000]);
    unmount();
    expect(timers.pending).toHaveLength(0);
    expect(container.innerHTML).toBe('');
  });

  it('draws each digit as a column moved 0.48 spec-rem per unit, with the currency symbol; a tap opens the winners page', () => {
    const timers = manualSchedule();
    renderWithRuntime(<JackpotView to="/m/winnerPage" title="jackpot" random={sequence(0.123456789)} schedule={timers.schedule} />);
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe('/m/winnerPage');
    expect(link.textContent).toContain(TY.jackpot);
    const value = Number(link.getAttribute('data-value'));
    const digits = String(value).split('').map(Number);
    const columns = [...link.querySelectorAll<HTMLElement>('.jackpot-counter__digit')];
    expect(columns.map((c) => Number(c.dataset.digit))).toEqual(digits);
    const strip = columns[0].querySelector<HTMLElement>('.jackpot-counter__strip');
    expect(strip?.style.transform).toBe(`translateY(calc(${-digitShift(digits[0])} * var(--jackpot-rem)))`);
    expect(link.querySelector('.visually-hidden')?.textContent).toBe(`₱${value.toLocaleString('en-US')}`);
  });

  it('renders the same markup every time and on the server; the random start comes after the first render', async () => {
    const mathRandom = vi.spyOn(Math, 'random');
    const timers = manualSchedule();
    const view = (random?: () => number) => (
      <Harness options={{}}>
        <JackpotView to="/m/winnerPage" title="jackpot" random={random} schedule={timers.schedule} />
      </Harness>
    );
    const server = renderToString(view());
    expect(renderToString(view())).toBe(server);
    expect(mathRandom).not.toHaveBeenCalled();
    expect(server).toContain(`data-value="${JACKPOT_MIN}"`);
    expect(timers.pending).toHaveLength(0);

    // The browser's first render takes over the server's markup without a mismatch, then draws the start.
    const container = document.createElement('div');
    container.innerHTML = server;
    document.body.appendChild(container);
    const mismatch = vi.fn();
    const root = await act(async () => hydrateRoot(container, view(sequence(0.5, 0)), { onRecoverableError: mismatch }));
    expect(mismatch).not.toHaveBeenCalled();
    const link = container.querySelector('a')!;
    const startValue = initialJackpot(() => 0.5);
    expect(link.getAttribute('data-value')).toBe(String(startValue));
    expect(link.querySelector('.visually-hidden')?.textContent).toBe(`₱${startValue.toLocaleString('en-US')}`);
    expect(timers.pending.map((p) => p.ms)).toEqual([3000]);
    act(() => root.unmount());
    container.remove();
  });

  it('waits only while on screen', () => {
    const io = stubIntersectionObserver();
    const timers = manualSchedule();
    renderWithRuntime(<JackpotView to="/m/winnerPage" title="jackpot" random={sequence(0, 0.5)} schedule={timers.schedule} />);
    const link = screen.getByRole('link');
    expect(timers.pending).toHaveLength(1);
    act(() => io.show(link, false));
    expect(timers.pending).toHaveLength(0);
    act(() => io.show(link, true));
    expect(timers.pending).toHaveLength(1);
    act(() => timers.fire());
    expect(Number(link.getAttribute('data-value'))).toBeGreaterThan(JACKPOT_MIN);
  });

  it('a tick rewrites only the digits that changed; a new digit count is left to a render', () => {
    const timers = manualSchedule();
    renderWithRuntime(<JackpotView to="/m/winnerPage" title="jackpot" random={sequence(0)} schedule={timers.schedule} />);
    const link = screen.getByRole('link');
    const columns = [...link.querySelectorAll<HTMLElement>('.jackpot-counter__digit')];
    const strips = columns.map((c) => c.firstElementChild as HTMLElement);
    const untouched = strips[0].style.transform;
    expect(showJackpot(link, 200_000_950, '₱')).toBe(true);
    expect(columns.map((c) => c.dataset.digit).join('')).toBe('200000950');
    expect(strips[0].style.transform).toBe(untouched);
    expect(strips[6].style.transform).toBe(`translateY(calc(${-digitShift(9)} * var(--jackpot-rem)))`);
    expect(showJackpot(link, 1_000_000_000, '₱')).toBe(false);
    expect(link.getAttribute('data-value')).toBe('200000950');
  });

  it('the manifest defaults target /m/winnerPage and the jackpot label', () => {
    expect(manifest.defaults).toEqual({ to: '/m/winnerPage', title: 'jackpot' });
  });

  it("follows the server's jackpot: its value at first, then its growth at its rate every 3 to 5 s, never back", () => {
    const timers = manualSchedule();
    let clock = 1_000_000;
    const now = () => clock;
    const random = sequence(0.5);
    const view = (source: JackpotSource) => <JackpotView to="/m/winnerPage" title="jackpot" source={source} now={now} random={random} schedule={timers.schedule} />;
    const { rerender } = renderWithRuntime(view('pending'));
    const link = screen.getByRole('link');
    // Still while the server's value is on its way.
    expect(timers.pending).toHaveLength(0);
    expect(link.getAttribute('data-value')).toBe(String(JACKPOT_MIN));

    rerender(view({ amount: 345_678_901.75, perSecond: 12.5 }));
    expect(link.getAttribute('data-value')).toBe('345678901');
    expect(timers.pending.map((p) => p.ms)).toEqual([4000]);
    clock += 4000;
    act(() => timers.fire());
    expect(link.getAttribute('data-value')).toBe(String(Math.floor(345_678_901.75 + 50)));
    // A later answer that is behind the counter does not take it back.
    rerender(view({ amount: 345_678_900, perSecond: 12.5 }));
    expect(Number(link.getAttribute('data-value'))).toBe(345_678_951);
    clock += 8000;
    act(() => timers.fire());
    expect(Number(link.getAttribute('data-value'))).toBe(345_679_000);
  });

  it('the live value grows at the rate since it was heard, never below it', () => {
    expect(liveJackpotValue({ amount: 100.9, perSecond: 2, at: 0 }, 0)).toBe(100);
    expect(liveJackpotValue({ amount: 100, perSecond: 2, at: 0 }, 1500)).toBe(103);
    expect(liveJackpotValue({ amount: 100, perSecond: 2, at: 5000 }, 0)).toBe(100);
  });
});

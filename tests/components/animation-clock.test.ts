// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { animationClock, createAnimationClock, type AnimationClock } from '../../src/components/animation-clock';
import { resetTab, setTabHidden, stubFrames } from './animation-stubs';

/** Every subscription a test leaves open is closed after it, so no clock outlives its test. */
const open = new Set<() => void>();
function testClock(): AnimationClock {
  const clock = createAnimationClock();
  const track = (leave: () => void) => {
    open.add(leave);
    return () => {
      open.delete(leave);
      leave();
    };
  };
  return { subscribe: (cb) => track(clock.subscribe(cb)), after: (ms, cb) => track(clock.after(ms, cb)), now: clock.now };
}

let frames: ReturnType<typeof stubFrames>;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  frames = stubFrames();
});
afterEach(() => {
  for (const leave of open) leave();
  open.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetTab();
});

describe('animation clock', () => {
  it('runs one frame loop for all its subscribers', () => {
    const clock = testClock();
    const calls: string[] = [];
    clock.subscribe(() => calls.push('jackpot'));
    clock.subscribe(() => calls.push('ticker'));
    clock.subscribe(() => calls.push('winners'));
    expect(frames.request).toHaveBeenCalledTimes(1);
    frames.run();
    expect(calls).toEqual(['jackpot', 'ticker', 'winners']);
    expect(frames.request).toHaveBeenCalledTimes(2);
    expect(frames.pending.size).toBe(1);
    frames.run();
    expect(calls).toHaveLength(6);
  });

  it('stops asking for frames when the last subscriber leaves, and starts again with the next', () => {
    const clock = testClock();
    const first = vi.fn();
    const second = vi.fn();
    const leaveFirst = clock.subscribe(first);
    const leaveSecond = clock.subscribe(second);
    frames.run();
    leaveFirst();
    frames.run();
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(2);
    leaveSecond();
    expect(frames.pending.size).toBe(0);
    expect(frames.cancel).toHaveBeenCalledTimes(1);
    const asked = frames.request.mock.calls.length;
    vi.advanceTimersByTime(1000);
    expect(frames.request).toHaveBeenCalledTimes(asked);
    clock.subscribe(first);
    expect(frames.pending.size).toBe(1);
  });

  it('lets a subscriber leave from inside a frame without skipping the others', () => {
    const clock = testClock();
    const seen: string[] = [];
    const leave = clock.subscribe(() => {
      seen.push('once');
      leave();
    });
    clock.subscribe(() => seen.push('always'));
    frames.run();
    frames.run();
    expect(seen).toEqual(['once', 'always', 'always']);
  });

  it('waits for a deadline on one timer, without frames, and calls back in the frame after it', () => {
    const clock = testClock();
    const soon = vi.fn();
    const later = vi.fn();
    const cancelled = vi.fn();
    clock.after(3000, soon);
    clock.after(5000, later);
    const cancel = clock.after(4000, cancelled);
    cancel();
    expect(frames.request).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2999);
    expect(frames.request).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(frames.request).toHaveBeenCalledTimes(1);
    frames.run();
    expect(soon).toHaveBeenCalledWith(3000);
    expect(later).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2000);
    frames.run();
    expect(later).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
    expect(frames.pending.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('pauses while the tab is hidden: no frames, and hidden time does not count towards a wait', () => {
    const clock = testClock();
    const tick = vi.fn();
    const due = vi.fn();
    clock.subscribe(tick);
    clock.after(1000, due);
    frames.run();
    expect(tick).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(500);
    setTabHidden(true);
    expect(frames.pending.size).toBe(0);
    const stoppedAt = clock.now();
    vi.advanceTimersByTime(60_000);
    expect(clock.now()).toBe(stoppedAt);
    expect(frames.pending.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    setTabHidden(false);
    expect(frames.pending.size).toBe(1);
    frames.run();
    expect(tick).toHaveBeenCalledTimes(2);
    expect(due).not.toHaveBeenCalled();
    vi.advanceTimersByTime(500);
    frames.run();
    expect(due).toHaveBeenCalledTimes(1);
    expect(clock.now()).toBe(1000);
  });

  it('does not start in a hidden tab', () => {
    setTabHidden(true);
    const clock = testClock();
    clock.subscribe(vi.fn());
    clock.after(10, vi.fn());
    expect(frames.request).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
    setTabHidden(false);
    expect(frames.request).toHaveBeenCalledTimes(1);
  });

  it('is one clock per page, made on first use', () => {
    expect(frames.request).not.toHaveBeenCalled();
    expect(animationClock()).toBe(animationClock());
  });
});

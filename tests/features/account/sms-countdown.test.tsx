// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { feedbackStore } from '../../../src/lib/feedback';
import { countdownSeconds, useSmsCountdown } from '../../../src/features/account/sms-countdown';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  feedbackStore.toasts.splice(0);
  feedbackStore.loading = null;
});

describe('useSmsCountdown', () => {
  it('counts expiredMinutes x 60 seconds', () => {
    expect(countdownSeconds(5)).toBe(300);
    expect(countdownSeconds(1)).toBe(60);
  });

  it('after a successful send counts down, toasts in_sms_send for 1.5 s and marks the code input usable', async () => {
    const { result } = renderHook(() => useSmsCountdown());
    expect(result.current.sent).toBe(false);
    let ok = false;
    await act(async () => {
      ok = await result.current.send(async () => ({ expiredMinutes: 1 }));
    });
    expect(ok).toBe(true);
    expect(result.current.sent).toBe(true);
    expect(result.current.seconds).toBe(60);
    expect(feedbackStore.toasts.map((t) => [t.key, t.durationMs])).toEqual([['in_sms_send', 1500]]);
    expect(feedbackStore.loading).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(59_000);
    });
    expect(result.current.seconds).toBe(1);
    expect(result.current.counting).toBe(true);
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(result.current.seconds).toBe(0);
    expect(result.current.counting).toBe(false);
  });

  it('ignores requests during the countdown and while a send is in flight; at 0 sending works again', async () => {
    const { result } = renderHook(() => useSmsCountdown());
    const request = vi.fn(async () => ({ expiredMinutes: 1 }));
    await act(async () => {
      // Two taps in one frame: one request.
      await Promise.all([result.current.send(request), result.current.send(request)]);
    });
    expect(request).toHaveBeenCalledTimes(1);
    let second = true;
    await act(async () => {
      second = await result.current.send(request);
    });
    expect(second).toBe(false);
    expect(request).toHaveBeenCalledTimes(1);
    await act(async () => {
      vi.advanceTimersByTime(60_000);
    });
    await act(async () => {
      await result.current.send(request);
    });
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('a failed send hides the loading indicator with no message, and may be retried at once', async () => {
    const { result } = renderHook(() => useSmsCountdown());
    let ok = true;
    await act(async () => {
      ok = await result.current.send(async () => {
        expect(feedbackStore.loading).toBe('');
        throw new Error('rate.limited');
      });
    });
    expect(ok).toBe(false);
    expect(feedbackStore.loading).toBeNull();
    expect(feedbackStore.toasts).toHaveLength(0);
    expect(result.current.sent).toBe(false);
    expect(result.current.counting).toBe(false);
    const retry = vi.fn(async () => ({ expiredMinutes: 1 }));
    await act(async () => {
      await result.current.send(retry);
    });
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('stops when the component unmounts', async () => {
    const clear = vi.spyOn(globalThis, 'clearInterval');
    const { result, unmount } = renderHook(() => useSmsCountdown());
    await act(async () => {
      await result.current.send(async () => ({ expiredMinutes: 1 }));
    });
    unmount();
    expect(clear).toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(1); // only the toast's own timer is left
    clear.mockRestore();
  });

  it('reset stops the countdown', async () => {
    const { result } = renderHook(() => useSmsCountdown());
    await act(async () => {
      await result.current.send(async () => ({ expiredMinutes: 1 }));
    });
    act(() => result.current.reset());
    expect(result.current.counting).toBe(false);
    expect(result.current.sent).toBe(true);
  });
});

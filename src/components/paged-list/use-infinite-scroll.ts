/**
 * Infinite scroll (spec section 9): the next page loads when the page is within 500 px of its
 * bottom, at most once per 1000 ms. A check that falls inside the throttle window is retried
 * when the window ends, so a short page still fills up.
 */
import { useEffect, useRef } from 'react';

const SCROLL_THRESHOLD_PX = 500;
const SCROLL_THROTTLE_MS = 1000;

/** Distance from the viewport's bottom to the document's bottom, in px. */
function distanceToBottom(win: Window = window): number {
  const doc = win.document.documentElement;
  const height = Math.max(doc.scrollHeight, win.document.body?.scrollHeight ?? 0);
  return height - (win.scrollY + win.innerHeight);
}

export interface InfiniteScrollOptions {
  /** False while there is nothing more to load, a page is loading, or a load failed. */
  enabled: boolean;
  onLoadMore: () => void;
  /** Changes whenever the list grows (e.g. the item count): the page is measured again. */
  signal?: unknown;
  thresholdPx?: number;
  throttleMs?: number;
  /** Replaces the DOM measurement (tests). */
  distance?: () => number;
}

export function useInfiniteScroll({
  enabled,
  onLoadMore,
  signal,
  thresholdPx = SCROLL_THRESHOLD_PX,
  throttleMs = SCROLL_THROTTLE_MS,
  distance = distanceToBottom,
}: InfiniteScrollOptions): void {
  const latest = useRef({ enabled, onLoadMore, thresholdPx, throttleMs, distance });
  const last = useRef(Number.NEGATIVE_INFINITY);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const check = useRef<() => void>(() => undefined);

  useEffect(() => {
    latest.current = { enabled, onLoadMore, thresholdPx, throttleMs, distance };
  });

  useEffect(() => {
    check.current = () => {
      const l = latest.current;
      if (!l.enabled || l.distance() > l.thresholdPx) return;
      const wait = last.current + l.throttleMs - Date.now();
      if (wait > 0) {
        if (timer.current === undefined) {
          timer.current = setTimeout(() => {
            timer.current = undefined;
            check.current();
          }, wait);
        }
        return;
      }
      last.current = Date.now();
      l.onLoadMore();
    };
    const onScroll = () => check.current();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      clearTimeout(timer.current);
      timer.current = undefined;
    };
  }, []);

  // The list grew, or loading became possible again: the bottom may be in reach without a scroll.
  useEffect(() => {
    if (!enabled) return;
    const id = requestAnimationFrame(() => check.current());
    return () => cancelAnimationFrame(id);
  }, [enabled, signal]);
}

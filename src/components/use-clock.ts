import { useSyncExternalStore } from 'react';

const MINUTE_MS = 60_000;

function subscribeMinutes(callback: () => void): () => void {
  const timer = setInterval(callback, MINUTE_MS);
  return () => clearInterval(timer);
}

const minuteNow = () => Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS;

/**
 * The browser's clock to the minute, or null while rendering on the server and hydrating: what
 * depends on the visitor's clock (the greeting) fills in after hydration, so the HTML always matches.
 */
export function useMinuteClock(): number | null {
  return useSyncExternalStore(subscribeMinutes, minuteNow, () => null);
}

function subscribeSeconds(callback: () => void): () => void {
  const timer = setInterval(callback, 1000);
  return () => clearInterval(timer);
}

const secondNow = () => Math.floor(Date.now() / 1000) * 1000;

/** The browser's clock to the second (countdowns), null on the server and while hydrating. */
export function useSecondClock(): number | null {
  return useSyncExternalStore(subscribeSeconds, secondNow, () => null);
}

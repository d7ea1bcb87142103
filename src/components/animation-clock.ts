/**
 * One requestAnimationFrame loop for every animated part of a page. Each widget running its own
 * timers and frame loops keeps a phone's main thread busy between frames; sharing one loop lets
 * the browser batch their DOM writes into one frame, and the loop sleeps when nobody listens or
 * the tab is hidden.
 */

/** Receives the clock's time: milliseconds of visible time (time with the tab hidden is left out). */
type FrameCallback = (now: number) => void;

export interface AnimationClock {
  /** Calls `callback` on every frame while the tab is visible; returns the unsubscribe function. */
  subscribe(callback: FrameCallback): () => void;
  /**
   * Calls `callback` once, in the first frame after `ms` of visible time; returns the cancel
   * function. Waiting costs no frames: the loop sleeps on one timer until the earliest deadline.
   */
  after(ms: number, callback: FrameCallback): () => void;
  /** The clock's time; it stands still while the tab is hidden. */
  now(): number;
}

interface Wait {
  at: number;
  callback: FrameCallback;
}

function tabHidden(): boolean {
  return typeof document !== 'undefined' && document.visibilityState === 'hidden';
}

/** A clock of its own (tests; the page shares `animationClock()`). */
export function createAnimationClock(): AnimationClock {
  const frameCallbacks = new Set<FrameCallback>();
  const waits = new Set<Wait>();
  let frame: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let hiddenSince: number | undefined;
  let hiddenTotal = 0;
  let listening = false;

  const now = () => (hiddenSince ?? performance.now()) - hiddenTotal;

  function halt() {
    if (frame !== undefined) cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
    frame = undefined;
    timer = undefined;
  }

  function onVisibilityChange() {
    if (tabHidden()) {
      if (hiddenSince !== undefined) return;
      hiddenSince = performance.now();
      halt();
    } else if (hiddenSince !== undefined) {
      hiddenTotal += performance.now() - hiddenSince;
      hiddenSince = undefined;
      schedule();
    }
  }

  function listen(on: boolean) {
    if (on === listening || typeof document === 'undefined') return;
    listening = on;
    if (on) {
      document.addEventListener('visibilitychange', onVisibilityChange);
      if (tabHidden()) hiddenSince = performance.now();
    } else {
      document.removeEventListener('visibilitychange', onVisibilityChange);
      if (hiddenSince !== undefined) hiddenTotal += performance.now() - hiddenSince;
      hiddenSince = undefined;
    }
  }

  /** Asks for the next frame, or sleeps until the earliest deadline, or stops when nobody listens. */
  function schedule() {
    if (frameCallbacks.size === 0 && waits.size === 0) {
      halt();
      listen(false);
      return;
    }
    listen(true);
    if (hiddenSince !== undefined || frame !== undefined) return;
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    let wait = frameCallbacks.size > 0 ? 0 : Infinity;
    for (const w of waits) wait = Math.min(wait, w.at - now());
    if (wait <= 0) {
      frame = requestAnimationFrame(runFrame);
    } else {
      timer = setTimeout(() => {
        timer = undefined;
        schedule();
      }, wait);
    }
  }

  function runFrame() {
    frame = undefined;
    const time = now();
    try {
      // Copies: a callback may unsubscribe itself or others.
      for (const callback of [...frameCallbacks]) if (frameCallbacks.has(callback)) callback(time);
      for (const w of [...waits]) if (w.at <= time && waits.delete(w)) w.callback(time);
    } finally {
      schedule();
    }
  }

  return {
    subscribe(callback) {
      const own: FrameCallback = (time) => callback(time);
      frameCallbacks.add(own);
      schedule();
      return () => {
        if (frameCallbacks.delete(own)) schedule();
      };
    },
    after(ms, callback) {
      const w: Wait = { at: now() + ms, callback };
      waits.add(w);
      schedule();
      return () => {
        if (waits.delete(w)) schedule();
      };
    },
    now,
  };
}

let shared: AnimationClock | undefined;

/** The page's one clock, made on first use (importing this module starts nothing). */
export function animationClock(): AnimationClock {
  shared ??= createAnimationClock();
  return shared;
}

/** True when the visitor asked for less motion; read it in effects, never during render. */
export function prefersReducedMotion(): boolean {
  try {
    return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
  } catch {
    return false;
  }
}

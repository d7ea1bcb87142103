import { useEffect, useRef, useState, type RefObject } from 'react';
import { prefersReducedMotion } from './animation-clock';

/**
 * A vertical reel that shows each item for a while, slides one item on, and loops: the hot-match
 * ticker and the winner board. It runs as one Web Animation of `transform`, which the browser's
 * compositor plays without the main thread; no timer and no React render per step.
 */
export interface StepLoop {
  /** Items in one cycle. */
  steps: number;
  /** Items on show at once; the reel repeats its first `visible` items after the last, so the wrap does not show. */
  visible: number;
  /** How long each position holds, in ms. */
  holdMs: number;
  /** How long the slide to the next position takes, in ms. */
  moveMs: number;
}

const round = (n: number) => Number(n.toFixed(4));

/** The reel's offset at position `i`: a share of its own height, as it holds steps + visible equal items. */
function position({ steps, visible }: StepLoop, i: number): string {
  return `translate3d(0, ${round(-(i * 100) / (steps + visible)) || 0}%, 0)`;
}

/**
 * Keyframes of one cycle: each position holds for holdMs, then eases to the next in moveMs; the
 * cycle ends on the repeated first items, which look like the start, so iterations join seamlessly.
 */
export function stepLoopKeyframes(loop: StepLoop, easing = 'ease'): Keyframe[] {
  const period = loop.holdMs + loop.moveMs;
  const total = loop.steps * period;
  const frames: Keyframe[] = [];
  for (let i = 0; i < loop.steps; i++) {
    frames.push({ offset: (i * period) / total, transform: position(loop, i) });
    frames.push({ offset: (i * period + loop.holdMs) / total, transform: position(loop, i), easing });
  }
  frames.push({ offset: 1, transform: position(loop, loop.steps) });
  return frames;
}

export function stepLoopTiming(loop: StepLoop): KeyframeAnimationOptions {
  return { duration: loop.steps * (loop.holdMs + loop.moveMs), iterations: Infinity };
}

/** True when the visitor asked for less motion; false until the effect has read it, as on the server. */
function useReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-reduced-motion: reduce)') : undefined;
    if (!query) return;
    const update = () => setReduced(query.matches);
    update();
    query.addEventListener?.('change', update);
    return () => query.removeEventListener?.('change', update);
  }, []);
  return reduced;
}

/**
 * Plays `loop` on the reel element while `playing` (paused where it stands otherwise). No loop,
 * reduced motion or a browser without Web Animations leave the reel still on its first items.
 */
export function useStepLoop(ref: RefObject<HTMLElement | null>, loop: StepLoop | null, playing: boolean): void {
  const reduced = useReducedMotion();
  const animation = useRef<Animation | null>(null);
  const steps = loop?.steps ?? 0;
  const visible = loop?.visible ?? 0;
  const holdMs = loop?.holdMs ?? 0;
  const moveMs = loop?.moveMs ?? 0;
  useEffect(() => {
    const el = ref.current;
    if (!el || steps === 0 || reduced || prefersReducedMotion() || typeof el.animate !== 'function') return;
    const cycle = { steps, visible, holdMs, moveMs };
    const running = el.animate(stepLoopKeyframes(cycle), stepLoopTiming(cycle));
    animation.current = running;
    return () => {
      running.cancel();
      animation.current = null;
    };
  }, [ref, steps, visible, holdMs, moveMs, reduced]);
  useEffect(() => {
    const running = animation.current;
    if (!running) return;
    if (playing) running.play();
    else running.pause();
  }, [playing, steps, visible, holdMs, moveMs, reduced]);
}

// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stepLoopKeyframes, stepLoopTiming, useStepLoop, type StepLoop } from '../../src/components/step-loop';
import { stubAnimate, stubReducedMotion } from './animation-stubs';

const ticker: StepLoop = { steps: 2, visible: 1, holdMs: 5000, moveMs: 500 };

function Reel({ loop, playing }: { loop: StepLoop | null; playing: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useStepLoop(ref, loop, playing);
  return <div ref={ref} />;
}

let animate: ReturnType<typeof stubAnimate>;
beforeEach(() => {
  animate = stubAnimate();
});
afterEach(() => {
  cleanup();
  animate.restore();
  vi.unstubAllGlobals();
});

describe('step loop', () => {
  it('holds each position, eases to the next, and ends on the repeated first items', () => {
    expect(stepLoopKeyframes(ticker)).toEqual([
      { offset: 0, transform: 'translate3d(0, 0%, 0)' },
      { offset: 5000 / 11000, transform: 'translate3d(0, 0%, 0)', easing: 'ease' },
      { offset: 5500 / 11000, transform: 'translate3d(0, -33.3333%, 0)' },
      { offset: 10500 / 11000, transform: 'translate3d(0, -33.3333%, 0)', easing: 'ease' },
      { offset: 1, transform: 'translate3d(0, -66.6667%, 0)' },
    ]);
    expect(stepLoopTiming(ticker)).toEqual({ duration: 11000, iterations: Infinity });
  });

  it('plays one animation, pauses and resumes it, and cancels it on unmount', () => {
    const { rerender, unmount } = render(<Reel loop={ticker} playing />);
    expect(animate.calls).toHaveLength(1);
    const [{ animation }] = animate.calls;
    rerender(<Reel loop={{ ...ticker }} playing={false} />);
    expect(animate.calls).toHaveLength(1);
    expect(animation.pause).toHaveBeenCalledTimes(1);
    rerender(<Reel loop={ticker} playing />);
    expect(animation.play).toHaveBeenCalledTimes(2);
    unmount();
    expect(animation.cancel).toHaveBeenCalledTimes(1);
  });

  it('stays still without a loop, with reduced motion, or without Web Animations', () => {
    render(<Reel loop={null} playing />);
    stubReducedMotion(true);
    render(<Reel loop={ticker} playing />);
    expect(animate.calls).toHaveLength(0);
    vi.unstubAllGlobals();
    animate.restore();
    expect(() => act(() => void render(<Reel loop={ticker} playing />))).not.toThrow();
  });
});

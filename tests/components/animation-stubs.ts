/**
 * Stand-ins for the browser's animation machinery that jsdom lacks: frames the test runs by hand,
 * Web Animations it can inspect, an IntersectionObserver it can drive, and the tab's visibility.
 */
import { vi } from 'vitest';

/** requestAnimationFrame on a queue: `run()` plays the frames that were asked for so far. */
export function stubFrames() {
  let next = 1;
  const pending = new Map<number, FrameRequestCallback>();
  const request = vi.fn((callback: FrameRequestCallback) => {
    const id = next++;
    pending.set(id, callback);
    return id;
  });
  const cancel = vi.fn((id: number) => void pending.delete(id));
  vi.stubGlobal('requestAnimationFrame', request);
  vi.stubGlobal('cancelAnimationFrame', cancel);
  return {
    request,
    cancel,
    pending,
    /** Runs one frame: every callback asked for before it. */
    run() {
      const due = [...pending.values()];
      pending.clear();
      for (const callback of due) callback(performance.now());
    },
  };
}

export interface AnimateCall {
  element: Element;
  keyframes: Keyframe[];
  options: KeyframeAnimationOptions;
  animation: { play: ReturnType<typeof vi.fn>; pause: ReturnType<typeof vi.fn>; cancel: ReturnType<typeof vi.fn> };
}

/** Element.animate that records each call; `restore()` takes it away again, as jsdom has none. */
export function stubAnimate() {
  const calls: AnimateCall[] = [];
  Object.defineProperty(Element.prototype, 'animate', {
    configurable: true,
    writable: true,
    value(this: Element, keyframes: Keyframe[], options: KeyframeAnimationOptions) {
      const animation = { play: vi.fn(), pause: vi.fn(), cancel: vi.fn() };
      calls.push({ element: this, keyframes, options, animation });
      return animation;
    },
  });
  return {
    calls,
    restore() {
      delete (Element.prototype as { animate?: unknown }).animate;
    },
  };
}

/** An IntersectionObserver whose entries the test sends with `show(element, onScreen)`. */
export function stubIntersectionObserver() {
  const observers = new Set<{ callback: IntersectionObserverCallback; elements: Set<Element> }>();
  class FakeObserver {
    private readonly entry: { callback: IntersectionObserverCallback; elements: Set<Element> };
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback, elements: new Set() };
      observers.add(this.entry);
    }
    observe(element: Element) {
      this.entry.elements.add(element);
    }
    unobserve(element: Element) {
      this.entry.elements.delete(element);
    }
    disconnect() {
      observers.delete(this.entry);
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    observed: () => [...observers].flatMap((o) => [...o.elements]),
    show(element: Element, onScreen: boolean) {
      for (const o of observers) {
        if (!o.elements.has(element)) continue;
        o.callback([{ target: element, isIntersecting: onScreen } as IntersectionObserverEntry], o as unknown as IntersectionObserver);
      }
    },
  };
}

/** Sets document.visibilityState and tells listeners, as the browser does on a tab switch. */
export function setTabHidden(hidden: boolean) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
  document.dispatchEvent(new Event('visibilitychange'));
}

/** Back to jsdom's own visibilityState. */
export function resetTab() {
  delete (document as { visibilityState?: unknown }).visibilityState;
}

/** matchMedia answering prefers-reduced-motion: reduce with `reduce`. */
export function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: reduce && query.includes('prefers-reduced-motion: reduce'),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

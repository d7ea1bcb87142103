// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { useRef } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useInView } from '../../src/components/use-in-view';
import { resetTab, setTabHidden, stubIntersectionObserver } from './animation-stubs';

function Probe() {
  const ref = useRef<HTMLDivElement>(null);
  const inView = useInView(ref);
  return <div ref={ref} data-in-view={String(inView)} />;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetTab();
});

describe('useInView', () => {
  it('starts in view, on the server as in the browser', () => {
    expect(renderToString(<Probe />)).toBe('<div data-in-view="true"></div>');
    const { container } = render(<Probe />);
    expect(container.innerHTML).toBe('<div data-in-view="true"></div>');
  });

  it('follows the element on and off screen', () => {
    const io = stubIntersectionObserver();
    const { container, unmount } = render(<Probe />);
    const el = container.firstElementChild!;
    expect(io.observed()).toEqual([el]);
    act(() => io.show(el, false));
    expect(el.getAttribute('data-in-view')).toBe('false');
    act(() => io.show(el, true));
    expect(el.getAttribute('data-in-view')).toBe('true');
    unmount();
    expect(io.observed()).toEqual([]);
  });

  it('is out of view while the tab is hidden', () => {
    const { container } = render(<Probe />);
    const el = container.firstElementChild!;
    act(() => setTabHidden(true));
    expect(el.getAttribute('data-in-view')).toBe('false');
    act(() => setTabHidden(false));
    expect(el.getAttribute('data-in-view')).toBe('true');
  });
});

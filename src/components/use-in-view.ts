import { useEffect, useState, type RefObject } from 'react';

/**
 * True while the element can be seen: some of it is on screen and the tab is visible. Animations
 * pause when it turns false. It starts true, so that the first render is the same on the server
 * and in the browser, and where IntersectionObserver is missing the element counts as on screen.
 */
export function useInView(ref: RefObject<Element | null>): boolean {
  const [inView, setInView] = useState(true);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let onScreen = true;
    let tabVisible = document.visibilityState !== 'hidden';
    const update = () => setInView(onScreen && tabVisible);
    const onVisibilityChange = () => {
      tabVisible = document.visibilityState !== 'hidden';
      update();
    };
    const observer =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver((entries) => {
            onScreen = entries[entries.length - 1].isIntersecting;
            update();
          })
        : undefined;
    observer?.observe(el);
    document.addEventListener('visibilitychange', onVisibilityChange);
    if (!tabVisible) update();
    return () => {
      observer?.disconnect();
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, [ref]);
  return inView;
}

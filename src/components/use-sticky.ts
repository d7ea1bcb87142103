import { useEffect, useState, type RefObject } from 'react';
import { isStickyActive, STICKY_OFFSET_PX } from '../lib/layout-rules';

/** True while the element's top is within 100 px of the viewport top (spec section 4: sticky header). */
export function useSticky(ref: RefObject<HTMLElement | null>, offset: number = STICKY_OFFSET_PX): boolean {
  const [sticky, setSticky] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      setSticky(isStickyActive(el.getBoundingClientRect().top, offset));
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, [ref, offset]);
  return sticky;
}

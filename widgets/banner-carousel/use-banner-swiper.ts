import { useCallback, useEffect, useMemo, useRef, useState, type ComponentType, type RefObject } from 'react';
import type { Banner } from './banner-link';
import { BANNER_AUTOPLAY_MS } from './rules';

export { BANNER_AUTOPLAY_MS };

/** `advance`: Swiper takes over because the first autoplay step is due, and makes it at once. */
export type BannerSwiperView = ComponentType<{ banners: readonly Banner[]; advance?: boolean }>;

/** The longest Swiper waits for an idle moment once the first autoplay step is due. */
export const SWIPER_IDLE_TIMEOUT_MS = 2000;
/** Without requestIdleCallback (Safari), a short pause lets the rest of the first load run first. */
const SWIPER_IDLE_FALLBACK_MS = 200;

/** Runs `task` when the main thread is idle; returns the cancel function. */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: SWIPER_IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, SWIPER_IDLE_FALLBACK_MS);
  return () => window.clearTimeout(id);
}

const loadBannerSwiper = (): Promise<BannerSwiperView> => import('./banner-swiper').then((m) => m.default);

export interface PressHandlers {
  onPointerDown?: () => void;
  onPointerUp?: () => void;
  onPointerCancel?: () => void;
  onPointerLeave?: () => void;
}

/**
 * Swiper for the banners, once it is needed: at the first press on the banner, or when the first
 * autoplay step is due (BANNER_AUTOPLAY_MS after the first banner's image arrived, at an idle
 * moment), which Swiper then makes at once. Until then the first banner is a plain image and the
 * Swiper chunk is not fetched: it never competes with the first load. Null until then, and always
 * on the first render, so server and client render the same markup.
 */
export function useBannerSwiper(
  enabled: boolean,
  firstImage: RefObject<HTMLImageElement | null>,
  firstBannerId: number,
): { SwiperView: BannerSwiperView | null; advance: boolean; pressHandlers: PressHandlers } {
  const [SwiperView, setSwiperView] = useState<BannerSwiperView | null>(null);
  const [advance, setAdvance] = useState(false);
  const loading = useRef<Promise<BannerSwiperView> | null>(null);
  const wanted = useRef(false);
  // Swapping the slide under a pressed pointer would lose the click that started on the banner's link.
  const pressed = useRef(false);

  const load = useCallback(() => {
    loading.current ??= loadBannerSwiper().catch((err: unknown) => {
      // The next press on the banner tries again; until then the first banner stays as it is.
      loading.current = null;
      throw err;
    });
    return loading.current;
  }, []);

  /** `step`: the first autoplay step is due (not a press), and Swiper makes it at once. */
  const takeOver = useCallback((step: boolean) => {
    wanted.current = true;
    if (pressed.current) return;
    setAdvance(step);
    load().then(
      (view) => {
        if (!pressed.current) setSwiperView(() => view);
      },
      (err: unknown) => console.error('banner carousel: Swiper failed to load', err),
    );
  }, [load]);

  const waiting = enabled && !SwiperView;

  useEffect(() => {
    if (!waiting) return;
    const image = firstImage.current;
    let cancelIdle: (() => void) | undefined;
    let due: number | undefined;
    const arrived = () => {
      due ??= window.setTimeout(() => {
        cancelIdle = whenIdle(() => takeOver(true));
      }, BANNER_AUTOPLAY_MS);
    };
    if (!image || image.complete) arrived();
    else {
      image.addEventListener('load', arrived);
      image.addEventListener('error', arrived);
    }
    return () => {
      image?.removeEventListener('load', arrived);
      image?.removeEventListener('error', arrived);
      window.clearTimeout(due);
      cancelIdle?.();
    };
  }, [waiting, firstImage, firstBannerId, takeOver]);

  const pressHandlers = useMemo(() => {
    if (!waiting) return {};
    const release = () => {
      pressed.current = false;
      if (wanted.current) takeOver(false);
    };
    return {
      onPointerDown: () => {
        pressed.current = true;
        wanted.current = true;
        load().catch(() => undefined);
      },
      onPointerUp: release,
      onPointerCancel: release,
      onPointerLeave: release,
    };
  }, [waiting, load, takeOver]);

  return { SwiperView: enabled ? SwiperView : null, advance, pressHandlers };
}

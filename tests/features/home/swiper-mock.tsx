/**
 * A stand-in for swiper/react in jsdom: records the options each Swiper got and renders its
 * slides as plain elements, so a test can assert loop, speed, autoplay and pagination settings.
 */
import type { ReactNode } from 'react';

export const swiperCalls: Record<string, unknown>[] = [];

export function Swiper({ children, modules: _modules, className, ...options }: { children?: ReactNode; modules?: unknown; className?: string } & Record<string, unknown>) {
  swiperCalls.push(options);
  return (
    <div data-testid="swiper" className={className}>
      {children}
      {options.pagination ? <div className="swiper-pagination" data-testid="pagination" /> : null}
    </div>
  );
}

export function SwiperSlide({ children }: { children?: ReactNode }) {
  return <div data-testid="swiper-slide">{children}</div>;
}

/** The last options a Swiper was rendered with. */
export function lastSwiper(): Record<string, unknown> | undefined {
  return swiperCalls[swiperCalls.length - 1];
}

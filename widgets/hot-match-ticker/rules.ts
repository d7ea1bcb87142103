/** Spec section 9: the hot-match ticker's autoplay and transition speed. */
export const TICKER_AUTOPLAY_MS = 5000;
export const TICKER_SPEED_MS = 500;

/** Swiper options of the ticker: vertical; loop and autoplay only with more than one match. */
export function tickerOptions(count: number) {
  const many = count > 1;
  return {
    direction: 'vertical' as const,
    loop: many,
    speed: TICKER_SPEED_MS,
    autoplay: many ? { delay: TICKER_AUTOPLAY_MS, disableOnInteraction: false } : (false as const),
    allowTouchMove: false,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Spec section 9: a match's start time as MM/DD HH:mm (local time); '' when unreadable. */
export function formatMatchTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${pad(d.getMonth() + 1)}/${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Spec section 9: the winner ticker loops above 3 winners, speed 1500, gap 10. */
export const WINNER_LOOP_THRESHOLD = 3;
export const WINNER_VISIBLE = 3;
export const WINNER_SPEED_MS = 1500;
export const WINNER_GAP_PX = 10;
/** The pause between steps (the spec gives none): long enough to read a row and tap it. */
export const WINNER_AUTOPLAY_MS = 2000;
/** Spec section 9: the winner board reloads 250 ms after a language change. */
export const WINNER_LANGUAGE_DEBOUNCE_MS = 250;

/** True when the board is a looping carousel rather than a static view. */
export function winnerLoops(count: number): boolean {
  return count > WINNER_LOOP_THRESHOLD;
}

export function winnerSwiperOptions() {
  return {
    direction: 'vertical' as const,
    loop: true,
    slidesPerView: WINNER_VISIBLE,
    spaceBetween: WINNER_GAP_PX,
    speed: WINNER_SPEED_MS,
    autoplay: { delay: WINNER_AUTOPLAY_MS, disableOnInteraction: false },
    allowTouchMove: false,
  };
}

/**
 * Swiper's loop needs at least two screens of slides: a short list repeats itself (4 winners
 * become 8 slides) so that the carousel never stalls or shows a gap.
 */
export function loopSlides<T>(list: readonly T[], visible = WINNER_VISIBLE): T[] {
  if (list.length === 0) return [];
  const out = [...list];
  while (out.length < visible * 2) out.push(...list);
  return out;
}

/** A win amount with its currency symbol and 2 decimals, grouped (₱1,234.50). */
export function formatWin(symbol: string, amount: number): string {
  return `${symbol}${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

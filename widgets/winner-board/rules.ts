import type { StepLoop } from '../../src/components/step-loop';
import { moneyText } from '../../src/domain/money';

/** Spec section 9: the winner ticker loops above 3 winners, speed 1500, gap 10. */
const WINNER_LOOP_THRESHOLD = 3;
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

/**
 * The carousel's reel: three rows on show, each step holds for the autoplay pause and slides up
 * one row at the spec's speed, looping through every winner.
 */
export function winnerLoop(count: number): StepLoop {
  return { steps: count, visible: WINNER_VISIBLE, holdMs: WINNER_AUTOPLAY_MS, moveMs: WINNER_SPEED_MS };
}

/** The reel's rows: every winner, then the first three again, so that the wrap to the top does not show. */
export function reelRows<T>(list: readonly T[], visible = WINNER_VISIBLE): T[] {
  return [...list, ...list.slice(0, visible)];
}

/** A win amount with its currency symbol and 2 decimals, grouped (₱1,234.50; src/domain/money's moneyText). */
export function formatWin(symbol: string, amount: number): string {
  return moneyText(symbol, amount);
}

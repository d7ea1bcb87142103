import { formatAmount } from '../../src/lib/layout-rules';
import { wholeUnitsShown } from '../../src/domain/money';

/** A source of uniform numbers in [0, 1), like Math.random (tests pass their own). */
export type RandomSource = () => number;

/** Spec section 9: the counter's start range, increment range and tick delays. */
export const JACKPOT_MIN = 200_000_000;
export const JACKPOT_MAX = 990_000_000;
export const STEP_MIN = 100;
export const STEP_MAX = 500;
export const TICK_DELAYS_MS: readonly number[] = [3000, 4000, 5000];
/** Spec section 9: a digit column shifts 48/100 rem per unit of its digit. */
const DIGIT_SHIFT_REM = 0.48;

/** A whole number from min to max, both included. */
export function randomInt(random: RandomSource, min: number, max: number): number {
  const r = Math.min(Math.max(random(), 0), 1 - Number.EPSILON);
  return min + Math.floor(r * (max - min + 1));
}

export function initialJackpot(random: RandomSource): number {
  return randomInt(random, JACKPOT_MIN, JACKPOT_MAX);
}

export function jackpotStep(random: RandomSource): number {
  return randomInt(random, STEP_MIN, STEP_MAX);
}

/** The wait before the next tick: 3000, 4000 or 5000 ms, chosen afresh each tick. */
export function nextTickDelay(random: RandomSource): number {
  return TICK_DELAYS_MS[randomInt(random, 0, TICK_DELAYS_MS.length - 1)];
}

/** The counter's characters: digits grouped in threes (200,000,000), without Intl. */
export function jackpotChars(value: number): string[] {
  return formatAmount(Math.floor(value)).split('');
}

/** How far a digit's column moves: the digit times 0.48 of the spec's rem unit. */
export function digitShift(digit: number): number {
  return Number((digit * DIGIT_SHIFT_REM).toFixed(2));
}

/** The jackpot as the server last told it: its value then, its growth a second, and when the page heard it (epoch ms). */
export interface LiveJackpot {
  amount: number;
  perSecond: number;
  at: number;
}

/** The live jackpot's whole value at `now`: what the server said, grown at its rate since (never less). */
export function liveJackpotValue(live: LiveJackpot, now: number): number {
  return wholeUnitsShown(live.amount + (live.perSecond * Math.max(0, now - live.at)) / 1000);
}

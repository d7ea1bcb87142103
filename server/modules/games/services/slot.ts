/**
 * The in-house 3-reel slot: reel strips, pay table, and the draw. One payline (the middle row).
 *
 * Each reel has 20 stops: SEVEN 2, BAR 3, BELL 2, GRAPE 4, LEMON 5, CHERRY 4 (the strips differ
 * in order, not in counts). A spin draws each reel's stop with crypto.randomInt, so all
 * 20^3 = 8,000 stop combinations are equally likely. Pays, as multiples of the stake:
 *
 *   SEVEN SEVEN SEVEN 100   BAR BAR BAR 50   BELL BELL BELL 20   GRAPE GRAPE GRAPE 15
 *   LEMON LEMON LEMON 10    CHERRY CHERRY CHERRY 10   CHERRY CHERRY (reels 1-2) 5   CHERRY (reel 1) 1
 *
 * Return to player: 7,720 / 8,000 = 96.5% exactly (tests/server/games/games-slot.test.ts enumerates
 * every combination); hit frequency 1,832 / 8,000 = 22.9%.
 */
import { randomInt } from 'node:crypto';

export const SYMBOLS = ['SEVEN', 'BAR', 'BELL', 'GRAPE', 'LEMON', 'CHERRY'] as const;
export type SlotSymbol = (typeof SYMBOLS)[number];

export const REELS: readonly (readonly SlotSymbol[])[] = [
  ['CHERRY', 'LEMON', 'BAR', 'GRAPE', 'LEMON', 'SEVEN', 'CHERRY', 'BELL', 'LEMON', 'GRAPE', 'BAR', 'CHERRY', 'LEMON', 'GRAPE', 'SEVEN', 'BELL', 'CHERRY', 'LEMON', 'BAR', 'GRAPE'],
  ['LEMON', 'GRAPE', 'CHERRY', 'BAR', 'LEMON', 'BELL', 'GRAPE', 'SEVEN', 'LEMON', 'CHERRY', 'BAR', 'GRAPE', 'LEMON', 'CHERRY', 'BELL', 'SEVEN', 'GRAPE', 'LEMON', 'CHERRY', 'BAR'],
  ['BAR', 'CHERRY', 'LEMON', 'GRAPE', 'SEVEN', 'LEMON', 'CHERRY', 'GRAPE', 'BELL', 'LEMON', 'BAR', 'CHERRY', 'GRAPE', 'LEMON', 'SEVEN', 'CHERRY', 'BELL', 'GRAPE', 'LEMON', 'BAR'],
];

export interface PayRule {
  /** Symbols on the payline, left to right; null: any symbol. */
  line: (SlotSymbol | null)[];
  multiplier: number;
}

/** Checked in order; only the first rule that matches pays (three cherries are not also two). */
export const PAY_TABLE: readonly PayRule[] = [
  { line: ['SEVEN', 'SEVEN', 'SEVEN'], multiplier: 100 },
  { line: ['BAR', 'BAR', 'BAR'], multiplier: 50 },
  { line: ['BELL', 'BELL', 'BELL'], multiplier: 20 },
  { line: ['GRAPE', 'GRAPE', 'GRAPE'], multiplier: 15 },
  { line: ['LEMON', 'LEMON', 'LEMON'], multiplier: 10 },
  { line: ['CHERRY', 'CHERRY', 'CHERRY'], multiplier: 10 },
  { line: ['CHERRY', 'CHERRY', null], multiplier: 5 },
  { line: ['CHERRY', null, null], multiplier: 1 },
];

/** The stated return to player (tests recompute it by enumeration). */
export const RTP = 0.965;

/** Stakes in minor units (100 = 1.00). */
export const MIN_STAKE = 10;
export const MAX_STAKE = 100_000;
export const STAKES = [10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000];

/** The rule a payline wins by (the first that matches), or null: no win. */
export function payRule(line: readonly SlotSymbol[]): PayRule | null {
  return PAY_TABLE.find((rule) => rule.line.every((s, i) => s === null || line[i] === s)) ?? null;
}

/** The multiplier of a payline (0: no win). */
export function payout(line: readonly SlotSymbol[]): number {
  return payRule(line)?.multiplier ?? 0;
}

export interface SpinOutcome {
  /** Stop index per reel: the symbol on the payline. */
  stops: number[];
  /** Three rows per reel (above, payline, below) as the player sees them. */
  window: SlotSymbol[][];
  line: SlotSymbol[];
  multiplier: number;
}

export function outcomeOf(stops: number[]): SpinOutcome {
  const window = REELS.map((strip, r) => [-1, 0, 1].map((d) => strip[(stops[r] + d + strip.length) % strip.length]));
  const line = window.map((rows) => rows[1]);
  return { stops, window, line, multiplier: payout(line) };
}

/** One spin: each reel's stop drawn uniformly with the CSPRNG. */
export function drawSpin(): SpinOutcome {
  return outcomeOf(REELS.map((strip) => randomInt(strip.length)));
}

/**
 * RefGames' slot, "Tiki Fortune": 3 reels, 3 rows, 5 paylines (the three rows and the two
 * diagonals), a line bet on every line (the stake is 5 line bets).
 *
 * Each reel has 20 stops: MASK 1, DRUM 2, TORCH 3, PALM 4, SHELL 5, COCONUT 5 (the strips differ
 * in order, not in counts). A spin draws each reel's stop with crypto.randomInt, so all
 * 20^3 = 8,000 stop combinations are equally likely. Three of a kind on a line pays, in line bets:
 *
 *   MASK 200   DRUM 100   TORCH 50   PALM 30   SHELL 15   COCONUT 12
 *
 * Every line sees one uniform stop of each reel, so a line pays on average
 * (200*1 + 100*8 + 50*27 + 30*64 + 15*125 + 12*125) / 8000 = 7645 / 8000 line bets:
 * return to player 95.5625% exactly (tests/refgames/slot.test.ts enumerates every combination).
 */
import { randomInt } from 'node:crypto';

export const SYMBOLS = ['MASK', 'DRUM', 'TORCH', 'PALM', 'SHELL', 'COCONUT'] as const;
export type TikiSymbol = (typeof SYMBOLS)[number];

export const REELS: readonly (readonly TikiSymbol[])[] = [
  ['COCONUT', 'SHELL', 'PALM', 'TORCH', 'COCONUT', 'SHELL', 'DRUM', 'PALM', 'COCONUT', 'SHELL', 'MASK', 'TORCH', 'PALM', 'COCONUT', 'SHELL', 'DRUM', 'PALM', 'COCONUT', 'SHELL', 'TORCH'],
  ['SHELL', 'COCONUT', 'TORCH', 'PALM', 'SHELL', 'MASK', 'COCONUT', 'PALM', 'SHELL', 'DRUM', 'COCONUT', 'TORCH', 'SHELL', 'PALM', 'COCONUT', 'DRUM', 'SHELL', 'TORCH', 'COCONUT', 'PALM'],
  ['PALM', 'COCONUT', 'SHELL', 'DRUM', 'COCONUT', 'TORCH', 'SHELL', 'PALM', 'COCONUT', 'SHELL', 'TORCH', 'PALM', 'MASK', 'COCONUT', 'SHELL', 'DRUM', 'PALM', 'COCONUT', 'SHELL', 'TORCH'],
];

/** Three of a kind on a line pays this many line bets. */
export const PAYS: Readonly<Record<TikiSymbol, number>> = { MASK: 200, DRUM: 100, TORCH: 50, PALM: 30, SHELL: 15, COCONUT: 12 };

/** The paylines: the row (0 top, 1 middle, 2 bottom) on each reel. */
export const LINES: readonly (readonly number[])[] = [
  [1, 1, 1],
  [0, 0, 0],
  [2, 2, 2],
  [0, 1, 2],
  [2, 1, 0],
];

/** The stated return to player (the test recomputes it by enumeration). */
export const RTP = 0.955625;

/** Line bets in minor units; the stake of a spin is LINES.length of them (0.10 to 100.00). */
export const LINE_BETS = [2, 4, 10, 20, 40, 100, 200, 400, 1_000, 2_000];
export const STAKES = LINE_BETS.map((b) => b * LINES.length);

interface SpinOutcome {
  /** Stop index per reel: the symbol on the middle row. */
  stops: number[];
  /** Per reel, its three rows top to bottom. */
  window: TikiSymbol[][];
  /** The winning lines (index into LINES) and what each pays in line bets. */
  wins: { line: number; symbol: TikiSymbol; pays: number }[];
  /** The whole spin's pay in line bets. */
  multiplier: number;
}

export function outcomeOf(stops: readonly number[]): SpinOutcome {
  const window = REELS.map((strip, r) => [-1, 0, 1].map((d) => strip[(stops[r] + d + strip.length) % strip.length]));
  const wins: SpinOutcome['wins'] = [];
  LINES.forEach((rows, line) => {
    const symbols = rows.map((row, reel) => window[reel][row]);
    if (symbols.every((s) => s === symbols[0])) wins.push({ line, symbol: symbols[0], pays: PAYS[symbols[0]] });
  });
  return { stops: [...stops], window, wins, multiplier: wins.reduce((sum, w) => sum + w.pays, 0) };
}

/** One spin: each reel's stop drawn uniformly (by the CSPRNG unless a test gives its own draw). */
export function drawSpin(random: (max: number) => number = randomInt): SpinOutcome {
  return outcomeOf(REELS.map((strip) => random(strip.length)));
}

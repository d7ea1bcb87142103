/**
 * A round of the in-house slot as the betting record shows it (server/modules/games/services/slot.ts): three
 * reels of three rows (above, the pay line, below) and the pay lines won, each counted from the
 * left reel on the middle row, as the game itself lays them out (server/games/slot.js).
 */
import type { Outcome, SlotLine } from '../../generated/api/reports';
import type { TranslationKey } from '../../lib/i18n-keys';

export const SLOT_SYMBOLS = ['SEVEN', 'BAR', 'BELL', 'GRAPE', 'LEMON', 'CHERRY'] as const;
export type SlotSymbol = (typeof SLOT_SYMBOLS)[number];

/** The spoken name of each symbol (the grid's cells are pictures for four of them). */
export const SLOT_SYMBOL_KEYS: Readonly<Record<SlotSymbol, TranslationKey>> = {
  SEVEN: 'slot_symbol_seven',
  BAR: 'slot_symbol_bar',
  BELL: 'slot_symbol_bell',
  GRAPE: 'slot_symbol_grape',
  LEMON: 'slot_symbol_lemon',
  CHERRY: 'slot_symbol_cherry',
};

/** The text a symbol is drawn with; '' for those drawn as a picture (bell and fruit). */
export const SLOT_SYMBOL_TEXT: Readonly<Record<SlotSymbol, string>> = { SEVEN: '7', BAR: 'BAR', BELL: '', GRAPE: '', LEMON: '', CHERRY: '' };

export function isSlotSymbol(value: unknown): value is SlotSymbol {
  return typeof value === 'string' && (SLOT_SYMBOLS as readonly string[]).includes(value);
}

interface SlotCell {
  symbol: SlotSymbol;
  /** On the pay line (the middle row). */
  payline: boolean;
  /** Part of a pay line that won. */
  won: boolean;
}

export interface SlotRound {
  /** Rows top to bottom, each left to right. */
  rows: SlotCell[][];
  paylines: SlotLine[];
}

/** The row of the pay line in each reel's three rows. */
const PAYLINE_ROW = 1;

/**
 * The grid of a slot round, or null when the outcome is not one the grid can show (another kind,
 * a reel that is not three known symbols): the sheet then lists the fields only.
 */
export function slotRound(outcome: Outcome | null | undefined): SlotRound | null {
  if (!outcome || outcome.kind !== 'slot' || !Array.isArray(outcome.reels) || outcome.reels.length === 0) return null;
  const reels = outcome.reels;
  if (!reels.every((reel) => Array.isArray(reel) && reel.length === 3 && reel.every(isSlotSymbol))) return null;
  const paylines = Array.isArray(outcome.paylines) ? outcome.paylines.filter((p) => p.count > 0) : [];
  const wonReels = Math.min(reels.length, Math.max(0, ...paylines.map((p) => p.count)));
  const rows = [0, 1, 2].map((row) =>
    reels.map((reel, r): SlotCell => ({ symbol: reel[row] as SlotSymbol, payline: row === PAYLINE_ROW, won: row === PAYLINE_ROW && r < wonReels })),
  );
  return { rows, paylines };
}

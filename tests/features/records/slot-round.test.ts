import { describe, expect, it } from 'vitest';
import { isTranslationKey } from '../../../src/lib/i18n-keys';
import { SLOT_SYMBOL_KEYS, SLOT_SYMBOLS, slotRound } from '../../../src/features/records/slot-round';
import { outcomeOf, payout, SYMBOLS } from '../../../server/modules/games/services/slot';

/** The reels of a round as the server sends them: one column per reel (above, pay line, below). */
const reelsOf = (stops: number[]) => outcomeOf(stops).window;

describe('the round of the in-house slot', () => {
  it('knows every symbol of the game and names each one', () => {
    expect([...SLOT_SYMBOLS].sort()).toEqual([...SYMBOLS].sort());
    for (const s of SLOT_SYMBOLS) expect(isTranslationKey(SLOT_SYMBOL_KEYS[s])).toBe(true);
  });

  it('lays the reels out as rows, the pay line in the middle, as the game shows them', () => {
    const stops = [0, 3, 7];
    const reels = reelsOf(stops);
    const round = slotRound({ kind: 'slot', reels, line: outcomeOf(stops).line, multiplier: 0, paylines: [] });
    expect(round).not.toBeNull();
    // Row r, reel c is the server's reels[c][r].
    for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) expect(round!.rows[r][c].symbol).toBe(reels[c][r]);
    expect(round!.rows.map((row) => row.every((cell) => cell.payline))).toEqual([false, true, false]);
    expect(round!.rows[1].map((cell) => cell.symbol)).toEqual(outcomeOf(stops).line);
  });

  it('marks the symbols of a winning line from the left reel, and nothing for a round without a win', () => {
    // Stops 0 and 2 of the first two reels are cherries, the third reel shows a bar: two cherries pay x5.
    const reels = reelsOf([0, 2, 0]);
    const line = reels.map((col) => col[1]);
    expect(line).toEqual(['CHERRY', 'CHERRY', 'BAR']);
    expect(payout(line)).toBe(5);
    const round = slotRound({ kind: 'slot', reels, line, multiplier: 5, paylines: [{ symbols: line, symbol: 'CHERRY', count: 2, multiplier: 5, amount: 5 }] });
    expect(round!.rows[1].map((cell) => cell.won)).toEqual([true, true, false]);
    expect([...round!.rows[0], ...round!.rows[2]].some((cell) => cell.won)).toBe(false);

    const losing = slotRound({ kind: 'slot', reels: reelsOf([2, 0, 0]), paylines: [] });
    expect(payout(losing!.rows[1].map((cell) => cell.symbol))).toBe(0);
    expect(losing!.rows.flat().some((cell) => cell.won)).toBe(false);
    expect(losing!.paylines).toEqual([]);
  });

  it('shows no grid for another kind of round or reels it cannot draw', () => {
    expect(slotRound({ kind: 'live' })).toBeNull();
    expect(slotRound(undefined)).toBeNull();
    expect(slotRound({ kind: 'slot' })).toBeNull();
    expect(slotRound({ kind: 'slot', reels: [['CHERRY', 'BAR']] })).toBeNull();
    expect(slotRound({ kind: 'slot', reels: [['CHERRY', 'BAR', 'DRAGON']] })).toBeNull();
  });
});

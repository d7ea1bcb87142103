/**
 * RefGames' slot: the return to player stated in reference/refgames/slot.ts is the exact one, by
 * counting every stop combination of the three reels; and the outcome of a spin is read off the
 * reels as the player sees them.
 */
import { describe, expect, it } from 'vitest';
import { drawSpin, LINE_BETS, LINES, outcomeOf, PAYS, REELS, RTP, STAKES, SYMBOLS } from '../../reference/refgames/slot';

describe('RefGames slot', () => {
  it('has reels of 20 stops with the stated symbol counts', () => {
    for (const strip of REELS) {
      expect(strip).toHaveLength(20);
      const counts = Object.fromEntries(SYMBOLS.map((s) => [s, strip.filter((x) => x === s).length]));
      expect(counts).toEqual({ MASK: 1, DRUM: 2, TORCH: 3, PALM: 4, SHELL: 5, COCONUT: 5 });
    }
  });

  it('returns exactly 95.5625% over every stop combination', () => {
    let combinations = 0;
    let paid = 0;
    let hits = 0;
    for (let a = 0; a < REELS[0].length; a++)
      for (let b = 0; b < REELS[1].length; b++)
        for (let c = 0; c < REELS[2].length; c++) {
          const o = outcomeOf([a, b, c]);
          combinations += 1;
          paid += o.multiplier;
          if (o.multiplier > 0) hits += 1;
        }
    expect(combinations).toBe(8_000);
    // Stakes are 5 line bets; pays are in line bets.
    const stakes = combinations * LINES.length;
    expect(paid).toBe(38_225);
    expect(paid / stakes).toBe(RTP);
    expect(RTP).toBeGreaterThan(0.94);
    expect(RTP).toBeLessThan(0.97);
    expect(hits).toBeGreaterThan(0);
  });

  it('reads the window and the winning lines off the reels', () => {
    // Reel 1 stop 10 is MASK, reel 2 stop 5 is MASK, reel 3 stop 12 is MASK: the middle row.
    const o = outcomeOf([10, 5, 12]);
    expect(o.window.map((rows) => rows[1])).toEqual(['MASK', 'MASK', 'MASK']);
    expect(o.wins).toContainEqual({ line: 0, symbol: 'MASK', pays: PAYS.MASK });
    expect(o.window[0]).toEqual([REELS[0][9], REELS[0][10], REELS[0][11]]);
    // Wrapping round the strip.
    expect(outcomeOf([0, 0, 0]).window[0][0]).toBe(REELS[0][19]);
  });

  it('draws each reel with the random source it is given', () => {
    const asked: number[] = [];
    const o = drawSpin((max) => {
      asked.push(max);
      return asked.length - 1;
    });
    expect(asked).toEqual([20, 20, 20]);
    expect(o.stops).toEqual([0, 1, 2]);
  });

  it('has stakes of whole line bets', () => {
    expect(STAKES).toEqual(LINE_BETS.map((b) => b * 5));
    for (const s of STAKES) expect(Number.isInteger(s / LINES.length)).toBe(true);
  });
});

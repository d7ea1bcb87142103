/**
 * RefGames' lotteries: every bet's return to player is below 100%, computed exactly by counting
 * the winning results among all 100,000 equally likely draws; the schedule (a draw every 5
 * minutes or every minute, on the clock) and the draw ids, at given times.
 */
import { describe, expect, it } from 'vitest';
import {
  BET_KINDS,
  drawId,
  drawResult,
  lastDrawAt,
  LOTTERIES,
  lotteriesOf,
  lotteryOfLaunch,
  nextDrawAt,
  ODDS_X100,
  saleDrawAt,
  ticketReturn,
  validPick,
  wins,
  type BetKind,
} from '../../reference/refgames/lottery';

const all = Array.from({ length: 100_000 }, (_, n) => String(n).padStart(5, '0'));
const at = (iso: string) => Date.parse(iso);

describe('RefGames lottery odds', () => {
  const picks: Record<BetKind, string> = { last2: '37', last3: '905', big: '', small: '', odd: '', even: '' };
  const expected: Record<BetKind, { wins: number; rtp: number }> = {
    last2: { wins: 1_000, rtp: 0.9 },
    last3: { wins: 100, rtp: 0.9 },
    big: { wins: 50_000, rtp: 0.975 },
    small: { wins: 50_000, rtp: 0.975 },
    odd: { wins: 50_000, rtp: 0.975 },
    even: { wins: 50_000, rtp: 0.975 },
  };

  for (const kind of BET_KINDS) {
    it(`${kind}: wins on ${expected[kind].wins} of 100,000 results, return ${expected[kind].rtp * 100}%`, () => {
      const stake = 100;
      let count = 0;
      let returned = 0;
      for (const result of all) {
        if (wins(kind, picks[kind], result)) count += 1;
        returned += ticketReturn(kind, picks[kind], stake, result);
      }
      expect(count).toBe(expected[kind].wins);
      expect(returned / (stake * all.length)).toBeCloseTo(expected[kind].rtp, 12);
      expect(returned).toBe((count * stake * ODDS_X100[kind]) / 100);
      expect(returned).toBeLessThan(stake * all.length);
    });
  }

  it('gives every last-2 pick the same chance', () => {
    for (const pick of ['00', '09', '50', '99']) expect(all.filter((r) => wins('last2', pick, r))).toHaveLength(1_000);
  });

  it('rounds a return down to the minor unit', () => {
    // 1.95 x 1.01 = 1.9695: 1.96 returned, never more than the odds.
    expect(ticketReturn('big', '', 101, '99999')).toBe(196);
    expect(ticketReturn('small', '', 101, '99999')).toBe(0);
    expect(ticketReturn('last2', '99', 150, '12399')).toBe(13_500);
  });

  it('checks picks against the bet', () => {
    expect(validPick('last2', '07')).toBe(true);
    expect(validPick('last2', '7')).toBe(false);
    expect(validPick('last3', '1234')).toBe(false);
    expect(validPick('big', '')).toBe(true);
    expect(validPick('big', '1')).toBe(false);
  });

  it('draws 5 digits with the random source it is given', () => {
    const digits = [3, 0, 9, 1, 7];
    const asked: number[] = [];
    const result = drawResult((max) => {
      asked.push(max);
      return digits.shift()!;
    });
    expect(result).toBe('30917');
    expect(asked).toEqual([10, 10, 10, 10, 10]);
  });
});

describe('RefGames draw schedule', () => {
  it('draws the traditional lottery every 5 minutes on the clock, the electronic one every minute', () => {
    const t = at('2026-11-29T11:03:12.500Z');
    expect(new Date(nextDrawAt(LOTTERIES.LOTT, t)).toISOString()).toBe('2026-11-29T11:05:00.000Z');
    expect(new Date(lastDrawAt(LOTTERIES.LOTT, t)).toISOString()).toBe('2026-11-29T11:00:00.000Z');
    expect(new Date(nextDrawAt(LOTTERIES.ELOTT, t)).toISOString()).toBe('2026-11-29T11:04:00.000Z');
    // Exactly on a draw time, the next draw is the following one.
    expect(new Date(nextDrawAt(LOTTERIES.LOTT, at('2026-11-29T11:05:00Z'))).toISOString()).toBe('2026-11-29T11:10:00.000Z');
  });

  it('sells tickets for the next draw until its cut-off, then for the one after', () => {
    expect(drawId(LOTTERIES.LOTT, saleDrawAt(LOTTERIES.LOTT, at('2026-11-29T11:04:29Z')))).toBe('LOTT-202611291105');
    expect(drawId(LOTTERIES.LOTT, saleDrawAt(LOTTERIES.LOTT, at('2026-11-29T11:04:31Z')))).toBe('LOTT-202611291110');
    expect(drawId(LOTTERIES.ELOTT, saleDrawAt(LOTTERIES.ELOTT, at('2026-11-29T11:04:54Z')))).toBe('ELOTT-202611291105');
    expect(drawId(LOTTERIES.ELOTT, saleDrawAt(LOTTERIES.ELOTT, at('2026-11-29T11:04:55Z')))).toBe('ELOTT-202611291106');
  });

  it('names draws by their time in UTC', () => {
    expect(drawId(LOTTERIES.ELOTT, at('2026-01-02T03:04:00Z'))).toBe('ELOTT-202601020304');
  });

  it('draws the electronic lottery every few seconds when configured so (quick demos and journeys), naming draws to the second', () => {
    const quick = lotteriesOf(10);
    expect(quick.LOTT).toBe(LOTTERIES.LOTT);
    const t = at('2026-11-29T11:03:12.500Z');
    expect(new Date(nextDrawAt(quick.ELOTT, t)).toISOString()).toBe('2026-11-29T11:03:20.000Z');
    expect(drawId(quick.ELOTT, saleDrawAt(quick.ELOTT, at('2026-11-29T11:03:17.900Z')))).toBe('ELOTT-20261129110320');
    expect(drawId(quick.ELOTT, saleDrawAt(quick.ELOTT, at('2026-11-29T11:03:18.100Z')))).toBe('ELOTT-20261129110330');
    expect(lotteriesOf(60)).toBe(LOTTERIES);
    expect(lotteriesOf()).toBe(LOTTERIES);
    for (const bad of [0, 4, 7, 45, 1.5]) expect(() => lotteriesOf(bad)).toThrow(/divide 60/);
  });

  it('opens the electronic lottery for play type ent or prize mode Elott, the traditional one otherwise', () => {
    expect(lotteryOfLaunch('ent', 'ZY')).toBe('ELOTT');
    expect(lotteryOfLaunch(undefined, 'Elott')).toBe('ELOTT');
    expect(lotteryOfLaunch('trad', 'Lott')).toBe('LOTT');
    expect(lotteryOfLaunch(undefined, undefined)).toBe('LOTT');
  });
});

/** The rules of player protection limits (server/modules/protection/services/limit-rules.ts), without a database. */
import { describe, expect, it } from 'vitest';
import { cancelPending, changeLimit, isTightening, NO_LIMIT, periodBounds, remainingOf, settle, type LimitState } from '../../../server/modules/protection/services/limit-rules';
import { monthsBack, statementCsv } from '../../../server/modules/protection/services/statement';

const NOW = new Date('2026-11-23T10:00:00.000Z');
const HOUR = 3_600_000;
const later = (hours: number) => new Date(NOW.getTime() + hours * HOUR);

describe('limit changes', () => {
  it('a first limit, a lower one and the same one apply at once', () => {
    const first = changeLimit(NO_LIMIT, 50_000, NOW, 24);
    expect(first).toEqual({ value: 50_000, pending: null });
    expect(changeLimit(first, 40_000, NOW, 24)).toEqual({ value: 40_000, pending: null });
    expect(changeLimit(first, 50_000, NOW, 24)).toEqual({ value: 50_000, pending: null });
  });

  it('raising or removing waits the cooling-off while the old value stays enforced', () => {
    const set: LimitState = { value: 50_000, pending: null };
    expect(changeLimit(set, 100_000, NOW, 24)).toEqual({ value: 50_000, pending: { value: 100_000, effectiveAt: later(24) } });
    expect(changeLimit(set, null, NOW, 168)).toEqual({ value: 50_000, pending: { value: null, effectiveAt: later(168) } });
    expect(changeLimit(NO_LIMIT, null, NOW, 24)).toEqual(NO_LIMIT);
  });

  it('asking the same loosening again keeps its time; another loosening starts a new wait', () => {
    const pending = changeLimit({ value: 50_000, pending: null }, 100_000, NOW, 24);
    expect(changeLimit(pending, 100_000, later(5), 24)).toEqual(pending);
    expect(changeLimit(pending, 80_000, later(5), 24)).toEqual({ value: 50_000, pending: { value: 80_000, effectiveAt: later(29) } });
  });

  it('tightening while a loosening is pending applies at once and drops it', () => {
    const pending = changeLimit({ value: 50_000, pending: null }, 100_000, NOW, 24);
    expect(changeLimit(pending, 30_000, later(1), 24)).toEqual({ value: 30_000, pending: null });
  });

  it('a pending change applies once its time has come, not a moment before', () => {
    const pending = changeLimit({ value: 50_000, pending: null }, 100_000, NOW, 24);
    expect(settle(pending, new Date(later(24).getTime() - 1))).toEqual(pending);
    expect(settle(pending, later(24))).toEqual({ value: 100_000, pending: null });
    // Raising again after it applied waits again.
    expect(changeLimit(pending, 200_000, later(25), 24)).toEqual({ value: 100_000, pending: { value: 200_000, effectiveAt: later(49) } });
  });

  it('cancelling drops the pending change and keeps the enforced value', () => {
    const pending = changeLimit({ value: 50_000, pending: null }, null, NOW, 24);
    expect(cancelPending(pending, later(1))).toEqual({ value: 50_000, pending: null });
    expect(cancelPending(NO_LIMIT, NOW)).toEqual(NO_LIMIT);
  });

  it('knows a tightening and what remains', () => {
    expect(isTightening(null, 1)).toBe(true);
    expect(isTightening(5, 5)).toBe(true);
    expect(isTightening(5, 6)).toBe(false);
    expect(isTightening(5, null)).toBe(false);
    expect(remainingOf(50_000, 40_000)).toBe(10_000);
    expect(remainingOf(50_000, 60_000)).toBe(0);
    expect(remainingOf(50_000, -1_000)).toBe(51_000);
    expect(remainingOf(null, 10)).toBeNull();
  });
});

describe('periods in the tenant time zone', () => {
  const MANILA = 'Asia/Manila';
  it('the day starts at midnight in Manila (16:00 UTC the day before)', () => {
    // 2026-11-23 23:30 in Manila is 15:30 UTC.
    const b = periodBounds('day', MANILA, new Date('2026-11-23T15:30:00Z'));
    expect(b.from.toISOString()).toBe('2026-11-22T16:00:00.000Z');
    expect(b.until.toISOString()).toBe('2026-11-23T16:00:00.000Z');
    // Half an hour later it is the next Manila day.
    expect(periodBounds('day', MANILA, new Date('2026-11-23T16:00:00Z')).startDate).toBe('2026-11-24');
  });

  it('the week starts on Monday and the month on the first, both in the zone', () => {
    // Sunday 2026-11-29 20:00 UTC is Monday 2026-11-30 04:00 in Manila.
    const week = periodBounds('week', MANILA, new Date('2026-11-29T20:00:00Z'));
    expect(week.startDate).toBe('2026-11-30');
    expect(week.until.toISOString()).toBe('2026-12-06T16:00:00.000Z');
    const sunday = periodBounds('week', MANILA, new Date('2026-11-29T10:00:00Z'));
    expect(sunday.startDate).toBe('2026-11-23');
    // 2026-11-30 17:00 UTC is already December in Manila.
    const month = periodBounds('month', MANILA, new Date('2026-11-30T17:00:00Z'));
    expect(month.startDate).toBe('2026-12-01');
    expect(month.from.toISOString()).toBe('2026-11-30T16:00:00.000Z');
    expect(month.until.toISOString()).toBe('2026-12-31T16:00:00.000Z');
  });

  it('a zone with daylight saving keeps midnight as the boundary', () => {
    // New York: 2026-03-08 is the day the clocks move forward (EST -5 -> EDT -4).
    const day = periodBounds('day', 'America/New_York', new Date('2026-03-08T12:00:00Z'));
    expect(day.from.toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(day.until.toISOString()).toBe('2026-03-09T04:00:00.000Z');
  });
});

describe('activity statement', () => {
  it('counts months back in the zone, across a year', () => {
    expect(monthsBack('Asia/Manila', new Date('2026-01-31T17:00:00Z'), 3)).toEqual(['2026-02', '2026-01', '2025-12']);
  });

  it('writes CSV with a header row and 2-decimal amounts', () => {
    const csv = statementCsv({ currency: 'PHP', months: [{ month: '2026-11', deposits: 400, withdrawals: 0, stakes: 12.5, wins: 2, net: -10.5, bets: 3 }] });
    expect(csv).toBe('month,currency,deposits,withdrawals,stakes,wins,net,bets\r\n2026-11,PHP,400.00,0.00,12.50,2.00,-10.50,3\r\n');
  });
});

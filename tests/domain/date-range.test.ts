import { describe, expect, it } from 'vitest';
import {
  checkCustomRange,
  daysBetween,
  isIsoDate,
  presetRange,
  rangeInstants,
  resolveRange,
  shiftDate,
  zoneDate,
  zoneMidnight,
} from '../../src/domain/date-range';

const TODAY = '2026-11-23';

describe('date ranges in the tenant days', () => {
  it('names the zone date, not the UTC one', () => {
    // 2026-11-22 17:30 UTC is already 01:30 on the 23rd in Manila (UTC+8), still the 22nd in New York.
    const t = Date.UTC(2026, 10, 22, 17, 30);
    expect(zoneDate('Asia/Manila', t)).toBe('2026-11-23');
    expect(zoneDate('America/New_York', t)).toBe('2026-11-22');
  });

  it('starts a Manila day at 16:00 UTC the day before', () => {
    expect(new Date(zoneMidnight('Asia/Manila', TODAY)).toISOString()).toBe('2026-11-22T16:00:00.000Z');
    expect(rangeInstants('Asia/Manila', { start: TODAY, end: TODAY })).toEqual({
      from: new Date('2026-11-22T16:00:00.000Z'),
      until: new Date('2026-11-23T16:00:00.000Z'),
    });
  });

  it('gives a day on which clocks change its real length', () => {
    // New York springs forward on 2026-03-08: that day is 23 hours long.
    const { from, until } = rangeInstants('America/New_York', { start: '2026-03-08', end: '2026-03-08' });
    expect(until.getTime() - from.getTime()).toBe(23 * 3600_000);
    expect(from.toISOString()).toBe('2026-03-08T05:00:00.000Z');
  });

  it('knows real dates', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('2026-2-3')).toBe(false);
    expect(isIsoDate('yesterday')).toBe(false);
    expect(shiftDate('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-11-01', '2026-11-30')).toBe(30);
  });

  it('covers the presets', () => {
    expect(presetRange('today', TODAY)).toEqual({ start: TODAY, end: TODAY });
    expect(presetRange('yesterday', TODAY)).toEqual({ start: '2026-11-22', end: '2026-11-22' });
    expect(presetRange('7d', TODAY)).toEqual({ start: '2026-11-17', end: TODAY });
    expect(presetRange('30d', TODAY)).toEqual({ start: '2026-10-25', end: TODAY });
  });

  it('refuses bad custom ranges with the field at fault', () => {
    expect(checkCustomRange('2026-11-01', '2026-11-20', TODAY)).toBeNull();
    expect(checkCustomRange('2026-11-31', TODAY, TODAY)).toEqual({ field: 'start', code: 'date.invalid' });
    expect(checkCustomRange('2026-11-20', '2026-11-19', TODAY)).toEqual({ field: 'end', code: 'date.range.order' });
    expect(checkCustomRange('2026-08-01', '2026-11-20', TODAY)).toEqual({ field: 'end', code: 'date.range.length' });
    expect(checkCustomRange('2026-11-20', '2026-11-24', TODAY)).toEqual({ field: 'end', code: 'date.range.future' });
    // 90 days with today is the longest range, starting 89 days back.
    expect(checkCustomRange(shiftDate(TODAY, -89), TODAY, TODAY)).toBeNull();
    expect(checkCustomRange(shiftDate(TODAY, -90), shiftDate(TODAY, -1), TODAY)).toEqual({ field: 'start', code: 'date.range.old' });
  });

  it('resolves a query: today by default, custom needs both ends', () => {
    expect(resolveRange({}, TODAY)).toEqual({ range: { start: TODAY, end: TODAY } });
    expect(resolveRange({ range: '7d', start: 'junk' }, TODAY)).toEqual({ range: { start: '2026-11-17', end: TODAY } });
    expect(resolveRange({ range: 'custom', start: '2026-11-01' }, TODAY)).toEqual({ problem: { field: 'end', code: 'date.invalid' } });
    expect(resolveRange({ start: '2026-11-01', end: '2026-11-02' }, TODAY)).toEqual({ range: { start: '2026-11-01', end: '2026-11-02' } });
  });
});

describe('keyset cursors', async () => {
  const { decodeCursor, encodeCursor } = await import('../../server/lib/cursor');
  it('round-trips the sort key and refuses anything else with a 400 on /cursor', () => {
    const c = encodeCursor([1763900000123456n, 42]);
    expect(c).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(c, 2)).toEqual(['1763900000123456', '42']);
    for (const bad of ['', 'x', encodeCursor([1]), encodeCursor(['a', 'b'])]) {
      expect(() => decodeCursor(bad, 2)).toThrow(expect.objectContaining({ statusCode: 400, value: expect.objectContaining({ field: '/cursor' }) }));
    }
  });
});

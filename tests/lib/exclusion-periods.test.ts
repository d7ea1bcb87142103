import { describe, expect, it } from 'vitest';
import { exclusionEnd, periodOfKind, zoneDateTime } from '../../src/domain/date-range';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

describe('exclusion periods', () => {
  it('time-outs are whole hours and days', () => {
    const from = at('2026-03-10T13:45:00.000Z');
    expect(iso(exclusionEnd('24h', from))).toBe('2026-03-11T13:45:00.000Z');
    expect(iso(exclusionEnd('7d', from))).toBe('2026-03-17T13:45:00.000Z');
    expect(iso(exclusionEnd('30d', from))).toBe('2026-04-09T13:45:00.000Z');
  });

  it('self-exclusions are calendar months and years, at the same time of day', () => {
    const from = at('2026-03-10T13:45:00.000Z');
    expect(iso(exclusionEnd('6m', from))).toBe('2026-09-10T13:45:00.000Z');
    expect(iso(exclusionEnd('1y', from))).toBe('2027-03-10T13:45:00.000Z');
    expect(iso(exclusionEnd('5y', from))).toBe('2031-03-10T13:45:00.000Z');
  });

  it('a day the end month lacks becomes its last day', () => {
    expect(iso(exclusionEnd('6m', at('2026-08-31T08:00:00.000Z')))).toBe('2027-02-28T08:00:00.000Z');
    expect(iso(exclusionEnd('6m', at('2027-08-31T08:00:00.000Z')))).toBe('2028-02-29T08:00:00.000Z');
    expect(iso(exclusionEnd('1y', at('2028-02-29T08:00:00.000Z')))).toBe('2029-02-28T08:00:00.000Z');
  });

  it('every period ends later than a shorter one of the same start (re-excluding can only extend)', () => {
    const from = at('2026-01-31T23:59:00.000Z');
    const ends = (['24h', '7d', '30d', '6m', '1y', '5y'] as const).map((p) => exclusionEnd(p, from));
    expect([...ends].sort((a, b) => a - b)).toEqual(ends);
    expect(new Set(ends).size).toBe(ends.length);
  });

  it('periods belong to their kind', () => {
    expect(periodOfKind('timeout', '7d')).toBe(true);
    expect(periodOfKind('timeout', '6m')).toBe(false);
    expect(periodOfKind('self_exclusion', '5y')).toBe(true);
    expect(periodOfKind('self_exclusion', '24h')).toBe(false);
  });

  it('the end reads in the tenant zone, to the minute', () => {
    expect(zoneDateTime('Asia/Manila', at('2026-09-10T13:45:30.000Z'))).toBe('2026-09-10 21:45');
    expect(zoneDateTime('Asia/Manila', at('2026-12-31T20:00:00.000Z'))).toBe('2027-01-01 04:00');
    expect(zoneDateTime('UTC', at('2026-09-10T13:45:00.000Z'))).toBe('2026-09-10 13:45');
  });
});

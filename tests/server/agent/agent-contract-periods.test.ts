/**
 * The periods a contract settlement covers (server/modules/agent/services/agent-contracts.ts periodsOf) and the
 * refusal of one that has not ended (unfinishedPeriod): a period is over at its end instant, not a
 * millisecond before, on the tenant's clock.
 */
import { describe, expect, it } from 'vitest';
import { periodsOf, unfinishedPeriod } from '../../../server/modules/agent/services/agent-contracts';
import { zoneMidnight } from '../../../src/domain/date-range';

const TZ = 'Asia/Manila';
const midnight = (date: string) => zoneMidnight(TZ, date);
const HOUR = 3_600_000;

describe('contract settlement periods', () => {
  it('a day is over at the next midnight of the tenant, not before', () => {
    const [day] = periodsOf('salary', { tiers: [] }, TZ, '2026-11-23', undefined, 0);
    expect(day).toMatchObject({ key: '2026-11-23', first: '2026-11-23', last: '2026-11-23' });
    // Manila midnight of the 24th is 16:00 UTC on the 23rd.
    expect(day.until.toISOString()).toBe('2026-11-23T16:00:00.000Z');
    expect(unfinishedPeriod('demo-ph', 'salary', TZ, [day], midnight('2026-11-24'))).toBeNull();
    expect(unfinishedPeriod('demo-ph', 'salary', TZ, [day], midnight('2026-11-24') - 1)).toBe(
      'demo-ph: the salary period 2026-11-23 has not ended yet; it ends 2026-11-24 00:00 (Asia/Manila), settle it after that',
    );
  });

  it('an hour is over at the next hour; without --hour only the hours that are over are listed', () => {
    const now = midnight('2026-11-24') + 13 * HOUR + 30 * 60_000; // 13:30 in Manila
    const [one] = periodsOf('hourly', { tiers: [] }, TZ, '2026-11-24', 13, now);
    expect(unfinishedPeriod('demo-ph', 'hourly', TZ, [one], now)).toBe(
      'demo-ph: the hourly period 2026-11-24T13 has not ended yet; it ends 2026-11-24 14:00 (Asia/Manila), settle it after that',
    );
    expect(unfinishedPeriod('demo-ph', 'hourly', TZ, [one], midnight('2026-11-24') + 14 * HOUR)).toBeNull();
    const over = periodsOf('hourly', { tiers: [] }, TZ, '2026-11-24', undefined, now);
    expect(over.map((p) => p.key)).toEqual(Array.from({ length: 13 }, (_, h) => `2026-11-24T${String(h).padStart(2, '0')}`));
    expect(unfinishedPeriod('demo-ph', 'hourly', TZ, over, now)).toBeNull();
  });

  it('a dividend period is its half-month or month; the month is still open when its first half is over', () => {
    const now = midnight('2026-11-20');
    const [half] = periodsOf('dividend', { period: 'half-month', tiers: [] }, TZ, '2026-11-05', undefined, now);
    const [month] = periodsOf('dividend', { period: 'month', tiers: [] }, TZ, '2026-11-05', undefined, now);
    expect(half.key).toBe('2026-11-H1');
    expect(unfinishedPeriod('demo-ph', 'dividend', TZ, [half], now)).toBeNull();
    expect(unfinishedPeriod('demo-ph', 'dividend', TZ, [half, month], now)).toBe(
      'demo-ph: the dividend period 2026-11 has not ended yet; it ends 2026-12-01 00:00 (Asia/Manila), settle it after that',
    );
  });
});

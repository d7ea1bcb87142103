import { describe, expect, it } from 'vitest';
import { offsetAt, SAMPLE_STEP_MS, WINDOW_AFTER_MS, WINDOW_BEFORE_MS, zoneOffsets, zoneWindow, zoneWindowBounds } from '../../../server/lib/time-zone';
import { parseTimeZoneWindow } from '../../../src/lib/app-config';
import { formatMatchTime } from '../../../widgets/hot-match-ticker/rules';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const at = (iso: string) => Date.parse(iso);

/** The offset as Intl spells it ("GMT+01:00"), a path independent of offsetAt's wall-clock arithmetic. */
const offsetNames = new Map<string, Intl.DateTimeFormat>();
function intlOffset(timeZone: string, time: number): number {
  let format = offsetNames.get(timeZone);
  if (!format) offsetNames.set(timeZone, (format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })));
  const name = format.formatToParts(time).find((p) => p.type === 'timeZoneName')!.value;
  const m = /^GMT(?:([+-])(\d{2}):(\d{2}))?$/.exec(name);
  if (!m) throw new Error(`unexpected offset name ${name}`);
  return m[1] ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

describe('time zone offsets', () => {
  it('reads the offset in minutes east of UTC', () => {
    expect(offsetAt('Asia/Manila', at('2026-06-01T00:00:00Z'))).toBe(480);
    expect(offsetAt('Asia/Kathmandu', at('2026-06-01T00:00:00Z'))).toBe(345);
    expect(offsetAt('America/New_York', at('2026-01-15T12:00:00Z'))).toBe(-300);
    expect(offsetAt('America/New_York', at('2026-07-15T12:00:00Z'))).toBe(-240);
    expect(offsetAt('UTC', at('2026-07-15T12:34:56.789Z'))).toBe(0);
  });

  it('Manila has one offset and no transition', () => {
    const from = at('2026-01-01T00:00:00Z');
    expect(zoneOffsets('Asia/Manila', from, from + 365 * DAY)).toEqual([[from, 480]]);
  });

  it('London and New York change at the exact minutes of their DST rules', () => {
    const from = at('2026-01-01T00:00:00Z');
    const until = at('2027-01-01T00:00:00Z');
    expect(zoneOffsets('Europe/London', from, until)).toEqual([
      [from, 0],
      [at('2026-03-29T01:00:00Z'), 60],
      [at('2026-10-25T01:00:00Z'), 0],
    ]);
    expect(zoneOffsets('America/New_York', from, until)).toEqual([
      [from, -300],
      [at('2026-03-08T07:00:00Z'), -240],
      [at('2026-11-01T06:00:00Z'), -300],
    ]);
  });

  it('every change found is a change Intl reports at that minute, and nothing between changes', () => {
    const from = at('2025-01-01T00:00:00Z');
    const until = at('2028-01-01T00:00:00Z');
    for (const zone of ['Europe/London', 'America/New_York', 'Australia/Lord_Howe', 'Pacific/Chatham', 'America/Santiago', 'Africa/Casablanca', 'Asia/Manila']) {
      const offsets = zoneOffsets(zone, from, until);
      offsets.forEach(([start, minutes], i) => {
        expect([zone, start, intlOffset(zone, start)]).toEqual([zone, start, minutes]);
        if (i > 0) expect([zone, start, intlOffset(zone, start - MINUTE)]).toEqual([zone, start, offsets[i - 1][1]]);
        // Hourly checks between changes: the sampling step missed nothing.
        const end = i + 1 < offsets.length ? offsets[i + 1][0] : until;
        for (let t = start; t < end; t += HOUR) if (intlOffset(zone, t) !== minutes) throw new Error(`${zone}: offset at ${new Date(t).toISOString()} is not ${minutes}`);
      });
    }
  });

  it('a coarser sampling step finds the same changes', () => {
    // Lord Howe moves by half an hour; a one-day step still finds each change to the minute.
    const from = at('2026-01-01T00:00:00Z');
    const until = at('2027-01-01T00:00:00Z');
    expect(zoneOffsets('Australia/Lord_Howe', from, until, DAY)).toEqual(zoneOffsets('Australia/Lord_Howe', from, until, HOUR));
    expect(SAMPLE_STEP_MS).toBeLessThanOrEqual(DAY);
  });
});

describe('zone window for the page', () => {
  it('covers a day back and 30 days ahead, in whole hours', () => {
    const now = at('2026-03-20T10:17:42Z');
    const { from, until } = zoneWindowBounds(now);
    expect(from).toBe(at('2026-03-19T10:00:00Z'));
    expect(until).toBe(at('2026-04-19T11:00:00Z'));
    expect(now - from).toBeGreaterThanOrEqual(WINDOW_BEFORE_MS);
    expect(until - now).toBeGreaterThanOrEqual(WINDOW_AFTER_MS);
  });

  it('carries the transitions inside it, and the page reads it back as sent', () => {
    const now = at('2026-03-20T10:17:42Z');
    const zone = zoneWindow('Europe/London', now);
    expect(zone).toEqual({ name: 'Europe/London', from: at('2026-03-19T10:00:00Z'), until: at('2026-04-19T11:00:00Z'), offsets: [[at('2026-03-19T10:00:00Z'), 0], [at('2026-03-29T01:00:00Z'), 60]] });
    expect(parseTimeZoneWindow(JSON.parse(JSON.stringify(zone)))).toEqual(zone);
  });

  it('is worked out once per zone and hour', () => {
    const now = at('2026-05-01T08:05:00Z');
    const first = zoneWindow('America/New_York', now);
    expect(zoneWindow('America/New_York', now + 50 * MINUTE)).toBe(first);
    expect(zoneWindow('America/New_York', now + HOUR)).not.toBe(first);
  });

  it('an unknown zone gets the default zone offsets under its own name (what Intl falls back to in the browser)', () => {
    const now = at('2026-05-01T08:05:00Z');
    const zone = zoneWindow('Not/AZone', now);
    expect(zone.name).toBe('Not/AZone');
    expect(zone.offsets).toEqual([[zone.from, 480]]);
  });
});

describe('match times from the zone window', () => {
  it('equal the Intl result for many instants across DST changes', () => {
    const zones = ['Asia/Manila', 'Europe/London', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'Pacific/Chatham', 'America/Santiago'];
    const from = at('2026-01-01T00:00:00Z');
    const until = at('2027-01-01T00:00:00Z');
    const misses: string[] = [];
    let checked = 0;
    for (const name of zones) {
      const zone = { name, from, until, offsets: zoneOffsets(name, from, until) };
      // Every transition, a minute and a few seconds either side, and a spread over the year.
      const instants = zone.offsets.flatMap(([t]) => [t - HOUR, t - MINUTE, t - 1, t, t + 1, t + 59_999, t + MINUTE, t + HOUR]);
      for (let t = from; t < until; t += 7 * HOUR + 13 * MINUTE + 17_000) instants.push(t);
      for (const t of instants) {
        if (t < from || t >= until) continue;
        const iso = new Date(t).toISOString();
        const ours = formatMatchTime(iso, name, zone);
        const intl = formatMatchTime(iso, name);
        checked++;
        if (ours !== intl) misses.push(`${name} ${iso}: ${ours} vs ${intl}`);
      }
    }
    expect(misses).toEqual([]);
    expect(checked).toBeGreaterThan(5000);
  });

  it('outside the window, or for another zone, fall back to Intl', () => {
    const from = at('2026-03-01T00:00:00Z');
    const until = at('2026-04-01T00:00:00Z');
    // A window with a wrong offset shows whether it was used.
    const zone = { name: 'Asia/Manila', from, until, offsets: [[from, 0]] as [number, number][] };
    expect(formatMatchTime('2026-03-10T01:05:00Z', 'Asia/Manila', zone)).toBe('03/10 01:05');
    expect(formatMatchTime('2026-04-01T01:05:00Z', 'Asia/Manila', zone)).toBe('04/01 09:05');
    expect(formatMatchTime('2026-02-28T23:59:00Z', 'Asia/Manila', zone)).toBe('03/01 07:59');
    expect(formatMatchTime('2026-03-10T01:05:00Z', 'Asia/Tokyo', zone)).toBe('03/10 10:05');
    expect(formatMatchTime('not a date', 'Asia/Manila', zone)).toBe('');
  });
});

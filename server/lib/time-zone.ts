/**
 * A time zone's UTC offsets over a window of time, for the page (AppConfig.zone): the server has
 * the full zone rules (Node's ICU), so the browser can show times in the tenant's zone with UTC
 * arithmetic instead of setting up Intl during hydration (tens of milliseconds on a phone).
 */
import { DEFAULT_TIME_ZONE, type TimeZoneWindow } from '../../src/lib/app-config';
import { zoneClock, zoneOffset } from '../../src/domain/date-range';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** The window around now: a day back (a match that started late yesterday), 30 days ahead. */
export const WINDOW_BEFORE_MS = DAY_MS;
export const WINDOW_AFTER_MS = 30 * DAY_MS;
/**
 * The offset is sampled this often, then each change is bisected to the minute. Two changes less
 * than this apart that cancel out would be missed: no zone's rules come anywhere near that.
 */
export const SAMPLE_STEP_MS = 6 * HOUR_MS;

/** True when ICU knows the zone. */
function isKnownTimeZone(timeZone: string): boolean {
  return zoneClock(timeZone) !== null;
}

/** The zone's offset from UTC at `time` (epoch ms), in minutes east of UTC (Manila: 480). */
export const offsetAt: (timeZone: string, time: number) => number = zoneOffset;

/**
 * The offsets in force from `from` until `until` (epoch ms, taken to the minute): the offset at
 * `from`, then one entry at the exact minute of each change. Found by sampling every `step` and
 * bisecting each change to the minute.
 */
export function zoneOffsets(timeZone: string, from: number, until: number, step: number = SAMPLE_STEP_MS): [number, number][] {
  const start = Math.floor(from / MINUTE_MS) * MINUTE_MS;
  const last = Math.ceil(until / MINUTE_MS) * MINUTE_MS - MINUTE_MS;
  const stride = Math.max(MINUTE_MS, Math.floor(step / MINUTE_MS) * MINUTE_MS);
  let current = offsetAt(timeZone, start);
  const offsets: [number, number][] = [[start, current]];
  for (let t = start; t < last; ) {
    const next = Math.min(t + stride, last);
    if (offsetAt(timeZone, next) === current) {
      t = next;
      continue;
    }
    // The offset at `lo` is still the current one, at `hi` it is not: halve down to one minute.
    let lo = t;
    let hi = next;
    while (hi - lo > MINUTE_MS) {
      const mid = lo + Math.floor((hi - lo) / (2 * MINUTE_MS)) * MINUTE_MS;
      if (offsetAt(timeZone, mid) === current) lo = mid;
      else hi = mid;
    }
    current = offsetAt(timeZone, hi);
    offsets.push([hi, current]);
    // Look on from the change: another one may follow within the same step.
    t = hi;
  }
  return offsets;
}

/** The window a page gets at `now`: whole hours, so that pages within the same hour share one. */
export function zoneWindowBounds(now: number): { from: number; until: number } {
  const hour = Math.floor(now / HOUR_MS) * HOUR_MS;
  return { from: hour - WINDOW_BEFORE_MS, until: hour + HOUR_MS + WINDOW_AFTER_MS };
}

const windows = new Map<string, TimeZoneWindow>();

/**
 * The tenant zone's window around `now`, worked out once per zone and hour. A name ICU does not
 * know gets the default zone's offsets under its own name, as the browser's Intl fallback shows.
 */
export function zoneWindow(timeZone: string, now: number = Date.now()): TimeZoneWindow {
  const { from, until } = zoneWindowBounds(now);
  const cached = windows.get(timeZone);
  if (cached && cached.from === from) return cached;
  const rules = isKnownTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  const zone: TimeZoneWindow = { name: timeZone, from, until, offsets: zoneOffsets(rules, from, until) };
  // Tenants name a handful of zones; the map only keeps the current hour's window of each.
  windows.set(timeZone, zone);
  return zone;
}

/**
 * The zone's calendar day at `now`: its date (YYYY-MM-DD) and the instant it began (daily limits
 * such as withdrawals per day count from there). The offset at midnight can differ from the one
 * at `now` on a day the clocks change, so it is taken again at the first guess of midnight.
 */
export function zoneDay(timeZone: string, now: number = Date.now()): { date: string; start: Date } {
  const localNow = now + offsetAt(timeZone, now) * MINUTE_MS;
  const localMidnight = Math.floor(localNow / DAY_MS) * DAY_MS;
  const guess = localMidnight - offsetAt(timeZone, now) * MINUTE_MS;
  const start = localMidnight - offsetAt(timeZone, guess) * MINUTE_MS;
  return { date: new Date(localMidnight).toISOString().slice(0, 10), start: new Date(start) };
}

/**
 * Date ranges of the records screens, counted in the tenant's days (settings.timeZone): the
 * presets today, yesterday, last 7 days, last 30 days and this month, or a custom range of at most 90 days
 * inside the last 90. Shared by the server, which turns a range into the UTC instants of its
 * queries, and the browser, which shows and checks the chosen days. Zone rules come from `Intl`
 * only; the calendar arithmetic on YYYY-MM-DD dates is done on UTC dates, which have no zone.
 */

export const RANGE_PRESETS = ['today', 'yesterday', '7d', '30d', 'month'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
export type RangeChoice = RangePreset | 'custom';
/** A custom range spans at most this many days and starts no earlier than this many days back (today included). */
const MAX_RANGE_DAYS = 90;

/** Days of the tenant's calendar, both included (YYYY-MM-DD). */
export interface DayRange {
  start: string;
  end: string;
}

/** Why a custom range is refused; `field` names the query parameter at fault. */
export interface RangeProblem {
  field: 'start' | 'end';
  code: 'date.invalid' | 'date.range.order' | 'date.range.length' | 'date.range.old' | 'date.range.future';
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const formats = new Map<string, Intl.DateTimeFormat>();

function wallClock(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    // Throws a RangeError for a zone ICU does not know: tenant validation refuses those names.
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** Names ICU refused (each is tried once). */
const unknownZones = new Set<string>();

/** The zone's wall-clock formatter, or null for a name ICU does not know. */
export function zoneClock(timeZone: string): Intl.DateTimeFormat | null {
  if (unknownZones.has(timeZone)) return null;
  try {
    return wallClock(timeZone);
  } catch {
    unknownZones.add(timeZone);
    return null;
  }
}

function wallParts(timeZone: string, instant: number): Record<string, number> {
  const part: Record<string, number> = {};
  for (const p of wallClock(timeZone).formatToParts(instant)) if (p.type !== 'literal') part[p.type] = Number(p.value);
  return part;
}

/** The zone's offset from UTC at `instant` (epoch ms), in minutes east of UTC (Manila: 480). */
export function zoneOffset(timeZone: string, instant: number): number {
  const part = wallParts(timeZone, instant);
  const wall = Date.UTC(part.year, part.month - 1, part.day, part.hour, part.minute, part.second);
  return Math.round((wall - Math.floor(instant / 1000) * 1000) / MINUTE_MS);
}

/** The zone's calendar date (YYYY-MM-DD) at `instant`. */
export function zoneDate(timeZone: string, instant: number = Date.now()): string {
  const part = wallParts(timeZone, instant);
  return utcDate(Date.UTC(part.year, part.month - 1, part.day));
}

/** True for a real calendar date written YYYY-MM-DD (2026-02-30 is not one). */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number(m[1]) >= 1970 && utcDate(t) === value;
}

function utcDate(t: number): string {
  return new Date(t).toISOString().slice(0, 10);
}

function dateMs(date: string): number {
  const m = ISO_DATE.exec(date);
  if (!m) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
}

/** `date` moved by `days` calendar days. */
export function shiftDate(date: string, days: number): string {
  return utcDate(dateMs(date) + days * DAY_MS);
}

/** Calendar days from `start` to `end`, both included (1 for one day). */
export function daysBetween(start: string, end: string): number {
  return Math.round((dateMs(end) - dateMs(start)) / DAY_MS) + 1;
}

/** The days a preset covers when the tenant's today is `today`. */
export function presetRange(preset: RangePreset, today: string): DayRange {
  switch (preset) {
    case 'today':
      return { start: today, end: today };
    case 'yesterday': {
      const day = shiftDate(today, -1);
      return { start: day, end: day };
    }
    case '7d':
      return { start: shiftDate(today, -6), end: today };
    case '30d':
      return { start: shiftDate(today, -29), end: today };
    case 'month':
      return { start: `${today.slice(0, 8)}01`, end: today };
  }
}

/** The earliest day a custom range may start on when the tenant's today is `today`. */
export function earliestDay(today: string): string {
  return shiftDate(today, -(MAX_RANGE_DAYS - 1));
}

/**
 * What is wrong with a custom range, or null: each date real, start not after end, at most 90
 * days long, not starting before the last 90 days, not ending after today.
 */
export function checkCustomRange(start: string, end: string, today: string): RangeProblem | null {
  if (!isIsoDate(start)) return { field: 'start', code: 'date.invalid' };
  if (!isIsoDate(end)) return { field: 'end', code: 'date.invalid' };
  if (end < start) return { field: 'end', code: 'date.range.order' };
  if (daysBetween(start, end) > MAX_RANGE_DAYS) return { field: 'end', code: 'date.range.length' };
  if (end > today) return { field: 'end', code: 'date.range.future' };
  if (start < earliestDay(today)) return { field: 'start', code: 'date.range.old' };
  return null;
}

/**
 * The instant (epoch ms) the zone's day `date` begins. The offset at midnight can differ from the
 * one a few hours later on a day the clocks change, so it is taken again at the first guess.
 */
export function zoneMidnight(timeZone: string, date: string): number {
  const local = dateMs(date);
  const guess = local - zoneOffset(timeZone, local) * MINUTE_MS;
  return local - zoneOffset(timeZone, guess) * MINUTE_MS;
}

/** The half-open interval of instants [from, until) that the days of `range` cover in the zone. */
export function rangeInstants(timeZone: string, range: DayRange): { from: Date; until: Date } {
  return { from: new Date(zoneMidnight(timeZone, range.start)), until: new Date(zoneMidnight(timeZone, shiftDate(range.end, 1))) };
}

/** A range as the records calls take it: a preset, or custom with start and end. */
export interface RangeQuery {
  range?: RangeChoice;
  start?: string;
  end?: string;
}

/**
 * The days a query asks for, or the problem with it. No range: today. A preset ignores start and
 * end; custom needs both.
 */
export function resolveRange(query: RangeQuery, today: string): { range: DayRange } | { problem: RangeProblem } {
  const choice = query.range ?? (query.start || query.end ? 'custom' : 'today');
  if (choice !== 'custom') return { range: presetRange(choice, today) };
  if (!query.start) return { problem: { field: 'start', code: 'date.invalid' } };
  if (!query.end) return { problem: { field: 'end', code: 'date.invalid' } };
  const problem = checkCustomRange(query.start, query.end, today);
  return problem ? { problem } : { range: { start: query.start, end: query.end } };
}

/** Time-out periods (hours or days) and self-exclusion periods (calendar months or years). */
export const TIMEOUT_PERIODS = ['24h', '7d', '30d'] as const;
export const SELF_EXCLUSION_PERIODS = ['6m', '1y', '5y'] as const;
export type ExclusionPeriod = (typeof TIMEOUT_PERIODS)[number] | (typeof SELF_EXCLUSION_PERIODS)[number];
export type ExclusionKind = 'timeout' | 'self_exclusion';

/** Whether `period` is one of the periods of `kind`. */
export function periodOfKind(kind: ExclusionKind, period: string): period is ExclusionPeriod {
  return ((kind === 'timeout' ? TIMEOUT_PERIODS : SELF_EXCLUSION_PERIODS) as readonly string[]).includes(period);
}

/**
 * When an exclusion of `period` that starts at `from` (epoch ms) ends. Months and years are
 * calendar ones in UTC, ending on the same day of the month or, when that month is shorter, on
 * its last day (31 August + 6 months: 28 or 29 February), at the same time of day.
 */
export function exclusionEnd(period: ExclusionPeriod, from: number): number {
  switch (period) {
    case '24h':
      return from + DAY_MS;
    case '7d':
      return from + 7 * DAY_MS;
    case '30d':
      return from + 30 * DAY_MS;
  }
  const months = period === '6m' ? 6 : period === '1y' ? 12 : 60;
  const d = new Date(from);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const timeOfDay = from - Date.UTC(y, d.getUTCMonth(), d.getUTCDate());
  return Date.UTC(y, m, Math.min(d.getUTCDate(), lastDay)) + timeOfDay;
}

/** An instant as the zone's wall clock, `YYYY-MM-DD HH:mm` (what a member reads as "until"). */
export function zoneDateTime(timeZone: string, instant: number): string {
  return new Date(Math.floor(instant / MINUTE_MS) * MINUTE_MS + zoneOffset(timeZone, instant) * MINUTE_MS).toISOString().slice(0, 16).replace('T', ' ');
}

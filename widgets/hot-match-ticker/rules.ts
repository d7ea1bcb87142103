import type { StepLoop } from '../../src/components/step-loop';
import { DEFAULT_TIME_ZONE, type TimeZoneWindow } from '../../src/lib/app-config';

/** Spec section 9: the hot-match ticker's autoplay and transition speed. */
export const TICKER_AUTOPLAY_MS = 5000;
export const TICKER_SPEED_MS = 500;

/**
 * The ticker's reel: one line on show; with more than one match it holds each line for the
 * autoplay delay, slides up to the next at the transition speed and loops. One match stays still.
 */
export function tickerLoop(count: number): StepLoop | null {
  if (count <= 1) return null;
  return { steps: count, visible: 1, holdMs: TICKER_AUTOPLAY_MS, moveMs: TICKER_SPEED_MS };
}

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * One formatter per zone, made on first use only (the first Intl use on a phone costs tens of
 * milliseconds of ICU set-up); an unknown zone falls back to the default.
 */
function matchTimeFormat(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', { timeZone, month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    } catch (e) {
      if (timeZone === DEFAULT_TIME_ZONE) throw e;
      format = matchTimeFormat(DEFAULT_TIME_ZONE);
    }
    formats.set(timeZone, format);
  }
  return format;
}

/** The zone's offset in minutes at `time` when the window covers it, else null. */
function windowOffset(zone: TimeZoneWindow, time: number): number | null {
  if (!(time >= zone.from && time < zone.until)) return null;
  const { offsets } = zone;
  // The last entry starting at or before `time` (a handful of entries: a transition or two a month).
  let i = offsets.length - 1;
  while (i > 0 && offsets[i][0] > time) i--;
  return offsets[i][0] <= time ? offsets[i][1] : null;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * Spec section 9: a match's start time as MM/DD HH:mm in the tenant's time zone, so that the
 * server and every visitor's phone show the same time; '' when unreadable. With the zone window
 * the server sent (`zone`, for the same zone) a time inside it is worked out from its UTC offset,
 * without Intl; other times, or no window, use Intl.
 */
export function formatMatchTime(iso: string, timeZone: string = DEFAULT_TIME_ZONE, zone?: TimeZoneWindow | null): string {
  const d = new Date(iso);
  const time = d.getTime();
  if (Number.isNaN(time)) return '';
  const offset = zone && zone.name === timeZone ? windowOffset(zone, time) : null;
  if (offset !== null) {
    const local = new Date(time + offset * 60_000);
    return `${pad2(local.getUTCMonth() + 1)}/${pad2(local.getUTCDate())} ${pad2(local.getUTCHours())}:${pad2(local.getUTCMinutes())}`;
  }
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const p of matchTimeFormat(timeZone).formatToParts(d)) part[p.type] = p.value;
  return `${part.month}/${part.day} ${part.hour}:${part.minute}`;
}

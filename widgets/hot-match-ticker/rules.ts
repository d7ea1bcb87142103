import type { StepLoop } from '../../src/components/step-loop';

/** Spec section 9: the hot-match ticker's autoplay and transition speed. */
export const TICKER_AUTOPLAY_MS = 5000;
export const TICKER_SPEED_MS = 500;

/** The schema's default for settings.timeZone: tenants that predate the setting show Manila time. */
export const DEFAULT_TIME_ZONE = 'Asia/Manila';

/**
 * The ticker's reel: one line on show; with more than one match it holds each line for the
 * autoplay delay, slides up to the next at the transition speed and loops. One match stays still.
 */
export function tickerLoop(count: number): StepLoop | null {
  if (count <= 1) return null;
  return { steps: count, visible: 1, holdMs: TICKER_AUTOPLAY_MS, moveMs: TICKER_SPEED_MS };
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone (building one is slow on a phone); an unknown zone falls back to the default. */
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

/**
 * Spec section 9: a match's start time as MM/DD HH:mm in the tenant's time zone, so that the
 * server and every visitor's phone show the same time; '' when unreadable.
 */
export function formatMatchTime(iso: string, timeZone: string = DEFAULT_TIME_ZONE): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const p of matchTimeFormat(timeZone).formatToParts(d)) part[p.type] = p.value;
  return `${part.month}/${part.day} ${part.hour}:${part.minute}`;
}

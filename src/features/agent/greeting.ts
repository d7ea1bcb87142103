/**
 * The agent home's greeting (spec section 2): by the hour of the tenant's time zone, 0-10 morning,
 * 11-14 the early afternoon (noon), 15-18 the late afternoon, 19 onward evening.
 */
import type { TranslationKey } from '../../lib/i18n-keys';
import type { TimeZoneWindow } from '../../lib/app-config';
import { zoneOffset } from '../../domain/date-range';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export function greetingKey(hour: number): TranslationKey {
  if (hour <= 10) return 'greeting_morning';
  if (hour <= 14) return 'greeting_noon';
  if (hour <= 18) return 'greeting_afternoon';
  return 'greeting_evening';
}

/**
 * The hour (0-23) at `now` in the tenant's zone: from the offsets the server sent with the page
 * when `now` falls in their window (no Intl on the phone), else from the zone's rules.
 */
export function zoneHour(zone: TimeZoneWindow | null, timeZone: string, now: number): number {
  let offset: number | undefined;
  if (zone && now >= zone.from && now < zone.until) {
    for (const [from, minutes] of zone.offsets) if (from <= now) offset = minutes;
  }
  offset ??= zoneOffset(timeZone, now);
  const local = now + offset * 60_000;
  return Math.floor((((local % DAY_MS) + DAY_MS) % DAY_MS) / HOUR_MS);
}

/**
 * The date range of a records call, in the tenant's days (src/lib/date-range.ts): resolved
 * against the tenant's today and turned into the UTC instants the queries compare with. A bad
 * range is a 400 naming the query parameter at fault, before any query runs.
 */
import { DEFAULT_TIME_ZONE, tenantTimeZone } from '../../src/lib/app-config';
import { resolveRange, rangeInstants, zoneDate, type DayRange, type RangeQuery } from '../../src/domain/date-range';
import type { Tenant } from '../../src/generated/tenant';
import { ApiError } from '../errors';

export interface RecordRange {
  /** The tenant's days, both included (YYYY-MM-DD), echoed to the client. */
  days: DayRange;
  timeZone: string;
  /** [from, until): rows with from <= created_at < until are in the range. */
  from: Date;
  until: Date;
}

export function recordRange(tenant: Tenant, query: RangeQuery, now: number = Date.now()): RecordRange {
  const timeZone = tenantTimeZone(tenant);
  const resolved = resolveRange(query, zoneDate(timeZone, now));
  if ('problem' in resolved) throw new ApiError(resolved.problem.code, 400, { field: `/${resolved.problem.field}`, location: 'querystring' });
  return { days: resolved.range, timeZone, ...rangeInstants(timeZone, resolved.range) };
}

/** The range as answers carry it. */
export function rangeEcho(range: RecordRange): { start: string; end: string; timeZone: string } {
  return { start: range.days.start, end: range.days.end, timeZone: range.timeZone };
}

/** The time zone whose days a merchant's records are counted in (ledger and bet aggregates). */
export type ZoneOf = (merchantCode: string) => string;

/**
 * The tenants' time zones by merchant code (a tenant's merchant and its trial merchant); a
 * merchant no tenant names (a tenant removed since) counts in the default zone.
 */
export function merchantTimeZones(tenants: Iterable<Tenant>): ZoneOf {
  const zones = new Map<string, string>();
  for (const tenant of tenants) {
    zones.set(tenant.merchantCode, tenantTimeZone(tenant));
    zones.set(tenant.trialMerchantCode, tenantTimeZone(tenant));
  }
  return (merchantCode) => zones.get(merchantCode) ?? DEFAULT_TIME_ZONE;
}

/**
 * merchantTimeZones of the tenants served now: made again whenever the registry serves another set
 * (a published version, a new merchant, a watched file), so a merchant published while the server
 * runs counts its days in its own zone from its first move.
 */
export function servedTimeZones(tenants: { readonly all: Map<string, Tenant> }): ZoneOf {
  let seen: Map<string, Tenant> | null = null;
  let zoneOf: ZoneOf = () => DEFAULT_TIME_ZONE;
  return (merchantCode) => {
    const all = tenants.all;
    if (all !== seen) {
      seen = all;
      zoneOf = merchantTimeZones(all.values());
    }
    return zoneOf(merchantCode);
  };
}

/**
 * Region restriction (tenant `settings.region`, docs/operators.md "Maintenance and region
 * restriction"): the visitor's country from the client address (request.ip, which honours
 * TRUST_PROXY) through the bundled geoip-country database, checked against the tenant's lists.
 *
 * - `allowIps` (addresses or CIDRs) always pass, whatever the country.
 * - `allowedCountries` (non-empty): only those countries pass. An address without a country
 *   (private, loopback, unassigned) does NOT pass: an allow-list is a compliance rule and fails
 *   closed; list internal ranges (offices, monitoring) in `allowIps`.
 * - `blockedCountries`: those countries are turned away; everyone else passes, addresses without
 *   a country included.
 * - The schema refuses both country lists non-empty at once (which would be ambiguous).
 */
import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';
import type { Tenant } from '../../src/generated/tenant';

export type RegionSettings = NonNullable<Tenant['settings']['region']>;

interface GeoIp {
  lookup(ip: string): { country?: string } | null;
}

let geo: GeoIp | null = null;
/** geoip-country reads its data file on load (a few MB): only when a tenant restricts regions. */
function geoIp(): GeoIp {
  geo ??= createRequire(import.meta.url)('geoip-country') as GeoIp;
  return geo;
}

/** `::ffff:1.2.3.4` (an IPv4 client on a dual-stack socket) as `1.2.3.4`. */
function plainIp(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped ? mapped[1] : ip;
}

/** The ISO 3166-1 alpha-2 country of an address, or null (private, loopback, unknown). */
export function countryOf(ip: string): string | null {
  const plain = plainIp(ip);
  if (isIP(plain) === 0) return null;
  return geoIp().lookup(plain)?.country ?? null;
}

const blockLists = new WeakMap<readonly string[], BlockList>();

/** An `allowIps` list as a BlockList (built once per list). Entries are validated by the schema. */
function allowListOf(entries: readonly string[]): BlockList {
  let list = blockLists.get(entries);
  if (list) return list;
  list = new BlockList();
  for (const entry of entries) {
    const [address, bits] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  blockLists.set(entries, list);
  return list;
}

export function ipAllowed(ip: string, entries: readonly string[]): boolean {
  const plain = plainIp(ip);
  const family = isIP(plain);
  if (family === 0 || entries.length === 0) return false;
  return allowListOf(entries).check(plain, family === 6 ? 'ipv6' : 'ipv4');
}

/** Whether the tenant's region settings turn this address away. */
export function regionBlocked(region: RegionSettings | undefined, ip: string, country: (ip: string) => string | null = countryOf): boolean {
  if (!region) return false;
  const allowed = region.allowedCountries ?? [];
  const blocked = region.blockedCountries ?? [];
  if (allowed.length === 0 && blocked.length === 0) return false;
  if (ipAllowed(ip, region.allowIps ?? [])) return false;
  const code = country(ip);
  if (allowed.length > 0) return code === null || !allowed.includes(code);
  return code !== null && blocked.includes(code);
}

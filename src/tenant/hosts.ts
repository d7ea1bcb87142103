/**
 * How the server maps a request's Host to a tenant (server/lib/tenant-registry.ts uses these), kept
 * here so that `tenant lint` predicts exactly what the server will do.
 */

/** The host name of a Host header: port stripped, lower case (IPv6 literals keep their brackets). */
export function hostName(hostHeader: string | undefined): string {
  const host = (hostHeader ?? '').trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  const colon = host.indexOf(':');
  return colon === -1 ? host : host.slice(0, colon);
}

/** Maps each tenant domain to its tenant; the first tenant listing a domain wins (validation forbids duplicates). */
export function domainIndex<T extends { domains: readonly string[] }>(tenants: Map<string, T>): Map<string, T> {
  const index = new Map<string, T>();
  for (const tenant of tenants.values()) {
    for (const domain of tenant.domains) if (!index.has(domain.toLowerCase())) index.set(domain.toLowerCase(), tenant);
  }
  return index;
}

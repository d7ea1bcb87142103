/**
 * The tenant version of this page and the latest one the server answered with (src/lib/tenant-release.ts).
 */
const seen = { booted: undefined as string | undefined, latest: undefined as string | undefined };

/** The version the page was rendered with (the startup settings'); called once at start. */
export function startTenantVersion(version: string | undefined): void {
  seen.booted = version;
  seen.latest = version;
}

/** An answer's X-Tenant-Version (the API client calls this for every answer). */
export function noteTenantVersion(version: string | null): void {
  if (version) seen.latest = version;
}

/** Whether the server now serves this visitor another version than the page's. */
export function tenantVersionChanged(): boolean {
  return seen.booted !== undefined && seen.latest !== undefined && seen.latest !== seen.booted;
}

/** Whether the page knows its version (startup settings of a server that tells it). */
export function tenantVersionKnown(): boolean {
  return seen.booted !== undefined;
}

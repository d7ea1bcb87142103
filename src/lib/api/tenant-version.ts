/**
 * The tenant version of this page and the latest one the server answered with (src/lib/tenant-release.ts).
 */
const seen = { booted: undefined as string | undefined, latest: undefined as string | undefined, at: 0 };

/** The version the page was rendered with (the startup settings'); called once at start. */
export function startTenantVersion(version: string | undefined, now = Date.now()): void {
  seen.booted = version;
  seen.latest = version;
  seen.at = now;
}

/** An answer's X-Tenant-Version (the API client calls this for every answer). */
export function noteTenantVersion(version: string | null, now = Date.now()): void {
  if (!version) return;
  seen.latest = version;
  seen.at = now;
}

/** Whether the server now serves this visitor another version than the page's. */
export function tenantVersionChanged(): boolean {
  return seen.booted !== undefined && seen.latest !== undefined && seen.latest !== seen.booted;
}

/** When an answer last told the version (epoch ms). */
export function tenantVersionSeenAt(): number {
  return seen.at;
}

/** Whether the page knows its version (startup settings of a server that tells it). */
export function tenantVersionKnown(): boolean {
  return seen.booted !== undefined;
}

/**
 * Tenant releases as a page sees them: the server publishes a tenant version without a restart
 * (docs/operators.md "Releasing a change"). The page was rendered with one version (startup
 * `tenantVersion`); every API answer says which version served it (X-Tenant-Version). When they
 * differ, the page's next route change is a full navigation to the new URL, so a page is never
 * shown half with one version and half with another.
 */
import { request } from './api/client';
import { tenantVersionChanged, tenantVersionKnown, tenantVersionSeenAt } from './api/tenant-version';

export { startTenantVersion } from './api/tenant-version';

/**
 * A route change asks the server for its version (the status, a small answer) unless an answer
 * told it this recently (a redirect right after a navigation).
 */
const CHECK_AFTER_MS = 300;

/**
 * At a route change: whether the page must be loaded again (the version changed), asking the
 * server first unless an answer said its version within CHECK_AFTER_MS.
 */
export async function releaseAtNavigation(now = Date.now()): Promise<boolean> {
  if (!tenantVersionKnown()) return false;
  if (!tenantVersionChanged() && now - tenantVersionSeenAt() > CHECK_AFTER_MS) await request('GET', '/wps/system/status').catch(() => undefined);
  return tenantVersionChanged();
}

/**
 * Tenant releases as a page sees them: the server publishes a tenant version without a restart
 * (docs/operators.md "Releasing a change"). The page was rendered with one version (startup
 * `tenantVersion`); every API answer says which version served it (X-Tenant-Version). When they
 * differ, the page's next route change is a full navigation to the new URL, so a page is never
 * shown half with one version and half with another.
 */
import { request } from './api/client';
import { tenantVersionChanged, tenantVersionKnown } from './api/tenant-version';

export { startTenantVersion } from './api/tenant-version';

/**
 * At a route change: whether the page must be loaded again (the version changed). Unless an answer
 * already said so, the server is asked (the status, a small answer that names the version).
 */
export async function releaseAtNavigation(): Promise<boolean> {
  if (!tenantVersionKnown()) return false;
  if (!tenantVersionChanged()) await request('GET', '/wps/system/status').catch(() => undefined);
  return tenantVersionChanged();
}

import type { Tenant } from '../generated/tenant';
import { formatIssue } from './errors';
import { REPO_ROOT } from './source';
import { validateTenants } from './validate';

/**
 * Loads, resolves and validates every merchant tenant. The server refuses to start when
 * `errors` is not empty; each error is one line `FILE: /json/pointer: message`.
 */
export async function loadTenants(opts: { dir?: string; root?: string } = {}): Promise<{
  tenants: Map<string, Tenant>;
  errors: string[];
}> {
  const { reports, issues } = await validateTenants(undefined, { root: opts.root ?? REPO_ROOT, tenantsDir: opts.dir });
  const tenants = new Map<string, Tenant>();
  for (const r of reports) {
    if (r.resolved && r.issues.length === 0) tenants.set(r.id, r.resolved as unknown as Tenant);
  }
  return { tenants, errors: issues.map(formatIssue) };
}

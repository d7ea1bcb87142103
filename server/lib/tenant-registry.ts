import { relative } from 'node:path';
import type { Tenant } from '../../src/generated/tenant';
import { loadTenants } from '../../src/tenant/load';
import { REPO_ROOT } from '../config';
import { domainIndex, duplicateDomains, hostName } from './tenant-host';

/** What the tenant file and the FORCE_* switches say, whoever visits and whenever. */
interface TenantStatus {
  maintenance: boolean;
  regionRestriction: boolean;
}

/** The open maintenance window as the startup settings carry it: its times and the message in the request's language. */
interface OpenWindow {
  startsAt: string;
  endsAt: string;
  message: string | null;
}

/**
 * The tenant's status for one request (server/plugins/app/tenants.ts): the switches, its
 * maintenance window on the clock, the visitor's region.
 */
export interface SiteStatus extends TenantStatus {
  /** The maintenance window open now; null when none is (also when maintenance is forced by a switch). */
  maintenanceWindow: OpenWindow | null;
}

export interface TenantRegistry {
  all: Map<string, Tenant>;
  /** The tenant of a Host; unknown hosts get the default tenant, or undefined when there is none (production). */
  byHost(hostHeader: string | undefined): Tenant | undefined;
  byMerchant(merchantCode: string): Tenant | undefined;
  status(tenant: Tenant): TenantStatus;
  /** Lenient loading only (preview): the error lines of the tenants left out. */
  problems: string[];
}

/** Thrown when tenants do not validate; `lines` are the loader's one-line errors. */
export class TenantConfigError extends Error {
  constructor(readonly lines: string[]) {
    super(`invalid tenant configuration:\n${lines.join('\n')}`);
    this.name = 'TenantConfigError';
  }
}

/**
 * Loads and validates all tenants; any error refuses the start (with every error line). With
 * `lenient` (preview mode only) the valid tenants are served and the errors kept in `problems`.
 */
export async function loadTenantRegistry(
  tenantsDir: string,
  defaultTenant: string | undefined,
  force: { maintenance: string[]; regionRestriction: string[] },
  lenient = false,
): Promise<TenantRegistry> {
  const { tenants, errors } = await loadTenants({ dir: relative(REPO_ROOT, tenantsDir) || '.' });
  const problems = [...errors, ...duplicateDomains(tenants)];
  if (problems.length === 0 && tenants.size === 0) problems.push(`${tenantsDir}: no tenant found`);
  let fallback = defaultTenant === undefined ? undefined : tenants.get(defaultTenant);
  if (lenient && tenants.size > 0) fallback ??= tenants.values().next().value;
  if (problems.length === 0 && defaultTenant !== undefined && !fallback) {
    problems.push(`DEFAULT_TENANT: tenant "${defaultTenant}" does not exist (known: ${[...tenants.keys()].join(', ')})`);
  }
  if (problems.length > 0 && !(lenient && tenants.size > 0)) throw new TenantConfigError(problems);
  const byDomain = domainIndex(tenants);
  const forced = (list: string[], tenant: Tenant) => list.includes('*') || list.includes(tenant.id);
  return {
    problems,
    all: tenants,
    byHost: (hostHeader) => byDomain.get(hostName(hostHeader)) ?? fallback,
    byMerchant: (code) => [...tenants.values()].find((t) => t.merchantCode === code || t.trialMerchantCode === code),
    status: (tenant) => ({
      maintenance: tenant.settings.status.maintenance || forced(force.maintenance, tenant),
      regionRestriction: tenant.settings.status.regionRestriction || forced(force.regionRestriction, tenant),
    }),
  };
}


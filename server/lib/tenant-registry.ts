import { createHash } from 'node:crypto';
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

/** The visitor's bucket (0-99) of rollouts: a random one for a visitor, the member's own once logged in. */
export const BUCKET_COOKIE = 'wl_vb';

/** A version being rolled out: served to `share` % of a tenant's visitors (by their bucket, 0-99). */
interface TenantRollout {
  tenant: Tenant;
  version: number;
  share: number;
}

/** What the database says is served (server/modules/site/services/tenant-releases.ts). */
export interface TenantReleases {
  /** Tenant id -> the live version (it replaces the tenant file, or is a merchant with no file here). */
  live: Map<string, { tenant: Tenant; version: number }>;
  rollouts: Map<string, TenantRollout>;
}

export interface TenantRegistry {
  /** The tenants served now (a new map after every swap: a reader holding one never sees a half-applied change). */
  readonly all: Map<string, Tenant>;
  /** The tenant of a Host; unknown hosts get the default tenant, or undefined when there is none (production). */
  byHost(hostHeader: string | undefined): Tenant | undefined;
  byMerchant(merchantCode: string): Tenant | undefined;
  status(tenant: Tenant): TenantStatus;
  /** Lenient loading only (preview): the error lines of the tenants left out. */
  problems: string[];
  /** The version of a served tenant as the startup settings and X-Tenant-Version carry it: `v<n>`, or `file-<hash>`. */
  versionOf(tenant: Tenant): string;
  /** The published version number of a served tenant; null for a tenant file. */
  versionNumberOf(tenant: Tenant): number | null;
  /** The rollout running for a tenant id, if any. */
  rolloutOf(tenantId: string): TenantRollout | undefined;
  /** The tenant a visitor of `bucket` (0-99) is served: the rollout version for buckets under its share, else `tenant`. */
  forVisitor(tenant: Tenant, bucket: number | null): Tenant;
  /** The tenants of the files (before published versions replace them). */
  readonly files: Map<string, Tenant>;
  /** Swaps in new tenant files (watch mode); answers the problems, and swaps nothing when there are any. */
  setFiles(files: Map<string, Tenant>): string[];
  /** Swaps in what the database serves (one assignment: requests see the old set or the new one). */
  setReleases(releases: TenantReleases): void;
}

/** Everything a request reads of the registry, replaced as one object. */
interface Served {
  files: Map<string, Tenant>;
  releases: TenantReleases;
  all: Map<string, Tenant>;
  byDomain: Map<string, Tenant>;
  byMerchant: Map<string, Tenant>;
  fallback: Tenant | undefined;
}

/** `file-<first 12 hex of sha256>` of a tenant file's resolved content. */
function fileVersion(tenant: Tenant): string {
  return `file-${createHash('sha256').update(JSON.stringify(tenant)).digest('hex').slice(0, 12)}`;
}

class LiveTenantRegistry implements TenantRegistry {
  problems: string[];
  private served: Served;
  private readonly numbers = new WeakMap<Tenant, number>();
  private readonly hashes = new WeakMap<Tenant, string>();

  constructor(
    files: Map<string, Tenant>,
    problems: string[],
    private readonly defaultTenant: string | undefined,
    private readonly lenient: boolean,
    private readonly force: { maintenance: string[]; regionRestriction: string[] },
  ) {
    this.problems = problems;
    this.served = this.compose(files, { live: new Map(), rollouts: new Map() });
  }

  private compose(files: Map<string, Tenant>, releases: TenantReleases): Served {
    const all = new Map(files);
    for (const [id, { tenant, version }] of releases.live) {
      this.numbers.set(tenant, version);
      all.set(id, tenant);
    }
    for (const { tenant, version } of releases.rollouts.values()) this.numbers.set(tenant, version);
    let fallback = this.defaultTenant === undefined ? undefined : all.get(this.defaultTenant);
    if (this.lenient && all.size > 0) fallback ??= all.values().next().value;
    const byMerchant = new Map<string, Tenant>();
    for (const t of all.values()) {
      byMerchant.set(t.merchantCode, t);
      if (t.trialMerchantCode) byMerchant.set(t.trialMerchantCode, t);
    }
    return { files, releases, all, byDomain: domainIndex(all), byMerchant, fallback };
  }

  get all(): Map<string, Tenant> {
    return this.served.all;
  }

  get files(): Map<string, Tenant> {
    return this.served.files;
  }

  byHost = (hostHeader: string | undefined): Tenant | undefined => {
    const served = this.served;
    return served.byDomain.get(hostName(hostHeader)) ?? served.fallback;
  };

  byMerchant(code: string): Tenant | undefined {
    return this.served.byMerchant.get(code);
  }

  status(tenant: Tenant): TenantStatus {
    const forced = (list: string[]) => list.includes('*') || list.includes(tenant.id);
    return {
      maintenance: tenant.settings.status.maintenance || forced(this.force.maintenance),
      regionRestriction: tenant.settings.status.regionRestriction || forced(this.force.regionRestriction),
    };
  }

  versionNumberOf(tenant: Tenant): number | null {
    return this.numbers.get(tenant) ?? null;
  }

  versionOf(tenant: Tenant): string {
    const n = this.numbers.get(tenant);
    if (n !== undefined) return `v${n}`;
    let hash = this.hashes.get(tenant);
    if (hash === undefined) this.hashes.set(tenant, (hash = fileVersion(tenant)));
    return hash;
  }

  rolloutOf(tenantId: string): TenantRollout | undefined {
    return this.served.releases.rollouts.get(tenantId);
  }

  forVisitor(tenant: Tenant, bucket: number | null): Tenant {
    const rollout = this.served.releases.rollouts.get(tenant.id);
    if (!rollout || bucket === null || this.served.all.get(tenant.id) !== tenant) return tenant;
    return bucket < rollout.share ? rollout.tenant : tenant;
  }

  setFiles(files: Map<string, Tenant>): string[] {
    const next = this.compose(files, this.served.releases);
    const problems = duplicateDomains(next.all);
    if (problems.length === 0 && files.size === 0) problems.push('no tenant found');
    if (problems.length === 0) this.served = next;
    return problems;
  }

  setReleases(releases: TenantReleases): void {
    this.served = this.compose(this.served.files, releases);
  }
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
  return new LiveTenantRegistry(tenants, problems, defaultTenant, lenient, force);
}


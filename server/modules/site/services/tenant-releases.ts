/**
 * Tenant releases (0038_tenant_versions.sql, docs/operators.md "Releasing a change"): a tenant is
 * published as an immutable version, validated as the server validates tenant files (both passes);
 * a tenant's head names the version live for everyone and the version rolled out to a share of
 * visitors. `npm run tenant -- publish|versions|rollback|cancel|rollout report` and /ops call
 * these functions; each change writes its audit row in its own transaction.
 *
 * Every change ends with `pg_notify('tenant_releases', <schema>)` in its transaction and a signal
 * to this process's listeners (signalReleases): the instances reload what is served
 * (loadReleases) and swap it in at once (TenantRegistry.setReleases).
 */
import { createHash } from 'node:crypto';
import { relative } from 'node:path';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Report, Version } from '../../../../src/generated/api/tenant-releases';
import type { Tenant } from '../../../../src/generated/tenant';
import { diffTenants } from '../../../../src/tenant/diff';
import { formatIssue } from '../../../../src/tenant/errors';
import { tenantFile, workingTreeReader, type ReadText } from '../../../../src/tenant/source';
import { validateTenants } from '../../../../src/tenant/validate';
import { REPO_ROOT } from '../../../config';
import { rows, type Database, type Executor, type Tx } from '../../../db/client';
import { tenantHeads, tenantVersions, tenantVersionVisits, type TenantVersion } from '../../../db/schema';
import { seedTenants } from '../../../db/seed';
import type { TenantReleases } from '../../../lib/tenant-registry';
import { writeAudit } from '../../../ops/audit';
import { assertMerchant, OpsRefusal, type OpsActor } from '../../../ops/types';
import type { Platform } from '../../../platform';

/** The channel of release notifications; the payload is the database schema the change was made in. */
export const RELEASE_CHANNEL = 'tenant_releases';

/** A version as `tenant versions` and /ops show it (the API contract's type, schemas/api/tenant-releases.json). */
export type VersionView = Version;

export interface PublishInput {
  tenant: string;
  message?: string;
  /** Goes live at this instant (scheduled); must be in the future. */
  at?: Date;
  /** Rolled out to this percentage (1-99) of visitors. */
  share?: number;
  /** The tenant's own file (extends and overrides as written); absent: the file in TENANTS_DIR. */
  document?: Record<string, unknown>;
}

/** Refused because the tenant does not validate: `lines` are `tenant validate`'s error lines. */
export class TenantInvalid extends OpsRefusal {
  constructor(readonly lines: string[]) {
    super('tenant.invalid', lines.join('\n'));
  }
}

const MAX_MESSAGE = 500;

function present(row: TenantVersion): VersionView {
  return {
    tenant: row.tenantId,
    version: row.version,
    kind: row.kind,
    status: row.status,
    author: row.author,
    message: row.message,
    hash: row.contentHash,
    changes: row.changes,
    createdAt: row.createdAt.toISOString(),
    goLiveAt: row.goLiveAt?.toISOString() ?? null,
    liveAt: row.liveAt?.toISOString() ?? null,
    share: row.share,
    rolledBackFrom: row.rolledBackFrom,
  };
}

/** sha256 of a resolved tenant's JSON text. */
function contentHash(tenant: object): string {
  return createHash('sha256').update(JSON.stringify(tenant)).digest('hex');
}

// ---------------------------------------------------------------------------------------------
// Signals: this process's listeners (every app on the database object) hear a change at once.

const listeners = new WeakMap<Database, Set<() => Promise<void>>>();

/**
 * Calls `fn` after every release change made through `db` in this process (the change waits for
 * it: once a publish answers, this process serves it); answers the unsubscribe.
 */
export function onReleaseSignal(db: Database, fn: () => Promise<void>): () => void {
  let set = listeners.get(db);
  if (!set) listeners.set(db, (set = new Set()));
  set.add(fn);
  return () => set.delete(fn);
}

async function signalReleases(db: Database): Promise<void> {
  await Promise.all([...(listeners.get(db) ?? [])].map((fn) => fn()));
}

async function notify(tx: Executor): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${RELEASE_CHANNEL}, current_schema())`);
}

// ---------------------------------------------------------------------------------------------
// What is served.

/** The live versions and rollouts of every tenant, as the registry swaps them in. */
export async function loadReleases(db: Executor): Promise<TenantReleases> {
  const found = await rows<{ tenant_id: string; live_version: number | null; rollout_version: number | null; rollout_share: number | null; live: unknown; rollout: unknown }>(
    db,
    sql`SELECT h.tenant_id, h.live_version, h.rollout_version, h.rollout_share, lv.tenant AS live, rv.tenant AS rollout
        FROM tenant_heads h
        LEFT JOIN tenant_versions lv ON lv.tenant_id = h.tenant_id AND lv.version = h.live_version
        LEFT JOIN tenant_versions rv ON rv.tenant_id = h.tenant_id AND rv.version = h.rollout_version`,
  );
  const releases: TenantReleases = { live: new Map(), rollouts: new Map() };
  const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as Tenant;
  for (const r of found) {
    if (r.live_version !== null && r.live) releases.live.set(r.tenant_id, { tenant: parse(r.live), version: r.live_version });
    if (r.rollout_version !== null && r.rollout && r.rollout_share !== null) {
      releases.rollouts.set(r.tenant_id, { tenant: parse(r.rollout), version: r.rollout_version, share: r.rollout_share });
    }
  }
  return releases;
}

/** The instants of the versions waiting to go live (each instance arms a timer for the next one). */
export async function pendingInstants(db: Executor): Promise<Date[]> {
  const found = await db.select({ at: tenantVersions.goLiveAt }).from(tenantVersions).where(eq(tenantVersions.status, 'pending')).orderBy(asc(tenantVersions.goLiveAt));
  return found.map((r) => r.at).filter((at): at is Date => at !== null);
}

// ---------------------------------------------------------------------------------------------
// Validation, as the server loads tenant files.

/** The resolved tenant of `input`, validated (both passes) and checked against the tenants served; or its error lines. */
async function validateForPublish(platform: Platform, input: PublishInput): Promise<{ tenant: Tenant } | { lines: string[] }> {
  const tenantsDir = relative(REPO_ROOT, platform.config.tenantsDir) || '.';
  const files = workingTreeReader(REPO_ROOT);
  const own = tenantFile(input.tenant, tenantsDir);
  const read: ReadText = input.document ? async (path) => (path === own ? JSON.stringify(input.document) : files(path)) : files;
  const { reports, issues } = await validateTenants([input.tenant], { tenantsDir, read });
  const lines = issues.map(formatIssue);
  const resolved = reports[0]?.resolved as unknown as Tenant | null;
  if (lines.length || !resolved) return { lines: lines.length ? lines : [`${own}: : file not found`] };
  // Domains must stay unique among the tenants served (published merchants have no file here).
  const owners = new Map<string, string>();
  for (const t of platform.tenants.all.values()) if (t.id !== resolved.id) for (const d of t.domains) owners.set(d.toLowerCase(), t.id);
  resolved.domains.forEach((d, i) => {
    const owner = owners.get(d.toLowerCase());
    if (owner) lines.push(`${own}: /domains/${i}: domain "${d}" is already used by tenant "${owner}"`);
  });
  for (const t of platform.tenants.all.values()) {
    if (t.id !== resolved.id && (t.merchantCode === resolved.merchantCode || t.trialMerchantCode === resolved.merchantCode)) {
      lines.push(`${own}: /merchantCode: merchant code "${resolved.merchantCode}" is already used by tenant "${t.id}"`);
    }
  }
  return lines.length ? { lines } : { tenant: resolved };
}

// ---------------------------------------------------------------------------------------------
// Changes.

interface Head {
  lastVersion: number;
  liveVersion: number | null;
  rolloutVersion: number | null;
}

/** The tenant's head, locked for the rest of the transaction (created when it has none). */
async function lockHead(tx: Tx, tenantId: string): Promise<Head> {
  await tx.insert(tenantHeads).values({ tenantId }).onConflictDoNothing();
  const [head] = await tx.select().from(tenantHeads).where(eq(tenantHeads.tenantId, tenantId)).for('update');
  return head;
}

async function versionRow(tx: Executor, tenantId: string, version: number): Promise<TenantVersion | undefined> {
  const [row] = await tx.select().from(tenantVersions).where(and(eq(tenantVersions.tenantId, tenantId), eq(tenantVersions.version, version)));
  return row;
}

async function setStatus(tx: Executor, tenantId: string, version: number | null, status: TenantVersion['status']): Promise<void> {
  if (version === null) return;
  await tx.update(tenantVersions).set({ status }).where(and(eq(tenantVersions.tenantId, tenantId), eq(tenantVersions.version, version)));
}

/** The version goes live now: the one live before is superseded, and a rollout of another version ends. */
async function makeLive(tx: Tx, head: Head, tenantId: string, version: number, now: Date): Promise<void> {
  if (head.liveVersion !== null && head.liveVersion !== version) await setStatus(tx, tenantId, head.liveVersion, 'superseded');
  if (head.rolloutVersion !== null && head.rolloutVersion !== version) await setStatus(tx, tenantId, head.rolloutVersion, 'ended');
  await tx.update(tenantVersions).set({ status: 'live', liveAt: now }).where(and(eq(tenantVersions.tenantId, tenantId), eq(tenantVersions.version, version)));
  await tx.update(tenantHeads).set({ liveVersion: version, rolloutVersion: null, rolloutShare: null, updatedAt: now }).where(eq(tenantHeads.tenantId, tenantId));
}

/** The diff in words between the tenant served now (its live version, else its file) and `next`. */
function changesAgainst(live: Tenant | undefined, next: Tenant): string[] {
  if (!live) return ['new tenant'];
  const changes = diffTenants(live as never, next as never).map((c) => c.text);
  return changes.length ? changes : ['no differences'];
}

function tenantMerchant(platform: Platform, tenantId: string): string {
  const t = platform.tenants.all.get(tenantId);
  if (!t) throw new OpsRefusal('not.found', `tenant: no tenant "${tenantId}" is served`);
  return t.merchantCode;
}

async function afterChange(platform: Platform, run: (tx: Tx) => Promise<VersionView>): Promise<VersionView> {
  const view = await platform.db.orm.transaction(async (tx) => {
    const v = await run(tx);
    await notify(tx);
    return v;
  });
  await signalReleases(platform.db);
  return view;
}

/**
 * Publishes a tenant: live now, scheduled (`at`) or rolled out (`share`). Refused with
 * TenantInvalid (the error lines) when it does not validate; nothing is written then.
 */
export async function publishTenant(platform: Platform, actor: OpsActor, input: PublishInput): Promise<VersionView> {
  if (input.message !== undefined && input.message.length > MAX_MESSAGE) throw new OpsRefusal('validation.failed', `message: at most ${MAX_MESSAGE} characters`);
  if (input.at && input.share !== undefined) throw new OpsRefusal('validation.failed', 'at: a rollout starts now; schedule or roll out, not both');
  if (input.share !== undefined && !(Number.isInteger(input.share) && input.share >= 1 && input.share <= 99)) throw new OpsRefusal('validation.failed', 'share: a whole percentage from 1 to 99');
  const now = new Date(platform.config.clock());
  if (input.at && input.at.getTime() <= now.getTime()) throw new OpsRefusal('validation.failed', `at: ${input.at.toISOString()} is not in the future`);
  const served = platform.tenants.all.get(input.tenant);
  if (served) assertMerchant(actor, served.merchantCode);
  const checked = await validateForPublish(platform, input);
  if ('lines' in checked) throw new TenantInvalid(checked.lines);
  const tenant = checked.tenant;
  assertMerchant(actor, tenant.merchantCode);
  if (input.share !== undefined && !served) throw new OpsRefusal('validation.failed', `share: ${input.tenant} is not served yet; publish it to everyone first`);
  // A new merchant gets its merchant row and game catalogue before it can be served.
  if (!served) await seedTenants(platform.db.orm, [tenant], platform.config.passwordHashing, platform.config.seedDemo && tenant.id.startsWith('demo'));
  return afterChange(platform, async (tx) => {
    const head = await lockHead(tx, tenant.id);
    const version = head.lastVersion + 1;
    const live = head.liveVersion === null ? served : ((await versionRow(tx, tenant.id, head.liveVersion))?.tenant as unknown as Tenant | undefined);
    const kind = input.at ? 'scheduled' : input.share !== undefined ? 'rollout' : 'publish';
    await tx.update(tenantHeads).set({ lastVersion: version, updatedAt: now }).where(eq(tenantHeads.tenantId, tenant.id));
    const [row] = await tx
      .insert(tenantVersions)
      .values({
        tenantId: tenant.id,
        version,
        merchantCode: tenant.merchantCode,
        tenant: tenant as unknown as Record<string, unknown>,
        contentHash: contentHash(tenant),
        author: actor.actor,
        message: input.message?.trim() || null,
        changes: changesAgainst(live, tenant),
        kind,
        status: kind === 'scheduled' ? 'pending' : kind === 'rollout' ? 'rollout' : 'live',
        goLiveAt: input.at ?? null,
        share: input.share ?? null,
        liveAt: kind === 'publish' ? now : null,
      })
      .returning();
    if (kind === 'publish') await makeLive(tx, head, tenant.id, version, now);
    if (kind === 'rollout') {
      if (head.rolloutVersion !== null) await setStatus(tx, tenant.id, head.rolloutVersion, 'ended');
      await tx.update(tenantHeads).set({ rolloutVersion: version, rolloutShare: input.share!, updatedAt: now }).where(eq(tenantHeads.tenantId, tenant.id));
    }
    await writeAudit(tx, actor, { action: 'tenant.publish', merchantCode: tenant.merchantCode, targetType: 'tenant_version', targetId: `${tenant.id}/${version}`, reason: input.message ?? null, after: { kind, goLiveAt: input.at?.toISOString() ?? null, share: input.share ?? null, hash: row.contentHash } });
    return present({ ...row, status: kind === 'publish' ? 'live' : row.status });
  });
}

/** The versions of a tenant, newest first. */
export async function listVersions(platform: Platform, actor: OpsActor, tenantId: string): Promise<VersionView[]> {
  const found = await platform.db.orm.select().from(tenantVersions).where(eq(tenantVersions.tenantId, tenantId)).orderBy(desc(tenantVersions.version));
  const merchant = found[0]?.merchantCode ?? tenantMerchant(platform, tenantId);
  assertMerchant(actor, merchant);
  return found.map(present);
}

/** Makes an earlier version live again, as a new version saying so. */
export async function rollbackTenant(platform: Platform, actor: OpsActor, tenantId: string, to: number): Promise<VersionView> {
  const now = new Date(platform.config.clock());
  return afterChange(platform, async (tx) => {
    const head = await lockHead(tx, tenantId);
    const target = await versionRow(tx, tenantId, to);
    if (!target) throw new OpsRefusal('version.not.found', `${tenantId} has no version ${to}`);
    assertMerchant(actor, target.merchantCode);
    if (target.status !== 'superseded' && target.status !== 'live') throw new OpsRefusal('version.never.live', `version ${to} of ${tenantId} was never live (${target.status}): only a version that was live can be restored`);
    if (head.liveVersion === to) throw new OpsRefusal('version.live', `version ${to} of ${tenantId} is live already`);
    const live = head.liveVersion === null ? undefined : await versionRow(tx, tenantId, head.liveVersion);
    const version = head.lastVersion + 1;
    await tx.update(tenantHeads).set({ lastVersion: version, updatedAt: now }).where(eq(tenantHeads.tenantId, tenantId));
    const tenant = target.tenant as unknown as Tenant;
    const [row] = await tx
      .insert(tenantVersions)
      .values({
        tenantId,
        version,
        merchantCode: target.merchantCode,
        tenant: target.tenant,
        contentHash: target.contentHash,
        author: actor.actor,
        message: `rollback to version ${to}`,
        changes: changesAgainst(live?.tenant as unknown as Tenant | undefined, tenant),
        kind: 'rollback',
        status: 'live',
        rolledBackFrom: to,
        liveAt: now,
      })
      .returning();
    await makeLive(tx, head, tenantId, version, now);
    await writeAudit(tx, actor, { action: 'tenant.rollback', merchantCode: target.merchantCode, targetType: 'tenant_version', targetId: `${tenantId}/${version}`, before: { live: head.liveVersion }, after: { live: version, restores: to } });
    return present(row);
  });
}

/** Withdraws a scheduled version before its time. */
export async function cancelVersion(platform: Platform, actor: OpsActor, tenantId: string, version: number): Promise<VersionView> {
  return afterChange(platform, async (tx) => {
    await lockHead(tx, tenantId);
    const row = await versionRow(tx, tenantId, version);
    if (!row) throw new OpsRefusal('version.not.found', `${tenantId} has no version ${version}`);
    assertMerchant(actor, row.merchantCode);
    if (row.status !== 'pending') throw new OpsRefusal('version.not.pending', `version ${version} of ${tenantId} is ${row.status}, not pending: only a scheduled version can be cancelled`);
    await setStatus(tx, tenantId, version, 'cancelled');
    await writeAudit(tx, actor, { action: 'tenant.cancel', merchantCode: row.merchantCode, targetType: 'tenant_version', targetId: `${tenantId}/${version}`, before: { status: 'pending', goLiveAt: row.goLiveAt?.toISOString() } });
    return present({ ...row, status: 'cancelled' });
  });
}

/** Ends a tenant's rollout: `promote` makes its version live for everyone, else it is aborted (never live). */
export async function endRollout(platform: Platform, actor: OpsActor, tenantId: string, promote: boolean): Promise<VersionView> {
  const now = new Date(platform.config.clock());
  return afterChange(platform, async (tx) => {
    const head = await lockHead(tx, tenantId);
    if (head.rolloutVersion === null) throw new OpsRefusal('rollout.none', `${tenantId} has no rollout running`);
    const row = (await versionRow(tx, tenantId, head.rolloutVersion))!;
    assertMerchant(actor, row.merchantCode);
    if (promote) await makeLive(tx, head, tenantId, row.version, now);
    else {
      await setStatus(tx, tenantId, row.version, 'ended');
      await tx.update(tenantHeads).set({ rolloutVersion: null, rolloutShare: null, updatedAt: now }).where(eq(tenantHeads.tenantId, tenantId));
    }
    await writeAudit(tx, actor, { action: promote ? 'tenant.promote' : 'tenant.abort', merchantCode: row.merchantCode, targetType: 'tenant_version', targetId: `${tenantId}/${row.version}`, before: { live: head.liveVersion, rollout: row.version, share: row.share } });
    return present({ ...row, status: promote ? 'live' : 'ended', liveAt: promote ? now : row.liveAt });
  });
}

/**
 * Scheduled versions whose time has come go live (each tenant's head locked: of two instances
 * waking at the same instant, one makes the change and the other finds it made). Answers how many.
 */
export async function activateDue(platform: Platform): Promise<number> {
  const now = new Date(platform.config.clock());
  const due = await rows<{ tenant_id: string; version: number }>(
    platform.db.orm,
    sql`SELECT tenant_id, version FROM tenant_versions WHERE status = 'pending' AND go_live_at <= ${now.toISOString()}::timestamptz ORDER BY go_live_at, version`,
  );
  let activated = 0;
  for (const { tenant_id: tenantId, version } of due) {
    const done = await platform.db.orm.transaction(async (tx) => {
      const head = await lockHead(tx, tenantId);
      const row = await versionRow(tx, tenantId, version);
      if (row?.status !== 'pending') return false;
      await makeLive(tx, head, tenantId, version, now);
      await writeAudit(tx, { operatorId: null, actor: 'schedule', merchantCodes: null }, { action: 'tenant.scheduled.live', merchantCode: row.merchantCode, targetType: 'tenant_version', targetId: `${tenantId}/${version}`, before: { live: head.liveVersion }, after: { live: version } });
      await notify(tx);
      return true;
    });
    if (done) activated++;
  }
  if (activated) await signalReleases(platform.db);
  return activated;
}

// ---------------------------------------------------------------------------------------------
// Rollout report.

/** The 95% Wilson score interval of `hits` out of `n` (0..1 each); [0, 0] when n is 0. */
export function wilson(hits: number, n: number, z = 1.959964): [number, number] {
  if (n === 0) return [0, 0];
  const p = hits / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/** A line of the rollout report (the API contract's type). */
export type ReportLine = Report['lines'][number];

/**
 * Per version of the tenant's current (or last) rollout and the version live beside it: the
 * visitors counted (tenant_version_visits), the members registered under it (members.tenant_version)
 * and those of them with a paid deposit, each as a share of the visitors with its 95% interval.
 */
export async function rolloutReport(platform: Platform, actor: OpsActor, tenantId: string): Promise<{ tenant: string; since: string | null; lines: ReportLine[] }> {
  const versions = await platform.db.orm.select().from(tenantVersions).where(eq(tenantVersions.tenantId, tenantId)).orderBy(desc(tenantVersions.version));
  const merchant = versions[0]?.merchantCode ?? tenantMerchant(platform, tenantId);
  assertMerchant(actor, merchant);
  const rollout = versions.find((v) => v.kind === 'rollout');
  if (!rollout) throw new OpsRefusal('rollout.none', `${tenantId} has had no rollout`);
  const since = rollout.createdAt;
  // The versions compared: the rollout's, and the one live when it started (the rest of the visitors).
  const compared = new Set<number>([rollout.version]);
  const before = versions.find((v) => v.version < rollout.version && v.liveAt && v.liveAt <= since);
  compared.add(before?.version ?? 0);
  const counts = await rows<{ version: number; visitors: number }>(
    platform.db.orm,
    sql`SELECT version, sum(visitors)::int AS visitors FROM ${tenantVersionVisits} WHERE tenant_id = ${tenantId} GROUP BY version`,
  );
  const members = await rows<{ version: number; registrations: number; deposited: number }>(
    platform.db.orm,
    sql`SELECT coalesce(m.tenant_version, 0) AS version, count(*)::int AS registrations,
               count(*) FILTER (WHERE EXISTS (SELECT 1 FROM deposits d WHERE d.member_id = m.id AND d.state = 'paid'))::int AS deposited
        FROM members m
        WHERE m.merchant_code = ${merchant} AND m.reg_date >= ${since.toISOString()}::timestamptz
        GROUP BY 1`,
  );
  const lines = [...compared].sort((a, b) => b - a).map((version): ReportLine => {
    const visitors = counts.find((c) => c.version === version)?.visitors ?? 0;
    const m = members.find((r) => Number(r.version) === version);
    const registrations = m?.registrations ?? 0;
    const firstDeposits = m?.deposited ?? 0;
    return {
      version,
      status: versions.find((v) => v.version === version)?.status ?? 'live',
      visitors,
      registrations,
      firstDeposits,
      registrationRate: visitors ? registrations / visitors : 0,
      registrationInterval: wilson(Math.min(registrations, visitors), visitors),
      depositRate: visitors ? firstDeposits / visitors : 0,
      depositInterval: wilson(Math.min(firstDeposits, visitors), visitors),
    };
  });
  return { tenant: tenantId, since: since.toISOString(), lines };
}

/** Counts one visitor of a tenant version today (version 0: the tenant file). */
export async function countVisitor(db: Executor, tenantId: string, version: number, day: string): Promise<void> {
  await db
    .insert(tenantVersionVisits)
    .values({ tenantId, version, day, visitors: 1 })
    .onConflictDoUpdate({ target: [tenantVersionVisits.tenantId, tenantVersionVisits.version, tenantVersionVisits.day], set: { visitors: sql`${tenantVersionVisits.visitors} + 1` } });
}

/**
 * Tenant releases (server/modules/site/services/tenant-releases.ts): publish, versions, rollback,
 * schedule and cancel, racing publishes, an invalid publish that changes nothing, the /ops API
 * scoped to an operator's merchants, and a rollout's report; served without a restart.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../server/config';
import { rows } from '../../../server/db/client';
import { auditLog, members, tenantHeads, tenantVersions } from '../../../server/db/schema';
import { cancelVersion, listVersions, publishTenant, rollbackTenant, rolloutReport, TenantInvalid } from '../../../server/modules/site';
import { wilson } from '../../../server/modules/site/services/tenant-releases';
import { addOperator } from '../../../server/ops/operators';
import { runOps } from '../../../server/ops/runner';
import type { OpsActor } from '../../../server/ops/types';
import { formatIssue } from '../../../src/tenant/errors';
import { validateTenants } from '../../../src/tenant/validate';
import { call, describeBackends, EN, nextIp, PH } from '../helpers';

const CLI: OpsActor = { operatorId: null, actor: 'cli:test', merchantCodes: null };
type Doc = Record<string, unknown> & { brand: { name: string } };
const own = (id: string): Doc => JSON.parse(readFileSync(join(REPO_ROOT, 'tenants', id, 'tenant.json'), 'utf8')) as Doc;
const named = (id: string, name: string): Doc => {
  const doc = own(id);
  return { ...doc, brand: { ...doc.brand, name } };
};

/** The brand name and tenant version a host is served now (the bootstrap answer). */
async function served(app: FastifyInstance, host: string, cookie?: string): Promise<{ name: string; version: string; startupVersion: string }> {
  const res = await call<{ tenant: { brand: { name: string } }; startup: { tenantVersion: string } }>(app, 'GET', '/wps/system/bootstrap', { host, ip: nextIp(), headers: cookie ? { cookie } : {} });
  expect(res.status).toBe(200);
  return { name: res.body.value!.tenant.brand.name, version: String(res.res.headers['x-tenant-version']), startupVersion: res.body.value!.startup.tenantVersion };
}

async function head(app: FastifyInstance, tenant: string) {
  const [h] = await app.db.orm.select().from(tenantHeads).where(eq(tenantHeads.tenantId, tenant));
  return h;
}

describeBackends('tenant releases', ({ server }) => {
  it('serves a file version until a publish, then the published version at once, listed with its changes and audited', async () => {
    const { app } = server();
    const before = await served(app, EN);
    expect(before.version).toMatch(/^file-[0-9a-f]{12}$/);
    expect(before.startupVersion).toBe(before.version);
    const v = await publishTenant(app, CLI, { tenant: 'demo-en', message: 'new name', document: named('demo-en', 'Harbour One') });
    expect(v).toMatchObject({ tenant: 'demo-en', version: 1, status: 'live', kind: 'publish', author: 'cli:test', message: 'new name' });
    const after = await served(app, EN);
    expect(after).toEqual({ name: 'Harbour One', version: 'v1', startupVersion: 'v1' });
    // The other tenant is untouched.
    expect((await served(app, PH)).version).toMatch(/^file-/);
    const v2 = await publishTenant(app, CLI, { tenant: 'demo-en', document: named('demo-en', 'Harbour Two') });
    expect(v2.changes.join('\n')).toContain('Harbour Two');
    const list = await listVersions(app, CLI, 'demo-en');
    expect(list.map((x) => [x.version, x.status])).toEqual([
      [2, 'live'],
      [1, 'superseded'],
    ]);
    const audit = await app.db.orm.select().from(auditLog).where(and(eq(auditLog.action, 'tenant.publish'), eq(auditLog.targetId, 'demo-en/2')));
    expect(audit).toHaveLength(1);
    const out = await runOps(app, CLI, ['tenant', 'versions', 'demo-en']);
    expect(out.exitCode).toBe(0);
    expect(out.stdout[0]).toMatch(/^demo-en version 2 {2}live {2}publish/);
    expect(out.stdout.some((l) => l.startsWith('  - ') && l.includes('Harbour Two'))).toBe(true);
  });

  it('rolls back to an earlier version as a new version saying so, and refuses what cannot be restored', async () => {
    const { app } = server();
    const start = (await head(app, 'demo-en'))?.lastVersion ?? 0;
    await publishTenant(app, CLI, { tenant: 'demo-en', document: named('demo-en', 'Roll A') });
    await publishTenant(app, CLI, { tenant: 'demo-en', document: named('demo-en', 'Roll B') });
    expect((await served(app, EN)).name).toBe('Roll B');
    const out = await runOps(app, CLI, ['tenant', 'rollback', 'demo-en', String(start + 1)]);
    expect(out.exitCode, out.stderr.join('\n')).toBe(0);
    expect(out.stdout[0]).toBe(`version ${start + 3} of demo-en restores version ${start + 1}: live now`);
    expect(await served(app, EN)).toMatchObject({ name: 'Roll A', version: `v${start + 3}` });
    const [row] = await app.db.orm.select().from(tenantVersions).where(and(eq(tenantVersions.tenantId, 'demo-en'), eq(tenantVersions.version, start + 3)));
    expect(row).toMatchObject({ kind: 'rollback', rolledBackFrom: start + 1, status: 'live', message: `rollback to version ${start + 1}` });
    await expect(rollbackTenant(app, CLI, 'demo-en', start + 3)).rejects.toMatchObject({ code: 'version.live' });
    await expect(rollbackTenant(app, CLI, 'demo-en', 999)).rejects.toMatchObject({ code: 'version.not.found' });
    expect((await runOps(app, CLI, ['tenant', 'rollback', 'demo-en', 'x'])).exitCode).toBe(2);
  });

  it('refuses an invalid tenant with the error lines of tenant validate, and changes nothing', async () => {
    const { app } = server();
    const bad = { ...own('demo-ph'), domains: 'demo-ph.localhost', flags: { NOT_A_FLAG: 'yes' } };
    const beforeHead = await head(app, 'demo-ph');
    const beforeServed = await served(app, PH);
    const [auditBefore] = await rows<{ n: number }>(app.db.orm, sql`SELECT count(*)::int AS n FROM audit_log`);
    let lines: string[] = [];
    try {
      await publishTenant(app, CLI, { tenant: 'demo-ph', document: bad });
      expect.unreachable('an invalid tenant was published');
    } catch (err) {
      expect(err).toBeInstanceOf(TenantInvalid);
      lines = (err as TenantInvalid).lines;
    }
    // What `tenant validate demo-ph` prints for that file.
    const files = (p: string) => Promise.resolve(p === 'tenants/demo-ph/tenant.json' ? JSON.stringify(bad) : readFileSync(join(REPO_ROOT, p), 'utf8'));
    const expected = (await validateTenants(['demo-ph'], { read: (p) => files(p).catch(() => null) })).issues.map(formatIssue);
    expect(expected.length).toBeGreaterThan(0);
    expect(lines).toEqual(expected);
    expect(lines[0]).toMatch(/^tenants\/demo-ph\/tenant\.json: \/\S*: /);
    expect(await head(app, 'demo-ph')).toEqual(beforeHead);
    expect(await served(app, PH)).toEqual(beforeServed);
    const [auditAfter] = await rows<{ n: number }>(app.db.orm, sql`SELECT count(*)::int AS n FROM audit_log`);
    expect(auditAfter.n).toBe(auditBefore.n);
  });

  it('goes live at the scheduled instant without a restart; a pending version is listed and can be cancelled', async () => {
    const { app } = server();
    const at = new Date(Date.now() + 1500);
    const v = await publishTenant(app, CLI, { tenant: 'demo-ph', message: 'midnight banner', at, document: named('demo-ph', 'Scheduled Name') });
    expect(v).toMatchObject({ status: 'pending', kind: 'scheduled', goLiveAt: at.toISOString() });
    expect((await served(app, PH)).name).not.toBe('Scheduled Name');
    const later = await publishTenant(app, CLI, { tenant: 'demo-ph', at: new Date(Date.now() + 3_600_000), document: named('demo-ph', 'Never') });
    const listed = await runOps(app, CLI, ['tenant', 'versions', 'demo-ph']);
    expect(listed.stdout.filter((l) => / {2}pending {2}scheduled/.test(l))).toHaveLength(2);
    const cancelled = await cancelVersion(app, CLI, 'demo-ph', later.version);
    expect(cancelled.status).toBe('cancelled');
    await expect(cancelVersion(app, CLI, 'demo-ph', later.version)).rejects.toMatchObject({ code: 'version.not.pending' });
    await expect.poll(async () => (await served(app, PH)).name, { timeout: 10_000, interval: 100 }).toBe('Scheduled Name');
    const list = await listVersions(app, CLI, 'demo-ph');
    expect(list.find((x) => x.version === v.version)?.status).toBe('live');
    expect(list.find((x) => x.version === later.version)?.status).toBe('cancelled');
    await expect(publishTenant(app, CLI, { tenant: 'demo-ph', at: new Date(Date.now() - 1000), document: named('demo-ph', 'Past') })).rejects.toMatchObject({ code: 'validation.failed' });
  });

  it('racing publishes of one tenant leave one live version and a linear history', async () => {
    const { app } = server();
    const start = (await head(app, 'demo-en'))?.lastVersion ?? 0;
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => publishTenant(app, CLI, { tenant: 'demo-en', document: named('demo-en', `Race ${i}`) })));
    const numbers = results.map((r) => r.version).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 6 }, (_, i) => start + 1 + i));
    const versions = await app.db.orm.select().from(tenantVersions).where(eq(tenantVersions.tenantId, 'demo-en'));
    expect(versions.filter((v) => v.status === 'live')).toHaveLength(1);
    const h = await head(app, 'demo-en');
    expect(h.liveVersion).toBe(start + 6);
    expect(h.lastVersion).toBe(start + 6);
    const live = versions.find((v) => v.status === 'live')!;
    expect(live.version).toBe(start + 6);
    expect((await served(app, EN)).name).toBe((live.tenant as Doc).brand.name);
    // Each version's changes are told against the one live before it: a chain, not a fork.
    expect(versions.filter((v) => v.version > start).every((v) => v.status === 'live' || v.status === 'superseded')).toBe(true);
  });

  it('the /ops API publishes and lists for an operator of the merchant only, audited under the operator', async () => {
    const { app } = server();
    const username = `rel${process.pid}`;
    await addOperator(app, CLI, { username, password: 'correct horse battery', merchantCodes: ['demoph01'], totp: false });
    const signIn = await call<{ token: string }>(app, 'POST', '/ops/session', { ip: nextIp(), body: { username, password: 'correct horse battery' } });
    const token = signIn.body.value!.token;
    const forbidden = await call(app, 'POST', '/ops/tenants/demo-en/versions', { token, body: { document: named('demo-en', 'Not Yours') } });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.errorCode).toBe('ops.merchant.forbidden');
    expect((await call(app, 'GET', '/ops/tenants/demo-en/versions', { token })).status).toBe(403);
    expect((await served(app, EN)).name).not.toBe('Not Yours');
    const ok = await call<{ version: number; status: string }>(app, 'POST', '/ops/tenants/demo-ph/versions', { token, body: { message: 'from ops', document: named('demo-ph', 'Ops Name') } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.value!.status).toBe('live');
    expect((await served(app, PH)).name).toBe('Ops Name');
    const list = await call<{ list: { version: number; author: string }[] }>(app, 'GET', '/ops/tenants/demo-ph/versions', { token });
    expect(list.body.value!.list[0]).toMatchObject({ version: ok.body.value!.version, author: username });
    const [audit] = await app.db.orm.select().from(auditLog).where(and(eq(auditLog.action, 'tenant.publish'), eq(auditLog.targetId, `demo-ph/${ok.body.value!.version}`)));
    expect(audit.actor).toBe(username);
    const invalid = await call<unknown>(app, 'POST', '/ops/tenants/demo-ph/versions', { token, body: { document: { ...own('demo-ph'), domains: 3 } } });
    expect(invalid.status).toBe(409);
    expect(JSON.stringify(invalid.body)).toContain('tenant.invalid');
    expect((await call(app, 'POST', '/ops/tenants/demo-ph/versions', { token, body: { share: 100 } })).status).toBe(400);
  });

  it('a rollout serves its share of visitors, sticky per visitor and per member, and reports per version', async () => {
    const { app } = server();
    const liveBefore = (await head(app, 'demo-en'))?.liveVersion ?? 0;
    const v = await publishTenant(app, CLI, { tenant: 'demo-en', share: 30, document: named('demo-en', 'Rollout Name') });
    expect(v).toMatchObject({ status: 'rollout', share: 30 });
    // A visitor without a bucket gets one; with it, the same version every time.
    const first = await call(app, 'GET', '/wps/system/bootstrap', { host: EN, ip: nextIp() });
    const cookie = String(first.res.headers['set-cookie']).match(/wl_vb=(\d+)/)![0];
    const bucket = Number(cookie.slice('wl_vb='.length));
    const expected = bucket < 30 ? `v${v.version}` : `v${liveBefore}`;
    for (let i = 0; i < 3; i++) expect((await served(app, EN, cookie)).version).toBe(expected);
    for (const b of [0, 29]) expect(await served(app, EN, `wl_vb=${b}`)).toMatchObject({ name: 'Rollout Name', version: `v${v.version}` });
    for (const b of [30, 99]) expect((await served(app, EN, `wl_vb=${b}`)).version).toBe(`v${liveBefore}`);
    // Page visits count each visitor once per version.
    const page = async (b: number, counted = '') => call(app, 'GET', '/m/home', { host: EN, ip: nextIp(), headers: { cookie: `wl_vb=${b}${counted}` } });
    const seen = await page(5);
    const countedCookie = String(seen.res.headers['set-cookie']).match(/wl_vc=[\d.]+/)![0];
    await page(5, `; ${countedCookie}`);
    await page(6);
    await page(50);
    // Registrations under each version (as the registration records them) and the report.
    await app.db.orm.insert(members).values([
      { merchantCode: 'demoen01', username: `ro${process.pid}a`, tenantVersion: v.version },
      { merchantCode: 'demoen01', username: `ro${process.pid}b`, tenantVersion: liveBefore },
    ]);
    const report = await rolloutReport(app, CLI, 'demo-en');
    const mine = report.lines.find((l) => l.version === v.version)!;
    const other = report.lines.find((l) => l.version === liveBefore)!;
    expect(mine).toMatchObject({ visitors: 2, registrations: 1, firstDeposits: 0, registrationRate: 0.5 });
    expect(other).toMatchObject({ visitors: 1, registrations: 1, firstDeposits: 0 });
    expect(mine.registrationInterval).toEqual(wilson(1, 2));
    const text = await runOps(app, CLI, ['tenant', 'rollout', 'report', 'demo-en']);
    expect(text.stdout.join('\n')).toContain(`version ${v.version} (rollout): 2 visitors, 1 registrations (50.0%, 95% `);
    // Promote: live for everyone.
    const promoted = await runOps(app, CLI, ['tenant', 'publish', 'demo-en', '--promote']);
    expect(promoted.exitCode, promoted.stderr.join('\n')).toBe(0);
    for (const b of [0, 99]) expect((await served(app, EN, `wl_vb=${b}`)).version).toBe(`v${v.version}`);
    expect((await runOps(app, CLI, ['tenant', 'publish', 'demo-en', '--abort'])).stderr[0]).toContain('rollout.none');
  });

  it('an aborted rollout serves the live version to everyone again', async () => {
    const { app } = server();
    const live = (await head(app, 'demo-ph'))?.liveVersion;
    const v = await publishTenant(app, CLI, { tenant: 'demo-ph', share: 99, document: named('demo-ph', 'Abort Me') });
    expect((await served(app, PH, 'wl_vb=0')).name).toBe('Abort Me');
    const out = await runOps(app, CLI, ['tenant', 'publish', 'demo-ph', '--abort']);
    expect(out.exitCode, out.stderr.join('\n')).toBe(0);
    expect((await served(app, PH, 'wl_vb=0')).version).toBe(live ? `v${live}` : expect.stringMatching(/^file-/));
    const [row] = await app.db.orm.select().from(tenantVersions).where(and(eq(tenantVersions.tenantId, 'demo-ph'), eq(tenantVersions.version, v.version)));
    expect(row.status).toBe('ended');
  });
});

describe('wilson', () => {
  it('is the 95% Wilson score interval', () => {
    const [lo, hi] = wilson(10, 100);
    expect(lo).toBeCloseTo(0.0552, 3);
    expect(hi).toBeCloseTo(0.1744, 3);
    expect(wilson(0, 0)).toEqual([0, 0]);
  });
});

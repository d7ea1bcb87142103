/**
 * Tenant releases on two instances of one PostgreSQL database: a change published through one is
 * served by both, switched by the notification each hears (LISTEN/NOTIFY, no restart), a new merchant on its domain too, a
 * scheduled version goes live on both, a rollout gives each visitor one version on both, and a
 * rollback restores the previous page.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../server/config';
import { publishTenant, rollbackTenant } from '../../../server/modules/site';
import type { OpsActor } from '../../../server/ops/types';
import { call, EN, nextIp, postgresAvailable, twoInstances } from '../helpers';

const CLI: OpsActor = { operatorId: null, actor: 'cli:test', merchantCodes: null };
/**
 * Waits until `read` gives `expected` on an instance, then checks that the instance heard at least
 * one more release notification than `before`. The switch is counted, not timed: what makes it
 * fast is that a notification starts it, with no polling interval, and the count shows that it did.
 * The wait itself is only the test's safety net.
 */
async function servedAfterNotice<T>(app: FastifyInstance, before: number, read: () => Promise<T>, expected: T) {
  await expect.poll(read, { timeout: 20_000, interval: 20 }).toBe(expected);
  // The publishing instance may switch first by its own in-process signal; it hears the notification too.
  await expect.poll(() => app.tenantReleases.notifications, { timeout: 20_000, interval: 20 }).toBeGreaterThan(before);
}
type Doc = Record<string, unknown> & { brand: { name: string }; flags: Record<string, boolean> };
const own = (id: string): Doc => JSON.parse(readFileSync(join(REPO_ROOT, 'tenants', id, 'tenant.json'), 'utf8')) as Doc;

async function bootstrap(app: FastifyInstance, host: string, cookie?: string) {
  const res = await call<{ tenant: { id: string; brand: { name: string }; flags: Record<string, boolean> }; startup: { tenantVersion: string } }>(app, 'GET', '/wps/system/bootstrap', {
    host,
    ip: nextIp(),
    headers: cookie ? { cookie } : {},
  });
  return { status: res.status, tenant: res.body.value?.tenant, version: String(res.res.headers['x-tenant-version']), setCookie: res.res.headers['set-cookie'] };
}

describe.skipIf(!postgresAvailable && !process.env.CI)('tenant releases on two instances of one PostgreSQL database', () => {
  const two = twoInstances();

  const apps = () => [two.a.app, two.b.app];
  const heardSoFar = () => apps().map((app) => app.tenantReleases.notifications);

  it('a flag change published on one instance is served by both, switched by the notification', async () => {
    const doc = own('demo-en');
    const before = heardSoFar();
    const v = await publishTenant(two.a.app, CLI, { tenant: 'demo-en', message: 'feedback off', document: { ...doc, flags: { ...doc.flags, FEEDBACK3: false } } });
    expect(v.changes.join('\n')).toContain('FEEDBACK3');
    for (const [i, app] of apps().entries()) {
      await servedAfterNotice(app, before[i], async () => (await bootstrap(app, EN)).tenant?.flags.FEEDBACK3, false);
      expect((await bootstrap(app, EN)).version).toBe(`v${v.version}`);
    }
  });

  it('a new merchant published on one instance is served on its domain by both, switched by the notification', async () => {
    const host = 'demo-new.localhost';
    expect((await bootstrap(two.b.app, host)).tenant?.id).toBe('demo-ph'); // the default tenant, before
    // Its own file, extending demo-en's (whose logo file it uses).
    const doc = { schemaVersion: 2, extends: 'demo-en', id: 'demo-new', merchantCode: 'demonew01', trialMerchantCode: 'demonewtry', domains: [host], brand: { name: 'New Harbour' } };
    const before = heardSoFar();
    await publishTenant(two.a.app, CLI, { tenant: 'demo-new', document: doc });
    for (const [i, app] of apps().entries()) {
      await servedAfterNotice(app, before[i], async () => (await bootstrap(app, host)).tenant?.brand.name, 'New Harbour');
    }
    // A member registers on the new merchant's domain: its merchant row exists.
    expect((await call(two.b.app, 'GET', '/wps/system/startup', { host, ip: nextIp() })).status).toBe(200);
  });

  it('a scheduled version goes live at its instant on both', async () => {
    const at = new Date(Date.now() + 1_000);
    const before = heardSoFar();
    await publishTenant(two.b.app, CLI, { tenant: 'demo-en', at, document: { ...own('demo-en'), brand: { ...own('demo-en').brand, name: 'Midnight' } } });
    expect((await bootstrap(two.a.app, EN)).tenant?.brand.name).not.toBe('Midnight');
    for (const [i, app] of apps().entries()) {
      await servedAfterNotice(app, before[i], async () => (await bootstrap(app, EN)).tenant?.brand.name, 'Midnight');
    }
  });

  it('a rollout at 50% gives each of 200 visitors one stable version on both instances', async () => {
    const live = await bootstrap(two.a.app, EN);
    const [, heardByB] = heardSoFar();
    const v = await publishTenant(two.a.app, CLI, { tenant: 'demo-en', share: 50, document: { ...own('demo-en'), brand: { ...own('demo-en').brand, name: 'Half' } } });
    await servedAfterNotice(two.b.app, heardByB, async () => (await bootstrap(two.b.app, EN, 'wl_vb=0')).version, `v${v.version}`);
    let onRollout = 0;
    for (let i = 0; i < 200; i++) {
      const first = await bootstrap(i % 2 ? two.a.app : two.b.app, EN);
      const cookie = /wl_vb=\d+/.exec(String(first.setCookie))![0];
      const seen = new Set([first.version]);
      for (const app of [two.a.app, two.b.app, two.a.app]) seen.add((await bootstrap(app, EN, cookie)).version);
      expect(seen.size, `visitor ${i} (${cookie}) saw ${[...seen].join(', ')}`).toBe(1);
      expect([live.version, `v${v.version}`]).toContain(first.version);
      if (first.version === `v${v.version}`) onRollout++;
    }
    // Binomial(200, 0.5): mean 100, sd about 7.1; 60..140 is more than 5 sd either side.
    expect(onRollout).toBeGreaterThan(60);
    expect(onRollout).toBeLessThan(140);
    await publishTenant(two.a.app, CLI, { tenant: 'demo-en', document: own('demo-en') });
  });

  it('a rollback on one instance restores the previous page on both', async () => {
    const doc = own('demo-en');
    const before = await publishTenant(two.a.app, CLI, { tenant: 'demo-en', document: { ...doc, brand: { ...doc.brand, name: 'Before' } } });
    await publishTenant(two.a.app, CLI, { tenant: 'demo-en', document: { ...doc, brand: { ...doc.brand, name: 'After' } } });
    for (const app of apps()) await expect.poll(async () => (await bootstrap(app, EN)).tenant?.brand.name, { timeout: 20_000, interval: 20 }).toBe('After');
    const page = async (app: FastifyInstance) => (await call(app, 'GET', '/m/home', { host: EN, ip: nextIp() })).res.body;
    const heard = heardSoFar();
    await rollbackTenant(two.b.app, CLI, 'demo-en', before.version);
    for (const [i, app] of apps().entries()) {
      await servedAfterNotice(app, heard[i], async () => (await bootstrap(app, EN)).tenant?.brand.name, 'Before');
      expect(await page(app)).toContain('Before');
      expect(await page(app)).not.toContain('"After"');
    }
  });
});

/**
 * TENANTS_WATCH=1: a changed tenant file is validated and swapped in without a restart; an invalid
 * one is not applied, its error lines (those of `tenant validate`) are logged and the last good
 * tenants stay served.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { REPO_ROOT } from '../../../server/config';
import { formatIssue } from '../../../src/tenant/errors';
import { validateTenants } from '../../../src/tenant/validate';
import { call, describeBackends, EN, nextIp } from '../helpers';

const dir = mkdtempSync(join(tmpdir(), 'wl-watch-tenants-'));
cpSync(join(REPO_ROOT, 'tenants'), dir, { recursive: true });
const file = join(dir, 'demo-en', 'tenant.json');
const logged: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _enc, done) {
    logged.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});

function edit(change: (t: { brand: { name: string }; domains: unknown }) => void): void {
  const t = JSON.parse(readFileSync(file, 'utf8')) as { brand: { name: string }; domains: unknown };
  change(t);
  writeFileSync(file, JSON.stringify(t, null, 2));
}

describeBackends(
  'TENANTS_WATCH',
  ({ server }) => {
    const name = async () => (await call<{ tenant: { brand: { name: string } } }>(server().app, 'GET', '/wps/system/bootstrap', { host: EN, ip: nextIp() })).body.value!.tenant.brand.name;

    it('swaps in a valid change of a tenant file without a restart', async () => {
      const fresh = `Watched ${Math.random().toString(36).slice(2, 8)}`;
      edit((t) => {
        t.brand.name = fresh;
      });
      await expect.poll(name, { timeout: 10_000, interval: 100 }).toBe(fresh);
    });

    it('keeps the last good tenants and logs the error lines of an invalid file', async () => {
      const good = await name();
      const before = readFileSync(file, 'utf8');
      edit((t) => {
        t.brand.name = 'Never Served';
        t.domains = 'not-a-list';
      });
      const expected = (await validateTenants(['demo-en'], { tenantsDir: relative(REPO_ROOT, dir) })).issues.map(formatIssue);
      expect(expected.length).toBeGreaterThan(0);
      await expect.poll(() => expected.every((line) => logged.some((l) => l.includes(JSON.stringify(line).slice(1, -1)))), { timeout: 10_000, interval: 100 }).toBe(true);
      expect(await name()).toBe(good);
      writeFileSync(file, before);
      await expect.poll(name, { timeout: 10_000, interval: 100 }).toBe(good);
    });
  },
  { tenantsDir: dir, tenantsWatch: true, logger: { level: 'error', stream: logStream } },
);

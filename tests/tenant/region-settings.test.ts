/**
 * Region restriction settings (settings.region): a bad value is refused by `npm run tenant --
 * validate` with the file and the JSON pointer of the fault; a good one passes.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = new URL('../..', import.meta.url).pathname;
const work = mkdtempSync(join(root, '.tmp-region-settings-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function validate(file: string): Promise<{ code: number; stderr: string }> {
  try {
    const { stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/tenant.ts', 'validate', file], { cwd: root });
    return { code: 0, stderr };
  } catch (err) {
    const e = err as { code: number; stderr: string };
    return { code: e.code, stderr: e.stderr };
  }
}

/** A copy of demo-ph with `settings.region` set; the path relative to the repository. */
function fixture(name: string, region: unknown): string {
  const t = JSON.parse(readFileSync(join(root, 'tenants/demo-ph/tenant.json'), 'utf8'));
  t.id = name;
  t.domains = [`${name}.localhost`];
  t.merchantCode = name.replace(/[^a-z0-9]/g, '');
  t.trialMerchantCode = `${t.merchantCode}t`;
  t.settings.region = region;
  const dir = join(work, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'tenant.json'), JSON.stringify(t, null, 2));
  copyFileSync(join(root, 'tenants/demo-ph/logo.svg'), join(dir, 'logo.svg'));
  return relative(root, join(dir, 'tenant.json'));
}

const lineFor = (stderr: string, file: string, pointer: string) => stderr.split('\n').find((l) => l.startsWith(`${file}: ${pointer}: `));

describe('region settings', () => {
  it('refuses lower-case or three-letter codes, both country lists, and a bad address or CIDR', async () => {
    const file = fixture('regionbad', { allowedCountries: ['ph', 'PHL'], blockedCountries: ['RU'], allowIps: ['10.0.0.0/33', '999.1.1.1', '2001:db8::/48'] });
    const { code, stderr } = await validate(file);
    expect(code).toBe(1);
    expect(lineFor(stderr, file, '/settings/region/allowedCountries/0')).toBeDefined();
    expect(lineFor(stderr, file, '/settings/region/allowedCountries/1')).toBeDefined();
    expect(lineFor(stderr, file, '/settings/region/blockedCountries')).toContain('give allowedCountries or blockedCountries, not both');
    expect(lineFor(stderr, file, '/settings/region/allowIps/0')).toContain('"10.0.0.0/33" is not an IP address or CIDR');
    expect(lineFor(stderr, file, '/settings/region/allowIps/1')).toContain('"999.1.1.1" is not an IP address or CIDR');
    expect(lineFor(stderr, file, '/settings/region/allowIps/2')).toBeUndefined();
  }, 60_000);

  it('accepts a block-list with allowed addresses', async () => {
    const file = fixture('regionok', { blockedCountries: ['RU', 'US'], allowIps: ['203.0.113.0/24', '198.51.100.7', '2001:db8::/32'] });
    const { code, stderr } = await validate(file);
    expect(stderr).not.toContain('/settings/region');
    expect(code).toBe(0);
  }, 60_000);
});

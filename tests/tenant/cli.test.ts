import { execFile } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync, readFileSync, rmSync, copyFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { formatIssue } from '../../src/tenant/errors';
import { lintTenants } from '../../src/tenant/lint';

const run = promisify(execFile);
const root = new URL('../..', import.meta.url).pathname;
const work = mkdtempSync(join(root, '.tmp-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function tenantCli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/tenant.ts', ...args], { cwd: root });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/**
 * What `tenant validate <file>` answers, from the checks it runs (validate in scripts/tenant.ts:
 * lintTenants, one formatIssue line per error on stderr, exit 1 on an error), in this process: the
 * validator's rules case by case. The command's own process (its exit codes, its stderr, no stack
 * trace) is run for every shipped tenant, a file of invalid JSON and bad usage.
 */
async function validateInProcess(file: string): Promise<{ code: number; stderr: string }> {
  const { issues } = await lintTenants([file]);
  return { code: issues.length ? 1 : 0, stderr: issues.map((issue) => `${formatIssue(issue)}\n`).join('') };
}

const demo = JSON.parse(readFileSync(join(root, 'tenants/demo-ph/tenant.json'), 'utf8'));

/** Writes a fixture tenant (a copy of demo-ph with a change) and returns its path relative to the repo. */
function fixture(name: string, change: (t: Record<string, unknown>) => unknown, raw?: string): string {
  const dir = join(work, name);
  mkdirSync(dir, { recursive: true });
  const t = structuredClone(demo);
  t.domains = [`${name}.localhost`];
  t.merchantCode = name.replace(/[^a-z0-9]/g, '').slice(0, 18) || 'fixture';
  t.trialMerchantCode = `${t.merchantCode}t`;
  change(t);
  writeFileSync(join(dir, 'tenant.json'), raw ?? JSON.stringify(t, null, 2));
  copyFileSync(join(root, 'tenants/demo-ph/logo.svg'), join(dir, 'logo.svg'));
  return relative(root, join(dir, 'tenant.json'));
}

const memberList = '/screens/mine/slots/list/items/menu/children';

function setList(t: Record<string, unknown>, patch: Record<string, unknown>): void {
  (t as { screens?: unknown }).screens = { mine: { slots: { list: { items: { menu: { children: patch } } } } } };
}

describe('tenant validate', () => {
  it('accepts every shipped tenant', async () => {
    const r = await tenantCli('validate');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/tenant\(s\) checked, 0 error\(s\)/);
  });

  const cases: [string, (t: Record<string, unknown>) => void, string, RegExp][] = [
    [
      'misspelt-gate',
      (t) => setList(t, { items: { agent: { gate: { memberTyp: { notIn: [0] } } } } }),
      `${memberList}/items/agent/gate/memberTyp`,
      /unknown gate operator "memberTyp" \(expected one of: flag, setting, session, memberType/,
    ],
    [
      'unknown-widget',
      (t) => setList(t, { items: { agent: { widget: 'menu-lnk' } } }),
      `${memberList}/items/agent/widget`,
      /unknown widget "menu-lnk" \(registered: .*nav-item/,
    ],
    [
      'missing-label',
      (t) => setList(t, { items: { agent: { props: { label: 'agency_typo' } } } }),
      `${memberList}/items/agent/props/label`,
      /label key "agency_typo" is missing from locales\/ty\.json/,
    ],
    [
      'unknown-flag',
      (t) => ((t.flags as Record<string, boolean>).REWCEN4 = true),
      '/flags/REWCEN4',
      /unknown property "REWCEN4" \(expected one of: USERNAMEREG3/,
    ],
    [
      'unknown-gate-flag',
      (t) => setList(t, { items: { agent: { gate: { flag: 'MAILCENTER' } } } }),
      `${memberList}/items/agent/gate/flag`,
      /"MAILCENTER" is not allowed \(expected one of: "USERNAMEREG3"/,
    ],
    [
      'order-missing-item',
      (t) => setList(t, { order: ['rewardCenter', 'ghost'] }),
      `${memberList}/order/1`,
      /names no item "ghost"/,
    ],
    [
      'route-not-whitelisted',
      (t) => ((t.routes as unknown) = { whitelist: ['/m/home', '/m/mine'] }),
      '/screens/shell/slots/footer/items/menu/children/items/promotions/props/to',
      /route "\/m\/activity" is not in \/routes\/whitelist/,
    ],
    [
      'unknown-screen',
      (t) => ((t.screens as unknown) = { promoDetial: { slots: {} } }),
      '/screens/promoDetial',
      /unknown screen "promoDetial" \(screens are keyed by route id, or "shell"/,
    ],
    [
      'old-screen-key',
      (t) => ((t.screens as unknown) = { memberCentre: { slots: {} } }),
      '/screens/memberCentre',
      /unknown screen "memberCentre": screens are keyed by route id since schema version 2 \(use "mine"\)/,
    ],
  ];

  it.each(cases)('rejects %s with the file and JSON pointer of the fault', async (name, change, ptr, message) => {
    const file = fixture(name, change);
    const r = await validateInProcess(file);
    expect(r.code).toBe(1);
    const lines = r.stderr.split('\n').filter((l) => l.startsWith(`${file}: ${ptr}: `));
    expect(lines.some((l) => message.test(l)), r.stderr).toBe(true);
    expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });

  it('rejects invalid JSON with its line and column, exit 1', async () => {
    const file = fixture('bad-json', () => undefined, '{\n  "schemaVersion": 1,\n  "extends": "_base",\n  "id": oops\n}\n');
    const r = await tenantCli('validate', file);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`^${file.replace(/[.]/g, '\\.')}: /: invalid JSON: .*line 4`, 'm'));
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('reports a missing extends target and a cycle as ordinary errors', async () => {
    const missing = fixture('no-parent', (t) => (t.extends = 'nobody'));
    let r = await validateInProcess(missing);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`${missing.replace(/[.]/g, '\\.')}: /extends: extends "nobody", but tenants/nobody/tenant.json does not exist`));

    const cycle = fixture('cycle', (t) => (t.extends = 'cycle'));
    r = await validateInProcess(cycle);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/\/extends: cycle of extends: cycle -> cycle/);
  });

  it('rejects a domain that another tenant already uses', async () => {
    const file = fixture('dup-domain', (t) => (t.domains = ['demo-en.localhost']));
    const r = await validateInProcess(file);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/\/domains\/0: domain "demo-en.localhost" is already used by tenant "demo-en"/);
  });

  it('exits 2 on bad usage', async () => {
    expect((await tenantCli('frobnicate')).code).toBe(2);
    expect((await tenantCli('validate', '--pedantic')).code).toBe(2);
    expect((await tenantCli('diff', 'demo-ph')).code).toBe(2);
  });
});

describe('tenant diff, resolve, migrate', () => {
  it('diff demo-ph demo-en lists flags and items that differ, in words', async () => {
    const r = await tenantCli('diff', 'demo-ph', 'demo-en');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('- flag REWCEN3 turned off');
    expect(r.stdout).toContain('- flag MAILCEN turned off');
    expect(r.stdout).toContain('- setting vipBenefit changed from true to false');
    expect(r.stdout).toContain('- setting mobileTemplate.mem_cen changed from "0" to "1"');
    expect(r.stdout).toContain('- item memberCentre in shell.footer.menu moved from 5 to 4');
    expect(r.stdout).toContain('- default language changed from "TY" to "EN"');
  });

  it('diff --json gives machine-readable changes', async () => {
    const r = await tenantCli('diff', 'demo-ph', 'demo-en', '--json');
    const changes = JSON.parse(r.stdout) as { kind: string; change: string; id?: string }[];
    expect(changes).toContainEqual(expect.objectContaining({ kind: 'flag', change: 'off', id: 'REWCEN3' }));
    expect(changes).toContainEqual(expect.objectContaining({ kind: 'item', change: 'moved', id: 'memberCentre', from: 5, to: 4 }));
  });

  it('diff --base compares a tenant with its committed version', async () => {
    const r = await tenantCli('diff', 'demo-ph', '--base', 'HEAD');
    expect(r.code).toBe(0);
  });

  it('resolve prints the merged tenant', async () => {
    const r = await tenantCli('resolve', 'demo-en');
    const t = JSON.parse(r.stdout);
    expect(t.id).toBe('demo-en');
    expect(t.extends).toBeUndefined();
    expect(t.flags.REWCEN3).toBe(false);
    expect(t.settings.ageLimit).toBe(18);
    expect(t.screens.mine.slots.list.items.menu.children.order).toContain('rewardCenter');
  });

  it('a merchant file at schema version 1 still loads: its old screen keys read as route ids', async () => {
    const file = fixture('schema-v1', (t) => {
      t.schemaVersion = 1;
      t.screens = { settings: { slots: { list: { items: { menu: { props: { variant: 'plain' } } } } } } };
    });
    expect((await validateInProcess(file)).code).toBe(0);
    const t = JSON.parse((await tenantCli('resolve', file)).stdout);
    expect(t.schemaVersion).toBe(2);
    expect(t.screens.set.slots.list.items.menu.props.variant).toBe('plain');
    expect(t.screens.settings).toBeUndefined();
  });

  it('migrate reports every file at the current version', async () => {
    const r = await tenantCli('migrate');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/current schema version/);
  });
});

import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { contrastRatio, themeContrastProblems, themeWithDefaults } from '../../src/tenant/contrast';
import { tenantColours } from '../../server/lib/web-app';
import type { Tenant } from '../../src/generated/tenant';
import { formatWarning } from '../../src/tenant/errors';
import { lintTenants, staticGate } from '../../src/tenant/lint';

const run = promisify(execFile);
const root = new URL('../..', import.meta.url).pathname;
const work = mkdtempSync(join(root, '.tmp-lint-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const demo = JSON.parse(readFileSync(join(root, 'tenants/demo-ph/tenant.json'), 'utf8'));
const base = JSON.parse(readFileSync(join(root, 'tenants/_base/tenant.json'), 'utf8'));
const memberList = '/screens/mine/slots/list/items/menu/children';

type T = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A tenants folder of its own (with _base) holding the given fixture tenants; returns its path relative to the repo. */
function tenantsDir(name: string, tenants: Record<string, (t: T) => void>): string {
  const dir = join(work, name);
  mkdirSync(join(dir, '_base'), { recursive: true });
  copyFileSync(join(root, 'tenants/_base/tenant.json'), join(dir, '_base/tenant.json'));
  for (const [id, change] of Object.entries(tenants)) {
    mkdirSync(join(dir, id), { recursive: true });
    const t: T = structuredClone(demo);
    t.id = id;
    t.domains = [`${id}.localhost`];
    t.merchantCode = id.replace(/[^a-z0-9]/g, '').slice(0, 18);
    t.trialMerchantCode = `${t.merchantCode}t`;
    // Start from a file with no redundant overrides: keep only what differs from _base.
    t.settings = { wallet: { deposit: { channels: demo.settings.wallet.deposit.channels } }, promotions: demo.settings.promotions };
    t.i18n = { default: 'EN', languages: ['EN', 'TY'] };
    change(t);
    writeFileSync(join(dir, id, 'tenant.json'), JSON.stringify(t, null, 2));
    copyFileSync(join(root, 'tenants/demo-ph/logo.svg'), join(dir, id, 'logo.svg'));
  }
  return relative(root, dir);
}

async function lint(dir: string) {
  const result = await lintTenants(undefined, { tenantsDir: dir });
  return { ...result, lines: result.warnings.map(formatWarning) };
}

describe('tenant lint', () => {
  it('says nothing about a tenant that only says what differs', async () => {
    const dir = tenantsDir('clean', { clean: () => {} });
    const r = await lint(dir);
    expect(r.issues).toEqual([]);
    expect(r.lines).toEqual([]);
  });

  it('warns about overrides equal to the base value, and a null that removes nothing', async () => {
    const dir = tenantsDir('same', {
      same: (t) => {
        t.settings.ageLimit = base.settings.ageLimit;
        t.settings.mobileTemplate = { ...base.settings.mobileTemplate };
        t.settings.noSuchSetting = null;
      },
    });
    const r = await lint(dir);
    expect(r.issues).toEqual([]);
    const file = `${dir}/same/tenant.json`;
    expect(r.lines).toContain(
      `${file}: /settings/ageLimit: warning: same value as ${dir}/_base/tenant.json: the override changes nothing; remove it so later changes to the base reach this tenant`,
    );
    expect(r.lines.some((l) => l.startsWith(`${file}: /settings/mobileTemplate: warning: same value`))).toBe(true);
    // The whole object is reported once, not each of its keys.
    expect(r.lines.some((l) => l.startsWith(`${file}: /settings/mobileTemplate/`))).toBe(false);
    expect(r.lines).toContain(`${file}: /settings/noSuchSetting: warning: null removes "noSuchSetting", which ${dir}/_base/tenant.json does not have: the line does nothing; remove it`);
  });

  it('warns about an item set to null and left out of order that its gate already hides', async () => {
    const order = base.screens.mine.slots.list.items.menu.children.order as string[];
    const dir = tenantsDir('twice', {
      twice: (t) => {
        t.flags.PERSREP = false; // profit and loss: gate { flag: PERSREP }
        t.flags.FEEDBACK3 = true;
        t.screens = {
          mine: {
            slots: {
              list: {
                items: {
                  menu: {
                    children: {
                      order: order.filter((id) => id !== 'profitandloss' && id !== 'feedback'),
                      items: { profitandloss: null, feedback: null },
                    },
                  },
                },
              },
            },
          },
        };
      },
    });
    const r = await lint(dir);
    expect(r.issues).toEqual([]);
    const hidden = r.lines.filter((l) => l.includes('hidden twice'));
    // feedback's flag is on: null + order is the only thing hiding it, so no warning for it.
    expect(hidden).toEqual([
      `${dir}/twice/tenant.json: ${memberList}/items/profitandloss: warning: item "profitandloss" is hidden twice: set to null and left out of ${memberList}/order, while flag PERSREP (off in this tenant) already hides it; remove both overrides (the copied order would otherwise freeze the base's order)`,
    ]);
  });

  it('warns about a label override that nothing shows', async () => {
    const dir = tenantsDir('labels', {
      labels: (t) => {
        // Four VIP levels: the base's diamond level (and its label) is gone.
        t.settings.vip = { levels: base.settings.vip.levels.slice(0, 4) };
        t.i18n = { ...t.i18n, overrides: { EN: { vip_level_diamond: 'Black', vip_level_gold: 'Gold+', deposit_record: 'Top-ups' } } };
      },
    });
    const r = await lint(dir);
    expect(r.issues).toEqual([]);
    const labels = r.lines.filter((l) => l.includes('/i18n/'));
    expect(labels).toEqual([
      `${dir}/labels/tenant.json: /i18n/overrides/EN/vip_level_diamond: warning: label "vip_level_diamond" is never shown: no node of this tenant and no code refers to it (a hidden item's label, or a misspelt key?)`,
    ]);
  });

  it('warns about a domain the host registry maps to another tenant', async () => {
    const dir = tenantsDir('domains', {
      alpha: (t) => (t.domains = ['alpha.localhost', 'shared.example.com']),
      beta: (t) => (t.domains = ['beta.localhost', 'shared.example.com']),
    });
    const r = await lint(dir);
    // Validation already refuses the duplicate; lint says who actually gets the requests.
    expect(r.issues.map((i) => `${i.file}: ${i.pointer}`)).toEqual([`${dir}/beta/tenant.json: /domains/1`]);
    expect(r.lines).toEqual([
      `${dir}/beta/tenant.json: /domains/1: warning: requests for shared.example.com are served by tenant "alpha", which lists the domain before this tenant in the server's registry`,
    ]);
  });

  it('evaluates gates that depend only on the tenant', () => {
    const tenant = { flags: { A: true, B: false }, settings: { x: { y: 1 }, promotions: ['MISSION'] } };
    expect(staticGate({ flag: 'B' }, tenant)).toBe(false);
    expect(staticGate({ all: [{ flag: 'A' }, { session: true }] }, tenant)).toBeUndefined();
    expect(staticGate({ all: [{ flag: 'B' }, { session: true }] }, tenant)).toBe(false);
    expect(staticGate({ any: [{ promo: 'MISSION' }, { session: true }] }, tenant)).toBe(true);
    expect(staticGate({ not: { setting: { path: 'x.y', equals: 1 } } }, tenant)).toBe(false);
  });
});

describe('theme contrast (WCAG 2.x)', () => {
  it('computes contrast ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#fff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#ffffffcc', '#000')).toBeCloseTo(21, 5);
  });

  it('passes the demo themes', () => {
    for (const id of ['demo-ph', 'demo-en']) {
      const t = JSON.parse(readFileSync(join(root, `tenants/${id}/tenant.json`), 'utf8'));
      expect(themeContrastProblems(t.brand.theme)).toEqual([]);
    }
  });

  it('rejects text on primary below 4.5:1 with file and JSON pointer', async () => {
    const dir = tenantsDir('contrast', {
      pink: (t) => (t.brand.theme = { ...t.brand.theme, onPrimary: '#ff9999' }),
      grey: (t) => (t.brand.theme = { ...t.brand.theme, textMuted: '#999999' }),
    });
    const r = await lint(dir);
    expect(r.issues.map((i) => `${i.file}: ${i.pointer}: ${i.message}`)).toEqual([
      `${dir}/grey/tenant.json: /brand/theme/textMuted: textMuted #999999 on surface #ffffff has contrast 2.84:1, below WCAG AA 4.5:1 (secondary text on cards)`,
      `${dir}/grey/tenant.json: /brand/theme/textMuted: textMuted #999999 on background #f4f1ec has contrast 2.52:1, below WCAG AA 4.5:1 (secondary text on the page)`,
      `${dir}/pink/tenant.json: /brand/theme/onPrimary: onPrimary #ff9999 on primary #c8102e has contrast 2.87:1, below WCAG AA 4.5:1 (text on primary buttons)`,
    ]);
  });

  it('checks the optional header and accent pairs, as their defaults paint them when left out', async () => {
    const dir = tenantsDir('contrast-optional', {
      // A pale bar with white titles: both the bar's text and the bar colour as text on cards fail.
      palebar: (t) => (t.brand.theme = { ...t.brand.theme, header: '#f0c0c8', onHeader: '#ffffff' }),
      // A dark accent and no onAccent: the lobby's tabs would paint the body text colour on it.
      darkaccent: (t) => {
        const { onAccent: _ignored, ...theme } = t.brand.theme;
        t.brand.theme = { ...theme, accent: '#4a4a4a' };
      },
    });
    const r = await lint(dir);
    expect(r.issues.map((i) => `${i.file}: ${i.pointer}: ${i.message}`)).toEqual([
      `${dir}/darkaccent/tenant.json: /brand/theme/onAccent: onAccent (text by default) #1d1d1f on accent #4a4a4a has contrast 1.89:1, below WCAG AA 4.5:1 (the game lobby's search button and selected tabs)`,
      `${dir}/palebar/tenant.json: /brand/theme/onHeader: onHeader #ffffff on header #f0c0c8 has contrast 1.60:1, below WCAG AA 4.5:1 (titles and icons on the top bar)`,
      `${dir}/palebar/tenant.json: /brand/theme/header: header #f0c0c8 on surface #ffffff has contrast 1.60:1, below WCAG AA 4.5:1 (the active tab and the login button)`,
    ]);
    // Left out, the header takes the primary colour, which passes: nothing to report.
    expect(themeContrastProblems({ primary: '#c8102e', onPrimary: '#ffffff', surface: '#ffffff' })).toEqual([]);
  });

  it('fills the optional tokens from their defaults, and the browser bar takes the header colour', () => {
    const theme = { primary: '#c8102e', onPrimary: '#ffffff', text: '#1d1d1f', background: '#f4f1ec' };
    expect(themeWithDefaults(theme)).toMatchObject({ header: '#c8102e', onHeader: '#ffffff', onAccent: '#1d1d1f' });
    expect(themeWithDefaults({ ...theme, header: '#222222' }).header).toBe('#222222');
    const tenant = (t: Record<string, string>) => ({ brand: { theme: t } }) as unknown as Tenant;
    expect(tenantColours(tenant(theme)).theme).toBe('#c8102e');
    expect(tenantColours(tenant({ ...theme, header: '#222222' }))).toEqual({ theme: '#222222', background: '#f4f1ec' });
  });
});

describe('tenant CLI: lint and validate --strict', () => {
  async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    try {
      const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/tenant.ts', ...args], { cwd: root });
      return { code: 0, stdout, stderr };
    } catch (err) {
      const e = err as { code: number; stdout: string; stderr: string };
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  }

  it('prints warnings with validate, fails with --strict, and lint prints only them', async () => {
    const dir = tenantsDir('cli', { cliacme: (t) => (t.settings.ageLimit = base.settings.ageLimit) });
    // A file outside tenants/ extends tenants/_base.
    const file = `${dir}/cliacme/tenant.json`;
    const warning = `${file}: /settings/ageLimit: warning: same value as tenants/_base/tenant.json`;
    const plain = await cli('validate', file);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toContain(warning);
    expect(plain.stdout).toMatch(/1 tenant\(s\) checked, 0 error\(s\), \d+ warning\(s\)/);
    const strict = await cli('validate', file, '--strict');
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain(warning);
    const lintOnly = await cli('lint', file, '--warnings-as-errors');
    expect(lintOnly.code).toBe(1);
    expect(lintOnly.stderr).toContain(warning);
    expect(lintOnly.stdout).toMatch(/1 tenant\(s\) checked, \d+ warning\(s\) \(--strict: warnings fail\)/);
  }, 60_000);
});

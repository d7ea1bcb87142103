import { mkdtempSync, rmSync, symlinkSync, mkdirSync, cpSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scaffoldTenant, merchantCodeFor } from '../../src/tenant/scaffold';
import { validateTenants } from '../../src/tenant/validate';

const repo = new URL('../..', import.meta.url).pathname;
// A scratch repository: the real schemas, widgets and locales, a copy of the tenants.
const root = mkdtempSync(join(repo, '.tmp-scaffold-'));
for (const dir of ['schemas', 'widgets', 'locales']) symlinkSync(join(repo, dir), join(root, dir));
mkdirSync(join(root, 'tenants'));
for (const t of ['_base', 'demo-ph', 'demo-en']) cpSync(join(repo, 'tenants', t), join(root, 'tenants', t), { recursive: true });
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('tenant new', () => {
  it('scaffolds a tenant that validates', async () => {
    const r = await scaffoldTenant('acme-bet', undefined, root);
    expect(r.errors).toEqual([]);
    const t = JSON.parse(readFileSync(join(root, 'tenants/acme-bet/tenant.json'), 'utf8'));
    expect(t).toMatchObject({ extends: '_base', id: 'acme-bet', domains: ['acme-bet.localhost'], merchantCode: 'acmebet01' });
    expect((await validateTenants(['acme-bet'], { root })).issues).toEqual([]);
  });

  it('copies another tenant with --from, under new codes and domain', async () => {
    const r = await scaffoldTenant('ph-two', 'demo-ph', root);
    expect(r.errors).toEqual([]);
    const t = JSON.parse(readFileSync(join(root, 'tenants/ph-two/tenant.json'), 'utf8'));
    expect(t.flags.REWCEN3).toBe(true);
    expect(t.settings.ageLimit).toBe(21);
    expect(t.domains).toEqual(['ph-two.localhost']);
    expect(t.merchantCode).not.toBe('demoph01');
  });

  it('refuses a bad id, an existing tenant and an unknown source, leaving nothing behind', async () => {
    expect((await scaffoldTenant('Bad_Id', undefined, root)).errors[0]).toMatch(/must match/);
    expect((await scaffoldTenant('demo-ph', undefined, root)).errors[0]).toMatch(/already exists/);
    expect((await scaffoldTenant('copy-x', 'nobody', root)).errors[0]).toMatch(/no such tenant "nobody"/);
    expect(existsSync(join(root, 'tenants/copy-x'))).toBe(false);
  });

  it('derives merchant codes within the schema pattern', () => {
    expect(merchantCodeFor('a-very-long-merchant-identifier', 'try')).toMatch(/^[a-z0-9]{4,20}$/);
    expect(merchantCodeFor('ab', '01')).toMatch(/^[a-z0-9]{4,20}$/);
  });
});

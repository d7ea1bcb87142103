import { mkdir, writeFile, readFile, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Json } from '../lib/merge-patch';
import { REPO_ROOT, TENANTS_DIR, parseTenantText, tenantFile } from './source';
import { validateTenants } from './validate';
import { formatIssue } from './errors';
import { CURRENT_SCHEMA_VERSION, migrateRaw } from './migrations';

const ID = /^[a-z][a-z0-9-]{1,40}$/;

/** A merchant code for a new tenant id: its letters and digits, padded, at most 20 characters. */
export function merchantCodeFor(id: string, suffix: string): string {
  const base = id.replace(/[^a-z0-9]/g, '').slice(0, 20 - suffix.length);
  return (base + suffix).padEnd(4, '0');
}

function defaultLogo(name: string): string {
  const safe = name.replace(/[<>&"]/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 32" role="img" aria-label="${safe}"><rect width="32" height="32" rx="8" fill="#444"/><text x="40" y="22" font-family="Arial, sans-serif" font-size="14" font-weight="700" fill="#444">${safe}</text></svg>\n`;
}

/**
 * Writes tenants/<id>/tenant.json (and a logo): a copy of `from`'s own settings, or the plain
 * _base defaults, with a new id, merchant codes and domain. The new file is validated; when it
 * fails, nothing is left behind.
 */
export async function scaffoldTenant(id: string, from?: string, root = REPO_ROOT): Promise<{ file: string; errors: string[] }> {
  if (!ID.test(id)) return { file: '', errors: [`tenant id "${id}" must match ${ID.source} (lower case letters, digits, dashes)`] };
  const dir = resolve(root, TENANTS_DIR, id);
  const file = tenantFile(id);
  if (existsSync(dir)) return { file, errors: [`${file}: /: tenant "${id}" already exists`] };

  let patch: { [key: string]: Json } = {};
  let logo: string | null = null;
  if (from) {
    const fromFile = resolve(root, tenantFile(from));
    if (!existsSync(fromFile)) return { file, errors: [`${tenantFile(from)}: /: no such tenant "${from}"`] };
    const parsed = parseTenantText(tenantFile(from), await readFile(fromFile, 'utf8'));
    if (!parsed.raw) return { file, errors: [formatIssue(parsed.issue!)] };
    // The copy is written at the current schema version, whatever version its source is at.
    const migrated = migrateRaw(parsed.raw);
    if (migrated.error) return { file, errors: [`${tenantFile(from)}: /schemaVersion: ${migrated.error}`] };
    patch = migrated.raw;
    const logoName = (patch.brand as { logo?: string } | undefined)?.logo;
    if (logoName && existsSync(join(resolve(root, TENANTS_DIR, from), logoName))) {
      logo = await readFile(join(resolve(root, TENANTS_DIR, from), logoName), 'utf8');
    }
  }
  const name = id.replace(/(^|-)([a-z])/g, (_m, sep: string, c: string) => (sep ? ' ' : '') + c.toUpperCase());
  const brand = (patch.brand as { [key: string]: Json } | undefined) ?? {};
  const tenant: { [key: string]: Json } = {
    $schema: '../../schemas/tenant.schema.json',
    schemaVersion: CURRENT_SCHEMA_VERSION,
    extends: typeof patch.extends === 'string' ? patch.extends : '_base',
    ...patch,
    id,
    merchantCode: merchantCodeFor(id, '01'),
    trialMerchantCode: merchantCodeFor(id, 'try'),
    domains: [`${id}.localhost`],
    brand: {
      theme: {
        primary: '#444444',
        onPrimary: '#ffffff',
        surface: '#ffffff',
        background: '#f5f5f5',
        text: '#1d1d1f',
        textMuted: '#5c5c63',
        accent: '#f5b400',
        danger: '#b00020',
      },
      ...brand,
      name: from ? `${name}` : name,
      logo: 'logo.svg',
    },
  };
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'tenant.json'), JSON.stringify(tenant, null, 2) + '\n');
  await writeFile(join(dir, 'logo.svg'), logo ?? defaultLogo(name));
  const { issues } = await validateTenants([id], { root });
  if (issues.length) {
    await rm(dir, { recursive: true, force: true });
    return { file, errors: issues.map(formatIssue) };
  }
  return { file, errors: [] };
}

/**
 * `tenant lint`: findings that do not make a tenant invalid but are almost always mistakes.
 * Each is a warning `FILE: /json/pointer: warning: what, and why`; `validate` prints them after
 * its errors and `--strict` turns them into a failure.
 *
 * - an override in a merchant file equal to the value it inherits (it changes nothing);
 * - an item hidden twice: set to `null` (and left out of `order`) although its gate already
 *   closes it for this tenant, so the override only freezes a copy of the base's order;
 * - a label override (`i18n.overrides`) for a key that neither this tenant's nodes nor the code
 *   ever show;
 * - a domain that the server's host registry would not map to this tenant.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { mergePatch, type Json } from '../lib/merge-patch';
import { readPath } from '../lib/gates';
import { pointer, type TenantIssue } from './errors';
import { domainIndex, hostName } from './hosts';
import { fileForPointer, REPO_ROOT, tenantFile, type TenantSource } from './source';
import { listTenantIds, validateTenant, validateTenants, type TenantReport, type ValidateOptions } from './validate';
import { loadValidationEnv } from './environment';

type Obj = { [key: string]: Json };

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function deepEqual(a: Json | undefined, b: Json | undefined): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => deepEqual(v, b[i]));
  const ak = Object.keys(a as Obj);
  const bk = Object.keys(b as Obj);
  return ak.length === bk.length && ak.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepEqual((a as Obj)[k], (b as Obj)[k]));
}

/** What the merchant file's parents give it: the chain without the merchant file, merged. */
function inherited(chain: TenantSource[]): Obj {
  let merged: Json = {};
  for (const source of chain.slice(1).reverse()) merged = mergePatch(merged, source.raw);
  return isObj(merged) ? merged : {};
}

/** Keys of the tenant file itself that are never inherited. */
const OWN_KEYS = new Set(['$schema', 'schemaVersion', 'extends', 'id']);

function redundantOverrides(own: Obj, base: Obj | undefined, ptr: string, baseFile: string, warn: (ptr: string, message: string) => void): void {
  for (const [key, value] of Object.entries(own)) {
    if (ptr === '' && OWN_KEYS.has(key)) continue;
    const p = `${ptr}${pointer(key)}`;
    const has = base !== undefined && Object.prototype.hasOwnProperty.call(base, key);
    const before = has ? base![key] : undefined;
    if (value === null) {
      if (!has) warn(p, `null removes "${key}", which ${baseFile} does not have: the line does nothing; remove it`);
    } else if (has && deepEqual(value, before)) {
      warn(p, `same value as ${baseFile}: the override changes nothing; remove it so later changes to the base reach this tenant`);
    } else if (isObj(value) && isObj(before)) {
      redundantOverrides(value, before, p, baseFile, warn);
    }
  }
}

/**
 * A gate's value for every visitor of this tenant, when it depends only on the tenant (flags,
 * settings, promotions): true or false; undefined when it depends on the session or the device.
 */
export function staticGate(gate: Json | undefined, tenant: Obj): boolean | undefined {
  if (gate === undefined || gate === null) return true;
  if (!isObj(gate)) return undefined;
  const flags = isObj(tenant.flags) ? tenant.flags : {};
  const settings = isObj(tenant.settings) ? tenant.settings : {};
  if (typeof gate.flag === 'string') return flags[gate.flag] === true;
  if (isObj(gate.setting) && typeof gate.setting.path === 'string') {
    const value = readPath(settings, gate.setting.path);
    return gate.setting.equals === undefined ? Boolean(value) : value === gate.setting.equals;
  }
  if (typeof gate.promo === 'string') return Array.isArray(settings.promotions) && settings.promotions.includes(gate.promo);
  if (Array.isArray(gate.all)) {
    const values = gate.all.map((g) => staticGate(g, tenant));
    if (values.includes(false)) return false;
    return values.every((v) => v === true) ? true : undefined;
  }
  if (Array.isArray(gate.any)) {
    const values = gate.any.map((g) => staticGate(g, tenant));
    if (values.includes(true)) return true;
    return values.every((v) => v === false) ? false : undefined;
  }
  if (gate.not !== undefined) {
    const v = staticGate(gate.not, tenant);
    return v === undefined ? undefined : !v;
  }
  return undefined;
}

/** Where a gate closes: the first flag or setting that the tenant turns off, in words. */
function gateInWords(gate: Json | undefined): string {
  if (isObj(gate) && typeof gate.flag === 'string') return `flag ${gate.flag}`;
  if (isObj(gate) && isObj(gate.setting)) return `setting ${String(gate.setting.path)}`;
  if (isObj(gate) && typeof gate.promo === 'string') return `promotion ${gate.promo}`;
  return 'its gate';
}

/** Walks the merchant file's slots for items it sets to null. */
function hiddenTwice(own: Json | undefined, base: Json | undefined, tenant: Obj, ptr: string, warn: (ptr: string, message: string) => void): void {
  if (!isObj(own)) return;
  const baseObj = isObj(base) ? base : {};
  if (isObj(own.items)) {
    const baseItems = isObj(baseObj.items) ? baseObj.items : {};
    const order = Array.isArray(own.order) ? own.order : undefined;
    for (const [id, item] of Object.entries(own.items)) {
      const itemPtr = `${ptr}${pointer('items', id)}`;
      const before = baseItems[id];
      if (item === null && isObj(before) && staticGate(before.gate, tenant) === false && order && !order.includes(id)) {
        warn(
          itemPtr,
          `item "${id}" is hidden twice: set to null and left out of ${ptr}/order, while ${gateInWords(before.gate)} (off in this tenant) already hides it; remove both overrides (the copied order would otherwise freeze the base's order)`,
        );
      }
      if (isObj(item) && item.children !== undefined) hiddenTwice(item.children, isObj(before) ? before.children : undefined, tenant, `${itemPtr}/children`, warn);
    }
  }
  for (const [key, value] of Object.entries(own)) {
    if (key === 'items' || key === 'order' || !isObj(value)) continue;
    hiddenTwice(value, baseObj[key], tenant, `${ptr}${pointer(key)}`, warn);
  }
}

function strings(value: Json, out: Set<string>): Set<string> {
  if (typeof value === 'string') out.add(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (isObj(value)) for (const v of Object.values(value)) strings(v, out);
  return out;
}

/** String literals and template-literal prefixes in the product's code: the label keys it may show. */
interface CodeKeys {
  literals: Set<string>;
  prefixes: string[];
}

const codeKeysCache = new Map<string, Promise<CodeKeys>>();

async function sourceFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const e of entries) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'node_modules' && e.name !== 'generated') out.push(...(await sourceFiles(p)));
    } else if (/\.(ts|tsx|mts)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) out.push(p);
  }
  return out;
}

function codeKeys(root: string): Promise<CodeKeys> {
  let found = codeKeysCache.get(root);
  if (!found) {
    found = (async () => {
      const literals = new Set<string>();
      const prefixes = new Set<string>();
      for (const dir of ['src', 'widgets', 'server']) {
        for (const file of await sourceFiles(join(root, dir))) {
          const text = await readFile(file, 'utf8');
          for (const m of text.matchAll(/['"`]([A-Za-z0-9_.-]{2,120})['"`]/g)) literals.add(m[1]);
          for (const m of text.matchAll(/`([A-Za-z0-9_.-]{2,120})\$\{/g)) prefixes.add(m[1]);
        }
      }
      return { literals, prefixes: [...prefixes] };
    })();
    codeKeysCache.set(root, found);
  }
  return found;
}

interface LintOptions {
  root?: string;
}

/**
 * Lints validated tenants. `reports` are the tenants to lint; `everyone` every tenant the server
 * would load (the registry the domains are checked against), in the loader's order.
 */
async function lintReports(reports: TenantReport[], everyone: TenantReport[], opts: LintOptions = {}): Promise<TenantIssue[]> {
  const root = opts.root ?? REPO_ROOT;
  const warnings: TenantIssue[] = [];
  const seen = new Set<string>();
  const code = await codeKeys(root);

  // The registry the server builds: valid tenants only, first domain owner wins.
  const loaded = new Map<string, { id: string; domains: string[] }>();
  for (const r of everyone) {
    if (!r.resolved || r.issues.length) continue;
    const domains = Array.isArray(r.resolved.domains) ? r.resolved.domains.filter((d): d is string => typeof d === 'string') : [];
    loaded.set(r.id, { id: r.id, domains });
  }
  const byDomain = domainIndex(loaded);

  for (const r of reports) {
    const tenant = r.resolved;
    if (!tenant || r.chain.length === 0) continue;
    const warn = (ptr: string, message: string, file = r.file): void => {
      const key = `${file}\u0000${ptr}\u0000${message}`;
      if (seen.has(key)) return;
      seen.add(key);
      warnings.push({ file, pointer: ptr, message });
    };
    const own = r.chain[0].raw;
    const base = inherited(r.chain);
    const baseFile = r.chain[1]?.file ?? 'the base';

    if (r.chain.length > 1) {
      redundantOverrides(own, base, '', baseFile, warn);
      hiddenTwice(own.screens, base.screens, tenant, '/screens', warn);
    }

    const i18n = isObj(tenant.i18n) ? tenant.i18n : {};
    if (isObj(i18n.overrides)) {
      // Strings anywhere in the tenant other than the overrides themselves: node labels, VIP names…
      const used = strings({ ...tenant, i18n: { ...i18n, overrides: {} } }, new Set());
      for (const [lang, texts] of Object.entries(i18n.overrides)) {
        if (!isObj(texts)) continue;
        for (const key of Object.keys(texts)) {
          if (used.has(key) || code.literals.has(key) || code.prefixes.some((p) => key.startsWith(p))) continue;
          const ptr = pointer('i18n', 'overrides', lang, key);
          warn(ptr, `label "${key}" is never shown: no node of this tenant and no code refers to it (a hidden item's label, or a misspelt key?)`, fileForPointer(r.chain, ptr));
        }
      }
    }

    const domains = Array.isArray(tenant.domains) ? tenant.domains : [];
    domains.forEach((domain, i) => {
      if (typeof domain !== 'string') return;
      const ptr = `/domains/${i}`;
      const host = hostName(domain);
      const owner = byDomain.get(host);
      if (owner && owner.id !== r.id) {
        warn(ptr, `requests for ${host} are served by tenant "${owner.id}", which lists the domain before this tenant in the server's registry`, fileForPointer(r.chain, ptr));
      } else if (!owner && r.issues.length === 0 && loaded.has(r.id)) {
        warn(ptr, `the server's registry does not map ${host} to any tenant`, fileForPointer(r.chain, ptr));
      }
    });
  }
  return warnings;
}

/**
 * Validates the named tenants (every tenant when none is named) and lints them: the validation
 * errors, and the warnings. Domains are checked against every tenant of the tenants folder, as the
 * server loads them.
 */
export async function lintTenants(
  idsOrFiles?: string[],
  opts: ValidateOptions = {},
): Promise<{ reports: TenantReport[]; issues: TenantIssue[]; warnings: TenantIssue[] }> {
  const root = opts.root ?? REPO_ROOT;
  const env = opts.env ?? (await loadValidationEnv(root));
  const { reports, issues } = await validateTenants(idsOrFiles, { ...opts, env });
  const everyone: TenantReport[] = [];
  for (const id of await listTenantIds(root, opts.tenantsDir).catch(() => [])) {
    everyone.push(reports.find((r) => r.file === tenantFile(id, opts.tenantsDir)) ?? (await validateTenant(id, { ...opts, env })));
  }
  for (const r of reports) if (!everyone.some((e) => e.file === r.file)) everyone.push(r);
  const warnings = await lintReports(reports, everyone, { root });
  return { reports, issues, warnings };
}

import { readdir } from 'node:fs/promises';
import { join, dirname, resolve } from 'node:path';
import type { Json } from '../lib/merge-patch';
import { readPath } from '../lib/gates';
import { hasAtMostTwoDecimals } from '../domain/money';
import { KNOWN_PATHS, pathOf, ROUTE_IDS, routeFor } from '../lib/routes';
import { isAddressOrCidr } from './addresses';
import { pointer, type TenantIssue } from './errors';
import { loadValidationEnv, describeAjvError, type Annotated, type ValidationEnv } from './environment';
import { SCREEN_KEYS_RENAMED_IN_V2 } from './migrations';
import { themeContrastProblems } from './contrast';
import { deadLinkReason, decideGate, nodeCanShow, tenantFacts } from './dead-links';
import {
  REPO_ROOT,
  TENANTS_DIR,
  fileForPointer,
  resolveTenant,
  workingTreeReader,
  type ReadText,
  type TenantSource,
} from './source';

type Obj = { [key: string]: Json };

/** The outcome of validating one tenant. */
export interface TenantReport {
  id: string;
  file: string;
  resolved: Obj | null;
  chain: TenantSource[];
  issues: TenantIssue[];
}

export interface ValidateOptions {
  read?: ReadText;
  tenantsDir?: string;
  root?: string;
  env?: ValidationEnv;
}

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

interface NodeVisit {
  ptr: string;
  node: Obj;
}

interface SlotVisit {
  ptr: string;
  slot: Obj;
}

/** Walks every slot and node under `screens`, tolerating shapes the schema already rejected. */
function walkScreens(resolved: Obj): { slots: SlotVisit[]; nodes: NodeVisit[] } {
  const slots: SlotVisit[] = [];
  const nodes: NodeVisit[] = [];
  const visitSlot = (slot: Json, ptr: string): void => {
    if (!isObj(slot)) return;
    slots.push({ ptr, slot });
    if (!isObj(slot.items)) return;
    for (const [id, node] of Object.entries(slot.items)) {
      if (!isObj(node)) continue;
      const nodePtr = `${ptr}${pointer('items', id)}`;
      nodes.push({ ptr: nodePtr, node });
      if (node.children !== undefined) visitSlot(node.children, `${nodePtr}/children`);
    }
  };
  const screens = resolved.screens;
  if (isObj(screens)) {
    for (const [name, screen] of Object.entries(screens)) {
      if (!isObj(screen) || !isObj(screen.slots)) continue;
      for (const [slotName, slot] of Object.entries(screen.slots)) visitSlot(slot, pointer('screens', name, 'slots', slotName));
    }
  }
  return { slots, nodes };
}

/** Every `setting` gate inside a gate, with its pointer. */
function settingGates(gate: Json, ptr: string, out: { ptr: string; path: string }[] = []): { ptr: string; path: string }[] {
  if (!isObj(gate)) return out;
  if (isObj(gate.setting) && typeof gate.setting.path === 'string') out.push({ ptr: `${ptr}/setting/path`, path: gate.setting.path });
  for (const op of ['all', 'any'] as const) {
    const list = gate[op];
    if (Array.isArray(list)) list.forEach((g, i) => settingGates(g, `${ptr}/${op}/${i}`, out));
  }
  if (gate.not !== undefined) settingGates(gate.not, `${ptr}/not`, out);
  return out;
}

/** The one screen that belongs to no route: the shell's header menu and footer. */
const SHELL_SCREEN = 'shell';

/** Why a `screens` key is not one, or null when it names the shell or a route of the manifest. */
function screenKeyProblem(key: string): string | null {
  if (key === SHELL_SCREEN || ROUTE_IDS.has(key)) return null;
  const renamed = SCREEN_KEYS_RENAMED_IN_V2[key];
  if (renamed !== undefined) return `unknown screen "${key}": screens are keyed by route id since schema version 2 (use "${renamed}")`;
  return `unknown screen "${key}" (screens are keyed by route id, or "${SHELL_SCREEN}"; see src/lib/routes.ts)`;
}

/** Region settings: one country list at most, and allowIps entries that are addresses or CIDRs. */
function checkRegion(region: Record<string, Json>, add: (ptr: string, message: string) => void): void {
  const listed = (name: string) => Array.isArray(region[name]) && (region[name] as Json[]).length > 0;
  if (listed('allowedCountries') && listed('blockedCountries')) {
    add('/settings/region/blockedCountries', 'give allowedCountries or blockedCountries, not both (an allow-list already turns every other country away)');
  }
  const ips = Array.isArray(region.allowIps) ? region.allowIps : [];
  ips.forEach((entry, i) => {
    if (typeof entry === 'string' && !isAddressOrCidr(entry)) add(`/settings/region/allowIps/${i}`, `"${entry}" is not an IP address or CIDR`);
  });
}

/**
 * The VIP table's order (settings.vip.levels): level 0 first with both thresholds 0, each level
 * numbered one above the last, thresholds never below the previous level's and at least one of
 * them higher (else two levels would be reached at once), names that every locale defines.
 */

function checkVipLevels(levels: Json[], locales: ReadonlyMap<string, ReadonlySet<string>>, add: (ptr: string, message: string) => void): void {
  let previous: Obj | null = null;
  levels.forEach((level, i) => {
    if (!isObj(level)) return;
    const ptr = pointer('settings', 'vip', 'levels', String(i));
    if (level.level !== i) add(`${ptr}/level`, `level ${String(level.level)} should be ${i}: levels are numbered from 0 in order`);
    if (i === 0) {
      for (const field of ['minTurnover', 'minDeposit'] as const) {
        if (level[field] !== 0) add(`${ptr}/${field}`, `the first level is where every member starts: ${field} must be 0`);
      }
    } else if (previous) {
      const prev = previous;
      let higher = false;
      for (const field of ['minTurnover', 'minDeposit'] as const) {
        const value = level[field];
        const before = prev[field];
        if (typeof value !== 'number' || typeof before !== 'number') continue;
        if (value < before) add(`${ptr}/${field}`, `${field} ${value} is below level ${i - 1}'s ${before}: thresholds must ascend`);
        if (value > before) higher = true;
      }
      if (!higher) add(ptr, `level ${i} needs a higher minTurnover or minDeposit than level ${i - 1}`);
    }
    if (typeof level.name === 'string') {
      for (const [lang, keys] of locales) {
        if (!keys.has(level.name)) add(`${ptr}/name`, `label key "${level.name}" is missing from locales/${lang}.json`);
      }
    }
    previous = level;
  });
}

/**
 * Validates one tenant in two passes. Pass 1: Ajv on the resolved tenant, then each node's props
 * against its widget's schema. Pass 2: references (screens keyed by a route id, widgets
 * registered, routes known and whitelisted, label keys in every shipped locale, order and items
 * agree, settings named by gates exist, languages listed, logo present, theme contrast).
 */
export async function validateTenant(idOrFile: string, opts: ValidateOptions = {}): Promise<TenantReport> {
  const root = opts.root ?? REPO_ROOT;
  const read = opts.read ?? workingTreeReader(root);
  const tenantsDir = opts.tenantsDir ?? TENANTS_DIR;
  const env = opts.env ?? (await loadValidationEnv(root));
  const { resolved, chain, issues } = await resolveTenant(idOrFile, read, tenantsDir);
  const id = chain[0]?.id ?? idOrFile;
  const file = chain[0]?.file ?? idOrFile;
  const report: TenantReport = { id, file, resolved, chain, issues };
  if (!resolved) return report;

  const seen = new Set<string>();
  const add = (ptr: string, message: string, at?: string): void => {
    const key = `${ptr}\u0000${message}`;
    if (seen.has(key)) return;
    seen.add(key);
    // The merchant's file is what an operator edits: a fault in a value it inherits is reported
    // against that file, naming where the value comes from.
    const owner = at ?? fileForPointer(chain, ptr);
    const inherited = owner !== file ? ` (inherited from ${owner})` : '';
    issues.push({ file, pointer: ptr, message: message + inherited });
  };

  // Pass 1a: the envelope.
  if (!env.validateTenant(resolved)) {
    for (const e of env.validateTenant.errors ?? []) {
      // oneOf/anyOf summaries repeat what their branches already said.
      if (e.keyword === 'oneOf' || e.keyword === 'anyOf' || e.keyword === 'if') continue;
      const d = describeAjvError(e);
      add(d.pointer, d.message);
    }
  }

  // Pass 1b: each node's props against its widget's schema.
  const { slots, nodes } = walkScreens(resolved);
  const annotations: (Annotated & { nodePtr: string })[] = [];
  for (const { ptr, node } of nodes) {
    if (typeof node.widget !== 'string') continue;
    const validate = env.widgets.get(node.widget);
    if (!validate) {
      add(`${ptr}/widget`, `unknown widget "${node.widget}" (registered: ${[...env.widgets.keys()].sort().join(', ')})`);
      continue;
    }
    const props = node.props ?? {};
    const { ok, annotations: found } = env.collect(() => validate(props) as boolean);
    if (!ok) {
      for (const e of validate.errors ?? []) {
        if (e.keyword === 'oneOf' || e.keyword === 'anyOf' || e.keyword === 'if') {
          if (e.keyword === 'oneOf' && (e.params as { passingSchemas?: unknown }).passingSchemas) {
            add(`${ptr}/props`, 'matches more than one allowed shape (give "to" or "action", not both)');
          }
          continue;
        }
        const d = describeAjvError(e);
        add(`${ptr}/props${d.pointer}`, d.message);
      }
    }
    for (const a of found) annotations.push({ ...a, nodePtr: ptr });
  }

  // Pass 2: references.
  if (isObj(resolved.screens)) {
    for (const key of Object.keys(resolved.screens)) {
      const problem = screenKeyProblem(key);
      if (problem) add(pointer('screens', key), problem);
    }
  }
  for (const { ptr, slot } of slots) {
    const items = isObj(slot.items) ? slot.items : {};
    const order = Array.isArray(slot.order) ? slot.order : [];
    order.forEach((entry, i) => {
      if (typeof entry === 'string' && !(entry in items)) {
        add(`${ptr}/order/${i}`, `names no item "${entry}" (items here: ${Object.keys(items).join(', ') || 'none'})`);
      }
    });
    for (const itemId of Object.keys(items)) {
      if (!order.includes(itemId)) add(`${ptr}${pointer('items', itemId)}`, `item "${itemId}" is not listed in ${ptr}/order`);
    }
  }

  const whitelist = isObj(resolved.routes) && Array.isArray(resolved.routes.whitelist) ? resolved.routes.whitelist : [];
  whitelist.forEach((entry, i) => {
    if (typeof entry === 'string' && !KNOWN_PATHS.has(entry)) add(`/routes/whitelist/${i}`, `unknown route "${entry}" (not in the route table)`);
  });
  const facts = tenantFacts(resolved);
  const whitelisted = new Set(
    whitelist.filter((w): w is string => typeof w === 'string').map((w) => routeFor(w)?.path ?? w),
  );

  for (const a of annotations) {
    const ptr = `${a.nodePtr}/props${a.pointer}`;
    if (a.kind === 'i18n') {
      for (const [lang, keys] of env.locales) {
        if (!keys.has(a.value)) add(ptr, `label key "${a.value}" is missing from locales/${lang}.json`);
      }
    } else {
      const route = routeFor(a.value);
      if (!route || !KNOWN_PATHS.has(pathOf(a.value))) add(ptr, `unknown route "${a.value}" (not in the route table)`);
      else if (!whitelisted.has(route.path)) add(ptr, `route "${pathOf(a.value)}" is not in /routes/whitelist`);
      else {
        // A link shown to players that leads to a route the tenant gates off (its flag, setting or promotion).
        const dead = deadLinkReason(a.value, facts);
        if (dead && nodeCanShow(a.nodePtr, nodes, facts) && decideGate(a.shownWhen as Json, facts) !== 'closed') add(ptr, dead);
      }
    }
  }

  const settings = isObj(resolved.settings) ? resolved.settings : {};
  for (const { ptr, node } of nodes) {
    for (const g of settingGates(node.gate ?? null, `${ptr}/gate`)) {
      if (readPath(settings, g.path) === undefined) add(g.ptr, `names setting "${g.path}", which the tenant does not have`);
    }
  }
  if (isObj(resolved.screens)) {
    for (const [name, screen] of Object.entries(resolved.screens)) {
      if (isObj(screen) && isObj(screen.variant) && typeof screen.variant.setting === 'string') {
        if (readPath(settings, screen.variant.setting) === undefined) {
          add(pointer('screens', name, 'variant', 'setting'), `names setting "${screen.variant.setting}", which the tenant does not have`);
        }
      }
    }
  }

  if (typeof settings.countryDialingCode === 'string' && Array.isArray(settings.dialingCodes) && !settings.dialingCodes.includes(settings.countryDialingCode)) {
    add('/settings/countryDialingCode', `default dialing code "${settings.countryDialingCode}" is not in /settings/dialingCodes`);
  }

  const wallet = isObj(settings.wallet) ? settings.wallet : {};
  if (isObj(wallet.transfer) && typeof wallet.transfer.min === 'number' && typeof wallet.transfer.max === 'number' && wallet.transfer.min > wallet.transfer.max) {
    add('/settings/wallet/transfer/min', `minimum ${wallet.transfer.min} is above the maximum ${wallet.transfer.max} (/settings/wallet/transfer/max)`);
  }
  if (isObj(wallet.rebate) && isObj(wallet.rebate.rates)) {
    for (const [gameType, rate] of Object.entries(wallet.rebate.rates)) {
      // Percent with at most 2 decimals: the server pays it in hundredths of a percent.
      if (typeof rate === 'number' && !hasAtMostTwoDecimals(rate)) add(pointer('settings', 'wallet', 'rebate', 'rates', gameType), `rate ${rate} has more than 2 decimals`);
    }
  }

  const agentRebate = isObj(settings.agentRebate) ? settings.agentRebate : {};
  if (isObj(agentRebate.maxRates)) {
    for (const [gameType, rate] of Object.entries(agentRebate.maxRates)) {
      if (typeof rate === 'number' && !hasAtMostTwoDecimals(rate)) add(pointer('settings', 'agentRebate', 'maxRates', gameType), `rate ${rate} has more than 2 decimals`);
    }
  }

  const vip = isObj(settings.vip) ? settings.vip : {};
  if (Array.isArray(vip.levels)) checkVipLevels(vip.levels, env.locales, add);

  if (isObj(settings.region)) checkRegion(settings.region, add);

  const i18n = isObj(resolved.i18n) ? resolved.i18n : {};
  const languages = Array.isArray(i18n.languages) ? i18n.languages.filter((l): l is string => typeof l === 'string') : [];
  languages.forEach((lang, i) => {
    if (!env.languages.has(lang)) add(`/i18n/languages/${i}`, `language "${lang}" is not listed in locales/languages.json`);
  });
  if (typeof i18n.default === 'string' && !languages.includes(i18n.default)) {
    add('/i18n/default', `default language "${i18n.default}" is not in /i18n/languages`);
  }
  if (isObj(i18n.overrides)) {
    const known = env.locales.get('en') ?? new Set<string>();
    for (const [lang, texts] of Object.entries(i18n.overrides)) {
      if (!isObj(texts)) continue;
      for (const key of Object.keys(texts)) {
        if (!known.has(key)) add(pointer('i18n', 'overrides', lang, key), `overrides "${key}", which no locale defines`);
      }
    }
  }

  // Theme colours: every text/background pair the widgets paint must reach WCAG AA (src/tenant/contrast.ts).
  if (isObj(resolved.brand) && isObj(resolved.brand.theme)) {
    for (const p of themeContrastProblems(resolved.brand.theme)) add(p.pointer, p.message);
  }

  if (isObj(resolved.brand) && typeof resolved.brand.logo === 'string') {
    const owner = fileForPointer(chain, '/brand/logo');
    const logoPath = join(dirname(owner), resolved.brand.logo);
    if ((await read(logoPath)) === null) add('/brand/logo', `logo file ${logoPath} does not exist`, owner);
  }
  if (typeof resolved.id === 'string' && resolved.id !== id && !idOrFile.endsWith('.json')) {
    add('/id', `id "${resolved.id}" differs from its folder name "${id}"`, file);
  }
  return report;
}

/** Lists the merchant tenants (folders with a tenant.json, excluding abstract ones such as _base). */
export async function listTenantIds(root = REPO_ROOT, tenantsDir = TENANTS_DIR): Promise<string[]> {
  const entries = await readdir(resolve(root, tenantsDir), { withFileTypes: true });
  const ids: string[] = [];
  for (const e of entries) {
    if (!e.isDirectory() || e.name.startsWith('_')) continue;
    ids.push(e.name);
  }
  return ids.sort();
}

/** Validates several tenants and the rules that span them (unique domains and merchant codes). */
export async function validateTenants(
  idsOrFiles?: string[],
  opts: ValidateOptions = {},
): Promise<{ reports: TenantReport[]; issues: TenantIssue[] }> {
  const root = opts.root ?? REPO_ROOT;
  const targets = idsOrFiles?.length ? idsOrFiles : await listTenantIds(root, opts.tenantsDir);
  const env = opts.env ?? (await loadValidationEnv(root));
  const reports: TenantReport[] = [];
  for (const t of targets) reports.push(await validateTenant(t, { ...opts, env }));
  // A fault in a shared parent (_base) shows once, not once per tenant that extends it.
  const unique = new Map<string, TenantIssue>();
  for (const issue of reports.flatMap((r) => r.issues)) unique.set(`${issue.file}\u0000${issue.pointer}\u0000${issue.message}`, issue);
  const issues = [...unique.values()];

  // Domains must be unique across every tenant, not only the ones named.
  const everyone = idsOrFiles?.length ? await listTenantIds(root, opts.tenantsDir).catch(() => []) : [];
  const others: TenantReport[] = [];
  for (const id of everyone) {
    if (!reports.some((r) => r.id === id)) others.push(await validateTenant(id, { ...opts, env }));
  }
  const owners = new Map<string, string>();
  const codes = new Map<string, string>();
  for (const r of [...others, ...reports]) {
    const res = r.resolved;
    if (!res) continue;
    const domains = Array.isArray(res.domains) ? res.domains : [];
    domains.forEach((d, i) => {
      if (typeof d !== 'string') return;
      const prev = owners.get(d);
      if (prev && prev !== r.id && reports.includes(r)) {
        issues.push({ file: fileForPointer(r.chain, `/domains/${i}`), pointer: `/domains/${i}`, message: `domain "${d}" is already used by tenant "${prev}"` });
      }
      if (!prev) owners.set(d, r.id);
    });
    for (const field of ['merchantCode', 'trialMerchantCode'] as const) {
      const code = res[field];
      if (typeof code !== 'string') continue;
      const prev = codes.get(code);
      if (prev && prev !== r.id && reports.includes(r)) {
        issues.push({ file: fileForPointer(r.chain, `/${field}`), pointer: `/${field}`, message: `merchant code "${code}" is already used by tenant "${prev}"` });
      }
      if (!prev) codes.set(code, r.id);
    }
  }
  return { reports, issues };
}

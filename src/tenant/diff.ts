import { create, type Delta } from 'jsondiffpatch';
import type { Json } from '../lib/merge-patch';

/** One change between two resolved tenants, in words and in fields for machines. */
export interface TenantChange {
  kind: 'flag' | 'module' | 'item' | 'route' | 'setting' | 'language' | 'category' | 'domain' | 'agentMenu' | 'other';
  change: 'on' | 'off' | 'added' | 'removed' | 'moved' | 'changed';
  /** Dotted location in the resolved tenant. */
  path: string;
  id?: string;
  from?: Json;
  to?: Json;
  text: string;
}

type Obj = { [key: string]: Json };
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

// Keyed maps carry ids as keys; array items hash by their own value (order arrays hold ids).
const differ = create({
  objectHash: (item: object, index?: number) =>
    typeof item === 'string' ? item : ((item as { id?: string }).id ?? `$$index:${String(index)}`),
  arrays: { detectMove: true, includeValueOnMove: false },
});

const show = (v: Json | undefined): string => (v === undefined ? 'nothing' : JSON.stringify(v));
const ordinal = (i: number): string => String(i + 1);

function get(doc: Json, tokens: string[]): Json | undefined {
  let cur: Json | undefined = doc;
  for (const t of tokens) {
    if (Array.isArray(cur)) cur = cur[Number(t)];
    else if (isObj(cur)) cur = cur[t];
    else return undefined;
  }
  return cur;
}

/** "mine.list.menu" for tokens screens/mine/slots/list/items/menu/children. */
function slotName(tokens: string[]): string {
  const names: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i] === 'screens' || tokens[i] === 'slots' || tokens[i] === 'items' || tokens[i] === 'children') continue;
    names.push(tokens[i]);
  }
  return names.join('.');
}

const isArrayDelta = (d: unknown): d is { _t: 'a' } & Record<string, unknown> => isObj(d) && (d as Obj)._t === 'a';
const isAdded = (d: unknown): d is [Json] => Array.isArray(d) && d.length === 1;
const isDeleted = (d: unknown): d is [Json, 0, 0] => Array.isArray(d) && d.length === 3 && d[2] === 0;

/** Compares two resolved tenants and describes the changes by id. */
export function diffTenants(left: Obj, right: Obj): TenantChange[] {
  const delta = differ.diff(left, right);
  const out: TenantChange[] = [];
  if (delta) walk(delta, [], left, right, out);
  return out;
}

function stringListChanges(tokens: string[], left: Json | undefined, right: Json | undefined, delta: Record<string, unknown>, out: TenantChange[]): void {
  const l = Array.isArray(left) ? (left as Json[]).map(String) : [];
  const r = Array.isArray(right) ? (right as Json[]).map(String) : [];
  const path = tokens.join('.');
  const kinds: Record<string, { kind: TenantChange['kind']; noun: string; where: string }> = {
    'routes.whitelist': { kind: 'route', noun: 'route', where: 'the route whitelist' },
    'agentMenu.whitelist': { kind: 'agentMenu', noun: 'agent menu key', where: 'the agent menu whitelist' },
    domains: { kind: 'domain', noun: 'domain', where: 'domains' },
    'i18n.languages': { kind: 'language', noun: 'language', where: 'languages' },
    'categories.sorting': { kind: 'category', noun: 'category', where: 'the category sorting' },
    'settings.promotions': { kind: 'setting', noun: 'promotion', where: 'the enabled promotions' },
  };
  const k = kinds[path] ?? { kind: 'other' as const, noun: 'value', where: path };
  for (const v of r.filter((x) => !l.includes(x))) {
    out.push({ kind: k.kind, change: 'added', path, id: v, to: r.indexOf(v) + 1, text: `${k.noun} ${v} added to ${k.where} at position ${ordinal(r.indexOf(v))}` });
  }
  for (const v of l.filter((x) => !r.includes(x))) {
    out.push({ kind: k.kind, change: 'removed', path, id: v, from: l.indexOf(v) + 1, text: `${k.noun} ${v} removed from ${k.where}` });
  }
  for (const [key, d] of Object.entries(delta)) {
    if (key.startsWith('_') && Array.isArray(d) && d[2] === 3) {
      const from = Number(key.slice(1));
      const to = Number(d[1]);
      const v = l[from];
      out.push({ kind: k.kind, change: 'moved', path, id: v, from: from + 1, to: to + 1, text: `${k.noun} ${v} moved from ${ordinal(from)} to ${ordinal(to)} in ${k.where}` });
    }
  }
}

function walk(delta: Delta, tokens: string[], left: Obj, right: Obj, out: TenantChange[]): void {
  const path = tokens.join('.');
  const lv = get(left, tokens);
  const rv = get(right, tokens);

  if (tokens.length === 2 && (tokens[0] === 'flags' || tokens[0] === 'modules')) {
    const kind = tokens[0] === 'flags' ? 'flag' : 'module';
    const on = rv === true;
    out.push({ kind, change: on ? 'on' : 'off', path, id: tokens[1], from: lv ?? false, to: rv ?? false, text: `${kind} ${tokens[1]} turned ${on ? 'on' : 'off'}` });
    return;
  }

  const itemsAt = tokens.lastIndexOf('items');
  if (tokens[0] === 'screens' && itemsAt > 0 && itemsAt === tokens.length - 2) {
    const id = tokens[tokens.length - 1];
    const where = slotName(tokens.slice(0, itemsAt));
    const orderTokens = [...tokens.slice(0, itemsAt), 'order'];
    const lo = get(left, orderTokens);
    const ro = get(right, orderTokens);
    if (isAdded(delta)) {
      const pos = Array.isArray(ro) ? ro.indexOf(id) : -1;
      out.push({ kind: 'item', change: 'added', path, id, to: pos + 1, text: `item ${id} added to ${where}${pos >= 0 ? ` at position ${ordinal(pos)}` : ''}` });
      return;
    }
    if (isDeleted(delta)) {
      const pos = Array.isArray(lo) ? lo.indexOf(id) : -1;
      out.push({ kind: 'item', change: 'removed', path, id, from: pos + 1, text: `item ${id} removed from ${where}${pos >= 0 ? ` (was at position ${ordinal(pos)})` : ''}` });
      return;
    }
    if (isObj(delta)) {
      for (const key of Object.keys(delta)) {
        if (key === 'children') {
          walk((delta as Record<string, Delta>)[key], [...tokens, key], left, right, out);
          continue;
        }
        if (key === 'gate' || key === 'widget') {
          const from = get(left, [...tokens, key]);
          const to = get(right, [...tokens, key]);
          const text =
            key === 'gate'
              ? from === undefined
                ? `item ${id} in ${where}: gate ${show(to)} added`
                : to === undefined
                  ? `item ${id} in ${where}: gate ${show(from)} removed (always shown)`
                  : `item ${id} in ${where}: gate changed from ${show(from)} to ${show(to)}`
              : `item ${id} in ${where}: widget changed from ${show(from)} to ${show(to)}`;
          out.push({ kind: 'item', change: 'changed', path: `${path}.${key}`, id, from, to, text });
          continue;
        }
        leafChanges((delta as Record<string, Delta>)[key], [...tokens, key], left, right, out, (p, from, to) =>
          `item ${id} in ${where}: ${p.slice(tokens.length).join('.')} ${describeChange(from, to)}`,
        );
      }
    }
    return;
  }

  if (tokens[0] === 'screens' && tokens[tokens.length - 1] === 'order' && isArrayDelta(delta)) {
    const where = slotName(tokens.slice(0, -1));
    const l = Array.isArray(lv) ? lv : [];
    for (const [key, d] of Object.entries(delta)) {
      if (key.startsWith('_') && Array.isArray(d) && d[2] === 3) {
        const from = Number(key.slice(1));
        const to = Number(d[1]);
        const id = String(l[from]);
        out.push({ kind: 'item', change: 'moved', path, id, from: from + 1, to: to + 1, text: `item ${id} in ${where} moved from ${ordinal(from)} to ${ordinal(to)}` });
      }
    }
    return;
  }

  if (isArrayDelta(delta) && (Array.isArray(lv) || Array.isArray(rv)) && [...((lv as Json[]) ?? []), ...((rv as Json[]) ?? [])].every((x) => typeof x === 'string')) {
    stringListChanges(tokens, lv, rv, delta, out);
    return;
  }

  if (Array.isArray(delta) || isArrayDelta(delta) || !isObj(delta)) {
    leafChanges(delta, tokens, left, right, out);
    return;
  }
  for (const key of Object.keys(delta)) walk((delta as Record<string, Delta>)[key], [...tokens, key], left, right, out);
}

function describeChange(from: Json | undefined, to: Json | undefined): string {
  if (from === undefined) return `added (${show(to)})`;
  if (to === undefined) return `removed (was ${show(from)})`;
  return `changed from ${show(from)} to ${show(to)}`;
}

function leafChanges(
  delta: Delta,
  tokens: string[],
  left: Obj,
  right: Obj,
  out: TenantChange[],
  phrase?: (tokens: string[], from: Json | undefined, to: Json | undefined) => string,
): void {
  const from = get(left, tokens);
  const to = get(right, tokens);
  const path = tokens.join('.');
  const change: TenantChange['change'] = from === undefined ? 'added' : to === undefined ? 'removed' : 'changed';
  if (isObj(delta) && !isArrayDelta(delta) && isObj(from) && isObj(to)) {
    for (const key of Object.keys(delta)) leafChanges((delta as Record<string, Delta>)[key], [...tokens, key], left, right, out, phrase);
    return;
  }
  if (phrase) {
    out.push({ kind: 'item', change, path, from, to, text: phrase(tokens, from, to) });
    return;
  }
  if (tokens[0] === 'settings') {
    out.push({ kind: 'setting', change, path, from, to, text: `setting ${tokens.slice(1).join('.')} ${describeChange(from, to)}` });
    return;
  }
  if (path === 'i18n.default') {
    out.push({ kind: 'language', change, path, from, to, text: `default language changed from ${show(from)} to ${show(to)}` });
    return;
  }
  out.push({ kind: 'other', change, path, from, to, text: `${path} ${describeChange(from, to)}` });
}

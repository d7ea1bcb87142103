/**
 * Which tenant change shows where: when a tenant file changed in several places (its theme and a
 * screen, say), `tenant review` renders each place's change alone on top of the base revision and
 * compares it with the base pictures, so QA reads that hiding a member-centre item touched only the
 * member centre while the new primary colour touched every screen.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Json } from '../src/lib/merge-patch';
import { tenantFile } from '../src/tenant/source';
import { checkoutTenants, comparePng, launchChromium, renderShots, shotLabel, type Shot } from './tenant-shots';

type Obj = { [key: string]: Json };

const isObj = (v: Json | undefined): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The places where two tenant files differ, as key paths at most `depth` deep (`brand.theme`,
 * `screens.mine`): a value that is not an object (or missing) on both sides is a place of its own.
 */
export function changedPlaces(before: Obj, after: Obj, depth = 2, prefix: string[] = []): string[][] {
  const places: string[][] = [];
  for (const key of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()) {
    const l = before[key];
    const r = after[key];
    if (JSON.stringify(l) === JSON.stringify(r)) continue;
    // An object on one side and nothing on the other (a tenant's first `screens`) is looked into too.
    const inside = (v: Json | undefined) => isObj(v) || v === undefined;
    if (prefix.length + 1 < depth && inside(l) && inside(r)) places.push(...changedPlaces(isObj(l) ? l : {}, isObj(r) ? r : {}, depth, [...prefix, key]));
    else places.push([...prefix, key]);
  }
  return places;
}

/** The base file with only `place` taken from the changed file (removed when the changed file has none). */
export function withOnly(before: Obj, after: Obj, place: string[]): Obj {
  const out = structuredClone(before);
  let to: Obj = out;
  let from: Obj | undefined = after;
  for (const key of place.slice(0, -1)) {
    if (!isObj(to[key])) to[key] = {};
    to = to[key] as Obj;
    const next: Json | undefined = from?.[key];
    from = isObj(next) ? next : undefined;
  }
  const last = place[place.length - 1];
  const value = from?.[last];
  if (value === undefined) delete to[last];
  else to[last] = structuredClone(value);
  return out;
}

export interface Attribution {
  /** Dotted key path of the place in the tenant file. */
  place: string;
  /** The screens this place's change alone changes (of the screens that changed). */
  shots: Shot[];
  /** A variant that did not validate on its own (the places depend on each other): not rendered. */
  failed?: string;
}

/**
 * Renders each place's change alone (the base revision's tenants with one place of `tenant`'s file
 * changed) for the `changed` shots and compares them with `<out>/_before`.
 */
export async function attributeChanges(opts: { tenant: string; base: string; before: Obj; after: Obj; changed: Shot[]; out: string; log?: (line: string) => void }): Promise<Attribution[]> {
  const places = changedPlaces(opts.before, opts.after);
  if (places.length < 2) return places.map((p) => ({ place: p.join('.'), shots: opts.changed }));
  const checkout = checkoutTenants(opts.base);
  const browser = await launchChromium();
  const result: Attribution[] = [];
  try {
    for (const place of places) {
      const name = place.join('.');
      writeFileSync(join(checkout.dir, tenantFile(opts.tenant)), JSON.stringify(withOnly(opts.before, opts.after, place), null, 2) + '\n');
      const dir = join(opts.out, '_by', opts.tenant, name.replace(/[^\w.-]/g, '_'));
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      opts.log?.(`rendering ${opts.changed.length} shot(s) of ${opts.tenant} with only ${name} changed`);
      const { missing } = await renderShots(browser, opts.changed, dir, join(checkout.dir, 'tenants'));
      if (missing.length) {
        result.push({ place: name, shots: [], failed: 'does not validate on its own' });
        continue;
      }
      const shots = opts.changed.filter((shot) => {
        const before = join(opts.out, '_before', shot.file);
        const alone = join(dir, shot.file);
        return !existsSync(before) || !existsSync(alone) || comparePng(before, alone, join(dir, '_diff', shot.file)) !== 0;
      });
      result.push({ place: name, shots });
    }
  } finally {
    await browser.close();
    checkout.cleanUp();
  }
  return result;
}

/** One line per place: what it is in words and the screens it changes. */
export function attributionWords(attributions: Attribution[], wordsOf: (place: string) => string[]): string[] {
  return attributions.map((a) => {
    const words = wordsOf(a.place);
    const what = words.length ? `${a.place} (${words.join('; ')})` : a.place;
    if (a.failed) return `- ${what}: ${a.failed}, not shown alone`;
    return `- ${what}: ${a.shots.length ? a.shots.map(shotLabel).join(', ') : 'no visual change'}`;
  });
}

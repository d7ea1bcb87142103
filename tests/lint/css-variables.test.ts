import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every custom property a stylesheet reads without a fallback is defined by some stylesheet (or
 * is a theme token the page writes): an undefined one makes its declaration invalid, and the
 * property silently falls back (an input without its border, a state chip in the text colour of
 * the card around it).
 */
const ROOTS = ['src', 'widgets'];
/** Set at run time, on an element, by the code that draws it. */
const RUNTIME_SET = new Set(['--jackpot-rem', '--jackpot-cell', '--vendors-per-view', '--winner-row', '--winner-gap']);

function filesOf(dir: string, ending: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'generated' ? [] : filesOf(path, ending);
    return ending.test(e.name) ? [path] : [];
  });
}

describe('CSS custom properties', () => {
  const files = ROOTS.flatMap((root) => filesOf(root, /\.css$/));
  const defined = new Set<string>();
  const reads: { file: string; name: string }[] = [];
  for (const file of files) {
    const css = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    for (const m of css.matchAll(/(--[a-z0-9-]+)\s*:/g)) defined.add(m[1]);
    for (const m of css.matchAll(/var\(\s*(--[a-z0-9-]+)\s*\)/g)) reads.push({ file, name: m[1] });
  }
  // Properties a component sets in a style (the theme's, a widget's own).
  for (const file of ROOTS.flatMap((root) => filesOf(root, /\.tsx?$/))) for (const m of readFileSync(file, 'utf8').matchAll(/'(--[a-z0-9-]+)'/g)) defined.add(m[1]);

  it('reads only properties that are defined', () => {
    expect(files.length).toBeGreaterThan(50);
    const undefinedReads = reads.filter((r) => !defined.has(r.name) && !RUNTIME_SET.has(r.name)).map((r) => `${r.file}: ${r.name}`);
    expect(undefinedReads).toEqual([]);
  });

  it('defines the state and boundary tokens the widgets use', () => {
    for (const token of ['--color-success', '--color-warning', '--color-border']) expect(defined.has(token), token).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { mergePatch, type Json } from '../../src/lib/merge-patch';

// The test cases of RFC 7396, appendix A.
const rfcCases: [Json, Json, Json][] = [
  [{ a: 'b' }, { a: 'c' }, { a: 'c' }],
  [{ a: 'b' }, { b: 'c' }, { a: 'b', b: 'c' }],
  [{ a: 'b' }, { a: null }, {}],
  [{ a: 'b', b: 'c' }, { a: null }, { b: 'c' }],
  [{ a: ['b'] }, { a: 'c' }, { a: 'c' }],
  [{ a: 'c' }, { a: ['b'] }, { a: ['b'] }],
  [{ a: { b: 'c' } }, { a: { b: 'd', c: null } }, { a: { b: 'd' } }],
  [{ a: [{ b: 'c' }] }, { a: [1] }, { a: [1] }],
  [['a', 'b'], ['c', 'd'], ['c', 'd']],
  [{ a: 'b' }, ['c'], ['c']],
  [{ a: 'foo' }, null, null],
  [{ a: 'foo' }, 'bar', 'bar'],
  [{ e: null }, { a: 1 }, { e: null, a: 1 }],
  [[1, 2], { a: 'b', c: null }, { a: 'b' }],
  [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
];

describe('mergePatch (RFC 7396)', () => {
  it.each(rfcCases)('%j patched with %j gives %j', (target, patch, expected) => {
    expect(mergePatch(target, patch)).toEqual(expected);
  });

  it('leaves both inputs untouched', () => {
    const target = { a: { b: 1 }, list: [1, 2] };
    const patch = { a: { c: 2 }, list: [3] };
    const before = structuredClone({ target, patch });
    mergePatch(target, patch);
    expect({ target, patch }).toEqual(before);
  });

  it('changes one keyed item without copying the list', () => {
    const base = { items: { a: { gate: { flag: 'REWCEN3' } }, b: { gate: null } }, order: ['a', 'b'] };
    const merged = mergePatch(base, { items: { a: { gate: null } } });
    expect(merged).toEqual({ items: { a: {}, b: { gate: null } }, order: ['a', 'b'] });
  });
});

/** The places of a tenant change that `tenant review` shows alone (scripts/tenant-attribution.ts). */
import { describe, expect, it } from 'vitest';
import { attributionWords, changedPlaces, withOnly } from '../../scripts/tenant-attribution';
import { PREVIEW_SCREENS } from '../../src/tenant/preview-screens';

const before = {
  id: 'acme',
  brand: { name: 'Acme', theme: { primary: '#c8102e', accent: '#f5b400' } },
  screens: { home: { slots: { a: 1 } } },
  i18n: { default: 'TY' },
};

describe('changedPlaces', () => {
  it('names each changed place at most two keys deep, in key order', () => {
    const after = { ...structuredClone(before), screens: { ...before.screens, mine: { slots: { grid: { securityCenter: null } } } } };
    after.brand.theme.primary = '#0b4f9c';
    after.i18n.default = 'EN';
    expect(changedPlaces(before, after)).toEqual([['brand', 'theme'], ['i18n', 'default'], ['screens', 'mine']]);
  });

  it('takes a value that is not an object on both sides as a place of its own', () => {
    expect(changedPlaces({ a: { b: 1 } }, { a: 'x' })).toEqual([['a']]);
    expect(changedPlaces({ a: 1 }, {})).toEqual([['a']]);
    // A section the base file did not have is looked into: a tenant's first screen override.
    expect(changedPlaces({ id: 'x' }, { id: 'x', screens: { mine: {}, games: {} } })).toEqual([['screens', 'games'], ['screens', 'mine']]);
    expect(changedPlaces({ screens: { mine: {} } }, {})).toEqual([['screens', 'mine']]);
    expect(changedPlaces(before, structuredClone(before))).toEqual([]);
  });
});

describe('withOnly', () => {
  it('takes one place from the changed file and leaves the rest as it was', () => {
    const after = { ...structuredClone(before), brand: { name: 'Acme 2', theme: { primary: '#0b4f9c', accent: '#f5b400' } }, screens: { home: { slots: { a: 1 } }, mine: { x: null } } };
    const theme = withOnly(before, after, ['brand', 'theme']);
    expect(theme.brand).toEqual({ name: 'Acme', theme: { primary: '#0b4f9c', accent: '#f5b400' } });
    expect(theme.screens).toEqual(before.screens);
    // A null (the merge patch's "hide") is carried as it is.
    expect(withOnly(before, after, ['screens', 'mine']).screens).toEqual({ home: { slots: { a: 1 } }, mine: { x: null } });
    // The base is not touched.
    expect(before.brand.theme.primary).toBe('#c8102e');
  });

  it('removes a place the changed file no longer has', () => {
    const after = { ...structuredClone(before), screens: {} };
    expect(withOnly(before, after, ['screens', 'home']).screens).toEqual({});
  });
});

describe('attributionWords', () => {
  it('says each place with its words and the screens it changes', () => {
    const mine = PREVIEW_SCREENS.find((s) => s.id === 'mine')!;
    const shot = (role: 'player' | 'agent') => ({ tenant: 'acme', screen: mine, role, file: `acme/mine-${role}.png` });
    const lines = attributionWords(
      [
        { place: 'screens.mine', shots: [shot('player'), shot('agent')] },
        { place: 'i18n.default', shots: [] },
        { place: 'brand.theme', shots: [], failed: 'does not validate on its own' },
      ],
      (place) => (place === 'screens.mine' ? ['item securityCenter hidden'] : []),
    );
    expect(lines).toEqual([
      '- screens.mine (item securityCenter hidden): member centre as player, member centre as agent',
      '- i18n.default: no visual change',
      '- brand.theme: does not validate on its own, not shown alone',
    ]);
  });
});

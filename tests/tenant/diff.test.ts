import { describe, expect, it } from 'vitest';
import { diffTenants } from '../../src/tenant/diff';
import type { Json } from '../../src/lib/merge-patch';

type Obj = { [key: string]: Json };

const nav = (label: string, gate?: Json): Obj => ({ widget: 'nav-item', props: { label, to: `/m/${label}` }, ...(gate ? { gate } : {}) });

function tenant(list: Obj, extra: Obj = {}): Obj {
  return {
    flags: { MAILCEN: true, REWCEN3: false },
    routes: { whitelist: ['/m/home', '/m/mine'] },
    i18n: { default: 'TY', languages: ['TY', 'EN'] },
    settings: { ageLimit: 21 },
    screens: { mine: { slots: { list: { items: { menu: { widget: 'menu-list', children: list } }, order: ['menu'] } } } },
    ...extra,
  };
}

const before = tenant({ items: { a: nav('a'), b: nav('b', { flag: 'MAILCEN' }), c: nav('c') }, order: ['a', 'b', 'c'] });

describe('diffTenants', () => {
  it('says nothing for equal tenants', () => expect(diffTenants(before, structuredClone(before))).toEqual([]));

  it('names an item added, removed, moved and a gate changed, by id with positions', () => {
    const after = tenant({
      items: { a: nav('a'), b: nav('b', { flag: 'REWCEN3' }), d: nav('d') },
      order: ['b', 'a', 'd'],
    });
    const texts = diffTenants(before, after).map((c) => c.text);
    expect(texts).toContain('item d added to mine.list.menu at position 3');
    expect(texts).toContain('item c removed from mine.list.menu (was at position 3)');
    expect(texts).toContain('item b in mine.list.menu: gate changed from {"flag":"MAILCEN"} to {"flag":"REWCEN3"}');
    expect(texts.some((t) => /item [ab] in mine\.list\.menu moved from [12] to [12]/.test(t))).toBe(true);
  });

  it('names a gate removed and a prop changed', () => {
    const after = tenant({ items: { a: { ...nav('a'), props: { label: 'a', to: '/m/home' } }, b: nav('b'), c: nav('c') }, order: ['a', 'b', 'c'] });
    const texts = diffTenants(before, after).map((c) => c.text);
    expect(texts).toContain('item b in mine.list.menu: gate {"flag":"MAILCEN"} removed (always shown)');
    expect(texts).toContain('item a in mine.list.menu: props.to changed from "/m/a" to "/m/home"');
  });

  it('names flags, routes, settings and languages', () => {
    const after = structuredClone(before);
    after.flags = { MAILCEN: false, REWCEN3: true, FEEDBACK3: true };
    after.routes = { whitelist: ['/m/home', '/m/feedback'] };
    after.settings = { ageLimit: 18 };
    after.i18n = { default: 'EN', languages: ['TY', 'EN', 'CN'] };
    const changes = diffTenants(before, after);
    const texts = changes.map((c) => c.text);
    expect(texts).toEqual(
      expect.arrayContaining([
        'flag MAILCEN turned off',
        'flag REWCEN3 turned on',
        'flag FEEDBACK3 turned on',
        'route /m/feedback added to the route whitelist at position 2',
        'route /m/mine removed from the route whitelist',
        'setting ageLimit changed from 21 to 18',
        'default language changed from "TY" to "EN"',
        'language CN added to languages at position 3',
      ]),
    );
    expect(changes.find((c) => c.id === 'MAILCEN')).toMatchObject({ kind: 'flag', change: 'off', from: true, to: false });
  });
});

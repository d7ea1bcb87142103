import { describe, expect, it } from 'vitest';
import { CURRENT_SCHEMA_VERSION, MIGRATIONS, migrateRaw, type Migration } from '../../src/tenant/migrations';

describe('tenant schema migrations', () => {
  it('the list is ordered and contiguous up to the current version', () => {
    MIGRATIONS.forEach((m, i) => expect(m.from).toBe(i));
    expect(MIGRATIONS.length).toBe(CURRENT_SCHEMA_VERSION);
  });

  it('a file at the current version is left as it is', () => {
    const raw = { schemaVersion: CURRENT_SCHEMA_VERSION, id: 'x' };
    const r = migrateRaw(raw);
    expect(r.applied).toEqual([]);
    expect(r.raw).toEqual(raw);
  });

  it('a file written before versioning is stamped with version 1', () => {
    const r = migrateRaw({ id: 'x', flags: { MAILCEN: true } }, MIGRATIONS, 1);
    expect(r.raw).toEqual({ schemaVersion: 1, id: 'x', flags: { MAILCEN: true } });
    expect(r.applied).toHaveLength(1);
  });

  it('version 2 keys screens by route id: memberCentre, agentHome and settings are renamed in place', () => {
    const input = {
      schemaVersion: 1,
      screens: {
        shell: { slots: {} },
        memberCentre: { variant: { setting: 'mobileTemplate.mem_cen', cases: { '1': 'new' }, default: 'base' }, slots: {} },
        agentHome: { slots: { grid: { items: {}, order: [] } } },
        login: { slots: {} },
        settings: { slots: { list: { items: {}, order: [] } } },
      },
    };
    const before = structuredClone(input);
    const r = migrateRaw(input, MIGRATIONS, 2);
    expect(r.applied).toEqual(['1 -> 2: key screens by route id (memberCentre -> mine, agentHome -> agent, settings -> set)']);
    expect(r.raw).toEqual({
      schemaVersion: 2,
      screens: {
        shell: { slots: {} },
        mine: before.screens.memberCentre,
        agent: before.screens.agentHome,
        login: { slots: {} },
        set: before.screens.settings,
      },
    });
    // Same order, so a rewritten file differs from the old one only in the renamed keys.
    expect(Object.keys(r.raw.screens as object)).toEqual(['shell', 'mine', 'agent', 'login', 'set']);
    expect(input).toEqual(before);
  });

  it('version 2 leaves a file without screens alone and carries merge-patch deletions over', () => {
    expect(migrateRaw({ schemaVersion: 1, extends: '_base', id: 'x' }).raw).toEqual({ schemaVersion: 2, extends: '_base', id: 'x' });
    expect(migrateRaw({ schemaVersion: 1, screens: { agentHome: null } }).raw).toEqual({ schemaVersion: 2, screens: { agent: null } });
  });

  it('version 2 keeps an old key whose new name is already taken (the validator then names it)', () => {
    const r = migrateRaw({ schemaVersion: 1, screens: { settings: { slots: {} }, set: { slots: { list: { items: {}, order: [] } } } } });
    expect(r.raw.screens).toEqual({ settings: { slots: {} }, set: { slots: { list: { items: {}, order: [] } } } });
  });

  it('a file written before versioning is lifted through every step', () => {
    const r = migrateRaw({ id: 'x', screens: { memberCentre: { slots: {} } } });
    expect(r.raw).toEqual({ schemaVersion: CURRENT_SCHEMA_VERSION, id: 'x', screens: { mine: { slots: {} } } });
    expect(r.applied).toHaveLength(CURRENT_SCHEMA_VERSION);
  });

  it('applies steps in order and never mutates its input', () => {
    const steps: Migration[] = [
      { from: 0, describe: 'stamp', up: (raw) => ({ ...raw, trail: ['0->1'] }) },
      { from: 1, describe: 'rename brand.title to brand.name', up: (raw) => {
        const { title, ...brand } = raw.brand as { title: string };
        return { ...raw, brand: { ...brand, name: title }, trail: [...(raw.trail as string[]), '1->2'] };
      } },
    ];
    const input = { brand: { title: 'Old' } };
    const r = migrateRaw(input, steps, 2);
    expect(r.raw).toEqual({ schemaVersion: 2, brand: { name: 'Old' }, trail: ['0->1', '1->2'] });
    expect(r.applied).toEqual(['0 -> 1: stamp', '1 -> 2: rename brand.title to brand.name']);
    expect(input).toEqual({ brand: { title: 'Old' } });
  });

  it('refuses a version newer than the runtime, a bad version and a gap in the list', () => {
    expect(migrateRaw({ schemaVersion: 9 }).error).toMatch(/newer than this runtime reads/);
    expect(migrateRaw({ schemaVersion: 'one' }).error).toMatch(/whole number/);
    expect(migrateRaw({ schemaVersion: 0 }, [], 1).error).toMatch(/no migration from version 0/);
  });
});

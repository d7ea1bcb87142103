import { describe, expect, it } from 'vitest';
import { CURRENT_SCHEMA_VERSION, MIGRATIONS, migrateRaw, type Migration } from '../../src/tenant/migrations';

describe('tenant schema migrations', () => {
  it('the list is ordered and contiguous up to the current version', () => {
    MIGRATIONS.forEach((m, i) => expect(m.from).toBe(i));
    expect(MIGRATIONS.length).toBe(CURRENT_SCHEMA_VERSION);
  });

  it('a file at the current version is left as it is', () => {
    const raw = { schemaVersion: 1, id: 'x' };
    const r = migrateRaw(raw);
    expect(r.applied).toEqual([]);
    expect(r.raw).toEqual(raw);
  });

  it('a file written before versioning is stamped with version 1', () => {
    const r = migrateRaw({ id: 'x', flags: { MAILCEN: true } });
    expect(r.raw).toEqual({ schemaVersion: 1, id: 'x', flags: { MAILCEN: true } });
    expect(r.applied).toHaveLength(1);
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

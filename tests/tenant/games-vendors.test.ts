/**
 * The catalogue vendors a tenant's merchant offers (`games.vendors`): `npm run tenant -- validate`
 * refuses a code the catalogue does not know, with the file and the JSON pointer; the schema's
 * list of codes is the catalogue's.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_VENDOR_CODES } from '../../server/db/seed-games';
import { INHOUSE_VENDOR } from '../../server/lib/games-catalogue';
import { lineFor, tenantCopies, validateTenant as validate } from './settings-fixture';

const copy = tenantCopies('games-vendors');

describe('games.vendors of a tenant', () => {
  it('names only catalogue vendors: an unknown code is refused with file and pointer', async () => {
    const good = copy('gamesgood', (t) => {
      (t as Record<string, unknown>).games = { vendors: ['LUCKYREEL', 'LOTT'] };
    });
    expect((await validate(good)).code).toBe(0);
    const bad = copy('gamesbad', (t) => {
      (t as Record<string, unknown>).games = { vendors: ['LUCKYREEL', 'NOSUCHVENDOR'] };
    });
    const r = await validate(bad);
    expect(r.code).toBe(1);
    expect(lineFor(r.stderr, bad, '/games/vendors/1'), r.stderr).toBeDefined();
  });

  it('keeps the schema\'s codes equal to the catalogue\'s outside vendors', () => {
    const schema = JSON.parse(readFileSync(new URL('../../schemas/tenant.schema.json', import.meta.url), 'utf8')) as { $defs: { catalogueVendor: { enum: string[] } } };
    expect([...schema.$defs.catalogueVendor.enum].sort()).toEqual(CATALOGUE_VENDOR_CODES.filter((c) => c !== INHOUSE_VENDOR).sort());
  });
});

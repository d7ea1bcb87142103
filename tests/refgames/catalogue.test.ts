/**
 * RefGames keeps its own list of the catalogue's vendors (it imports nothing of the platform):
 * this test holds it to the platform's catalogue, as the demo start's VENDOR_REFGAMES_CATALOGUE.
 */
import { describe, expect, it } from 'vitest';
import { categoryOf, gameKindOf, VENDOR_CATEGORIES } from '../../reference/refgames/catalogue';
import { REFGAMES_CATALOGUE } from '../../scripts/refgames-demo.mjs';
import { gameCatalogue } from '../../server/db/seed-games';
import { INHOUSE_VENDOR } from '../../server/lib/games-catalogue';

describe('RefGames catalogue', () => {
  const vendors = new Map(gameCatalogue().map((g) => [g.vassalage, g.gameType]));

  it('knows every catalogue vendor but the house games, by its game type', () => {
    const expected = [...vendors.keys()].filter((v) => v !== INHOUSE_VENDOR).sort();
    expect(Object.keys(VENDOR_CATEGORIES).sort()).toEqual(expected);
    expect([...REFGAMES_CATALOGUE].sort()).toEqual(expected);
    for (const [vendor, type] of vendors) {
      if (vendor === INHOUSE_VENDOR) continue;
      expect(categoryOf(vendor), vendor).toBe(type === 'LOTT' || type === 'ELOTT' ? 'LOTTERY' : type);
    }
  });

  it('plays a slot for RNG studios, lotteries for lottery vendors, and nothing for the rest', () => {
    expect(gameKindOf(categoryOf('TIKIWAVE')!)).toBe('slot');
    expect(gameKindOf(categoryOf('TCG_LOTTO_VN')!)).toBe('lottery');
    for (const v of ['REEFHUNT', 'VELVETLIVE', 'CARDCLUB', 'PITCHLINE', 'TF', 'DS88']) expect(gameKindOf(categoryOf(v)!)).toBe('none');
    expect(categoryOf('INHOUSE')).toBeUndefined();
    expect(categoryOf('toString')).toBeUndefined();
  });
});

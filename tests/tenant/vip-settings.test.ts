/**
 * VIP levels (settings.vip.levels): `npm run tenant -- validate` refuses a bad table with the file
 * and the JSON pointer of each fault: levels out of order, a first level members cannot start at,
 * thresholds that do not ascend, a name no locale has, and what the schema refuses.
 */
import { describe, expect, it } from 'vitest';
import { lineFor, tenantCopies, validateTenant as validate } from './settings-fixture';

const copy = tenantCopies('vip-settings');

type Level = Record<string, unknown> & { benefits: Record<string, unknown> };

const level = (n: number, name: string, minTurnover: number, minDeposit: number): Level => ({
  level: n,
  name,
  minTurnover,
  minDeposit,
  upgradeBonus: 100,
  turnoverMultiplier: 1,
  benefits: { dailyWithdrawalLimit: 0, rebateBonusPercent: 0, birthdayBonus: 0 },
});

/** A copy of demo-ph with its own VIP levels; the path relative to the repository. */
function fixture(name: string, levels: Level[]): string {
  return copy(name, (t) => {
    t.settings.vip = { levels };
  });
}

describe('VIP level settings', () => {
  it('accepts ascending thresholds where one of the two may stay', async () => {
    const file = fixture('vipgood', [level(0, 'vip_level_regular', 0, 0), level(1, 'vip_level_bronze', 0, 100), level(2, 'vip_level_silver', 500, 100)]);
    const r = await validate(file);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it('names each fault of the table by its pointer', async () => {
    const file = fixture('vipbad', [
      level(0, 'vip_level_regular', 10, 0),
      level(1, 'vip_level_bronze', 500, 1000),
      level(2, 'vip_level_silver', 400, 2000),
      level(3, 'vip_level_gold', 400, 2000),
      level(5, 'vip_level_shiny', 600, 3000),
    ]);
    const r = await validate(file);
    expect(r.code).toBe(1);
    expect(lineFor(r.stderr, file, '/settings/vip/levels/0/minTurnover'), r.stderr).toMatch(/first level is where every member starts: minTurnover must be 0/);
    expect(lineFor(r.stderr, file, '/settings/vip/levels/2/minTurnover'), r.stderr).toMatch(/minTurnover 400 is below level 1's 500: thresholds must ascend/);
    expect(lineFor(r.stderr, file, '/settings/vip/levels/3'), r.stderr).toMatch(/level 3 needs a higher minTurnover or minDeposit than level 2/);
    expect(lineFor(r.stderr, file, '/settings/vip/levels/4/level'), r.stderr).toMatch(/level 5 should be 4/);
    expect(lineFor(r.stderr, file, '/settings/vip/levels/4/name'), r.stderr).toMatch(/label key "vip_level_shiny" is missing from locales\/en\.json/);
    expect(lineFor(r.stderr, file, '/settings/vip/levels/1')).toBeUndefined();
  });

  it('refuses by schema a negative or fractional threshold, an unknown benefit and no levels', async () => {
    const bad = level(1, 'vip_level_bronze', -1, 1.5);
    bad.benefits.cashback = 1;
    const file = fixture('vipschema', [level(0, 'vip_level_regular', 0, 0), bad]);
    const r = await validate(file);
    expect(r.code).toBe(1);
    expect(lineFor(r.stderr, file, '/settings/vip/levels/1/minTurnover'), r.stderr).toMatch(/must be >= 0/);
    expect(lineFor(r.stderr, file, '/settings/vip/levels/1/minDeposit'), r.stderr).toMatch(/must be of type integer/);
    expect(lineFor(r.stderr, file, '/settings/vip/levels/1/benefits/cashback'), r.stderr).toMatch(/unknown property "cashback"/);
    const empty = fixture('vipempty', []);
    const e = await validate(empty);
    expect(e.code).toBe(1);
    expect(lineFor(e.stderr, empty, '/settings/vip/levels'), e.stderr).toMatch(/fewer than 1|must NOT have fewer/);
  });
});

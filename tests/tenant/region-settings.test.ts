/**
 * Region restriction settings (settings.region): a bad value is refused by `npm run tenant --
 * validate` with the file and the JSON pointer of the fault; a good one passes.
 */
import { describe, expect, it } from 'vitest';
import { lineFor, tenantCopies, validateTenant as validate } from './settings-fixture';

const copy = tenantCopies('region-settings');

/** A copy of demo-ph with `settings.region` set; the path relative to the repository. */
function fixture(name: string, region: unknown): string {
  return copy(name, (t) => {
    t.settings.region = region;
  });
}

describe('region settings', () => {
  it('refuses lower-case or three-letter codes, both country lists, and a bad address or CIDR', async () => {
    const file = fixture('regionbad', { allowedCountries: ['ph', 'PHL'], blockedCountries: ['RU'], allowIps: ['10.0.0.0/33', '999.1.1.1', '2001:db8::/48'] });
    const { code, stderr } = await validate(file);
    expect(code).toBe(1);
    expect(lineFor(stderr, file, '/settings/region/allowedCountries/0')).toBeDefined();
    expect(lineFor(stderr, file, '/settings/region/allowedCountries/1')).toBeDefined();
    expect(lineFor(stderr, file, '/settings/region/blockedCountries')).toContain('give allowedCountries or blockedCountries, not both');
    expect(lineFor(stderr, file, '/settings/region/allowIps/0')).toContain('"10.0.0.0/33" is not an IP address or CIDR');
    expect(lineFor(stderr, file, '/settings/region/allowIps/1')).toContain('"999.1.1.1" is not an IP address or CIDR');
    expect(lineFor(stderr, file, '/settings/region/allowIps/2')).toBeUndefined();
  }, 60_000);

  it('accepts a block-list with allowed addresses', async () => {
    const file = fixture('regionok', { blockedCountries: ['RU', 'US'], allowIps: ['203.0.113.0/24', '198.51.100.7', '2001:db8::/32'] });
    const { code, stderr } = await validate(file);
    expect(stderr).not.toContain('/settings/region');
    expect(code).toBe(0);
  }, 60_000);
});

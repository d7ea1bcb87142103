/**
 * Cash back and transfer settings (settings.wallet.rebate, settings.wallet.transfer): a bad value
 * is refused by `npm run tenant -- validate` with the file and the JSON pointer of the fault.
 */
import { describe, expect, it } from 'vitest';
import { lineFor, tenantCopies, validateTenant as validate } from './settings-fixture';

const copy = tenantCopies('wallet-settings');

type Wallet = { rebate: Record<string, unknown>; transfer: Record<string, unknown>; deposit: { channels: Record<string, unknown>[] } };

/** A copy of demo-ph with its wallet settings changed; the path relative to the repository. */
function fixture(name: string, change: (wallet: Wallet) => void): string {
  return copy(name, (t) => change(t.settings.wallet as Wallet));
}

describe('wallet settings of cash back and transfers', () => {
  it('refuses an unknown game type and a rate above 5% (schema pass)', async () => {
    const file = fixture('rebateschema', (w) => {
      w.rebate.rates = { RNG: 6, SLOTS: 1 };
    });
    const r = await validate(file);
    expect(r.code).toBe(1);
    expect(lineFor(r.stderr, file, '/settings/wallet/rebate/rates'), r.stderr).toMatch(/"SLOTS" is not allowed \(expected one of: "RNG", "FISH"/);
    expect(lineFor(r.stderr, file, '/settings/wallet/rebate/rates/RNG'), r.stderr).toMatch(/must be <= 5/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('refuses a multiplier below zero and a zero minimum claim', async () => {
    const file = fixture('rebatelimits', (w) => {
      w.rebate.turnoverMultiplier = -1;
    });
    const r = await validate(file);
    expect(r.code).toBe(1);
    expect(lineFor(r.stderr, file, '/settings/wallet/rebate/turnoverMultiplier'), r.stderr).toMatch(/must be >= 0/);

    const zero = fixture('rebateminzero', (w) => {
      w.rebate.minClaim = 0;
    });
    const z = await validate(zero);
    expect(z.code).toBe(1);
    expect(lineFor(z.stderr, zero, '/settings/wallet/rebate/minClaim'), z.stderr).toMatch(/must be > 0/);
  });

  it('refuses a transfer minimum above its maximum and a rate with 3 decimals (reference pass)', async () => {
    const file = fixture('transferrange', (w) => {
      w.transfer = { min: 500, max: 100 };
      w.rebate.rates = { RNG: 0.125 };
    });
    const r = await validate(file);
    expect(r.code).toBe(1);
    expect(lineFor(r.stderr, file, '/settings/wallet/transfer/min'), r.stderr).toMatch(/minimum 500 is above the maximum 100/);
    expect(lineFor(r.stderr, file, '/settings/wallet/rebate/rates/RNG'), r.stderr).toMatch(/more than 2 decimals/);
  });

  it('refuses a tenant without a transfer maximum', async () => {
    const file = fixture('transfernomax', (w) => {
      // JSON Merge Patch: null removes the maximum _base gives.
      w.transfer = { min: 10, max: null };
    });
    const r = await validate(file);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/\/settings\/wallet\/transfer: .*max/);
  });

  it('refuses a gateway channel that names no payment provider, and a manual one that names one', async () => {
    const file = fixture('channelprovider', (w) => {
      delete w.deposit.channels[0].gateway;
      w.deposit.channels[2].gateway = 'refpay';
    });
    const r = await validate(file);
    expect(r.code).toBe(1);
    expect(lineFor(r.stderr, file, '/settings/wallet/deposit/channels/0'), r.stderr).toMatch(/gateway/);
    expect(lineFor(r.stderr, file, '/settings/wallet/deposit/channels/2/gateway'), r.stderr).toBeTruthy();
  });
});

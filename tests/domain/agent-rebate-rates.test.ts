/** The agent rebate rate rules (src/lib/agent-rebate-rates.ts), shared by the server and the screens. */
import { describe, expect, it } from 'vitest';
import type { Tenant } from '../../src/generated/tenant';
import { bpToRate, ceilingBp, inheritedBp, parseRate, rateCategories, rateProblem, rateToBp } from '../../src/domain/agent-rebate-rates';

function tenant(maxRates: Record<string, number> | null, rates: Record<string, number>, sorting: string[]): Pick<Tenant, 'settings' | 'categories'> {
  return {
    categories: { sorting },
    settings: {
      wallet: { rebate: { rates, turnoverMultiplier: 1, minClaim: 1 } },
      ...(maxRates ? { agentRebate: { maxRates } } : {}),
    },
  } as unknown as Pick<Tenant, 'settings' | 'categories'>;
}

describe('agent rebate rates', () => {
  it('a rate is never negative, has at most 2 decimals and is never above one’s own', () => {
    expect(rateProblem(0, 0)).toBeNull();
    expect(rateProblem(0.8, 80)).toBeNull();
    expect(rateProblem(0.81, 80)).toBe('rate.above.own');
    expect(rateProblem(-0.01, 80)).toBe('rate.negative');
    expect(rateProblem(0.125, 80)).toBe('rate.decimals');
    expect(rateProblem(Number.NaN, 80)).toBe('rate.invalid');
    // Floating point: 0.29 * 100 is 28.999999999999996, still 29 hundredths.
    expect(rateProblem(0.29, 29)).toBeNull();
    expect(rateToBp(0.29)).toBe(29);
    expect(bpToRate(120)).toBe(1.2);
  });

  it('reads a typed rate', () => {
    expect(parseRate(' 0.5 ')).toBe(0.5);
    expect(parseRate('.5')).toBe(0.5);
    expect(parseRate('1.')).toBe(1);
    expect(parseRate('-1')).toBe(-1);
    expect(parseRate('abc')).toBeNull();
    expect(parseRate('1e2')).toBeNull();
    expect(parseRate('')).toBeNull();
  });

  it('a top-level agent’s ceiling is the tenant’s agent maximum, else its cash-back rate', () => {
    const t = tenant({ RNG: 1.2 }, { RNG: 0.8, FISH: 0.6 }, ['HOT', 'FISH', 'RNG', 'LIVE', 'INHOUSE']);
    expect(ceilingBp(t, 'RNG')).toBe(120);
    expect(ceilingBp(t, 'FISH')).toBe(60);
    expect(ceilingBp(t, 'LIVE')).toBe(0);
    // The tenant's categories in its order, game types only, with a ceiling above 0.
    expect(rateCategories(t)).toEqual(['FISH', 'RNG']);
    expect(rateCategories(tenant(null, {}, ['HOT', 'RNG']))).toEqual([]);
  });

  it('an unset own rate is the nearest upline’s set rate, else the ceiling, never above it', () => {
    expect(inheritedBp([null, 50, 80], 120)).toBe(50);
    expect(inheritedBp([30, 50], 120)).toBe(30);
    expect(inheritedBp([null, null], 120)).toBe(120);
    expect(inheritedBp([200], 120)).toBe(120);
  });
});

import { describe, expect, it } from 'vitest';
import { MINOR_PER_UNIT, toAmount, toMinor } from '../../server/lib/money';

describe('toMinor: currency amount to integer minor units', () => {
  it('rounds decimal amounts as written, not as their binary doubles', () => {
    expect(toMinor(0.1 + 0.2)).toBe(30);
    expect(toMinor(0.3)).toBe(30);
    expect(toMinor(1.005)).toBe(101);
    expect(toMinor(2.675)).toBe(268);
    expect(toMinor(1.15)).toBe(115);
    expect(toMinor(0.07)).toBe(7);
    expect(toMinor(19.99)).toBe(1999);
  });

  it('rounds half away from zero at the minor unit', () => {
    expect(toMinor(0.005)).toBe(1);
    expect(toMinor(0.0049)).toBe(0);
    expect(toMinor(-0.005)).toBe(-1);
    expect(toMinor(-1.005)).toBe(-101);
    expect(toMinor(-0.0049)).toBe(0);
  });

  it('keeps negatives negative and never answers -0', () => {
    expect(toMinor(-12.34)).toBe(-1234);
    expect(Object.is(toMinor(-0), 0)).toBe(true);
    expect(Object.is(toMinor(-0.001), 0)).toBe(true);
  });

  it('handles exponent notation and large amounts (exact up to 15 significant digits)', () => {
    expect(toMinor(1e-7)).toBe(0);
    expect(toMinor(5e-3)).toBe(1);
    expect(toMinor(1e12)).toBe(1e14);
    expect(toMinor(9_999_999_999_999.99)).toBe(999_999_999_999_999);
    expect(toMinor(-9_999_999_999_999.99)).toBe(-999_999_999_999_999);
    expect(() => toMinor(1e20)).toThrow(RangeError);
  });

  it('refuses NaN and Infinity', () => {
    expect(() => toMinor(Number.NaN)).toThrow(RangeError);
    expect(() => toMinor(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => toMinor(Number.NEGATIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('toAmount: integer minor units to a currency amount', () => {
  it('gives the 2-decimal amount', () => {
    expect(MINOR_PER_UNIT).toBe(100);
    expect(toAmount(30)).toBe(0.3);
    expect(toAmount(125)).toBe(1.25);
    expect(toAmount(0)).toBe(0);
    expect(toAmount(-101)).toBe(-1.01);
    expect(toAmount(7)).toBe(0.07);
    expect(JSON.stringify(toAmount(1999))).toBe('19.99');
  });

  it('handles the largest whole numbers of minor units', () => {
    expect(toAmount(Number.MAX_SAFE_INTEGER)).toBe(90071992547409.91);
    expect(toAmount(-Number.MAX_SAFE_INTEGER)).toBe(-90071992547409.91);
  });

  it('refuses fractions of a minor unit, NaN, Infinity and unsafe integers', () => {
    expect(() => toAmount(1.5)).toThrow(RangeError);
    expect(() => toAmount(Number.NaN)).toThrow(RangeError);
    expect(() => toAmount(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => toAmount(2 ** 60)).toThrow(RangeError);
  });

  it('round-trips every amount with toMinor', () => {
    for (let minor = -20_000; minor <= 20_000; minor += 1) expect(toMinor(toAmount(minor))).toBe(minor);
    for (const minor of [123_456_789_012, 999_999_999_999_999, -999_999_999_999_999]) expect(toMinor(toAmount(minor))).toBe(minor);
  });
});

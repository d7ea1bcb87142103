import { describe, expect, it } from 'vitest';
import { MINOR_PER_UNIT, addAmounts, fromBasisPoints, hasAtMostTwoDecimals, minorText, moneyText, parseAmount, percentOf, timesMultiplier, toAmount, toBasisPoints, toMinor } from '../../src/domain/money';

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

describe('the one rounding rule: half away from zero at the minor unit, computed exactly', () => {
  it('gives one answer for a 1.15 multiplier on 50 minor units (deposits and rebates gave 57, rewards 58)', () => {
    expect(timesMultiplier(50, 1.15)).toBe(58);
    // The double product is 57.49999999999999: rounding it would give 57.
    expect(50 * 1.15).toBeLessThan(57.5);
  });

  it('gives one answer for a 1.15% fee on 3,000 minor units (withdrawals gave 34, deposits 35)', () => {
    expect(percentOf(3000, 1.15)).toBe(35);
    expect((3000 * 1.15) / 100).toBeLessThan(34.5);
  });

  it('rounds exact halves up and everything else to the nearest minor unit', () => {
    expect(percentOf(10, 5)).toBe(1); // 0.5
    expect(percentOf(9, 5)).toBe(0); // 0.45
    expect(percentOf(1999, 1.5)).toBe(30); // 29.985
    expect(percentOf(10_000, 0.8)).toBe(80);
    expect(percentOf(12_345, 0)).toBe(0);
    expect(percentOf(0, 3)).toBe(0);
    expect(timesMultiplier(333, 1.5)).toBe(500); // 499.5
    expect(timesMultiplier(100, 0)).toBe(0);
    expect(timesMultiplier(7, 1)).toBe(7);
    expect(timesMultiplier(1, 0.49)).toBe(0);
  });

  it('rounds negative amounts half away from zero, never answering -0', () => {
    expect(percentOf(-10, 5)).toBe(-1);
    expect(timesMultiplier(-50, 1.15)).toBe(-58);
    expect(Object.is(percentOf(-1, 1), 0)).toBe(true);
  });

  it('reads percents and multipliers of any decimal length exactly', () => {
    expect(percentOf(1_000_000, 0.125)).toBe(1250);
    expect(timesMultiplier(1000, 1e-3)).toBe(1);
    expect(() => timesMultiplier(3, 1e21)).toThrow(RangeError);
  });

  it('refuses fractions of a minor unit, NaN, Infinity and results past the safe range', () => {
    expect(() => percentOf(1.5, 1)).toThrow(RangeError);
    expect(() => percentOf(100, Number.NaN)).toThrow(RangeError);
    expect(() => timesMultiplier(100, Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => timesMultiplier(Number.MAX_SAFE_INTEGER, 2)).toThrow(RangeError);
  });
});

describe('basis points and decimals', () => {
  it('converts percents of at most 2 decimals to basis points and back', () => {
    expect(toBasisPoints(0.8)).toBe(80);
    expect(toBasisPoints(1.15)).toBe(115);
    expect(toBasisPoints(0.07)).toBe(7);
    expect(fromBasisPoints(115)).toBe(1.15);
    expect(toBasisPoints(1.005)).toBe(101);
  });

  it('tells numbers of at most 2 decimals by their decimal text', () => {
    for (const ok of [0, 1, 1.1, 1.15, 0.07, 100, 1e3, 2.5e-1]) expect(hasAtMostTwoDecimals(ok), String(ok)).toBe(true);
    for (const no of [1.005, 0.001, 1e-7, Number.NaN, Number.POSITIVE_INFINITY]) expect(hasAtMostTwoDecimals(no), String(no)).toBe(false);
  });
});

describe('amount text', () => {
  it('parses what a player types: digits with at most 2 decimals, above zero', () => {
    expect(parseAmount(' 12.5 ')).toBe(12.5);
    expect(parseAmount('100')).toBe(100);
    expect(parseAmount('0.01')).toBe(0.01);
    for (const bad of ['', '0', '0.00', '1,5', '1.234', '-1', '01', '1e3', 'abc', '12345678901']) expect(parseAmount(bad), bad).toBeNull();
  });

  it('adds amounts exactly and prints minor units as 2-decimal text', () => {
    expect(addAmounts(0.1, 0.2)).toBe(0.3);
    expect(addAmounts(100, 1.15)).toBe(101.15);
    expect(minorText(125_050)).toBe('1250.50');
    expect(minorText(125_050, true)).toBe('1,250.50');
    expect(minorText(-7)).toBe('-0.07');
    expect(minorText(0)).toBe('0.00');
    expect(minorText(123_456_789_00, true)).toBe('123,456,789.00');
    expect(minorText(-100_000_00, true)).toBe('-100,000.00');
  });

  it("writes money with the tenant's symbol, 2 decimals and grouped thousands, rounded by the rule", () => {
    expect(moneyText('₱', 1250.5)).toBe('₱1,250.50');
    expect(moneyText('₱', 5000)).toBe('₱5,000.00');
    expect(moneyText('₱', -49.5)).toBe('-₱49.50');
    expect(moneyText('₱', 0)).toBe('₱0.00');
    expect(moneyText('₱', -0)).toBe('₱0.00');
    expect(moneyText('$', 1.005)).toBe('$1.01');
    expect(moneyText('₱', 0.1 + 0.2)).toBe('₱0.30');
    expect(moneyText('₱', 1_234_567.891)).toBe('₱1,234,567.89');
    expect(moneyText('₱', 8, { signed: true })).toBe('+₱8.00');
    expect(moneyText('₱', -8, { signed: true })).toBe('-₱8.00');
    expect(moneyText('₱', 0, { signed: true })).toBe('₱0.00');
    expect(() => moneyText('₱', Number.NaN)).toThrow(RangeError);
  });
});

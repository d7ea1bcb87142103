/**
 * Money crosses the API in currency units with 2 decimals (1.25) and lives everywhere else in
 * integer minor units (125): the ledger, bets, the catalogue's minimum bets, the jackpot. These
 * two functions are the only conversions between the two.
 */

/** Minor units in one currency unit (every currency of the spec has 2 decimals). */
export const MINOR_PER_UNIT = 100;

/**
 * Minor units to a currency amount: the double nearest the 2-decimal amount, which is what JSON
 * prints as that decimal. Minor units are whole: a fraction, NaN or Infinity is a bug upstream
 * and throws a RangeError rather than reaching a player's balance.
 */
export function toAmount(minor: number): number {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not a whole number of minor units: ${minor}`);
  return minor / MINOR_PER_UNIT;
}

/**
 * A currency amount to minor units, rounded half away from zero at the minor unit (1.005 -> 101,
 * -1.005 -> -101). The amount is scaled by its decimal text, not by multiplying the double, so
 * that 1.005 (stored as 1.00499999...) and 0.1 + 0.2 (0.30000000000000004) round as written.
 * Exact for amounts of up to 15 significant digits (a double holds no more); NaN, Infinity and
 * amounts past the safe integer range of minor units throw a RangeError.
 */
export function toMinor(amount: number): number {
  if (!Number.isFinite(amount)) throw new RangeError(`not a finite amount: ${amount}`);
  const [mantissa, exponent = '0'] = String(Math.abs(amount)).split('e');
  const minor = Math.round(Number(`${mantissa}e${Number(exponent) + 2}`));
  if (!Number.isSafeInteger(minor)) throw new RangeError(`amount out of range: ${amount}`);
  // No negative zero: -0.001 is 0 minor units.
  return amount < 0 && minor !== 0 ? -minor : minor;
}

/**
 * Minor units times a multiplier (a turnover multiplier such as 1.5), rounded half up to the minor
 * unit: the wagering a credit asks for. Amounts and multipliers are >= 0.
 */
export function timesMultiplier(minor: number, multiplier: number): number {
  const result = Math.round(minor * multiplier);
  if (!Number.isSafeInteger(result)) throw new RangeError(`amount out of range: ${minor} x ${multiplier}`);
  return result;
}

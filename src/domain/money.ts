/**
 * Money, for the server and the browser alike (pure: no Node, no DOM). Money crosses the API in
 * currency units with 2 decimals (1.25) and lives everywhere else in integer minor units (125):
 * the ledger, bets, fees, bonuses, rebates, dividends, turnover requirements, the jackpot. This
 * module is the only place that converts between the two, parses an amount a player typed, and
 * multiplies an amount by a percent or a multiplier; lint forbids `* 100`, `/ 100` and
 * `Math.round`/`floor`/`ceil` on amounts everywhere else (eslint.config.js).
 *
 * THE ROUNDING RULE (one, for every function here):
 *
 *   A result that falls between two minor units is rounded HALF AWAY FROM ZERO at the minor unit
 *   (for the amounts >= 0 of fees, bonuses, rebates, dividends and turnover that is HALF UP), and it
 *   is computed EXACTLY: a percent, a multiplier or a currency amount is read by its decimal text
 *   (1.15 is 115 / 100, never the double 1.149999...), the product is taken in whole numbers
 *   (safe integers, or BigInt past them) and rounded once. So:
 *
 *   - toMinor(1.005) = 101, toMinor(0.1 + 0.2) = 30, toMinor(-1.005) = -101;
 *   - timesMultiplier(50, 1.15) = 50 x 115 / 100 = 57.5 -> 58 (turnover: deposits, rebates, rewards,
 *     transfers and contract payments all give 58; deposits and rebates gave 57 before);
 *   - percentOf(3000, 1.15) = 3000 x 115 / 10000 = 34.5 -> 35 (fees: deposits and withdrawals both
 *     give 35; withdrawals gave 34 before), and the same rule for bonuses, rebates and dividends.
 *
 * A percent or multiplier has at most 2 decimals in tenant files and contracts (hasAtMostTwoDecimals),
 * but any finite decimal is read exactly. Every answer is a safe integer of minor units or a
 * RangeError: a fraction, NaN or Infinity is a bug upstream and never reaches a player's balance.
 */

/** Minor units in one currency unit (every currency of the spec has 2 decimals). */
export const MINOR_PER_UNIT = 100;

/** A finite number as an exact decimal: value = digits / 10^scale (digits >= 0, the sign apart). */
interface Decimal {
  negative: boolean;
  digits: string;
  scale: number;
}

/** The decimal text of a finite number (String() prints the shortest text that reads back as it). */
function decimalOf(value: number, what: string): Decimal {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite ${what}: ${value}`);
  const [mantissa, exponent = '0'] = String(Math.abs(value)).split('e');
  const [whole, fraction = ''] = mantissa.split('.');
  let scale = fraction.length - Number(exponent);
  let digits = whole + fraction;
  if (scale < 0) {
    digits += '0'.repeat(-scale);
    scale = 0;
  }
  return { negative: value < 0, digits, scale };
}

/**
 * |minor| x digits / 10^scale rounded half up, with the sign given: in doubles while every step is
 * a safe integer (exact: the remainder is taken before dividing), else in BigInt.
 */
function scaled(minor: number, d: Decimal, what: () => string): number {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not a whole number of minor units: ${minor}`);
  const negative = minor < 0 !== d.negative;
  const m = Math.abs(minor);
  const digits = Number(d.digits);
  const denominator = 10 ** d.scale;
  const twice = 2 * m * digits + denominator;
  let magnitude: number;
  if (Number.isSafeInteger(digits) && Number.isSafeInteger(denominator) && Number.isSafeInteger(twice) && Number.isSafeInteger(2 * denominator)) {
    magnitude = (twice - (twice % (2 * denominator))) / (2 * denominator);
  } else {
    const two = BigInt(2);
    const big = BigInt(10) ** BigInt(d.scale);
    magnitude = Number((two * BigInt(m) * BigInt(d.digits) + big) / (two * big));
  }
  if (!Number.isSafeInteger(magnitude)) throw new RangeError(`amount out of range: ${what()}`);
  return negative && magnitude !== 0 ? -magnitude : magnitude;
}

/**
 * Minor units to a currency amount: the double nearest the 2-decimal amount, which is what JSON
 * prints as that decimal. A fraction, NaN or Infinity throws a RangeError.
 */
export function toAmount(minor: number): number {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not a whole number of minor units: ${minor}`);
  return minor / MINOR_PER_UNIT;
}

/**
 * A currency amount to minor units, by its decimal text, rounded by the rule (1.005 -> 101,
 * -1.005 -> -101; never -0). Exact for amounts of up to 15 significant digits (a double holds no
 * more); NaN, Infinity and amounts past the safe integer range of minor units throw a RangeError.
 */
export function toMinor(amount: number): number {
  if (!Number.isFinite(amount)) throw new RangeError(`not a finite amount: ${amount}`);
  // The decimal text shifted by 2 places reads back exactly; Math.round then rounds |x| half up.
  const [mantissa, exponent = '0'] = String(Math.abs(amount)).split('e');
  const minor = Math.round(Number(`${mantissa}e${Number(exponent) + 2}`));
  if (!Number.isSafeInteger(minor)) throw new RangeError(`amount out of range: ${amount}`);
  return amount < 0 && minor !== 0 ? -minor : minor;
}

/**
 * Minor units times a percent (1.15 means 1.15 %), rounded by the rule: fees, bonuses, rebates,
 * dividends. percentOf(3000, 1.15) = 35.
 */
export function percentOf(minor: number, percent: number): number {
  const p = decimalOf(percent, 'percent');
  return scaled(minor, { ...p, scale: p.scale + 2 }, () => `${minor} x ${percent}%`);
}

/**
 * Minor units times a multiplier (a turnover multiplier such as 1.5), rounded by the rule: the
 * wagering a credit asks for. timesMultiplier(50, 1.15) = 58.
 */
export function timesMultiplier(minor: number, multiplier: number): number {
  return scaled(minor, decimalOf(multiplier, 'multiplier'), () => `${minor} x ${multiplier}`);
}

/**
 * The largest amount (minor units, >= 0) that, with `percent` of it added (percentOf), stays within
 * `total`: what a balance can pay out when a percent fee comes on top. 0 when total < 1.
 */
export function largestWithPercent(total: number, percent: number): number {
  if (!Number.isSafeInteger(total)) throw new RangeError(`not a whole number of minor units: ${total}`);
  if (total <= 0) return 0;
  // A first guess, total / (1 + percent %), then the exact one: the rounding of the percent can put
  // it a unit or two off either way.
  let a = Math.min(total, Math.trunc(total / (1 + percent / MINOR_PER_UNIT)));
  while (a > 0 && a + percentOf(a, percent) > total) a -= 1;
  while (a < total && a + 1 + percentOf(a + 1, percent) <= total) a += 1;
  return a;
}

/**
 * A percent in basis points (hundredths of a percent, 0.8 % -> 80), as rates and shares are
 * stored; a third decimal is rounded by the rule (rates are checked for 2 decimals before).
 */
export function toBasisPoints(percent: number): number {
  return toMinor(percent);
}

/** Basis points back to the percent (80 -> 0.8). */
export function fromBasisPoints(bp: number): number {
  return toAmount(bp);
}

/** True when the number's decimal text has at most 2 decimals (1.15 yes, 0.07 yes, 1.005 no). */
export function hasAtMostTwoDecimals(value: number): boolean {
  if (!Number.isFinite(value)) return false;
  const d = decimalOf(value, 'number');
  // The shortest decimal text has no trailing zeros: its scale is its number of decimals.
  return d.scale <= 2;
}

/** The sum of currency amounts, exact at the minor unit (0.1 + 0.2 -> 0.3). */
export function addAmounts(...amounts: number[]): number {
  return toAmount(amounts.reduce((sum, a) => sum + toMinor(a), 0));
}

/** The smallest amount of whole currency units at or above `minor` (minor units): 1201 -> 1300. */
export function wholeUnitsAtLeast(minor: number): number {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not a whole number of minor units: ${minor}`);
  return Math.ceil(minor / MINOR_PER_UNIT) * MINOR_PER_UNIT;
}

/**
 * The whole currency units a counter shows of a growing amount (the jackpot ticker): the amount cut
 * to its units, never shown above what it is. Display only: money moved is rounded by the rule.
 */
export function wholeUnitsShown(amount: number): number {
  return Math.floor(amount);
}

/**
 * The whole percent (0 to 100) that `done` is of `target`, rounded down so that 100 means done: the
 * fill of a progress bar (a limit used, a mission's progress). 0 when the target is not above 0.
 */
export function percentDone(done: number, target: number): number {
  if (!(target > 0)) return 0;
  return Math.min(100, Math.max(0, Math.floor((done * MINOR_PER_UNIT) / target)));
}

/**
 * Minor units as decimal text with 2 decimals: 125050 -> "1250.50" (with grouping: "1,250.50",
 * thousands grouped en-US style without Intl, whose first use on a phone costs tens of
 * milliseconds in the middle of hydration).
 */
export function minorText(minor: number, grouping = false): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not a whole number of minor units: ${minor}`);
  const m = Math.abs(minor);
  const cents = m % MINOR_PER_UNIT;
  const units = String((m - cents) / MINOR_PER_UNIT);
  const whole = grouping ? units.replace(/\B(?=(\d{3})+$)/g, ',') : units;
  return `${minor < 0 ? '-' : ''}${whole}.${String(cents).padStart(2, '0')}`;
}

/**
 * An amount (currency units) as every screen writes it: the tenant's currency symbol, then the
 * amount with 2 decimals and grouped thousands, rounded by the rule: moneyText('₱', 1250.5) =
 * "₱1,250.50", moneyText('₱', -49.5) = "-₱49.50"; `signed` marks an amount above zero with a plus
 * ("+₱8.00", for what adds to a balance). Zero has no sign. The one way money is written, so that
 * a currency reads the same on every page (its symbol, never its code).
 */
export function moneyText(symbol: string, amount: number, { signed = false }: { signed?: boolean } = {}): string {
  const minor = toMinor(amount);
  const sign = minor < 0 ? '-' : signed && minor > 0 ? '+' : '';
  return `${sign}${symbol}${minorText(Math.abs(minor), true)}`;
}

/** An amount as a player types it: digits (no leading zero) with at most 2 decimals; a comma is not a decimal point. */
const AMOUNT_TEXT = /^(?:0|[1-9][0-9]{0,9})(?:\.[0-9]{1,2})?$/;

/** The amount (currency units, above zero) of text a player typed, or null when it is not one. */
export function parseAmount(text: string): number | null {
  const trimmed = text.trim();
  if (!AMOUNT_TEXT.test(trimmed)) return null;
  const value = Number(trimmed);
  return value > 0 ? value : null;
}

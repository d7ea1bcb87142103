/**
 * RefGames' lotteries. Each draw is 5 digits, each drawn with crypto.randomInt(10) at the draw
 * time, so all 100,000 results are equally likely.
 *
 *  - LOTT, the traditional lottery (prize mode `Lott`, play type `trad`): a draw every 5 minutes
 *    on the clock (:00, :05, ...), tickets on sale until 30 seconds before.
 *  - ELOTT, the electronic lottery (`Elott`, `ent`): a draw every 60 seconds, tickets on sale
 *    until 5 seconds before.
 *
 * Bets, with what a winning ticket returns (stake included) and the exact return to player
 * (tests/refgames/lottery.test.ts counts the winning results among all 100,000):
 *
 *   last2  the last 2 digits, 00-99      90x    1,000 / 100,000 win   90%
 *   last3  the last 3 digits, 000-999   900x      100 / 100,000 win   90%
 *   big / small  the sum of the digits is 23-45 / 0-22    1.95x   50,000 / 100,000   97.5%
 *   odd / even   the sum of the digits is odd / even      1.95x   50,000 / 100,000   97.5%
 *
 * A return is rounded down to the minor unit, so it is never more than the stated odds.
 */
import { randomInt } from 'node:crypto';

export const LOTTERY_CODES = ['LOTT', 'ELOTT'] as const;
export type LotteryCode = (typeof LOTTERY_CODES)[number];

interface Lottery {
  code: LotteryCode;
  prizeMode: 'Lott' | 'Elott';
  playType: 'trad' | 'ent';
  /** Milliseconds between draws, on the clock (a draw at every multiple of it since the epoch). */
  intervalMs: number;
  /** Tickets for a draw are sold until this long before it; later ones are for the next draw. */
  cutoffMs: number;
}

export const LOTTERIES: Readonly<Record<LotteryCode, Lottery>> = {
  LOTT: { code: 'LOTT', prizeMode: 'Lott', playType: 'trad', intervalMs: 5 * 60_000, cutoffMs: 30_000 },
  ELOTT: { code: 'ELOTT', prizeMode: 'Elott', playType: 'ent', intervalMs: 60_000, cutoffMs: 5_000 },
};

/** Lotteries: the default ones, or the electronic one drawn every `elottSeconds` (a divisor of 60 from 5; a quick demo or test). */
export function lotteriesOf(elottSeconds?: number): Readonly<Record<LotteryCode, Lottery>> {
  if (elottSeconds === undefined || elottSeconds === 60) return LOTTERIES;
  if (!Number.isInteger(elottSeconds) || elottSeconds < 5 || 60 % elottSeconds !== 0) throw new Error(`the electronic lottery's seconds must divide 60 and be at least 5 (got ${elottSeconds})`);
  const intervalMs = elottSeconds * 1000;
  return { ...LOTTERIES, ELOTT: { ...LOTTERIES.ELOTT, intervalMs, cutoffMs: Math.min(LOTTERIES.ELOTT.cutoffMs, Math.floor(elottSeconds / 4) * 1000) } };
}

export const isLotteryCode = (code: unknown): code is LotteryCode => typeof code === 'string' && (LOTTERY_CODES as readonly string[]).includes(code);

/** Which lottery a launch opens: the electronic one for play type `ent` or prize mode `Elott`. */
export function lotteryOfLaunch(playType: string | undefined, prizeMode: string | undefined): LotteryCode {
  return playType === 'ent' || prizeMode === 'Elott' ? 'ELOTT' : 'LOTT';
}

const DIGITS = 5;

export const BET_KINDS = ['last2', 'last3', 'big', 'small', 'odd', 'even'] as const;
export type BetKind = (typeof BET_KINDS)[number];

/** What a winning ticket returns, in hundredths of the stake (9000 = 90x). */
export const ODDS_X100: Readonly<Record<BetKind, number>> = { last2: 9_000, last3: 90_000, big: 195, small: 195, odd: 195, even: 195 };
/** How many digits a bet picks (0: none). */
export const PICK_DIGITS: Readonly<Record<BetKind, number>> = { last2: 2, last3: 3, big: 0, small: 0, odd: 0, even: 0 };

/** Ticket stakes in minor units: 1.00 to 1,000.00. */
export const MIN_TICKET = 100;
export const MAX_TICKET = 100_000;

export const isBetKind = (kind: unknown): kind is BetKind => typeof kind === 'string' && (BET_KINDS as readonly string[]).includes(kind);

/** Whether `pick` is a valid pick for `kind` (digits of the right length; empty for the others). */
export function validPick(kind: BetKind, pick: string): boolean {
  const n = PICK_DIGITS[kind];
  return n === 0 ? pick === '' : new RegExp(`^\\d{${n}}$`).test(pick);
}

const digitSum = (result: string): number => [...result].reduce((sum, d) => sum + Number(d), 0);

/** Whether a bet wins on a 5-digit result. */
export function wins(kind: BetKind, pick: string, result: string): boolean {
  const sum = digitSum(result);
  switch (kind) {
    case 'last2':
      return result.slice(-2) === pick;
    case 'last3':
      return result.slice(-3) === pick;
    case 'big':
      return sum >= 23;
    case 'small':
      return sum <= 22;
    case 'odd':
      return sum % 2 === 1;
    case 'even':
      return sum % 2 === 0;
  }
}

/** What a ticket returns on a result (0: lost), rounded down to the minor unit. */
export function ticketReturn(kind: BetKind, pick: string, stake: number, result: string): number {
  if (!wins(kind, pick, result)) return 0;
  const hundredths = stake * ODDS_X100[kind];
  return (hundredths - (hundredths % 100)) / 100;
}

/** A result: DIGITS digits, each drawn uniformly. */
export function drawResult(random: (max: number) => number = randomInt): string {
  let out = '';
  for (let i = 0; i < DIGITS; i++) out += String(random(10));
  return out;
}

/** The time of the first draw strictly after `nowMs`. */
export function nextDrawAt(lottery: Lottery, nowMs: number): number {
  return (Math.floor(nowMs / lottery.intervalMs) + 1) * lottery.intervalMs;
}

/** The time of the latest draw at or before `nowMs`. */
export function lastDrawAt(lottery: Lottery, nowMs: number): number {
  return Math.floor(nowMs / lottery.intervalMs) * lottery.intervalMs;
}

/** The draw a ticket bought at `nowMs` is for: the next one still on sale. */
export function saleDrawAt(lottery: Lottery, nowMs: number): number {
  const next = nextDrawAt(lottery, nowMs);
  return next - nowMs > lottery.cutoffMs ? next : next + lottery.intervalMs;
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * The draw number: its time in UTC, yyyymmddHHMM (both lotteries draw on whole minutes), with the
 * seconds (yyyymmddHHMMSS) for a lottery drawn more often than once a minute.
 */
export function drawNumber(drawAtMs: number, lottery?: Lottery): string {
  const d = new Date(drawAtMs);
  const minutes = `${d.getUTCFullYear()}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}${two(d.getUTCHours())}${two(d.getUTCMinutes())}`;
  return lottery && lottery.intervalMs % 60_000 !== 0 ? `${minutes}${two(d.getUTCSeconds())}` : minutes;
}

/** The draw id, the round of its tickets at the wallet: ELOTT-202611291105. */
export const drawId = (lottery: Lottery, drawAtMs: number): string => `${lottery.code}-${drawNumber(drawAtMs, lottery)}`;

/**
 * How the records screens write money and times: amounts in the tenant's currency with 2
 * decimals, signed where a row adds or takes money; instants as the tenant's wall clock
 * (YYYY-MM-DD HH:mm:ss), whatever the phone's own zone.
 */
import { zoneOffset } from '../../../domain/date-range';
import { moneyText } from '../../../domain/money';

/** "₱1,250.50"; a negative amount "-₱1,250.50" (src/domain/money's moneyText). */
export function formatRecordMoney(symbol: string, amount: number): string {
  return moneyText(symbol, amount);
}

/** "+₱1,250.50", "-₱1,250.50", "₱0.00": for an amount that adds to or takes from the balance. */
export function formatSignedMoney(symbol: string, amount: number): string {
  return moneyText(symbol, amount, { signed: true });
}

/** Whether an amount reads as money in (plus), money out (minus) or neither. */
export function toneOf(amount: number): 'plus' | 'minus' | 'neutral' {
  return amount > 0 ? 'plus' : amount < 0 ? 'minus' : 'neutral';
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * An ISO instant as the tenant's wall clock, "2026-03-01 23:59:30"; '' for a missing or unreadable
 * one. The zone's rules come from Intl (zoneOffset); the rest is UTC arithmetic.
 */
export function formatRecordTime(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  const t = Date.parse(iso);
  if (!Number.isFinite(t)) return '';
  const d = new Date(t + zoneOffset(timeZone, t) * 60_000);
  return `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}`;
}

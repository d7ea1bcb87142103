/**
 * What the deposit screen checks and shows before anything is sent: the amount as typed, the
 * channel's limits, the fee and bonus it will get, the reference number and the receipt image.
 * The server checks all of it again (server/modules/wallet/services/deposits.ts) with the same functions of
 * src/domain/money, so a member sees the refusal before the request, and the preview equals what
 * the deposit records.
 */
import { moneyText, parseAmount, percentOf, toAmount, toMinor } from '../../domain/money';
import { ApiFailure } from '../../lib/api/client';
import { isTranslationKey, type TranslationKey } from '../../lib/i18n-keys';
import type { DepositChannel, DepositState } from './api/deposits';
import { href } from '../../lib/routes';

/** A message to show: an i18n key and its values (the form components' FieldMessage shape). */
export interface DepositMessage {
  key: string;
  params?: Record<string, string | number>;
}

/** The address of the deposit screen, and of one deposit on it (also the payment provider's return address). */
export const DEPOSIT_PATH = href('voucherCenter');
export const depositDetailPath = (id: number): string => `${DEPOSIT_PATH}?deposit=${id}`;

/** The deposit id of `?deposit=<id>`, or null when absent or not a positive whole number. */
export function depositIdOf(search: string): number | null {
  const raw = new URLSearchParams(search).get('deposit');
  if (raw === null || !/^[1-9][0-9]{0,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}

/** An amount with the currency symbol and 2 decimals ("₱1,250.50"; src/domain/money's moneyText). */
export function formatMoney(symbol: string, amount: number): string {
  return moneyText(symbol, amount);
}

/** The amount as typed (src/domain/money's parseAmount: the one rule for amount text). */
export { parseAmount };

const feeMinor = (channel: Pick<DepositChannel, 'fee'>, minor: number): number => percentOf(minor, channel.fee.percent) + toMinor(channel.fee.fixed);

export interface DepositPreview {
  amount: number;
  /** Taken from the credited amount: the percent part (percentOf's rounding), plus the fixed part. */
  fee: number;
  /** bonusPercent of the amount (percentOf's rounding). */
  bonus: number;
  /** What lands in the wallet: amount - fee + bonus. */
  total: number;
}

/** The fee, bonus and total of depositing `amount` through `channel`, in currency units. */
export function previewDeposit(channel: Pick<DepositChannel, 'fee' | 'bonusPercent'>, amount: number): DepositPreview {
  const minor = toMinor(amount);
  const fee = feeMinor(channel, minor);
  const bonus = percentOf(minor, channel.bonusPercent);
  return { amount: toAmount(minor), fee: toAmount(fee), bonus: toAmount(bonus), total: toAmount(minor - fee + bonus) };
}

/**
 * Why the typed amount cannot be sent through the channel (null: it can). The limits are the
 * server's refusals (err_deposit_amount_below_min / above_max) with the same texts; a fee that
 * would eat the whole amount is refused as too small, as the server does.
 */
export function checkDepositAmount(channel: DepositChannel, text: string, symbol: string): DepositMessage | null {
  if (text.trim() === '') return { key: 'deposit_amount_required' };
  const amount = parseAmount(text);
  if (amount === null) return { key: 'deposit_amount_invalid' };
  const minor = toMinor(amount);
  const below = { key: 'err_deposit_amount_below_min', params: { min: formatMoney(symbol, channel.min) } };
  if (minor < toMinor(channel.min)) return below;
  if (minor > toMinor(channel.max)) return { key: 'err_deposit_amount_above_max', params: { max: formatMoney(symbol, channel.max) } };
  if (feeMinor(channel, minor) >= minor) return below;
  return null;
}

/** The server's reference number rule (schemas/api/wallet.json referenceBody). */
const REFERENCE_PATTERN = /^[A-Za-z0-9-]{4,40}$/;

export function checkReference(text: string): DepositMessage | null {
  const value = text.trim();
  if (value === '') return { key: 'deposit_reference_required' };
  return REFERENCE_PATTERN.test(value) ? null : { key: 'deposit_reference_format' };
}

/** The receipt image the server takes (server/modules/wallet/routes/deposit-receipts.ts). */
const RECEIPT_TYPES: readonly string[] = ['image/png', 'image/jpeg'];
const MAX_RECEIPT_BYTES = 5 * 1024 * 1024;
/** What the file picker offers. */
export const RECEIPT_ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';

export function checkReceipt(file: Pick<File, 'type' | 'size'>): DepositMessage | null {
  if (!RECEIPT_TYPES.includes(file.type)) return { key: 'deposit_receipt_type' };
  if (file.size > MAX_RECEIPT_BYTES) return { key: 'deposit_receipt_size', params: { max: 5 } };
  if (file.size === 0) return { key: 'deposit_receipt_type' };
  return null;
}

/**
 * The message of a refused call: the errorCode's text, with the limit a limit refusal names
 * (value.min / value.max) written as money. A refusal by state names that state.
 */
export function depositFailureMessage(error: unknown, symbol: string): DepositMessage {
  if (!(error instanceof ApiFailure)) return { key: 'unknown_error' };
  const value = (error.value ?? {}) as { min?: unknown; max?: unknown; state?: unknown };
  const params: Record<string, string | number> = {};
  if (typeof value.min === 'number') params.min = formatMoney(symbol, value.min);
  if (typeof value.max === 'number') params.max = formatMoney(symbol, value.max);
  if (error.errorCode === 'deposit.pending.limit' && typeof value.max === 'number') params.max = value.max;
  // The member's own deposit limit: what remains, in the words of its period ("daily ... leaves ₱100.00").
  if (error.errorCode === 'limit.deposit.exceeded') {
    const { amount, period } = value as { amount?: unknown; period?: unknown };
    const key = `err_limit_deposit_exceeded_${String(period)}`;
    return { key: isTranslationKey(key) ? key : error.messageKey, params: { amount: formatMoney(symbol, typeof amount === 'number' ? amount : 0) } };
  }
  return Object.keys(params).length ? { key: error.messageKey, params } : { key: error.messageKey };
}

/** The i18n key of a deposit's state. */
export const DEPOSIT_STATE_KEYS: Readonly<Record<DepositState, TranslationKey>> = {
  pending: 'deposit_state_pending',
  paid: 'deposit_state_paid',
  rejected: 'deposit_state_rejected',
  expired: 'deposit_state_expired',
  cancelled: 'deposit_state_cancelled',
};

/** Seconds left until `expiresAt` at `now` (ms), never below 0. */
export function secondsLeft(expiresAt: string, now: number): number {
  const end = Date.parse(expiresAt);
  return Number.isFinite(end) ? Math.max(0, Math.ceil((end - now) / 1000)) : 0;
}

/** "mm:ss" (or "h:mm:ss" from an hour up) of a countdown. */
export function formatCountdown(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/** Waits before each re-read of a pending deposit after the payment page: a few, spaced out. */
export const PENDING_POLL_DELAYS_MS: readonly number[] = [2000, 4000, 8000, 16000, 30000];

/**
 * What the transfer-to-upline screen checks and shows before anything is sent: the amount as
 * typed against the limits and balance, the payment password, and for each reason that blocks a
 * transfer its text with its numbers and where to clear it. The server checks everything again.
 */
import { parseAmount, toMinor } from '../../domain/money';
import { ApiFailure } from '../../lib/api/client';
import type { TranslationKey } from '../../lib/i18n-keys';
import type { UplineTransfer, UplineTransferReason } from './api/transfers';
import { formatRecordMoney } from './components/format';
import type { RecordsMessage } from './rebate-rules';
import { href } from '../../lib/routes';

const PAYMENT_PASSWORD_VIEW = href('securityCenter', { view: 'paymentPassword' });

/** A typed amount in currency units (at most 2 decimals, above zero), or null: src/domain/money's one rule for amount text. */
export const parseTransferAmount = parseAmount;

/** Why the typed amount cannot be sent (null: it can), checked as the server will. */
export function checkTransferAmount(state: Pick<UplineTransfer, 'min' | 'max' | 'balance'>, text: string, symbol: string): RecordsMessage | null {
  if (text.trim() === '') return { key: 'transfer_amount_required' };
  const amount = parseTransferAmount(text);
  if (amount === null) return { key: 'deposit_amount_invalid' };
  if (toMinor(amount) < toMinor(state.min) || toMinor(amount) > toMinor(state.max)) {
    return { key: 'transfer_amount_range', params: { min: formatRecordMoney(symbol, state.min), max: formatRecordMoney(symbol, state.max) } };
  }
  if (toMinor(amount) > toMinor(state.balance)) return { key: 'transfer_amount_over_balance', params: { balance: formatRecordMoney(symbol, state.balance) } };
  return null;
}

/** The payment password as typed: required, 6 digits (the server's paymentPassword rule). */
export function checkTransferPassword(text: string): RecordsMessage | null {
  if (text === '') return { key: 'payment_password_required' };
  return /^[0-9]{6}$/.test(text) ? null : { key: 'format_payment_password' };
}

/** A reason's text with its numbers. */
export function transferReasonMessage(reason: UplineTransferReason, symbol: string): RecordsMessage {
  switch (reason.code) {
    case 'turnover.required':
      return {
        key: 'transfer_reason_turnover',
        params: {
          outstanding: formatRecordMoney(symbol, reason.outstanding ?? 0),
          wagered: formatRecordMoney(symbol, reason.wagered ?? 0),
          required: formatRecordMoney(symbol, reason.required ?? 0),
        },
      };
    case 'transfer.type.forbidden':
      return { key: 'err_transfer_type_forbidden' };
    case 'transfer.upline.missing':
      return { key: 'err_transfer_upline_missing' };
    case 'payment.password.unset':
      return { key: 'transfer_reason_payment_password' };
    case 'balance.insufficient':
      return { key: 'transfer_reason_balance', params: { balance: formatRecordMoney(symbol, reason.balance ?? 0), min: formatRecordMoney(symbol, reason.min ?? 0) } };
  }
}

/** Where a member clears a reason, and the link's text; null for what the member cannot change. Turnover leads to `gamesTo`. */
export function transferReasonAction(reason: Pick<UplineTransferReason, 'code'>, gamesTo = href('gameList')): { to: string; label: TranslationKey } | null {
  switch (reason.code) {
    case 'turnover.required':
      return { to: gamesTo, label: 'withdraw_action_play' };
    case 'payment.password.unset':
      return { to: PAYMENT_PASSWORD_VIEW, label: 'withdraw_action_payment_password' };
    case 'balance.insufficient':
      return { to: href('voucherCenter'), label: 'withdraw_action_deposit' };
    default:
      return null;
  }
}

/** Whether wagering is owed: the form is then disabled (the amount cannot be sent whatever it is). */
export function transferOwesTurnover(state: Pick<UplineTransfer, 'reasons'>): boolean {
  return state.reasons.some((r) => r.code === 'turnover.required');
}

/** The message of a refused request: the errorCode's text (a locked password says for how long, a range its limits). */
export function transferFailureMessage(error: unknown, symbol: string): RecordsMessage {
  if (!(error instanceof ApiFailure)) return { key: 'unknown_error' };
  const value = (error.value ?? {}) as { retryAfter?: unknown; min?: unknown; max?: unknown; reasons?: UplineTransferReason[] };
  const owed = error.errorCode === 'turnover.required' ? value.reasons?.find((r) => r.code === 'turnover.required') : undefined;
  if (owed) return transferReasonMessage(owed, symbol);
  if (error.errorCode === 'payment.password.locked' && typeof value.retryAfter === 'number') {
    return { key: 'withdraw_payment_password_locked', params: { minutes: Math.max(1, Math.ceil(value.retryAfter / 60)) } };
  }
  if (error.errorCode === 'transfer.amount.range' && typeof value.min === 'number' && typeof value.max === 'number') {
    return { key: 'transfer_amount_range', params: { min: formatRecordMoney(symbol, value.min), max: formatRecordMoney(symbol, value.max) } };
  }
  return { key: error.messageKey };
}

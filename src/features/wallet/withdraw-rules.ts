/**
 * What the withdraw screen checks and shows before anything is sent: the amount as typed against
 * the limits and balance, the fee on top of it (server/modules/wallet/services/withdrawals.ts computes it with the
 * same percentOf of src/domain/money),
 * the payment password's form, and for each reason that blocks a withdrawal its text with its
 * numbers and where to go to clear it. The server checks everything again.
 */
import { ApiFailure } from '../../lib/api/client';
import type { TranslationKey } from '../../lib/i18n-keys';
import type { WithdrawalEligibility, WithdrawalReason } from './api/withdrawals';
import { parseAmount, percentOf, toAmount, toMinor } from '../../domain/money';
import { formatMoney, type DepositMessage } from './deposit-rules';
import { href } from '../../lib/routes';

/** A message to show: an i18n key and its values. */
export type WithdrawMessage = DepositMessage;
export const WITHDRAW_REPORT_PATH = href('withdrawReport');

type Limits = WithdrawalEligibility['limits'];

/** The fee on top of `amount` in minor units: percent of it (percentOf's rounding), plus the fixed part. */
function feeMinor(limits: Pick<Limits, 'feePercent' | 'feeFixed'>, minor: number): number {
  return percentOf(minor, limits.feePercent) + toMinor(limits.feeFixed);
}

export interface WithdrawPreview {
  amount: number;
  /** On top of the amount. */
  fee: number;
  /** What leaves the balance (held until an operator decides): amount + fee. */
  deducted: number;
  /** What reaches the payout account: the amount. */
  received: number;
}

/** The fee, the amount deducted and the amount received of withdrawing `amount`, in currency units. */
export function previewWithdrawal(limits: Pick<Limits, 'feePercent' | 'feeFixed'>, amount: number): WithdrawPreview {
  const minor = toMinor(amount);
  const fee = feeMinor(limits, minor);
  return { amount: toAmount(minor), fee: toAmount(fee), deducted: toAmount(minor + fee), received: toAmount(minor) };
}

/** Why the typed amount cannot be requested (null: it can), checked as the server will. */
export function checkWithdrawAmount(e: Pick<WithdrawalEligibility, 'limits' | 'balance'>, text: string, symbol: string): WithdrawMessage | null {
  if (text.trim() === '') return { key: 'withdraw_amount_required' };
  const amount = parseAmount(text);
  if (amount === null) return { key: 'deposit_amount_invalid' };
  const minor = toMinor(amount);
  if (minor < toMinor(e.limits.min) || minor > toMinor(e.limits.max)) {
    return { key: 'withdraw_amount_range', params: { min: formatMoney(symbol, e.limits.min), max: formatMoney(symbol, e.limits.max) } };
  }
  const needed = minor + feeMinor(e.limits, minor);
  if (needed > toMinor(e.balance)) {
    return { key: 'withdraw_amount_over_balance', params: { needed: formatMoney(symbol, toAmount(needed)), balance: formatMoney(symbol, e.balance) } };
  }
  return null;
}

/** The payment password rule (server/lib/validation-rules.ts paymentPassword: 6 digits). */
const PAYMENT_PASSWORD_PATTERN = /^[0-9]{6}$/;

/** A payment password as typed (withdrawal, removing a payout account): required, 6 digits. */
export function checkPaymentPassword(text: string): WithdrawMessage | null {
  if (text === '') return { key: 'payment_password_required' };
  return PAYMENT_PASSWORD_PATTERN.test(text) ? null : { key: 'format_payment_password' };
}

/** The message of a refused request: the errorCode's text (a locked password says for how long). */
export function withdrawalFailureMessage(error: unknown): WithdrawMessage {
  if (!(error instanceof ApiFailure)) return { key: 'unknown_error' };
  const value = (error.value ?? {}) as { retryAfter?: unknown };
  if (error.errorCode === 'payment.password.locked' && typeof value.retryAfter === 'number') {
    return { key: 'withdraw_payment_password_locked', params: { minutes: Math.max(1, Math.ceil(value.retryAfter / 60)) } };
  }
  return { key: error.messageKey };
}

/** Where a member clears a reason, and the link's text. */
export interface ReasonAction {
  to: string;
  label: TranslationKey;
}

/** The pages that clear each reason; turnover leads to `gamesTo` (the tenant's games). */
export function reasonAction(reason: Pick<WithdrawalReason, 'code'>, gamesTo: string): ReasonAction | null {
  switch (reason.code) {
    case 'turnover.required':
      return { to: gamesTo, label: 'withdraw_action_play' };
    case 'identity.unverified':
      return { to: href('securityCenter', { view: 'identity' }), label: 'withdraw_action_identity' };
    case 'payout.account.missing':
      return { to: href('securityCenter', { view: 'payoutAccounts' }), label: 'withdraw_action_payout_account' };
    case 'payment.password.unset':
      return { to: href('securityCenter', { view: 'paymentPassword' }), label: 'withdraw_action_payment_password' };
    case 'withdrawal.pending':
      return { to: WITHDRAW_REPORT_PATH, label: 'withdraw_action_records' };
    case 'balance.insufficient':
      return { to: href('voucherCenter'), label: 'withdraw_action_deposit' };
    case 'withdrawal.daily.limit':
    case 'withdrawal.amount.range':
      return null;
  }
}

const money = (symbol: string, value: number | undefined) => formatMoney(symbol, value ?? 0);

/** A reason's text with its numbers (money with the tenant's currency symbol). */
export function reasonMessage(reason: WithdrawalReason, symbol: string): WithdrawMessage {
  switch (reason.code) {
    case 'turnover.required':
      return {
        key: 'withdraw_reason_turnover',
        params: { outstanding: money(symbol, reason.outstanding), wagered: money(symbol, reason.wagered), required: money(symbol, reason.required) },
      };
    case 'identity.unverified':
      return { key: reason.identityState === 'pending' ? 'withdraw_reason_identity_pending' : reason.identityState === 'rejected' ? 'withdraw_reason_identity_rejected' : 'withdraw_reason_identity' };
    case 'payout.account.missing':
      return { key: 'withdraw_reason_payout_account' };
    case 'withdrawal.pending':
      return { key: 'withdraw_reason_pending', params: { id: reason.withdrawalId ?? '' } };
    case 'withdrawal.daily.limit':
      return { key: 'withdraw_reason_daily_limit', params: { used: reason.used ?? 0, allowed: reason.allowed ?? 0 } };
    case 'withdrawal.amount.range':
      return { key: 'withdraw_reason_amount_range', params: { amount: money(symbol, reason.amount), min: money(symbol, reason.min), max: money(symbol, reason.max) } };
    case 'payment.password.unset':
      return { key: 'withdraw_reason_payment_password' };
    case 'balance.insufficient':
      return {
        key: 'withdraw_reason_balance',
        params: { needed: money(symbol, reason.needed), amount: money(symbol, reason.amount), fee: money(symbol, reason.fee), balance: money(symbol, reason.balance) },
      };
  }
}

/** The i18n key of a withdrawal's state. */
export const WITHDRAWAL_STATE_KEYS: Readonly<Record<'pending' | 'paid' | 'rejected', TranslationKey>> = {
  pending: 'withdraw_state_pending',
  paid: 'withdraw_state_paid',
  rejected: 'withdraw_state_rejected',
};

/**
 * The states of deposits and withdrawals as the records show them (schemas/api/money-records.json):
 * the word, the colour, and what happens next, so a member reads from the row and the sheet what a
 * request is waiting for and what to do about it.
 */
import type { TranslationKey } from '../../lib/i18n-keys';
import type { BadgeTone } from './components/record-states';
import type { DepositRecord, DepositRecordState } from './api/deposits';
import type { WithdrawalRecord, WithdrawalRecordState } from './api/withdrawals';

export const DEPOSIT_RECORD_STATES = ['pending', 'paid', 'rejected', 'expired', 'cancelled'] as const satisfies readonly DepositRecordState[];
export const WITHDRAWAL_RECORD_STATES = ['pending', 'paid', 'rejected'] as const satisfies readonly WithdrawalRecordState[];

export function isDepositRecordState(value: string | null | undefined): value is DepositRecordState {
  return (DEPOSIT_RECORD_STATES as readonly string[]).includes(value ?? '');
}

export function isWithdrawalRecordState(value: string | null | undefined): value is WithdrawalRecordState {
  return (WITHDRAWAL_RECORD_STATES as readonly string[]).includes(value ?? '');
}

export const DEPOSIT_STATE_KEYS: Readonly<Record<DepositRecordState, TranslationKey>> = {
  pending: 'deposit_state_pending',
  paid: 'deposit_state_paid',
  rejected: 'deposit_state_rejected',
  expired: 'deposit_state_expired',
  cancelled: 'deposit_state_cancelled',
};

export const WITHDRAWAL_STATE_KEYS: Readonly<Record<WithdrawalRecordState, TranslationKey>> = {
  pending: 'withdraw_state_pending',
  paid: 'withdraw_state_paid',
  rejected: 'withdraw_state_rejected',
};

/** Waiting is amber, done green, refused red; closed without effect (expired, cancelled) grey. */
export const DEPOSIT_STATE_TONES: Readonly<Record<DepositRecordState, BadgeTone>> = {
  pending: 'pending',
  paid: 'success',
  rejected: 'danger',
  expired: 'muted',
  cancelled: 'muted',
};

export const WITHDRAWAL_STATE_TONES: Readonly<Record<WithdrawalRecordState, BadgeTone>> = {
  pending: 'pending',
  paid: 'success',
  rejected: 'danger',
};

/** A line to show, with its values, and how it reads (a refusal in red). */
export interface StateNote {
  key: TranslationKey;
  params?: Record<string, string>;
  tone?: 'danger';
}

/**
 * What a deposit is waiting for, or what became of it: the short hint of its row. A rejected one
 * names the operator's reason when there is one.
 */
export function depositRowHint(d: Pick<DepositRecord, 'state' | 'provider' | 'reference' | 'reason'>): StateNote | null {
  switch (d.state) {
    case 'pending':
      if (d.provider === 'gateway') return { key: 'deprec_hint_pay' };
      return d.reference ? { key: 'deprec_hint_confirm' } : { key: 'deprec_hint_reference' };
    case 'rejected':
      return d.reason ? { key: 'deprec_hint_rejected', params: { reason: d.reason }, tone: 'danger' } : null;
    default:
      return null;
  }
}

/** The next step a deposit's sheet offers: continue it (pending), or make a new one (closed without money). */
export type DepositAction = 'continue' | 'again' | null;

/**
 * The sentence at the top of a deposit's sheet and the action under it. `amounts` are written
 * already (currency and 2 decimals).
 */
export function depositOutcome(
  d: Pick<DepositRecord, 'state' | 'provider' | 'reference' | 'reason' | 'bonus'>,
  amounts: { credited: string; bonus: string },
): { note: StateNote; action: DepositAction } {
  switch (d.state) {
    case 'pending':
      if (d.provider === 'gateway') return { note: { key: 'deprec_next_pay' }, action: 'continue' };
      return d.reference ? { note: { key: 'deposit_waiting_operator' }, action: 'continue' } : { note: { key: 'deprec_next_reference' }, action: 'continue' };
    case 'paid':
      return d.bonus > 0
        ? { note: { key: 'deprec_next_paid_bonus', params: { amount: amounts.credited, bonus: amounts.bonus } }, action: null }
        : { note: { key: 'deprec_next_paid', params: { amount: amounts.credited } }, action: null };
    case 'rejected':
      return { note: { key: 'deprec_next_rejected', tone: 'danger' }, action: 'again' };
    case 'expired':
      return { note: { key: 'deposit_expired_title' }, action: 'again' };
    case 'cancelled':
      return { note: { key: 'deposit_cancelled_title' }, action: 'again' };
  }
}

/** The row hint of a withdrawal: waiting for the payout, or the reason of a refusal. */
export function withdrawalRowHint(w: Pick<WithdrawalRecord, 'state' | 'reason'>): StateNote | null {
  if (w.state === 'pending') return { key: 'wdrec_hint_pending' };
  if (w.state === 'rejected' && w.reason) return { key: 'wdrec_hint_rejected', params: { reason: w.reason }, tone: 'danger' };
  return null;
}

/** The sentence at the top of a withdrawal's sheet; `amounts` are written already. */
export function withdrawalOutcome(w: Pick<WithdrawalRecord, 'state'>, amounts: { amount: string; total: string; account: string }): StateNote {
  switch (w.state) {
    case 'pending':
      return { key: 'wdrec_next_pending', params: { total: amounts.total } };
    case 'paid':
      return { key: 'wdrec_next_paid', params: { amount: amounts.amount, account: amounts.account } };
    case 'rejected':
      return { key: 'wdrec_next_rejected', params: { total: amounts.total }, tone: 'danger' };
  }
}

/** A payout account as the records name it: "BPI ****7890". */
export function payoutAccountLabel(a: Pick<WithdrawalRecord['payoutAccount'], 'providerName' | 'accountNo'>): string {
  return `${a.providerName} ${a.accountNo}`;
}

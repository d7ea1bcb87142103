import { describe, expect, it } from 'vitest';
import {
  DEPOSIT_RECORD_STATES,
  DEPOSIT_STATE_TONES,
  depositOutcome,
  depositRowHint,
  isDepositRecordState,
  isWithdrawalRecordState,
  payoutAccountLabel,
  WITHDRAWAL_STATE_TONES,
  withdrawalOutcome,
  withdrawalRowHint,
} from '../../../src/features/records';

const amounts = { credited: '₱985.00', bonus: '₱100.00' };
const base = { provider: 'manual' as const, reference: undefined, reason: undefined, bonus: 0 };

describe('deposit states as the records show them', () => {
  it('knows exactly the states the server stores', () => {
    expect(DEPOSIT_RECORD_STATES).toEqual(['pending', 'paid', 'rejected', 'expired', 'cancelled']);
    expect(isDepositRecordState('expired')).toBe(true);
    expect(isDepositRecordState('approved')).toBe(false);
    expect(isDepositRecordState(null)).toBe(false);
    expect(isWithdrawalRecordState('expired')).toBe(false);
    expect(isWithdrawalRecordState('rejected')).toBe(true);
  });

  it('colours waiting amber, done green, refused red, closed grey', () => {
    expect(DEPOSIT_STATE_TONES).toEqual({ pending: 'pending', paid: 'success', rejected: 'danger', expired: 'muted', cancelled: 'muted' });
    expect(WITHDRAWAL_STATE_TONES).toEqual({ pending: 'pending', paid: 'success', rejected: 'danger' });
  });

  it('says what a pending deposit waits for: the payment, the reference, or the confirmation', () => {
    expect(depositRowHint({ ...base, state: 'pending', provider: 'gateway' })?.key).toBe('deprec_hint_pay');
    expect(depositRowHint({ ...base, state: 'pending' })?.key).toBe('deprec_hint_reference');
    expect(depositRowHint({ ...base, state: 'pending', reference: 'BPI-1' })?.key).toBe('deprec_hint_confirm');
    expect(depositOutcome({ ...base, state: 'pending', provider: 'gateway' }, amounts)).toEqual({ note: { key: 'deprec_next_pay' }, action: 'continue' });
    expect(depositOutcome({ ...base, state: 'pending' }, amounts)).toEqual({ note: { key: 'deprec_next_reference' }, action: 'continue' });
    expect(depositOutcome({ ...base, state: 'pending', reference: 'BPI-1' }, amounts)).toEqual({ note: { key: 'deposit_waiting_operator' }, action: 'continue' });
  });

  it('names the reason of a rejection, in red, and offers a new deposit after a deposit closed without money', () => {
    expect(depositRowHint({ ...base, state: 'rejected', reason: 'No transfer' })).toEqual({ key: 'deprec_hint_rejected', params: { reason: 'No transfer' }, tone: 'danger' });
    expect(depositRowHint({ ...base, state: 'rejected' })).toBeNull();
    expect(depositOutcome({ ...base, state: 'rejected', reason: 'No transfer' }, amounts)).toEqual({ note: { key: 'deprec_next_rejected', tone: 'danger' }, action: 'again' });
    expect(depositOutcome({ ...base, state: 'expired' }, amounts).action).toBe('again');
    expect(depositOutcome({ ...base, state: 'cancelled' }, amounts).action).toBe('again');
    expect(depositRowHint({ ...base, state: 'paid' })).toBeNull();
  });

  it('says what a paid deposit credited, with its bonus when it had one', () => {
    expect(depositOutcome({ ...base, state: 'paid' }, amounts)).toEqual({ note: { key: 'deprec_next_paid', params: { amount: '₱985.00' } }, action: null });
    expect(depositOutcome({ ...base, state: 'paid', bonus: 100 }, amounts)).toEqual({ note: { key: 'deprec_next_paid_bonus', params: { amount: '₱985.00', bonus: '₱100.00' } }, action: null });
  });
});

describe('withdrawal states as the records show them', () => {
  const written = { amount: '₱250.00', total: '₱252.50', account: 'BPI ****7890' };
  it('says what is held, where the money went, or what was returned and why', () => {
    expect(withdrawalRowHint({ state: 'pending' })?.key).toBe('wdrec_hint_pending');
    expect(withdrawalRowHint({ state: 'paid' })).toBeNull();
    expect(withdrawalRowHint({ state: 'rejected', reason: 'Name mismatch' })).toEqual({ key: 'wdrec_hint_rejected', params: { reason: 'Name mismatch' }, tone: 'danger' });
    expect(withdrawalOutcome({ state: 'pending' }, written)).toEqual({ key: 'wdrec_next_pending', params: { total: '₱252.50' } });
    expect(withdrawalOutcome({ state: 'paid' }, written)).toEqual({ key: 'wdrec_next_paid', params: { amount: '₱250.00', account: 'BPI ****7890' } });
    expect(withdrawalOutcome({ state: 'rejected' }, written)).toEqual({ key: 'wdrec_next_rejected', params: { total: '₱252.50' }, tone: 'danger' });
    expect(payoutAccountLabel({ providerName: 'BPI', accountNo: '****7890' })).toBe('BPI ****7890');
  });
});

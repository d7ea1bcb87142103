// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { request } from '../../src/lib/api/client';
import { feedbackStore } from '../../src/lib/feedback';
import { SESSION_KEY, reloadSessionFromStorage } from '../../src/lib/session';
import { TY } from '../../tests/renderer/harness';
import { RULES, byLabel, callsTo, fail, queryByLabel, renderForm, scriptApi, setUpFormTests, type, type Handler } from '../../tests/forms/helpers';
import { checkPaymentPasswordField } from './payment-password';
import manifest from './index';

vi.mock('../../src/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  request: vi.fn(),
}));

const PaymentPassword = manifest.component;

setUpFormTests(request, <PaymentPassword />, () => import('./payment-password'));

const ELIGIBILITY = 'GET /wps/wallet/withdrawals/eligibility';
const INFO = 'GET /wps/member/info';
const SET = 'POST /wps/security/paymentPassword';
const CHANGE = 'POST /wps/security/paymentPassword/change';
const CODE = 'POST /wps/security/paymentPassword/code';
const RESET = 'POST /wps/security/paymentPassword/reset';

const fill = (text: string, vars: Record<string, string | number>) => Object.entries(vars).reduce((s, [k, v]) => s.replace(`{{${k}}}`, String(v)), text);

function eligibility(paymentPasswordSet: boolean) {
  return {
    balance: 100,
    withdrawable: 0,
    currency: 'PHP',
    allowed: false,
    limits: { min: 100, max: 50000, feePercent: 0, feeFixed: 0, dailyCount: 3, dailyUsed: 0 },
    payoutAccounts: [],
    reasons: paymentPasswordSet ? [{ code: 'payout.account.missing' }] : [{ code: 'payment.password.unset' }, { code: 'payout.account.missing' }],
  };
}

const INFO_VALUE = { id: 7, account: 'juan123', type: 0, regDate: '2030-01-01T00:00:00.000Z', toUpline: null, passwordSet: true, mobileNum: '0917****567', email: null };

function logIn() {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'tok-0123456789abcdef', merchantCode: 'fixture01', userName: 'juan123', type: 0, firstTimeLogin: false }));
  reloadSessionFromStorage();
}

function setup(isSet: boolean | (() => boolean), handlers: Record<string, Handler> = {}, props: { reset?: boolean } = {}) {
  logIn();
  const calls = scriptApi(request, {
    [ELIGIBILITY]: () => eligibility(typeof isSet === 'function' ? isSet() : isSet),
    [INFO]: () => INFO_VALUE,
    ...handlers,
  });
  renderForm(<PaymentPassword {...props} />, { route: '/m/securityCenter?view=paymentPassword' });
  return calls;
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: TY.submit }));

describe('payment-password', () => {
  it('a visitor is asked to log in and nothing is loaded', () => {
    const calls = scriptApi(request, {});
    renderForm(<PaymentPassword />, { route: '/m/securityCenter?view=paymentPassword' });
    expect(screen.getByText(TY.security_login_first)).toBeTruthy();
    expect(callsTo(calls, ELIGIBILITY)).toHaveLength(0);
  });

  it('without a payment password: the set form, digits only, the paymentPassword rule and the confirmation', async () => {
    const calls = setup(false, { [SET]: () => true });
    expect(await screen.findByText(TY.payment_password_not_set_intro)).toBeTruthy();
    expect(queryByLabel('payment_password_old')).toBeNull();
    expect(screen.queryByRole('button', { name: TY.payment_password_reset_sms })).toBeNull();
    type('payment_password_new', '12ab3');
    expect(byLabel('payment_password_new').value).toBe('123');
    submit();
    expect(await screen.findByText(TY.format_payment_password)).toBeTruthy();
    expect(screen.getByText(TY.enter_password)).toBeTruthy();
    type('payment_password_new', '123456');
    type('payment_password_confirm', '123457');
    submit();
    expect(await screen.findByText(TY.confirm_password_mismatch)).toBeTruthy();
    expect(callsTo(calls, SET)).toHaveLength(0);
    type('payment_password_confirm', '123456');
    submit();
    await waitFor(() => expect(callsTo(calls, SET)).toHaveLength(1));
    expect(callsTo(calls, SET)[0].opts.body).toEqual({ paymentPassword: '123456', confirmPaymentPassword: '123456' });
    await waitFor(() => expect(feedbackStore.toasts.some((toast) => JSON.stringify(toast).includes('payment_password_saved'))).toBe(true));
  });

  it('after setting, the state is read again and the form becomes change / reset', async () => {
    let isSet = false;
    const calls = setup(() => isSet, {
      [SET]: () => {
        isSet = true;
        return true;
      },
    });
    await screen.findByText(TY.payment_password_not_set_intro);
    type('payment_password_new', '123456');
    type('payment_password_confirm', '123456');
    submit();
    expect(await screen.findByText(TY.payment_password_is_set)).toBeTruthy();
    expect(byLabel('payment_password_old')).toBeTruthy();
    expect(callsTo(calls, ELIGIBILITY).length).toBeGreaterThanOrEqual(2);
  });

  it('payment.password.exists (set elsewhere meanwhile) is shown and the state read again', async () => {
    const calls = setup(false, { [SET]: () => fail('payment.password.exists', 'err_payment_password_exists', undefined, 409) });
    await screen.findByText(TY.payment_password_not_set_intro);
    type('payment_password_new', '123456');
    type('payment_password_confirm', '123456');
    submit();
    expect(await screen.findByText(TY.err_payment_password_exists)).toBeTruthy();
    await waitFor(() => expect(callsTo(calls, ELIGIBILITY).length).toBeGreaterThanOrEqual(2));
  });

  it('change: old, new and confirm; the new one must differ from the old', async () => {
    const calls = setup(true, { [CHANGE]: () => true });
    expect(await screen.findByText(TY.payment_password_is_set)).toBeTruthy();
    type('payment_password_old', '111111');
    type('payment_password_new', '111111');
    type('payment_password_confirm', '111111');
    submit();
    expect(await screen.findByText(TY.new_old_password_same)).toBeTruthy();
    expect(callsTo(calls, CHANGE)).toHaveLength(0);
    type('payment_password_new', '222222');
    type('payment_password_confirm', '222222');
    submit();
    await waitFor(() => expect(callsTo(calls, CHANGE)).toHaveLength(1));
    expect(callsTo(calls, CHANGE)[0].opts.body).toEqual({ oldPaymentPassword: '111111', newPaymentPassword: '222222', confirmPaymentPassword: '222222' });
  });

  it('a wrong old password says how many tries are left and clears it; the lock says for how long', async () => {
    let call = 0;
    setup(true, {
      [CHANGE]: () =>
        ++call === 1
          ? fail('payment.password.incorrect', 'err_payment_password_incorrect', { field: '/oldPaymentPassword', attemptsLeft: 3 })
          : fail('payment.password.locked', 'err_payment_password_locked', { retryAfter: 600 }, 429),
    });
    await screen.findByText(TY.payment_password_is_set);
    type('payment_password_old', '999999');
    type('payment_password_new', '222222');
    type('payment_password_confirm', '222222');
    submit();
    expect(await screen.findByText(fill(TY.payment_password_attempts_left, { left: 3 }))).toBeTruthy();
    expect(byLabel('payment_password_old').value).toBe('');
    type('payment_password_old', '888888');
    submit();
    expect(await screen.findByText(fill(TY.payment_password_locked_minutes, { minutes: 10 }))).toBeTruthy();
  });

  it('reset by SMS: the code goes to the bound number, the send button counts down and ignores taps meanwhile', async () => {
    const calls = setup(true, { [CODE]: () => ({ expiredMinutes: 1 }), [RESET]: () => true });
    await screen.findByText(TY.payment_password_is_set);
    fireEvent.click(screen.getByRole('button', { name: TY.payment_password_reset_sms }));
    await waitFor(() => expect(screen.getByTestId('reset-mobile').textContent).toBe(fill(TY.payment_password_code_to, { mobile: '0917****567' })));
    expect(queryByLabel('payment_password_old')).toBeNull();
    expect(byLabel('verification_code').disabled).toBe(true);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    fireEvent.click(screen.getByRole('button', { name: TY.send_code }));
    await act(async () => {
      for (let i = 0; i < 10; i++) await Promise.resolve();
    });
    expect(callsTo(calls, CODE)).toHaveLength(1);
    expect(byLabel('verification_code').disabled).toBe(false);
    const waiting = screen.getByRole('button', { name: fill(TY.resend_in, { seconds: 60 }) }) as HTMLButtonElement;
    expect(waiting.disabled).toBe(true);
    fireEvent.click(waiting);
    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByRole('button', { name: fill(TY.resend_in, { seconds: 30 }) })).toBeTruthy();
    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByRole('button', { name: TY.send_code })).toBeTruthy();
    expect(callsTo(calls, CODE)).toHaveLength(1);
    vi.useRealTimers();
    type('verification_code', '123456');
    type('payment_password_new', '333333');
    type('payment_password_confirm', '333333');
    submit();
    await waitFor(() => expect(callsTo(calls, RESET)).toHaveLength(1));
    expect(callsTo(calls, RESET)[0].opts.body).toEqual({ verificationCode: '123456', newPaymentPassword: '333333', confirmPaymentPassword: '333333' });
  });

  it('reset: a wrong code is shown on the code field; a refused send shows its reason', async () => {
    setup(true, {
      [CODE]: (_opts, n) => (n === 1 ? fail('rate.limited', 'err_rate_limited', undefined, 429) : { expiredMinutes: 5 }),
      [RESET]: () => fail('sms.code.invalid', 'verification_code_error'),
    });
    await screen.findByText(TY.payment_password_is_set);
    fireEvent.click(screen.getByRole('button', { name: TY.payment_password_reset_sms }));
    fireEvent.click(await screen.findByRole('button', { name: TY.send_code }));
    expect(await screen.findByText(TY.err_rate_limited)).toBeTruthy();
    expect(byLabel('verification_code').disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: TY.send_code }));
    await waitFor(() => expect(byLabel('verification_code').disabled).toBe(false));
    type('verification_code', '000000');
    type('payment_password_new', '333333');
    type('payment_password_confirm', '333333');
    submit();
    expect(await screen.findByText(TY.verification_code_error)).toBeTruthy();
    expect(byLabel('verification_code').value).toBe('');
  });

  it('without the reset option only the change form shows', async () => {
    setup(true, {}, { reset: false });
    await screen.findByText(TY.payment_password_is_set);
    expect(screen.queryByRole('button', { name: TY.payment_password_reset_sms })).toBeNull();
    expect(byLabel('payment_password_old')).toBeTruthy();
  });

  it('the checks follow the server rule set', () => {
    const v = { oldPassword: '123456', newPassword: '12345', confirmPassword: '', verificationCode: '' };
    expect(checkPaymentPasswordField(RULES, 'set', 'newPassword', v)).toEqual({ key: 'format_payment_password' });
    expect(checkPaymentPasswordField(RULES, 'set', 'newPassword', { ...v, newPassword: '' })).toEqual({ key: 'field_required' });
    expect(checkPaymentPasswordField(RULES, 'change', 'newPassword', { ...v, newPassword: '123456' })).toEqual({ key: 'new_old_password_same' });
    expect(checkPaymentPasswordField(RULES, 'set', 'newPassword', { ...v, newPassword: '123456' })).toBeNull();
  });
});

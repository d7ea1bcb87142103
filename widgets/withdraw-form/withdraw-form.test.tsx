// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import useSWR from 'swr';
import { describe, expect, it, vi } from 'vitest';
import { resourceKey } from '../../src/lib/api/swr';
import { request } from '../../src/lib/api/client';
import { previewWithdrawal, WALLET_ENDPOINT, type Withdrawal, type WithdrawalEligibility } from '../../src/features/wallet';
import { reloadSessionFromStorage, SESSION_KEY } from '../../src/lib/session';
import { TY } from '../../tests/renderer/harness';
import { callsTo, fail, renderForm, scriptApi, setUpFormTests, type Handler } from '../../tests/forms/helpers';
import manifest from './index';

vi.mock('../../src/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  request: vi.fn(),
}));

const WithdrawForm = manifest.component;
setUpFormTests(request, <WithdrawForm />, () => import('./withdraw-form'));

const ELIGIBILITY = 'GET /wps/wallet/withdrawals/eligibility';
const CREATE = 'POST /wps/wallet/withdrawals';
const WALLET = 'GET /wps/member/wallet';

const GCASH = { id: 11, kind: 'ewallet', providerCode: 'gcash', providerName: 'GCash', accountNo: '****7890', holderName: 'Juan Dela Cruz' } as const;
const BDO = { id: 12, kind: 'bank', providerCode: 'bdo', providerName: 'BDO', accountNo: '****1234', holderName: 'Juan Dela Cruz' } as const;

const OPEN: WithdrawalEligibility = {
  balance: 5000,
  withdrawable: 4900.99,
  currency: 'PHP',
  allowed: true,
  limits: { min: 100, max: 50000, feePercent: 2, feeFixed: 1, dailyCount: 3, dailyUsed: 1 },
  payoutAccounts: [GCASH, BDO],
  reasons: [],
};

const WITHDRAWAL: Withdrawal = { id: 77, amount: 1000, fee: 21, state: 'pending', payoutAccount: BDO, createdAt: '2026-11-23T10:00:00.000Z' };

/** i18next-style interpolation of a TY text. */
const ty = (key: string, params: Record<string, string | number> = {}) => TY[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));

/** Reads the balance as the header does, so a revalidation shows as a second wallet call. */
function HeaderBalance() {
  useSWR(resourceKey(WALLET_ENDPOINT, null, 'fixture01:juan123'), () => request('GET', '/wps/member/wallet'));
  return null;
}

function logIn() {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'tok-0123456789abcdef', merchantCode: 'fixture01', userName: 'juan123', type: 0, firstTimeLogin: false }));
  reloadSessionFromStorage();
}

async function setup(handlers: Record<string, Handler> = {}) {
  logIn();
  const calls = scriptApi(request, { [ELIGIBILITY]: () => OPEN, [WALLET]: () => ({ sumBalance: 5000, currency: 'PHP', currencySymbol: '₱' }), ...handlers });
  renderForm(
    <>
      <WithdrawForm />
      <HeaderBalance />
    </>,
    { route: '/m/withdraw' },
  );
  await screen.findByTestId('withdraw-balance');
  return calls;
}

const amountInput = () => screen.getByLabelText(TY.withdraw_amount, { selector: 'input' }) as HTMLInputElement;
const passwordInput = () => screen.getByLabelText(TY.withdraw_payment_password, { selector: 'input' }) as HTMLInputElement;
const typeAmount = (value: string) => fireEvent.change(amountInput(), { target: { value } });
const typePassword = (value: string) => fireEvent.change(passwordInput(), { target: { value } });
const submitButton = () => screen.getByRole('button', { name: TY.withdraw_submit });
const submit = () => fireEvent.click(submitButton());
const keyOf = (call: { opts: { headers?: unknown } }) => (call.opts.headers as Record<string, string>)['idempotency-key'];

describe('withdraw-form', () => {
  it('asks a visitor to log in and loads nothing', () => {
    const calls = scriptApi(request, {});
    renderForm(<WithdrawForm />, { route: '/m/withdraw' });
    expect(screen.getByText(TY.withdraw_login_first)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('shows the balance, withdrawable amount, limits, fee rule, today\'s count and the masked accounts', async () => {
    await setup();
    expect(screen.getByTestId('withdraw-balance').textContent).toBe('₱5,000.00');
    expect(screen.getByTestId('withdraw-withdrawable').textContent).toBe('₱4,900.99');
    expect(screen.getByTestId('withdraw-limits').textContent).toBe(ty('withdraw_limits', { min: '₱100.00', max: '₱50,000.00' }));
    expect(screen.getByTestId('withdraw-fee-rule').textContent).toBe(ty('withdraw_fee_rule', { percent: 2, fixed: '₱1.00' }));
    expect(screen.getByTestId('withdraw-daily').textContent).toBe(ty('withdraw_daily', { used: 1, allowed: 3 }));
    const radios = within(screen.getByRole('radiogroup')).getAllByRole('radio');
    expect(radios.map((r) => r.textContent)).toEqual([
      ty('withdraw_account_option', { provider: 'GCash', accountNo: '****7890', holder: 'Juan Dela Cruz' }),
      ty('withdraw_account_option', { provider: 'BDO', accountNo: '****1234', holder: 'Juan Dela Cruz' }),
    ]);
    expect(radios[0].getAttribute('aria-checked')).toBe('true');
  });

  it('computes the fee, the amount deducted and the amount received live, as the server does', async () => {
    await setup();
    typeAmount('1000');
    // 2% of 1000 + 1 fixed = 21 on top; the payout account receives the amount.
    expect(screen.getByTestId('preview-fee').textContent).toBe('₱21.00');
    expect(screen.getByTestId('preview-deducted').textContent).toBe('₱1,021.00');
    expect(screen.getByTestId('preview-received').textContent).toBe('₱1,000.00');
    typeAmount('333.33');
    // 33333 x 2% = 666.66 minor units -> 667, + 100 fixed.
    expect(screen.getByTestId('preview-fee').textContent).toBe('₱7.67');
    expect(screen.getByTestId('preview-deducted').textContent).toBe('₱341.00');
    expect(previewWithdrawal({ feePercent: 1.5, feeFixed: 0 }, 100.01)).toEqual({ amount: 100.01, fee: 1.5, deducted: 101.51, received: 100.01 });
    expect(previewWithdrawal({ feePercent: 0, feeFixed: 0 }, 250)).toEqual({ amount: 250, fee: 0, deducted: 250, received: 250 });
  });

  it('"all" fills in the withdrawable amount', async () => {
    await setup();
    fireEvent.click(screen.getByRole('button', { name: TY.withdraw_all }));
    expect(amountInput().value).toBe('4900.99');
    expect(screen.getByTestId('preview-received').textContent).toBe('₱4,900.99');
  });

  it('checks the amount and the payment password before sending', async () => {
    const calls = await setup();
    submit();
    expect(await screen.findByText(TY.withdraw_amount_required)).toBeTruthy();
    expect(screen.getByText(TY.payment_password_required)).toBeTruthy();
    typeAmount('99.99');
    typePassword('12a34');
    // Digits only: the letter is dropped.
    expect(passwordInput().value).toBe('1234');
    submit();
    expect(await screen.findByText(ty('withdraw_amount_range', { min: '₱100.00', max: '₱50,000.00' }))).toBeTruthy();
    expect(screen.getByText(TY.format_payment_password)).toBeTruthy();
    typeAmount('4950');
    submit();
    expect(await screen.findByText(ty('withdraw_amount_over_balance', { needed: '₱5,050.00', balance: '₱5,000.00' }))).toBeTruthy();
    expect(callsTo(calls, CREATE)).toHaveLength(0);
  });

  it('requests the withdrawal with an Idempotency-Key, confirms the held amount as pending and revalidates the balance', async () => {
    const calls = await setup({ [CREATE]: () => WITHDRAWAL });
    fireEvent.click(screen.getAllByRole('radio')[1]);
    typeAmount('1000');
    typePassword('123456');
    submit();
    const done = await screen.findByTestId('withdraw-done');
    expect(within(done).getByText(TY.withdraw_done_title)).toBeTruthy();
    expect(within(done).getByText(ty('withdraw_done_held', { held: '₱1,021.00', amount: '₱1,000.00', fee: '₱21.00' }))).toBeTruthy();
    expect(within(done).getByTestId('withdraw-state').textContent).toBe(TY.withdraw_state_pending);
    expect(within(done).getByRole('link', { name: TY.withdraw_action_records }).getAttribute('href')).toBe('/m/withdrawReport');
    const [call] = callsTo(calls, CREATE);
    expect(call.opts.body).toEqual({ payoutAccountId: 12, amount: 1000, paymentPassword: '123456' });
    expect(keyOf(call)).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    // The header's balance is read again, and so is the eligibility (now with the pending withdrawal).
    await waitFor(() => expect(callsTo(calls, WALLET)).toHaveLength(2));
    await waitFor(() => expect(callsTo(calls, ELIGIBILITY).length).toBe(2));
  });

  it('sends the same key again when the same request is retried after a network error, a new one for a new amount', async () => {
    const calls = await setup({ [CREATE]: (_opts, n) => (n < 3 ? fail('network', 'network_slow', undefined, 0) : WITHDRAWAL) });
    typeAmount('1000');
    typePassword('123456');
    submit();
    expect(await screen.findByText(TY.network_slow)).toBeTruthy();
    // The password is kept after a network failure: the same request can be sent again as it is.
    expect(passwordInput().value).toBe('123456');
    await waitFor(() => expect(submitButton().hasAttribute('disabled')).toBe(false));
    submit();
    await waitFor(() => expect(callsTo(calls, CREATE)).toHaveLength(2));
    await waitFor(() => expect(submitButton().hasAttribute('disabled')).toBe(false));
    typeAmount('2000');
    submit();
    await screen.findByTestId('withdraw-done');
    const keys = callsTo(calls, CREATE).map(keyOf);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(callsTo(calls, CREATE)[2].opts.body).toEqual({ payoutAccountId: 11, amount: 2000, paymentPassword: '123456' });
  });

  it('shows the server refusal with its errorCode message and reads the reasons again', async () => {
    const refused: WithdrawalEligibility = { ...OPEN, allowed: false, reasons: [{ code: 'turnover.required', required: 3000, wagered: 1000, outstanding: 2000 }] };
    const calls = await setup({
      [ELIGIBILITY]: (_opts, n) => (n <= 2 ? OPEN : refused),
      [CREATE]: (_opts, n) => {
        if (n === 1) fail('payment.password.incorrect', 'err_payment_password_incorrect', { field: '/paymentPassword' });
        return fail('turnover.required', 'err_turnover_required', { reasons: refused.reasons }, 409);
      },
    });
    typeAmount('1000');
    typePassword('123456');
    submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(TY.err_payment_password_incorrect));
    // A wrong password is typed again.
    expect(passwordInput().value).toBe('');
    typePassword('654321');
    await waitFor(() => expect(submitButton().hasAttribute('disabled')).toBe(false));
    submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(TY.err_turnover_required));
    // The refreshed eligibility now blocks: the button says so and stays off.
    expect(await screen.findByText(TY.withdraw_blocked_hint)).toBeTruthy();
    expect(submitButton().hasAttribute('disabled')).toBe(true);
    expect(callsTo(calls, ELIGIBILITY).length).toBeGreaterThanOrEqual(2);
  });
});

// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { request } from '../../src/lib/api/client';
import type { UplineTransfer, UplineTransferResult } from '../../src/features/records';
import { reloadSessionFromStorage, SESSION_KEY } from '../../src/lib/session';
import { TY } from '../../tests/renderer/harness';
import { callsTo, fail, renderForm, scriptApi, setUpFormTests, type Handler } from '../../tests/forms/helpers';
import manifest from './index';

vi.mock('../../src/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  request: vi.fn(),
}));

const Form = manifest.component;
setUpFormTests(request, <Form />, () => import('./upline-transfer'));

const STATE = 'GET /wps/transfers/upline';
const SEND = 'POST /wps/transfers/upline';
const WALLET = 'GET /wps/member/wallet';

const OPEN: UplineTransfer = {
  upline: { username: 'de***nt' },
  balance: 1250.5,
  currency: 'PHP',
  min: 10,
  max: 1000,
  transferable: 1000,
  paymentPasswordSet: true,
  allowed: true,
  reasons: [],
};
const SENT: UplineTransferResult = { id: 9, amount: 250, balance: 1000.5, currency: 'PHP', upline: { username: 'de***nt' }, createdAt: '2026-11-23T10:00:00.000Z' };

const ty = (key: string, params: Record<string, string | number> = {}) => TY[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));
const keyOf = (call: { opts: { headers?: unknown } }) => (call.opts.headers as Record<string, string>)['idempotency-key'];

async function setup(handlers: Record<string, Handler> = {}) {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'tok-0123456789abcdef', merchantCode: 'fixture01', userName: 'juan123', type: 0, firstTimeLogin: false }));
  reloadSessionFromStorage();
  const calls = scriptApi(request, { [STATE]: () => OPEN, [WALLET]: () => ({ sumBalance: 1250.5, currency: 'PHP', currencySymbol: '₱' }), ...handlers });
  renderForm(<Form />, { route: '/m/upLine/transfer' });
  await screen.findByTestId('transfer-balance');
  return calls;
}

const amountInput = () => screen.getByLabelText(TY.transfer_amount, { selector: 'input' }) as HTMLInputElement;
const passwordInput = () => screen.getByLabelText(TY.transfer_payment_password, { selector: 'input' }) as HTMLInputElement;
const typeAmount = (value: string) => fireEvent.change(amountInput(), { target: { value } });
const typePassword = (value: string) => fireEvent.change(passwordInput(), { target: { value } });
const submitButton = () => screen.getByRole('button', { name: TY.transfer_submit });
const submit = () => fireEvent.click(submitButton());

describe('upline-transfer', () => {
  it('asks a visitor to log in and loads nothing', () => {
    const calls = scriptApi(request, {});
    renderForm(<Form />, { route: '/m/upLine/transfer' });
    expect(screen.getByText(TY.transfer_login_first)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('shows the masked upline, balance, what can be sent and the limits; "all" fills it in', async () => {
    await setup();
    expect(screen.getByTestId('transfer-upline').textContent).toBe('de***nt');
    expect(screen.getByTestId('transfer-balance').textContent).toBe('₱1,250.50');
    expect(screen.getByTestId('transfer-transferable').textContent).toBe('₱1,000.00');
    expect(screen.getByTestId('transfer-limits').textContent).toBe(ty('transfer_limits', { min: '₱10.00', max: '₱1,000.00' }));
    fireEvent.click(screen.getByRole('button', { name: TY.transfer_all }));
    expect(amountInput().value).toBe('1000');
  });

  it('lists the reasons with a link to set the payment password, and keeps the button off', async () => {
    await setup({
      [STATE]: () => ({
        ...OPEN,
        upline: undefined,
        paymentPasswordSet: false,
        allowed: false,
        reasons: [
          { code: 'transfer.upline.missing', message: 'err_transfer_upline_missing' },
          { code: 'payment.password.unset', message: 'err_payment_password_unset' },
          { code: 'balance.insufficient', message: 'err_balance_insufficient', balance: 5, min: 10 },
        ],
      }),
    });
    const panel = screen.getByRole('region', { name: TY.transfer_blocked_title });
    const items = within(panel).getAllByRole('listitem');
    expect(items.map((i) => i.dataset.code)).toEqual(['transfer.upline.missing', 'payment.password.unset', 'balance.insufficient']);
    expect(items[0].textContent).toBe(TY.err_transfer_upline_missing);
    expect(within(items[1]).getByRole('link', { name: TY.withdraw_action_payment_password }).getAttribute('href')).toBe('/m/securityCenter?view=paymentPassword');
    expect(items[2].textContent).toContain(ty('transfer_reason_balance', { balance: '₱5.00', min: '₱10.00' }));
    expect(screen.getByTestId('transfer-upline').textContent).toBe('-');
    expect(submitButton().hasAttribute('disabled')).toBe(true);
  });

  it('shows owed wagering with its numbers and a link to play before the amount, with the form disabled', async () => {
    const calls = await setup({
      [STATE]: () => ({
        ...OPEN,
        allowed: false,
        reasons: [{ code: 'turnover.required', message: 'err_turnover_required', required: 300, wagered: 120.5, outstanding: 179.5 }],
      }),
    });
    const panel = screen.getByRole('region', { name: TY.transfer_blocked_title });
    const [item] = within(panel).getAllByRole('listitem');
    expect(item.dataset.code).toBe('turnover.required');
    expect(item.textContent).toContain(ty('transfer_reason_turnover', { outstanding: '₱179.50', wagered: '₱120.50', required: '₱300.00' }));
    expect(within(item).getByRole('link', { name: TY.withdraw_action_play }).getAttribute('href')).toBe('/m/gameList');
    // The reason comes before the amount field, and the fields cannot be used.
    expect(panel.compareDocumentPosition(amountInput()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect((screen.getByTestId('transfer-fields') as HTMLFieldSetElement).disabled).toBe(true);
    expect(submitButton().hasAttribute('disabled')).toBe(true);
    submit();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('explains a refusal for owed wagering with its numbers', async () => {
    await setup({
      [SEND]: () => fail('turnover.required', 'err_turnover_required', { reasons: [{ code: 'turnover.required', message: 'err_turnover_required', required: 50, wagered: 0, outstanding: 50 }] }, 409),
    });
    typeAmount('20');
    typePassword('246810');
    submit();
    expect(await screen.findByText(ty('transfer_reason_turnover', { outstanding: '₱50.00', wagered: '₱0.00', required: '₱50.00' }))).toBeTruthy();
  });

  it('checks the amount and the payment password before sending', async () => {
    const calls = await setup();
    submit();
    expect(await screen.findByText(TY.transfer_amount_required)).toBeTruthy();
    expect(screen.getByText(TY.payment_password_required)).toBeTruthy();
    typeAmount('5');
    typePassword('12a3');
    expect(passwordInput().value).toBe('123');
    submit();
    expect(await screen.findByText(ty('transfer_amount_range', { min: '₱10.00', max: '₱1,000.00' }))).toBeTruthy();
    expect(screen.getByText(TY.format_payment_password)).toBeTruthy();
    typeAmount('10.555');
    submit();
    expect(await screen.findByText(TY.deposit_amount_invalid)).toBeTruthy();
    expect(callsTo(calls, SEND)).toHaveLength(0);
  });

  it('sends with an Idempotency-Key, shows the result with a link to the account record, and reads the balance again', async () => {
    const calls = await setup({ [SEND]: () => SENT });
    typeAmount('250');
    typePassword('123456');
    await waitFor(() => expect(submitButton().hasAttribute('disabled')).toBe(false));
    submit();
    const done = await screen.findByTestId('transfer-done');
    expect(within(done).getByText(ty('transfer_done_amount', { amount: '₱250.00', upline: 'de***nt' }))).toBeTruthy();
    expect(within(done).getByTestId('transfer-new-balance').textContent).toBe('₱1,000.50');
    expect(within(done).getByRole('link', { name: TY.account_record_link }).getAttribute('href')).toBe('/m/transaction/record');
    const [call] = callsTo(calls, SEND);
    expect(call.opts.body).toEqual({ amount: 250, paymentPassword: '123456' });
    expect(keyOf(call)).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    await waitFor(() => expect(callsTo(calls, STATE).length).toBeGreaterThanOrEqual(2));
  });

  it('sends the same key again after a network error, a new one for a new amount', async () => {
    const calls = await setup({ [SEND]: (_opts, n) => (n < 3 ? fail('network', 'network_slow', undefined, 0) : SENT) });
    typeAmount('250');
    typePassword('123456');
    await waitFor(() => expect(submitButton().hasAttribute('disabled')).toBe(false));
    submit();
    expect(await screen.findByText(TY.network_slow)).toBeTruthy();
    expect(passwordInput().value).toBe('123456');
    await waitFor(() => expect(submitButton().hasAttribute('disabled')).toBe(false));
    submit();
    await waitFor(() => expect(callsTo(calls, SEND)).toHaveLength(2));
    await waitFor(() => expect(submitButton().hasAttribute('disabled')).toBe(false));
    typeAmount('300');
    submit();
    await screen.findByTestId('transfer-done');
    const keys = callsTo(calls, SEND).map(keyOf);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('shows the server\'s refusal; a wrong password is typed again, a lock says for how long', async () => {
    await setup({
      [SEND]: (_opts, n) => {
        if (n === 1) fail('payment.password.incorrect', 'err_payment_password_incorrect', { field: '/paymentPassword', attemptsLeft: 4 });
        if (n === 2) fail('payment.password.locked', 'err_payment_password_locked', { retryAfter: 600 }, 429);
        return fail('transfer.type.forbidden', 'err_transfer_type_forbidden', undefined, 403);
      },
    });
    typeAmount('250');
    typePassword('123456');
    await waitFor(() => expect(submitButton().hasAttribute('disabled')).toBe(false));
    submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(TY.err_payment_password_incorrect));
    expect(passwordInput().value).toBe('');
    typePassword('654321');
    await waitFor(() => expect(submitButton().hasAttribute('disabled')).toBe(false));
    submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(ty('withdraw_payment_password_locked', { minutes: 10 })));
    typePassword('654321');
    await waitFor(() => expect(submitButton().hasAttribute('disabled')).toBe(false));
    submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(TY.err_transfer_type_forbidden));
  });
});

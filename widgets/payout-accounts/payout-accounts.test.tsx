// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { request } from '../../src/lib/api/client';
import type { IdentityStatus, PayoutAccount, PayoutAccountList } from '../../src/features/wallet';
import { feedbackStore } from '../../src/lib/feedback';
import { reloadSessionFromStorage, SESSION_KEY } from '../../src/lib/session';
import { TY } from '../../tests/renderer/harness';
import { callsTo, fail, renderForm, scriptApi, setUpFormTests, tenantWith, type Handler } from '../../tests/forms/helpers';
import manifest from './index';

vi.mock('../../src/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  request: vi.fn(),
}));

const PayoutAccounts = manifest.component;
setUpFormTests(request, <PayoutAccounts />, () => import('./payout-accounts'));

const LIST = 'GET /wps/security/payoutAccounts';
const IDENTITY = 'GET /wps/security/identity';
const ADD = 'POST /wps/security/payoutAccounts';
const del = (id: number) => `DELETE /wps/security/payoutAccounts/${id}`;

const PROVIDERS: PayoutAccountList['providers'] = [
  { code: 'GCASH', name: 'GCash', kind: 'ewallet', accountPattern: '^09\\d{9}$' },
  { code: 'BPI', name: 'BPI', kind: 'bank', accountPattern: '^\\d{10}$' },
];

const TENANT = tenantWith((t) => {
  t.settings.wallet.payoutProviders = [
    { code: 'GCASH', name: 'GCash', kind: 'ewallet', accountPattern: '^09\\d{9}$', logo: 'wallet/gcash.svg' },
    { code: 'BPI', name: 'BPI', kind: 'bank', accountPattern: '^\\d{10}$' },
  ];
});

const account = (id: number, over: Partial<PayoutAccount> = {}): PayoutAccount => ({
  id,
  kind: 'ewallet',
  providerCode: 'GCASH',
  providerName: 'GCash',
  accountNo: `****${String(1000 + id)}`,
  holderName: 'Juan Dela Cruz',
  createdAt: '2026-11-01T00:00:00.000Z',
  ...over,
});

const listOf = (accounts: PayoutAccount[]): PayoutAccountList => ({ accounts, providers: PROVIDERS, maxAccounts: 5 });
const NO_IMAGES = { front: false, back: false, selfie: false };
const ALL_IMAGES = { front: true, back: true, selfie: true };
const APPROVED: IdentityStatus = { state: 'approved', id: 3, realName: 'Juan Dela Cruz', birthday: '1990-01-02', nationality: 'Filipino', idNumber: '****1234', images: ALL_IMAGES };

/** i18next-style interpolation of a TY text. */
const ty = (key: string, params: Record<string, string | number> = {}) => TY[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));

function logIn(type = 0) {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'tok-0123456789abcdef', merchantCode: 'fixture01', userName: 'juan123', type, firstTimeLogin: false }));
  reloadSessionFromStorage();
}

async function setup(handlers: Record<string, Handler> = {}, accounts: PayoutAccount[] = [account(1)], identity: IdentityStatus = APPROVED) {
  logIn();
  const calls = scriptApi(request, { [LIST]: () => listOf(accounts), [IDENTITY]: () => identity, ...handlers });
  renderForm(<PayoutAccounts />, { route: '/m/securityCenter?view=payoutAccounts', tenant: TENANT });
  await screen.findByTestId('payout-count');
  return calls;
}

const input = (key: string) => screen.getByLabelText(TY[key], { selector: 'input' }) as HTMLInputElement;
const typeIn = (key: string, value: string) => fireEvent.change(input(key), { target: { value } });
const openAdd = () => fireEvent.click(screen.getByRole('button', { name: TY.payout_add }));
const save = () => fireEvent.click(screen.getByRole('button', { name: TY.payout_add_submit }));

describe('payout-accounts', () => {
  it('asks a visitor to log in and loads nothing', () => {
    const calls = scriptApi(request, {});
    renderForm(<PayoutAccounts />, { route: '/m/securityCenter', tenant: TENANT });
    expect(screen.getByText(TY.not_logged_in)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('tells a free-trial account to use a real one, and loads nothing', async () => {
    logIn(4);
    const calls = scriptApi(request, {});
    renderForm(<PayoutAccounts />, { route: '/m/securityCenter', tenant: TENANT });
    expect(await screen.findByText(TY.login_actual_account)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("lists the accounts with the provider's logo (or the kind's icon), name, masked number and holder", async () => {
    await setup({}, [account(2), account(1, { kind: 'bank', providerCode: 'BPI', providerName: 'BPI', accountNo: '****7890' })]);
    const rows = screen.getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0].querySelector('img')?.getAttribute('src')).toBe('/m/brand/wallet/gcash.svg');
    expect(within(rows[0]).getByText('GCash')).toBeTruthy();
    expect(within(rows[0]).getByText('****1002')).toBeTruthy();
    expect(within(rows[0]).getByText('Juan Dela Cruz')).toBeTruthy();
    // BPI has no logo in the tenant: the bank icon stands in.
    expect(rows[1].querySelector('img')).toBeNull();
    expect(rows[1].querySelector('.payout-logo--icon svg')).toBeTruthy();
    expect(within(rows[1]).getByText('****7890')).toBeTruthy();
    expect(screen.getByTestId('payout-count').textContent).toBe(ty('payout_count', { count: 2, max: 5 }));
  });

  it('says when there is no account yet', async () => {
    await setup({}, []);
    expect(screen.getByText(TY.payout_none)).toBeTruthy();
    expect(screen.getByRole('button', { name: TY.payout_add })).toBeTruthy();
  });

  it('without an approved identity explains why and links to the identity view instead of the form', async () => {
    await setup({}, [], { state: 'none', images: NO_IMAGES });
    const notice = screen.getByTestId('payout-identity-first');
    expect(notice.textContent).toContain(TY.payout_identity_required);
    expect(within(notice).getByRole('link', { name: TY.payout_identity_verify }).getAttribute('href')).toBe('/m/securityCenter?view=identity');
    expect(screen.queryByRole('button', { name: TY.payout_add })).toBeNull();
  });

  it('with an identity under review says it waits for the approval', async () => {
    await setup({}, [], { ...APPROVED, state: 'pending' });
    expect(screen.getByTestId('payout-identity-first').textContent).toContain(TY.payout_identity_pending);
    expect(screen.getByRole('link', { name: TY.payout_identity_view })).toBeTruthy();
    expect(screen.queryByRole('button', { name: TY.payout_add })).toBeNull();
  });

  it('at 5 accounts says so and hides the add button', async () => {
    await setup({}, [1, 2, 3, 4, 5].map((id) => account(id)));
    expect(screen.getByTestId('payout-limit').textContent).toBe(ty('payout_limit_reached', { max: 5 }));
    expect(screen.queryByRole('button', { name: TY.payout_add })).toBeNull();
    expect(screen.getByTestId('payout-count').textContent).toBe(ty('payout_count', { count: 5, max: 5 }));
  });

  it('prefills the holder with the verified real name and explains the rule', async () => {
    await setup();
    openAdd();
    expect(input('payout_holder_name').value).toBe('Juan Dela Cruz');
    expect(screen.getByText(TY.payout_holder_rule)).toBeTruthy();
    // Providers from the tenant, grouped by kind; the first is chosen.
    expect(screen.getByRole('radio', { name: /GCash/ }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('radiogroup', { name: TY.payout_kind_bank })).toBeTruthy();
  });

  it("checks the number against the chosen provider's pattern and the holder against the real name before sending", async () => {
    const calls = await setup();
    openAdd();
    save();
    expect(await screen.findByText(TY.payout_account_no_required)).toBeTruthy();
    typeIn('payout_account_no', '0917123');
    save();
    expect(await screen.findByText(ty('payout_account_no_invalid', { provider: 'GCash' }))).toBeTruthy();
    // Valid for GCash, not for BPI: switching provider checks again.
    typeIn('payout_account_no', '0917 123-4567');
    await waitFor(() => expect(screen.queryByText(ty('payout_account_no_invalid', { provider: 'GCash' }))).toBeNull());
    fireEvent.click(screen.getByRole('radio', { name: /BPI/ }));
    expect(await screen.findByText(ty('payout_account_no_invalid', { provider: 'BPI' }))).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /GCash/ }));
    typeIn('payout_holder_name', 'Maria Santos');
    save();
    expect(await screen.findByText(TY.err_payout_name_mismatch)).toBeTruthy();
    expect(callsTo(calls, ADD)).toHaveLength(0);
  });

  it('adds an account (number without spaces, case of the name aside) and reads the list again', async () => {
    let added = false;
    const calls = await setup({
      [LIST]: () => listOf(added ? [account(9), account(1)] : [account(1)]),
      [ADD]: () => {
        added = true;
        return account(9);
      },
    });
    openAdd();
    typeIn('payout_account_no', '0917 123-4567');
    typeIn('payout_holder_name', 'juan  dela cruz');
    save();
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
    expect(callsTo(calls, ADD)[0].opts.body).toEqual({ kind: 'ewallet', providerCode: 'GCASH', accountNo: '09171234567', holderName: 'juan  dela cruz' });
    expect(feedbackStore.toasts.map((t) => t.key)).toContain('payout_added');
    expect(screen.queryByRole('form', { name: TY.payout_add_title })).toBeNull();
  });

  it("shows the server's refusals: a number it rejects, a name mismatch, a duplicate, and the limit reached elsewhere", async () => {
    let full = false;
    await setup({
      [LIST]: () => listOf(full ? [1, 2, 3, 4, 5].map((id) => account(id)) : [account(1)]),
      [ADD]: (_opts, n) => {
        if (n === 1) fail('validation.failed', 'err_validation_failed', { field: '/accountNo', location: 'body' });
        if (n === 2) fail('payout.name.mismatch', 'err_payout_name_mismatch', { field: '/holderName' });
        if (n === 3) fail('payout.account.exists', 'err_payout_account_exists', undefined, 409);
        full = true;
        fail('payout.account.limit', 'err_payout_account_limit', { max: 5 }, 409);
      },
    });
    openAdd();
    typeIn('payout_account_no', '09171234567');
    save();
    expect(await screen.findByText(ty('payout_account_no_invalid', { provider: 'GCash' }))).toBeTruthy();
    expect(screen.getAllByRole('alert').some((a) => a.textContent === TY.err_validation_failed)).toBe(true);
    save();
    await waitFor(() => expect(screen.getAllByText(TY.err_payout_name_mismatch).length).toBeGreaterThan(0));
    save();
    await waitFor(() => expect(screen.getAllByRole('alert').some((a) => a.textContent === TY.err_payout_account_exists)).toBe(true));
    save();
    // The list is read again: the limit notice replaces the form.
    expect(await screen.findByTestId('payout-limit')).toBeTruthy();
  });

  it('deletes an account with the payment password in a confirm dialog', async () => {
    let deleted = false;
    const calls = await setup({ [LIST]: () => listOf(deleted ? [] : [account(1)]), [del(1)]: () => ((deleted = true), true) });
    fireEvent.click(screen.getByRole('button', { name: ty('payout_delete_label', { provider: 'GCash', account: '****1001' }) }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain(ty('payout_delete_message', { provider: 'GCash', account: '****1001' }));
    const confirm = () => fireEvent.click(within(dialog).getByRole('button', { name: TY.payout_delete }));
    confirm();
    expect(await within(dialog).findByText(TY.payment_password_required)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(TY.payment_password, { selector: 'input' }), { target: { value: '12ab' } });
    confirm();
    expect(await within(dialog).findByText(TY.format_payment_password)).toBeTruthy();
    expect(callsTo(calls, del(1))).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(TY.payment_password, { selector: 'input' }), { target: { value: '123456' } });
    confirm();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(callsTo(calls, del(1))[0].opts.body).toEqual({ paymentPassword: '123456' });
    expect(await screen.findByText(TY.payout_none)).toBeTruthy();
    expect(feedbackStore.toasts.map((t) => t.key)).toContain('payout_deleted');
  });

  it('keeps the dialog open with the refusal: a wrong, a locked or an unset payment password', async () => {
    await setup({
      [del(1)]: (_opts, n) => {
        if (n === 1) fail('payment.password.incorrect', 'err_payment_password_incorrect');
        if (n === 2) fail('payment.password.locked', 'err_payment_password_locked', { retryAfter: 600 }, 429);
        fail('payment.password.unset', 'err_payment_password_unset', undefined, 409);
      },
    });
    fireEvent.click(screen.getByRole('button', { name: ty('payout_delete_label', { provider: 'GCash', account: '****1001' }) }));
    const dialog = screen.getByRole('alertdialog');
    const field = () => within(dialog).getByLabelText(TY.payment_password, { selector: 'input' }) as HTMLInputElement;
    const attempt = () => {
      fireEvent.change(field(), { target: { value: '654321' } });
      fireEvent.click(within(dialog).getByRole('button', { name: TY.payout_delete }));
    };
    attempt();
    expect(await within(dialog).findByText(TY.err_payment_password_incorrect)).toBeTruthy();
    expect(field().value).toBe('');
    expect(within(dialog).queryByRole('link', { name: TY.withdraw_action_payment_password })).toBeNull();
    attempt();
    expect(await within(dialog).findByText(ty('payment_password_locked_minutes', { minutes: 10 }))).toBeTruthy();
    attempt();
    expect(await within(dialog).findByText(TY.err_payment_password_unset)).toBeTruthy();
    // The next step: set a payment password on the security centre's own view.
    expect(within(dialog).getByRole('link', { name: TY.withdraw_action_payment_password }).getAttribute('href')).toBe('/m/securityCenter?view=paymentPassword');
    fireEvent.click(within(dialog).getByRole('button', { name: TY.cancel }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  it('offers a retry when the list cannot be loaded', async () => {
    logIn();
    scriptApi(request, { [LIST]: (_o, n) => (n === 1 ? fail('network', 'network_slow', undefined, 0) : listOf([])), [IDENTITY]: () => APPROVED });
    renderForm(<PayoutAccounts />, { route: '/m/securityCenter', tenant: TENANT });
    expect(await screen.findByText(TY.network_slow)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: TY.retry }));
    expect(await screen.findByText(TY.payout_none)).toBeTruthy();
  });
});

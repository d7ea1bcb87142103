// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import useSWR from 'swr';
import { request } from '../../src/lib/api/client';
import { feedbackStore } from '../../src/lib/feedback';
import { resourceKey } from '../../src/lib/api/swr';
import { reloadSessionFromStorage, SESSION_KEY } from '../../src/lib/session';
import { PENDING_POLL_DELAYS_MS, WALLET_ENDPOINT, type Deposit, type DepositChannelList } from '../../src/features/wallet';
import { TY } from '../../tests/renderer/harness';
import { callsTo, fail, renderForm, scriptApi, setUpFormTests, type Handler } from '../../tests/forms/helpers';
import manifest from './index';

vi.mock('../../src/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  request: vi.fn(),
}));

const DepositDetail = manifest.component;
setUpFormTests(request, <DepositDetail />, () => import('./deposit-detail'));

const CHANNELS = 'GET /wps/wallet/deposit/channels';
const GET = 'GET /wps/wallet/deposits/12';
const REFERENCE = 'POST /wps/wallet/deposits/12/reference';
const RECEIPT = 'PUT /wps/wallet/deposits/12/receipt';
const WALLET = 'GET /wps/member/wallet';

const LIST: DepositChannelList = { currency: 'PHP', currencySymbol: '₱', pendingMinutes: 30, channels: [] };

const MANUAL: Deposit = {
  id: 12,
  channelId: 'bank',
  channelName: 'BPI InstaPay',
  provider: 'manual',
  amount: 1500,
  fee: 0,
  credited: 1500,
  bonus: 150,
  currency: 'PHP',
  state: 'pending',
  reference: null,
  hasReceipt: false,
  reason: null,
  createdAt: '2030-01-01T00:00:00.000Z',
  expiresAt: '2099-01-01T00:00:00.000Z',
  decidedAt: null,
  account: { bankName: 'BPI', accountName: 'Suwerte Demo Corp.', accountNo: '1234-5678-90' },
};

const GATEWAY: Deposit = {
  ...MANUAL,
  channelId: 'gcash',
  channelName: 'GCash',
  provider: 'gateway',
  account: undefined,
  payUrl: 'http://localhost:8090/pay/pay_abcdefghijklmnopqrstuvwxyz',
};

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

function setup(deposit: Deposit | Handler, handlers: Record<string, Handler> = {}, layout: 'base' | 'new' = 'base') {
  logIn();
  const calls = scriptApi(request, {
    [CHANNELS]: () => LIST,
    [GET]: typeof deposit === 'function' ? deposit : () => deposit,
    [WALLET]: () => ({ sumBalance: 100, currency: 'PHP', currencySymbol: '₱' }),
    ...handlers,
  });
  renderForm(
    <>
      <DepositDetail layout={layout} />
      <HeaderBalance />
    </>,
    { route: '/m/voucherCenter?deposit=12' },
  );
  return calls;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
});

const referenceInput = () => screen.getByLabelText(TY.deposit_reference, { selector: 'input' }) as HTMLInputElement;
const receiptInput = () => screen.getByLabelText(TY.deposit_receipt, { selector: 'input' }) as HTMLInputElement;
const sendTransfer = () => fireEvent.click(screen.getByRole('button', { name: TY.deposit_submit_transfer }));
const pick = (file: File) => fireEvent.change(receiptInput(), { target: { files: [file] } });

describe('deposit-detail', () => {
  it('the base layout of a manual deposit: amount rows and the account', async () => {
    setup(MANUAL, {}, 'base');
    expect((await screen.findByTestId('deposit-amount')).textContent).toBe('₱1,500.00');
    expect(document.querySelector('.deposit-detail')?.getAttribute('data-layout')).toBe('base');
    expect(screen.getByText('Suwerte Demo Corp.')).toBeTruthy();
    expect(document.querySelector('.deposit-card')).toBeNull();
  });

  it('counts down to the expiry from expires_at', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const expiresAt = new Date(Date.now() + 10 * 60_000).toISOString();
    const calls = setup((_opts, n) => (n === 1 ? { ...MANUAL, expiresAt } : { ...MANUAL, expiresAt, state: 'expired', account: undefined }));
    const seconds = () => {
      const [, m, s] = /(\d{2}):(\d{2})/.exec(screen.getByTestId('deposit-countdown').textContent ?? '') ?? [];
      return Number(m) * 60 + Number(s);
    };
    await screen.findByTestId('deposit-countdown');
    expect(seconds()).toBeGreaterThan(540);
    expect(seconds()).toBeLessThanOrEqual(600);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(120_000);
    });
    expect(seconds()).toBeLessThanOrEqual(480);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(600_000);
    });
    // Time is up: the deposit is read again, and the server answers it expired.
    expect(await screen.findByText(TY.deposit_expired_title)).toBeTruthy();
    expect(callsTo(calls, GET)).toHaveLength(2);
  });

  it('the new layout shows the summary card and numbered steps', async () => {
    setup(MANUAL, {}, 'new');
    expect((await screen.findByTestId('deposit-amount')).textContent).toBe('₱1,500.00');
    expect(document.querySelector('.deposit-detail')?.getAttribute('data-layout')).toBe('new');
    expect(document.querySelector('.deposit-card')).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.querySelector('.deposit-steps__title')?.textContent)).toEqual([
      TY.deposit_step_transfer,
      TY.deposit_step_confirm,
    ]);
  });

  it('copies the account number, name, bank and amount to the clipboard with a toast', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    setup(MANUAL);
    await screen.findByTestId('deposit-amount');
    fireEvent.click(screen.getByRole('button', { name: ty('deposit_copy_label', { label: TY.deposit_account_no }) }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('1234-5678-90'));
    await waitFor(() => expect(feedbackStore.toasts.map((t) => t.key)).toContain('copied'));
    fireEvent.click(screen.getByRole('button', { name: ty('deposit_copy_label', { label: TY.deposit_amount_to_send }) }));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith('1500.00'));
  });

  it('says when copying failed', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn().mockRejectedValue(new Error('denied')) }, configurable: true });
    setup(MANUAL);
    await screen.findByTestId('deposit-amount');
    fireEvent.click(screen.getByRole('button', { name: ty('deposit_copy_label', { label: TY.deposit_bank_name }) }));
    await waitFor(() => expect(feedbackStore.toasts.map((t) => t.key)).toContain('deposit_copy_failed'));
  });

  it('checks the reference number as the server does before sending it, then shows the wait for the operator', async () => {
    const calls = setup(MANUAL, { [REFERENCE]: (opts) => ({ ...MANUAL, reference: (opts.body as { reference: string }).reference }) });
    await screen.findByTestId('deposit-amount');
    sendTransfer();
    expect(await screen.findByText(TY.deposit_reference_required)).toBeTruthy();
    for (const bad of ['abc', 'ref 1234', 'x'.repeat(41), 'ref#1234']) {
      fireEvent.change(referenceInput(), { target: { value: bad } });
      sendTransfer();
      expect(await screen.findByText(TY.deposit_reference_format)).toBeTruthy();
    }
    expect(callsTo(calls, REFERENCE)).toHaveLength(0);
    fireEvent.change(referenceInput(), { target: { value: 'BPI-2030-0001' } });
    sendTransfer();
    expect(await screen.findByText(TY.deposit_waiting_operator)).toBeTruthy();
    expect(callsTo(calls, REFERENCE)[0].opts.body).toEqual({ reference: 'BPI-2030-0001' });
    expect(callsTo(calls, RECEIPT)).toHaveLength(0);
  });

  it('refuses a receipt of another type or above 5 MB before uploading, and uploads a good one', async () => {
    const calls = setup(MANUAL, {
      [REFERENCE]: () => ({ ...MANUAL, reference: 'BPI-1' }),
      [RECEIPT]: () => ({ ...MANUAL, reference: 'BPI-1', hasReceipt: true }),
    });
    await screen.findByTestId('deposit-amount');
    pick(new File(['%PDF-1.4'], 'receipt.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText(TY.deposit_receipt_type)).toBeTruthy();
    pick(new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'receipt.png', { type: 'image/png' }));
    expect(await screen.findByText(ty('deposit_receipt_size', { max: 5 }))).toBeTruthy();
    fireEvent.change(referenceInput(), { target: { value: 'BPI-1' } });
    sendTransfer();
    // A refused image is not kept: nothing is sent while it is shown.
    await act(async () => undefined);
    expect(callsTo(calls, REFERENCE)).toHaveLength(0);
    const good = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])], 'receipt.png', { type: 'image/png' });
    pick(good);
    await waitFor(() => expect(screen.queryByText(TY.deposit_receipt_type)).toBeNull());
    sendTransfer();
    expect(await screen.findByText(TY.deposit_waiting_operator)).toBeTruthy();
    expect(callsTo(calls, RECEIPT)[0].opts.blob).toBe(good);
  });

  it('shows the server refusal of the reference with its reason', async () => {
    setup(MANUAL, { [REFERENCE]: () => fail('deposit.state.invalid', 'err_deposit_state_invalid', { state: 'expired' }, 409) });
    await screen.findByTestId('deposit-amount');
    fireEvent.change(referenceInput(), { target: { value: 'BPI-2030-0001' } });
    sendTransfer();
    expect((await screen.findByRole('alert')).textContent).toBe(TY.err_deposit_state_invalid);
  });

  it('a pending gateway deposit links to the provider page (a full page navigation)', async () => {
    setup(GATEWAY);
    const pay = await screen.findByRole('link', { name: TY.deposit_go_to_payment });
    expect(pay.getAttribute('href')).toBe('http://localhost:8090/pay/pay_abcdefghijklmnopqrstuvwxyz');
    expect(screen.queryByLabelText(TY.deposit_reference)).toBeNull();
  });

  it('never links to a payment address a link could run', async () => {
    setup({ ...GATEWAY, payUrl: 'javascript:alert(1)' });
    await screen.findByTestId('deposit-amount');
    expect(screen.queryByRole('link', { name: TY.deposit_go_to_payment })).toBeNull();
  });

  it('back from the provider: reads a pending deposit again with growing waits, then shows it paid and refreshes the balance', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = setup((_opts, n) => (n < 3 ? GATEWAY : { ...GATEWAY, state: 'paid', payUrl: undefined, decidedAt: '2030-01-01T00:05:00.000Z' }));
    expect((await screen.findByTestId('deposit-state')).textContent).toBe(TY.deposit_state_pending);
    const walletReads = () => callsTo(calls, WALLET).length;
    await waitFor(() => expect(walletReads()).toBe(1));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PENDING_POLL_DELAYS_MS[0]);
    });
    await waitFor(() => expect(callsTo(calls, GET)).toHaveLength(2));
    expect(screen.getByTestId('deposit-state').textContent).toBe(TY.deposit_state_pending);
    // The second wait is longer than the first: nothing yet after the first's length.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PENDING_POLL_DELAYS_MS[0]);
    });
    expect(callsTo(calls, GET)).toHaveLength(2);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PENDING_POLL_DELAYS_MS[1] - PENDING_POLL_DELAYS_MS[0]);
    });
    await waitFor(() => expect(screen.getByTestId('deposit-state').textContent).toBe(TY.deposit_state_paid));
    expect(screen.getByTestId('outcome-credited').textContent).toBe('₱1,500.00');
    expect(screen.getByTestId('outcome-bonus').textContent).toBe('₱150.00');
    await waitFor(() => expect(walletReads()).toBe(2));
    // Paid: no more reads.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(callsTo(calls, GET)).toHaveLength(3);
  });

  it('the payment service unavailable: says so, and "try again" opens the payment', async () => {
    const UNAVAILABLE = { ...GATEWAY, payUrl: undefined, providerState: 'unavailable' as const };
    const calls = setup(UNAVAILABLE, {
      'POST /wps/wallet/deposits/12/payment': (_opts, n) => (n === 1 ? fail('payment.provider.unavailable', 'err_payment_provider_unavailable', { depositId: 12 }, 503) : GATEWAY),
    });
    expect((await screen.findByTestId('deposit-provider-unavailable')).textContent).toBe(TY.deposit_provider_unavailable);
    expect(screen.queryByRole('link', { name: TY.deposit_go_to_payment })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: TY.deposit_try_again }));
    expect((await screen.findByRole('alert')).textContent).toBe(TY.err_payment_provider_unavailable);
    fireEvent.click(screen.getByRole('button', { name: TY.deposit_try_again }));
    const pay = await screen.findByRole('link', { name: TY.deposit_go_to_payment });
    expect(pay.getAttribute('href')).toBe(GATEWAY.payUrl);
    expect(callsTo(calls, 'POST /wps/wallet/deposits/12/payment')).toHaveLength(2);
  });

  it('a cancelled deposit says so and offers a new deposit', async () => {
    setup({ ...GATEWAY, state: 'cancelled', payUrl: undefined });
    expect(await screen.findByText(TY.deposit_cancelled_title)).toBeTruthy();
    expect(screen.queryByRole('link', { name: TY.deposit_go_to_payment })).toBeNull();
    expect(screen.getByRole('link', { name: TY.deposit_again }).getAttribute('href')).toBe('/m/voucherCenter');
  });

  it('an expired deposit says so and takes no reference', async () => {
    setup({ ...MANUAL, state: 'expired', account: undefined });
    expect(await screen.findByText(TY.deposit_expired_title)).toBeTruthy();
    expect(screen.queryByLabelText(TY.deposit_reference)).toBeNull();
  });

  it('a rejected deposit names the reason', async () => {
    setup({ ...MANUAL, state: 'rejected', account: undefined, reason: 'No transfer found' });
    expect(await screen.findByText(ty('deposit_rejected_reason', { reason: 'No transfer found' }))).toBeTruthy();
  });

  it('cancels a pending deposit once the member confirms', async () => {
    const calls = setup(GATEWAY, { 'POST /wps/wallet/deposits/12/cancel': () => ({ ...GATEWAY, state: 'cancelled', payUrl: undefined }) });
    fireEvent.click(await screen.findByRole('button', { name: TY.deposit_cancel }));
    await waitFor(() => expect(feedbackStore.dialog?.messageKey).toBe('deposit_cancel_confirm'));
    act(() => feedbackStore.dialog?.resolve(false));
    await act(async () => undefined);
    expect(callsTo(calls, 'POST /wps/wallet/deposits/12/cancel')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: TY.deposit_cancel }));
    await waitFor(() => expect(feedbackStore.dialog).not.toBeNull());
    act(() => feedbackStore.dialog?.resolve(true));
    expect(await screen.findByText(TY.deposit_cancelled_title)).toBeTruthy();
    expect(callsTo(calls, 'POST /wps/wallet/deposits/12/cancel')[0].opts.body).toEqual({});
  });

  it('a visitor on a deposit address is asked to log in, and nothing is loaded', () => {
    const calls = scriptApi(request, {});
    renderForm(<DepositDetail />, { route: '/m/voucherCenter?deposit=12' });
    expect(screen.getByText(TY.deposit_login_first)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("another member's or an unknown deposit shows the server's reason", async () => {
    setup(() => fail('not.found', 'err_not_found', undefined, 404));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(TY.err_not_found);
    expect(within(alert.parentElement as HTMLElement).getByRole('link', { name: TY.deposit_again })).toBeTruthy();
  });
});

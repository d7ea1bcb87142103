// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { request } from '../../src/lib/api/client';
import { previewDeposit, type DepositChannelList } from '../../src/features/wallet';
import { reloadSessionFromStorage, SESSION_KEY } from '../../src/lib/session';
import { TY } from '../../tests/renderer/harness';
import { callsTo, fail, location, renderForm, scriptApi, setUpFormTests, type Handler } from '../../tests/forms/helpers';
import manifest from './index';

vi.mock('../../src/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  request: vi.fn(),
}));

const DepositForm = manifest.component;
setUpFormTests(request, <DepositForm />, () => import('./deposit-form'));

const CHANNELS = 'GET /wps/wallet/deposit/channels';
const CREATE = 'POST /wps/wallet/deposits';

const LIST: DepositChannelList = {
  currency: 'PHP',
  currencySymbol: '₱',
  pendingMinutes: 30,
  channels: [
    {
      id: 'gcash',
      name: 'GCash',
      kind: 'ewallet',
      provider: 'gateway',
      logoUrl: '/m/brand/wallet/gcash.svg',
      min: 100,
      max: 50000,
      quickAmounts: [100, 500, 1000],
      fee: { percent: 0, fixed: 0 },
      bonusPercent: 20,
      bonusTurnoverMultiplier: 5,
    },
    {
      id: 'maya',
      name: 'Maya',
      kind: 'ewallet',
      provider: 'gateway',
      logoUrl: '/m/brand/wallet/maya.svg',
      min: 200,
      max: 20000,
      quickAmounts: [300, 5000],
      fee: { percent: 1.5, fixed: 0 },
      bonusPercent: 0,
      bonusTurnoverMultiplier: 1,
    },
  ],
};

/** i18next-style interpolation of a TY text. */
const ty = (key: string, params: Record<string, string | number> = {}) => TY[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));

function logIn() {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'tok-0123456789abcdef', merchantCode: 'fixture01', userName: 'juan123', type: 0, firstTimeLogin: false }));
  reloadSessionFromStorage();
}

async function setup(handlers: Record<string, Handler> = {}) {
  logIn();
  const calls = scriptApi(request, { [CHANNELS]: () => LIST, ...handlers });
  renderForm(<DepositForm />, { route: '/m/voucherCenter' });
  await screen.findByRole('radiogroup');
  return calls;
}

const amountInput = () => screen.getByLabelText(TY.deposit_amount, { selector: 'input' }) as HTMLInputElement;
const typeAmount = (value: string) => fireEvent.change(amountInput(), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: TY.deposit_submit }));
const channel = (name: string) => screen.getByRole('radio', { name: new RegExp(name) });

describe('deposit-form', () => {
  it('asks a visitor to log in and loads nothing', () => {
    const calls = scriptApi(request, {});
    renderForm(<DepositForm />, { route: '/m/voucherCenter' });
    expect(screen.getByText(TY.deposit_login_first)).toBeTruthy();
    expect(screen.getByRole('button', { name: TY.login_or_register })).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('lists the channels with logo, bonus badge and limits; picking one shows its limits and quick amounts', async () => {
    await setup();
    const gcash = channel('GCash');
    expect(gcash.getAttribute('aria-checked')).toBe('true');
    expect(gcash.querySelector('img')?.getAttribute('src')).toBe('/m/brand/wallet/gcash.svg');
    expect(within(gcash).getByText('+20%')).toBeTruthy();
    expect(gcash.textContent).toContain(ty('deposit_limits', { min: '₱100.00', max: '₱50,000.00' }));
    // No badge without a bonus.
    expect(channel('Maya').textContent).not.toContain('%');

    fireEvent.click(channel('Maya'));
    expect(channel('Maya').getAttribute('aria-checked')).toBe('true');
    expect(channel('GCash').getAttribute('aria-checked')).toBe('false');
    const quick = screen.getByRole('group', { name: TY.deposit_quick_amounts });
    expect(within(quick).getAllByRole('button').map((b) => b.textContent)).toEqual(['₱300.00', '₱5,000.00']);
    expect(screen.getByText(ty('deposit_limits', { min: '₱200.00', max: '₱20,000.00' }), { selector: '.deposit-form__range' })).toBeTruthy();
  });

  it('a quick amount fills the amount and shows what lands in the wallet', async () => {
    await setup();
    fireEvent.click(screen.getByRole('button', { name: '₱500.00' }));
    expect(amountInput().value).toBe('500');
    expect(screen.getByRole('button', { name: '₱500.00' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('preview-amount').textContent).toBe('₱500.00');
    expect(screen.getByTestId('preview-fee').textContent).toBe('₱0.00');
    expect(screen.getByTestId('preview-bonus').textContent).toBe('₱100.00');
    expect(screen.getByTestId('preview-total').textContent).toBe('₱600.00');
  });

  it('previews the fee and bonus rounded half up, as the server computes them (src/domain/money)', async () => {
    await setup();
    fireEvent.click(channel('Maya'));
    typeAmount('1000');
    expect(screen.getByTestId('preview-fee').textContent).toBe('₱15.00');
    expect(screen.getByTestId('preview-bonus').textContent).toBe('₱0.00');
    expect(screen.getByTestId('preview-total').textContent).toBe('₱985.00');
    // 333.33 x 1.5% = 4.99995 -> 5.00; x 20% = 66.666 -> 66.67 (one rounding rule for fees and bonuses).
    expect(previewDeposit(LIST.channels[1], 333.33)).toEqual({ amount: 333.33, fee: 5, bonus: 0, total: 328.33 });
    expect(previewDeposit(LIST.channels[0], 333.33)).toEqual({ amount: 333.33, fee: 0, bonus: 66.67, total: 400 });
    expect(previewDeposit({ fee: { percent: 1, fixed: 2.5 }, bonusPercent: 10 }, 1000)).toEqual({ amount: 1000, fee: 12.5, bonus: 100, total: 1087.5 });
  });

  it('refuses an amount outside the limits, or not an amount, before sending', async () => {
    const calls = await setup();
    submit();
    expect(await screen.findByText(TY.deposit_amount_required)).toBeTruthy();
    typeAmount('99.99');
    submit();
    expect(await screen.findByText(ty('err_deposit_amount_below_min', { min: '₱100.00' }))).toBeTruthy();
    typeAmount('50000.01');
    submit();
    expect(await screen.findByText(ty('err_deposit_amount_above_max', { max: '₱50,000.00' }))).toBeTruthy();
    typeAmount('100.123');
    submit();
    expect(await screen.findByText(TY.deposit_amount_invalid)).toBeTruthy();
    typeAmount('1,000');
    submit();
    expect(await screen.findByText(TY.deposit_amount_invalid)).toBeTruthy();
    // Within GCash's limits but below Maya's: switching channel checks again.
    typeAmount('150');
    fireEvent.click(channel('Maya'));
    expect(await screen.findByText(ty('err_deposit_amount_below_min', { min: '₱200.00' }))).toBeTruthy();
    expect(callsTo(calls, CREATE)).toHaveLength(0);
  });

  it('creates the deposit with an Idempotency-Key and opens its detail', async () => {
    const calls = await setup({ [CREATE]: () => ({ id: 41 }) });
    typeAmount('1000');
    submit();
    await waitFor(() => expect(location()).toBe('/m/voucherCenter?deposit=41'));
    const [call] = callsTo(calls, CREATE);
    expect(call.opts.body).toEqual({ channelId: 'gcash', amount: 1000 });
    expect((call.opts.headers as Record<string, string>)['idempotency-key']).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
  });

  it('the payment service unavailable: opens the deposit made, whose page offers to try again', async () => {
    await setup({ [CREATE]: () => fail('payment.provider.unavailable', 'err_payment_provider_unavailable', { depositId: 52 }, 503) });
    typeAmount('1000');
    submit();
    await waitFor(() => expect(location()).toBe('/m/voucherCenter?deposit=52'));
  });

  it('sends the same key again when the same request is retried, a new one for another request', async () => {
    const calls = await setup({ [CREATE]: (_opts, n) => (n < 3 ? fail('network', 'network_slow', undefined, 0) : { id: 7 }) });
    typeAmount('1000');
    submit();
    expect(await screen.findByText(TY.network_slow)).toBeTruthy();
    submit();
    await waitFor(() => expect(callsTo(calls, CREATE)).toHaveLength(2));
    typeAmount('2000');
    await waitFor(() => expect(screen.getByRole('button', { name: TY.deposit_submit }).hasAttribute('disabled')).toBe(false));
    submit();
    await waitFor(() => expect(location()).toBe('/m/voucherCenter?deposit=7'));
    const keys = callsTo(calls, CREATE).map((c) => (c.opts.headers as Record<string, string>)['idempotency-key']);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('shows the server refusal with its reason, and disables the button while sending', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const calls = await setup({
      [CREATE]: (_opts, n) => {
        if (n === 1) fail('deposit.pending.limit', 'err_deposit_pending_limit', { max: 5 }, 409);
        if (n === 2) fail('deposit.amount.below.min', 'err_deposit_amount_below_min', { field: '/amount', min: 100 });
        return new Promise((resolve) => (answer = resolve));
      },
    });
    typeAmount('1000');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(TY.err_deposit_pending_limit);
    submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(ty('err_deposit_amount_below_min', { min: '₱100.00' })));
    submit();
    await waitFor(() => expect(screen.getByRole('button', { name: TY.deposit_submit }).hasAttribute('disabled')).toBe(true));
    submit();
    expect(callsTo(calls, CREATE)).toHaveLength(3);
    answer({ id: 9 });
    await waitFor(() => expect(location()).toBe('/m/voucherCenter?deposit=9'));
  });

  it('says so when the tenant has no channel', async () => {
    logIn();
    scriptApi(request, { [CHANNELS]: () => ({ ...LIST, channels: [] }) });
    renderForm(<DepositForm />, { route: '/m/voucherCenter' });
    expect(await screen.findByText(TY.deposit_no_channels)).toBeTruthy();
  });
});

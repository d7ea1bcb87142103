// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import useSWR from 'swr';
import { describe, expect, it, vi } from 'vitest';
import { resourceKey } from '../../src/lib/api/swr';
import { request } from '../../src/lib/api/client';
import { WALLET_ENDPOINT } from '../../src/features/wallet';
import type { AccruedRebate, RebateClaim } from '../../src/features/records';
import { reloadSessionFromStorage, SESSION_KEY } from '../../src/lib/session';
import { TY } from '../../tests/renderer/harness';
import { callsTo, fail, renderForm, scriptApi, setUpFormTests, type Handler } from '../../tests/forms/helpers';
import manifest from './index';

vi.mock('../../src/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  request: vi.fn(),
}));

const CashBack = manifest.component;
setUpFormTests(request, <CashBack />, () => import('./cash-back'));

const ACCRUED = 'GET /wps/rebates/accrued';
const CLAIM = 'POST /wps/rebates/claim';
const WALLET = 'GET /wps/member/wallet';

const OPEN: AccruedRebate = {
  categories: [
    { gameType: 'RNG', validTurnover: 1234.5, rate: 0.8, amount: 9.87 },
    { gameType: 'FISH', validTurnover: 200, rate: 0.6, amount: 1.2 },
    { gameType: 'LIVE', validTurnover: 0, rate: 0.5, amount: 0 },
  ],
  total: 11.07,
  currency: 'PHP',
  minClaim: 1,
  turnoverMultiplier: 2,
  turnoverRequired: 22.14,
  since: '2026-11-20T01:00:00.000Z',
  lastClaimAt: '2026-11-19T16:30:00.000Z',
  claimable: true,
};
const BELOW: AccruedRebate = { ...OPEN, categories: [{ gameType: 'RNG', validTurnover: 100, rate: 0.8, amount: 0.8 }], total: 0.8, turnoverRequired: 1.6, claimable: false, reason: { code: 'rebate.below.minimum', message: 'err_rebate_below_minimum' } };
const NOTHING: AccruedRebate = { ...OPEN, categories: [{ gameType: 'RNG', validTurnover: 0, rate: 0.8, amount: 0 }], total: 0, turnoverRequired: 0, claimable: false, reason: { code: 'rebate.nothing.accrued', message: 'err_rebate_nothing_accrued' } };
const PAID: RebateClaim = { id: 5, amount: 11.07, turnoverRequired: 22.14, balance: 1261.57, currency: 'PHP', lines: OPEN.categories.slice(0, 2), createdAt: '2026-11-23T10:00:00.000Z' };

const ty = (key: string, params: Record<string, string | number> = {}) => TY[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));
const keyOf = (call: { opts: { headers?: unknown } }) => (call.opts.headers as Record<string, string>)['idempotency-key'];

/** Reads the balance as the header does, so a revalidation shows as a second wallet call. */
function HeaderBalance() {
  useSWR(resourceKey(WALLET_ENDPOINT, null, 'fixture01:juan123'), () => request('GET', '/wps/member/wallet'));
  return null;
}

async function setup(handlers: Record<string, Handler> = {}) {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'tok-0123456789abcdef', merchantCode: 'fixture01', userName: 'juan123', type: 0, firstTimeLogin: false }));
  reloadSessionFromStorage();
  const calls = scriptApi(request, { [ACCRUED]: () => OPEN, [WALLET]: () => ({ sumBalance: 1250.5, currency: 'PHP', currencySymbol: '₱' }), ...handlers });
  renderForm(
    <>
      <CashBack />
      <HeaderBalance />
    </>,
    { route: '/m/member/manualRebate' },
  );
  await screen.findByTestId('cash-back-total');
  return calls;
}

const claimButton = () => screen.getByRole('button', { name: TY.cash_back_claim });

describe('cash-back', () => {
  it('asks a visitor to log in and loads nothing', () => {
    const calls = scriptApi(request, {});
    renderForm(<CashBack />, { route: '/m/member/manualRebate' });
    expect(screen.getByText(TY.cash_back_login_first)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('shows the total, each game type\'s valid turnover, rate and amount, the minimum and the turnover the claim adds', async () => {
    await setup();
    expect(screen.getByTestId('cash-back-total').textContent).toBe('₱11.07');
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.map((r) => Array.from(r.children, (c) => c.textContent))).toEqual([
      [TY.cash_back_category, TY.cash_back_turnover, TY.cash_back_rate, TY.cash_back_amount],
      [TY.cat_RNG, '₱1,234.50', '0.8%', '₱9.87'],
      [TY.cat_FISH, '₱200.00', '0.6%', '₱1.20'],
      [TY.cat_LIVE, '₱0.00', '0.5%', '₱0.00'],
      [TY.cash_back_total, '₱11.07'],
    ]);
    expect(screen.getByTestId('cash-back-min').textContent).toBe(ty('cash_back_min_claim', { min: '₱1.00' }));
    expect(screen.getByTestId('cash-back-multiplier').textContent).toBe(ty('cash_back_turnover_note', { multiplier: 2, required: '₱22.14' }));
    // The last claim at the tenant's wall clock (Manila, UTC+8).
    expect(screen.getByText(ty('cash_back_last_claim', { time: '2026-11-20 00:30:00' }))).toBeTruthy();
    expect(screen.queryByTestId('cash-back-reason')).toBeNull();
    await waitFor(() => expect(claimButton().hasAttribute('disabled')).toBe(false));
  });

  it('says honestly why nothing can be claimed, with the numbers, and keeps the button off', async () => {
    const calls = await setup({ [ACCRUED]: () => BELOW });
    expect(screen.getByTestId('cash-back-reason').textContent).toBe(ty('cash_back_reason_below', { total: '₱0.80', min: '₱1.00' }));
    expect(claimButton().hasAttribute('disabled')).toBe(true);
    fireEvent.click(claimButton());
    expect(callsTo(calls, CLAIM)).toHaveLength(0);
  });

  it('says there is nothing yet when nothing accrued', async () => {
    await setup({ [ACCRUED]: () => NOTHING });
    expect(screen.getByTestId('cash-back-reason').textContent).toBe(TY.cash_back_reason_nothing);
    expect(screen.getByTestId('cash-back-reason').dataset.code).toBe('rebate.nothing.accrued');
  });

  it('claims with an Idempotency-Key, shows the amount and the new balance with a link to the account record, and reads the balance again', async () => {
    const calls = await setup({ [CLAIM]: () => PAID });
    await waitFor(() => expect(claimButton().hasAttribute('disabled')).toBe(false));
    fireEvent.click(claimButton());
    const done = await screen.findByTestId('cash-back-done');
    expect(within(done).getByText(ty('cash_back_done_amount', { amount: '₱11.07' }))).toBeTruthy();
    expect(within(done).getByTestId('cash-back-balance').textContent).toBe('₱1,261.57');
    expect(within(done).getByTestId('cash-back-turnover').textContent).toBe('₱22.14');
    expect(within(done).getByRole('link', { name: TY.account_record_link }).getAttribute('href')).toBe('/m/transaction/record');
    expect(keyOf(callsTo(calls, CLAIM)[0])).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    await waitFor(() => expect(callsTo(calls, WALLET)).toHaveLength(2));
    await waitFor(() => expect(callsTo(calls, ACCRUED).length).toBeGreaterThanOrEqual(2));
  });

  it('sends the same key again after a network failure, and a new one for the next claim', async () => {
    const calls = await setup({ [CLAIM]: (_opts, n) => (n === 1 ? fail('network', 'network_slow', undefined, 0) : PAID) });
    await waitFor(() => expect(claimButton().hasAttribute('disabled')).toBe(false));
    fireEvent.click(claimButton());
    expect(await screen.findByText(TY.network_slow)).toBeTruthy();
    await waitFor(() => expect(claimButton().hasAttribute('disabled')).toBe(false));
    fireEvent.click(claimButton());
    await screen.findByTestId('cash-back-done');
    fireEvent.click(screen.getByRole('button', { name: TY.cash_back_back }));
    await waitFor(() => expect(claimButton().hasAttribute('disabled')).toBe(false));
    fireEvent.click(claimButton());
    await waitFor(() => expect(callsTo(calls, CLAIM)).toHaveLength(3));
    const keys = callsTo(calls, CLAIM).map(keyOf);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('shows a refusal in words and reads the accrued rebate again', async () => {
    const calls = await setup({
      [ACCRUED]: (_opts, n) => (n === 1 ? OPEN : NOTHING),
      [CLAIM]: () => fail('rebate.nothing.accrued', 'err_rebate_nothing_accrued', undefined, 409),
    });
    await waitFor(() => expect(claimButton().hasAttribute('disabled')).toBe(false));
    fireEvent.click(claimButton());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(TY.cash_back_reason_nothing));
    await waitFor(() => expect(claimButton().hasAttribute('disabled')).toBe(true));
    expect(callsTo(calls, ACCRUED).length).toBeGreaterThanOrEqual(2);
  });
});

// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { request, type RequestOptions } from '../../src/lib/api/client';
import type { WithdrawalPage, WithdrawalRecord } from '../../src/features/records';
import { reloadSessionFromStorage, SESSION_KEY } from '../../src/lib/session';
import { TY } from '../../tests/renderer/harness';
import { callsTo, fail, location, renderForm, scriptApi, setUpFormTests } from '../../tests/forms/helpers';
import manifest from './index';

vi.mock('../../src/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  request: vi.fn(),
}));

const WithdrawalRecords = manifest.component;
setUpFormTests(request, <WithdrawalRecords />, () => import('./withdrawal-records'));

const WITHDRAWALS = 'GET /wps/records/withdrawals';
const RANGE = { start: '2026-11-23', end: '2026-11-23', timeZone: 'Asia/Manila' };
const ACCOUNT = { id: 3, kind: 'bank' as const, providerCode: 'BPI', providerName: 'BPI', accountNo: '****7890', holderName: 'Juan Dela Cruz' };

const withdrawal = (id: number, fields: Partial<WithdrawalRecord> = {}): WithdrawalRecord => ({
  id,
  amount: 250,
  fee: 2.5,
  total: 252.5,
  state: 'pending',
  payoutAccount: ACCOUNT,
  createdAt: '2026-11-23T02:05:09.000Z',
  updatedAt: '2026-11-23T02:05:09.000Z',
  ...fields,
});

const TOTALS: WithdrawalPage['totals'] = {
  count: 4,
  states: {
    pending: { count: 1, amount: 250, fee: 2.5 },
    paid: { count: 2, amount: 1500, fee: 15 },
    rejected: { count: 1, amount: 100, fee: 1 },
  },
};
const EMPTY: WithdrawalPage['totals'] = { count: 0, states: { pending: { count: 0, amount: 0, fee: 0 }, paid: { count: 0, amount: 0, fee: 0 }, rejected: { count: 0, amount: 0, fee: 0 } } };

const page = (list: WithdrawalRecord[], extra: Partial<WithdrawalPage> = {}): WithdrawalPage => ({ list, totals: TOTALS, range: RANGE, currency: 'PHP', ...extra });

const ty = (key: string, params: Record<string, string | number> = {}) => TY[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));

function logIn() {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'tok-0123456789abcdef', merchantCode: 'fixture01', userName: 'juan123', type: 0, firstTimeLogin: false }));
  reloadSessionFromStorage();
}

const queryOf = (opts: RequestOptions) => opts.query as Record<string, unknown>;
const rowOf = (id: number) => document.querySelector(`[data-id="${id}"]`) as HTMLElement;
const field = (sheet: HTMLElement, key: string) => sheet.querySelector(`[data-label="${key}"] dd`)?.textContent ?? '';

async function openSheet(id: number): Promise<HTMLElement> {
  fireEvent.click(within(rowOf(id)).getByRole('button'));
  return screen.findByRole('dialog', { name: TY.wdrec_sheet_title });
}

describe('withdrawal-records', () => {
  it('loads nothing for a visitor and shows the list frame', () => {
    const calls = scriptApi(request, {});
    renderForm(<WithdrawalRecords />, { route: '/m/withdrawReport' });
    expect(calls).toEqual([]);
    expect(document.querySelector('.records-skeleton')).toBeTruthy();
  });

  it("lists withdrawals: the payout account masked, amount, state in colour and words, the range's totals and each state's count", async () => {
    logIn();
    const calls = scriptApi(request, {
      [WITHDRAWALS]: () =>
        page([
          withdrawal(4),
          withdrawal(3, { state: 'paid', amount: 1000, fee: 10, total: 1010, decidedAt: '2026-11-23T03:00:00.000Z', updatedAt: '2026-11-23T03:00:00.000Z' }),
          withdrawal(2, { state: 'rejected', amount: 100, fee: 1, total: 101, reason: 'Account name does not match', decidedAt: '2026-11-23T03:00:00.000Z' }),
          withdrawal(1, { state: 'paid', amount: 500, fee: 5, total: 505, createdAt: '2026-11-22T16:00:00.000Z' }),
        ]),
    });
    renderForm(<WithdrawalRecords />, { route: '/m/withdrawReport' });
    await waitFor(() => expect(rowOf(1)).toBeTruthy());
    expect(queryOf(callsTo(calls, WITHDRAWALS)[0].opts)).toEqual({ range: 'today' });

    expect(rowOf(4).textContent).toContain('BPI ****7890');
    expect(rowOf(4).textContent).toContain(TY.wdrec_hint_pending);
    expect(rowOf(4).querySelector('.state-badge--pending')?.textContent).toBe(TY.withdraw_state_pending);
    expect(rowOf(3).querySelector('.record-row__amount--minus')?.textContent).toBe('₱1,000.00');
    expect(rowOf(3).querySelector('.state-badge--success')?.textContent).toBe(TY.withdraw_state_paid);
    expect(rowOf(2).querySelector('.state-badge--danger')?.textContent).toBe(TY.withdraw_state_rejected);
    expect(rowOf(2).querySelector('.withdrawal-records__hint--danger')?.textContent).toBe(ty('wdrec_hint_rejected', { reason: 'Account name does not match' }));
    expect(rowOf(1).textContent).toContain('2026-11-23 00:00:00');

    const totals = screen.getByRole('region', { name: TY.records_totals });
    expect(totals.querySelector('[data-label="wdrec_totals_paid"] dd')?.textContent).toBe('₱1,500.00');
    // Held: amount and fee.
    expect(totals.querySelector('[data-label="wdrec_totals_pending"] dd')?.textContent).toBe('₱252.50');
    expect(totals.querySelector('[data-label="wdrec_totals_rejected"] dd')?.textContent).toBe('₱100.00');
    expect(totals.querySelector('[data-label="wdrec_totals_count"] dd')?.textContent).toBe('4');

    const states = screen.getByRole('group', { name: TY.wdrec_states_label });
    expect(within(states).getByRole('button', { name: `${TY.all} 4` }).getAttribute('aria-pressed')).toBe('true');
    expect(within(states).getByRole('button', { name: `${TY.withdraw_state_paid} 2` })).toBeTruthy();
    expect(within(states).getAllByRole('button')).toHaveLength(4);
  });

  it('filters by state, keeping it and the range in the address; a state withdrawals do not have is ignored', async () => {
    logIn();
    const calls = scriptApi(request, { [WITHDRAWALS]: () => page([withdrawal(1)]) });
    renderForm(<WithdrawalRecords />, { route: '/m/withdrawReport?range=7d&status=expired' });
    await waitFor(() => expect(rowOf(1)).toBeTruthy());
    expect(queryOf(callsTo(calls, WITHDRAWALS)[0].opts)).toEqual({ range: '7d' });
    const states = screen.getByRole('group', { name: TY.wdrec_states_label });
    fireEvent.click(within(states).getByRole('button', { name: `${TY.withdraw_state_rejected} 1` }));
    await waitFor(() => expect(callsTo(calls, WITHDRAWALS)).toHaveLength(2));
    expect(queryOf(callsTo(calls, WITHDRAWALS)[1].opts)).toEqual({ range: '7d', status: 'rejected' });
    expect(location()).toBe('/m/withdrawReport?range=7d&status=rejected');
  });

  it('loads the next page with the cursor of the one before', async () => {
    logIn();
    const calls = scriptApi(request, {
      [WITHDRAWALS]: (opts) => (queryOf(opts).cursor === 'c1' ? page([withdrawal(1, { state: 'paid' })]) : page([withdrawal(3, { state: 'paid' }), withdrawal(2, { state: 'paid' })], { nextCursor: 'c1' })),
    });
    renderForm(<WithdrawalRecords />, { route: '/m/withdrawReport' });
    await waitFor(() => expect(rowOf(2)).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: TY.records_load_more }));
    await waitFor(() => expect(rowOf(1)).toBeTruthy());
    expect(queryOf(callsTo(calls, WITHDRAWALS)[1].opts)).toEqual({ range: 'today', cursor: 'c1' });
    expect(screen.getByText(TY.no_more)).toBeTruthy();
  });

  it('opens a pending withdrawal: what is held, every field, no action', async () => {
    logIn();
    scriptApi(request, { [WITHDRAWALS]: () => page([withdrawal(5)]) });
    renderForm(<WithdrawalRecords />, { route: '/m/withdrawReport' });
    await waitFor(() => expect(rowOf(5)).toBeTruthy());
    const sheet = await openSheet(5);
    expect(within(sheet).getByTestId('withdrawal-outcome').textContent).toBe(ty('wdrec_next_pending', { total: '₱252.50' }));
    expect(field(sheet, 'withdraw_amount')).toContain('₱250.00');
    expect(field(sheet, 'withdraw_fee')).toContain('₱2.50');
    expect(field(sheet, 'withdraw_deducted')).toContain('₱252.50');
    expect(field(sheet, 'withdraw_account')).toContain('BPI ****7890');
    expect(field(sheet, 'wdrec_field_holder')).toContain('Juan Dela Cruz');
    expect(field(sheet, 'withdraw_status')).toContain(TY.withdraw_state_pending);
    expect(field(sheet, 'wdrec_field_number')).toContain('5');
    expect(field(sheet, 'records_field_created')).toContain('2026-11-23 10:05:09');
    expect(sheet.querySelector('[data-label="records_field_decided"]')).toBeNull();
    expect(within(sheet).queryByRole('link')).toBeNull();
  });

  it('opens a paid withdrawal with where it went, and a rejected one with its reason, the money returned and the next steps', async () => {
    logIn();
    const service = vi.fn();
    scriptApi(request, {
      [WITHDRAWALS]: () =>
        page([
          withdrawal(7, { state: 'paid', decidedAt: '2026-11-23T03:00:00.000Z', updatedAt: '2026-11-23T03:00:00.000Z' }),
          withdrawal(6, { state: 'rejected', reason: 'Account name does not match', decidedAt: '2026-11-23T04:00:00.000Z', updatedAt: '2026-11-23T04:00:00.000Z' }),
        ]),
    });
    renderForm(<WithdrawalRecords withdrawTo="/m/withdraw" />, { route: '/m/withdrawReport', actionHandlers: { customerService: service } });
    await waitFor(() => expect(rowOf(6)).toBeTruthy());
    let sheet = await openSheet(7);
    expect(within(sheet).getByTestId('withdrawal-outcome').textContent).toBe(ty('wdrec_next_paid', { amount: '₱250.00', account: 'BPI ****7890' }));
    expect(field(sheet, 'records_field_decided')).toContain('2026-11-23 11:00:00');
    expect(field(sheet, 'records_field_updated')).toContain('2026-11-23 11:00:00');
    fireEvent.click(within(sheet).getByRole('button', { name: TY.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    sheet = await openSheet(6);
    const outcome = within(sheet).getByTestId('withdrawal-outcome');
    expect(outcome.textContent).toBe(ty('wdrec_next_rejected', { total: '₱252.50' }));
    expect(outcome.className).toContain('withdrawal-records__outcome--danger');
    expect(field(sheet, 'records_field_reason')).toContain('Account name does not match');
    expect(within(sheet).getByRole('link', { name: TY.wdrec_again }).getAttribute('href')).toBe('/m/withdraw');
    fireEvent.click(within(sheet).getByRole('button', { name: TY.records_contact_service }));
    expect(service).toHaveBeenCalledTimes(1);
  });

  it('offers a withdrawal when the range is empty, and a retry when loading fails', async () => {
    logIn();
    let failing = true;
    scriptApi(request, { [WITHDRAWALS]: () => (failing ? fail('server.error', 'unknown_error', undefined, 500) : page([], { totals: EMPTY })) });
    renderForm(<WithdrawalRecords />, { route: '/m/withdrawReport' });
    const retry = await screen.findByRole('button', { name: TY.retry });
    failing = false;
    fireEvent.click(retry);
    expect((await screen.findByRole('link', { name: TY.wdrec_empty_action })).getAttribute('href')).toBe('/m/withdraw');
    expect(screen.getByText(TY.records_empty)).toBeTruthy();
  });
});

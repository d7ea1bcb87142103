// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { request, type RequestOptions } from '../../src/lib/api/client';
import type { Transaction, TransactionPage } from '../../src/features/records';
import { reloadSessionFromStorage, SESSION_KEY } from '../../src/lib/session';
import { TY } from '../../tests/renderer/harness';
import { callsTo, fail, location, renderForm, scriptApi, setUpFormTests } from '../../tests/forms/helpers';
import manifest from './index';

vi.mock('../../src/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  request: vi.fn(),
}));

const AccountRecords = manifest.component;
setUpFormTests(request, <AccountRecords />, () => import('./account-records'));

const TRANSACTIONS = 'GET /wps/records/transactions';
const RANGE = { start: '2026-11-23', end: '2026-11-23', timeZone: 'Asia/Manila' };

const entry = (id: number, fields: Partial<Transaction> = {}): Transaction => ({
  id,
  transactionId: 1000 + id,
  type: 'bet',
  amount: -10,
  balanceAfter: 90,
  account: 'WALLET',
  createdAt: '2026-11-23T02:05:09.000Z',
  reference: `B${id}`,
  ...fields,
});

const page = (list: Transaction[], extra: Partial<TransactionPage> = {}): TransactionPage => ({
  list,
  totals: { credit: 1250.5, debit: -310, count: list.length },
  range: RANGE,
  ...extra,
});

const ty = (key: string, params: Record<string, string | number> = {}) => TY[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));

function logIn(type = 0) {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'tok-0123456789abcdef', merchantCode: 'fixture01', userName: 'juan123', type, firstTimeLogin: false }));
  reloadSessionFromStorage();
}

const queryOf = (opts: RequestOptions) => opts.query as Record<string, unknown>;
const rowOf = (id: number) => document.querySelector(`[data-id="${id}"]`) as HTMLElement;

describe('account-records', () => {
  it('loads nothing for a visitor and shows the list frame', () => {
    const calls = scriptApi(request, {});
    renderForm(<AccountRecords />, { route: '/m/transaction/record' });
    expect(calls).toEqual([]);
    expect(document.querySelector('.records-skeleton')).toBeTruthy();
    expect(screen.queryByRole('listitem')).toBeNull();
  });

  it("lists today's entries: signed and coloured amounts, balance after, the tenant's time and the reference, and the range's totals", async () => {
    logIn();
    const calls = scriptApi(request, {
      [TRANSACTIONS]: () =>
        page([
          entry(3, { type: 'win', amount: 50, balanceAfter: 140 }),
          entry(2, { type: 'hold', amount: -100, balanceAfter: 100, account: 'HOLD', reference: 'W7' }),
          entry(1, { type: 'deposit', amount: 1200.5, balanceAfter: 1300.5, reference: 'D4', createdAt: '2026-11-22T16:00:00.000Z' }),
        ]),
    });
    renderForm(<AccountRecords />, { route: '/m/transaction/record' });
    await waitFor(() => expect(rowOf(1)).toBeTruthy());
    expect(queryOf(callsTo(calls, TRANSACTIONS)[0].opts)).toEqual({ range: 'today' });

    const win = rowOf(3);
    expect(win.textContent).toContain(TY.txn_type_win);
    expect(win.querySelector('.record-row__amount--plus')?.textContent).toBe('+₱50.00');
    expect(win.textContent).toContain(ty('txn_balance_after', { amount: '₱140.00' }));
    expect(win.textContent).toContain('2026-11-23 10:05:09 · B3');

    const hold = rowOf(2);
    expect(hold.querySelector('.record-row__amount--minus')?.textContent).toBe('-₱100.00');
    expect(hold.textContent).toContain(ty('txn_held_after', { amount: '₱100.00' }));

    // Midnight in Manila is 16:00 UTC the day before.
    expect(rowOf(1).textContent).toContain('2026-11-23 00:00:00 · D4');

    const totals = screen.getByRole('region', { name: TY.records_totals });
    expect(within(totals).getByText('+₱1,250.50')).toBeTruthy();
    expect(within(totals).getByText('-₱310.00')).toBeTruthy();
    expect(within(totals).getByText('3')).toBeTruthy();
  });

  it('filters by type and range, keeping both in the address', async () => {
    logIn();
    const calls = scriptApi(request, { [TRANSACTIONS]: () => page([entry(1)]) });
    renderForm(<AccountRecords />, { route: '/m/transaction/record' });
    await waitFor(() => expect(rowOf(1)).toBeTruthy());

    const types = screen.getByRole('group', { name: TY.txn_types_label });
    fireEvent.click(within(types).getByRole('button', { name: TY.txn_type_bet }));
    await waitFor(() => expect(callsTo(calls, TRANSACTIONS)).toHaveLength(2));
    expect(queryOf(callsTo(calls, TRANSACTIONS)[1].opts)).toEqual({ range: 'today', type: 'bet' });
    expect(location()).toBe('/m/transaction/record?type=bet');
    expect(within(types).getByRole('button', { name: TY.txn_type_bet }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: TY.range_7d }));
    await waitFor(() => expect(callsTo(calls, TRANSACTIONS)).toHaveLength(3));
    expect(queryOf(callsTo(calls, TRANSACTIONS)[2].opts)).toEqual({ range: '7d', type: 'bet' });
    expect(location()).toBe('/m/transaction/record?type=bet&range=7d');

    fireEvent.click(within(types).getByRole('button', { name: TY.all }));
    await waitFor(() => expect(location()).toBe('/m/transaction/record?range=7d'));
  });

  it('opens on the range and type of its address', async () => {
    logIn();
    const calls = scriptApi(request, { [TRANSACTIONS]: () => page([entry(1)]) });
    renderForm(<AccountRecords />, { route: '/m/transaction/record?range=custom&start=2026-11-01&end=2026-11-20&type=deposit' });
    await waitFor(() => expect(rowOf(1)).toBeTruthy());
    expect(queryOf(callsTo(calls, TRANSACTIONS)[0].opts)).toEqual({ range: 'custom', start: '2026-11-01', end: '2026-11-20', type: 'deposit' });
  });

  it('loads the next page with the cursor of the one before', async () => {
    logIn();
    const calls = scriptApi(request, {
      [TRANSACTIONS]: (opts) => (queryOf(opts).cursor === 'c1' ? page([entry(1)]) : page([entry(3), entry(2)], { nextCursor: 'c1' })),
    });
    renderForm(<AccountRecords />, { route: '/m/transaction/record' });
    await waitFor(() => expect(rowOf(2)).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: TY.records_load_more }));
    await waitFor(() => expect(rowOf(1)).toBeTruthy());
    expect(queryOf(callsTo(calls, TRANSACTIONS)[1].opts)).toEqual({ range: 'today', cursor: 'c1' });
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByText(TY.no_more)).toBeTruthy();
  });

  it('opens an entry in a sheet with every field and a link to what it belongs to', async () => {
    logIn();
    scriptApi(request, { [TRANSACTIONS]: () => page([entry(5, { type: 'deposit', amount: 500, balanceAfter: 620, reference: 'D12' })]) });
    renderForm(<AccountRecords />, { route: '/m/transaction/record' });
    await waitFor(() => expect(rowOf(5)).toBeTruthy());
    fireEvent.click(within(rowOf(5)).getByRole('button'));
    const sheet = await screen.findByRole('dialog', { name: TY.txn_sheet_title });
    const field = (key: string) => sheet.querySelector(`[data-label="${key}"] dd`)?.textContent ?? '';
    expect(within(sheet).getByText('+₱500.00')).toBeTruthy();
    expect(field('txn_field_type')).toContain(TY.txn_type_deposit);
    expect(field('txn_field_account')).toContain(TY.txn_account_wallet);
    expect(field('txn_field_balance_after')).toContain('₱620.00');
    expect(field('txn_field_time')).toContain('2026-11-23 10:05:09');
    expect(field('txn_field_reference')).toContain('D12');
    expect(field('txn_field_transaction')).toContain('1005');
    expect(field('txn_field_entry')).toContain('5');
    expect(sheet.querySelector('[data-label="txn_field_member"]')).toBeNull();
    expect(within(sheet).getByRole('link', { name: TY.txn_view_deposit }).getAttribute('href')).toBe('/m/voucherCenter?deposit=12');
    fireEvent.click(within(sheet).getByRole('button', { name: TY.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("gives an agent the team view: ?types=A, each team row naming its member, and a way back to the agent's own", async () => {
    logIn(1);
    const calls = scriptApi(request, {
      [TRANSACTIONS]: () => page([entry(9, { type: 'transfer', amount: 200, member: 'maria88', counterparty: 'ju***', reference: undefined })]),
    });
    renderForm(<AccountRecords />, { route: '/m/transaction/record?types=A' });
    await waitFor(() => expect(rowOf(9)).toBeTruthy());
    expect(queryOf(callsTo(calls, TRANSACTIONS)[0].opts)).toEqual({ range: 'today', types: 'A' });
    expect(screen.getByText(TY.txn_team_note)).toBeTruthy();
    expect(rowOf(9).textContent).toContain(ty('txn_member_line', { member: 'maria88' }));
    const scope = screen.getByRole('group', { name: TY.txn_scope_label });
    expect(within(scope).getByRole('button', { name: TY.txn_scope_team }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(within(scope).getByRole('button', { name: TY.txn_scope_mine }));
    await waitFor(() => expect(callsTo(calls, TRANSACTIONS)).toHaveLength(2));
    expect(queryOf(callsTo(calls, TRANSACTIONS)[1].opts)).toEqual({ range: 'today' });
    expect(location()).toBe('/m/transaction/record');
  });

  it('never asks for the team view for a member who is not an agent', async () => {
    logIn(0);
    const calls = scriptApi(request, { [TRANSACTIONS]: () => page([entry(1, { type: 'transfer', amount: -20, counterparty: 'ag***', reference: undefined })]) });
    renderForm(<AccountRecords />, { route: '/m/transaction/record?types=A' });
    await waitFor(() => expect(rowOf(1)).toBeTruthy());
    expect(queryOf(callsTo(calls, TRANSACTIONS)[0].opts)).toEqual({ range: 'today' });
    expect(screen.queryByRole('group', { name: TY.txn_scope_label })).toBeNull();
    expect(screen.queryByText(TY.txn_team_note)).toBeNull();
    expect(rowOf(1).textContent).toContain(ty('txn_transfer_to', { name: 'ag***' }));
  });

  it('offers a deposit when the range is empty, and a retry when loading fails', async () => {
    logIn();
    let failing = true;
    scriptApi(request, { [TRANSACTIONS]: () => (failing ? fail('server.error', 'unknown_error', undefined, 500) : page([], { totals: { credit: 0, debit: 0, count: 0 } })) });
    renderForm(<AccountRecords depositTo="/m/voucherCenter" />, { route: '/m/transaction/record' });
    const retry = await screen.findByRole('button', { name: TY.retry });
    failing = false;
    fireEvent.click(retry);
    expect((await screen.findByRole('link', { name: TY.txn_empty_action })).getAttribute('href')).toBe('/m/voucherCenter');
    expect(screen.getByText(TY.records_empty)).toBeTruthy();
  });
});

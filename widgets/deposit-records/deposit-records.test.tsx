// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { request, type RequestOptions } from '../../src/lib/api/client';
import type { DepositPage, DepositRecord } from '../../src/features/records';
import { reloadSessionFromStorage, SESSION_KEY } from '../../src/lib/session';
import { TY } from '../../tests/renderer/harness';
import { callsTo, fail, location, renderForm, scriptApi, setUpFormTests } from '../../tests/forms/helpers';
import manifest from './index';

vi.mock('../../src/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  request: vi.fn(),
}));

const DepositRecords = manifest.component;
setUpFormTests(request, <DepositRecords />, () => import('./deposit-records'));

const DEPOSITS = 'GET /wps/records/deposits';
const RANGE = { start: '2026-11-23', end: '2026-11-23', timeZone: 'Asia/Manila' };
const STATE = { count: 0, amount: 0, fee: 0 };

const deposit = (id: number, fields: Partial<DepositRecord> = {}): DepositRecord => ({
  id,
  channelId: 'bank',
  channelName: 'BPI InstaPay',
  channelKind: 'bank',
  provider: 'manual',
  amount: 1000,
  fee: 0,
  credited: 1000,
  bonus: 0,
  state: 'pending',
  createdAt: '2026-11-23T02:05:09.000Z',
  updatedAt: '2026-11-23T02:05:09.000Z',
  expiresAt: '2026-11-23T02:25:09.000Z',
  ...fields,
});

const TOTALS: DepositPage['totals'] = {
  count: 6,
  credited: 2475.5,
  bonus: 100,
  states: {
    pending: { count: 2, amount: 1500, fee: 0 },
    paid: { count: 2, amount: 2500.5, fee: 25 },
    rejected: { count: 1, amount: 300, fee: 0 },
    expired: { count: 1, amount: 200, fee: 0 },
    cancelled: STATE,
  },
};

const page = (list: DepositRecord[], extra: Partial<DepositPage> = {}): DepositPage => ({ list, totals: TOTALS, range: RANGE, currency: 'PHP', ...extra });

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
  return screen.findByRole('dialog', { name: TY.deprec_sheet_title });
}

describe('deposit-records', () => {
  it('loads nothing for a visitor and shows the list frame', () => {
    const calls = scriptApi(request, {});
    renderForm(<DepositRecords />, { route: '/m/vouReport' });
    expect(calls).toEqual([]);
    expect(document.querySelector('.records-skeleton')).toBeTruthy();
    expect(screen.getByRole('group', { name: TY.deprec_states_label })).toBeTruthy();
  });

  it("lists today's deposits: channel, amount, state in colour and words, what each waits for, the range's totals and each state's count", async () => {
    logIn();
    const calls = scriptApi(request, {
      [DEPOSITS]: () =>
        page([
          deposit(6, { provider: 'gateway', channelName: 'GCash', channelKind: 'ewallet' }),
          deposit(5, { reference: 'BPI-1' }),
          deposit(4),
          deposit(3, { state: 'paid', amount: 2500.5, fee: 25, credited: 2475.5, bonus: 100, decidedAt: '2026-11-23T02:10:00.000Z', updatedAt: '2026-11-23T02:10:00.000Z' }),
          deposit(2, { state: 'rejected', amount: 300, reason: 'Transfer not found', decidedAt: '2026-11-23T03:00:00.000Z' }),
          deposit(1, { state: 'expired', amount: 200, createdAt: '2026-11-22T16:00:00.000Z' }),
        ]),
    });
    renderForm(<DepositRecords />, { route: '/m/vouReport' });
    await waitFor(() => expect(rowOf(1)).toBeTruthy());
    expect(queryOf(callsTo(calls, DEPOSITS)[0].opts)).toEqual({ range: 'today' });

    expect(rowOf(6).textContent).toContain('GCash');
    expect(rowOf(6).textContent).toContain(TY.deprec_hint_pay);
    expect(rowOf(5).textContent).toContain(TY.deprec_hint_confirm);
    expect(rowOf(4).textContent).toContain(TY.deprec_hint_reference);
    expect(rowOf(4).querySelector('.state-badge--pending')?.textContent).toBe(TY.deposit_state_pending);

    const paid = rowOf(3);
    expect(paid.querySelector('.record-row__amount--plus')?.textContent).toBe('₱2,500.50');
    expect(paid.querySelector('.state-badge--success')?.textContent).toBe(TY.deposit_state_paid);
    expect(paid.textContent).toContain('2026-11-23 10:05:09');

    const rejected = rowOf(2);
    expect(rejected.querySelector('.state-badge--danger')?.textContent).toBe(TY.deposit_state_rejected);
    expect(rejected.querySelector('.deposit-records__hint--danger')?.textContent).toBe(ty('deprec_hint_rejected', { reason: 'Transfer not found' }));

    // Midnight in Manila is 16:00 UTC the day before.
    expect(rowOf(1).textContent).toContain('2026-11-23 00:00:00');
    expect(rowOf(1).querySelector('.state-badge--muted')?.textContent).toBe(TY.deposit_state_expired);

    const totals = screen.getByRole('region', { name: TY.records_totals });
    expect(totals.querySelector('[data-label="deprec_totals_credited"] dd')?.textContent).toBe('₱2,475.50');
    expect(totals.querySelector('[data-label="deprec_totals_pending"] dd')?.textContent).toBe('₱1,500.00');
    expect(totals.querySelector('[data-label="deprec_totals_rejected"] dd')?.textContent).toBe('₱300.00');
    expect(totals.querySelector('[data-label="deprec_totals_count"] dd')?.textContent).toBe('6');

    const states = screen.getByRole('group', { name: TY.deprec_states_label });
    expect(within(states).getByRole('button', { name: `${TY.all} 6` }).getAttribute('aria-pressed')).toBe('true');
    expect(within(states).getByRole('button', { name: `${TY.deposit_state_pending} 2` })).toBeTruthy();
    expect(within(states).getByRole('button', { name: `${TY.deposit_state_cancelled} 0` })).toBeTruthy();
  });

  it('filters by state and range, keeping both in the address', async () => {
    logIn();
    const calls = scriptApi(request, { [DEPOSITS]: () => page([deposit(1)]) });
    renderForm(<DepositRecords />, { route: '/m/vouReport' });
    await waitFor(() => expect(rowOf(1)).toBeTruthy());

    const states = screen.getByRole('group', { name: TY.deprec_states_label });
    fireEvent.click(within(states).getByRole('button', { name: `${TY.deposit_state_rejected} 1` }));
    await waitFor(() => expect(callsTo(calls, DEPOSITS)).toHaveLength(2));
    expect(queryOf(callsTo(calls, DEPOSITS)[1].opts)).toEqual({ range: 'today', status: 'rejected' });
    expect(location()).toBe('/m/vouReport?status=rejected');

    fireEvent.click(screen.getByRole('button', { name: TY.range_30d }));
    await waitFor(() => expect(callsTo(calls, DEPOSITS)).toHaveLength(3));
    expect(queryOf(callsTo(calls, DEPOSITS)[2].opts)).toEqual({ range: '30d', status: 'rejected' });
    expect(location()).toBe('/m/vouReport?status=rejected&range=30d');

    fireEvent.click(within(states).getByRole('button', { name: `${TY.all} 6` }));
    await waitFor(() => expect(location()).toBe('/m/vouReport?range=30d'));
  });

  it('opens on the range and state of its address, ignoring a state deposits do not have', async () => {
    logIn();
    const calls = scriptApi(request, { [DEPOSITS]: () => page([deposit(1)]) });
    renderForm(<DepositRecords />, { route: '/m/vouReport?range=custom&start=2026-11-01&end=2026-11-20&status=expired' });
    await waitFor(() => expect(rowOf(1)).toBeTruthy());
    expect(queryOf(callsTo(calls, DEPOSITS)[0].opts)).toEqual({ range: 'custom', start: '2026-11-01', end: '2026-11-20', status: 'expired' });
  });

  it('loads the next page with the cursor of the one before', async () => {
    logIn();
    const calls = scriptApi(request, {
      [DEPOSITS]: (opts) => (queryOf(opts).cursor === 'c1' ? page([deposit(1)]) : page([deposit(3), deposit(2)], { nextCursor: 'c1' })),
    });
    renderForm(<DepositRecords />, { route: '/m/vouReport?status=pending' });
    await waitFor(() => expect(rowOf(2)).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: TY.records_load_more }));
    await waitFor(() => expect(rowOf(1)).toBeTruthy());
    expect(queryOf(callsTo(calls, DEPOSITS)[1].opts)).toEqual({ range: 'today', status: 'pending', cursor: 'c1' });
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
  });

  it('opens a paid deposit in a sheet: amount, fee, credited, bonus, channel, times and what it credited', async () => {
    logIn();
    scriptApi(request, {
      [DEPOSITS]: () =>
        page([deposit(7, { state: 'paid', channelName: 'Maya', amount: 1000, fee: 15, credited: 985, bonus: 100, reference: 'MAYA-77', decidedAt: '2026-11-23T02:10:00.000Z', updatedAt: '2026-11-23T02:10:00.000Z' })]),
    });
    renderForm(<DepositRecords />, { route: '/m/vouReport' });
    await waitFor(() => expect(rowOf(7)).toBeTruthy());
    const sheet = await openSheet(7);
    expect(within(sheet).getByText('₱1,000.00', { selector: '.record-amount--plus' })).toBeTruthy();
    expect(within(sheet).getByTestId('deposit-outcome').textContent).toBe(ty('deprec_next_paid_bonus', { amount: '₱985.00', bonus: '₱100.00' }));
    expect(field(sheet, 'deposit_fee')).toContain('₱15.00');
    expect(field(sheet, 'deposit_credited')).toContain('₱985.00');
    expect(field(sheet, 'deposit_bonus')).toContain('₱100.00');
    expect(field(sheet, 'deposit_channel')).toContain('Maya');
    expect(field(sheet, 'deposit_status')).toContain(TY.deposit_state_paid);
    expect(field(sheet, 'deposit_reference')).toContain('MAYA-77');
    expect(field(sheet, 'deprec_field_number')).toContain('7');
    expect(field(sheet, 'records_field_created')).toContain('2026-11-23 10:05:09');
    expect(field(sheet, 'records_field_updated')).toContain('2026-11-23 10:10:00');
    expect(field(sheet, 'records_field_decided')).toContain('2026-11-23 10:10:00');
    expect(sheet.querySelector('[data-label="deprec_field_expires"]')).toBeNull();
    expect(sheet.querySelector('[data-label="records_field_reason"]')).toBeNull();
    expect(within(sheet).queryByRole('link')).toBeNull();
    fireEvent.click(within(sheet).getByRole('button', { name: TY.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('gives a pending deposit its next step and a way to continue it', async () => {
    logIn();
    scriptApi(request, { [DEPOSITS]: () => page([deposit(8), deposit(9, { reference: 'BPI-9' })]) });
    renderForm(<DepositRecords depositTo="/m/voucherCenter" />, { route: '/m/vouReport' });
    await waitFor(() => expect(rowOf(9)).toBeTruthy());
    let sheet = await openSheet(8);
    expect(within(sheet).getByTestId('deposit-outcome').textContent).toBe(TY.deprec_next_reference);
    expect(field(sheet, 'deprec_field_expires')).toContain('2026-11-23 10:25:09');
    expect(sheet.querySelector('[data-label="records_field_updated"]')).toBeNull();
    expect(within(sheet).getByRole('link', { name: TY.deprec_continue }).getAttribute('href')).toBe('/m/voucherCenter?deposit=8');
    fireEvent.click(within(sheet).getByRole('button', { name: TY.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    sheet = await openSheet(9);
    expect(within(sheet).getByTestId('deposit-outcome').textContent).toBe(TY.deposit_waiting_operator);
  });

  it("shows a rejected deposit's reason in red, a new deposit and customer service", async () => {
    logIn();
    const service = vi.fn();
    scriptApi(request, { [DEPOSITS]: () => page([deposit(4, { state: 'rejected', reason: 'Transfer not found', decidedAt: '2026-11-23T03:00:00.000Z', updatedAt: '2026-11-23T03:00:00.000Z' })]) });
    renderForm(<DepositRecords />, { route: '/m/vouReport', actionHandlers: { customerService: service } });
    await waitFor(() => expect(rowOf(4)).toBeTruthy());
    const sheet = await openSheet(4);
    expect(within(sheet).getByTestId('deposit-outcome').className).toContain('deposit-records__outcome--danger');
    expect(within(sheet).getByTestId('deposit-outcome').textContent).toBe(TY.deprec_next_rejected);
    expect(field(sheet, 'records_field_reason')).toContain('Transfer not found');
    expect(sheet.querySelector('[data-label="records_field_reason"] dd')?.className).toContain('detail-rows__value--danger');
    expect(within(sheet).getByRole('link', { name: TY.deprec_again }).getAttribute('href')).toBe('/m/voucherCenter');
    fireEvent.click(within(sheet).getByRole('button', { name: TY.records_contact_service }));
    expect(service).toHaveBeenCalledTimes(1);
  });

  it('offers a deposit when the range is empty, and a retry when loading fails', async () => {
    logIn();
    let failing = true;
    const empty = { count: 0, credited: 0, bonus: 0, states: { pending: STATE, paid: STATE, rejected: STATE, expired: STATE, cancelled: STATE } };
    scriptApi(request, { [DEPOSITS]: () => (failing ? fail('server.error', 'unknown_error', undefined, 500) : page([], { totals: empty })) });
    renderForm(<DepositRecords depositTo="/m/voucherCenter" />, { route: '/m/vouReport' });
    const retry = await screen.findByRole('button', { name: TY.retry });
    failing = false;
    fireEvent.click(retry);
    expect((await screen.findByRole('link', { name: TY.deprec_empty_action })).getAttribute('href')).toBe('/m/voucherCenter');
    expect(screen.getByText(TY.records_empty)).toBeTruthy();
  });

  it('leaves the deposit link out of an empty state filter', async () => {
    logIn();
    const empty = { count: 0, credited: 0, bonus: 0, states: { pending: STATE, paid: STATE, rejected: STATE, expired: STATE, cancelled: STATE } };
    scriptApi(request, { [DEPOSITS]: () => page([], { totals: empty }) });
    renderForm(<DepositRecords />, { route: '/m/vouReport?status=cancelled' });
    await screen.findByText(TY.records_empty);
    expect(screen.queryByRole('link', { name: TY.deprec_empty_action })).toBeNull();
  });
});

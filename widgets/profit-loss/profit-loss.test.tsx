// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { request, type RequestOptions } from '../../src/lib/api/client';
import type { Pnl } from '../../src/features/records';
import { reloadSessionFromStorage, SESSION_KEY } from '../../src/lib/session';
import { TY } from '../../tests/renderer/harness';
import { callsTo, fail, location, renderForm, scriptApi, setUpFormTests } from '../../tests/forms/helpers';
import manifest from './index';

vi.mock('../../src/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  request: vi.fn(),
}));

const ProfitLoss = manifest.component;
setUpFormTests(request, <ProfitLoss />, () => import('./profit-loss'));

const PNL = 'GET /wps/records/pnl';

const pnl = (fields: Partial<Pnl> = {}): Pnl => ({
  range: { start: '2026-11-17', end: '2026-11-23', timeZone: 'Asia/Manila' },
  betCount: 37,
  stake: 500,
  validTurnover: 480,
  win: 570.5,
  net: 70.5,
  bonus: 40,
  rebate: 10,
  deposit: 1000,
  withdrawal: 300,
  transferIn: 0,
  transferOut: 25,
  adjustment: 0,
  result: 120.5,
  ...fields,
});

const ty = (key: string, params: Record<string, string | number> = {}) => TY[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));

function logIn() {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'tok-0123456789abcdef', merchantCode: 'fixture01', userName: 'juan123', type: 0, firstTimeLogin: false }));
  reloadSessionFromStorage();
}

const queryOf = (opts: RequestOptions) => opts.query as Record<string, unknown>;
const figure = (id: string) => document.querySelector(`[data-figure="${id}"] dd`) as HTMLElement;

describe('profit-loss', () => {
  it('loads nothing for a visitor and links to the records of today', () => {
    const calls = scriptApi(request, {});
    renderForm(<ProfitLoss />, { route: '/m/profitandloss' });
    expect(calls).toEqual([]);
    expect(screen.getByRole('link', { name: TY.pnl_link_bets }).getAttribute('href')).toBe('/m/gameRecord');
  });

  it('says in one sentence where the member stands, then every figure, signed where it is a gain or loss', async () => {
    logIn();
    const calls = scriptApi(request, { [PNL]: () => pnl() });
    renderForm(<ProfitLoss />, { route: '/m/profitandloss?range=7d' });
    expect(await screen.findByText(ty('pnl_summary_up', { amount: '₱120.50', period: TY.pnl_period_7d }))).toBeTruthy();
    expect(queryOf(callsTo(calls, PNL)[0].opts)).toEqual({ range: '7d' });

    const result = screen.getByRole('region', { name: TY.pnl_result });
    expect(result.classList.contains('result-card--plus')).toBe(true);
    expect(within(result).getByText('+₱120.50')).toBeTruthy();
    expect(within(result).getByText(ty('pnl_bet_count', { count: 37 }))).toBeTruthy();

    expect(figure('stake').textContent).toBe('₱500.00');
    expect(figure('validTurnover').textContent).toBe('₱480.00');
    expect(figure('win').textContent).toBe('₱570.50');
    expect(figure('net').textContent).toBe('+₱70.50');
    expect(figure('net').className).toContain('--plus');
    expect(figure('bonus').textContent).toBe('+₱40.00');
    expect(figure('rebate').textContent).toBe('+₱10.00');
    expect(figure('deposit').textContent).toBe('₱1,000.00');
    expect(figure('withdrawal').textContent).toBe('₱300.00');
    expect(figure('transferIn').textContent).toBe('₱0.00');
    expect(figure('transferOut').textContent).toBe('₱25.00');
    // No adjustment in the range: no card for it.
    expect(figure('adjustment')).toBeNull();

    expect(screen.getByRole('link', { name: TY.pnl_link_bets }).getAttribute('href')).toBe('/m/gameRecord?range=7d');
    expect(screen.getByRole('link', { name: TY.pnl_link_account }).getAttribute('href')).toBe('/m/transaction/record?range=7d');
  });

  it('says when the member is down, even, or did not play, for custom days too', async () => {
    logIn();
    let answer = pnl({ net: -150, bonus: 20, rebate: 5, adjustment: -5.25, result: -130.25 });
    const calls = scriptApi(request, { [PNL]: () => answer });
    renderForm(<ProfitLoss />, { route: '/m/profitandloss?range=custom&start=2026-11-01&end=2026-11-09' });
    const period = ty('pnl_period_custom', { start: '2026-11-17', end: '2026-11-23' });
    expect(await screen.findByText(ty('pnl_summary_down', { amount: '₱130.25', period }))).toBeTruthy();
    expect(queryOf(callsTo(calls, PNL)[0].opts)).toEqual({ range: 'custom', start: '2026-11-01', end: '2026-11-09' });
    expect(figure('net').className).toContain('--minus');
    expect(figure('adjustment').textContent).toBe('-₱5.25');
    expect(screen.getByRole('link', { name: TY.pnl_link_account }).getAttribute('href')).toBe('/m/transaction/record?range=custom&start=2026-11-01&end=2026-11-09');

    answer = pnl({ net: -50, bonus: 50, rebate: 0, result: 0 });
    fireEvent.click(screen.getByRole('button', { name: TY.range_yesterday }));
    expect(await screen.findByText(ty('pnl_summary_even', { period: TY.pnl_period_yesterday }))).toBeTruthy();
    expect(location()).toBe('/m/profitandloss?range=yesterday');

    answer = pnl({ betCount: 0, stake: 0, validTurnover: 0, win: 0, net: 0, bonus: 0, rebate: 0, result: 0 });
    fireEvent.click(screen.getByRole('button', { name: TY.range_today }));
    expect(await screen.findByText(ty('pnl_summary_none', { period: TY.pnl_period_today }))).toBeTruthy();
  });

  it('offers a retry when the figures cannot be loaded', async () => {
    logIn();
    let failing = true;
    scriptApi(request, { [PNL]: () => (failing ? fail('server.error', 'unknown_error', undefined, 500) : pnl()) });
    renderForm(<ProfitLoss />, { route: '/m/profitandloss' });
    const retry = await screen.findByRole('button', { name: TY.retry });
    failing = false;
    fireEvent.click(retry);
    await waitFor(() => expect(figure('stake')?.textContent).toBe('₱500.00'));
  });
});

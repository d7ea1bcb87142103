// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { request } from '../../src/lib/api/client';
import { reasonAction, type WithdrawalEligibility, type WithdrawalReason } from '../../src/features/wallet';
import { reloadSessionFromStorage, SESSION_KEY } from '../../src/lib/session';
import { TY } from '../../tests/renderer/harness';
import { callsTo, renderForm, scriptApi, setUpFormTests } from '../../tests/forms/helpers';
import manifest from './index';

vi.mock('../../src/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  request: vi.fn(),
}));

const WithdrawBlockers = manifest.component;
setUpFormTests(request, <WithdrawBlockers />, () => import('./withdraw-blockers'));

const ELIGIBILITY = 'GET /wps/wallet/withdrawals/eligibility';

/** Every reason the server gives, each with its numbers (as server/modules/wallet/services/withdrawals.ts sends them). */
const REASONS: WithdrawalReason[] = [
  { code: 'turnover.required', required: 3000, wagered: 1250.5, outstanding: 1749.5, message: 'err_turnover_required' },
  { code: 'identity.unverified', identityState: 'none', message: 'err_identity_unverified' },
  { code: 'payout.account.missing', message: 'err_payout_account_missing' },
  { code: 'withdrawal.pending', withdrawalId: 41, message: 'err_withdrawal_pending' },
  { code: 'withdrawal.daily.limit', used: 3, allowed: 3, message: 'err_withdrawal_daily_limit' },
  { code: 'withdrawal.amount.range', amount: 60000, min: 100, max: 50000, message: 'err_withdrawal_amount_range' },
  { code: 'payment.password.unset', message: 'err_payment_password_unset' },
  { code: 'balance.insufficient', balance: 50, amount: 100, fee: 3, needed: 103, message: 'err_balance_insufficient' },
];

const eligibility = (reasons: WithdrawalReason[]): WithdrawalEligibility => ({
  balance: 50,
  withdrawable: 0,
  currency: 'PHP',
  allowed: reasons.length === 0,
  limits: { min: 100, max: 50000, feePercent: 2, feeFixed: 1, dailyCount: 3, dailyUsed: 3 },
  payoutAccounts: [],
  reasons,
});

const ty = (key: string, params: Record<string, string | number> = {}) => TY[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));

function logIn() {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'tok-0123456789abcdef', merchantCode: 'fixture01', userName: 'juan123', type: 0, firstTimeLogin: false }));
  reloadSessionFromStorage();
}

const reasonItem = (code: string) => document.querySelector(`[data-code="${code}"]`) as HTMLElement;
const linkOf = (code: string) => within(reasonItem(code)).queryByRole('link')?.getAttribute('href') ?? null;

describe('withdraw-blockers', () => {
  it('loads nothing for a visitor', () => {
    const calls = scriptApi(request, {});
    renderForm(<WithdrawBlockers />, { route: '/m/withdraw' });
    expect(calls).toEqual([]);
  });

  it('lists every reason with its numbers in the tenant currency and a link to where it is cleared', async () => {
    logIn();
    scriptApi(request, { [ELIGIBILITY]: () => eligibility(REASONS) });
    renderForm(<WithdrawBlockers gamesTo="/m/slotsCenter" />, { route: '/m/withdraw' });
    expect(await screen.findByRole('heading', { name: TY.withdraw_blockers_title })).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(8);

    expect(reasonItem('turnover.required').textContent).toContain(ty('withdraw_reason_turnover', { outstanding: '₱1,749.50', wagered: '₱1,250.50', required: '₱3,000.00' }));
    expect(linkOf('turnover.required')).toBe('/m/slotsCenter');
    expect(reasonItem('identity.unverified').textContent).toContain(TY.withdraw_reason_identity);
    expect(linkOf('identity.unverified')).toBe('/m/securityCenter?view=identity');
    expect(reasonItem('payout.account.missing').textContent).toContain(TY.withdraw_reason_payout_account);
    expect(linkOf('payout.account.missing')).toBe('/m/securityCenter?view=payoutAccounts');
    expect(reasonItem('withdrawal.pending').textContent).toContain(ty('withdraw_reason_pending', { id: 41 }));
    expect(linkOf('withdrawal.pending')).toBe('/m/withdrawReport');
    expect(reasonItem('withdrawal.daily.limit').textContent).toContain(ty('withdraw_reason_daily_limit', { used: 3, allowed: 3 }));
    expect(linkOf('withdrawal.daily.limit')).toBeNull();
    expect(reasonItem('withdrawal.amount.range').textContent).toContain(ty('withdraw_reason_amount_range', { amount: '₱60,000.00', min: '₱100.00', max: '₱50,000.00' }));
    expect(reasonItem('payment.password.unset').textContent).toContain(TY.withdraw_reason_payment_password);
    expect(linkOf('payment.password.unset')).toBe('/m/securityCenter?view=paymentPassword');
    expect(reasonItem('balance.insufficient').textContent).toContain(ty('withdraw_reason_balance', { needed: '₱103.00', amount: '₱100.00', fee: '₱3.00', balance: '₱50.00' }));
    expect(linkOf('balance.insufficient')).toBe('/m/voucherCenter');
    expect(within(reasonItem('identity.unverified')).getByRole('link').textContent).toBe(TY.withdraw_action_identity);
  });

  it('says where an identity check stands, and sends turnover to the game list by default', async () => {
    logIn();
    scriptApi(request, {
      [ELIGIBILITY]: () => eligibility([REASONS[0], { code: 'identity.unverified', identityState: 'pending' }]),
    });
    renderForm(<WithdrawBlockers />, { route: '/m/withdraw' });
    expect(await screen.findByText(TY.withdraw_reason_identity_pending)).toBeTruthy();
    expect(linkOf('turnover.required')).toBe('/m/gameList');
    expect(reasonAction({ code: 'turnover.required' }, '/m/gameLobby')?.to).toBe('/m/gameLobby');
  });

  it('says in one line that nothing blocks', async () => {
    logIn();
    const calls = scriptApi(request, { [ELIGIBILITY]: () => eligibility([]) });
    renderForm(<WithdrawBlockers />, { route: '/m/withdraw' });
    expect(await screen.findByText(TY.withdraw_blockers_none)).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    expect(callsTo(calls, ELIGIBILITY)).toHaveLength(1);
  });
});

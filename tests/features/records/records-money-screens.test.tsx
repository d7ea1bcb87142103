// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/lib/api/client', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>();
  const request = vi.fn();
  return { ...actual, request };
});

import { ApiFailure, request } from '../../../src/lib/api/client';
import type { AccruedRebate, UplineTransfer } from '../../../src/features/records';
import { feedbackStore } from '../../../src/lib/feedback';
import { TY } from '../../renderer/harness';
import { memberApi, renderApp, repoTenant, resetSession, storeSession, tenantWithBaseScreens, type Handler } from '../../app/helpers';

const requestMock = vi.mocked(request);

const ACCRUED: AccruedRebate = {
  categories: [{ gameType: 'RNG', validTurnover: 500, rate: 0.8, amount: 4 }],
  total: 4,
  currency: 'PHP',
  minClaim: 1,
  turnoverMultiplier: 1,
  turnoverRequired: 4,
  claimable: true,
};
const TRANSFER: UplineTransfer = { upline: { username: 'de***nt' }, balance: 1250.5, currency: 'PHP', min: 10, max: 20000, transferable: 1250.5, paymentPasswordSet: true, allowed: true, reasons: [] };

const calls: string[] = [];

function api(overrides: Record<string, Handler> = {}) {
  const handlers = memberApi({
    'GET /wps/rebates/accrued': () => ACCRUED,
    'GET /wps/transfers/upline': () => TRANSFER,
    'GET /wps/rebates/report': () => ({ range: { start: '2026-11-23', end: '2026-11-23', timeZone: 'Asia/Manila' }, list: [], totals: { validTurnover: 0, amount: 0, manual: 0, auto: 0, claims: 0 }, currency: 'PHP' }),
    ...overrides,
  });
  requestMock.mockImplementation(async (method: string, path: string, opts = {}) => {
    calls.push(`${method} ${path}`);
    const handler = handlers[`${method} ${path}`];
    if (!handler) throw new ApiFailure('network', 'network_slow', 0);
    return handler(opts);
  });
}

beforeEach(() => {
  calls.length = 0;
  api();
});

afterEach(() => {
  cleanup();
  resetSession();
  requestMock.mockReset();
  feedbackStore.toasts.splice(0);
  feedbackStore.dialog = null;
});

describe('cash back, rebate report and upline transfer screens', () => {
  it('the base tenant lays each one out with its widget', () => {
    const screens = repoTenant('_base').screens;
    expect(screens.manualRebate?.slots.main.items.cashBack.widget).toBe('cash-back');
    expect(screens.rebateReport?.slots.main.items.report.widget).toBe('rebate-report');
    expect(screens.uplineTransfer?.slots.main.items.form.widget).toBe('upline-transfer');
  });

  it('a member claims cash back on /m/member/manualRebate and sees the new balance', async () => {
    api({ 'POST /wps/rebates/claim': () => ({ id: 1, amount: 4, turnoverRequired: 4, balance: 1254.5, currency: 'PHP', lines: ACCRUED.categories, createdAt: '2026-11-23T10:00:00.000Z' }) });
    storeSession();
    renderApp('/m/member/manualRebate', { tenant: tenantWithBaseScreens({ flags: { MANPLAYREB3: true } }) });
    expect((await screen.findByTestId('cash-back-total')).textContent).toBe('₱4.00');
    const claim = screen.getByRole('button', { name: TY.cash_back_claim });
    await waitFor(() => expect(claim.hasAttribute('disabled')).toBe(false));
    fireEvent.click(claim);
    const done = await screen.findByTestId('cash-back-done');
    expect(within(done).getByTestId('cash-back-balance').textContent).toBe('₱1,254.50');
  });

  it('a member sees the masked upline on /m/upLine/transfer', async () => {
    storeSession();
    renderApp('/m/upLine/transfer', { tenant: tenantWithBaseScreens({ flags: { AGETRANSFERUP3: true } }) });
    expect((await screen.findByTestId('transfer-upline')).textContent).toBe('de***nt');
    expect(screen.getByTestId('transfer-balance').textContent).toBe('₱1,250.50');
  });

  it('a visitor is asked to log in, and nothing of a member is loaded', async () => {
    renderApp('/m/member/rebateReport', { tenant: tenantWithBaseScreens({ flags: { PLYRBT: true } }) });
    expect(await screen.findByText(TY.member_login_first)).toBeTruthy();
    expect(calls.filter((c) => c.includes('/wps/rebates') || c.includes('/wps/transfers'))).toEqual([]);
  });

  it.each([
    ['/m/vouReport', 'DEPRECM3'],
    ['/m/withdrawReport', 'WITHREC3'],
    ['/m/transaction/record', 'TRANSREC3'],
    ['/m/gameRecord', 'TRANSBETREPMEM3'],
    ['/m/profitandloss', 'PERSREP'],
  ] as const)('a visitor on %s is asked to log in there, not left loading', async (path, flag) => {
    renderApp(path, { tenant: tenantWithBaseScreens({ flags: { [flag]: true } }) });
    expect(await screen.findByText(TY.member_login_first)).toBeTruthy();
    expect(document.querySelector('.page-loading')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: TY.login_or_register }));
    // The member centre's login dialog opens over the page.
    expect(await screen.findByRole('dialog')).toBeTruthy();
    // Only the login form's own rules, nothing of a member.
    expect(calls.filter((c) => c !== 'GET /wps/system/validationRules')).toEqual([]);
  });
});

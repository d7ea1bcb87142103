// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/lib/api/client', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>();
  const request = vi.fn();
  return { ...actual, request };
});

import { ApiFailure, request } from '../../../src/lib/api/client';
import type { WithdrawalEligibility, WithdrawalReason } from '../../../src/features/wallet';
import { feedbackStore } from '../../../src/lib/feedback';
import { TY } from '../../renderer/harness';
import { memberApi, renderApp, repoTenant, resetSession, storeSession, tenantWithBaseScreens, type Handler } from '../../app/helpers';

const requestMock = vi.mocked(request);

const OPEN: WithdrawalEligibility = {
  balance: 5000,
  withdrawable: 4900,
  currency: 'PHP',
  allowed: true,
  limits: { min: 100, max: 50000, feePercent: 0, feeFixed: 0, dailyCount: 3, dailyUsed: 0 },
  payoutAccounts: [{ id: 3, kind: 'ewallet', providerCode: 'gcash', providerName: 'GCash', accountNo: '****7890', holderName: 'Juan Dela Cruz' }],
  reasons: [],
};
const TURNOVER: WithdrawalReason = { code: 'turnover.required', required: 3000, wagered: 1000, outstanding: 2000 };

let eligibilityReads = 0;

function api(overrides: Record<string, Handler> = {}) {
  const handlers = memberApi({ 'GET /wps/wallet/withdrawals/eligibility': () => OPEN, ...overrides });
  requestMock.mockImplementation(async (method: string, path: string, opts = {}) => {
    const handler = handlers[`${method} ${path}`];
    if (!handler) throw new ApiFailure('network', 'network_slow', 0);
    return handler(opts);
  });
}

beforeEach(() => {
  eligibilityReads = 0;
  api();
});

afterEach(() => {
  cleanup();
  resetSession();
  requestMock.mockReset();
  feedbackStore.toasts.splice(0);
  feedbackStore.dialog = null;
});

describe('withdraw screen (/m/withdraw)', () => {
  it('the base tenant lays out the reasons panel above the form', () => {
    const main = repoTenant('_base').screens.withdraw?.slots.main;
    expect(main?.order).toEqual(['blockers', 'form']);
    expect(main?.items.blockers.widget).toBe('withdraw-blockers');
    expect(main?.items.form.widget).toBe('withdraw-form');
  });

  it('a refusal shows the server\'s message and the panel lists the reasons read again', async () => {
    api({
      'GET /wps/wallet/withdrawals/eligibility': () => (++eligibilityReads === 1 ? OPEN : { ...OPEN, allowed: false, reasons: [TURNOVER] }),
      'POST /wps/wallet/withdrawals': () => {
        throw new ApiFailure('turnover.required', 'err_turnover_required', 409, { reasons: [TURNOVER] });
      },
    });
    storeSession();
    renderApp('/m/withdraw', { tenant: tenantWithBaseScreens() });
    expect(await screen.findByText(TY.withdraw_blockers_none)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(TY.withdraw_amount, { selector: 'input' }), { target: { value: '1000' } });
    fireEvent.change(screen.getByLabelText(TY.withdraw_payment_password, { selector: 'input' }), { target: { value: '123456' } });
    await waitFor(() => expect(screen.getByRole('button', { name: TY.withdraw_submit }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: TY.withdraw_submit }));
    await waitFor(() => expect(screen.getByText(TY.err_turnover_required)).toBeTruthy());
    const panel = await screen.findByRole('region', { name: TY.withdraw_blockers_title });
    const item = within(panel).getByRole('listitem');
    expect(item.textContent).toContain('₱2,000.00');
    expect(within(item).getByRole('link').getAttribute('href')).toBe('/m/gameList');
  });

  it('a visitor is asked to log in, and nothing of a member is loaded', async () => {
    renderApp('/m/withdraw', { tenant: tenantWithBaseScreens() });
    expect(await screen.findByText(TY.member_login_first)).toBeTruthy();
    expect(requestMock).not.toHaveBeenCalledWith('GET', '/wps/wallet/withdrawals/eligibility', expect.anything());
  });
});

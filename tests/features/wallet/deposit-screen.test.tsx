// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/lib/api/client', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>();
  const request = vi.fn();
  return { ...actual, request };
});

import { ApiFailure, request } from '../../../src/lib/api/client';
import type { Tenant } from '../../../src/generated/tenant';
import type { Deposit } from '../../../src/features/wallet';
import { detailSlotOf } from '../../../src/features/wallet/screens/deposit-screen';
import { feedbackStore } from '../../../src/lib/feedback';
import { effectiveSettings } from '../../../src/lib/runtime';
import { selectVariant } from '../../../src/renderer';
import { EN, TY } from '../../renderer/harness';
import { memberApi, renderApp, repoTenant, resetSession, storeSession, tenantWithBaseScreens, type Handler } from '../../app/helpers';

const requestMock = vi.mocked(request);

const DEPOSIT: Deposit = {
  id: 12,
  channelId: 'gcash',
  channelName: 'GCash',
  provider: 'gateway',
  amount: 500,
  fee: 0,
  credited: 500,
  bonus: 100,
  currency: 'PHP',
  state: 'paid',
  reference: null,
  hasReceipt: false,
  reason: null,
  createdAt: '2030-01-01T00:00:00.000Z',
  expiresAt: '2030-01-01T00:30:00.000Z',
  decidedAt: '2030-01-01T00:05:00.000Z',
};

const CHANNELS = {
  currency: 'PHP',
  currencySymbol: '₱',
  pendingMinutes: 30,
  channels: [
    { id: 'gcash', name: 'GCash', kind: 'ewallet', provider: 'gateway', logoUrl: '/m/brand/wallet/gcash.svg', min: 100, max: 50000, quickAmounts: [100], fee: { percent: 0, fixed: 0 }, bonusPercent: 20, bonusTurnoverMultiplier: 5 },
  ],
};

function api(overrides: Record<string, Handler> = {}) {
  const handlers = memberApi({
    'GET /wps/wallet/deposit/channels': () => CHANNELS,
    'GET /wps/wallet/deposits/12': () => DEPOSIT,
    ...overrides,
  });
  requestMock.mockImplementation(async (method: string, path: string, opts = {}) => {
    const handler = handlers[`${method} ${path}`];
    if (!handler) throw new ApiFailure('network', 'network_slow', 0);
    return handler(opts);
  });
}

beforeEach(() => api());

afterEach(() => {
  cleanup();
  resetSession();
  requestMock.mockReset();
  feedbackStore.toasts.splice(0);
  feedbackStore.dialog = null;
});

function variantOf(tenant: Tenant, startup = {}) {
  const screen = tenant.screens.voucherCenter;
  if (!screen) throw new Error('the tenant has no deposit screen');
  return selectVariant(screen, effectiveSettings({ tenant, startup }));
}

const withDepFunc = (value: string) => tenantWithBaseScreens({ settings: { mobileTemplate: { dep_func: value } } });

describe('deposit screen (/m/voucherCenter)', () => {
  it('mobileTemplate.dep_func "1" selects the new deposit detail, anything else the base one', () => {
    expect(variantOf(repoTenant('_base'))).toBe('base');
    expect(variantOf(repoTenant('demo-ph'))).toBe('base');
    expect(variantOf(repoTenant('demo-ph'), { info: { mobileTemplate: { dep_func: '1' } } })).toBe('new');
    expect(variantOf(repoTenant('demo-ph'), { info: { mobileTemplate: { dep_func: '2' } } })).toBe('base');
    expect(detailSlotOf('base')).toBe('detailBase');
    expect(detailSlotOf('new')).toBe('detailNew');
    // Both slots exist, each holding the one detail widget in its layout.
    const slots = repoTenant('_base').screens.voucherCenter?.slots ?? {};
    expect(slots.detailBase?.items.detail).toEqual({ widget: 'deposit-detail', props: { layout: 'base' } });
    expect(slots.detailNew?.items.detail).toEqual({ widget: 'deposit-detail', props: { layout: 'new' } });
  });

  it('without a deposit id shows the form with the channels', async () => {
    storeSession();
    renderApp('/m/voucherCenter', { tenant: withDepFunc('0') });
    expect(await screen.findByRole('radio', { name: /GCash/ })).toBeTruthy();
    expect(document.querySelector('.deposit-detail')).toBeNull();
  });

  it('the provider\'s return address shows the deposit in the version dep_func selects', async () => {
    storeSession();
    renderApp('/m/voucherCenter?deposit=12', { tenant: withDepFunc('1') });
    expect(await screen.findByText(TY.deposit_paid_title)).toBeTruthy();
    expect(document.querySelector('.deposit-detail')?.getAttribute('data-layout')).toBe('new');
    expect(document.querySelector('.deposit-screen')?.getAttribute('data-variant')).toBe('new');
    cleanup();
    renderApp('/m/voucherCenter?deposit=12', { tenant: withDepFunc('0'), lang: 'en' });
    expect(await screen.findByText(EN.deposit_paid_title)).toBeTruthy();
    expect(document.querySelector('.deposit-detail')?.getAttribute('data-layout')).toBe('base');
    expect(screen.getByTestId('outcome-bonus').textContent).toBe('₱100.00');
  });

  it('a visitor is asked to log in, and nothing of a member is loaded', async () => {
    renderApp('/m/voucherCenter', { tenant: withDepFunc('0') });
    // The member centre's one login prompt, on the page (spec section 6).
    expect(await screen.findByText(TY.member_login_first)).toBeTruthy();
    expect(screen.getByRole('button', { name: TY.login_or_register })).toBeTruthy();
    expect(requestMock).not.toHaveBeenCalledWith('GET', '/wps/wallet/deposit/channels', expect.anything());
  });
});

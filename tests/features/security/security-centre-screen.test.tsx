// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/lib/api/client', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>();
  return { ...actual, request: vi.fn(), requestImage: vi.fn(async () => null) };
});

import { ApiFailure, request } from '../../../src/lib/api/client';
import { SECURITY_HUB_VIEW, securityViewOf, securityViewPath } from '../../../src/features/security';
import { feedbackStore } from '../../../src/lib/feedback';
import { EN, TY } from '../../renderer/harness';
import { memberApi, renderApp, repoTenant, resetSession, storeSession, tenantWithBaseScreens, type Handler } from '../../app/helpers';

const requestMock = vi.mocked(request);

function api(overrides: Record<string, Handler> = {}) {
  const handlers = memberApi({
    'GET /wps/wallet/withdrawals/eligibility': () => ({
      balance: 0,
      withdrawable: 0,
      currency: 'PHP',
      allowed: false,
      limits: { min: 100, max: 50000, feePercent: 0, feeFixed: 0, dailyCount: 3, dailyUsed: 0 },
      payoutAccounts: [],
      reasons: [{ code: 'payment.password.unset' }],
    }),
    'GET /wps/security/identity': () => ({ state: 'pending', images: { front: true, back: true, selfie: true } }),
    ...overrides,
  });
  requestMock.mockImplementation(async (method: string, path: string, opts = {}) => {
    const handler = handlers[`${method} ${path}`];
    if (!handler) throw new ApiFailure('network', 'network_slow', 0);
    return handler(opts);
  });
}

const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
beforeAll(() => {
  URL.createObjectURL = () => 'blob:icon';
  URL.revokeObjectURL = () => undefined;
});
afterAll(() => {
  URL.createObjectURL = original.create;
  URL.revokeObjectURL = original.revoke;
});

beforeEach(() => api());

afterEach(() => {
  cleanup();
  resetSession();
  requestMock.mockReset();
  feedbackStore.toasts.splice(0);
  feedbackStore.dialog = null;
});

const main = () => document.querySelector('main.security-centre') as HTMLElement | null;

describe('security centre (/m/securityCenter): the slot ?view= names', () => {
  const slots = { hub: {}, paymentPassword: {}, headIcon: {}, payoutAccounts: {} };

  it('picks the named slot; the hub when the view is absent, unknown or not a slot of its own', () => {
    expect(securityViewOf('', slots)).toBe(SECURITY_HUB_VIEW);
    expect(securityViewOf('?view=paymentPassword', slots)).toBe('paymentPassword');
    expect(securityViewOf('?view=headIcon&x=1', slots)).toBe('headIcon');
    // A slot another developer adds is reachable by its name without code.
    expect(securityViewOf('?view=payoutAccounts', slots)).toBe('payoutAccounts');
    expect(securityViewOf('?view=identity', slots)).toBe(SECURITY_HUB_VIEW);
    expect(securityViewOf('?view=nonsense', slots)).toBe(SECURITY_HUB_VIEW);
    expect(securityViewOf('?view=', slots)).toBe(SECURITY_HUB_VIEW);
    expect(securityViewOf('?view=toString', slots)).toBe(SECURITY_HUB_VIEW);
    expect(securityViewPath('hub')).toBe('/m/securityCenter');
    expect(securityViewPath('headIcon')).toBe('/m/securityCenter?view=headIcon');
  });

  it('_base holds the hub, payment password and head icon slots, one widget each', () => {
    const screenSlots = repoTenant('_base').screens.securityCenter?.slots ?? {};
    expect(screenSlots.hub?.items.hub?.widget).toBe('security-hub');
    expect(screenSlots.paymentPassword?.items.form?.widget).toBe('payment-password');
    expect(screenSlots.headIcon?.items.editor?.widget).toBe('head-icon');
  });

  it('without a view shows the hub', async () => {
    storeSession();
    renderApp('/m/securityCenter', { tenant: tenantWithBaseScreens() });
    expect(await screen.findByText(TY.payment_password)).toBeTruthy();
    expect(main()?.getAttribute('data-view')).toBe('hub');
    expect(document.querySelector('.security-hub')).toBeTruthy();
  });

  it('?view=paymentPassword shows the payment password form; an unknown view the hub', async () => {
    storeSession();
    renderApp('/m/securityCenter?view=paymentPassword', { tenant: tenantWithBaseScreens() });
    expect(await screen.findByText(TY.payment_password_not_set_intro)).toBeTruthy();
    expect(main()?.getAttribute('data-view')).toBe('paymentPassword');
    cleanup();
    renderApp('/m/securityCenter?view=nonsense', { tenant: tenantWithBaseScreens(), lang: 'en' });
    await waitFor(() => expect(document.querySelector('.security-hub')).toBeTruthy());
    expect(main()?.getAttribute('data-view')).toBe('hub');
    expect(await screen.findByText(EN.identity_state_pending)).toBeTruthy();
  });

  it('?view=headIcon shows the head icon editor', async () => {
    storeSession();
    renderApp('/m/securityCenter?view=headIcon', { tenant: tenantWithBaseScreens() });
    expect(await screen.findByText(TY.head_icon_none)).toBeTruthy();
    expect(main()?.getAttribute('data-view')).toBe('headIcon');
  });

  it('renders a slot the tenant adds later by its name (no code change)', async () => {
    storeSession();
    const tenant = tenantWithBaseScreens({
      screens: { securityCenter: { slots: { payoutAccounts: { items: { probe: { widget: 'security-hub', props: { headIcon: false } } }, order: ['probe'] } } } },
    });
    renderApp('/m/securityCenter?view=payoutAccounts', { tenant });
    await waitFor(() => expect(main()?.getAttribute('data-view')).toBe('payoutAccounts'));
    await waitFor(() => expect(document.querySelector('.security-hub')).toBeTruthy());
    expect(document.querySelector('[data-row="headIcon"]')).toBeNull();
  });
});

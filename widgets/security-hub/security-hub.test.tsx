// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { request, requestImage } from '../../src/lib/api/client';
import { SESSION_KEY, reloadSessionFromStorage } from '../../src/lib/session';
import { TY } from '../../tests/renderer/harness';
import { callsTo, fail, renderForm, scriptApi, setUpFormTests, type Handler } from '../../tests/forms/helpers';
import manifest from './index';

vi.mock('../../src/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  request: vi.fn(),
  requestImage: vi.fn(),
}));

const SecurityHub = manifest.component;
const imageMock = vi.mocked(requestImage);

setUpFormTests(request, <SecurityHub />, () => import('./security-hub'));

const INFO = 'GET /wps/member/info';
const ELIGIBILITY = 'GET /wps/wallet/withdrawals/eligibility';
const IDENTITY = 'GET /wps/security/identity';
const fill = (text: string, vars: Record<string, string | number>) => Object.entries(vars).reduce((s, [k, v]) => s.replace(`{{${k}}}`, String(v)), text);

const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
beforeAll(() => {
  URL.createObjectURL = () => 'blob:icon';
  URL.revokeObjectURL = () => undefined;
});
afterAll(() => {
  URL.createObjectURL = original.create;
  URL.revokeObjectURL = original.revoke;
});

const INFO_VALUE = { id: 7, account: 'juan123', type: 0, regDate: '2030-01-01T00:00:00.000Z', toUpline: null, passwordSet: true, mobileNum: '0917****567', email: 'ju***@example.com' };
const NO_IMAGES = { front: false, back: false, selfie: false };

function eligibility(paymentPasswordSet: boolean) {
  return {
    balance: 0,
    withdrawable: 0,
    currency: 'PHP',
    allowed: false,
    limits: { min: 100, max: 50000, feePercent: 0, feeFixed: 0, dailyCount: 3, dailyUsed: 0 },
    payoutAccounts: [],
    reasons: paymentPasswordSet ? [] : [{ code: 'payment.password.unset' }],
  };
}

function logIn() {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'tok-0123456789abcdef', merchantCode: 'fixture01', userName: 'juan123', type: 0, firstTimeLogin: false }));
  reloadSessionFromStorage();
}

function setup(handlers: Record<string, Handler> = {}, icon: Blob | null = null, props: { headIcon?: boolean } = {}) {
  logIn();
  imageMock.mockImplementation(async () => icon);
  const calls = scriptApi(request, {
    [INFO]: () => INFO_VALUE,
    [ELIGIBILITY]: () => eligibility(true),
    [IDENTITY]: () => ({ state: 'none', images: NO_IMAGES }),
    ...handlers,
  });
  renderForm(<SecurityHub {...props} />, { route: '/m/securityCenter' });
  return calls;
}

const row = (id: string) => document.querySelector(`[data-row="${id}"]`) as HTMLElement;
const state = (id: string) => screen.getByTestId(`state-${id}`).textContent;
const link = (id: string) => row(id).querySelector('a')?.getAttribute('href');

describe('security-hub', () => {
  it('a visitor is asked to log in and nothing of a member is loaded', () => {
    const calls = scriptApi(request, {});
    renderForm(<SecurityHub />, { route: '/m/securityCenter' });
    expect(screen.getByText(TY.security_login_first)).toBeTruthy();
    expect(calls).toHaveLength(0);
    expect(imageMock).not.toHaveBeenCalled();
  });

  it('each row shows its state and leads to its next step', async () => {
    setup({}, new Blob(['x'], { type: 'image/png' }));
    await waitFor(() => expect(state('loginPassword')).toBe(TY.security_set));
    expect(link('loginPassword')).toBe('/m/changePsw');
    await waitFor(() => expect(state('paymentPassword')).toBe(TY.security_set));
    expect(link('paymentPassword')).toBe('/m/securityCenter?view=paymentPassword');
    expect(state('mobile')).toBe('0917****567');
    expect(state('email')).toBe('ju***@example.com');
    expect(row('mobile').querySelector('a')).toBeNull();
    await waitFor(() => expect(state('headIcon')).toBe(TY.head_icon_current));
    await waitFor(() => expect(within(row('headIcon')).getByRole('img').getAttribute('src')).toBe('blob:icon'));
    expect(link('headIcon')).toBe('/m/securityCenter?view=headIcon');
    expect(link('payoutAccounts')).toBe('/m/securityCenter?view=payoutAccounts');
    await waitFor(() => expect(state('identity')).toBe(TY.identity_state_none));
    expect(link('identity')).toBe('/m/securityCenter?view=identity');
    expect(within(row('identity')).getByText(TY.identity_verify_now)).toBeTruthy();
  });

  it('what is missing: no login password, no payment password, nothing bound, no picture', async () => {
    setup({ [INFO]: () => ({ ...INFO_VALUE, passwordSet: false, mobileNum: null, email: null }), [ELIGIBILITY]: () => eligibility(false) });
    await waitFor(() => expect(state('loginPassword')).toBe(TY.security_not_set));
    await waitFor(() => expect(state('paymentPassword')).toBe(TY.security_not_set));
    expect(within(row('paymentPassword')).getByText(TY.security_set_up)).toBeTruthy();
    expect(state('mobile')).toBe(TY.security_not_bound);
    expect(state('email')).toBe(TY.security_not_bound);
    await waitFor(() => expect(state('headIcon')).toBe(TY.head_icon_none));
  });

  it.each([
    ['pending', TY.identity_state_pending],
    ['approved', TY.identity_state_approved],
  ])('identity %s', async (identityState, text) => {
    setup({ [IDENTITY]: () => ({ state: identityState, images: { front: true, back: true, selfie: true } }) });
    await waitFor(() => expect(state('identity')).toBe(text));
    expect(screen.queryByTestId('identity-reason')).toBeNull();
  });

  it('a rejected identity check shows the operator\'s reason and offers to verify again', async () => {
    setup({ [IDENTITY]: () => ({ state: 'rejected', reason: 'The photo is blurred', images: NO_IMAGES }) });
    await waitFor(() => expect(state('identity')).toBe(TY.identity_state_rejected));
    expect(screen.getByTestId('identity-reason').textContent).toBe(fill(TY.identity_rejected_reason, { reason: 'The photo is blurred' }));
    expect(within(row('identity')).getByText(TY.identity_verify_now)).toBeTruthy();
  });

  it('a state that cannot be loaded says so instead of guessing', async () => {
    setup({ [ELIGIBILITY]: () => fail('server.error', 'unknown_error', undefined, 500) });
    await waitFor(() => expect(state('paymentPassword')).toBe(TY.security_state_unavailable));
  });

  it('the head icon row can be left out, and then no picture is read', async () => {
    const calls = setup({}, null, { headIcon: false });
    await waitFor(() => expect(state('identity')).toBe(TY.identity_state_none));
    expect(row('headIcon')).toBeNull();
    expect(imageMock).not.toHaveBeenCalled();
    expect(callsTo(calls, INFO)).toHaveLength(1);
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/lib/api/client', async (importOriginal) => {
  // Self-contained: a factory that imported app code would load the real client for it.
  const actual = await importOriginal<Record<string, unknown>>();
  const request = vi.fn();
  return { ...actual, request, swrFetcher: ([path, query]: [string, unknown]) => request('GET', path, { query }) };
});

import { ApiFailure, request } from '../../../src/lib/api/client';
import type { Tenant } from '../../../src/generated/tenant';
import { feedbackStore } from '../../../src/lib/feedback';
import { effectiveSettings } from '../../../src/lib/runtime';
import { selectVariant } from '../../../src/renderer';
import { EN, TY } from '../../renderer/harness';
import { memberApi, renderApp, repoTenant, resetSession, storeSession, tenantWithBaseScreens, type Handler } from '../../app/helpers';

const requestMock = vi.mocked(request);

function api(overrides: Record<string, Handler> = {}) {
  const handlers = memberApi(overrides);
  requestMock.mockImplementation(async (method: string, path: string, opts = {}) => {
    const handler = handlers[`${method} ${path}`];
    // Whatever else a widget asks for (the login form's captcha ...) fails like an unreachable server.
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
  vi.restoreAllMocks();
});

function variantOf(tenant: Tenant, startup = {}) {
  return selectVariant(tenant.screens.mine, effectiveSettings({ tenant, startup }));
}

/** The member-centre list items as rendered: link targets or button labels. */
function listItems(): string[] {
  const list = document.querySelector('.mc-list ul');
  if (!list) return [];
  return [...list.querySelectorAll(':scope > li > a, :scope > li > button')].map((el) =>
    el.tagName === 'A' ? (el.getAttribute('href') ?? '') : `button:${el.textContent}`,
  );
}

describe('variant (mobileTemplate.mem_cen)', () => {
  it('"1" selects the new layout, anything else the base one', () => {
    expect(variantOf(repoTenant('_base'))).toBe('base');
    expect(variantOf(repoTenant('demo-ph'))).toBe('base');
    expect(variantOf(repoTenant('demo-en'))).toBe('new');
    expect(variantOf(repoTenant('demo-ph'), { info: { mobileTemplate: { mem_cen: '1' } } })).toBe('new');
    expect(variantOf(repoTenant('demo-en'), { info: { mobileTemplate: { mem_cen: '2' } } })).toBe('base');
  });

  it('renders the chosen layout', async () => {
    renderApp('/m/mine', { tenant: tenantWithBaseScreens({ settings: { mobileTemplate: { mem_cen: '1' } } }) });
    expect((await screen.findByRole('heading', { level: 1, name: TY.member_centre })).closest('.member-centre')?.getAttribute('data-variant')).toBe('new');
    cleanup();
    renderApp('/m/member/home', { tenant: tenantWithBaseScreens({ settings: { mobileTemplate: { mem_cen: '0' } } }) });
    expect((await screen.findByRole('heading', { level: 1, name: TY.member_centre })).closest('.member-centre')?.getAttribute('data-variant')).toBe('base');
  });
});

describe('visitor', () => {
  it('back leads home, settings and every protected entry open the login dialog', async () => {
    const { router } = renderApp('/m/mine', { tenant: tenantWithBaseScreens() });
    const top = await screen.findByRole('banner');
    expect(within(top).getByRole('link', { name: TY.back }).getAttribute('href')).toBe('/m/home');
    expect(within(top).getByRole('link', { name: TY.settings }).getAttribute('href')).toBe('/m/set');

    fireEvent.click(screen.getByRole('button', { name: TY.login_or_register }));
    const dialog = await screen.findByRole('dialog', { name: TY.login_or_register });
    fireEvent.click(within(dialog).getByRole('button', { name: TY.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const reward = screen.getByRole('link', { name: new RegExp(TY.reward_center) });
    expect(reward.getAttribute('href')).toBe('/m/rewardCenter');
    fireEvent.click(reward);
    expect(await screen.findByRole('dialog', { name: TY.login_or_register })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/m/mine');
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(top).getByRole('link', { name: TY.settings }));
    expect(await screen.findByRole('dialog', { name: TY.login_or_register })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/m/mine');
    expect(requestMock).not.toHaveBeenCalledWith('POST', '/wps/session/renew', expect.anything());
  });

  it('the dialog closes itself once a session exists', async () => {
    renderApp('/m/mine', { tenant: tenantWithBaseScreens() });
    fireEvent.click(await screen.findByRole('button', { name: TY.login_or_register }));
    await screen.findByRole('dialog');
    const { setSession } = await import('../../../src/lib/session');
    setSession({ token: 'tok-0123456789abcdef', userName: 'juan', customerType: 0, firstTimeLogin: false }, 'fixture01');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByTestId('member-card')).toBeTruthy();
  });
});

describe('member', () => {
  it('profile header: account, the VIP level reached, joined N days; renews the session on load', async () => {
    storeSession();
    renderApp('/m/mine', { tenant: tenantWithBaseScreens() });
    const card = await screen.findByTestId('member-card');
    await waitFor(() => expect(card.textContent).toContain(TY.joined_days.replace('{{count}}', '12')));
    expect(card.textContent).toContain('juan');
    expect(screen.getByTestId('member-level').textContent).toBe(TY.vip_level_title.replace('{{level}}', '2').replace('{{name}}', TY.vip_level_silver));
    expect(card.getAttribute('href')).toBe('/m/member/benefits');
    expect(requestMock).toHaveBeenCalledWith('POST', '/wps/session/renew', { body: {} });
  });

  it('the card opens /m/member/home when the VIP-benefit setting is off', async () => {
    storeSession();
    renderApp('/m/mine', { tenant: tenantWithBaseScreens({ settings: { vipBenefit: false } }) });
    expect((await screen.findByTestId('member-card')).getAttribute('href')).toBe('/m/member/home');
  });

  it('shows the tenant items the gates allow, as real links, in order', async () => {
    storeSession();
    renderApp('/m/mine', { tenant: tenantWithBaseScreens({ flags: { REWCEN3: true, DEPRECM3: true, MAILCEN: true, AGETRANSFERUP3: false } }) });
    await screen.findByTestId('member-card');
    expect(listItems()).toEqual([
      '/m/rewardCenter',
      `button:${TY.referral}`,
      '/m/vouReport',
      '/m/webEmail',
      `button:${TY.online_service}`,
      `button:${TY.download_app}`,
      '/m/responsibleGaming',
    ]);
  });

  it('agents see the agency entry; members with an upline the upline transfer (hasUpline from member info)', async () => {
    storeSession({ type: 1 });
    api({
      'GET /wps/member/info': () => ({ id: 7, account: 'juan', type: 1, regDate: '2024-01-01T00:00:00Z', toUpline: 'demoagent', passwordSet: true }),
    });
    renderApp('/m/mine', { tenant: tenantWithBaseScreens({ flags: { REWCEN3: false, DEPRECM3: false, AGETRANSFERUP3: true } }) });
    await waitFor(() => expect(listItems()).toContain('/m/upLine/transfer'));
    expect(listItems()).toContain('/m/agent');
  });

  it('no upline, no upline transfer', async () => {
    storeSession();
    renderApp('/m/mine', { tenant: tenantWithBaseScreens({ flags: { AGETRANSFERUP3: true } }) });
    await screen.findByTestId('member-card');
    await waitFor(() => expect(requestMock).toHaveBeenCalledWith('GET', '/wps/member/info', expect.anything()));
    expect(listItems()).not.toContain('/m/upLine/transfer');
    expect(listItems()).not.toContain('/m/agent');
  });

  it('referral opens the share dialog with the member’s own code from the server when REFERRAL is on', async () => {
    api({ 'GET /wps/member/referral': () => ({ code: 'K7PQ2MZX', invitedTotal: 0, invited: [] }) });
    storeSession();
    renderApp('/m/mine', { tenant: tenantWithBaseScreens() });
    fireEvent.click(await screen.findByRole('button', { name: TY.referral }));
    const dialog = await screen.findByRole('dialog', { name: TY.referral });
    const link = within(dialog).getByRole('textbox') as HTMLInputElement;
    await waitFor(() => expect(link.value).toBe(`https://${window.location.host}/m/register?affiliateCode=K7PQ2MZX`));
  });

  it('referral without the REFERRAL promotion says contact_service for 2 s', async () => {
    storeSession();
    renderApp('/m/mine', { tenant: tenantWithBaseScreens({ settings: { promotions: [] } }) });
    fireEvent.click(await screen.findByRole('button', { name: TY.referral }));
    expect(await screen.findByText(TY.contact_service)).toBeTruthy();
    expect(feedbackStore.toasts[0]).toMatchObject({ key: 'contact_service', durationMs: 2000 });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows in English for an English tenant (demo-en: new layout, no reward or message center)', async () => {
    storeSession({ merchantCode: 'demoen01' });
    renderApp('/m/mine', { tenant: repoTenant('demo-en'), lang: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: EN.member_centre })).toBeTruthy();
    expect(document.querySelector('.member-centre')?.getAttribute('data-variant')).toBe('new');
    await screen.findByTestId('member-card');
    expect(listItems()).not.toContain('/m/rewardCenter');
    expect(listItems()).not.toContain('/m/webEmail');
    expect(screen.queryByRole('link', { name: new RegExp(EN.vip_benefits) })).toBeNull();
  });
});

describe('free-trial member (type 4)', () => {
  it('entering the member centre: free_reject for 2 s, and back where they were', async () => {
    storeSession({ type: 4, userName: 'trial01' });
    window.history.replaceState({ idx: 1 }, '');
    const { router } = renderApp(['/m/notice', '/m/mine'], { tenant: tenantWithBaseScreens() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/notice'));
    expect(feedbackStore.toasts).toHaveLength(1);
    expect(feedbackStore.toasts[0]).toMatchObject({ key: 'free_reject', durationMs: 2000 });
    expect(screen.queryByTestId('member-card')).toBeNull();
    window.history.replaceState(null, '');
  });

  it('tapping the footer item: free_reject, and the page does not change', async () => {
    storeSession({ type: 4, userName: 'trial01' });
    const { router } = renderApp('/m/home', { tenant: tenantWithBaseScreens() });
    const footer = screen.getByRole('contentinfo');
    fireEvent.click(within(footer).getByRole('link', { name: new RegExp(TY.member_centre) }));
    expect(await screen.findByText(TY.free_reject)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/m/home');
    expect(feedbackStore.toasts[0]).toMatchObject({ key: 'free_reject', durationMs: 2000 });
  });

  it('tapping the deposit button: login_actual_account, and the page does not change', async () => {
    storeSession({ type: 4, userName: 'trial01' });
    const { router } = renderApp('/m/home', { tenant: tenantWithBaseScreens() });
    const deposit = screen.getByRole('contentinfo').querySelector('a[href="/m/voucherCenter"]') as HTMLAnchorElement;
    fireEvent.click(deposit);
    expect(await screen.findByText(TY.login_actual_account)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/m/home');
    expect(feedbackStore.toasts[0]).toMatchObject({ key: 'login_actual_account', durationMs: 2000 });
  });

  it('tapping invite friends in the footer: login_actual_account, and the page does not change', async () => {
    storeSession({ type: 4, userName: 'trial01' });
    const { router } = renderApp('/m/home', { tenant: tenantWithBaseScreens() });
    fireEvent.click(screen.getByRole('contentinfo').querySelector('a[href="/m/inviteFriends"]') as HTMLAnchorElement);
    expect(await screen.findByText(TY.login_actual_account)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/m/home');
  });

  it('opening a real-account function: login_actual_account for 2 s, and back where they were', async () => {
    storeSession({ type: 4, userName: 'trial01' });
    window.history.replaceState({ idx: 1 }, '');
    const { router } = renderApp(['/m/notice', '/m/withdraw'], { tenant: tenantWithBaseScreens() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/notice'));
    expect(feedbackStore.toasts).toHaveLength(1);
    expect(feedbackStore.toasts[0]).toMatchObject({ key: 'login_actual_account', durationMs: 2000 });
    window.history.replaceState(null, '');
  });

  it('a real member taps through to the member centre', async () => {
    storeSession();
    const { router } = renderApp('/m/home', { tenant: tenantWithBaseScreens() });
    fireEvent.click(within(screen.getByRole('contentinfo')).getByRole('link', { name: new RegExp(TY.member_centre) }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/mine'));
    expect(feedbackStore.toasts).toHaveLength(0);
  });
});

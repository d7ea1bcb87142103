// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/lib/api/client', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>();
  return { ...actual, request: vi.fn() };
});

import { request } from '../../src/lib/api/client';
import { feedbackStore } from '../../src/lib/feedback';
import { SESSION_KEY } from '../../src/lib/session';
import RichTextView from '../../widgets/rich-text/rich-text';
import ServiceChannelsView from '../../widgets/service-channels/service-channels';
import TrialIntroView from '../../widgets/trial-intro/trial-intro';
import { EN, Harness, TY, type HarnessOptions } from '../renderer/harness';
import { MEMBER_SESSION, renderApp, repoTenant, resetSession, scriptApi, storeSession, tenantWithBaseScreens } from './helpers';

const requestMock = vi.mocked(request);

beforeAll(async () => {
  await import('../../widgets/rich-text/rich-text');
  await import('../../widgets/service-channels/service-channels');
  await import('../../widgets/trial-intro/trial-intro');
});

const roots: Root[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) act(() => root.unmount());
  document.body.innerHTML = '';
  cleanup();
  resetSession();
  requestMock.mockReset();
  feedbackStore.toasts.splice(0);
});

/** Renders on the "server" (a string), then hydrates it: the errors React recovered from, and the container. */
async function ssrThenHydrate(ui: ReactNode, options: HarnessOptions) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Harness options={options}>{ui}</Harness>);
  const serverHtml = container.innerHTML;
  document.body.appendChild(container);
  const errors: unknown[] = [];
  await act(async () => {
    roots.push(hydrateRoot(container, <Harness options={options}>{ui}</Harness>, { onRecoverableError: (err) => errors.push(err) }));
  });
  return { container, serverHtml, errors };
}

const HOSTILE = '<h2 onclick="steal()">Rules</h2><p>one<p>two<script>window.__pwned = 1</script><img src="https://cdn.example.com/a.png" onerror="window.__pwned = 2"><a href="javascript:alert(1)">x</a></p>';

describe('user agreement (/m/useragreement)', () => {
  it('server HTML hydrates as is; script and on* attributes are gone, in the page and in the DOM', async () => {
    const tenant = repoTenant('demo-ph');
    tenant.content = { agreement: { TY: HOSTILE, EN: HOSTILE } };
    const { container, serverHtml, errors } = await ssrThenHydrate(<RichTextView content="agreement" />, { tenant });
    expect(errors).toEqual([]);
    expect(container.innerHTML).toBe(serverHtml);
    expect(container.querySelector('script')).toBeNull();
    for (const el of container.querySelectorAll('*')) for (const attr of el.getAttributeNames()) expect(attr.startsWith('on'), `${el.tagName} ${attr}`).toBe(false);
    expect(container.querySelector('a')?.hasAttribute('href')).toBe(false);
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
    expect(within(container).getByRole('heading', { name: 'Rules' })).toBeTruthy();
  });

  it('the registration form’s agreement link opens the agreement', async () => {
    renderApp('/m/register', { tenant: tenantWithBaseScreens({ flags: { USERNAMEREG3: true }, content: repoTenant('_base').content as never }) });
    const link = await screen.findByRole('link', { name: TY.user_agreement });
    fireEvent.click(link);
    expect(await screen.findByTestId('rich-text-agreement')).toBeTruthy();
    expect(screen.getByText('1. Karapat-dapat')).toBeTruthy();
  });
});

describe('customer service (/m/service)', () => {
  it('hydrates the server HTML; every channel opens outside with its deep link and icon', async () => {
    const tenant = repoTenant('demo-ph');
    tenant.settings.customerService.hours = { from: '09:00', to: '21:00' };
    const { container, errors } = await ssrThenHydrate(<ServiceChannelsView online hours />, { tenant });
    expect(errors).toEqual([]);
    const links = [...container.querySelectorAll('a')];
    expect(links.map((a) => [a.dataset.channel, a.getAttribute('href'), a.target, a.rel])).toEqual([
      ['online', 'https://support.example.com/demo-ph', '_blank', 'noopener noreferrer'],
      ['whatsapp', 'https://wa.me/639170000000', '_blank', 'noopener noreferrer'],
      ['viber', 'viber://chat?number=%2B639170000000', '_blank', 'noopener noreferrer'],
      ['liveChat', 'https://support.example.com/demo-ph/live', '_blank', 'noopener noreferrer'],
      ['telegram', 'https://t.me/demoph_support', '_blank', 'noopener noreferrer'],
    ]);
    expect(links.every((a) => a.querySelector('svg[aria-hidden="true"]'))).toBe(true);
    expect(screen.getByTestId('service-hours').textContent).toBe(TY.service_hours.replace('{{from}}', '09:00').replace('{{to}}', '21:00'));
  });

  it('no hours configured, none shown; a startup value wins; an unsafe link is left out', async () => {
    const tenant = repoTenant('demo-en');
    delete tenant.settings.customerService.hours;
    const { container } = await ssrThenHydrate(<ServiceChannelsView online={false} hours />, {
      tenant,
      startup: { info: { contacts: { telegram: 'tg://resolve?domain=help', whatsapp: 'javascript:alert(1)' } } },
    });
    expect(screen.queryByTestId('service-hours')).toBeNull();
    expect([...container.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['https://support.example.com/demo-en/live', 'tg://resolve?domain=help']);
  });

  it('the route renders the tenant node tree in English', async () => {
    renderApp('/m/service', { tenant: tenantWithBaseScreens({ settings: { contacts: { whatsapp: 'https://wa.me/15550001111' } } }), lang: 'en' });
    expect(await screen.findByRole('heading', { name: EN.service_title })).toBeTruthy();
    expect(screen.getByRole('link', { name: new RegExp(EN.contact_whatsapp) }).getAttribute('href')).toBe('https://wa.me/15550001111');
  });
});

describe('free trial (/m/trail)', () => {
  it('hydrates the visitor page the server rendered', async () => {
    const { errors } = await ssrThenHydrate(<TrialIntroView register />, { tenant: repoTenant('demo-ph'), route: '/m/trail' });
    expect(errors).toEqual([]);
    expect(screen.getByTestId('trial-start').textContent).toBe(TY.trial_start);
    expect(screen.getByText(TY.trial_cannot_money)).toBeTruthy();
  });

  it('start logs in a trial account under the trial merchant code and lands on home', async () => {
    scriptApi(requestMock, {
      'POST /wps/session/login/freeplay': () => ({ token: 'tok-trial-0123456789', userName: 'try123456789', customerType: 4, firstTimeLogin: false }),
      'GET /wps/member/info': () => ({ id: 9, account: 'try123456789', type: 4, regDate: new Date().toISOString(), toUpline: null, passwordSet: false }),
      'GET /wps/member/wallet': () => ({ sumBalance: 2000, currency: 'PHP', currencySymbol: '₱' }),
      'GET /wps/member/unreadCount': () => 0,
      'GET /wps/promotions': () => [],
      'POST /wps/session/renew': () => ({ token: 'tok-trial-0123456789', expiresAt: '2030-01-01T00:00:00.000Z' }),
    });
    const { router } = renderApp('/m/trail', { tenant: tenantWithBaseScreens() });
    fireEvent.click(await screen.findByTestId('trial-start'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/home'));
    expect(requestMock).toHaveBeenCalledWith('POST', '/wps/session/login/freeplay', expect.anything());
    expect(JSON.parse(localStorage.getItem(SESSION_KEY) ?? '{}')).toMatchObject({ type: 4, userName: 'try123456789', merchantCode: 'fixtrial01' });
  });

  it('a failed start says why and stays', async () => {
    const { ApiFailure } = await import('../../src/lib/api/client');
    scriptApi(requestMock, {
      'POST /wps/session/login/freeplay': () => {
        throw new ApiFailure('rate.limited', 'err_rate_limited', 429);
      },
    });
    const { router } = renderApp('/m/trail', { tenant: tenantWithBaseScreens() });
    fireEvent.click(await screen.findByTestId('trial-start'));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/m/trail');
  });

  it('a trial member carries on playing; a real member gets no start button', async () => {
    storeSession({ type: 4, userName: 'try1' });
    renderApp('/m/trail', { tenant: tenantWithBaseScreens() });
    expect((await screen.findByTestId('trial-continue')).getAttribute('href')).toBe('/m/home');
    cleanup();
    resetSession();
    storeSession({ ...MEMBER_SESSION });
    renderApp('/m/trail', { tenant: tenantWithBaseScreens() });
    expect(await screen.findByTestId('trial-member')).toBeTruthy();
    expect(screen.queryByTestId('trial-start')).toBeNull();
  });
});

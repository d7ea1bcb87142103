// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/lib/api/client', async (importOriginal) => {
  // Self-contained: a factory that imported app code would load the real client for it.
  const actual = await importOriginal<Record<string, unknown>>();
  const request = vi.fn();
  return { ...actual, request, swrFetcher: ([path, query]: [string, unknown]) => request('GET', path, { query }) };
});

import { ApiFailure, request } from '../../src/lib/api/client';
import { confirmDialog, feedbackStore, showLoading, showToast } from '../../src/lib/feedback';
import { emitLanguageChange, useLanguageChange } from '../../src/lib/language';
import { clearSession } from '../../src/lib/session';
import { openDialog } from '../../src/app/shell/dialog-store';
import { EN, TY } from '../renderer/harness';
import { memberApi, renderApp, resetSession, scriptApi, storeSession, tenantWith, tenantWithBaseScreens } from './helpers';

const requestMock = vi.mocked(request);

beforeEach(() => {
  scriptApi(requestMock, memberApi());
});

afterEach(() => {
  cleanup();
  resetSession();
  requestMock.mockReset();
  feedbackStore.toasts.splice(0);
  feedbackStore.loading = null;
  feedbackStore.dialog = null;
  vi.useRealTimers();
  vi.restoreAllMocks();
  window.history.replaceState(null, '');
});


/** The agent home admits agents only (a visitor is sent home): an agent's session and figures. */
function asAgent() {
  storeSession({ type: 1 });
  scriptApi(
    requestMock,
    memberApi({
      'GET /wps/agent/home': () => ({ userName: 'juan', type: 1, balance: 1, currency: 'PHP', today: '2026-11-24', hour: 9, timeZone: 'Asia/Manila', footer: { teamLoginMemberCount: 0, teamBetMemberCount: 0, teamRegisterMemberCount: 0, teamOnlineCount: 0 } }),
      'GET /wps/agent/dividend': () => ({ enabled: false, contract: null }),
      'GET /wps/announcements': () => ({ footer: { unreadCount: 0 } }),
    }),
  );
}
describe('route table', () => {
  it('keeps every alias of home', () => {
    for (const alias of ['/', '/m', '/m/index.html']) {
      const { router } = renderApp(alias);
      expect(router.state.location.pathname).toBe('/m/home');
      cleanup();
    }
  });

  it('register aliases land on /m/register', async () => {
    const { router } = renderApp('/register.html');
    // The redirect completes once the register screen's code has loaded.
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/register'));
  });

  it('a route missing from the whitelist goes to /m/home', () => {
    const tenant = tenantWith({ routes: { whitelist: ['/m/home', '/m/mine'] } });
    const { router } = renderApp('/m/withdraw', { tenant });
    expect(router.state.location.pathname).toBe('/m/home');
  });
});

describe('temporary password', () => {
  it('sends a member who must change the password to /m/changePsw from any page', async () => {
    storeSession({ mustChangePassword: true, firstTimeLogin: true });
    const { router } = renderApp('/m/mine');
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/changePsw'));
  });

  it('leaves other members where they are', () => {
    storeSession();
    const { router } = renderApp('/m/mine');
    expect(router.state.location.pathname).toBe('/m/mine');
  });
});

describe('header', () => {
  it('visitor on home: logo, login, no register without DIRECTREG3, language switcher, menu', () => {
    renderApp('/m/home');
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('heading', { level: 1 }).textContent).toBe('Fixture PH');
    expect(within(header).getByRole('link', { name: TY.login }).getAttribute('href')).toBe('/m/login');
    expect(within(header).queryByRole('link', { name: TY.register })).toBeNull();
    expect(within(header).getByRole('button', { name: TY.language })).toBeTruthy();
    expect(within(header).getByRole('button', { name: TY.menu })).toBeTruthy();
    expect(requestMock).not.toHaveBeenCalled();
  });

  it('visitor on home: a register button with DIRECTREG3', () => {
    renderApp('/m/home', { tenant: tenantWith({ flags: { DIRECTREG3: true } }) });
    expect(within(screen.getByRole('banner')).getByRole('link', { name: TY.register }).getAttribute('href')).toBe('/m/register');
  });

  it("the server's startup flags decide DIRECTREG3", () => {
    renderApp('/m/home', { tenant: tenantWith({ flags: { DIRECTREG3: true } }), startup: { info: { whitelabel: { DIRECTREG3: false } } } });
    expect(within(screen.getByRole('banner')).queryByRole('link', { name: TY.register })).toBeNull();
  });

  it('member on home: account, balance with 2 decimals, deposit, message icon with red dot', async () => {
    storeSession();
    scriptApi(requestMock, memberApi({ 'GET /wps/member/unreadCount': () => 3 }));
    renderApp('/m/home', { tenant: tenantWith({ flags: { MAILCEN: true } }) });
    const header = screen.getByRole('banner');
    expect(within(header).getByText('juan')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('header-balance').textContent).toBe('₱1,250.50'));
    expect(within(header).getByRole('link', { name: TY.deposit }).getAttribute('href')).toBe('/m/voucherCenter');
    const mail = within(header).getByRole('link', { name: TY.message_center });
    expect(mail.getAttribute('href')).toBe('/m/webEmail');
    await waitFor(() => expect(within(mail).getByTestId('unread-dot').textContent).toBe('3'));
    expect(within(header).queryByRole('link', { name: TY.login })).toBeNull();
    expect(requestMock).toHaveBeenCalledWith('POST', '/wps/session/renew', { body: {} });
  });

  it('no message icon without the message centre (MAILCEN off): it would lead home', async () => {
    storeSession();
    renderApp('/m/home', { tenant: tenantWith({ flags: { MAILCEN: false } }) });
    await waitFor(() => expect(screen.getByTestId('header-balance').textContent).toBe('₱1,250.50'));
    expect(within(screen.getByRole('banner')).queryByRole('link', { name: TY.message_center })).toBeNull();
  });

  it('no red dot when nothing is unread', async () => {
    storeSession();
    renderApp('/m/home');
    await waitFor(() => expect(screen.getByTestId('header-balance').textContent).toBe('₱1,250.50'));
    expect(screen.queryByTestId('unread-dot')).toBeNull();
  });

  it('refresh hides the balance until the wallet reload completes; the eye hides and shows it', async () => {
    storeSession();
    let release: (v: unknown) => void = () => {};
    let calls = 0;
    scriptApi(
      requestMock,
      memberApi({
        'GET /wps/member/wallet': () => {
          calls += 1;
          if (calls === 1) return { sumBalance: 10, currency: 'PHP', currencySymbol: '₱' };
          return new Promise((resolve) => {
            release = resolve;
          });
        },
      }),
    );
    renderApp('/m/home');
    const balance = () => screen.getByTestId('header-balance').textContent;
    await waitFor(() => expect(balance()).toBe('₱10.00'));
    fireEvent.click(screen.getByRole('button', { name: TY.refresh_balance }));
    await waitFor(() => expect(balance()).toBe('--'));
    await act(async () => release({ sumBalance: 20.5, currency: 'PHP', currencySymbol: '₱' }));
    await waitFor(() => expect(balance()).toBe('₱20.50'));

    fireEvent.click(screen.getByRole('button', { name: TY.hide_balance }));
    expect(balance()).toBe('****');
    fireEvent.click(screen.getByRole('button', { name: TY.show_balance }));
    expect(balance()).toBe('₱20.50');
  });

  it('a failed wallet reload (offline) shows a dash, not the last balance, and says the member is offline', async () => {
    storeSession();
    let offline = false;
    scriptApi(
      requestMock,
      memberApi({
        'GET /wps/member/wallet': () => {
          if (offline) throw new ApiFailure('network', 'network_offline', 0);
          return { sumBalance: 10, currency: 'PHP', currencySymbol: '₱' };
        },
      }),
    );
    renderApp('/m/home');
    const balance = () => screen.getByTestId('header-balance').textContent;
    await waitFor(() => expect(balance()).toBe('₱10.00'));
    offline = true;
    fireEvent.click(screen.getByRole('button', { name: TY.refresh_balance }));
    await waitFor(() => expect(feedbackStore.toasts.map((t) => t.key)).toEqual(['network_offline']));
    expect(balance()).toBe('--');
    // Each refresh the member asks for is answered, once.
    await waitFor(() => expect(screen.getByRole('button', { name: TY.refresh_balance }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: TY.refresh_balance }));
    await waitFor(() => expect(feedbackStore.toasts.map((t) => t.key)).toEqual(['network_offline', 'network_offline']));
    expect(balance()).toBe('--');
    offline = false;
    await waitFor(() => expect(screen.getByRole('button', { name: TY.refresh_balance }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: TY.refresh_balance }));
    await waitFor(() => expect(balance()).toBe('₱10.00'));
  });

  it.each(['/m/login', '/m/register', '/m/mine', '/m/agent', '/m/help'])('the shell header is hidden on %s', async (path) => {
    if (path === '/m/agent') asAgent();
    renderApp(path);
    // The page draws its own bar instead: never the shell's brand header.
    await screen.findAllByRole('heading', { level: 1 });
    expect(document.querySelector('.app-header--home')).toBeNull();
    expect(document.querySelector('.shell > .app-header')).toBeNull();
  });

  it('other pages show a back arrow and their title', async () => {
    renderApp('/m/useragreement');
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('heading', { level: 1 }).textContent).toBe(TY.user_agreement);
    expect(within(header).getByRole('button', { name: TY.back })).toBeTruthy();
  });

  it('back goes home on notice, one step back elsewhere, and replaces with home without history', async () => {
    const notice = renderApp(['/m/withdraw', '/m/notice']);
    fireEvent.click(screen.getByRole('button', { name: TY.back }));
    await waitFor(() => expect(notice.router.state.location.pathname).toBe('/m/home'));
    expect(notice.router.state.historyAction).toBe('PUSH');
    cleanup();

    window.history.replaceState({ idx: 1 }, '');
    const withHistory = renderApp(['/m/voucherCenter', '/m/withdraw']);
    fireEvent.click(screen.getByRole('button', { name: TY.back }));
    await waitFor(() => expect(withHistory.router.state.location.pathname).toBe('/m/voucherCenter'));
    cleanup();

    window.history.replaceState({ idx: 0 }, '');
    const fresh = renderApp('/m/withdraw');
    fireEvent.click(screen.getByRole('button', { name: TY.back }));
    await waitFor(() => expect(fresh.router.state.location.pathname).toBe('/m/home'));
    expect(fresh.router.state.historyAction).toBe('REPLACE');
  });

  it('a back swipe from the left edge of more than 100 px goes back', async () => {
    const { router, container } = renderApp('/m/notice');
    const shell = container.querySelector('.shell') as HTMLElement;
    fireEvent.touchStart(shell, { touches: [{ clientX: 4, clientY: 300 }] });
    fireEvent.touchEnd(shell, { changedTouches: [{ clientX: 60, clientY: 300 }] });
    expect(router.state.location.pathname).toBe('/m/notice');
    fireEvent.touchStart(shell, { touches: [{ clientX: 4, clientY: 300 }] });
    fireEvent.touchEnd(shell, { changedTouches: [{ clientX: 140, clientY: 310 }] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/home'));
  });
});

describe('footer', () => {
  it('shows on home and the settings-like pages', async () => {
    renderApp('/m/home');
    expect(within(screen.getByRole('contentinfo')).getByRole('navigation')).toBeTruthy();
  });

  it.each(['/m/login', '/m/register', '/m/trail', '/m/launchGame', '/m/notice', '/m/activity', '/m/forget', '/m/service', '/m/moreLottery', '/m/useragreement', '/m/agent', '/m/mine', '/m/winnerPage'])(
    'is hidden on %s',
    (path) => {
      if (path === '/m/agent') asAgent();
      renderApp(path);
      expect(screen.queryByRole('contentinfo')).toBeNull();
    },
  );

  it('the member-centre item carries the count of rewards to claim', async () => {
    storeSession();
    scriptApi(requestMock, memberApi({ 'GET /wps/rewards/count': () => ({ unclaimed: 2 }) }));
    renderApp('/m/home');
    const item = within(screen.getByRole('contentinfo')).getByRole('link', { name: new RegExp(TY.member_centre) });
    await waitFor(() => expect(item.querySelector('.nav-item__count')?.textContent).toBe('2'));
  });

  it('asks for no reward count when the tenant has the reward centre off', async () => {
    storeSession();
    scriptApi(requestMock, memberApi({ 'GET /wps/rewards/count': () => ({ unclaimed: 2 }) }));
    renderApp('/m/home', { tenant: tenantWith({ flags: { REWCEN3: false } }) });
    const item = within(screen.getByRole('contentinfo')).getByRole('link', { name: new RegExp(TY.member_centre) });
    const paths = () => requestMock.mock.calls.map((c) => String(c[1]));
    await waitFor(() => expect(paths()).toContain('/wps/member/wallet'));
    expect(paths()).not.toContain('/wps/rewards/count');
    expect(item.querySelector('.nav-item__count')).toBeNull();
  });

  it("a logout drops the member's counts and balance in the same update", async () => {
    storeSession();
    scriptApi(requestMock, memberApi({ 'GET /wps/rewards/count': () => ({ unclaimed: 2 }) }));
    renderApp('/m/home');
    const item = within(screen.getByRole('contentinfo')).getByRole('link', { name: new RegExp(TY.member_centre) });
    await waitFor(() => expect(item.querySelector('.nav-item__count')?.textContent).toBe('2'));
    act(() => clearSession());
    expect(item.querySelector('.nav-item__count')).toBeNull();
    expect(screen.queryByTestId('header-balance')).toBeNull();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: TY.login })).toBeTruthy();
  });
});

describe('sessions on member-only pages', () => {
  it('settings and change password send a visitor to log in (spec section 6)', () => {
    const settings = renderApp('/m/set');
    expect(settings.router.state.location.pathname).toBe('/m/login');
    cleanup();
    const change = renderApp('/m/changePsw');
    expect(change.router.state.location.pathname).toBe('/m/login');
  });

  it('a member on the game frame with no game named is told so, with the way back; a visitor goes to log in', async () => {
    storeSession();
    const member = renderApp('/m/launchGame', { tenant: tenantWithBaseScreens() });
    expect((await screen.findByRole('alert')).textContent).toContain(TY.launch_no_game);
    expect(member.router.state.location.pathname).toBe('/m/launchGame');
    expect(requestMock).not.toHaveBeenCalledWith('POST', '/wps/game/launch', expect.anything());
    cleanup();
    resetSession();
    const visitor = renderApp('/m/launchGame?playType=trad&prize_mode=Lott&code=lobby&pageBack=home', { tenant: tenantWithBaseScreens() });
    await waitFor(() => expect(visitor.router.state.location.pathname).toBe('/m/login'));
  });

  it('settings shows the tenant list to a member', async () => {
    storeSession();
    renderApp('/m/set', { tenant: tenantWithBaseScreens() });
    expect(await screen.findByRole('link', { name: TY.change_password })).toBeTruthy();
    expect(screen.getByRole('button', { name: TY.sign_out })).toBeTruthy();
    expect(within(screen.getByRole('banner')).getByRole('heading', { level: 1 }).textContent).toBe(TY.personal_settings);
  });
});

describe('startup status', () => {
  it('maintenance sends every page to /m/maintenance', async () => {
    scriptApi(requestMock, { 'GET /wps/system/status': () => ({ maintenance: true, regionRestriction: false }) });
    const { router } = renderApp('/m/home', { startup: { maintenance: true, regionRestriction: true } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/maintenance'));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(TY.maintenance_title);
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('/m/maintenance opened while the site is up says it is up, with the way home', async () => {
    scriptApi(requestMock, { 'GET /wps/system/status': () => ({ maintenance: false, regionRestriction: false }) });
    renderApp('/m/maintenance');
    const main = await screen.findByRole('main');
    expect(within(main).getByRole('heading', { level: 1 }).textContent).toBe(TY.site_up_title);
    expect(screen.getByTestId('maintenance-state').textContent).toBe(TY.site_up_text);
    expect(screen.getByRole('link', { name: TY.home }).getAttribute('href')).toBe('/m/home');
    expect(screen.queryByText(TY.platform_maintenance)).toBeNull();
  });

  it('region restriction alone shows the restricted view with the visitor IP', async () => {
    renderApp('/m/home', { startup: { regionRestriction: true, location: { country: 'XX', ip: '203.0.113.9' } } });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(TY.restricted_title);
    expect(screen.getByText(/203\.0\.113\.9/)).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
  });
});

describe('feedback', () => {
  it('renders toasts for their duration (default 1.5 s) and the loading indicator until it times out (10 s)', async () => {
    vi.useFakeTimers();
    renderApp('/m/home');
    act(() => {
      void showToast('copied');
      showLoading('in_please_wait');
    });
    expect(screen.getByText(TY.copied)).toBeTruthy();
    expect(screen.getByText(TY.in_please_wait)).toBeTruthy();
    act(() => vi.advanceTimersByTime(1500));
    expect(screen.queryByText(TY.copied)).toBeNull();
    act(() => vi.advanceTimersByTime(8499));
    expect(screen.getByText(TY.in_please_wait)).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText(TY.in_please_wait)).toBeNull();
  });

  it('confirm dialog: focus inside and trapped, Escape cancels', async () => {
    renderApp('/m/home');
    let answer: Promise<boolean> = Promise.resolve(true);
    act(() => {
      answer = confirmDialog({ titleKey: 'in_popup_prompt', messageKey: 'in_sure_logout', confirmKey: 'confirm', cancelKey: 'cancel' });
    });
    const dialog = await screen.findByRole('alertdialog', { name: TY.in_popup_prompt });
    const cancel = within(dialog).getByRole('button', { name: TY.cancel });
    const confirm = within(dialog).getByRole('button', { name: TY.confirm });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    fireEvent.keyDown(document, { key: 'Tab' });
    confirm.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(cancel);
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(confirm);
    fireEvent.keyDown(document, { key: 'Escape' });
    await expect(answer).resolves.toBe(false);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('confirm dialog: the mask ignores clicks for the first 300 ms, then cancels', async () => {
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    renderApp('/m/home');
    let answer: Promise<boolean> = Promise.resolve(true);
    act(() => {
      answer = confirmDialog({ messageKey: 'in_sure_logout', confirmKey: 'confirm', cancelKey: 'cancel' });
    });
    await screen.findByRole('alertdialog');
    const mask = screen.getByTestId('modal-mask');
    now += 299;
    fireEvent.click(mask);
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    now += 2;
    fireEvent.click(mask);
    await expect(answer).resolves.toBe(false);
  });

  it('sign out from the header menu runs the logout confirmation', async () => {
    storeSession();
    renderApp('/m/home');
    fireEvent.click(screen.getByRole('button', { name: TY.menu }));
    fireEvent.click(screen.getByRole('button', { name: TY.sign_out }));
    const dialog = await screen.findByRole('alertdialog', { name: TY.in_popup_prompt });
    expect(within(dialog).getByText(TY.in_sure_logout)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: TY.cancel }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(requestMock).not.toHaveBeenCalledWith('DELETE', '/wps/session');
  });

  it('shows the empty-state panel on screens without content', async () => {
    renderApp('/m/useragreement');
    expect(await screen.findByText(TY.no_data)).toBeTruthy();
  });
});

describe('language', () => {
  it('lists the tenant languages by their names and switches: <html lang>, storage, listeners after 200 ms', async () => {
    const heard: string[] = [];
    function Listener() {
      useLanguageChange((code) => heard.push(code));
      return null;
    }
    const { router } = renderApp('/m/home');
    void router;
    const { render } = await import('@testing-library/react');
    render(<Listener />);
    const header = screen.getByRole('banner');
    fireEvent.click(within(header).getByRole('button', { name: TY.language }));
    const options = within(header).getAllByRole('button').filter((b) => b.classList.contains('language-list__option'));
    expect(options.map((o) => o.textContent)).toEqual(['Filipino', 'English', '简体中文']);
    expect(options[0].getAttribute('aria-current')).toBe('true');
    fireEvent.click(options[1]);
    await waitFor(() => expect(document.documentElement.lang).toBe('en'));
    expect(localStorage.getItem('language')).toBe('EN');
    expect(within(header).getByRole('button', { name: EN.language })).toBeTruthy();
    expect(heard).toEqual([]);
    await waitFor(() => expect(heard).toEqual(['EN']), { timeout: 1000 });
  });

  it('the dialog store opens the language list over any page, and its close button empties the store', async () => {
    renderApp('/m/withdraw');
    act(() => openDialog('language'));
    const dialog = await screen.findByRole('dialog', { name: TY.language });
    expect(within(dialog).getAllByRole('button').some((b) => b.classList.contains('language-list__option'))).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: TY.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('useLanguageChange debounces bursts of changes', async () => {
    vi.useFakeTimers();
    const heard: string[] = [];
    function Listener() {
      useLanguageChange((code) => heard.push(code));
      return null;
    }
    const { render } = await import('@testing-library/react');
    render(<Listener />);
    emitLanguageChange('EN');
    act(() => vi.advanceTimersByTime(150));
    emitLanguageChange('TY');
    act(() => vi.advanceTimersByTime(199));
    expect(heard).toEqual([]);
    act(() => vi.advanceTimersByTime(1));
    expect(heard).toEqual(['TY']);
  });
});

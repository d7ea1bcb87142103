// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NavItemProps } from '../../src/generated/widgets/nav-item';
import { feedbackStore } from '../../src/lib/feedback';
import { ICON_NAMES } from '../../src/components/icons';
import { ItemLayoutProvider } from '../../src/components/item-layout';
import { BADGE_NAMES, RUNTIME_ACTIONS, SESSION_KEY } from '../../src/lib/runtime';
import { pageLocation } from '../../src/lib/session';
import { fixtureTenant } from '../../tests/renderer/fixtures/tenant';
import { renderWithRuntime, TY, type HarnessOptions } from '../../tests/renderer/harness';
import manifest from './index';
import schema from './props.schema.json';

const NavItem = manifest.component;

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
});

function renderItem(props: NavItemProps, options: HarnessOptions = {}) {
  return renderWithRuntime(<NavItem {...props} />, options);
}

function logIn(type = 1) {
  localStorage.setItem(
    SESSION_KEY,
    JSON.stringify({ token: 'tok-0123456789abcdef', merchantCode: 'fixture01', userName: 'juan', type, firstTimeLogin: false }),
  );
}

describe('nav-item', () => {
  it('renders a `to` item as a real link with the translated label as its name', () => {
    renderItem({ label: 'reward_center', to: '/m/rewardCenter', icon: 'gift' });
    const link = screen.getByRole('link', { name: TY.reward_center });
    expect(link.getAttribute('href')).toBe('/m/rewardCenter');
    // The icon is decorative: the label alone names the link.
    expect(link.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('keeps a query string in the link target', () => {
    renderItem({ label: 'agent_notice', to: '/m/member/notice?types=A' });
    expect(screen.getByRole('link', { name: TY.agent_notice }).getAttribute('href')).toBe('/m/member/notice?types=A');
  });

  it('renders an `action` item as a button that dispatches the action', () => {
    const handler = vi.fn();
    renderItem({ label: 'online_service', action: 'customerService' }, { actionHandlers: { customerService: handler } });
    const button = screen.getByRole('button', { name: TY.online_service });
    expect(button.getAttribute('type')).toBe('button');
    fireEvent.click(button);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('login and register actions navigate to their screens', () => {
    const navigate = vi.fn();
    renderWithRuntime(
      <>
        <NavItem label="login" action="login" />
        <NavItem label="register" action="register" />
      </>,
      { navigate },
    );
    fireEvent.click(screen.getByRole('button', { name: TY.login }));
    fireEvent.click(screen.getByRole('button', { name: TY.register }));
    expect(navigate.mock.calls.map((c) => c[0])).toEqual(['/m/login', '/m/register']);
  });

  it('a protected link asks a visitor to log in instead of navigating', () => {
    const requireLogin = vi.fn();
    renderItem({ label: 'deposit', to: '/m/voucherCenter', protected: true }, { onRequireLogin: requireLogin });
    const link = screen.getByRole('link', { name: TY.deposit });
    // Still a real link (long-press, assistive technology), only the tap is intercepted.
    expect(link.getAttribute('href')).toBe('/m/voucherCenter');
    const notPrevented = fireEvent.click(link);
    expect(notPrevented).toBe(false);
    expect(requireLogin).toHaveBeenCalledTimes(1);
  });

  it('a protected link navigates normally with a session', () => {
    logIn();
    const requireLogin = vi.fn();
    renderItem({ label: 'deposit', to: '/m/voucherCenter', protected: true }, { onRequireLogin: requireLogin });
    fireEvent.click(screen.getByRole('link', { name: TY.deposit }));
    expect(requireLogin).not.toHaveBeenCalled();
  });

  it('a protected action asks a visitor to log in and does not run', () => {
    const requireLogin = vi.fn();
    const referral = vi.fn();
    renderItem(
      { label: 'referral', action: 'referral', protected: true },
      { onRequireLogin: requireLogin, actionHandlers: { referral } },
    );
    fireEvent.click(screen.getByRole('button', { name: TY.referral }));
    expect(requireLogin).toHaveBeenCalledTimes(1);
    expect(referral).not.toHaveBeenCalled();
  });

  it('without onRequireLogin, a visitor tap on a protected item goes to /m/login', () => {
    const navigate = vi.fn();
    renderItem({ label: 'withdraw', to: '/m/withdraw', protected: true }, { navigate });
    fireEvent.click(screen.getByRole('link', { name: TY.withdraw }));
    expect(navigate).toHaveBeenCalledWith('/m/login');
  });

  it('shows a count badge only when the runtime count is above 0', () => {
    const { unmount } = renderItem(
      { label: 'member_centre', to: '/m/mine', badge: 'unclaimedPromotions' },
      { badges: { unclaimedPromotions: 3 } },
    );
    expect(screen.getByRole('link').querySelector('.nav-item__count')?.textContent).toBe('3');
    unmount();
    renderItem({ label: 'member_centre', to: '/m/mine', badge: 'unclaimedPromotions' }, { badges: { unclaimedPromotions: 0 } });
    expect(screen.getByRole('link').querySelector('.nav-item__count')).toBeNull();
  });

  it('caps a large count at 99+', () => {
    renderItem({ label: 'member_centre', to: '/m/mine', badge: 'unclaimedPromotions' }, { badges: { unclaimedPromotions: 250 } });
    expect(screen.getByRole('link').querySelector('.nav-item__count')?.textContent).toBe('99+');
  });

  it('shows unread messages as a red dot that still tells assistive technology the count', () => {
    renderItem({ label: 'message_center', to: '/m/webEmail', badge: 'unreadMessages' }, { badges: { unreadMessages: 2 } });
    const link = screen.getByRole('link');
    expect(link.querySelector('.nav-item__dot')).not.toBeNull();
    expect(link.querySelector('.nav-item__count')).toBeNull();
    expect(link.textContent).toContain('2');
  });

  it('shows a fixed text badge from its i18n key', () => {
    renderItem({ label: 'deposit', to: '/m/voucherCenter', badgeText: 'deposit_bonus_badge', emphasis: true });
    const link = screen.getByRole('link');
    expect(link.querySelector('.nav-item__tag')?.textContent).toBe(TY.deposit_bonus_badge);
    expect(link.className).toContain('nav-item--emphasis');
  });

  it('renders nothing when its menuKey is not in the agent menu whitelist', () => {
    const { container } = renderItem({ label: 'red_rain', to: '/m/redRain', menuKey: 'redRain' });
    expect(container.innerHTML).toBe('');
    cleanup();
    renderItem({ label: 'team_overview', to: '/m/agent/team/overview', menuKey: 'teamOverview' });
    expect(screen.getByRole('link', { name: TY.team_overview })).toBeTruthy();
  });

  it('respects a tenant whitelist change', () => {
    const tenant = fixtureTenant();
    tenant.agentMenu.whitelist = ['redRain'];
    renderItem({ label: 'red_rain', to: '/m/redRain', menuKey: 'redRain' }, { tenant });
    expect(screen.getByRole('link', { name: TY.red_rain })).toBeTruthy();
  });

  it('toggleBalance swaps to its active label and icon while the balance is hidden', () => {
    renderItem({ label: 'hide_balance', activeLabel: 'show_balance', action: 'toggleBalance', icon: 'eye-off', activeIcon: 'eye' });
    fireEvent.click(screen.getByRole('button', { name: TY.hide_balance }));
    fireEvent.click(screen.getByRole('button', { name: TY.show_balance }));
    expect(screen.getByRole('button', { name: TY.hide_balance })).toBeTruthy();
  });

  it('logout asks to confirm, then clears the stored session and reloads home', async () => {
    logIn();
    const replace = vi.spyOn(pageLocation, 'replace').mockImplementation(() => {});
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify({ success: true, value: true })));
    renderItem({ label: 'sign_out', action: 'logout' });
    fireEvent.click(screen.getByRole('button', { name: TY.sign_out }));
    expect(feedbackStore.dialog?.messageKey).toBe('in_sure_logout');
    feedbackStore.dialog?.resolve(true);
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/m/home'));
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it('actions without a screen yet do not throw', () => {
    renderWithRuntime(
      <>
        <NavItem label="referral" action="referral" />
        <NavItem label="refresh_balance" action="refreshBalance" />
        <NavItem label="language" action="language" />
        <NavItem label="download_app" action="download" />
      </>,
    );
    for (const name of [TY.referral, TY.refresh_balance, TY.language, TY.download_app]) {
      expect(() => fireEvent.click(screen.getByRole('button', { name }))).not.toThrow();
    }
  });

  it('takes its layout class from the container', () => {
    renderWithRuntime(
      <ItemLayoutProvider value="footer">
        <NavItem label="home" to="/m/home" />
      </ItemLayoutProvider>,
    );
    expect(screen.getByRole('link').className).toContain('nav-item--footer');
  });

  it('marks the current route as the current page', () => {
    renderItem({ label: 'home', to: '/m/home' }, { route: '/m/home' });
    expect(screen.getByRole('link').getAttribute('aria-current')).toBe('page');
  });

  it('props schema enums match the runtime actions, badges and icon set', () => {
    expect(schema.properties.action.enum).toEqual([...RUNTIME_ACTIONS]);
    expect(schema.properties.badge.enum).toEqual([...BADGE_NAMES]);
    expect(schema.$defs.iconName.enum).toEqual(ICON_NAMES);
  });

  it('props schema marks label keys x-i18n and the link target x-route', () => {
    expect(schema.properties.label['x-i18n']).toBe(true);
    expect(schema.properties.badgeText['x-i18n']).toBe(true);
    expect(schema.properties.activeLabel['x-i18n']).toBe(true);
    expect(schema.properties.to['x-route']).toBe(true);
  });

  it('link target pattern accepts site routes with a query and rejects other targets', () => {
    const re = new RegExp(schema.properties.to.pattern);
    for (const ok of ['/m/home', '/', '/m/member/notice?types=A', '/m/gameList?gameType=RNG']) expect(re.test(ok), ok).toBe(true);
    for (const bad of ['https://evil.example', 'm/home', '/other', 'javascript:alert(1)', '//evil.example']) {
      expect(re.test(bad), bad).toBe(false);
    }
  });
});

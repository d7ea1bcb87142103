// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_KEY } from '../../src/lib/runtime';
import { Slot } from '../../src/renderer';
import { fixtureTenant } from './fixtures/tenant';
import { renderWithRuntime, TY } from './harness';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

/** Container widgets with nav-item children, rendered the way a screen renders them: through the renderer. */
describe('containers through the renderer', () => {
  it('agent-grid hides items the agent menu whitelist does not list', () => {
    // The fixture tenant whitelists teamOverview and webEmail only.
    const slot = {
      items: {
        grid: {
          widget: 'agent-grid',
          children: {
            items: {
              overview: { widget: 'nav-item', props: { label: 'team_overview', to: '/m/agent/team/overview', menuKey: 'teamOverview' } },
              redRain: { widget: 'nav-item', props: { label: 'red_rain', to: '/m/redRain', menuKey: 'redRain' } },
              mail: { widget: 'nav-item', props: { label: 'message_center', to: '/m/webEmail', menuKey: 'webEmail' } },
            },
            order: ['overview', 'redRain', 'mail'],
          },
        },
      },
      order: ['grid'],
    };
    renderWithRuntime(<Slot slot={slot} path="screens.agentHome.slots.grid" />);
    expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual([TY.team_overview, TY.message_center]);
  });

  it('footer-menu renders the tenant footer items in order, the centre deposit raised with its +20% badge', () => {
    const tenant = fixtureTenant();
    renderWithRuntime(<Slot slot={tenant.screens.shell.slots.footer} path="screens.shell.slots.footer" />, {
      badges: { unclaimedPromotions: 2 },
    });
    const links = within(screen.getByRole('navigation')).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/m/home', '/m/activity', '/m/voucherCenter', '/m/inviteFriends', '/m/mine']);
    expect(links.every((a) => a.className.includes('nav-item--footer'))).toBe(true);
    expect(links[2].className).toContain('nav-item--emphasis');
    expect(links[2].textContent).toContain(TY.deposit_bonus_badge);
    expect(links[4].querySelector('.nav-item__count')?.textContent).toBe('2');
  });

  it('header-menu: a visitor sees deposit, withdraw and refresh; a member also balance and sign out', () => {
    const tenant = fixtureTenant();
    const slot = tenant.screens.shell.slots.headerMenu;
    renderWithRuntime(<Slot slot={slot} path="screens.shell.slots.headerMenu" />);
    fireEvent.click(screen.getByRole('button', { name: TY.menu }));
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([TY.deposit, TY.withdraw, TY.refresh_balance]);
    cleanup();

    localStorage.setItem(
      SESSION_KEY,
      JSON.stringify({ token: 'tok-0123456789abcdef', merchantCode: 'fixture01', userName: 'juan', type: 1, firstTimeLogin: false }),
    );
    renderWithRuntime(<Slot slot={slot} path="screens.shell.slots.headerMenu" />);
    fireEvent.click(screen.getByRole('button', { name: TY.menu }));
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      TY.deposit,
      TY.withdraw,
      TY.refresh_balance,
      TY.hide_balance,
      TY.sign_out,
    ]);
  });
});

// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HomeScreen } from '../../../src/features/home/screens/home-screen';
import type { Tenant } from '../../../src/generated/tenant';
import { defineWidget, type RegisteredWidget } from '../../../src/lib/widget';
import { renderWithRuntime } from '../../renderer/harness';
import { fixtureTenant } from '../../renderer/fixtures/tenant';
import baseTenant from '../../../tenants/_base/tenant.json';
import { registry } from '../../../widgets/registry';

vi.mock('../../../src/lib/api/session', () => ({ useSessionRenewal: () => undefined }));

function block(name: string): RegisteredWidget {
  return defineWidget<Record<string, never>>({ name, version: '1.0.0', propsSchema: {}, defaults: {}, component: () => <p data-testid="block">{name}</p> }) as RegisteredWidget;
}

afterEach(cleanup);

describe('home screen', () => {
  it('renders the sticky top block, then the main blocks in the tenant order, and scrolls to top on entry', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const tenant: Tenant = fixtureTenant();
    tenant.screens.home = {
      slots: {
        quickButtons: { items: { q: { widget: 'top' } }, order: ['q'] },
        main: { items: { a: { widget: 'first' }, b: { widget: 'second' }, c: { widget: 'third' } }, order: ['c', 'a', 'b'] },
      },
    };
    renderWithRuntime(<HomeScreen />, { tenant, registry: { top: block('top'), first: block('first'), second: block('second'), third: block('third') } });
    expect(screen.getAllByTestId('block').map((b) => b.textContent)).toEqual(['top', 'third', 'first', 'second']);
    expect(document.querySelector('.home-top')?.textContent).toBe('top');
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    scrollTo.mockRestore();
  });

  it('the base tenant lays out the spec blocks, every one a registered widget', () => {
    const main = (baseTenant as unknown as Tenant).screens.home.slots.main;
    expect(main.order.map((id) => main.items[id].widget)).toEqual([
      'notice-bar',
      'banner-carousel',
      'hot-match-ticker',
      'jackpot-counter',
      'winner-board',
      'category-menu',
      'download-bar',
      'floating-service',
      'announcement-popup',
      'contract-prompt',
    ]);
    for (const id of main.order) expect(registry[main.items[id].widget]).toBeDefined();
    const help = (baseTenant as unknown as Tenant).screens.help;
    expect(help?.slots.main.items.list.widget).toBe('help-list');
  });
});

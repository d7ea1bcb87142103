// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithRuntime, TY } from '../../tests/renderer/harness';
import { fixtureTenant } from '../../tests/renderer/fixtures/tenant';
import { configuredContacts } from '../../src/components/contacts';
import manifest from './index';

afterEach(cleanup);

describe('floating service buttons', () => {
  it('lists only the configured contacts, in order: two messaging apps, the social network, live chat', () => {
    expect(configuredContacts({}, undefined)).toEqual([]);
    expect(
      configuredContacts(
        { liveChat: 'https://chat.example.com', whatsapp: 'https://wa.example.com/1', facebook: 'https://fb.example.com/p', viber: 'viber://chat?number=1' },
        undefined,
      ).map((c) => c.kind),
    ).toEqual(['whatsapp', 'viber', 'facebook', 'liveChat']);
    expect(configuredContacts({ whatsapp: 'https://wa.example.com/1' }, { liveChat: 'https://live.example.com', whatsapp: 'javascript:alert(1)' })).toEqual([
      { kind: 'liveChat', url: 'https://live.example.com' },
    ]);
  });

  it('shows one button that opens the configured contacts, and nothing when none is configured', async () => {
    const tenant = fixtureTenant();
    tenant.settings.contacts = { whatsapp: 'https://wa.example.com/1', liveChat: 'https://chat.example.com' };
    const FloatingService = manifest.component;
    renderWithRuntime(<FloatingService />, { tenant });
    const nav = await screen.findByRole('navigation', { name: TY.customer_service });
    // Folded: one target over the page.
    const toggle = within(nav).getByRole('button', { name: TY.customer_service });
    expect(nav.querySelectorAll('a, button')).toHaveLength(1);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const links = [...nav.querySelectorAll('a')];
    expect(links.map((a) => [a.getAttribute('aria-label'), a.getAttribute('href'), a.getAttribute('rel')])).toEqual([
      [TY.contact_whatsapp, 'https://wa.example.com/1', 'noopener noreferrer'],
      [TY.live_chat, 'https://chat.example.com', 'noopener noreferrer'],
    ]);
    // A tap outside folds it again.
    fireEvent.pointerDown(document.body);
    expect(nav.querySelectorAll('a')).toHaveLength(0);
    fireEvent.click(toggle);
    fireEvent.click(nav.querySelector('a')!);
    expect(nav.querySelectorAll('a')).toHaveLength(0);
    cleanup();
    const { container } = renderWithRuntime(<FloatingService />, { tenant: fixtureTenant() });
    expect(container.innerHTML).toBe('');
  });
});

// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { I18nProvider } from '../../src/lib/i18n';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { ROUTE_TITLES } from '../../src/app/route-titles';
import { appRoutes } from '../../src/app/router';
import { isTranslationKey } from '../../src/lib/i18n-keys';
import { ROUTES } from '../../src/lib/routes';
import { fixtureTenant } from './fixtures/tenant';
import { testI18n, TY } from './harness';

afterEach(cleanup);

function renderAt(path: string) {
  const router = createMemoryRouter(appRoutes({ tenant: fixtureTenant(), startup: {} }), { initialEntries: [path] });
  render(
    <I18nProvider i18n={testI18n()}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return router;
}

describe('app routes', () => {
  it('home shows the header (logo, name, menu) and the footer from the tenant', () => {
    renderAt('/m/home');
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('heading', { level: 1 }).textContent).toBe('Fixture PH');
    expect(header.querySelector('img')?.getAttribute('src')).toBe('/m/brand/logo.svg');
    expect(within(header).getByRole('button', { name: TY.menu })).toBeTruthy();
    const footer = screen.getByRole('navigation');
    expect(within(footer).getAllByRole('link')).toHaveLength(5);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each(['/', '/m', '/m/', '/m/index', '/m/index.html'])('alias %s lands on /m/home', (path) => {
    const router = renderAt(path);
    expect(router.state.location.pathname).toBe('/m/home');
    expect(screen.getByRole('banner')).toBeTruthy();
  });

  it('an alias keeps its query string', async () => {
    const router = renderAt('/m/member/home?tab=1');
    // The redirect completes once the member centre's code has loaded.
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/mine'));
    expect(router.state.location.search).toBe('?tab=1');
  });

  it('a screen in its own chunk loads when its route opens, titled with its route title', async () => {
    renderAt('/m/withdraw');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(TY.withdraw);
  });

  it('a route the tenant does not whitelist lands on home', () => {
    const router = renderAt('/m/rewardCenter');
    expect(router.state.location.pathname).toBe('/m/home');
  });

  it('an unknown path lands on home', () => {
    const router = renderAt('/m/no-such-screen');
    expect(router.state.location.pathname).toBe('/m/home');
  });

  it('every route has a title key that exists in the locales', () => {
    for (const r of ROUTES) expect(isTranslationKey(ROUTE_TITLES[r.id]), r.id).toBe(true);
  });
});

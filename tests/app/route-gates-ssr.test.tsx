import { describe, expect, it } from 'vitest';
import { render } from '../../src/entry-server';
import type { Tenant } from '../../src/generated/tenant';
import { NO_PAGE_DATA } from '../../src/lib/runtime';
import { repoTenant } from './helpers';

/**
 * A route whose tenant flag is off is never painted by the server: the render answers a redirect
 * home (the site route sends it as a 302), so neither a visitor nor a member who types the address
 * sees the screen, even before any JavaScript runs.
 */
describe('routes behind a tenant flag on the server', () => {
  // demo-en has PERSREP, AGETRANSFERUP3, MANPLAYREB3 and PLYRBT off.
  const CLOSED_ON_EN = ['/m/profitandloss', '/m/upLine/transfer', '/m/member/manualRebate', '/m/member/rebateReport'];

  it.each(CLOSED_ON_EN)('%s redirects home on demo-en, in every language, whatever the query', async (path) => {
    const tenant = repoTenant('demo-en');
    for (const lang of ['EN', 'TY'] as const) {
      for (const url of [path, `${path}?range=7d`, `${path.toUpperCase()}/`]) {
        const page = await render(`http://demo-en.localhost${url}`, { tenant, startup: {} }, lang, NO_PAGE_DATA);
        expect(page, url).toEqual({ html: '', head: '', redirect: '/m/home', modules: [], widgets: [] });
      }
    }
  });

  it.each(CLOSED_ON_EN)('%s renders on demo-ph, which has its flag on', async (path) => {
    const page = await render(`http://demo-ph.localhost${path}`, { tenant: repoTenant('demo-ph'), startup: {} }, 'TY', NO_PAGE_DATA);
    expect(page.redirect).toBeUndefined();
    expect(page.html).toContain('class="screen screen--');
    expect(page.modules).toHaveLength(1);
  });

  it('follows the startup flags the server sends, and the deposit and withdrawal records follow DEPRECM3 and WITHREC3', async () => {
    const ph = repoTenant('demo-ph');
    const off = { info: { whitelabel: { ...ph.flags, DEPRECM3: false } } };
    expect((await render('http://demo-ph.localhost/m/vouReport', { tenant: ph, startup: off }, 'TY', NO_PAGE_DATA)).redirect).toBe('/m/home');
    expect((await render('http://demo-ph.localhost/m/withdrawReport', { tenant: ph, startup: off }, 'TY', NO_PAGE_DATA)).redirect).toBeUndefined();
    const noWithdrawals: Tenant = { ...ph, flags: { ...ph.flags, WITHREC3: false } };
    expect((await render('http://demo-ph.localhost/m/withdrawReport', { tenant: noWithdrawals, startup: {} }, 'TY', NO_PAGE_DATA)).redirect).toBe('/m/home');
  });

  it('mission activity follows the MISSION promotion type: open on demo-ph, home on demo-en and when the startup settings drop it', async () => {
    const ph = repoTenant('demo-ph');
    const open = await render('http://demo-ph.localhost/m/leaderBoard', { tenant: ph, startup: {} }, 'TY', NO_PAGE_DATA);
    expect(open.redirect).toBeUndefined();
    expect(open.html).toContain('screen--leaderBoard');
    expect(open.modules).toEqual(['src/app/screens/slot-screen.tsx']);
    // The tasks and the ranking are the member's: read after hydration, never on the server.
    expect(open.html).not.toContain('data-testid="mission-task"');
    expect((await render('http://demo-en.localhost/m/leaderBoard', { tenant: repoTenant('demo-en'), startup: {} }, 'EN', NO_PAGE_DATA)).redirect).toBe('/m/home');
    const dropped = { info: { promotions: ['REFERRAL'] } };
    expect((await render('http://demo-ph.localhost/m/leaderBoard', { tenant: ph, startup: dropped }, 'TY', NO_PAGE_DATA)).redirect).toBe('/m/home');
  });

  it('redirects a route the whitelist leaves out, and renders the open ones', async () => {
    const ph = repoTenant('demo-ph');
    const narrow: Tenant = { ...ph, routes: { ...ph.routes, whitelist: ph.routes.whitelist.filter((p) => p !== '/m/feedback') } };
    expect((await render('http://demo-ph.localhost/m/feedback', { tenant: narrow, startup: {} }, 'TY', NO_PAGE_DATA)).redirect).toBe('/m/home');
    for (const url of ['/m/home', '/m/mine', '/m/gameRecord']) {
      const page = await render(`http://demo-ph.localhost${url}`, { tenant: ph, startup: {} }, 'TY', NO_PAGE_DATA);
      expect(page.redirect, url).toBeUndefined();
      expect(page.html.length, url).toBeGreaterThan(0);
    }
  });
});

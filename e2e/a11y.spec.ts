/**
 * Accessibility of home (WCAG 2.1 AA, no serious or critical violations), for a visitor and a
 * member, with the announcement popup that comes up over it. Home's other states and the other
 * screens are scanned by the journeys that open them: home with its popups closed, the hot-match
 * popup and the help center in home-blocks.spec.ts; the member centre (visitor, its login dialog,
 * member, demo-en's new layout) and the logout confirmation in member-centre.spec.ts; the account
 * forms in account.spec.ts; the game list and its filter panel in games.spec.ts; the download page
 * in install.spec.ts.
 */
import { expect, test } from './test';
import { expectNoA11yViolations, expectNoSeriousA11yViolations } from './axe';
import { apiLogin, expectMemberView, useStoredSession } from './session';

const ORIGIN = 'http://demo-ph.localhost:8181';

test.describe('accessibility (WCAG 2.1 AA, no serious or critical violations)', () => {
  test('home, visitor: no violations at all, with the announcement popup open', async ({ page }) => {
    // A whole-page scan of home (every game tile) takes most of the default 30 s on a 2-core machine.
    test.slow();
    await page.goto('/m/home');
    await expect(page.getByRole('contentinfo').getByRole('navigation')).toBeVisible();
    // The announcement popup (audience B) comes up about 500 ms after home has hydrated, which on a
    // loaded machine comes late: wait for that first, then scan the popup too. Often the run's first
    // page (a cold server, the first visit's code, the popup's own chunks): longer than one expectation.
    await expect(page.locator('html[data-view]')).toHaveCount(1, { timeout: 30_000 });
    await expect(page.locator('.announcement-popup')).toBeVisible({ timeout: 20_000 });
    // Home is held to every rule axe runs (best practices too), at any impact.
    await expectNoA11yViolations(page, 'home (visitor), announcement popup open');
  });

  test('home, member', async ({ page, request }) => {
    // A whole-page scan of home (every game tile) takes most of the default 30 s on a 2-core machine.
    test.slow();
    await useStoredSession(page, await apiLogin(request, ORIGIN, 'demoplayer'));
    await page.goto('/m/home');
    await expectMemberView(page);
    await expect(page.getByTestId('header-balance')).toHaveText(/\d\.\d{2}$/);
    // The announcement popup (audience A) comes up about 500 ms after home loads: scan it too.
    await expect(page.locator('.announcement-popup')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'home (member)');
  });
});

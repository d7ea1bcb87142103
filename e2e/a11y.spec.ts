import { readFileSync } from 'node:fs';
import { expect, test } from './test';
import { expectNoSeriousA11yViolations } from './axe';
import { apiLogin, expectMemberView, useStoredSession } from './session';

const ORIGIN = 'http://demo-ph.localhost:8181';
const TY = JSON.parse(readFileSync(new URL('../locales/ty.json', import.meta.url), 'utf8')) as Record<string, string>;

test.describe('accessibility (WCAG 2.1 AA, no serious or critical violations)', () => {
  test('home, visitor', async ({ page }) => {
    // A whole-page scan of home (every game tile) takes most of the default 30 s on a 2-core machine.
    test.slow();
    await page.goto('/m/home');
    await expect(page.getByRole('contentinfo').getByRole('navigation')).toBeVisible();
    // The announcement popup (audience B) comes up about 500 ms after home has hydrated, which on a
    // loaded machine comes late: wait for that first, then scan the popup too. Often the run's first
    // page (a cold server, the first visit's code, the popup's own chunks): longer than one expectation.
    await expect(page.locator('html[data-view]')).toHaveCount(1, { timeout: 30_000 });
    await expect(page.locator('.announcement-popup')).toBeVisible({ timeout: 20_000 });
    await expectNoSeriousA11yViolations(page, 'home (visitor)');
  });

  test('member centre, visitor, and its login dialog', async ({ page }) => {
    await page.goto('/m/mine');
    await expect(page.locator('.mc-list')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'member centre (visitor)');
    await page.getByRole('button', { name: TY.login_or_register }).tap();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'login dialog');
  });

  test.describe('logged in', () => {
    test.beforeEach(async ({ page, request }) => {
      await useStoredSession(page, await apiLogin(request, ORIGIN, 'demoplayer'));
    });

    test('home, member', async ({ page }) => {
      // A whole-page scan of home (every game tile) takes most of the default 30 s on a 2-core machine.
      test.slow();
      await page.goto('/m/home');
      await expectMemberView(page);
      await expect(page.getByTestId('header-balance')).toHaveText(/\d\.\d{2}$/);
      // The announcement popup (audience A) comes up about 500 ms after home loads: scan it too.
      await expect(page.locator('.announcement-popup')).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'home (member)');
    });

    test('member centre, member (base layout)', async ({ page }) => {
      await page.goto('/m/mine');
      await expect(page.getByTestId('member-card')).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'member centre (member)');
    });

    test('logout confirmation dialog', async ({ page }) => {
      await page.goto('/m/set');
      await page.locator('.menu-list button').last().tap();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'logout confirmation');
    });
  });

  test('member centre, new layout (demo-en)', async ({ page, request }) => {
    const en = 'http://demo-en.localhost:8181';
    await useStoredSession(page, await apiLogin(request, en, 'demoplayer'));
    await page.goto(`${en}/m/mine`);
    await expect(page.getByTestId('member-card')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'member centre (demo-en, new layout)');
  });
});

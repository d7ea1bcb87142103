/**
 * A visitor on a member's page (spec section 6): the member centre's pages (money, records) ask to
 * log in on the page, with the login dialog; the other member-only pages (message centre, invite
 * friends, settings) and launching a game send the visitor to the login page. Nothing waits forever.
 */
import { readFileSync } from 'node:fs';
import { expect, hydrated, test } from './test';
import { closeHomePopupWhenShown } from './home-popup';

test.beforeEach(({ page }) => closeHomePopupWhenShown(page));

const TY = JSON.parse(readFileSync(new URL('../locales/ty.json', import.meta.url), 'utf8')) as Record<string, string>;

const RECORD_PAGES = ['/m/vouReport', '/m/withdrawReport', '/m/transaction/record', '/m/gameRecord', '/m/profitandloss', '/m/voucherCenter', '/m/withdraw'];

test('a visitor on a record or money page is asked to log in there, and logs in from it', async ({ page }) => {
  const memberCalls: string[] = [];
  page.on('request', (req) => {
    const path = new URL(req.url()).pathname;
    if (/^\/wps\/(records|wallet|member)\b/.test(path)) memberCalls.push(path);
  });
  for (const path of RECORD_PAGES) {
    await page.goto(path);
    await hydrated(page);
    const prompt = page.getByTestId('login-first');
    await expect(prompt, path).toContainText(TY.member_login_first);
    await expect(page.locator('.page-loading')).toHaveCount(0);
  }
  expect(memberCalls, 'nothing of a member is asked for').toEqual([]);
  // The prompt opens the login dialog over the page; the visitor stays on it.
  await page.goto('/m/vouReport');
  await hydrated(page, page.getByTestId('login-first').getByRole('button'));
  await page.getByTestId('login-first').getByRole('button', { name: TY.login_or_register }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/m/vouReport');
});

test('member-only pages and a game launch send a visitor to the login page', async ({ page }) => {
  for (const path of ['/m/inviteFriends', '/m/webEmail', '/m/set', '/m/launchGame?playType=trad&prize_mode=Lott&code=lobby&pageBack=home', '/m/launchGame']) {
    await page.goto(path);
    await hydrated(page);
    await expect.poll(() => new URL(page.url()).pathname, { message: path }).toBe('/m/login');
  }
});

import { readFileSync } from 'node:fs';
import { type Page } from '@playwright/test';
import { expect, test } from './test';
import type { AppConfig } from '../src/lib/app-config';
import { apiGet, apiLogin, SESSION_KEY, useStoredSession, type StoredSession } from './session';
import { closeHomePopupWhenShown } from './home-popup';

// Home's announcement popup is tested in home-blocks.spec.ts; here it only gets in the way.
test.beforeEach(({ page }) => closeHomePopupWhenShown(page));

const TY = JSON.parse(readFileSync(new URL('../locales/ty.json', import.meta.url), 'utf8')) as Record<string, string>;
const EN = JSON.parse(readFileSync(new URL('../locales/en.json', import.meta.url), 'utf8')) as Record<string, string>;
const ORIGIN = 'http://demo-ph.localhost:8181';

async function appConfig(page: Page): Promise<AppConfig> {
  return JSON.parse((await page.locator('#app-config').textContent()) ?? '{}') as AppConfig;
}

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}

test.describe('shell: visitor', () => {
  test('logged-out header (login, register with DIRECTREG3, language, menu) and the footer', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/m/home');
    const config = await appConfig(page);
    expect(config.startup.info?.whitelabel?.DIRECTREG3, 'demo-ph has DIRECTREG3').toBe(true);

    const header = page.getByRole('banner');
    await expect(header.getByRole('heading', { level: 1 })).toHaveText(config.tenant.brand.name);
    await expect(header.getByRole('link', { name: TY.login })).toHaveAttribute('href', '/m/login');
    await expect(header.getByRole('link', { name: TY.register })).toHaveAttribute('href', '/m/register');
    await expect(header.getByRole('button', { name: TY.language })).toBeVisible();
    await expect(header.getByRole('button', { name: TY.menu })).toBeVisible();
    await expect(header.getByRole('link', { name: TY.message_center })).toHaveCount(0);

    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('navigation')).toBeVisible();
    await expect(footer.locator('a[href="/m/mine"]')).toContainText(TY.member_centre);
    expect(errors).toEqual([]);
  });

  test('header and footer follow the layout tables; back arrows lead home from notice', async ({ page }) => {
    await page.goto('/m/login');
    await expect(page.locator('.app-header--home')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);

    await page.goto('/m/member/benefits');
    await expect(page.getByRole('banner').getByRole('heading', { level: 1 })).toHaveText(TY.vip_benefits);
    await expect(page.getByRole('contentinfo').getByRole('navigation')).toBeVisible();
    // The member centre's one login prompt, on the page.
    await expect(page.getByTestId('login-first').getByRole('button', { name: TY.login_or_register })).toBeVisible();

    await page.goto('/m/notice');
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await page.getByRole('button', { name: TY.back }).tap();
    await expect(page).toHaveURL(/\/m\/home$/);
  });

  test('aliases land on their screens', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/m\/home$/);
    await page.goto('/register.html');
    await expect(page).toHaveURL(/\/m\/register$/);
    await page.goto('/m/member/home');
    await expect(page).toHaveURL(/\/m\/mine$/);
  });

  test('the language switcher lists the tenant languages and switches to English', async ({ page }) => {
    await page.goto('/m/home');
    const config = await appConfig(page);
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: TY.language }).tap();
    const options = header.locator('.language-list__option');
    await expect(options).toHaveCount(config.tenant.i18n.languages.length);
    await options.filter({ hasText: 'English' }).tap();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(header.getByRole('link', { name: EN.login })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('EN');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('banner').getByRole('link', { name: EN.login })).toBeVisible();
  });
});

test.describe('shell: member', () => {
  let session: StoredSession;

  test.beforeEach(async ({ page, request }) => {
    session = await apiLogin(request, ORIGIN, 'demoplayer');
    await useStoredSession(page, session);
  });

  test('logged-in header: account, total balance with 2 decimals, refresh, hide, deposit, message dot', async ({ page, request }) => {
    const errors = collectErrors(page);
    const wallet = await apiGet<{ sumBalance: number; currencySymbol: string }>(request, ORIGIN, '/wps/member/wallet', session.token);
    const unread = await apiGet<number>(request, ORIGIN, '/wps/member/unreadCount', session.token);
    const expected = `${wallet.value?.currencySymbol}${(wallet.value?.sumBalance ?? 0).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

    await page.goto('/m/home');
    const header = page.getByRole('banner');
    await expect(header.getByText('demoplayer')).toBeVisible();
    const balance = page.getByTestId('header-balance');
    await expect(balance).toHaveText(expected);
    await expect(balance).toHaveText(/\.\d{2}$/);
    await expect(header.getByRole('link', { name: TY.login })).toHaveCount(0);
    await expect(header.getByRole('link', { name: TY.deposit })).toHaveAttribute('href', '/m/voucherCenter');
    const mail = header.getByRole('link', { name: TY.message_center });
    await expect(mail).toHaveAttribute('href', '/m/webEmail');
    await expect(mail.getByTestId('unread-dot')).toHaveCount((unread.value ?? 0) > 0 ? 1 : 0);

    await header.getByRole('button', { name: TY.hide_balance }).tap();
    await expect(balance).toHaveText('****');
    await header.getByRole('button', { name: TY.show_balance }).tap();
    await expect(balance).toHaveText(expected);

    await header.getByRole('button', { name: TY.refresh_balance }).tap();
    await expect(balance).toHaveText(expected);
    expect(errors).toEqual([]);
  });

  test('logout from the header menu: confirm dialog, then home as a visitor', async ({ page, request }) => {
    await page.goto('/m/home');
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: TY.menu }).tap();
    await header.getByRole('button', { name: TY.sign_out }).tap();
    const dialog = page.getByRole('alertdialog', { name: TY.in_popup_prompt });
    await expect(dialog).toContainText(TY.in_sure_logout);
    // The opening tap must not close it: the mask ignores clicks for 300 ms, and cancel keeps the session.
    await dialog.getByRole('button', { name: TY.cancel }).tap();
    await expect(dialog).toHaveCount(0);
    await expect(header.getByText('demoplayer')).toBeVisible();

    await header.getByRole('button', { name: TY.menu }).tap();
    await header.getByRole('button', { name: TY.sign_out }).tap();
    await page.getByRole('alertdialog').getByRole('button', { name: TY.confirm }).tap();
    await expect(page).toHaveURL(/\/m\/home$/);
    await expect(page.getByRole('banner').getByRole('link', { name: TY.login })).toBeVisible();
    // Logout ends with a reload of /m/home: read storage once the new page is there.
    await expect
      .poll(() => page.evaluate((key) => ({ session: localStorage.getItem(key), autoLogin: localStorage.getItem('autoLogin') }), SESSION_KEY).catch(() => 'reloading'))
      .toEqual({ session: null, autoLogin: '0' });
    const after = await apiGet(request, ORIGIN, '/wps/member/info', session.token);
    expect(after.success).toBe(false);
  });
});

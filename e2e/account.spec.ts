/**
 * Account journeys on a phone: register (by username and by mobile number, with the SMS code
 * read from the dev outbox), log in, the captcha after failed logins, change the password, and
 * the English tenant's login page, and axe scans of the account forms. Assertions stay on the
 * forms, the URLs and the stored session; the header is only checked loosely.
 *
 * Registration always needs a captcha on the demo tenants, and a login after failures does too:
 * the journeys read its digits from the server's dev-only reveal (GET /wps/dev/captcha by the id
 * the page received with the image).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { expect, test } from './test';
import { expectNoSeriousA11yViolations } from './axe';
import { PASSWORD, registerMember } from './members';
import { closeHomePopupWhenShown } from './home-popup';
import { captchaCode, captchaImage, captchaSrc, formIsLive, smsCode as smsCodeOn, solveCaptcha as solveCaptchaOn, watchCaptchas } from './sign-up';

// Home's announcement popup is tested in home-blocks.spec.ts; here it only gets in the way.
test.beforeEach(({ page }) => closeHomePopupWhenShown(page));

const TY = JSON.parse(readFileSync(new URL('../locales/ty.json', import.meta.url), 'utf8')) as Record<string, string>;
const EN = JSON.parse(readFileSync(new URL('../locales/en.json', import.meta.url), 'utf8')) as Record<string, string>;

/** The demo-ph origin (the config's baseURL) and the same server as demo-en. */
const PH = 'http://demo-ph.localhost:8181';
function origins(testInfo: TestInfo): { ph: string; en: string } {
  const ph = new URL(testInfo.project.use.baseURL ?? PH);
  const en = new URL(ph.href);
  en.hostname = 'demo-en.localhost';
  return { ph: ph.origin, en: en.origin };
}
const SESSION_KEY = 'MC_SESSION_INFO';

/** Types the digits of the captcha the page shows (demo-ph unless told). */
const solveCaptcha = (page: Page, request: APIRequestContext, origin = origins(test.info()).ph) => solveCaptchaOn(page, request, origin);

// ---- server helpers --------------------------------------------------------------------------

/** The latest SMS code sent to a number (on demo-ph's outbox). */
const smsCode = (request: APIRequestContext, to: string) => smsCodeOn(request, origins(test.info()).ph, to);

async function storedSession(page: Page): Promise<{ userName?: string; token?: string; type?: number } | null> {
  return page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null') as { userName?: string } | null, SESSION_KEY);
}

async function logOutByClearingStorage(page: Page): Promise<void> {
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}

const uniqueName = () => `u${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 2).toString(36)}`;
const uniqueMobile = () => `917${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

const submitLogin = (page: Page) => page.getByRole('button', { name: TY.login, exact: true });


/**
 * Logs in on /m/login by username. A captcha may be demanded (earlier failures from this address):
 * the form then shows it, and it is solved and the form sent again.
 */
async function logIn(page: Page, request: APIRequestContext, username: string, password: string): Promise<void> {
  await page.goto('/m/login');
  await formIsLive(page);
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await submitLogin(page).tap();
  const captcha = page.locator('input[name="captcha"]');
  await expect.poll(async () => new URL(page.url()).pathname === '/m/home' || (await captcha.isVisible())).toBe(true);
  if (await captcha.isVisible()) {
    await solveCaptcha(page, request);
    await submitLogin(page).tap();
  }
  await expect(page).toHaveURL(/\/m\/home$/);
  await expect.poll(async () => (await storedSession(page))?.userName).toBe(username);
}

// ---- journeys ----------------------------------------------------------------------------------

test.beforeEach(({ page }) => watchCaptchas(page));

test.describe.serial('account journeys on demo-ph', () => {
  const member = { username: uniqueName(), password: 'Passw0rd1', mobile: uniqueMobile() };
  const newPassword = 'Changed22';

  test('register by username (with the SMS code from the outbox; the form passes an axe scan) and land on home logged in', async ({ page, request }) => {
    // Three page starts (register, member centre, home) and a logout: on a loaded machine, longer than a short journey.
    test.slow();
    await page.goto('/m/register');
    await formIsLive(page);
    await expect(captchaImage(page)).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'register');
    await expect(page.getByRole('tab', { name: TY.username })).toHaveAttribute('aria-selected', 'true');
    await page.locator('input[name="username"]').fill(member.username);
    await page.locator('input[name="password"]').fill(member.password);
    await page.locator('input[name="confirmPassword"]').fill(member.password);
    await page.locator('input[name="mobileNum"]').fill(member.mobile);
    await expect(page.locator('input[name="verificationCode"]')).toBeDisabled();
    await page.getByRole('button', { name: TY.send_code }).tap();
    // The button turns into the countdown; the code input opens.
    await expect(page.getByRole('button', { name: /\d+s/ })).toBeDisabled();
    await expect(page.locator('input[name="verificationCode"]')).toBeEnabled();
    await page.locator('input[name="verificationCode"]').fill(await smsCode(request, `+63${member.mobile}`));
    await solveCaptcha(page, request);
    await expect(page.getByRole('checkbox', { name: TY.age_confirm.replace('{{age}}', '21') })).toBeChecked();
    await page.getByRole('button', { name: TY.register, exact: true }).tap();

    await expect(page).toHaveURL(/\/m\/home$/);
    await expect.poll(async () => (await storedSession(page))?.userName).toBe(member.username);
    // The logged-in header: the new account with a balance of 0.00.
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: TY.login, exact: true })).toHaveCount(0);
    await expect(header.getByText(member.username)).toBeVisible();
    await expect(page.getByTestId('header-balance')).toHaveText(/^\D*0\.00$/);

    // The member centre shows exactly what demo-ph's flags allow a new player without an upline.
    await page.getByRole('contentinfo').locator('a[href="/m/mine"]').tap();
    await expect(page).toHaveURL(/\/m\/mine$/);
    const items = page.locator('.mc-list ul').first().locator(':scope > li');
    await expect(items.first()).toBeVisible();
    const hrefs = await items.evaluateAll((lis) => lis.map((li) => li.querySelector('a')?.getAttribute('href') ?? 'action'));
    expect(hrefs).toEqual([
      '/m/rewardCenter', 'action', '/m/vouReport', '/m/withdrawReport', '/m/transaction/record', '/m/gameRecord',
      '/m/profitandloss', '/m/member/manualRebate', '/m/leaderBoard', '/m/member/rebateReport', '/m/webEmail',
      'action', 'action', '/m/feedback', '/m/responsibleGaming',
    ]);
    // Log out from the header menu: confirm dialog, then home as a visitor.
    await page.goto('/m/home');
    await header.getByRole('button', { name: TY.menu }).tap();
    await header.getByRole('button', { name: TY.sign_out }).tap();
    await page.getByRole('alertdialog').getByRole('button', { name: TY.confirm }).tap();
    await expect(header.getByRole('link', { name: TY.login, exact: true })).toBeVisible();
    // Logout ends with a reload of /m/home: read storage once the new page is there.
    await expect.poll(() => storedSession(page).catch(() => 'reloading')).toBeNull();
  });

  test('log in again with the new account', async ({ page, request }) => {
    await logIn(page, request, member.username, member.password);
    const session = await storedSession(page);
    expect(session?.token).toBeTruthy();
    // Remember password is on by default: the login page offers the account again.
    await logOutByClearingStorage(page);
  });

  test('change the password, then log in with the new one', async ({ page, request }) => {
    await logIn(page, request, member.username, member.password);
    await page.goto('/m/changePsw');
    await formIsLive(page);
    await expect(page.locator('input[name="username"]')).toHaveValue(member.username);
    await expect(page.locator('input[name="username"]')).toHaveAttribute('readonly', '');
    // The password typed at login is held for the tab: no old-password field.
    await expect(page.locator('input[name="old_password"]')).toHaveCount(0);
    await page.locator('input[name="password"]').fill(newPassword);
    await page.locator('input[name="confimpsw"]').fill(newPassword);
    await page.getByRole('button', { name: TY.confirm, exact: true }).tap();
    await expect(page).toHaveURL(/\/m\/home$/);

    await logOutByClearingStorage(page);
    await logIn(page, request, member.username, newPassword);
  });

  test('register by mobile number with the SMS code from the outbox', async ({ page, request }) => {
    const mobile = uniqueMobile();
    await page.goto('/m/register');
    await formIsLive(page);
    await page.getByRole('tab', { name: TY.mobile_number }).tap();
    await expect(page.locator('input[name="username"]')).toHaveCount(0);
    await page.locator('input[name="mobileNum"]').fill(mobile);
    await page.getByRole('button', { name: TY.send_code }).tap();
    await expect(page.locator('input[name="verificationCode"]')).toBeEnabled();
    await page.locator('input[name="verificationCode"]').fill(await smsCode(request, `+63${mobile}`));
    // MOBILENUMPASSREG3 is on for demo-ph: the password fields show.
    await page.locator('input[name="password"]').fill('Mobile123');
    await page.locator('input[name="confirmPassword"]').fill('Mobile123');
    await solveCaptcha(page, request);
    await page.getByRole('button', { name: TY.register, exact: true }).tap();
    await expect(page).toHaveURL(/\/m\/home$/);
    await expect.poll(async () => (await storedSession(page))?.userName).toBe(`m${mobile}`);
  });

});

/**
 * Failed logins count against the member and the client address, and the server then asks every
 * login of either for a captcha for 15 minutes. So this journey is a fresh member's, from an
 * address of its own (the journeys' server trusts one proxy hop): the other journeys, which share
 * the loopback address and the demo members, are not asked for a captcha because of it.
 */
test.describe('captcha after failed logins', () => {
  test.use({ extraHTTPHeaders: { 'x-forwarded-for': `10.${randomBytes(3).join('.')}` } });

  test('after 3 failed logins the captcha appears, refreshes on tap, refuses a wrong code and passes with the right one', async ({ page, request }, testInfo) => {
    const origin = origins(testInfo).ph;
    const member = (await registerMember(request, origin)).userName;
    await page.goto(`${origin}/m/login`);
    await formIsLive(page);
    const captcha = page.locator('input[name="captcha"]');
    for (let attempt = 1; attempt <= 3; attempt++) {
      await page.locator('input[name="username"]').fill(member);
      await page.locator('input[name="password"]').fill(`Wrong${attempt}xx`);
      const answer = page.waitForResponse((r) => r.url().endsWith('/wps/session/login'));
      await submitLogin(page).tap();
      expect(((await (await answer).json()) as { errorCode: string }).errorCode).toBe('login.failed');
      await expect(page.getByRole('alert')).not.toBeEmpty();
      if (attempt < 3) await expect(captcha).toHaveCount(0);
    }
    // The third failure's error value asks for a captcha: it appears with its image.
    await expect(captcha).toBeVisible();
    const first = await captchaSrc(page);

    // Tapping the image loads a new one and clears the entry.
    await captcha.fill('123');
    await page.locator('.captcha-image').tap();
    await expect(captchaImage(page)).not.toHaveAttribute('src', first);
    await expect(captcha).toHaveValue('');

    // A wrong code is refused by the server as a captcha error, and a new image comes.
    const shown = await captchaSrc(page);
    const real = await captchaCode(page, request, origin);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await captcha.fill(`${real.slice(0, 5)}${(Number(real[5]) + 1) % 10}`);
    const refused = page.waitForResponse((r) => r.url().endsWith('/wps/session/login'));
    await submitLogin(page).tap();
    expect(((await (await refused).json()) as { errorCode: string }).errorCode).toBe('captcha.invalid');
    await expect(captcha).toHaveAttribute('aria-invalid', 'true');
    await expect(captchaImage(page)).not.toHaveAttribute('src', shown);

    // The right code passes.
    await solveCaptcha(page, request, origin);
    await submitLogin(page).tap();
    await expect(page).toHaveURL(/\/m\/home$/);
    await expect.poll(async () => (await storedSession(page))?.userName).toBe(member);
  });
});

test('demo-en shows the login page in English with no mode switch', async ({ page }, testInfo) => {
  await page.goto(`${origins(testInfo).en}/m/login`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('button', { name: EN.login, exact: true })).toBeVisible();
  await expect(page.getByLabel(EN.username, { exact: true })).toBeVisible();
  await expect(page.getByRole('tablist')).toHaveCount(0);
  await expect(page.getByRole('tab', { name: EN.login_with_mobile })).toHaveCount(0);
  // Social login is off for demo-en.
  await expect(page.getByRole('button', { name: 'Facebook' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: EN.register_now })).toHaveAttribute('href', '/m/register');
});

test('demo-ph login: the form passes an axe scan; the mode switch shows and the mobile mode asks for the number before sending a code', async ({ page }) => {
  await page.goto('/m/login');
  await formIsLive(page);
  await expect(page.locator('input[name="username"]')).toBeVisible();
  // demo-ph switches its social buttons on, but the demo deployment configures no provider: no social block.
  await expect(page.getByText(TY.or_login_with)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Facebook|Google|Telegram)$/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'login');
  await page.getByRole('tab', { name: TY.login_with_mobile }).tap();
  await expect(page.locator('input[name="mobile"]')).toBeVisible();
  await page.getByRole('button', { name: TY.send_code }).tap();
  await expect(page.getByText(TY.mobile_required)).toBeVisible();
  await page.getByRole('tab', { name: TY.login_with_username }).tap();
  await expect(page.locator('input[name="username"]')).toBeVisible();
});

// The login and register forms are scanned by the journeys above that open them.
test.describe('accessibility of the account forms (WCAG 2.1 AA, no serious or critical violations)', () => {
  test('forgot password page', async ({ page }) => {
    await page.goto('/m/forget');
    await expect(page.locator('input[name="mobileNum"]')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'forgot password');
  });
});

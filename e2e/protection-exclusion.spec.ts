/**
 * Player protection on a phone, on both tenants: a 1-minute reality check stops the in-house slot
 * until the member answers it (the development route makes the check due at once instead of
 * waiting the minute; the server refuses the spin and the slot shows the check); then the member
 * excludes themselves for 6 months, is logged out with the end date, and cannot log in again, by
 * by username or by mobile number, each time told until when.
 */
import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './test';
import { api, PASSWORD, registerMember, storedToken, uniqueMobile } from './members';
import { formIsLive, watchCaptchas } from './sign-up';
import { useStoredSession, expectMemberView } from './session';

type Messages = Record<string, string>;
const TY = JSON.parse(readFileSync(new URL('../locales/ty.json', import.meta.url), 'utf8')) as Messages;
const EN = JSON.parse(readFileSync(new URL('../locales/en.json', import.meta.url), 'utf8')) as Messages;
const fill = (text: string, params: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_m, k: string) => params[k] ?? '');

const TENANTS = [
  { name: 'demo-ph', origin: 'http://demo-ph.localhost:8181', t: TY },
  { name: 'demo-en', origin: 'http://demo-en.localhost:8181', t: EN },
] as const;

async function call(request: APIRequestContext, origin: string, method: 'POST' | 'PUT', path: string, token: string, data?: unknown) {
  const target = api(origin, path);
  const res = await request.fetch(target.url, { method, headers: { ...target.headers, authorization: `Bearer ${token}`, 'content-type': 'application/json' }, data: data ?? {} });
  return (await res.json()) as { success: boolean; errorCode?: string; value?: unknown };
}


test.beforeEach(({ page }) => watchCaptchas(page));

for (const tenant of TENANTS) {
  test(`${tenant.name}: the reality check stops the slot until answered; a 6-month self-exclusion logs out and refuses every login with the end date`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const { t, origin } = tenant;
    const mobile = uniqueMobile();
    const session = await registerMember(request, origin, { mobileNum: mobile });
    await useStoredSession(page, session);

    // The interval: the screen offers 15 minutes and up; a test may set 1 through the API.
    await page.goto(`${origin}/m/member/realityCheck`);
    await expectMemberView(page);
    await page.getByRole('radio', { name: fill(t.reality_every, { count: '15' }) }).check();
    await page.getByTestId('reality-save').tap();
    await expect(page.getByText(t.reality_saved)).toBeVisible();
    const token = await storedToken(page);
    expect((await call(request, origin, 'PUT', '/wps/member/realityCheck', token, { minutes: 1 })).success).toBe(true);

    // The in-house slot in the frame route: one spin, then the check falls due and stops play.
    await page.goto(`${origin}/m/launchGame?vendor=INHOUSE`);
    const slot = page.frameLocator('iframe.launch-screen__frame');
    await expect(slot.locator('#spin')).toBeEnabled();
    await slot.locator('#spin').tap();
    await expect(slot.locator('#spin')).toBeEnabled();
    expect((await call(request, origin, 'POST', '/wps/dev/realityCheck/due', await storedToken(page))).success).toBe(true);
    await slot.locator('#spin').tap();
    const check = slot.getByRole('dialog', { name: t.reality_overlay_title });
    await expect(check).toBeVisible();
    await expect(slot.locator('#spin')).toBeDisabled();
    await expect(slot.locator('#reality-net')).toContainText(/\d\.\d{2}/);
    await slot.locator('#reality-continue').tap();
    await expect(check).toBeHidden();
    await slot.locator('#spin').tap();
    await expect(slot.locator('#message')).not.toHaveClass(/error/);

    // Self-exclusion for 6 months: a dialog says until when and that it cannot be undone.
    await page.goto(`${origin}/m/member/selfExclusion`);
    await page.getByRole('radio', { name: t.exclusion_self }).check();
    await page.getByRole('radio', { name: t.exclusion_period_6m }).check();
    await page.getByTestId('exclusion-submit').tap();
    const confirm = page.getByRole('alertdialog', { name: t.exclusion_confirm_title });
    await expect(confirm).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    await confirm.getByRole('button', { name: t.exclusion_confirm_button }).tap();
    const done = page.getByRole('alertdialog');
    await expect(done).toContainText(fill(t.exclusion_done, { date: '' }).split('.')[0].slice(0, 12));
    const date = /\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.exec((await done.textContent()) ?? '')![0];
    await done.getByRole('button', { name: t.ok }).tap();
    await expect(page).toHaveURL(/\/m\/home$/);
    expect(await storedToken(page)).toBe('');
    const refused = fill(t.err_excluded, { date });

    // Username login: refused with the end date.
    await page.goto(`${origin}/m/login`);
    await formIsLive(page);
    await page.locator('input[name="username"]').fill(session.userName);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.getByRole('button', { name: t.login, exact: true }).tap();
    await expect(page.getByText(refused)).toBeVisible();

    // The mobile number as the account (the mobile + SMS login is refused alike: tests/server/protection/protection.test.ts).
    await page.goto(`${origin}/m/login`);
    await formIsLive(page);
    await page.locator('input[name="username"]').fill(mobile);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.getByRole('button', { name: t.login, exact: true }).tap();
    await expect(page.getByText(refused)).toBeVisible();
  });
}

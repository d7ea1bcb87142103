/**
 * What a journey needs to fill the register and login forms as a person would: the captcha the page
 * shows (revealed by the server's dev-only GET /wps/dev/captcha) and the SMS code from the dev outbox.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './test';
import { api } from './members';

export const captchaImage = (page: Page) => page.locator('.captcha-image img');

/** Captcha ids by image, from the page's GET /wps/captcha answers (the image alone does not say). */
const captchaIds = new WeakMap<Page, Map<string, string>>();

/** Starts noting the captchas a page receives; call before the page loads a form. */
export function watchCaptchas(page: Page): void {
  if (captchaIds.has(page)) return;
  const ids = new Map<string, string>();
  captchaIds.set(page, ids);
  page.on('response', async (res) => {
    if (!new URL(res.url()).pathname.endsWith('/wps/captcha')) return;
    try {
      const body = (await res.json()) as { value?: { captchaId: string; image: string } };
      if (body.value) ids.set(body.value.image, body.value.captchaId);
    } catch {
      // A navigation away may drop the body; that captcha is gone with the page.
    }
  });
}

export async function captchaSrc(page: Page): Promise<string> {
  await expect(captchaImage(page)).toHaveAttribute('src', /^data:image\/png;base64,/);
  return (await captchaImage(page).getAttribute('src')) ?? '';
}

/** The digits of the captcha the page shows, from the server's dev-only reveal (GET /wps/dev/captcha). */
export async function captchaCode(page: Page, request: APIRequestContext, origin: string): Promise<string> {
  const image = (await captchaSrc(page)).replace(/^data:image\/png;base64,/, '');
  let id = '';
  await expect.poll(() => (id = captchaIds.get(page)?.get(image) ?? '')).not.toBe('');
  const { url, headers } = api(origin, `/wps/dev/captcha?id=${encodeURIComponent(id)}`);
  const body = (await (await request.get(url, { headers })).json()) as { value?: { code: string } };
  expect(body.value?.code, 'the dev captcha reveal answers').toMatch(/^\d{6}$/);
  return body.value!.code;
}

/** Types the digits of the captcha the page shows. */
export async function solveCaptcha(page: Page, request: APIRequestContext, origin: string): Promise<void> {
  await page.locator('input[name="captcha"]').fill(await captchaCode(page, request, origin));
}

/** The latest SMS code sent to a number, from GET /wps/dev/outbox. */
export async function smsCode(request: APIRequestContext, origin: string, to: string): Promise<string> {
  const { url, headers } = api(origin, `/wps/dev/outbox?to=${encodeURIComponent(to)}`);
  let code = '';
  await expect
    .poll(async () => {
      const body = (await (await request.get(url, { headers })).json()) as { value?: { text: string }[] };
      code = /\b(\d{6})\b/.exec(body.value?.[0]?.text ?? '')?.[1] ?? '';
      return code;
    })
    .not.toBe('');
  return code;
}

/**
 * A server-rendered form's submit button is disabled until the page has hydrated; the journeys
 * type once it is live (typing earlier is kept too, see the form tests, but a journey should not
 * race the page's script).
 */
export async function formIsLive(page: Page): Promise<void> {
  await expect(page.locator('button[type="submit"]').first()).toBeEnabled();
}

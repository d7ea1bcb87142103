/**
 * Members of the journeys: a new member registered through the API as the site does it
 * (encrypted, with the captcha and SMS code the dev routes reveal), its stored session, and the
 * money helpers that compare what a screen shows in minor units.
 */
import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { CompactEncrypt, importJWK, type JWK } from 'jose';
import { expect } from './test';
import { apiGet, expectMemberView, SESSION_KEY, type Envelope, type StoredSession } from './session';

export const PASSWORD = 'Passw0rd1';

// ---- money -------------------------------------------------------------------------------------

/** "₱1,250.50" -> 125050 (minor units, so that sums are exact). */
export function cents(text: string): number {
  const n = text.replace(/[^0-9.]/g, '');
  const [whole, frac = ''] = n.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0').slice(0, 2));
}

export const minor = (units: number): number => Math.round(units * 100);

/** As the site shows money: symbol, thousands separators, 2 decimals. */
export const money = (symbol: string, units: number): string =>
  `${symbol}${(minor(units) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export const fill = (template: string, params: Record<string, string | number>): string =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));

// ---- API ---------------------------------------------------------------------------------------

/** Node does not resolve *.localhost as Chromium does: call loopback and name the tenant in Host. */
export function api(origin: string, path: string): { url: string; headers: Record<string, string> } {
  const u = new URL(origin);
  return {
    url: `${u.protocol}//127.0.0.1:${u.port}${path}`,
    headers: { host: u.host },
  };
}

export async function value<T>(request: APIRequestContext, origin: string, path: string, token?: string): Promise<T> {
  const body = await apiGet<T>(request, origin, path, token);
  expect(body.success, `GET ${path}: ${body.errorCode}`).toBe(true);
  return body.value as T;
}

export interface Startup {
  info: { merchantCode?: string };
  encryption: { header: string; alg: string; enc: string; jwk: JWK };
  dialingCodes?: string[];
}

export const uniqueName = () => `w${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
export const uniqueMobile = () => `917${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

/**
 * Registers a new member through POST /wps/member/register (encrypted like the site does), with
 * the captcha's digits from the dev reveal and, where the tenant asks for one, the SMS code from
 * the dev outbox. Returns the session the app stores.
 */
export async function registerMember(request: APIRequestContext, origin: string, { affiliateCode, mobileNum: givenMobile }: { affiliateCode?: string; mobileNum?: string } = {}): Promise<StoredSession> {
  const startup = await value<Startup>(request, origin, '/wps/system/startup');
  const username = uniqueName();
  const mobileNum = givenMobile ?? uniqueMobile();
  const dialingCode = '+63';
  // Each registration from a phone of its own: the journeys' server trusts one proxy hop
  // (scripts/e2e-server.mjs), so the per-IP limits on captchas, SMS and registrations count each
  // new member apart, as they would real visitors, instead of the whole suite as one address.
  const client = { 'x-forwarded-for': `10.${randomBytes(3).join('.')}` };
  const fromClient = async <T>(path: string): Promise<T> => {
    const target = api(origin, path);
    const body = (await (await request.get(target.url, { headers: { ...target.headers, ...client } })).json()) as Envelope<T>;
    expect(body.success, `GET ${path}: ${body.errorCode}`).toBe(true);
    return body.value as T;
  };
  const captcha = await fromClient<{ captchaId: string }>('/wps/captcha');
  const { code } = await fromClient<{ code: string }>(`/wps/dev/captcha?id=${encodeURIComponent(captcha.captchaId)}`);

  // An SMS code when the tenant sends them (demo-ph requires one); a tenant without the module answers module.disabled.
  let verificationCode: string | undefined;
  const sms = api(origin, '/wps/verification/sms/noLogin');
  const smsRes = await request.post(sms.url, {
    headers: { ...sms.headers, ...client },
    data: { mobileNum, countryDialingCode: dialingCode },
  });
  if (((await smsRes.json()) as Envelope<unknown>).success) {
    const outbox = api(origin, `/wps/dev/outbox?to=${encodeURIComponent(`${dialingCode}${mobileNum}`)}`);
    await expect
      .poll(async () => {
        const body = (await (await request.get(outbox.url, { headers: outbox.headers })).json()) as Envelope<{ text: string }[]>;
        verificationCode = /\b(\d{6})\b/.exec(body.value?.[0]?.text ?? '')?.[1];
        return verificationCode ?? '';
      })
      .not.toBe('');
  }

  const { header, alg, enc, jwk } = startup.encryption;
  const key = await importJWK(jwk, alg);
  const payload = await new CompactEncrypt(
    new TextEncoder().encode(
      JSON.stringify({
        username,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        mobileNum,
        countryDialingCode: dialingCode,
        ...(verificationCode ? { verificationCode } : {}),
        captcha: code,
        captchaId: captcha.captchaId,
        ...(affiliateCode ? { affiliateCode } : {}),
      }),
    ),
  )
    .setProtectedHeader({
      alg,
      enc,
      kid: jwk.kid,
      iat: Math.floor(Date.now() / 1000),
      jti: randomBytes(16).toString('base64url'),
    })
    .encrypt(key);
  const reg = api(origin, '/wps/member/register');
  const res = await request.put(reg.url, {
    headers: {
      ...reg.headers,
      ...client,
      [header]: '1',
      'content-type': 'application/json',
    },
    data: { payload },
  });
  const body = (await res.json()) as Envelope<{
    token: string;
    userName: string;
    customerType: number;
    firstTimeLogin: boolean;
  }>;
  expect(body.success, `register: ${body.errorCode ?? res.status()}`).toBe(true);
  return {
    token: body.value!.token,
    merchantCode: startup.info.merchantCode ?? '',
    userName: body.value!.userName,
    type: body.value!.customerType,
    firstTimeLogin: body.value!.firstTimeLogin,
  };
}

// ---- screens ----------------------------------------------------------------------------------

/** The token the app holds now (home renews the session: each renewal replaces the token). */
export async function storedToken(page: Page): Promise<string> {
  return page.evaluate((key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { token?: string }).token ?? '', SESSION_KEY);
}

/**
 * Opens home as the member and waits for the session renewal that home makes, until the app
 * stores the new token: API calls made afterwards with storedToken() are not refused. Leaving a
 * page before its renewal has answered loses the new token (the old one can be renewed once), so
 * a member's first page is best opened with this; `timeout` allows for a first load's code.
 */
export async function openHome(page: Page, timeout?: number): Promise<void> {
  // Home's own renewal, read as it arrives: listened for once home's document has replaced the page
  // before (which may renew too); home renews only after its code has loaded.
  await page.goto('/m/home', { waitUntil: 'commit' });
  const renewal = page
    .waitForResponse((r) => new URL(r.url()).pathname === '/wps/session/renew' && r.request().method() === 'POST')
    .then((r) => r.json() as Promise<Envelope<{ token: string }>>);
  await expectMemberView(page, timeout);
  const body = await renewal;
  expect(body.success, `session renewal: ${body.errorCode}`).toBe(true);
  await expect.poll(() => storedToken(page)).toBe(body.value!.token);
}

/** Home's header balance, once the member's view is up, reaches `expected` (minor units). */
export async function expectHeaderBalance(page: Page, expected: number): Promise<void> {
  await openHome(page);
  const balance = page.getByTestId('header-balance');
  await expect(balance).toHaveText(/\d\.\d{2}$/);
  await expect.poll(async () => cents((await balance.textContent()) ?? '')).toBe(expected);
}


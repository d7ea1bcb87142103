/**
 * Logs a seeded demo member in through the API (the login body is a JWE made with the server's
 * public key from the startup settings) and returns the MC_SESSION_INFO record the app stores.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { CompactEncrypt, importJWK, type JWK } from 'jose';

export const DEMO_PASSWORD = 'Demo1234';
export const SESSION_KEY = 'MC_SESSION_INFO';

export interface StoredSession {
  token: string;
  merchantCode: string;
  userName: string;
  type: number;
  firstTimeLogin: boolean;
}

export interface Envelope<T> {
  success: boolean;
  value?: T;
  errorCode?: string;
}

interface Startup {
  info: { merchantCode?: string };
  encryption: { header: string; alg: string; enc: string; jwk: JWK };
}

interface LoginValue {
  token: string;
  userName: string;
  customerType: number;
  firstTimeLogin: boolean;
}

/**
 * Node does not resolve *.localhost as Chromium does: call the loopback address and name the
 * tenant in the Host header instead.
 */
function target(origin: string): { base: string; headers: Record<string, string> } {
  const url = new URL(origin);
  return { base: `${url.protocol}//127.0.0.1:${url.port}`, headers: { host: url.host } };
}

/** POST /wps/session/login with an encrypted body; `origin` picks the tenant (http://demo-ph.localhost:8181). */
export async function apiLogin(request: APIRequestContext, origin: string, username: string, password = DEMO_PASSWORD): Promise<StoredSession> {
  const { base, headers: hostHeader } = target(origin);
  const startupRes = await request.get(`${base}/wps/system/startup`, { headers: hostHeader });
  const startup = ((await startupRes.json()) as Envelope<Startup>).value;
  if (!startup) throw new Error('no startup settings');
  const { header, alg, enc, jwk } = startup.encryption;
  const key = await importJWK(jwk, alg);
  const payload = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify({ type: 'username', username, password })))
    // As the site does: the key's kid, the time (a body older than 2 minutes is refused) and a single-use id.
    .setProtectedHeader({ alg, enc, kid: jwk.kid, iat: Math.floor(Date.now() / 1000), jti: randomBytes(16).toString('base64url') })
    .encrypt(key);
  const res = await request.post(`${base}/wps/session/login`, {
    headers: { ...hostHeader, [header]: '1', 'content-type': 'application/json' },
    data: { payload },
  });
  const body = (await res.json()) as Envelope<LoginValue>;
  if (!body.success || !body.value) throw new Error(`login failed: ${body.errorCode ?? res.status()}`);
  return {
    token: body.value.token,
    merchantCode: startup.info.merchantCode ?? '',
    userName: body.value.userName,
    type: body.value.customerType,
    firstTimeLogin: body.value.firstTimeLogin,
  };
}

/**
 * Stores the session in the page's origin before any of its scripts run, on the first load only
 * (a marker key remembers it), so that a logout followed by a reload stays logged out.
 */
export async function useStoredSession(page: Page, session: StoredSession): Promise<void> {
  await page.addInitScript(
    ([key, value]) => {
      if (window.localStorage.getItem('e2e-session-seeded') === '1') return;
      window.localStorage.setItem('e2e-session-seeded', '1');
      window.localStorage.setItem(key, value);
    },
    [SESSION_KEY, JSON.stringify(session)] as const,
  );
}

/**
 * Waits until the page shows the member's view: the server paints a visitor's page and the
 * member's view arrives after hydration (the document's data-view says which one is committed).
 */
export async function expectMemberView(page: Page, timeout = 15_000): Promise<void> {
  // This waits for a whole page start (document, code, hydration, the stored session's view), not
  // one change on a running page: on a busy machine that takes longer than a single expectation.
  await expect(page.locator('html')).toHaveAttribute('data-view', 'member', { timeout });
}

/** POST /wps/session/login/freeplay: a free-trial (type 4) session. */
export async function apiTrialLogin(request: APIRequestContext, origin: string): Promise<StoredSession> {
  const { base, headers } = target(origin);
  const startup = ((await (await request.get(`${base}/wps/system/startup`, { headers })).json()) as Envelope<{ info: { trialMerchantCode?: string } }>).value;
  const res = await request.post(`${base}/wps/session/login/freeplay`, { headers: { ...headers, 'content-type': 'application/json' }, data: {} });
  const body = (await res.json()) as Envelope<LoginValue>;
  if (!body.success || !body.value) throw new Error(`trial login failed: ${body.errorCode ?? res.status()}`);
  return {
    token: body.value.token,
    merchantCode: startup?.info.trialMerchantCode ?? '',
    userName: body.value.userName,
    type: body.value.customerType,
    firstTimeLogin: body.value.firstTimeLogin,
  };
}

/** GET an authenticated API value for a session (e.g. the wallet the header should show). */
export async function apiGet<T>(request: APIRequestContext, origin: string, path: string, token?: string): Promise<Envelope<T>> {
  const { base, headers } = target(origin);
  const res = await request.get(`${base}${path}`, { headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  return (await res.json()) as Envelope<T>;
}

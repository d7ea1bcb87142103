/**
 * Helpers of the app-shell tests: the whole route table in a memory router with a scripted API
 * behind the mocked `request` (each test file mocks src/lib/api/client, request and swrFetcher), a fresh
 * SWR cache per render, and tenants built from the test fixture.
 */
import { render, type RenderResult } from '@testing-library/react';
import { I18nProvider } from '../../src/lib/i18n';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import type { Mock } from 'vitest';
import { appRoutes } from '../../src/app/router';
import baseFile from '../../tenants/_base/tenant.json';
import demoEnFile from '../../tenants/demo-en/tenant.json';
import demoPhFile from '../../tenants/demo-ph/tenant.json';
import type { Tenant } from '../../src/generated/tenant';
import type { RequestOptions } from '../../src/lib/api/client';
import type { StartupSettings } from '../../src/lib/app-config';
import { mergePatch, type Json } from '../../src/lib/merge-patch';
import { ROUTES } from '../../src/lib/routes';
import { sessionStore, SESSION_KEY } from '../../src/lib/session';
import { fixtureTenant } from '../renderer/fixtures/tenant';
import { testI18n } from '../renderer/harness';

export type Handler = (opts: RequestOptions) => unknown;

/** Routes `request` calls to handlers keyed "METHOD /path"; unknown calls reject like a 404. */
export function scriptApi(requestMock: Mock, handlers: Record<string, Handler>): void {
  requestMock.mockImplementation(async (method: string, path: string, opts: RequestOptions = {}) => {
    const handler = handlers[`${method} ${path}`];
    if (!handler) throw new Error(`unexpected call ${method} ${path}`);
    return handler(opts);
  });
}

export const ALL_PATHS = ROUTES.map((r) => r.path);

/** The fixture tenant with every route whitelisted, patched (JSON Merge Patch) by `patch`. */
export function tenantWith(patch: Json = {}): Tenant {
  const base = { ...fixtureTenant(), routes: { whitelist: ALL_PATHS } };
  return mergePatch(base as unknown as Json, patch) as unknown as Tenant;
}

const TENANT_FILES = { _base: baseFile, 'demo-ph': demoPhFile, 'demo-en': demoEnFile } as unknown as Record<string, Json>;

function readTenantFile(id: string): Json {
  return structuredClone(TENANT_FILES[id]);
}

/** A repository tenant resolved as the server does (its file merged over _base). */
export function repoTenant(id: '_base' | 'demo-ph' | 'demo-en'): Tenant {
  const base = readTenantFile('_base');
  return (id === '_base' ? base : mergePatch(base, readTenantFile(id))) as unknown as Tenant;
}

/** The fixture tenant with _base's screens (member centre, settings, login ...) and every route whitelisted. */
export function tenantWithBaseScreens(patch: Json = {}): Tenant {
  const screens = repoTenant('_base').screens as unknown as Json;
  return tenantWith(mergePatch({ screens } as Json, patch));
}

export const MEMBER_SESSION = { token: 'tok-0123456789abcdef', merchantCode: 'fixture01', userName: 'juan', type: 0, firstTimeLogin: false };

/** Stores a session as a login would have (the shell re-reads storage on mount). */
export function storeSession(session: Partial<typeof MEMBER_SESSION> & { mustChangePassword?: boolean } = {}): void {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ ...MEMBER_SESSION, ...session }));
}

export function resetSession(): void {
  localStorage.clear();
  sessionStorage.clear();
  sessionStore.info = null;
  sessionStore.trialName = null;
}

export interface AppRender extends RenderResult {
  router: ReturnType<typeof createMemoryRouter>;
}

export function renderApp(
  entries: string | string[],
  options: { tenant?: Tenant; startup?: StartupSettings; lang?: 'fil' | 'en' } = {},
): AppRender {
  const router = createMemoryRouter(appRoutes({ tenant: options.tenant ?? tenantWith(), startup: options.startup ?? {} }), {
    initialEntries: Array.isArray(entries) ? entries : [entries],
    initialIndex: Array.isArray(entries) ? entries.length - 1 : 0,
  });
  const result = render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <I18nProvider i18n={testI18n(options.lang)}>
        <RouterProvider router={router} />
      </I18nProvider>
    </SWRConfig>,
  );
  return { ...result, router };
}

/** Default member API: info, wallet, unread count, promotions, renewal. */
export function memberApi(overrides: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    'GET /wps/member/info': () => ({ id: 7, account: 'juan', type: 0, regDate: new Date(Date.now() - 12 * 86_400_000).toISOString(), toUpline: null, passwordSet: true, vipLevel: 2, vipName: 'vip_level_silver' }),
    'GET /wps/member/wallet': () => ({ sumBalance: 1250.5, currency: 'PHP', currencySymbol: '₱' }),
    'GET /wps/member/unreadCount': () => 0,
    'GET /wps/promotions': () => [],
    'GET /wps/rewards/count': () => ({ unclaimed: 0 }),
    // Rotation: the renewal answers a new token (the same one here, so the tests keep one token).
    'POST /wps/session/renew': () => ({ token: MEMBER_SESSION.token, expiresAt: '2030-01-01T00:00:00.000Z' }),
    ...overrides,
  };
}

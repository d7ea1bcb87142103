/**
 * Running as an installed app: how the page is run (spec section 4), the device header OTHERS on
 * login (spec section 7), the registration's registerMethod (spec section 3) and the download bar
 * forced hidden in an installed web app (spec section 4).
 */
import { exportJWK, generateKeyPair } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { login, registerMethodFor } from '../../src/features/account';
import { detectDevice, isDownloadBarVisible } from '../../src/features/home/download';
import { configureApi } from '../../src/lib/api/client';
import { detectInstallMode, deviceHeadersFor, setupApiClient } from '../../src/lib/runtime';
import type { InstallMode } from '../../src/generated/tenant';
import { fixtureTenant } from '../renderer/fixtures/tenant';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1';

/** A window as detectInstallMode reads it: the query, the user agent, iOS's standalone flag and the display mode. */
function fakeWindow({ search = '', standalone, display = false }: { search?: string; standalone?: boolean; display?: boolean } = {}): Window {
  return {
    location: { search },
    navigator: { userAgent: IPHONE, standalone },
    matchMedia: (query: string) => ({ matches: display && query === '(display-mode: standalone)' }),
  } as unknown as Window;
}

describe('how the page is run', () => {
  it('a standalone display is an installed web app, iOS standalone a web clip, otherwise a browser tab', () => {
    expect(detectInstallMode(fakeWindow({ display: true }))).toBe('pwa');
    expect(detectInstallMode(fakeWindow({ standalone: true, display: true }))).toBe('webclip');
    expect(detectInstallMode(fakeWindow({ standalone: false }))).toBe('browser');
    expect(detectInstallMode(fakeWindow({ search: '?app=1', display: true }))).toBe('app');
    // The server: no window, a browser tab (the first paint is the same for everyone).
    expect(detectInstallMode(undefined)).toBe('browser');
  });

  it('registers with registerMethod PWA, WEBCLIP or H5 (APP in the native shell)', () => {
    const methods = (['pwa', 'webclip', 'browser', 'app'] as InstallMode[]).map(registerMethodFor);
    expect(methods).toEqual(['PWA', 'WEBCLIP', 'H5', 'APP']);
  });

  it('adds the device header OTHERS only in an installed web app', () => {
    expect(deviceHeadersFor('pwa')).toEqual({ device: 'OTHERS' });
    expect(deviceHeadersFor('webclip')).toEqual({ device: 'OTHERS' });
    expect(deviceHeadersFor('browser')).toEqual({});
    expect(deviceHeadersFor('app')).toEqual({});
  });

  it('forces the download bar hidden in an installed web app', () => {
    const links = [{ resourceType: 'IOS' as const, url: 'https://dl.example.com/app.ipa' }];
    const ctx = { device: detectDevice(IPHONE), links, hidden: false, session: false };
    expect(isDownloadBarVisible({ ...ctx, install: 'browser' })).toBe(true);
    expect(isDownloadBarVisible({ ...ctx, install: 'pwa' })).toBe(false);
  });
});

describe('login from an installed web app', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    configureApi({ encryption: () => null, headers: () => ({}), clockOffsetMs: () => 0 });
  });

  it('sends the device header OTHERS as the page is run at the time of the call', async () => {
    const pair = await generateKeyPair('RSA-OAEP-256', { extractable: true });
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'key-1' };
    let mode: InstallMode = 'browser';
    setupApiClient({ tenant: fixtureTenant(), startup: { encryption: { header: 'X-Encrypted', alg: 'RSA-OAEP-256', enc: 'A256GCM', jwk } } }, () => mode);
    const sent: Record<string, string>[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        sent.push(init.headers as Record<string, string>);
        return Response.json({ success: true, value: { token: 't', userName: 'u', customerType: 0, firstTimeLogin: false } });
      }),
    );
    await login({ username: 'player1', password: 'secret1', type: 'username' } as Parameters<typeof login>[0]);
    mode = 'pwa';
    await login({ username: 'player1', password: 'secret1', type: 'username' } as Parameters<typeof login>[0]);
    expect(sent[0].device).toBeUndefined();
    expect(sent[1].device).toBe('OTHERS');
  });
});

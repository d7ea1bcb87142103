import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildVersion, precacheEntries, shellFiles, workerDefines, type ViteManifest } from '../../scripts/vite-service-worker';
import { ApiFailure, request } from '../../src/lib/api/client';
import { isKeepablePage, isPagePath, keptPageUsable, OFFLINE_PATH, routeKind } from '../../src/sw/rules';

/** A build's manifest: the entry with static imports and a style, lazy screens with their own. */
const MANIFEST: ViteManifest = {
  'index.html': {
    file: 'assets/index-AAA.js',
    isEntry: true,
    imports: ['_react-BBB.js', '_i18n-CCC.js'],
    css: ['assets/index-DDD.css'],
    dynamicImports: ['src/screens/deposit.tsx'],
  },
  '_react-BBB.js': { file: 'assets/react-BBB.js' },
  '_i18n-CCC.js': { file: 'assets/i18n-CCC.js', imports: ['_react-BBB.js'] },
  'src/screens/deposit.tsx': { file: 'assets/deposit-EEE.js', imports: ['_swr-FFF.js'], css: ['assets/deposit-GGG.css'] },
  '_swr-FFF.js': { file: 'assets/swr-FFF.js' },
  'locales/ty.json': { file: 'assets/ty-HHH.json' },
};

describe('the precache list from the Vite manifest', () => {
  it('holds the shell only: the entry, what it imports statically and its style, and the translation files; no lazy chunk', () => {
    expect(shellFiles(MANIFEST)).toEqual(['assets/i18n-CCC.js', 'assets/index-AAA.js', 'assets/index-DDD.css', 'assets/react-BBB.js', 'assets/ty-HHH.json']);
  });

  it('names hashed files without a revision and the offline page with the build version', () => {
    const entries = precacheEntries(MANIFEST);
    expect(entries.filter((e) => e.revision === null).map((e) => e.url)).toEqual([
      '/m/assets/i18n-CCC.js',
      '/m/assets/index-AAA.js',
      '/m/assets/index-DDD.css',
      '/m/assets/react-BBB.js',
      '/m/assets/ty-HHH.json',
    ]);
    expect(entries.at(-1)).toEqual({ url: OFFLINE_PATH, revision: buildVersion(MANIFEST) });
  });

  it('a change of any chunk, a lazy one included, is a new build version (a new worker file)', () => {
    const changed = { ...MANIFEST, '_swr-FFF.js': { file: 'assets/swr-XYZ.js' } };
    expect(buildVersion(changed)).not.toBe(buildVersion(MANIFEST));
    expect(buildVersion({ ...MANIFEST })).toBe(buildVersion(MANIFEST));
  });

  it('is injected as JSON, with Workbox in its production build', () => {
    const defines = workerDefines(MANIFEST);
    expect(JSON.parse(defines.__SW_PRECACHE__)).toEqual(precacheEntries(MANIFEST));
    expect(defines['process.env.NODE_ENV']).toBe('"production"');
  });

  it('the bundled worker holds the list and no route of the API', async () => {
    const { build } = await import('esbuild');
    const out = await build({ entryPoints: ['src/sw/sw.ts'], bundle: true, write: false, format: 'iife', minify: true, define: workerDefines(MANIFEST) });
    const code = out.outputFiles[0].text;
    expect(code).toContain('"/m/assets/index-AAA.js"');
    expect(code).not.toContain('deposit-EEE');
    expect(code).not.toContain('/wps');
    expect(code).not.toContain('process.env');
  });
});

describe("the worker's routes", () => {
  const origin = 'http://demo-ph.localhost:8181';
  const kind = (path: string, mode = 'navigate', method = 'GET', at = origin) => routeKind(new URL(path, at), origin, method, mode);

  it('pages under /m/ are navigations, network first', () => {
    expect(kind('/m/home')).toBe('page');
    expect(kind('/m/gameList?gameType=RNG')).toBe('page');
    expect(kind('/m/index.html')).toBe('page');
    expect(kind('/m/home', 'cors')).toBeNull();
    expect(kind('/m/home', 'navigate', 'POST')).toBeNull();
  });

  it('hashed files are cache first, brand files refreshed in the background', () => {
    expect(kind('/m/assets/index-AAA.js', 'cors')).toBe('asset');
    expect(kind('/m/assets/index-DDD.css', 'no-cors')).toBe('asset');
    expect(kind('/m/brand/logo.svg', 'no-cors')).toBe('brand');
  });

  it('the API, money and session calls above all, has no route: always the network', () => {
    for (const method of ['GET', 'POST']) {
      for (const mode of ['cors', 'same-origin', 'navigate']) {
        expect(kind('/wps/member/wallet', mode, method)).toBeNull();
        expect(kind('/wps/session/renew', mode, method)).toBeNull();
        expect(kind('/wps/wallet/deposits', mode, method)).toBeNull();
      }
    }
  });

  it('nothing outside the scope, of another origin, or the worker\'s own files', () => {
    expect(kind('/')).toBeNull();
    expect(kind('/register.html')).toBeNull();
    expect(kind('/m/sw.js', 'same-origin')).toBeNull();
    expect(kind('/m/favicon.svg', 'no-cors')).toBeNull();
    expect(kind(OFFLINE_PATH)).toBeNull();
    expect(kind('/m/home', 'navigate', 'GET', 'http://demo-en.localhost:8181')).toBeNull();
    expect(kind('/m/assets/index-AAA.js', 'cors', 'GET', 'https://cdn.example.com')).toBeNull();
    expect(isPagePath('/m/brand.png')).toBe(false);
    expect(isPagePath('/m/member/agent/agentDivident')).toBe(true);
  });

  it('keeps whole pages of this origin only: no redirect, no error', () => {
    expect(isKeepablePage({ status: 200, type: 'basic', redirected: false })).toBe(true);
    expect(isKeepablePage({ status: 200, type: 'basic', redirected: true })).toBe(false);
    expect(isKeepablePage({ status: 0, type: 'opaqueredirect', redirected: false })).toBe(false);
    expect(isKeepablePage({ status: 503, type: 'basic', redirected: false })).toBe(false);
    expect(isKeepablePage({ status: 200, type: 'opaque', redirected: false })).toBe(false);
  });
});

describe('a network failure in the API client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  async function failure(): Promise<ApiFailure> {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    return request('GET', '/wps/member/wallet').then(
      () => {
        throw new Error('resolved');
      },
      (err: ApiFailure) => err,
    );
  }

  it('says "you are offline" when the device is offline', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const err = await failure();
    expect(err).toBeInstanceOf(ApiFailure);
    expect([err.errorCode, err.messageKey]).toEqual(['network', 'network_offline']);
  });

  it('else a slow network', async () => {
    vi.stubGlobal('navigator', { onLine: true });
    expect((await failure()).messageKey).toBe('network_slow');
  });
});

describe('keptPageUsable', () => {
  it('keeps a page of another tenant version from standing in for the network', () => {
    expect(keptPageUsable('v3', 'v3')).toBe(true);
    expect(keptPageUsable('v3', 'v4')).toBe(false);
    // Unknown on either side (a page kept before versions were named, a worker just restarted).
    expect(keptPageUsable(null, 'v4')).toBe(true);
    expect(keptPageUsable('v3', '')).toBe(true);
  });
});

/**
 * The whole-page cache of server-rendered pages (PageCache in server/lib/ssr.ts, used by the
 * site route): a page is rendered once per key for a few seconds, however many requests come at
 * once, and the key holds everything the render reads; the startup settings in the page are
 * always the request's own.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { scriptJson } from '../../../server/lib/site-index';
import { PageCache, watchStartup, type PageKeyParts } from '../../../server/lib/ssr';
import { TtlCache } from '../../../server/lib/ttl-cache';
import { EN, PH, startServer, type TestServer } from '../helpers';

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('page cache', () => {
  const tenant = { id: 'demo-ph' };
  const parts: PageKeyParts = {
    tenant,
    status: { maintenance: false, regionRestriction: false },
    host: PH,
    url: '/m/home',
    language: 'TY',
    userAgent: 'Phone/1.0',
    keyId: 'k1',
    template: '<html></html>',
  };

  function counting(shared = true) {
    let made = 0;
    const make = async () => {
      const n = ++made;
      await sleep(5);
      return { shared, n };
    };
    return { make, made: () => made };
  }

  it('serves a page again within the TTL without rendering it again', async () => {
    const cache = new PageCache<{ shared: boolean; n: number }>();
    const { make, made } = counting();
    const key = cache.key(parts);
    expect(await cache.get(key, make)).toEqual({ shared: true, n: 1 });
    expect(await cache.get(cache.key({ ...parts }), make)).toEqual({ shared: true, n: 1 });
    expect(made()).toBe(1);
  });

  it('gives every input of a render a key of its own', () => {
    const cache = new PageCache();
    const base = cache.key(parts);
    const variants: Partial<PageKeyParts>[] = [
      { tenant: { id: 'demo-en' } },
      // A reloaded tenant is another object, even under the same id.
      { tenant: { id: 'demo-ph' } },
      { status: { maintenance: true, regionRestriction: false } },
      { status: { maintenance: false, regionRestriction: true } },
      { host: 'www.demo-ph.localhost' },
      { url: '/m/games' },
      { url: '/m/home?tab=2' },
      { language: 'EN' },
      { userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)' },
      // A rotated encryption key is in the startup settings the page carries.
      { keyId: 'k2' },
    ];
    const keys = variants.map((v) => cache.key({ ...parts, ...v }));
    expect(new Set([base, ...keys]).size).toBe(variants.length + 1);
    // The same inputs give the same key.
    expect(cache.key({ ...parts })).toBe(base);
  });

  it('a rebuilt index.html is another page, and so is the old one if it comes back', () => {
    const cache = new PageCache();
    const before = cache.key(parts);
    const rebuilt = cache.key({ ...parts, template: '<html><!-- new --></html>' });
    expect(rebuilt).not.toBe(before);
    expect(cache.key({ ...parts })).not.toBe(before);
  });

  it('renders a burst of 100 requests for one key once', async () => {
    const cache = new PageCache<{ shared: boolean; n: number }>();
    const { make, made } = counting();
    const key = cache.key(parts);
    const pages = await Promise.all(Array.from({ length: 100 }, () => cache.get(key, make)));
    expect(made()).toBe(1);
    expect(new Set(pages).size).toBe(1);
  });

  it('renders a page again once its TTL is over', async () => {
    const cache = new PageCache<{ shared: boolean; n: number }>(30);
    const { make, made } = counting();
    const key = cache.key(parts);
    await cache.get(key, make);
    await sleep(40);
    expect(await cache.get(key, make)).toEqual({ shared: true, n: 2 });
    expect(made()).toBe(2);
  });

  it('keeps at most its bound of pages, the oldest going first', async () => {
    const cache = new PageCache<{ shared: boolean; n: number }>(5_000, 3);
    const { make, made } = counting();
    for (const url of ['/m/1', '/m/2', '/m/3', '/m/4']) await cache.get(cache.key({ ...parts, url }), make);
    expect(cache.size).toBe(3);
    await cache.get(cache.key({ ...parts, url: '/m/4' }), make);
    expect(made()).toBe(4);
    await cache.get(cache.key({ ...parts, url: '/m/1' }), make);
    expect(made()).toBe(5);
  });

  it('never keeps a page that holds something of its visit; who waited for it makes their own', async () => {
    const cache = new PageCache<{ shared: boolean; n: number }>();
    const { make, made } = counting(false);
    const key = cache.key(parts);
    const pages = await Promise.all(Array.from({ length: 3 }, () => cache.get(key, make)));
    expect(made()).toBe(3);
    expect(new Set(pages.map((p) => p.n)).size).toBe(3);
    await cache.get(key, make);
    expect(made()).toBe(4);
    expect(cache.size).toBe(0);
  });

  it('keeps only what `keep` accepts, and never a failed render', async () => {
    const cache = new PageCache<{ shared: boolean; redirect?: string }>();
    let made = 0;
    const redirect = async () => ({ shared: true, redirect: `/m/home#${++made}` });
    const key = cache.key(parts);
    // Requests that came together share the answer; the next one asks again.
    const [a, b] = await Promise.all([cache.get(key, redirect, (p) => !p.redirect), cache.get(key, redirect, (p) => !p.redirect)]);
    expect(a).toBe(b);
    expect((await cache.get(key, redirect, (p) => !p.redirect)).redirect).toBe('/m/home#2');
    const failing = () => Promise.reject(new Error('render module broken'));
    await expect(cache.get(cache.key({ ...parts, url: '/m/x' }), failing)).rejects.toThrow('broken');
    expect(await cache.get(cache.key({ ...parts, url: '/m/x' }), async () => ({ shared: true }))).toEqual({ shared: true });
  });

  it('TtlCache without `keep` remembers every loaded value, as before', async () => {
    const cache = new TtlCache<number>(5_000);
    let loads = 0;
    await cache.get('a', async () => ++loads);
    expect(await cache.get('a', async () => ++loads)).toBe(1);
  });
});

describe('startup settings a render reads', () => {
  const startup = () => ({ info: { mainDomain: 'demo-ph.localhost' }, location: { country: 'PH', ip: '10.0.0.1' }, serverTime: 'now', encryption: {}, maintenance: false });

  it('reading tenant settings leaves the page shared', () => {
    const watched = watchStartup(startup());
    expect(watched.startup.info.mainDomain).toBe('demo-ph.localhost');
    expect(watched.startup.maintenance).toBe(false);
    expect('location' in watched.startup).toBe(true);
    expect(watched.readPerVisit()).toBe(false);
  });

  it.each([
    ['the visitor address', (s: ReturnType<typeof startup>) => s.location.ip],
    ['the server clock', (s: ReturnType<typeof startup>) => s.serverTime],
    ['the encryption key', (s: ReturnType<typeof startup>) => s.encryption],
    ['a copy of everything', (s: ReturnType<typeof startup>) => ({ ...s })],
    ['its JSON', (s: ReturnType<typeof startup>) => JSON.stringify(s)],
  ])('reading %s makes the page the visit\'s own', (_name, read) => {
    const watched = watchStartup(startup());
    read(watched.startup);
    expect(watched.readPerVisit()).toBe(true);
  });
});

describe('server-rendered pages of the site route', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wl-page-cache-'));
  const site = join(dir, 'site');
  mkdirSync(site, { recursive: true });
  mkdirSync(`${site}-ssr`, { recursive: true });
  writeFileSync(
    join(site, 'index.html'),
    '<!doctype html><html lang="en"><head><title>x</title><!--app-config--><script type="module" crossorigin src="/m/assets/index.js"></script></head><body><div id="root"></div></body></html>',
  );
  // A stand-in render module: counts its renders, prints what it rendered from; /m/restricted
  // shows the visitor's address (as the region-restriction view does), /m/moved redirects.
  writeFileSync(
    join(`${site}-ssr`, 'entry-server.js'),
    `export async function render(url, config, language, pageData) {
      globalThis.__pageCacheRenders = (globalThis.__pageCacheRenders ?? 0) + 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      const { pathname, search } = new URL(url);
      if (pathname === '/m/moved') return { html: '', head: '', redirect: '/m/home', modules: [], widgets: [] };
      const ip = pathname === '/m/restricted' ? ' ' + config.startup.location.ip : '';
      const text = [config.tenant.id, language, pathname + search, pageData.userAgent, config.startup.info.mainDomain].join(' ');
      return { html: '<p>' + text + ip + '</p>', head: '', modules: [], widgets: [] };
    }`,
  );

  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('pglite', { siteDir: site });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const renders = () => (globalThis as { __pageCacheRenders?: number }).__pageCacheRenders ?? 0;
  let ipCount = 0;
  const get = (url: string, headers: Record<string, string> = {}, ip = `10.9.0.${++ipCount}`) =>
    server.app.inject({ url, headers: { host: PH, 'user-agent': 'Phone/1.0', ...headers }, remoteAddress: ip });
  const root = (body: string) => /<div id="root">(.*?)<\/div>/.exec(body)?.[1];
  const config = (body: string) =>
    JSON.parse(/<script id="app-config" type="application\/json">(.*?)<\/script>/.exec(body)![1]) as {
      tenant: { id: string };
      startup: { location: { ip: string }; serverTime: string };
      pageData?: unknown;
    };

  it('renders a page once and serves it again within seconds, with each visitor\'s own startup settings', async () => {
    const before = renders();
    const first = await get('/m/home', {}, '10.8.0.1');
    const second = await get('/m/home', {}, '10.8.0.2');
    expect(renders() - before).toBe(1);
    expect(root(first.body)).toBe('<p>demo-ph TY /m/home  demo-ph.localhost</p>');
    expect(second.body.includes(root(first.body)!)).toBe(true);
    expect(config(first.body).startup.location.ip).toBe('10.8.0.1');
    expect(config(second.body).startup.location.ip).toBe('10.8.0.2');
    expect(first.body).not.toContain('10.8.0.2');
    expect(second.body).not.toContain('10.8.0.1');
    // The config block is exactly what the page writes for this request's settings.
    for (const res of [first, second]) {
      expect(res.body).toContain(`<script id="app-config" type="application/json">${scriptJson(config(res.body))}</script>`);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('renders another language, tenant, URL or user agent on its own', async () => {
    await get('/m/home');
    const before = renders();
    const pages = await Promise.all([
      get('/m/home', { cookie: 'language=EN' }),
      get('/m/home', { host: EN }),
      get('/m/home?tab=2'),
      get('/m/games'),
      get('/m/home', { 'user-agent': ANDROID }),
    ]);
    expect(renders() - before).toBe(5);
    expect(pages.map((p) => root(p.body))).toEqual([
      '<p>demo-ph EN /m/home  demo-ph.localhost</p>',
      '<p>demo-en EN /m/home  demo-en.localhost</p>',
      '<p>demo-ph TY /m/home?tab=2  demo-ph.localhost</p>',
      '<p>demo-ph TY /m/games  demo-ph.localhost</p>',
      '<p>demo-ph TY /m/home Android demo-ph.localhost</p>',
    ]);
    expect(config(pages[1].body).tenant.id).toBe('demo-en');
  });

  it('serves a kept page compressed once, each visit\'s own settings at its end, in brotli, gzip or plain', async () => {
    const before = renders();
    const plain = await get('/m/encoded', {}, '10.7.0.1');
    const br = await get('/m/encoded', { 'accept-encoding': 'gzip, deflate, br' }, '10.7.0.2');
    const gzip = await get('/m/encoded', { 'accept-encoding': 'gzip, deflate' }, '10.7.0.3');
    expect(renders() - before).toBe(1);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    for (const res of [plain, br, gzip]) expect(String(res.headers.vary)).toMatch(/accept-encoding/);
    const pages = [plain.body, brotliDecompressSync(br.rawPayload).toString(), gunzipSync(gzip.rawPayload).toString()];
    // The same page, but for the visitor's address and the clock, which close the config.
    expect(pages.map((p) => config(p).startup.location.ip)).toEqual(['10.7.0.1', '10.7.0.2', '10.7.0.3']);
    const shared = (p: string) => p.replace(/"location":\{[^}]*\},"serverTime":"[^"]*"/, '');
    expect(new Set(pages.map(shared)).size).toBe(1);
    expect(pages[0]).toMatch(/"serverTime":"[^"]+"\}\}<\/script><\/body><\/html>$/);
  });

  it('renders one page per device kind, not per user-agent string', async () => {
    const before = renders();
    const pages = await Promise.all([
      get('/m/kinds', { 'user-agent': ANDROID }),
      get('/m/kinds', { 'user-agent': ANDROID.replace('Pixel 7', 'SM-S918B') }),
      get('/m/kinds', { 'user-agent': IPHONE }),
      get('/m/kinds', { 'user-agent': IPHONE.replace('Version/17.4', 'Version/17.4.1') }),
      get('/m/kinds', { 'user-agent': 'Desktop/1.0' }),
    ]);
    expect(renders() - before).toBe(3);
    expect(pages.map((p) => root(p.body))).toEqual([
      '<p>demo-ph TY /m/kinds Android demo-ph.localhost</p>',
      '<p>demo-ph TY /m/kinds Android demo-ph.localhost</p>',
      '<p>demo-ph TY /m/kinds iPhone; CPU iPhone OS 17_4 demo-ph.localhost</p>',
      '<p>demo-ph TY /m/kinds iPhone; CPU iPhone OS 17_4 demo-ph.localhost</p>',
      '<p>demo-ph TY /m/kinds  demo-ph.localhost</p>',
    ]);
  });

  it('renders a burst of 100 requests for a new page once', async () => {
    const before = renders();
    const pages = await Promise.all(Array.from({ length: 100 }, () => get('/m/burst')));
    expect(renders() - before).toBe(1);
    expect(new Set(pages.map((p) => root(p.body))).size).toBe(1);
    expect(new Set(pages.map((p) => config(p.body).startup.location.ip)).size).toBe(100);
  });

  it('renders a page again once it is 5 s old', async () => {
    await get('/m/expiring');
    const before = renders();
    await get('/m/expiring');
    expect(renders() - before).toBe(0);
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 5_001);
    await get('/m/expiring');
    expect(renders() - before).toBe(1);
  });

  it('never shares a page that shows the visitor\'s address, even between requests that come together', async () => {
    const before = renders();
    const [a, b] = await Promise.all([get('/m/restricted', {}, '10.7.0.1'), get('/m/restricted', {}, '10.7.0.2')]);
    expect(root(a.body)).toContain('10.7.0.1');
    expect(root(b.body)).toContain('10.7.0.2');
    expect(a.body).not.toContain('10.7.0.2');
    expect(b.body).not.toContain('10.7.0.1');
    const c = await get('/m/restricted', {}, '10.7.0.3');
    expect(root(c.body)).toContain('10.7.0.3');
    expect(renders() - before).toBe(3);
  });

  it('answers a redirect of the render without keeping it', async () => {
    const before = renders();
    const first = await get('/m/moved');
    const second = await get('/m/moved');
    expect([first.statusCode, second.statusCode]).toEqual([302, 302]);
    expect(first.headers.location).toBe('/m/home');
    expect(renders() - before).toBe(2);
  });

  it('never keys a page on the visitor\'s credentials, and the render never sees them', async () => {
    await get('/m/private');
    const before = renders();
    const res = await get('/m/private', { cookie: 'sid=secret; language=TY', authorization: 'Bearer secret' });
    expect(renders() - before).toBe(0);
    expect(res.body).not.toContain('secret');
  });
});

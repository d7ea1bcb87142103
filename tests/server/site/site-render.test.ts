import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IndexTemplate, renderIndex, START_SCRIPT } from '../../../server/lib/site-index';
import { SiteAssets } from '../../../server/lib/site-assets';
import { ssrEntryOf } from '../../../server/lib/ssr';
import { pageLanguage } from '../../../server/modules/site/routes/site';
import { pageDataId, themeCss } from '../../../src/lib/app-config';

const TEMPLATE = '<html lang="fil"><head><title>&#8203;</title><!--app-config--></head><body><div id="root"></div></body></html>';
const TEMPLATE_WITH_SCRIPTS = TEMPLATE.replace(
  '<!--app-config-->',
  '<!--app-config--><script type="module" crossorigin src="/m/assets/index.js"></script><link rel="modulepreload" crossorigin href="/m/assets/vendor.js"><link rel="stylesheet" crossorigin href="/m/assets/index.css">',
);

describe('server-rendered index.html', () => {
  it('puts the render into #root and its head elements into <head>; the render\'s title replaces the template\'s', () => {
    const html = renderIndex(TEMPLATE, {
      lang: 'en',
      title: 'Brand',
      config: {},
      root: '<div class="shell">$& kept</div>',
      head: '<style id="theme">:root{--color-primary:#0b5cad}</style><title>Home | Brand</title>',
    });
    expect(html).toContain('<div id="root"><div class="shell">$& kept</div></div>');
    expect(html).toContain('<style id="theme">:root{--color-primary:#0b5cad}</style><title>Home | Brand</title></head>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<html lang="en">');
  });

  it('without a render the page is the template with the config, as before', () => {
    const html = renderIndex(TEMPLATE_WITH_SCRIPTS, { lang: 'fil', title: 'Brand', config: { a: 1 } });
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<title>Brand</title>');
    // Nothing is painted without the scripts: they keep the browser's default (high) priority.
    expect(html).not.toContain('fetchpriority');
  });

  it('a painted page requests its code only after the first paint, through the start script', () => {
    const html = renderIndex(TEMPLATE_WITH_SCRIPTS, {
      lang: 'fil',
      title: 'Brand',
      config: {},
      root: '<main>painted</main>',
      head: '<link rel="modulepreload" crossorigin href="/m/assets/home.js"><link rel="preload" as="fetch" crossorigin href="/m/assets/ty-1.json">',
    });
    expect(html).not.toMatch(/<script type="module"|rel="modulepreload"|as="fetch"/);
    expect(html).toContain(
      `<script defer src="${START_SCRIPT}" data-entry="/m/assets/index.js" data-modules="/m/assets/vendor.js /m/assets/home.js" data-fetches="/m/assets/ty-1.json"></script>`,
    );
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/m/assets/index.css">');
  });

  it('writes only colour values into the theme rule', () => {
    expect(themeCss({ primary: '#c8102e', onPrimary: '#fff' } as never)).toBe(':root{--color-primary:#c8102e;--color-on-primary:#fff}');
    expect(themeCss({ primary: 'red;}</style><script>' } as never)).toBe('');
  });
});

describe("index.html's stylesheet", () => {
  const dir = mkdtempSync(join(tmpdir(), 'wl-index-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, 'assets'), { recursive: true });

  it('is written into the page (a first paint waits on no stylesheet request); one the build lacks stays a link', async () => {
    writeFileSync(join(dir, 'assets/index-1.css'), '.a{color:red}</style><script>x</script>');
    writeFileSync(
      join(dir, 'index.html'),
      '<head><link rel="stylesheet" crossorigin href="/m/assets/index-1.css"><link rel="stylesheet" crossorigin href="/m/assets/gone.css"></head>',
    );
    const html = (await new IndexTemplate(dir).get()) ?? '';
    expect(html).toContain('<style data-href="/m/assets/index-1.css">.a{color:red}<\\/style><script>x</script></style>');
    expect(html).not.toContain('<link rel="stylesheet" crossorigin href="/m/assets/index-1.css">');
    // A disabled link (never fetched) marks it as present for the loader of lazy chunks.
    expect(html).toContain('<link rel="stylesheet" href="/m/assets/index-1.css" disabled>');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/m/assets/gone.css">');
  });
});

describe('page language', () => {
  it('is the cookie choice when the tenant offers it, else the tenant default', () => {
    expect(pageLanguage('a=1; language=EN', ['TY', 'EN'], 'TY')).toBe('EN');
    expect(pageLanguage('language=ZH', ['TY', 'EN'], 'TY')).toBe('TY');
    expect(pageLanguage(undefined, ['TY', 'EN'], 'TY')).toBe('TY');
    expect(pageLanguage('language=EN%3Cx', ['TY', 'EN'], 'TY')).toBe('TY');
  });
});

describe('page data ids', () => {
  it('are the same whatever the order of query fields, and leave out unset ones', () => {
    expect(pageDataId(['GET /wps/x', { b: 1, a: 'y', c: undefined }, ''])).toBe(pageDataId(['GET /wps/x', { a: 'y', b: 1 }, '']));
    expect(pageDataId(['GET /wps/x', { a: 1 }, ''])).not.toBe(pageDataId(['GET /wps/x', { a: 2 }, '']));
  });
});

describe('site assets of a rendered page', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wl-assets-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, '.vite'), { recursive: true });
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'assets/view.css'), '.view{color:red}');
  writeFileSync(join(dir, 'assets/entry.css'), '.entry{}');
  writeFileSync(
    join(dir, '.vite/manifest.json'),
    JSON.stringify({
      'src/main.tsx': { file: 'assets/index.js', isEntry: true, imports: ['_shared.js'], css: ['assets/entry.css'], dynamicImports: ['widgets/jackpot-counter/jackpot-counter.tsx', 'src/app/screens/slot-screen.tsx'] },
      '_shared.js': { file: 'assets/shared.js' },
      '_clock.js': { file: 'assets/clock.js' },
      'widgets/jackpot-counter/jackpot-counter.tsx': { file: 'assets/jackpot.js', isDynamicEntry: true, imports: ['_shared.js', '_clock.js'], css: ['assets/view.css'], dynamicImports: ['widgets/jackpot-counter/heavy.tsx'] },
      'widgets/jackpot-counter/heavy.tsx': { file: 'assets/heavy.js', isDynamicEntry: true },
      'src/app/screens/slot-screen.tsx': { file: 'assets/slot-screen.js', isDynamicEntry: true },
      'locales/ty.json': { file: 'assets/ty-1a2b.json', src: 'locales/ty.json' },
    }),
  );
  const assets = new SiteAssets(dir);

  it('names the lazy chunks the page rendered and inlines their styles, never what index.html loads already', () => {
    const page = assets.forPage(['src/app/screens/slot-screen.tsx'], ['jackpot-counter'], 'TY');
    expect(page.preload.sort()).toEqual(['/m/assets/clock.js', '/m/assets/jackpot.js', '/m/assets/slot-screen.js']);
    expect(page.css).toBe('.view{color:red}');
  });

  it("preloads the page language's translation file as data, and no other language's", () => {
    expect(assets.forPage([], [], 'TY').fetches).toEqual(['/m/assets/ty-1a2b.json']);
    expect(assets.forPage([], [], 'EN').fetches).toEqual([]);
  });

  it('leaves out what a widget loads later (a chunk its own view imports lazily)', () => {
    expect(assets.forPage([], ['jackpot-counter'], 'TY').preload).not.toContain('/m/assets/heavy.js');
  });

  it('is empty without a build manifest', () => {
    expect(new SiteAssets(join(dir, 'none')).forPage(['x'], ['y'], 'TY')).toEqual({ css: '', preload: [], fetches: [] });
  });

  it('finds the server-render module beside the site build', () => {
    expect(ssrEntryOf('/srv/site/dist')).toBe('/srv/site/dist-ssr/entry-server.js');
  });
});

describe('server renderer', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wl-ssr-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  // A stand-in render module: asks for a shared answer, then for one that the first answer names,
  // and for a member-scoped one that must never be fetched; prints what it got.
  writeFileSync(
    join(dir, 'entry-server.js'),
    `export async function render(url, config, language, pageData) {
      globalThis.__ssrRenders = (globalThis.__ssrRenders ?? 0) + 1;
      if (url.includes('fail')) throw new Error('broken widget');
      const ask = (key) => { const id = JSON.stringify(key); pageData.want?.(id, key); return pageData.answer(id); };
      const first = ask(['GET /wps/first', { lang: language }, '']);
      const second = first ? ask(['GET /wps/second', { id: first.next }, '']) : undefined;
      ask(['GET /wps/member/info', null, 'token-1']);
      return { html: JSON.stringify({ first, second, ua: pageData.userAgent }), head: '', modules: [], widgets: [] };
    }`,
  );

  async function appWithRoutes() {
    const Fastify = (await import('fastify')).default;
    const app = Fastify();
    const calls: string[] = [];
    app.get('/wps/first', async (req) => {
      calls.push(req.url);
      return { success: true, value: { next: 7, lang: (req.query as { lang: string }).lang } };
    });
    app.get('/wps/second', async (req) => {
      calls.push(req.url);
      return { success: true, value: { id: (req.query as { id: string }).id } };
    });
    app.get('/wps/member/info', async () => {
      calls.push('member');
      return { success: true, value: {} };
    });
    app.get('/m/*', async (request) => renderer.render(request, {} as never, 'TY', request.headers['user-agent'] ?? ''));
    const { ServerRenderer } = await import('../../../server/lib/ssr');
    const renderer = new ServerRenderer(app, join(dir, 'entry-server.js'));
    return { app, calls };
  }

  it('renders again with the shared answers the page asked for, following answers that reveal keys', async () => {
    const { app, calls } = await appWithRoutes();
    const res = await app.inject({ url: '/m/home', headers: { host: 'demo-ph.localhost', 'user-agent': 'Phone/1.0' } });
    const page = res.json() as { html: string; pageData: Record<string, unknown> };
    expect(JSON.parse(page.html)).toEqual({ first: { next: 7, lang: 'TY' }, second: { id: '7' }, ua: 'Phone/1.0' });
    expect(Object.keys(page.pageData)).toHaveLength(2);
    // A member's answer is never part of a server render.
    expect(calls).toEqual(['/wps/first?lang=TY', '/wps/second?id=7']);
    await app.close();
  });

  it('gives the page to the browser when the render fails', async () => {
    const { app } = await appWithRoutes();
    const res = await app.inject({ url: '/m/fail', headers: { host: 'demo-ph.localhost' } });
    expect(res.json()).toBeNull();
    await app.close();
  });
});

describe('server renderer, as an attacker and under load would use it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wl-ssr-tenants-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(
    join(dir, 'entry-server.js'),
    `export async function render(url, config, language, pageData) {
      globalThis.__tenantRenders = (globalThis.__tenantRenders ?? 0) + 1;
      const key = ['GET /wps/brand', null, ''];
      const id = JSON.stringify(key);
      pageData.want?.(id, key);
      return { html: JSON.stringify(pageData.answer(id) ?? null), head: '', modules: [], widgets: [] };
    }`,
  );

  async function tenantApp() {
    const Fastify = (await import('fastify')).default;
    const { ServerRenderer } = await import('../../../server/lib/ssr');
    const app = Fastify();
    const seen: { host?: string; authorization?: string; cookie?: string }[] = [];
    // The answer depends on the host's tenant, as the platform API's do.
    app.get('/wps/brand', async (req) => {
      seen.push({ host: req.headers.host, authorization: req.headers.authorization, cookie: req.headers.cookie });
      return { success: true, value: { brand: req.headers.host } };
    });
    const renderer = new ServerRenderer(app, join(dir, 'entry-server.js'));
    app.get('/m/home', async (request) => renderer.render(request, { tenant: { id: request.headers.host } } as never, 'TY', ''));
    return { app, seen };
  }
  const renders = () => (globalThis as { __tenantRenders?: number }).__tenantRenders ?? 0;

  it('never serves one tenant the answers fetched for another', async () => {
    const { app } = await tenantApp();
    const ph = await app.inject({ url: '/m/home', headers: { host: 'demo-ph.localhost' } });
    const en = await app.inject({ url: '/m/home', headers: { host: 'demo-en.localhost' } });
    expect(JSON.parse((ph.json() as { html: string }).html)).toEqual({ brand: 'demo-ph.localhost' });
    expect(JSON.parse((en.json() as { html: string }).html)).toEqual({ brand: 'demo-en.localhost' });
    await app.close();
  });

  it('never passes the visitor\'s credentials to the answers it fetches', async () => {
    const { app, seen } = await tenantApp();
    await app.inject({ url: '/m/home', headers: { host: 'demo-ph.localhost', authorization: 'Bearer stolen', cookie: 'language=EN; sid=secret' } });
    expect(seen).toEqual([{ host: 'demo-ph.localhost', authorization: undefined, cookie: undefined }]);
    await app.close();
  });

  it('renders a page again within seconds once, with the answers it asked for last time', async () => {
    const { app, seen } = await tenantApp();
    const before = renders();
    await app.inject({ url: '/m/home', headers: { host: 'demo-ph.localhost' } });
    expect(renders() - before).toBe(2);
    await app.inject({ url: '/m/home', headers: { host: 'demo-ph.localhost' } });
    expect(renders() - before).toBe(3);
    expect(seen).toHaveLength(1);
    await app.close();
  });
});

import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import ty from '../../../locales/ty.json';
import { offlinePage, offlineTexts } from '../../../server/lib/offline-page';
import { describeBackends, EN, PH } from '../helpers';

const TENANT = { brand: { name: 'Brand <b>&', theme: { primary: '#c8102e' } } } as never;

describe('the offline page', () => {
  it("is the tenant's name and the offline notice in the language, with a link that tries the address again", () => {
    const html = offlinePage(TENANT, 'TY');
    expect(html).toContain('<html lang="fil">');
    expect(html).toContain(`<h1>${ty.offline_title}</h1>`);
    expect(html).toContain(`<p>${ty.offline_text}</p>`);
    expect(html).toContain(`<a href="">${ty.offline_retry}</a>`);
    expect(html).toContain('<title>Brand &#60;b&#62;&#38;</title>');
    expect(html).toContain(':root{--color-primary:#c8102e}');
    // No script: it needs none, and the site's CSP allows none inline.
    expect(html).not.toContain('<script');
  });

  it('a language without a translation file reads English', () => {
    expect(offlineTexts('CN')).toEqual({ offline_title: en.offline_title, offline_text: en.offline_text, offline_retry: en.offline_retry });
    expect(offlinePage(TENANT, 'EN')).toContain('<html lang="en">');
  });
});

describeBackends('service worker routes', ({ server }) => {
  it("GET /m/offline is the host's tenant in the visitor's language, revalidated on every use", async () => {
    const ph = await server().app.inject({ url: '/m/offline', headers: { host: PH } });
    expect(ph.statusCode).toBe(200);
    expect(ph.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(ph.headers['cache-control']).toBe('no-cache');
    expect(ph.headers.vary).toContain('cookie');
    expect(ph.body).toContain('<strong>Suwerte Demo</strong>');
    expect(ph.body).toContain(ty.offline_title);

    const enHost = await server().app.inject({ url: '/m/offline', headers: { host: EN } });
    expect(enHost.body).toContain('<strong>Lucky Harbour</strong>');
    expect(enHost.body).toContain(en.offline_title);
    expect(enHost.body).not.toContain('Suwerte Demo');

    // The visitor's language choice (cookie), when the tenant offers it.
    const chosen = await server().app.inject({ url: '/m/offline', headers: { host: PH, cookie: 'language=EN' } });
    expect(chosen.body).toContain(en.offline_title);
  });

  it('GET /m/sw.js is the build\'s worker, revalidated on every use (scope /m/)', async () => {
    const res = await server().app.inject({ url: '/m/sw.js', headers: { host: PH } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

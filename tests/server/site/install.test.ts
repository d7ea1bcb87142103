/**
 * The installable app per host (spec section 1): the web app manifest with the tenant's name,
 * colours and icons, the icons as PNGs of their size, the iOS configuration profile, and the page
 * head that links them; an unknown host gets none of it.
 */
import { parse } from 'plist';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { appIconSvg, logoAsSvg, logoAspect, logoBox } from '../../../server/lib/app-icons';
import { shortName, stableUuid } from '../../../server/lib/web-app';
import { describeBackends, EN, PH } from '../helpers';

interface Manifest {
  id: string;
  name: string;
  short_name: string;
  lang: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

describeBackends(
  'installable app',
  ({ server }) => {
    const get = (url: string, host: string, headers: Record<string, string> = {}) =>
      server().app.inject({ method: 'GET', url, headers: { host, ...headers } });

    it('serves each host its own manifest: the brand name, the theme colours, the icons and the start page', async () => {
      const expected = {
        [PH]: { name: 'Suwerte Demo', theme_color: '#c8102e', background_color: '#f4f1ec', lang: 'fil' },
        [EN]: { name: 'Lucky Harbour', theme_color: '#0b5cad', background_color: '#eef3f8', lang: 'en' },
      };
      for (const [host, want] of Object.entries(expected)) {
        const res = await get('/manifest.webmanifest', host);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
        expect(res.headers.etag).toBeTruthy();
        const manifest = res.json<Manifest>();
        expect(manifest).toMatchObject({ ...want, start_url: '/m/home', scope: '/', display: 'standalone', id: '/m/home' });
        expect(manifest.short_name.length).toBeLessThanOrEqual(12);
        expect(manifest.icons.map((i) => [i.sizes, i.purpose])).toEqual([
          ['192x192', 'any'],
          ['512x512', 'any'],
          ['512x512', 'maskable'],
        ]);
        // The same manifest again: unchanged, so the client's copy stands.
        const again = await get('/manifest.webmanifest', host, { 'if-none-match': String(res.headers.etag) });
        expect(again.statusCode).toBe(304);
      }
    });

    it('draws the icons as PNGs of their size, per host, with long cache headers and an ETag', async () => {
      const ph = await get('/manifest.webmanifest', PH);
      for (const icon of ph.json<Manifest>().icons) {
        const res = await get(icon.src, PH);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/png');
        expect(res.headers['cache-control']).toMatch(/max-age=\d{6,}/);
        const png = PNG.sync.read(res.rawPayload);
        expect(`${png.width}x${png.height}`).toBe(icon.sizes);
        // Opaque and full-bleed: the corner is the theme background.
        expect([...png.data.subarray(0, 4)]).toEqual([0xf4, 0xf1, 0xec, 255]);
        const cached = await get(icon.src, PH, { 'if-none-match': String(res.headers.etag) });
        expect(cached.statusCode).toBe(304);
      }
      const apple = await get('/icons/180.png', PH);
      expect(PNG.sync.read(apple.rawPayload).width).toBe(180);
      expect((await get('/apple-touch-icon.png', PH)).rawPayload.equals(apple.rawPayload)).toBe(true);
      // Another host: another tenant's logo and background.
      const en = PNG.sync.read((await get('/icons/192.png', EN)).rawPayload);
      expect([...en.data.subarray(0, 4)]).toEqual([0xee, 0xf3, 0xf8, 255]);
      expect((await get('/icons/64.png', PH)).statusCode).toBe(400);
    });

    it('hands out an iOS configuration profile with a web clip of the host', async () => {
      const res = await get('/profile.mobileconfig', EN);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/x-apple-aspen-config');
      const profile = parse(res.body) as {
        PayloadType: string;
        PayloadUUID: string;
        PayloadIdentifier: string;
        PayloadContent: { PayloadType: string; Label: string; URL: string; Icon: Buffer; FullScreen: boolean; IsRemovable: boolean; PayloadUUID: string }[];
      };
      expect(profile.PayloadType).toBe('Configuration');
      const [clip] = profile.PayloadContent;
      expect(clip).toMatchObject({ PayloadType: 'com.apple.webClip.managed', Label: 'Lucky Harbour', URL: 'http://demo-en.localhost/m/home', FullScreen: true, IsRemovable: true });
      expect(PNG.sync.read(Buffer.from(clip.Icon)).width).toBe(180);
      // Stable per tenant (a second install replaces the first), distinct between tenants.
      const again = parse((await get('/profile.mobileconfig', EN)).body) as typeof profile;
      expect(again.PayloadUUID).toBe(profile.PayloadUUID);
      const ph = parse((await get('/profile.mobileconfig', PH)).body) as typeof profile;
      expect(ph.PayloadUUID).not.toBe(profile.PayloadUUID);
      expect(ph.PayloadContent[0]).toMatchObject({ Label: 'Suwerte Demo', URL: 'http://demo-ph.localhost/m/home' });
    });

    it('links the manifest, the theme colour and the touch icon from every page, under the same CSP', async () => {
      const res = await get('/m/home', PH);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<link rel="manifest" href="/manifest.webmanifest">');
      expect(res.body).toContain('<meta name="theme-color" content="#c8102e">');
      expect(res.body).toContain('<link rel="apple-touch-icon" href="/icons/180.png">');
      expect(String(res.headers['content-security-policy'])).toContain("manifest-src 'self'");
      expect((await get('/m/home', EN)).body).toContain('<meta name="theme-color" content="#0b5cad">');
    });

    it('answers 404 to an unknown host', async () => {
      for (const url of ['/manifest.webmanifest', '/icons/192.png', '/profile.mobileconfig']) {
        expect((await get(url, 'attacker.example')).statusCode, url).toBe(404);
      }
    });
  },
  // Production: no fallback tenant, so an unknown host is unknown.
  { production: true, devRoutes: false },
);

describe('app icon geometry', () => {
  it('reads the logo aspect from its viewBox, else its size, else square', () => {
    expect(logoAspect('<svg viewBox="0 0 120 32">')).toBe(3.75);
    expect(logoAspect('<svg width="64" height="32">')).toBe(2);
    expect(logoAspect('<svg>')).toBe(1);
  });

  it('keeps a maskable logo inside the safe-zone circle (40 % radius)', () => {
    for (const aspect of [1, 3.75, 0.5]) {
      const box = logoBox(512, aspect, true);
      const halfDiagonal = Math.hypot(box.width / 2, box.height / 2);
      expect(halfDiagonal).toBeLessThanOrEqual(0.4 * 512 + 0.01);
      expect(box.x + box.width / 2).toBeCloseTo(256, 1);
    }
    expect(logoBox(192, 1, false)).toEqual({ x: 19.2, y: 19.2, width: 153.6, height: 153.6 });
  });

  it('nests the logo with its own viewBox and falls back to white for a colour that is not one', () => {
    const svg = appIconSvg('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10"><rect/></svg>', 'red"/><script>', '192');
    expect(svg).toContain('fill="#ffffff"');
    expect(svg).toContain('viewBox="0 0 10 10" x="19.2" y="19.2" width="153.6" height="153.6"');
    expect(svg).not.toContain('width="10"');
    const png = Buffer.alloc(33);
    png.writeUInt32BE(0x49484452, 12);
    png.writeUInt32BE(40, 16);
    png.writeUInt32BE(20, 20);
    expect(logoAsSvg('logo.png', png)).toContain('viewBox="0 0 40 20"');
  });

  it('gives short names and stable UUIDs', () => {
    expect(shortName('Lucky Harbour')).toBe('Lucky');
    expect(shortName('Suwerte Demo')).toBe('Suwerte Demo');
    expect(stableUuid('a', 'b')).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-5[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/);
    expect(stableUuid('a', 'b')).toBe(stableUuid('a', 'b'));
  });
});

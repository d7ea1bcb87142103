import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { chromium, type Page } from '@playwright/test';
import { expect, hydrated, test } from './test';
import { expectNoSeriousA11yViolations } from './axe';
import { closeHomePopupWhenShown } from './home-popup';

const TY = JSON.parse(readFileSync(new URL('../locales/ty.json', import.meta.url), 'utf8')) as Record<string, string>;

interface Manifest {
  name: string;
  theme_color: string;
  background_color: string;
  start_url: string;
  display: string;
  icons: { src: string; sizes: string; purpose: string }[];
}

const TENANTS = [
  { origin: 'http://demo-ph.localhost:8181', name: 'Suwerte Demo', theme: '#c8102e', background: '#f4f1ec' },
  { origin: 'http://demo-en.localhost:8181', name: 'Lucky Harbour', theme: '#0b5cad', background: '#eef3f8' },
];

test.beforeEach(({ page }) => closeHomePopupWhenShown(page));

/** A same-origin file as the page fetches it (the demo hosts resolve in the browser, not in Node). */
async function fetchInPage(page: Page, path: string): Promise<{ type: string; body: Buffer }> {
  const got = await page.evaluate(async (p) => {
    const res = await fetch(p);
    let binary = '';
    for (const byte of new Uint8Array(await res.arrayBuffer())) binary += String.fromCharCode(byte);
    return { type: res.headers.get('content-type') ?? '', body: btoa(binary) };
  }, path);
  return { type: got.type, body: Buffer.from(got.body, 'base64') };
}

test.describe('installable app (spec section 1)', () => {
  for (const tenant of TENANTS) {
    test(`${tenant.name}: its own manifest, colours and icons, as Chromium reads them`, async ({ page }) => {
      await page.goto(`${tenant.origin}/m/home`);
      await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', tenant.theme);
      const href = await page.locator('link[rel="manifest"]').getAttribute('href');
      const res = await fetchInPage(page, href!);
      expect(res.type).toMatch(/^application\/manifest\+json/);
      const manifest = JSON.parse(res.body.toString('utf8')) as Manifest;
      expect(manifest).toMatchObject({ name: tenant.name, theme_color: tenant.theme, background_color: tenant.background, start_url: '/m/home', display: 'standalone' });
      for (const icon of manifest.icons) {
        const png = PNG.sync.read((await fetchInPage(page, icon.src)).body);
        expect(`${png.width}x${png.height}`, icon.src).toBe(icon.sizes);
      }
      expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);

      const cdp = await page.context().newCDPSession(page);
      // Chromium read the same manifest, without errors.
      const parsed = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
      expect(parsed.url).toBe(`${tenant.origin}/manifest.webmanifest`);
      expect(parsed.errors).toEqual([]);
    });
  }

  test('Chromium finds each demo tenant installable (no service worker needed)', async () => {
    // Playwright's contexts are off the record, where Chromium never installs ("in-incognito"):
    // a browser profile of its own, as the phone project launches it, answers the real question.
    const use = test.info().project.use;
    const profileDir = mkdtempSync(join(tmpdir(), 'wl-install-'));
    const context = await chromium.launchPersistentContext(profileDir, {
      ...use.launchOptions,
      viewport: use.viewport,
      userAgent: use.userAgent,
      isMobile: use.isMobile,
      hasTouch: use.hasTouch,
      deviceScaleFactor: use.deviceScaleFactor,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      const cdp = await context.newCDPSession(page);
      for (const tenant of TENANTS) {
        await page.goto(`${tenant.origin}/m/home`);
        await expect(page.locator('link[rel="manifest"]')).toHaveCount(1);
        const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
        expect(installabilityErrors, tenant.name).toEqual([]);
      }
    } finally {
      await context.close();
      rmSync(profileDir, { recursive: true, force: true });
    }
  });

  test('the download page: the options of this phone (an iPhone), the configuration profile and the home-screen steps', async ({ page }) => {
    await page.goto('/m/mine');
    // The member centre's download item leads to the page (once the list has hydrated: the server painted it).
    const item = page.locator('.mc-list').getByRole('link', { name: TY.download_app }).or(page.locator('.mc-list').getByRole('button', { name: TY.download_app })).first();
    await hydrated(page, item);
    await item.tap();
    await expect(page).toHaveURL(/\/m\/download$/);
    const device = page.getByRole('region', { name: TY.download_for_device });
    await expect(device.locator('[data-kind]')).toHaveCount(3);
    await expect(device.locator('.download-card').first()).toHaveAttribute('data-kind', 'ios');
    await expect(device.locator('[data-kind="profile"]').getByRole('link', { name: TY.download })).toHaveAttribute('href', /\.mobileconfig$/);
    await expect(device.getByText(TY.home_screen_ios_step_2)).toBeVisible();
    await expect(page.getByRole('region', { name: TY.download_other_devices }).getByRole('link', { name: TY.download_android })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'download page');

    // A tenant without a profile of its own hands out the site's, a web clip of its host.
    await page.goto('http://demo-en.localhost:8181/m/download');
    const profile = page.locator('[data-kind="profile"]').getByRole('link');
    await expect(profile).toHaveAttribute('href', '/profile.mobileconfig');
    const res = await fetchInPage(page, '/profile.mobileconfig');
    expect(res.type).toBe('application/x-apple-aspen-config');
    expect(res.body.toString('utf8')).toContain('<string>http://demo-en.localhost:8181/m/home</string>');
  });
});

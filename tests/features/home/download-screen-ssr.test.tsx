import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import { render } from '../../../src/entry-server';
import { NO_PAGE_DATA } from '../../../src/lib/runtime';
import { repoTenant } from '../../app/helpers';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1';
const ANDROID = 'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

/**
 * The download page (spec section 2, "Other screens") renders on the server for the device of
 * the request: the options of that device first, with their steps; an honest line when none.
 */
describe('download page on the server', () => {
  const page = (userAgent: string, tenant = repoTenant('demo-ph')) =>
    render('http://demo-ph.localhost/m/download', { tenant, startup: {} }, 'EN', { ...NO_PAGE_DATA, userAgent });
  const kinds = (html: string) => [...html.matchAll(/<li class="download-card[^"]*" data-kind="(\w+)"/g)].map((m) => m[1]);

  it('an iPhone: the App Store app (recommended), the profile with its steps, the share-sheet guide; the APK under other devices', async () => {
    const { html } = await page(IPHONE);
    expect(html).toContain('screen--download');
    expect(kinds(html)).toEqual(['ios', 'profile', 'homeScreen']);
    expect(html).toContain('download-card download-card--recommended" data-kind="ios"');
    expect(html).toContain('href="https://downloads.example.com/demo-ph/profile.mobileconfig"');
    expect(html).toContain(en.ios_profile_steps);
    expect(html).toContain(en.home_screen_ios_step_2);
    expect(html).toContain('data-kind="android"');
  });

  it("a tenant without a profile of its own offers the site's", async () => {
    const tenant = repoTenant('demo-en');
    const { html } = await page(IPHONE, tenant);
    expect(kinds(html)).toEqual(['profile', 'homeScreen']);
    expect(html).toContain('href="/profile.mobileconfig"');
  });

  it('an Android phone: the APK, then the browser-menu guide (the install button comes with the browser offer, after hydration)', async () => {
    const { html } = await page(ANDROID);
    expect(kinds(html)).toEqual(['android', 'homeScreen']);
    expect(html).toContain(en.home_screen_android_step_1);
    expect(html).not.toMatch(/<button type="button" class="button [\w-]+ download-card__action"/);
  });

  it('a desktop: the honest line, and the phone links', async () => {
    const { html } = await page(DESKTOP);
    expect(kinds(html)).toEqual([]);
    expect(html).toContain(en.download_none);
    expect(html).toContain(en.download_other_devices);
  });
});

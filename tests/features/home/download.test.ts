import { describe, expect, it } from 'vitest';
import {
  canOfferDownload,
  detectDevice,
  downloadLinks,
  downloadOptions,
  iosAtLeast,
  iosGuideFor,
  downloadPlan,
  isDownloadBarVisible,
  profileStepsFor,
  SITE_PROFILE_PATH,
  type DownloadBarContext,
  type DownloadLink,
} from '../../../src/features/home/download';
import { fixtureTenant } from '../../renderer/fixtures/tenant';

const IPHONE_16 = 'Mozilla/5.0 (iPhone; CPU iPhone OS 16_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.4 Mobile/15E148 Safari/604.1';
const IPHONE_11 = 'Mozilla/5.0 (iPhone; CPU iPhone OS 11_0 like Mac OS X) AppleWebKit/604.1.38 (KHTML, like Gecko) Version/11.0 Mobile/15A372 Safari/604.1';
const ANDROID = 'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const IPAD_OS = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';

const ALL: DownloadLink[] = [
  { resourceType: 'Android', url: 'https://dl.example.com/app.apk' },
  { resourceType: 'IOS', url: 'https://dl.example.com/app.ipa' },
  { resourceType: 'MOBILECONFIG', url: 'https://dl.example.com/profile.mobileconfig' },
];
const only = (...types: DownloadLink['resourceType'][]) => ALL.filter((l) => types.includes(l.resourceType));

function ctx(over: Partial<DownloadBarContext> = {}): DownloadBarContext {
  return { install: 'browser', device: detectDevice(IPHONE_16), links: ALL, hidden: false, session: false, ...over };
}

describe('device detection', () => {
  it('reads iOS with its version, Android, iPadOS and others', () => {
    expect(detectDevice(IPHONE_16)).toEqual({ platform: 'ios', iosVersion: [16, 4] });
    expect(detectDevice(IPHONE_11)).toEqual({ platform: 'ios', iosVersion: [11, 0] });
    expect(detectDevice(ANDROID)).toEqual({ platform: 'android', iosVersion: null });
    expect(detectDevice(DESKTOP)).toEqual({ platform: 'other', iosVersion: null });
    expect(detectDevice(IPAD_OS, 5).platform).toBe('ios');
    expect(detectDevice(IPAD_OS, 0).platform).toBe('other');
  });

  it('compares iOS versions', () => {
    expect(iosAtLeast([11, 3], [11, 3])).toBe(true);
    expect(iosAtLeast([11, 2], [11, 3])).toBe(false);
    expect(iosAtLeast([12, 0], [11, 3])).toBe(true);
    expect(iosAtLeast(null, [11, 3])).toBe(true);
  });
});

describe('download options per platform', () => {
  it('iOS gets the IOS link and the configuration profile; the home-screen option is never offered', () => {
    expect(downloadOptions(detectDevice(IPHONE_16), ALL).map((o) => o.kind)).toEqual(['ios', 'profile']);
    expect(downloadOptions(detectDevice(IPHONE_16), only('MOBILECONFIG')).map((o) => o.kind)).toEqual(['profile']);
    expect(downloadOptions(detectDevice(IPHONE_16), only('Android'))).toEqual([]);
  });

  it('Android gets the Android link only; other platforms nothing', () => {
    expect(downloadOptions(detectDevice(ANDROID), ALL)).toEqual([{ kind: 'android', url: 'https://dl.example.com/app.apk' }]);
    expect(downloadOptions(detectDevice(ANDROID), only('IOS'))).toEqual([]);
    expect(downloadOptions(detectDevice(DESKTOP), ALL)).toEqual([]);
  });

  it('uses the server resources when the startup settings carry them, else the tenant links', () => {
    const tenant = fixtureTenant();
    tenant.settings.downloads = only('Android', 'MOBILECONFIG');
    expect(downloadLinks(tenant, {})).toEqual(only('Android', 'MOBILECONFIG'));
    expect(downloadLinks(tenant, { info: { resources: only('IOS', 'MOBILECONFIG') } })).toEqual(only('IOS', 'MOBILECONFIG'));
  });

  it("offers the site's own configuration profile when the links have no MOBILECONFIG", () => {
    const tenant = fixtureTenant();
    tenant.settings.downloads = only('Android');
    expect(downloadLinks(tenant, {})).toEqual([...only('Android'), { resourceType: 'MOBILECONFIG', url: SITE_PROFILE_PATH }]);
    expect(downloadLinks(tenant, { info: { resources: [] } })).toEqual([{ resourceType: 'MOBILECONFIG', url: '/profile.mobileconfig' }]);
  });

  it('picks the iOS guide for 12.0-12.1 and for 11 or lower', () => {
    expect(iosGuideFor([12, 0])).toBe('ios12');
    expect(iosGuideFor([12, 1])).toBe('ios12');
    expect(iosGuideFor([12, 2])).toBeNull();
    expect(iosGuideFor([11, 4])).toBe('ios11');
    expect(iosGuideFor([10, 3])).toBe('ios11');
    expect(iosGuideFor(null)).toBeNull();
  });
});

describe('download bar visibility (spec section 4)', () => {
  it('shows in a browser tab with a link for the platform', () => {
    expect(isDownloadBarVisible(ctx())).toBe(true);
    expect(isDownloadBarVisible(ctx({ device: detectDevice(ANDROID) }))).toBe(true);
  });

  it('stays hidden once the player hid it (hideDownloadBar)', () => {
    expect(isDownloadBarVisible(ctx({ hidden: true }))).toBe(false);
  });

  it('is forced hidden in an installed web app and never shown in the native app', () => {
    expect(isDownloadBarVisible(ctx({ install: 'pwa' }))).toBe(false);
    expect(isDownloadBarVisible(ctx({ install: 'app' }))).toBe(false);
  });

  it('as a home-screen web clip: hidden without an iOS link or on an iOS version without installed web apps', () => {
    expect(isDownloadBarVisible(ctx({ install: 'webclip' }))).toBe(true);
    expect(isDownloadBarVisible(ctx({ install: 'webclip', links: only('MOBILECONFIG') }))).toBe(false);
    expect(isDownloadBarVisible(ctx({ install: 'webclip', device: detectDevice(IPHONE_11) }))).toBe(false);
    expect(isDownloadBarVisible(ctx({ install: 'browser', device: detectDevice(IPHONE_11) }))).toBe(true);
  });

  it('needs a link for the platform: iOS an IOS or MOBILECONFIG link, Android an Android link', () => {
    expect(isDownloadBarVisible(ctx({ links: only('MOBILECONFIG') }))).toBe(true);
    expect(isDownloadBarVisible(ctx({ links: only('IOS') }))).toBe(true);
    expect(isDownloadBarVisible(ctx({ links: only('Android') }))).toBe(false);
    expect(isDownloadBarVisible(ctx({ device: detectDevice(ANDROID), links: only('IOS', 'MOBILECONFIG') }))).toBe(false);
    expect(isDownloadBarVisible(ctx({ device: detectDevice(DESKTOP) }))).toBe(false);
    expect(isDownloadBarVisible(ctx({ links: [] }))).toBe(false);
  });

  it('with requiredLogin shows only with a session', () => {
    expect(isDownloadBarVisible(ctx({ requiredLogin: true }))).toBe(false);
    expect(isDownloadBarVisible(ctx({ requiredLogin: true, session: true }))).toBe(true);
  });

  it('the notice bar offers download only outside the app and installed web app, with something to offer', () => {
    expect(canOfferDownload('browser', detectDevice(IPHONE_16), ALL)).toBe(true);
    expect(canOfferDownload('webclip', detectDevice(IPHONE_16), ALL)).toBe(true);
    expect(canOfferDownload('app', detectDevice(IPHONE_16), ALL)).toBe(false);
    expect(canOfferDownload('pwa', detectDevice(IPHONE_16), ALL)).toBe(false);
    expect(canOfferDownload('browser', detectDevice(DESKTOP), ALL)).toBe(false);
  });
});

describe('download page plan (spec section 2, "Other screens")', () => {
  const plan = (ua: string, over: Partial<Parameters<typeof downloadPlan>[0]> = {}) =>
    downloadPlan({ install: 'browser', device: detectDevice(ua), links: ALL, promptAvailable: false, ...over });

  it("iOS: the App Store app first, then the profile, then the share-sheet guide; Android's link under other devices", () => {
    expect(plan(IPHONE_16)).toEqual({
      installed: false,
      options: [
        { kind: 'ios', url: 'https://dl.example.com/app.ipa' },
        { kind: 'profile', url: 'https://dl.example.com/profile.mobileconfig' },
      ],
      homeScreen: 'iosShare',
      others: [{ kind: 'android', url: 'https://dl.example.com/app.apk' }],
    });
  });

  it('Android: the APK, then the install prompt when the browser offers it, else the menu guide', () => {
    expect(plan(ANDROID)).toMatchObject({ options: [{ kind: 'android' }], homeScreen: 'androidMenu', others: [{ kind: 'ios' }] });
    expect(plan(ANDROID, { promptAvailable: true }).homeScreen).toBe('prompt');
    expect(plan(ANDROID, { links: [] })).toMatchObject({ options: [], homeScreen: 'androidMenu', others: [] });
  });

  it('a desktop: nothing for the device unless the browser offers to install; both app links for a phone', () => {
    expect(plan(DESKTOP)).toMatchObject({ options: [], homeScreen: null, others: [{ kind: 'android' }, { kind: 'ios' }] });
    expect(plan(DESKTOP, { promptAvailable: true }).homeScreen).toBe('prompt');
  });

  it('running installed (app, web clip, installed web app): nothing to offer', () => {
    for (const install of ['app', 'webclip', 'pwa'] as const) {
      expect(plan(IPHONE_16, { install })).toEqual({ installed: true, options: [], homeScreen: null, others: [] });
    }
  });

  it('the profile steps per iOS version', () => {
    expect(profileStepsFor([11, 4])).toBe('ios11');
    expect(profileStepsFor([12, 1])).toBe('ios12');
    expect(profileStepsFor([17, 2])).toBe('current');
    expect(profileStepsFor(null)).toBe('current');
  });
});

/**
 * App download (spec sections 2 "App download" and 4 "Download bar"): which links a device can
 * use, whether the download bar shows, and the popup's open state, shared by the download bar and
 * the notice bar's download button. Pure rules plus one small store; no UI here.
 */
import { proxy } from 'valtio';
import type { DownloadLink, InstallMode, Tenant } from '../../generated/tenant';
import type { StartupSettings } from '../../lib/app-config';
import { readItem, writeItem } from '../../lib/storage';

export type { DownloadLink };

/** The site's own iOS configuration profile (a web clip of this host), served per tenant by the server. */
export const SITE_PROFILE_PATH = '/profile.mobileconfig';

/** The app's home-screen icon, drawn by the server from the tenant's logo (square, unlike most logos). */
const SITE_APP_ICON_PATH = '/icons/180.png';

/** The app icon shown next to a download: the tenant's AppDownloadIcon link, else the site's own. */
export function appIconUrl(links: readonly DownloadLink[]): string {
  return links.find((l) => l.resourceType === 'AppDownloadIcon')?.url ?? SITE_APP_ICON_PATH;
}

/** Spec section 3: the locally stored flag that hides the download bar. */
export const HIDE_DOWNLOAD_BAR_KEY = 'hideDownloadBar';
/** Spec section 2: the add-to-home-screen option is currently never shown. */
const HOME_SCREEN_OPTION_ENABLED = false;
/** Installed web apps (web app manifest, standalone display) arrived in iOS 11.3. */
const WEB_APP_MIN_IOS: readonly [number, number] = [11, 3];
/** Spec section 9: from iOS 17 a downloaded profile must be installed by hand in Settings. */
export const MANUAL_PROFILE_IOS = 17;

type DevicePlatform = 'ios' | 'android' | 'other';

export interface Device {
  platform: DevicePlatform;
  /** [major, minor] on iOS, else null. */
  iosVersion: readonly [number, number] | null;
}

/** Reads the platform from a user agent (iPadOS reports a Mac with touch). */
export function detectDevice(userAgent: string, maxTouchPoints = 0): Device {
  const ios = /iPhone|iPad|iPod/i.test(userAgent) || (/Macintosh/i.test(userAgent) && maxTouchPoints > 1);
  if (ios) {
    const m = /OS (\d+)[_.](\d+)/i.exec(userAgent);
    return { platform: 'ios', iosVersion: m ? [Number(m[1]), Number(m[2])] : null };
  }
  if (/Android/i.test(userAgent)) return { platform: 'android', iosVersion: null };
  return { platform: 'other', iosVersion: null };
}

export function currentDevice(): Device {
  if (typeof navigator === 'undefined') return { platform: 'other', iosVersion: null };
  return detectDevice(navigator.userAgent, navigator.maxTouchPoints ?? 0);
}

/** True when `version` is at least `min` ([major, minor]). Unknown versions count as recent. */
export function iosAtLeast(version: readonly [number, number] | null, min: readonly [number, number]): boolean {
  if (!version) return true;
  return version[0] > min[0] || (version[0] === min[0] && version[1] >= min[1]);
}

/**
 * The links in force: the server's startup resources when sent, else the tenant file's. Without
 * a MOBILECONFIG link of its own the tenant offers the site's configuration profile.
 */
export function downloadLinks(tenant: Tenant, startup: StartupSettings): DownloadLink[] {
  const resources = startup.info?.resources;
  const list = Array.isArray(resources) ? (resources as DownloadLink[]) : tenant.settings.downloads;
  const links = list.filter((l) => typeof l.url === 'string' && l.url !== '');
  return links.some((l) => l.resourceType === 'MOBILECONFIG') ? links : [...links, { resourceType: 'MOBILECONFIG', url: SITE_PROFILE_PATH }];
}

type DownloadOptionKind = 'android' | 'ios' | 'profile' | 'homeScreen';

export interface DownloadOption {
  kind: DownloadOptionKind;
  url: string;
}

function linkOf(links: readonly DownloadLink[], type: DownloadLink['resourceType']): string | undefined {
  return links.find((l) => l.resourceType === type)?.url;
}

/**
 * What the popup offers on a device: Android gets the Android link; iOS the IOS link, the
 * configuration profile and (never, for now) the home-screen option. Other platforms: nothing.
 */
export function downloadOptions(device: Device, links: readonly DownloadLink[]): DownloadOption[] {
  const out: DownloadOption[] = [];
  if (device.platform === 'android') {
    const url = linkOf(links, 'Android');
    if (url) out.push({ kind: 'android', url });
  } else if (device.platform === 'ios') {
    const ios = linkOf(links, 'IOS');
    if (ios) out.push({ kind: 'ios', url: ios });
    const profile = linkOf(links, 'MOBILECONFIG');
    if (profile) out.push({ kind: 'profile', url: profile });
    if (HOME_SCREEN_OPTION_ENABLED) out.push({ kind: 'homeScreen', url: '' });
  }
  return out;
}

export interface DownloadBarContext {
  install: InstallMode;
  device: Device;
  links: readonly DownloadLink[];
  /** The player hid the bar (hideDownloadBar stored). */
  hidden: boolean;
  session: boolean;
  /** The bar's requiredLogin option: show only to members. */
  requiredLogin?: boolean;
}

/**
 * Spec section 4: visible unless hidden; forced hidden in an installed web app; hidden as a
 * home-screen web clip without an iOS link or on an iOS version without installed web apps; never
 * in the native app; never without a link for the platform; with requiredLogin only with a session.
 */
export function isDownloadBarVisible(ctx: DownloadBarContext): boolean {
  if (ctx.hidden) return false;
  if (ctx.install === 'pwa' || ctx.install === 'app') return false;
  if (ctx.install === 'webclip') {
    if (!linkOf(ctx.links, 'IOS')) return false;
    if (!iosAtLeast(ctx.device.iosVersion, WEB_APP_MIN_IOS)) return false;
  }
  if (downloadOptions(ctx.device, ctx.links).length === 0) return false;
  if (ctx.requiredLogin && !ctx.session) return false;
  return true;
}

/** The download entry points (notice-bar button, popup) exist only outside the native app and with something to offer. */
export function canOfferDownload(install: InstallMode, device: Device, links: readonly DownloadLink[]): boolean {
  return install !== 'app' && install !== 'pwa' && downloadOptions(device, links).length > 0;
}

export function isDownloadBarHidden(): boolean {
  return readItem(HIDE_DOWNLOAD_BAR_KEY) !== null;
}

export function storeDownloadBarHidden(): void {
  writeItem(HIDE_DOWNLOAD_BAR_KEY, '1');
}

/** How a home-screen install is done here: the browser's install prompt, or the steps of iOS Safari's share sheet or Android's browser menu. */
export type HomeScreenGuide = 'prompt' | 'iosShare' | 'androidMenu';

export interface DownloadPlanContext {
  install: InstallMode;
  device: Device;
  links: readonly DownloadLink[];
  /** The browser offered its install prompt (beforeinstallprompt, Chromium). */
  promptAvailable: boolean;
}

export interface DownloadPlan {
  /** Already running as the app, a web clip or an installed web app: nothing to install. */
  installed: boolean;
  /** The downloads of this device, the best fit first (the store app, then the profile). */
  options: DownloadOption[];
  /** The add-to-home-screen way of this browser, or null where there is none. */
  homeScreen: HomeScreenGuide | null;
  /** App links of the other platforms, for a visitor who installs on another phone. */
  others: DownloadOption[];
}

/**
 * The download page (spec section 2, "Other screens"): what this device can install and how. The
 * popup's options (spec section 2, "App download") first; the home-screen way after them, which
 * only this page offers; then the other platforms' app links.
 */
export function downloadPlan({ install, device, links, promptAvailable }: DownloadPlanContext): DownloadPlan {
  if (install !== 'browser') return { installed: true, options: [], homeScreen: null, others: [] };
  const options = downloadOptions(device, links).filter((o) => o.kind !== 'homeScreen');
  const homeScreen: HomeScreenGuide | null = promptAvailable
    ? 'prompt'
    : device.platform === 'ios'
      ? 'iosShare'
      : device.platform === 'android'
        ? 'androidMenu'
        : null;
  const others: DownloadOption[] = [];
  const android = linkOf(links, 'Android');
  const ios = linkOf(links, 'IOS');
  if (android && device.platform !== 'android') others.push({ kind: 'android', url: android });
  if (ios && device.platform !== 'ios') others.push({ kind: 'ios', url: ios });
  return { installed: false, options, homeScreen, others };
}

/** The steps after downloading a profile on an iOS version: 11 or lower, 12.0 to 12.1, or later. */
export function profileStepsFor(version: readonly [number, number] | null): 'ios11' | 'ios12' | 'current' {
  return iosGuideFor(version) ?? 'current';
}

/** Which iOS guide applies: 12.0 to 12.1, 11 or lower, or none. */
export function iosGuideFor(version: readonly [number, number] | null): 'ios12' | 'ios11' | null {
  if (!version) return null;
  if (version[0] <= 11) return 'ios11';
  if (version[0] === 12 && version[1] <= 1) return 'ios12';
  return null;
}

/** The download popup's open state: the download bar renders it; the notice bar's button opens it. */
export const downloadPopupStore = proxy<{ open: boolean }>({ open: false });

export function openDownloadPopup(): void {
  downloadPopupStore.open = true;
}

export function closeDownloadPopup(): void {
  downloadPopupStore.open = false;
}

import { createHash } from 'node:crypto';
import { build as buildPlist } from 'plist';
import type { Tenant } from '../../src/generated/tenant';
import { themeWithDefaults } from '../../src/tenant/contrast';
import { APP_ICONS, type AppIconName } from './app-icons';
import { escapeHtml } from './site-index';
import { htmlLang } from './tenant-host';

/**
 * The installable site of a tenant (spec section 1: the app can be installed): its web app
 * manifest, the icons' paths and the iOS configuration profile with a web clip. Pure builders;
 * server/modules/site/routes/install.ts serves them per host.
 */

export const MANIFEST_PATH = '/manifest.webmanifest';
export const PROFILE_PATH = '/profile.mobileconfig';
/** Where the installed app opens (the spec's home route). */
const START_PATH = '/m/home';

const iconPath = (name: AppIconName) => `/icons/${name}.png`;

const COLOUR = /^#[0-9a-fA-F]{3,8}$/;
const colour = (value: string | undefined, fallback: string) => (value && COLOUR.test(value) ? value : fallback);

/** The colour of the browser's bars (the site's header colour) and the splash screen's background. */
export function tenantColours(tenant: Tenant): { theme: string; background: string } {
  return { theme: colour(themeWithDefaults(tenant.brand.theme).header, '#000000'), background: colour(tenant.brand.theme.background, '#ffffff') };
}

/** A short name fits under a home-screen icon (about 12 characters): the brand's first word when the name is longer. */
export function shortName(name: string): string {
  if (name.length <= 12) return name;
  const first = name.split(/\s+/)[0];
  return first.length <= 12 ? first : first.slice(0, 12);
}

/** The web app manifest of a tenant (W3C Web Application Manifest). */
export function webManifest(tenant: Tenant): Record<string, unknown> {
  const { theme, background } = tenantColours(tenant);
  const icon = (name: AppIconName, purpose: 'any' | 'maskable') => {
    const { size } = APP_ICONS[name];
    return { src: iconPath(name), sizes: `${size}x${size}`, type: 'image/png', purpose };
  };
  return {
    id: START_PATH,
    name: tenant.brand.name,
    short_name: shortName(tenant.brand.name),
    lang: htmlLang(tenant.i18n.default),
    dir: 'ltr',
    start_url: START_PATH,
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: theme,
    background_color: background,
    icons: [icon('192', 'any'), icon('512', 'any'), icon('maskable-512', 'maskable')],
  };
}


/**
 * The page head's part of it: the manifest, the browser bar's colour and the iOS home-screen
 * icon and title. Same-origin links only, so the CSP (manifest-src, img-src 'self') holds.
 */
export function installHead(tenant: Tenant): string {
  const { theme } = tenantColours(tenant);
  const name = escapeHtml(shortName(tenant.brand.name));
  return [
    `<link rel="manifest" href="${MANIFEST_PATH}">`,
    `<meta name="theme-color" content="${theme}">`,
    `<link rel="apple-touch-icon" href="${iconPath('180')}">`,
    '<meta name="mobile-web-app-capable" content="yes">',
    '<meta name="apple-mobile-web-app-capable" content="yes">',
    `<meta name="apple-mobile-web-app-title" content="${name}">`,
  ].join('');
}

/** A UUID that is the same for a tenant at every request (a profile installed again replaces itself). */
export function stableUuid(...parts: string[]): string {
  const h = createHash('sha256').update(parts.join('\0')).digest('hex');
  // Shaped as a version-5-style UUID (name-based), upper case as Apple's tools write them.
  const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`.toUpperCase();
}

/** A reverse-DNS identifier segment from a tenant id. */
const idSegment = (tenantId: string) => tenantId.toLowerCase().replace(/[^a-z0-9-]/g, '-');

export interface WebClipInput {
  tenant: Tenant;
  /** Scheme and host of the request, e.g. https://demo-ph.example (the web clip opens this origin). */
  origin: string;
  /** PNG of the 180 px icon. */
  icon: Buffer;
}

/**
 * An iOS configuration profile holding one web clip (com.apple.webClip.managed): the home-screen
 * icon opening the site full screen. Unsigned: iOS shows it as "Not Verified", as every
 * profile a site hands out without a signing certificate.
 */
export function webClipProfile({ tenant, origin, icon }: WebClipInput): string {
  const name = tenant.brand.name;
  const base = `app.whitelabel.${idSegment(tenant.id)}`;
  const clip = {
    PayloadType: 'com.apple.webClip.managed',
    PayloadVersion: 1,
    PayloadIdentifier: `${base}.webclip`,
    PayloadUUID: stableUuid(tenant.id, 'webclip'),
    PayloadDisplayName: name,
    Label: name,
    URL: `${origin}${START_PATH}`,
    Icon: icon,
    IsRemovable: true,
    FullScreen: true,
    Precomposed: true,
  };
  return buildPlist({
    PayloadType: 'Configuration',
    PayloadVersion: 1,
    PayloadIdentifier: `${base}.profile`,
    PayloadUUID: stableUuid(tenant.id, 'profile'),
    PayloadDisplayName: name,
    PayloadOrganization: name,
    PayloadRemovalDisallowed: false,
    PayloadContent: [clip],
  });
}

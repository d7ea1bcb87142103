import type { Tenant, ThemeTokens } from '../generated/tenant';

/**
 * Startup settings (spec section 3; schemas/api/system.json#/definitions/startup) as the server
 * decides them per request: flags above all, the browser never decides a flag. Only the fields
 * the runtime reads are typed, all optional, so that a partial object from a test or an older
 * server still starts the app on the tenant's own values.
 */
export interface StartupSettings {
  info?: {
    /** The white-label flags, by flag name. */
    whitelabel?: Record<string, boolean>;
    mobileTemplate?: Record<string, string>;
    promotions?: string[];
    customerService?: string;
    [key: string]: unknown;
  };
  maintenance?: boolean;
  regionRestriction?: boolean;
  /** The operator's maintenance window open now: its end and message (in the visitor's language). */
  maintenanceWindow?: { startsAt: string; endsAt: string; message: string | null } | null;
  /** The server's version and the version paths (spec section 7). */
  version?: { current?: string; pathList?: { type: string; path: string }[] };
  /** The tenant version that served the page (src/lib/tenant-release.ts). */
  tenantVersion?: string;
  [key: string]: unknown;
}

/** The schema's default for settings.timeZone: tenants that predate the setting show Manila time. */
export const DEFAULT_TIME_ZONE = 'Asia/Manila';

/** The time zone the tenant shows times in (settings.timeZone, else the default). */
export function tenantTimeZone(tenant: Tenant): string {
  return tenant.settings.timeZone ?? DEFAULT_TIME_ZONE;
}

/**
 * A time zone's UTC offsets over a window of time, worked out by the server (which has the zone
 * rules): the page formats times inside the window with plain UTC arithmetic, with no Intl set-up
 * on the phone, and the server renders the same text with the same data.
 */
export interface TimeZoneWindow {
  /** The zone as the tenant names it (an unknown name carries the default zone's offsets). */
  name: string;
  /** The window, epoch milliseconds: from included, until excluded. */
  from: number;
  until: number;
  /** [from epoch ms, minutes east of UTC] in time order, the first at `from`: each holds until the next. */
  offsets: [number, number][];
}

/** What the server hands the page: the resolved tenant and the startup settings. */
export interface AppConfig {
  tenant: Tenant;
  startup: StartupSettings;
  /**
   * API answers the server already fetched for the page it rendered, by page-data id (see
   * pageDataId): the first render in the browser uses them, so it matches the server's HTML.
   */
  pageData?: Record<string, unknown>;
  /** The tenant's time zone over the next days (absent from older servers: times then use Intl). */
  zone?: TimeZoneWindow;
}

/** The id of an API answer in the page data: its resource key, written the same way everywhere. */
export function pageDataId(key: readonly unknown[]): string {
  return JSON.stringify(key, (_name, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}

const APP_CONFIG_ELEMENT_ID = 'app-config';
/** Cookie holding the visitor's language choice (a tenant language code), so the server renders in it. */
export const LANGUAGE_COOKIE = 'language';
const BOOTSTRAP_URL = '/wps/system/bootstrap';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks the envelope only: the server validated the tenant against its schema before serving it,
 * and shipping the tenant validator to the browser would cost more than it protects.
 */
export function parseAppConfig(value: unknown): AppConfig {
  if (!isObject(value) || !isObject(value.tenant)) throw new Error('app config: missing tenant');
  const tenant = value.tenant as unknown as Tenant;
  if (!isObject(tenant.screens) || !isObject(tenant.brand)) throw new Error('app config: tenant is not resolved');
  const startup = isObject(value.startup) ? (value.startup as StartupSettings) : {};
  const config: AppConfig = { tenant, startup };
  if (isObject(value.pageData)) config.pageData = value.pageData;
  const zone = parseTimeZoneWindow(value.zone);
  if (zone) config.zone = zone;
  return config;
}

/** A well-formed zone window, or null (times are then formatted with Intl, which is only slower). */
export function parseTimeZoneWindow(value: unknown): TimeZoneWindow | null {
  if (!isObject(value)) return null;
  const { name, from, until, offsets } = value;
  if (typeof name !== 'string' || typeof from !== 'number' || typeof until !== 'number' || !(from < until)) return null;
  if (!Array.isArray(offsets) || offsets.length === 0) return null;
  let previous = Number.NEGATIVE_INFINITY;
  for (const entry of offsets as unknown[]) {
    if (!Array.isArray(entry) || entry.length !== 2 || !entry.every(Number.isFinite)) return null;
    const [start, minutes] = entry as [number, number];
    if (start <= previous || Math.abs(minutes) > 24 * 60) return null;
    previous = start;
  }
  if ((offsets[0] as [number, number])[0] !== from) return null;
  return { name, from, until, offsets: offsets as [number, number][] };
}

/** The config the server injected into index.html, or null when the page was not served by it. */
export function readInjectedConfig(doc: Document = document): AppConfig | null {
  const el = doc.getElementById(APP_CONFIG_ELEMENT_ID);
  if (!el?.textContent) return null;
  return parseAppConfig(JSON.parse(el.textContent) as unknown);
}

/** Under the Vite dev server nothing is injected: ask the API for the same object. */
async function fetchBootstrap(fetchImpl: typeof fetch = fetch): Promise<AppConfig> {
  const res = await fetchImpl(BOOTSTRAP_URL, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
  if (!res.ok) throw new Error(`app config: ${BOOTSTRAP_URL} answered ${res.status}`);
  const body = (await res.json()) as unknown;
  if (!isObject(body) || body.success !== true) throw new Error(`app config: ${BOOTSTRAP_URL} failed`);
  return parseAppConfig(body.value);
}

/** Injected config first (no round trip), else the bootstrap call. */
export async function loadAppConfig(doc: Document = document, fetchImpl: typeof fetch = fetch): Promise<AppConfig> {
  return readInjectedConfig(doc) ?? (await fetchBootstrap(fetchImpl));
}

/** The CSS variable of each theme token (the server writes them into the page; applyTheme in the browser). */
const THEME_VARIABLES: Record<keyof ThemeTokens, string> = {
  primary: '--color-primary',
  onPrimary: '--color-on-primary',
  surface: '--color-surface',
  background: '--color-background',
  text: '--color-text',
  textMuted: '--color-text-muted',
  accent: '--color-accent',
  danger: '--color-danger',
  header: '--color-header',
  onHeader: '--color-on-header',
  onAccent: '--color-on-accent',
};

/** Writes the tenant's theme tokens as CSS variables (style properties, so CSP needs no inline style block). */
export function applyTheme(theme: ThemeTokens, root: HTMLElement = document.documentElement): void {
  for (const [token, variable] of Object.entries(THEME_VARIABLES) as [keyof ThemeTokens, string][]) {
    const value = theme[token];
    if (value) root.style.setProperty(variable, value);
  }
}

/** The tenant's theme as a stylesheet rule, for the server to write into the page's head. */
export function themeCss(theme: ThemeTokens): string {
  const declarations = (Object.entries(THEME_VARIABLES) as [keyof ThemeTokens, string][])
    // Theme values are schema-checked colours; anything else is left out rather than escaped.
    .filter(([token]) => typeof theme[token] === 'string' && /^#[0-9a-fA-F]{3,8}$/.test(theme[token] as string))
    .map(([token, variable]) => `${variable}:${theme[token]}`);
  return declarations.length ? `:root{${declarations.join(';')}}` : '';
}

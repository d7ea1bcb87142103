/**
 * The layout tables of spec section 2 ("Layout") and section 4 as pure functions: which pages show
 * the header and the footer, where a back arrow goes, which title a header shows (the startup
 * views are src/lib/startup-state.ts). The app shell only asks these.
 * The per-page facts come from the route manifest (src/lib/routes.ts); an alias shares the layout
 * of its route.
 */
import type { InstallMode, WhiteLabelFlags } from '../generated/tenant';
import { readPath } from './gates';
import type { TranslationKey } from './i18n-keys';
import { pathOf, pathsOf, routeById, routeFor, ROUTES, type RouteDef } from './routes';

const ENTRIES: readonly RouteDef[] = ROUTES;

/** Every path (canonical and alias) of the routes that `holds` picks. */
function pathsWhere(holds: (route: RouteDef) => boolean): readonly string[] {
  return ENTRIES.filter(holds).flatMap(pathsOf);
}

export const HOME_PATH = routeById('home').path;
export const MAINTENANCE_PATH = routeById('maintenance').path;
const CHANGE_PASSWORD_PATH = routeById('changePsw').path;

/** The member centre's paths: trial accounts are turned away from them, visitors log in in a dialog. */
export const MEMBER_CENTRE_PATHS: readonly string[] = pathsWhere((r) => r.guard === 'memberCentre');

/** Real-account functions: a free-trial member is told 'login_actual_account' and stays where they were. */
export const REAL_ACCOUNT_PATHS: readonly string[] = pathsWhere((r) => r.realAccount === true);

/** Pages without the app header: they draw their own top bar (spec: login, register, mine, agent, help). */
export const HEADER_HIDDEN: readonly string[] = pathsWhere((r) => r.header === false);

/** Pages whose back arrow always goes home rather than one step back. */
export const BACK_TO_HOME: readonly string[] = pathsWhere((r) => r.back === 'home');

/** Pages without the footer menu. */
export const FOOTER_HIDDEN: readonly string[] = pathsWhere((r) => r.footer === false);

/**
 * Header titles the spec names (activity centre, forget password, free trial, first password,
 * notice, game centre, RNG, messages, personal settings, help centre, leaderboard). Other pages
 * fall back to their route title.
 */
export const HEADER_TITLES: Readonly<Record<string, TranslationKey>> = Object.fromEntries(
  ENTRIES.flatMap((r) => {
    const title = r.headerTitle;
    return title ? pathsOf(r).map((p) => [p, title]) : [];
  }),
);

/** "/m/mine/" and "/m/mine?x" read as "/m/mine". */
export function normalisePath(path: string): string {
  const p = pathOf(path);
  return p.length > 1 ? p.replace(/\/+$/, '') : p;
}

export function isHome(path: string): boolean {
  return normalisePath(path) === HOME_PATH;
}

export function isHeaderHidden(path: string): boolean {
  return HEADER_HIDDEN.includes(normalisePath(path));
}

export function isFooterHidden(path: string): boolean {
  return FOOTER_HIDDEN.includes(normalisePath(path));
}

export function isMemberCentre(path: string): boolean {
  return MEMBER_CENTRE_PATHS.includes(normalisePath(path));
}

/** What the header shows at the left: the logo on home, else a back arrow. */
export function headerLead(path: string): 'logo' | 'back' {
  return isHome(path) ? 'logo' : 'back';
}

/**
 * The title key a header shows for a page, or null when the spec names none (the caller then uses
 * the route title). A first-time login on the change-password page reads "first password".
 */
export function headerTitleKey(path: string, opts: { firstTimeLogin?: boolean } = {}): TranslationKey | null {
  const p = normalisePath(path);
  if (p === CHANGE_PASSWORD_PATH && opts.firstTimeLogin) return 'first_password';
  return HEADER_TITLES[p] ?? null;
}

/** Where "back" leads: home (as a push), one step back in history, or home replacing this entry. */
export type BackTarget = { kind: 'home' } | { kind: 'history' } | { kind: 'replace-home' };

/**
 * The back arrow's target (spec: to home on login, register, trial, notice, forget and activity,
 * otherwise one step back; with no history to go back to, home replaces the page).
 */
export function backTarget(path: string, canGoBack: boolean): BackTarget {
  if (BACK_TO_HOME.includes(normalisePath(path))) return { kind: 'home' };
  return canGoBack ? { kind: 'history' } : { kind: 'replace-home' };
}

/** True when the browser has an entry of this app to go back to (react-router keeps `idx` in history.state). */
export function historyCanGoBack(state: unknown): boolean {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' && idx > 0;
}

/** Page-change fade (spec section 9). */
export const PAGE_FADE_MS = 300;
/** A touch that starts this close to the left edge may be a back swipe. */
const BACK_SWIPE_EDGE_PX = 24;
/** A back swipe must travel more than this to go back. */
export const BACK_SWIPE_MIN_PX = 100;

export interface Point {
  x: number;
  y: number;
}

/** A back swipe: starts at the left edge, travels right more than 100 px, more sideways than down. */
export function isBackSwipe(start: Point, end: Point): boolean {
  if (start.x > BACK_SWIPE_EDGE_PX) return false;
  const dx = end.x - start.x;
  const dy = Math.abs(end.y - start.y);
  return dx > BACK_SWIPE_MIN_PX && dx > dy;
}

/** Sticky header: on when the element's top is within 100 px of the viewport top. */
export const STICKY_OFFSET_PX = 100;

export function isStickyActive(elementTop: number, offset = STICKY_OFFSET_PX): boolean {
  return elementTop <= offset;
}

export function isTallIphoneShell(env: { userAgent: string; screenHeight: number; install: InstallMode }): boolean {
  return /iPhone/i.test(env.userAgent) && env.screenHeight >= 812 && env.install !== 'browser';
}

/**
 * Whether a canonical route path may be shown for a tenant. Home and the maintenance page are
 * always reachable: the first is where everything else falls back to, the second is the
 * startup status page.
 */
export function isRouteAllowed(path: string, whitelist: readonly string[]): boolean {
  const p = normalisePath(path);
  return p === HOME_PATH || p === MAINTENANCE_PATH || whitelist.includes(p);
}

/**
 * Whether what a route's gate names holds: its flag is on, the setting it names is truthy, or its
 * promotion type is among the tenant's enabled ones (settings.promotions). A route without a gate is open.
 */
export function isRouteGateOpen(route: Pick<RouteDef, 'gate'>, flags: Partial<WhiteLabelFlags>, settings: unknown = {}): boolean {
  const { gate } = route;
  if (gate === undefined) return true;
  if (gate.flag !== undefined) return flags[gate.flag] === true;
  if (gate.setting !== undefined) return Boolean(readPath(settings, gate.setting));
  const promos = readPath(settings, 'promotions');
  return Array.isArray(promos) && promos.includes(gate.promo);
}

/**
 * Whether a tenant shows a route: its whitelist names it (home and maintenance always) and its
 * gate is open. A closed route leads home, whoever asks for it.
 */
export function isRouteOpen(route: Pick<RouteDef, 'path' | 'gate'>, whitelist: readonly string[], flags: Partial<WhiteLabelFlags>, settings: unknown = {}): boolean {
  return isRouteAllowed(route.path, whitelist) && isRouteGateOpen(route, flags, settings);
}

/**
 * Whether a link of tenant content (a popup's go-to control, a banner, a promotion's rewards link)
 * leads somewhere this tenant shows: a path of a route it closes would only bounce home. A path
 * the manifest does not know (another site, a path the server answers) is left to its link.
 */
export function isLinkOpen(to: string, whitelist: readonly string[], flags: Partial<WhiteLabelFlags>, settings: unknown = {}): boolean {
  if (!to.startsWith('/')) return true;
  const route = routeFor(to);
  return route === undefined || isRouteOpen(route, whitelist, flags, settings);
}

/** How a visitor is asked to log in: the member centre opens a dialog, other pages go to /m/login. */
export function loginPromptFor(path: string): 'dialog' | 'page' {
  return isMemberCentre(path) ? 'dialog' : 'page';
}

/** Free-trial accounts (member type 4) cannot use the member centre. */
const TRIAL_MEMBER_TYPE = 4;

export function isTrialMember(memberType: number | null | undefined): boolean {
  return memberType === TRIAL_MEMBER_TYPE;
}

/**
 * What a free-trial member is told instead of opening a page (spec section 8), or null when they
 * may open it: a real-account function says 'login_actual_account', the rest of the member centre
 * 'free_reject'. Anyone else (a real member, a visitor) is never stopped here.
 */
export function trialNoticeFor(path: string, memberType: number | null | undefined): 'login_actual_account' | 'free_reject' | null {
  if (!isTrialMember(memberType)) return null;
  const p = normalisePath(path);
  if (REAL_ACCOUNT_PATHS.includes(p)) return 'login_actual_account';
  if (MEMBER_CENTRE_PATHS.includes(p)) return 'free_reject';
  return null;
}

/** Whole days since registration ('joined N days'); never negative, 0 on an unreadable date. */
export function joinedDays(regDate: string | undefined, now: number = Date.now()): number {
  const t = regDate ? Date.parse(regDate) : Number.NaN;
  if (!Number.isFinite(t)) return 0;
  return Math.max(0, Math.floor((now - t) / 86_400_000));
}

/** Adds one to a string of decimal digits ("0999" -> "1000", "99" -> "100"). */
function incrementDigits(digits: string): string {
  let i = digits.length - 1;
  while (i >= 0 && digits[i] === '9') i--;
  if (i < 0) return `1${'0'.repeat(digits.length)}`;
  return `${digits.slice(0, i)}${String(Number(digits[i]) + 1)}${'0'.repeat(digits.length - i - 1)}`;
}

/**
 * An amount with a fixed number of decimals and thousands grouped en-US style ("1,234,567",
 * "-1,234.50"): the same text as `value.toLocaleString('en-US', { minimumFractionDigits: d,
 * maximumFractionDigits: d })`, without Intl (whose first use on a phone costs tens of
 * milliseconds of ICU set-up, in the middle of hydration). Like ICU it rounds the shortest decimal
 * form of the number (String(value): 1.005 -> "1.01", where toFixed gives "1.00") half away
 * from zero, and keeps the sign of a negative that rounds to zero ("-0.00").
 */
export function formatAmount(value: number, fractionDigits = 0): string {
  if (Number.isNaN(value)) return 'NaN';
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  if (!Number.isFinite(value)) return `${sign}∞`;
  const decimals = Math.max(0, Math.floor(fractionDigits));
  const [mantissa, exponent = '0'] = String(Math.abs(value)).split('e');
  const [whole, fraction = ''] = mantissa.split('.');
  let digits = whole + fraction;
  // Where the decimal point falls in `digits`.
  let point = whole.length + Number(exponent);
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  const keep = point + decimals;
  if (digits.length > keep) {
    const up = digits.charCodeAt(keep) >= 53; // '5'
    digits = digits.slice(0, keep);
    if (up) {
      const next = incrementDigits(digits);
      if (next.length > digits.length) point++;
      digits = next;
    }
  } else {
    digits = digits.padEnd(keep, '0');
  }
  const integer = digits.slice(0, point).replace(/^0+(?=\d)/, '') || '0';
  const grouped = integer.replace(/\B(?=(\d{3})+$)/g, ',');
  return decimals > 0 ? `${sign}${grouped}.${digits.slice(point)}` : `${sign}${grouped}`;
}

/** The referral share link: https://<host>/m/register?affiliateCode=<code>. */
export function referralLink(host: string, code: string): string {
  return `https://${host}/m/register?affiliateCode=${encodeURIComponent(code)}`;
}

/**
 * What the service worker does with a request, as plain functions (the worker, its build step
 * and the tests share them). One worker serves every merchant: the browser keeps caches per
 * origin and each merchant is a host of its own, so one tenant's pages are never another's.
 *
 * - Pages under /m/ (navigations): network first, the cached copy of the same address when the
 *   network fails or is slow, else the offline page. Online, the server always answers (a new
 *   build, the maintenance view).
 * - Hashed files under /m/assets/: cache first (their names change with their content).
 * - The tenant's brand files: the cached copy at once, refreshed in the background.
 * - Everything else, the API (/wps) above all, has no route: money and sessions always go to
 *   the network, and fail there when offline.
 */

/** The worker's file in the build folder, served at /m/sw.js. */
export const SW_FILE = 'sw.js';
export const SW_URL = '/m/sw.js';
export const SW_SCOPE = '/m/';
/** The offline page the server makes for each tenant in the visitor's language (precached). */
export const OFFLINE_PATH = '/m/offline';

export const PAGES_CACHE = 'pages';
export const ASSETS_CACHE = 'assets';
export const BRAND_CACHE = 'brand';

/** How long a page request may take before the cached copy is shown instead. */
export const PAGE_TIMEOUT_SECONDS = 5;
export const MAX_PAGES = 30;
export const MAX_ASSETS = 200;
export const ASSET_MAX_AGE_SECONDS = 30 * 24 * 3600;
export const MAX_BRAND_FILES = 20;

/** The worker's message asking a waiting worker to take over (workbox-window's messageSkipWaiting). */
export const SKIP_WAITING = 'SKIP_WAITING';

export type RouteKind = 'page' | 'asset' | 'brand' | null;

/** The route of a request: `mode` is the request's (a page load is 'navigate'). */
export function routeKind(url: URL, origin: string, method: string, mode: string): RouteKind {
  if (url.origin !== origin || method !== 'GET') return null;
  const path = url.pathname;
  if (path.startsWith('/m/assets/')) return 'asset';
  if (path.startsWith('/m/brand/')) return 'brand';
  if (mode === 'navigate' && isPagePath(path)) return 'page';
  return null;
}

/** A page of the site under the worker's scope (the server renders index.html for it). */
export function isPagePath(path: string): boolean {
  if (!path.startsWith(SW_SCOPE) || path === OFFLINE_PATH) return false;
  const last = path.slice(path.lastIndexOf('/') + 1);
  const dot = last.lastIndexOf('.');
  return dot === -1 || last.slice(dot) === '.html';
}

/**
 * A page answer worth keeping for offline use: a whole page of this origin. Not a redirect
 * (followed or not), not an error or a partial answer.
 */
export function isKeepablePage(response: { status: number; type: string; redirected: boolean }): boolean {
  return response.status === 200 && response.type === 'basic' && !response.redirected;
}

/**
 * Whether a kept page may stand in for the network: not when it was served by another tenant
 * version (its X-Tenant-Version) than the last page the worker saw served (after a publish, an
 * older version's page never stands in for the newer one). Either unknown: it may.
 */
export function keptPageUsable(keptVersion: string | null, lastVersion: string): boolean {
  return !keptVersion || !lastVersion || keptVersion === lastVersion;
}

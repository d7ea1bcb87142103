/**
 * The site's service worker, bundled by scripts/vite-service-worker.ts into dist/sw.js (served at
 * /m/sw.js). The rules are src/sw/rules.ts; this file wires them to Workbox.
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import type { RouteHandlerCallbackOptions } from 'workbox-core/types';
import {
  ASSET_MAX_AGE_SECONDS,
  ASSETS_CACHE,
  BRAND_CACHE,
  isKeepablePage,
  MAX_ASSETS,
  MAX_BRAND_FILES,
  MAX_PAGES,
  OFFLINE_PATH,
  PAGE_TIMEOUT_SECONDS,
  PAGES_CACHE,
  keptPageUsable,
  routeKind,
  SKIP_WAITING,
} from './rules';

/**
 * Set at build time from Vite's manifest (scripts/vite-service-worker.ts). It names the build's
 * files and version, so every build is a new worker file: an update.
 */
declare const __SW_PRECACHE__: { url: string; revision: string | null }[];

/** The parts of the worker's global scope used here (the DOM typings do not describe it). */
interface WorkerScope {
  location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: MessageEvent<unknown>) => void): void;
}
const worker = globalThis as unknown as WorkerScope;

precacheAndRoute(__SW_PRECACHE__);
cleanupOutdatedCaches();
// The first worker of a visit takes the open page at once; later ones wait for the update prompt.
clientsClaim();

/**
 * The tenant version of the last page served (X-Tenant-Version): a kept page of another version
 * does not stand in for the network (keptPageUsable). Unknown after the worker restarted.
 */
let tenantVersion = '';

const pages = new NetworkFirst({
  cacheName: PAGES_CACHE,
  networkTimeoutSeconds: PAGE_TIMEOUT_SECONDS,
  // Pages vary on the language cookie, which a worker's requests do not show: the cache holds one
  // page per address, the last one served (in the language the visitor last saw), used offline
  // only while it is of the tenant version last served.
  matchOptions: { ignoreVary: true },
  plugins: [
    {
      cacheWillUpdate: async ({ response }) => {
        tenantVersion = response.headers.get('x-tenant-version') ?? tenantVersion;
        return isKeepablePage(response) ? response : null;
      },
      cachedResponseWillBeUsed: async ({ cachedResponse }) =>
        cachedResponse && keptPageUsable(cachedResponse.headers.get('x-tenant-version'), tenantVersion) ? cachedResponse : null,
    },
    new ExpirationPlugin({ maxEntries: MAX_PAGES, purgeOnQuotaError: true }),
  ],
});

registerRoute(
  ({ url, request }) => routeKind(url, worker.location.origin, request.method, request.mode) === 'page',
  async (options: RouteHandlerCallbackOptions) => {
    try {
      return await pages.handle(options);
    } catch {
      // Offline and this address never seen: the tenant's offline page, in the visitor's language.
      return (await matchPrecache(OFFLINE_PATH)) ?? Response.error();
    }
  },
);

registerRoute(
  ({ url, request }) => routeKind(url, worker.location.origin, request.method, request.mode) === 'asset',
  new CacheFirst({
    cacheName: ASSETS_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: MAX_ASSETS, maxAgeSeconds: ASSET_MAX_AGE_SECONDS, purgeOnQuotaError: true })],
  }),
);

registerRoute(
  ({ url, request }) => routeKind(url, worker.location.origin, request.method, request.mode) === 'brand',
  new StaleWhileRevalidate({ cacheName: BRAND_CACHE, plugins: [new ExpirationPlugin({ maxEntries: MAX_BRAND_FILES, purgeOnQuotaError: true })] }),
);

// The update prompt's Reload: the waiting worker takes over, and the page reloads on the change.
worker.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown } | null;
  if (data?.type === SKIP_WAITING) void worker.skipWaiting();
});

/**
 * First paint from the server: the site's own server-render module (built by `npm run build`
 * next to the site, in `<SITE_DIR>-ssr/`) renders the requested route for the host's tenant in
 * the chosen language. When widgets ask for API answers every visitor shares, it renders again
 * with those answers fetched in-process (up to three renders); the answers go into the page so
 * the browser's first render matches. Without the module the page is served
 * as before and the browser renders it. The site route keeps whole pages for a few seconds
 * (PageCache, below).
 */
import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BUCKET_COOKIE } from './tenant-registry';
import { markStale } from './stale';
import { TtlCache } from './ttl-cache';

interface PageData {
  answer(id: string): unknown;
  want?(id: string, key: readonly unknown[]): void;
  userAgent?: string;
}

interface ServerRender {
  html: string;
  head: string;
  redirect?: string;
  modules: string[];
  widgets: string[];
}

interface RenderModule {
  render(url: string, config: unknown, language: string, pageData: PageData): Promise<ServerRender>;
}

/** A shared answer, fetched for one tenant, reused for a few seconds. */
type AnswerKey = readonly unknown[];

export interface RenderedPage extends ServerRender {
  /** API answers the HTML was rendered with, by page-data id. */
  pageData: Record<string, unknown>;
}

/** At most this many shared answers per page: a page asking for more renders with what it got. */
const MAX_ANSWERS = 16;
/** Renders per page at most (each after fetching what the previous one asked for). */
const MAX_RENDERS = 3;
/**
 * Shared answers are reused this long per tenant (the API's own caches are of the same order),
 * and each page remembers which keys it asked for: a page rendered again within that time
 * renders once, with its answers at hand, instead of up to three times.
 */
const ANSWER_TTL_MS = 5_000;
const REMEMBERED_PAGES = 500;

/** Where the server-render module of a site build lives. */
export function ssrEntryOf(siteDir: string): string {
  return join(dirname(siteDir), `${basename(siteDir)}-ssr`, 'entry-server.js');
}

export class ServerRenderer {
  private loaded: Promise<RenderModule | null> | null = null;
  private readonly answers = new TtlCache<unknown>(ANSWER_TTL_MS, 2_000);
  private readonly pageKeys = new Map<string, Map<string, AnswerKey>>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly entry: string,
  ) {}

  /**
   * The render module, imported once; null when the site has none. (Not re-imported after a
   * rebuild: its lazy chunks import the entry by its plain URL, and a second copy of the entry
   * would split React contexts. `npm start` builds before the server starts.)
   */
  private module(): Promise<RenderModule | null> {
    this.loaded ??= existsSync(this.entry) ? (import(pathToFileURL(this.entry).href) as Promise<RenderModule>) : Promise.resolve(null);
    return this.loaded;
  }

  /** The page for this request, or null when the site has no server-render module or it fails. */
  async render(request: FastifyRequest, config: { tenant: unknown; startup: unknown }, language: string, userAgent: string): Promise<RenderedPage | null> {
    const module = await this.module().catch((err: unknown) => {
      request.log.error({ err }, 'server render module failed to load');
      return null;
    });
    if (!module) return null;
    const url = new URL(request.url, `http://${request.headers.host ?? 'localhost'}`).href;
    const tenantId = (config.tenant as { id?: string } | undefined)?.id ?? '';
    const page = `${tenantId}|${language}|${request.url}`;
    // Kept per tenant version: during a rollout each version's pages render with its own answers.
    const version = (config.startup as { tenantVersion?: unknown } | undefined)?.tenantVersion ?? '';
    const shared = (id: string, key: AnswerKey) => this.answers.get(`${tenantId}|${String(version)}|${id}`, () => this.fetchAnswer(request, key));
    try {
      // The answers this page asked for last time, at hand before the first render.
      const answers: Record<string, unknown> = {};
      const asked = new Map<string, AnswerKey>(this.pageKeys.get(page) ?? []);
      const fetchInto = (keys: Iterable<[string, AnswerKey]>) =>
        Promise.all(
          [...keys].map(async ([id, key]) => {
            const value = await shared(id, key);
            if (value !== undefined) answers[id] = value;
          }),
        );
      await fetchInto(asked);
      // Render, fetch what the widgets asked for and do not have, render again: an answer may
      // reveal further keys (the hot games of the first category), so up to MAX_RENDERS rounds.
      for (let round = 1; ; round++) {
        const wanted = new Map<string, AnswerKey>();
        const rendered = await module.render(url, config, language, {
          userAgent,
          answer: (id) => answers[id],
          want: (id, key) => {
            if (!asked.has(id) && asked.size + wanted.size < MAX_ANSWERS && isSharedGet(key)) wanted.set(id, key);
          },
        });
        if (rendered.redirect || wanted.size === 0 || round === MAX_RENDERS) {
          this.remember(page, asked);
          return { ...rendered, pageData: answers };
        }
        for (const [id, key] of wanted) asked.set(id, key);
        await fetchInto(wanted);
      }
    } catch (err) {
      // The browser can still render the page: a server-render failure must not cost the visit.
      request.log.error({ err }, 'server render failed');
      return null;
    }
  }

  private remember(page: string, keys: Map<string, AnswerKey>): void {
    this.pageKeys.delete(page);
    this.pageKeys.set(page, keys);
    if (this.pageKeys.size > REMEMBERED_PAGES) this.pageKeys.delete(this.pageKeys.keys().next().value!);
  }

  /** GET of a shared resource key, answered in-process for the visitor's host and address. */
  private async fetchAnswer(request: FastifyRequest, key: readonly unknown[]): Promise<unknown> {
    const [endpoint, query] = key as [string, Record<string, unknown> | null];
    const path = endpoint.slice('GET '.length);
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value === undefined || value === null) continue;
      for (const item of Array.isArray(value) ? value : [value]) search.append(name, String(item));
    }
    const res = await this.app.inject({
      method: 'GET',
      url: search.size ? `${path}?${search}` : path,
      headers: {
        host: request.headers.host ?? '',
        'accept-language': request.headers['accept-language'] ?? '',
        // The visitor's rollout bucket, so the answer comes from the version the page is rendered with.
        ...(typeof request.rolloutBucket === 'number' ? { cookie: `${BUCKET_COOKIE}=${request.rolloutBucket}` } : {}),
      },
      remoteAddress: request.ip,
    });
    if (res.statusCode !== 200) return undefined;
    // An answer from a cache (the database out of reach) makes the page stale too.
    if (res.headers.warning) markStale(request);
    const body = res.json() as { success?: boolean; value?: unknown };
    return body.success === true ? body.value : undefined;
  }
}

/** Keys of answers every visitor shares: a GET of a fixed path, no member scope. */
function isSharedGet(key: readonly unknown[]): boolean {
  const [endpoint, , scope] = key;
  return typeof endpoint === 'string' && endpoint.startsWith('GET /wps/') && !endpoint.includes(':') && (scope === '' || scope === undefined);
}

/**
 * Startup settings that differ from one visit to the next although tenant and host are the same:
 * the visitor's location (address, country), the server's clock and the current encryption key.
 * The page carries the request's own values in its config; a render that reads them (the
 * region-restriction notice shows the visitor's address) makes a page of its own.
 */
const PER_VISIT_STARTUP: ReadonlySet<PropertyKey> = new Set(['location', 'serverTime', 'encryption']);

/**
 * The startup settings to render with, and whether the render read a per-visit value of them.
 * Reading one while copying the whole object (a spread, JSON) counts too.
 */
export function watchStartup<S extends object>(startup: S): { startup: S; readPerVisit(): boolean } {
  let read = false;
  const watched = new Proxy(startup, {
    get(target, property, receiver) {
      if (PER_VISIT_STARTUP.has(property)) read = true;
      return Reflect.get(target, property, receiver) as unknown;
    },
    getOwnPropertyDescriptor(target, property) {
      if (PER_VISIT_STARTUP.has(property)) read = true;
      return Reflect.getOwnPropertyDescriptor(target, property);
    },
  });
  return { startup: watched, readPerVisit: () => read };
}

/**
 * The user agent a page is rendered with: what the widgets read of it (the device's platform and
 * iOS version, src/features/home/download.ts detectDevice) and nothing else, so that one kept
 * page serves every browser of a device kind rather than one per user-agent string.
 */
export function renderUserAgent(userAgent: string): string {
  if (/iPhone|iPad|iPod/i.test(userAgent)) {
    const version = /OS (\d+)[_.](\d+)/i.exec(userAgent);
    return version ? `iPhone; CPU iPhone OS ${version[1]}_${version[2]}` : 'iPhone';
  }
  return /Android/i.test(userAgent) ? 'Android' : '';
}

/** What a page is rendered from, beside the per-visit startup values it is watched for. */
export interface PageKeyParts {
  /** The host's tenant (the object: a reloaded tenant is another page). */
  tenant: object & { id?: string };
  /**
   * The startup settings' tenant status, which picks the maintenance and restricted views; the
   * open maintenance window's end and message are shown on the maintenance view. It is computed
   * per request (from the clock), so a page kept during a window is not served after it.
   */
  status: { maintenance?: unknown; regionRestriction?: unknown; maintenanceWindow?: unknown };
  host: string;
  /** Path and query. */
  url: string;
  language: string;
  /** The device's user agent as the render sees it (renderUserAgent). */
  userAgent: string;
  /** The id of the encryption key the startup settings carry (a rotated key is another page). */
  keyId: string;
  /** The site's index.html (a rebuild is another page). */
  template: string;
}

/** A page as served: `shared` is false when it holds something of the visit it was made for. */
export interface CacheablePage {
  shared: boolean;
}

/**
 * Whole pages of the site route, kept ANSWER_TTL_MS from the start of their render (as long as
 * the shared answers; an answer shown may so be up to twice that old) and bounded in number,
 * rendered once per key however many requests arrive while it renders, and again ahead of their
 * end while still served (TtlCache's refreshAheadMs). Keys hold everything a
 * render reads, never the visitor's credentials (the render does not see them); per-visit startup
 * values are watched instead (watchStartup).
 */
export class PageCache<P extends CacheablePage> {
  private readonly pages: TtlCache<P>;
  private readonly tenants = new WeakMap<object, number>();
  private tenantCount = 0;
  private template = '';
  private templateVersion = 0;

  constructor(
    private readonly ttlMs = ANSWER_TTL_MS,
    max = REMEMBERED_PAGES,
    now: () => number = () => Date.now(),
  ) {
    // Made again in the background once 60% of its time has passed: a busy page's visitors never
    // wait for its render, and none is served older than it is today.
    this.pages = new TtlCache<P>(ttlMs, max, now, Math.round(ttlMs * 0.4));
  }

  /**
   * The page last kept for a key if it was made less than `staleMs` after its TTL ran out (no
   * render is started): what is served while the database is out of reach. Only shared pages
   * are ever kept, so this never answers another visitor's page.
   */
  kept(key: string, staleMs: number): P | undefined {
    return this.pages.kept(key, this.ttlMs + staleMs);
  }

  key(parts: PageKeyParts): string {
    let tenant = this.tenants.get(parts.tenant);
    if (tenant === undefined) this.tenants.set(parts.tenant, (tenant = ++this.tenantCount));
    if (parts.template !== this.template) {
      this.template = parts.template;
      this.templateVersion++;
    }
    const { maintenance, regionRestriction, maintenanceWindow } = parts.status;
    return JSON.stringify([
      tenant,
      parts.tenant.id ?? '',
      this.templateVersion,
      Boolean(maintenance),
      Boolean(regionRestriction),
      maintenanceWindow ?? null,
      parts.host,
      parts.language,
      parts.userAgent,
      parts.keyId,
      parts.url,
    ]);
  }

  /**
   * The page of a key: a kept one, the one being made for it, else one made now. `keep` says
   * whether a made page is kept for later requests (never one that is not shared); a request
   * that waited for a page that turns out not to be shared makes its own.
   */
  async get(key: string, make: () => Promise<P>, keep: (page: P) => boolean = () => true): Promise<P> {
    let mine = false;
    const page = await this.pages.get(
      key,
      () => {
        mine = true;
        return make();
      },
      (made) => made.shared && keep(made),
    );
    return page.shared || mine ? page : make();
  }

  /** Keys held (for tests and figures). */
  get size(): number {
    return this.pages.size;
  }
}

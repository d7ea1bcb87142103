/**
 * First paint from the server: the site's own server-render module (built by `npm run build`
 * next to the site, in `<SITE_DIR>-ssr/`) renders the requested route for the host's tenant in
 * the chosen language. When widgets ask for API answers every visitor shares, it renders again
 * with those answers fetched in-process (up to three renders); the answers go into the page so
 * the browser's first render matches. Without the module the page is served
 * as before and the browser renders it.
 */
import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';

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

export interface RenderedPage extends ServerRender {
  /** API answers the HTML was rendered with, by page-data id. */
  pageData: Record<string, unknown>;
}

/** At most this many shared answers per page: a page asking for more renders with what it got. */
const MAX_ANSWERS = 16;
/** Renders per page at most (each after fetching what the previous one asked for). */
const MAX_RENDERS = 3;

/** Where the server-render module of a site build lives. */
export function ssrEntryOf(siteDir: string): string {
  return join(dirname(siteDir), `${basename(siteDir)}-ssr`, 'entry-server.js');
}

export class ServerRenderer {
  private loaded: Promise<RenderModule | null> | null = null;

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
  async render(request: FastifyRequest, config: { tenant: unknown; startup: unknown }, language: string): Promise<RenderedPage | null> {
    const module = await this.module().catch((err: unknown) => {
      request.log.error({ err }, 'server render module failed to load');
      return null;
    });
    if (!module) return null;
    const url = new URL(request.url, `http://${request.headers.host ?? 'localhost'}`).href;
    try {
      // Render, fetch what the widgets asked for, render again: an answer may reveal further
      // keys (the hot games of the first category), so up to MAX_RENDERS rounds.
      const answers: Record<string, unknown> = {};
      const tried = new Set<string>();
      for (let round = 1; ; round++) {
        const wanted = new Map<string, readonly unknown[]>();
        const page = await module.render(url, config, language, {
          userAgent: request.headers['user-agent'] ?? '',
          answer: (id) => answers[id],
          want: (id, key) => {
            if (!tried.has(id) && tried.size + wanted.size < MAX_ANSWERS && isSharedGet(key)) wanted.set(id, key);
          },
        });
        if (page.redirect || wanted.size === 0 || round === MAX_RENDERS) return { ...page, pageData: answers };
        await Promise.all(
          [...wanted].map(async ([id, key]) => {
            tried.add(id);
            const value = await this.fetchAnswer(request, key);
            if (value !== undefined) answers[id] = value;
          }),
        );
      }
    } catch (err) {
      // The browser can still render the page: a server-render failure must not cost the visit.
      request.log.error({ err }, 'server render failed');
      return null;
    }
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
      headers: { host: request.headers.host ?? '', 'accept-language': request.headers['accept-language'] ?? '' },
      remoteAddress: request.ip,
    });
    if (res.statusCode !== 200) return undefined;
    const body = res.json() as { success?: boolean; value?: unknown };
    return body.success === true ? body.value : undefined;
  }
}

/** Keys of answers every visitor shares: a GET of a fixed path, no member scope. */
function isSharedGet(key: readonly unknown[]): boolean {
  const [endpoint, , scope] = key;
  return typeof endpoint === 'string' && endpoint.startsWith('GET /wps/') && !endpoint.includes(':') && (scope === '' || scope === undefined);
}

/**
 * Server rendering: the same router, renderer and widgets as the browser, rendered for one
 * request's tenant, route and language into index.html's #root. `prerender` waits for lazy
 * routes and lazy widgets, so the HTML holds their content rather than their fallbacks.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { App } from './app/app';
import { AppRoutes, appRoutes, preloadRoute, serverRedirect } from './app/router';
import type { AppConfig } from './lib/app-config';
import { type I18n, setupI18n } from './lib/i18n';
import { routeFor } from './lib/routes';
import { SCREEN_MODULES } from './app/screen-modules';
import type { PageData } from './lib/runtime';

export type { PageData };

export interface ServerRender {
  /** The markup of #root. */
  html: string;
  /** Elements React hoists to the document head (the title, preloads of the first images). */
  head: string;
  /** Set when the server answers a redirect instead (a route the tenant closes leads home). */
  redirect?: string;
  /** Source modules loaded lazily that the page rendered (its screen): their chunks belong in the page. */
  modules: string[];
  /** Widgets the page rendered: their lazy chunks and styles belong in the page. */
  widgets: string[];
}

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks).toString('utf8');
}

/** React writes hoistable elements (<title>, <link>, <meta>) first; they belong in <head>. */
const HOISTED = /^(?:<title>[\s\S]*?<\/title>|<link\b[^>]*\/?>|<meta\b[^>]*\/?>)/;

function splitHead(markup: string): { head: string; html: string } {
  let head = '';
  let rest = markup;
  for (let m = HOISTED.exec(rest); m; m = HOISTED.exec(rest)) {
    head += m[0];
    rest = rest.slice(m[0].length);
  }
  return { head, html: rest };
}

/**
 * One translator per tenant and language for the life of the server: a render only reads
 * it (nothing on the server changes its language), and a page may render up to three times.
 */
const instances = new WeakMap<AppConfig['tenant'], Map<string, Promise<I18n>>>();

function translations(tenant: AppConfig['tenant'], language: string): Promise<I18n> {
  let byLanguage = instances.get(tenant);
  if (!byLanguage) instances.set(tenant, (byLanguage = new Map()));
  let instance = byLanguage.get(language);
  if (!instance) {
    instance = setupI18n(tenant, { language });
    // A failed setup is not kept: the next render tries again.
    instance.catch(() => byLanguage.delete(language));
    byLanguage.set(language, instance);
  }
  return instance;
}

/**
 * Renders one page: `url` is the request's full URL, `language` the tenant language code to
 * render in, `pageData` the API answers to render with (and where wanted keys are noted).
 */
export async function render(url: string, config: AppConfig, language: string, pageData: PageData): Promise<ServerRender> {
  const location = new URL(url);
  const routes = appRoutes(config);
  const redirect = serverRedirect(routes, location);
  if (redirect) return { html: '', head: '', redirect, modules: [], widgets: [] };
  const widgets = new Set<string>();
  const noting: PageData = { ...pageData, widget: (name) => widgets.add(name) };
  const [i18n] = await Promise.all([translations(config.tenant, language), preloadRoute(routes, location)]);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App i18n={i18n} pageData={noting}>
        <StaticRouter location={location.pathname + location.search}>
          <AppRoutes routes={routes} />
        </StaticRouter>
      </App>
    </StrictMode>,
    // Everything inline: no boundary is outlined for a later reveal by an inline script (the CSP allows none).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return { ...splitHead(await streamToString(prelude)), modules: screenFiles(location.pathname), widgets: [...widgets] };
}

/** The source modules of a path's lazy screen (as the router loads them). */
function screenFiles(pathname: string): string[] {
  const route = routeFor(pathname);
  if (!route) return [];
  if (route.module !== undefined) {
    const screen = SCREEN_MODULES[route.module];
    return 'files' in screen ? [...screen.files] : [];
  }
  return route.screen !== undefined ? ['src/app/screens/slot-screen.tsx'] : ['src/app/screens/placeholder-screen.tsx'];
}

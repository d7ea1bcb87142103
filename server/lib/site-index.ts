import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

const PLACEHOLDER = '<!--app-config-->';

/** JSON safe inside a <script> element: no `<` (so no `</script>` or `<!--`), no U+2028/9. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Text and attribute values as numeric character references (`<` as `&#60;`). */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface IndexParts {
  lang: string;
  title: string;
  config: unknown;
  /** Server-rendered markup of #root. */
  root?: string;
  /** Extra head elements (theme style, hoisted title and preloads of the render). */
  head?: string;
  /**
   * The config as the body's last element rather than at the placeholder: the page before it
   * paints without waiting for it, and a page kept by the server ends with what differs per
   * visit (the site route's kept pages, server/lib/page-encoding.ts).
   */
  configAtEnd?: boolean;
}

const MODULE_SCRIPT = /<script type="module"[^>]*?\ssrc="([^"]+)"[^>]*><\/script>/g;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*?\shref="([^"]+)"[^>]*>/g;
const FETCH_PRELOAD = /<link rel="preload" as="fetch"[^>]*?\shref="([^"]+)"[^>]*>/g;

/** The script that starts the app after the first paint (public/start.js). */
export const START_SCRIPT = '/m/start.js';

/**
 * A page whose content the server painted needs its code only to become interactive: its module
 * script, modulepreloads and the translation file's preload become the start script's list, which
 * requests them after the first paint (public/start.js), so they never compete with the page's
 * HTML, styles and largest image. A page without painted content keeps its scripts as they are.
 */
function startAfterPaint(html: string): string {
  const entries: string[] = [];
  const modules: string[] = [];
  const fetches: string[] = [];
  let out = html
    .replace(MODULE_SCRIPT, (_m, src: string) => (entries.push(src), ''))
    .replace(MODULE_PRELOAD, (_m, href: string) => (modules.push(href), ''))
    .replace(FETCH_PRELOAD, (_m, href: string) => (fetches.push(href), ''));
  if (entries.length !== 1) return html;
  const attr = (values: string[]) => escapeHtml([...new Set(values)].join(' '));
  const tag = `<script defer src="${START_SCRIPT}" data-entry="${attr(entries)}" data-modules="${attr(modules)}" data-fetches="${attr(fetches)}"></script>`;
  out = /<\/body>/i.test(out) ? out.replace(/<\/body>/i, () => `${tag}</body>`) : `${out}${tag}`;
  return out;
}

/** index.html with the app config injected, the html lang set and the title set. */
export function renderIndex(template: string, parts: IndexParts): string {
  const script = `<script id="app-config" type="application/json">${scriptJson(parts.config)}</script>`;
  // Function replacements: the JSON may contain `$&` and friends, which string replacements expand.
  let html = parts.configAtEnd
    ? template.replace(PLACEHOLDER, '')
    : template.includes(PLACEHOLDER)
      ? template.replace(PLACEHOLDER, () => script)
      : template.replace(/<\/head>/i, () => `${script}</head>`);
  html = html.replace(/<html([^>]*)>/i, (_m, attrs: string) => {
    const rest = attrs.replace(/\s+lang=("[^"]*"|'[^']*'|[^\s>]*)/i, '');
    return `<html lang="${escapeHtml(parts.lang)}"${rest}>`;
  });
  // A render that set its own title (the page's) replaces the template's.
  const title = parts.head?.includes('<title>') ? '' : `<title>${escapeHtml(parts.title)}</title>`;
  html = /<title>[\s\S]*?<\/title>/i.test(html)
    ? html.replace(/<title>[\s\S]*?<\/title>/i, () => title)
    : html.replace(/<head([^>]*)>/i, (m) => `${m}${title}`);
  if (parts.head) html = html.replace(/<\/head>/i, () => `${parts.head}</head>`);
  if (parts.root) html = startAfterPaint(html.replace(/<div id="root"><\/div>/, () => `<div id="root">${parts.root}</div>`));
  if (parts.configAtEnd) {
    const end = html.toLowerCase().lastIndexOf('</body>');
    html = end < 0 ? `${html}${script}` : `${html.slice(0, end)}${script}${html.slice(end)}`;
  }
  return html;
}

const STYLESHEET = /<link rel="stylesheet"(?: crossorigin)? href="\/m\/(assets\/[\w.-]+\.css)">/g;

/**
 * The entry's stylesheet written into the page: a first visit paints without waiting for another
 * request (the stylesheet blocks the first paint), and the page moves on in the browser without
 * fetching HTML again. A stylesheet the build lacks stays a link.
 */
async function inlineStylesheets(html: string, siteDir: string): Promise<string> {
  const files = new Map<string, string>();
  for (const [, path] of html.matchAll(STYLESHEET)) {
    try {
      files.set(path, await readFile(join(siteDir, path), 'utf8'));
    } catch {
      // Left as a link.
    }
  }
  return html.replace(STYLESHEET, (link, path: string) => {
    const css = files.get(path);
    if (css === undefined) return link;
    // The disabled link is neither fetched nor applied: it tells Vite's loader, which looks for a
    // <link> of each stylesheet a lazy chunk needs, that this one is already in the page (else it
    // would add it at the end of <head>, where its defaults would override the tenant's theme).
    return `<style data-href="/m/${path}">${css.replace(/<\/style/gi, '<\\/style')}</style><link rel="stylesheet" href="/m/${path}" disabled>`;
  });
}

/** How often the template's file is looked at for a rebuild (not on every request: a stat each costs more than serving a kept page). */
const TEMPLATE_CHECK_MS = 1_000;

/** Reads the site's index.html, re-reading only when the file changes (a rebuild, seen within a second); its stylesheet inlined. */
export class IndexTemplate {
  private cached: { mtimeMs: number; text: string } | null = null;
  private checked: { at: number; text: Promise<string | null> } | null = null;

  constructor(
    private readonly siteDir: string,
    private readonly now: () => number = () => Date.now(),
  ) {}

  get(): Promise<string | null> {
    const at = this.now();
    if (this.checked && at - this.checked.at < TEMPLATE_CHECK_MS) return this.checked.text;
    const text = this.read();
    this.checked = { at, text };
    return text;
  }

  private async read(): Promise<string | null> {
    const file = join(this.siteDir, 'index.html');
    try {
      const { mtimeMs } = await stat(file);
      if (this.cached?.mtimeMs !== mtimeMs) this.cached = { mtimeMs, text: await inlineStylesheets(await readFile(file, 'utf8'), this.siteDir) };
      return this.cached.text;
    } catch {
      return null;
    }
  }
}

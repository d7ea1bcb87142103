import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

export const PLACEHOLDER = '<!--app-config-->';

/** JSON safe inside a <script> element: no `<` (so no `</script>` or `<!--`), no U+2028/9. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface IndexParts {
  lang: string;
  title: string;
  config: unknown;
  /** Server-rendered markup of #root. */
  root?: string;
  /** Extra head elements (theme style, hoisted title and preloads of the render). */
  head?: string;
}

/**
 * A page whose content the server painted needs its scripts only to become interactive: they load
 * at low priority, after the stylesheet and the largest image, instead of competing with them.
 */
export function lowerScriptPriority(html: string): string {
  return html.replace(/<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g, '<$1 fetchpriority="low"');
}

/** index.html with the app config injected, the html lang set and the title set. */
export function renderIndex(template: string, parts: IndexParts): string {
  const script = `<script id="app-config" type="application/json">${scriptJson(parts.config)}</script>`;
  // Function replacements: the JSON may contain `$&` and friends, which string replacements expand.
  let html = template.includes(PLACEHOLDER)
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
  if (parts.root) html = lowerScriptPriority(html.replace(/<div id="root"><\/div>/, () => `<div id="root">${parts.root}</div>`));
  return html;
}

/** Reads the site's index.html, re-reading only when the file changes (a rebuild). */
export class IndexTemplate {
  private cached: { mtimeMs: number; text: string } | null = null;

  constructor(private readonly siteDir: string) {}

  async get(): Promise<string | null> {
    const file = join(this.siteDir, 'index.html');
    try {
      const { mtimeMs } = await stat(file);
      if (this.cached?.mtimeMs !== mtimeMs) this.cached = { mtimeMs, text: await readFile(file, 'utf8') };
      return this.cached.text;
    } catch {
      return null;
    }
  }
}

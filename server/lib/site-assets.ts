/**
 * What a server-rendered page needs of the site build beyond index.html: the styles of the lazy
 * chunks it rendered (inlined, so the first paint is styled without another round trip or a
 * script) and those chunks' code (modulepreload, so hydration does not wait on a chain of lazy
 * imports). Read from the build's manifest (`build.manifest` in vite.config.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

type Manifest = Record<string, ManifestChunk>;

export interface PageAssets {
  /** The CSS text of the page's lazy chunks, for a <style> element. */
  css: string;
  /** URLs of the page's lazy chunks (and their imports) to modulepreload. */
  preload: string[];
  /** URLs of the data the page fetches as it starts (its language's translation file), to preload as fetch. */
  fetches: string[];
}

export class SiteAssets {
  private manifest: Manifest | null | undefined;
  private readonly cssText = new Map<string, string>();
  private initial: { js: Set<string>; css: Set<string>; lazy: Set<string> } | null = null;

  constructor(
    private readonly siteDir: string,
    private readonly base = '/m/',
  ) {}

  private load(): Manifest | null {
    if (this.manifest !== undefined) return this.manifest;
    const file = join(this.siteDir, '.vite', 'manifest.json');
    this.manifest = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : null;
    return this.manifest;
  }

  /** Chunks and styles of a key and its static imports. */
  private closure(manifest: Manifest, key: string, js: Set<string>, css: Set<string>): void {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const imported of chunk.imports ?? []) this.closure(manifest, imported, js, css);
  }

  /**
   * What index.html loads already (the entry and its static imports), never repeated, and the
   * lazy imports made from it (a widget's view, a screen): what a page may need next. Chunks
   * those load later in turn (Swiper after first paint) are left to load when asked.
   */
  private initialLoad(manifest: Manifest): { js: Set<string>; css: Set<string>; lazy: Set<string> } {
    if (!this.initial) {
      const js = new Set<string>();
      const css = new Set<string>();
      for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) this.closure(manifest, key, js, css);
      const lazy = new Set<string>();
      for (const chunk of Object.values(manifest)) if (js.has(chunk.file)) for (const key of chunk.dynamicImports ?? []) lazy.add(key);
      this.initial = { js, css, lazy };
    }
    return this.initial;
  }

  private readCss(file: string): string {
    let text = this.cssText.get(file);
    if (text === undefined) {
      try {
        text = readFileSync(join(this.siteDir, file), 'utf8');
      } catch {
        text = '';
      }
      this.cssText.set(file, text);
    }
    return text;
  }

  /** The assets of a page that rendered these source modules and widgets, in this language. */
  forPage(modules: readonly string[], widgets: readonly string[], language: string): PageAssets {
    const manifest = this.load();
    if (!manifest) return { css: '', preload: [], fetches: [] };
    const initial = this.initialLoad(manifest);
    const js = new Set<string>();
    const css = new Set<string>();
    const keys = new Set<string>(modules);
    // The translation file: a JSON asset the page fetches (an older build had it as a module).
    const locale = manifest[`locales/${language.toLowerCase()}.json`];
    const fetches: string[] = [];
    if (locale?.file.endsWith('.json')) fetches.push(`${this.base}${locale.file}`);
    else if (locale) keys.add(`locales/${language.toLowerCase()}.json`);
    const folders = widgets.map((name) => `widgets/${name}/`);
    for (const key of initial.lazy) if (folders.some((folder) => key.startsWith(folder))) keys.add(key);
    for (const key of keys) this.closure(manifest, key, js, css);
    return {
      css: [...css].filter((f) => !initial.css.has(f)).map((f) => this.readCss(f)).join('\n'),
      preload: [...js].filter((f) => !initial.js.has(f)).map((f) => `${this.base}${f}`),
      fetches,
    };
  }
}

/**
 * The site's service worker (src/sw/sw.ts), bundled into the client build as dist/sw.js (served
 * at /m/sw.js, scope /m/) with its precache list taken from Vite's manifest: the shell only —
 * the entry script, its stylesheet and the chunks index.html modulepreloads — plus the offline
 * page. Lazy chunks are not precached (a first visit would download them all); the worker caches
 * them as they are used.
 */
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import { OFFLINE_PATH, SW_FILE } from '../src/sw/rules';

export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  /** Lazy imports: not part of the shell. */
  dynamicImports?: string[];
  css?: string[];
}

export type ViteManifest = Record<string, ManifestChunk>;

export interface PrecacheEntry {
  url: string;
  /** null for a file whose name carries its content hash. */
  revision: string | null;
}

/** Files (relative to the build folder) a first visit loads: each entry and its static imports, with their styles, and the translation files. */
export function shellFiles(manifest: ViteManifest): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  // The translation files: the shell hydrates in the page's language, which the worker cannot know.
  for (const [key, chunk] of Object.entries(manifest)) if (/^locales\/[\w-]+\.json$/.test(key) && chunk.file.endsWith('.json')) files.add(chunk.file);
  return [...files].sort();
}

/** One build's identity: any change of any chunk is a new worker (and so an update prompt). */
export function buildVersion(manifest: ViteManifest): string {
  const files = Object.values(manifest)
    .map((chunk) => [chunk.file, ...(chunk.css ?? [])].join(','))
    .sort();
  return createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 16);
}

/**
 * The worker's precache list: the shell's hashed files (no revision: the name is the version) and
 * the offline page, revised with the build (its text and the tenant's name come from the server,
 * per host).
 */
export function precacheEntries(manifest: ViteManifest, base = '/m/', startScript?: string): PrecacheEntry[] {
  return [
    ...shellFiles(manifest).map((file) => ({ url: `${base}${file}`, revision: null })),
    // The script a painted page starts its code with (public/start.js), revised by its text.
    ...(startScript === undefined ? [] : [{ url: `${base}start.js`, revision: createHash('sha256').update(startScript).digest('hex').slice(0, 16) }]),
    { url: OFFLINE_PATH, revision: buildVersion(manifest) },
  ];
}

/** The worker's source with its build-time constants, for esbuild's `define`. */
export function workerDefines(manifest: ViteManifest, base = '/m/', startScript?: string): Record<string, string> {
  return {
    __SW_PRECACHE__: JSON.stringify(precacheEntries(manifest, base, startScript)),
    'process.env.NODE_ENV': JSON.stringify('production'),
  };
}

/** Bundles src/sw/sw.ts into the client build once Vite has written it (and its manifest). */
export function serviceWorker(entry = 'src/sw/sw.ts'): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'service-worker',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr) return;
      const outDir = resolve(config.root, config.build.outDir);
      const manifest = JSON.parse(await readFile(join(outDir, '.vite', 'manifest.json'), 'utf8')) as ViteManifest;
      const { build, transform } = await import('esbuild');
      // public/ is copied as written: the start script is minified here, before the worker hashes it.
      const startPath = join(outDir, 'start.js');
      const startSource = await readFile(startPath, 'utf8').catch(() => undefined);
      if (startSource !== undefined) {
        const { code } = await transform(startSource, { minify: true, target: 'es2015', legalComments: 'none' });
        await writeFile(startPath, code);
      }
      await build({
        entryPoints: [resolve(config.root, entry)],
        outfile: join(outDir, SW_FILE),
        bundle: true,
        format: 'iife',
        minify: true,
        target: 'es2020',
        legalComments: 'none',
        logLevel: 'warning',
        define: workerDefines(manifest, config.base, await readFile(join(outDir, 'start.js'), 'utf8').catch(() => undefined)),
      });
    },
  };
}

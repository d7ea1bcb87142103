/**
 * Facts about the production build in dist/: which JavaScript a first visit to /m/home loads
 * (the entry script and its modulepreloads, as Vite writes them into index.html) and whether any
 * chunk carries Ajv's schema compiler (the browser must only get precompiled validators).
 */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface Asset {
  file: string;
  bytes: number;
  gzip: number;
}

const AJV_COMPILER_MARKERS = ['MissingRefError', 'strictTuples', 'removeAdditional', 'ajv/dist/compile'];

async function asset(dist: string, url: string): Promise<Asset> {
  const rel = url.replace(/^\/m\//, '');
  const buf = await readFile(join(dist, rel));
  return { file: rel, bytes: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
}

/** JavaScript fetched by a first visit (entry + modulepreload links in index.html). */
export async function firstLoadJs(dist = 'dist'): Promise<Asset[]> {
  const html = await readFile(join(dist, 'index.html'), 'utf8');
  const urls = new Set<string>();
  for (const m of html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) urls.add(m[1]);
  return Promise.all([...urls].map((u) => asset(dist, u)));
}

/** Every JS chunk of the build. */
export async function allJs(dist = 'dist'): Promise<Asset[]> {
  const files = (await readdir(join(dist, 'assets'))).filter((f) => f.endsWith('.js'));
  return Promise.all(files.map((f) => asset(dist, `/m/assets/${f}`)));
}

/** Chunks that contain Ajv compiler code, with the marker found. */
export async function ajvCompilerChunks(dist = 'dist'): Promise<{ file: string; marker: string }[]> {
  const found: { file: string; marker: string }[] = [];
  for (const f of (await readdir(join(dist, 'assets'))).filter((n) => n.endsWith('.js'))) {
    const text = await readFile(join(dist, 'assets', f), 'utf8');
    const marker = AJV_COMPILER_MARKERS.find((m) => text.includes(m));
    if (marker) found.push({ file: f, marker });
  }
  return found;
}

/**
 * The built site's compressed copies: the build writes .br and .gz beside each compressible file,
 * and the server sends the stored copy the browser accepts instead of compressing on each request.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFolder } from '../../../scripts/vite-precompress';
import { SITE_FIXTURE, startServer, type TestServer } from '../helpers';

describe('precompressed site files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wl-precompressed-'));
  const big = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}];\n`;
  let server: TestServer;
  let written = 0;

  beforeAll(async () => {
    cpSync(SITE_FIXTURE, dir, { recursive: true });
    writeFileSync(join(dir, 'assets', 'rows-abc123.js'), big);
    writeFileSync(join(dir, 'assets', 'tiny-abc123.js'), 'export {};\n');
    mkdirSync(join(dir, '.vite'), { recursive: true });
    writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify({ padding: 'x'.repeat(4096) }));
    written = await precompressFolder(dir);
    server = await startServer('pglite', { siteDir: dir });
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes both copies of each file of 1 KB or more, and none of small files or the build manifest', () => {
    const file = join(dir, 'assets', 'rows-abc123.js');
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(big);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(big);
    expect(existsSync(join(dir, 'assets', 'tiny-abc123.js.br'))).toBe(false);
    expect(existsSync(join(dir, '.vite', 'manifest.json.br'))).toBe(false);
    expect(written).toBeGreaterThanOrEqual(1);
  });

  it('sends the stored brotli or gzip copy the browser accepts, and the file itself otherwise', async () => {
    const url = '/m/assets/rows-abc123.js';
    const file = join(dir, 'assets', 'rows-abc123.js');
    const br = await server.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    // The bytes on disk, not a fresh compression at another quality.
    expect(br.rawPayload.equals(readFileSync(`${file}.br`))).toBe(true);
    const gz = await server.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(readFileSync(`${file}.gz`))).toBe(true);
    const plain = await server.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(big);
  });

  it('never serves a compressed copy under its own name', async () => {
    for (const suffix of ['.br', '.gz']) {
      const res = await server.app.inject({ url: `/m/assets/rows-abc123.js${suffix}` });
      expect(res.statusCode, suffix).toBe(404);
    }
  });

  it('still serves a file without copies', async () => {
    const res = await server.app.inject({ url: '/m/assets/tiny-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    const body = res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload).toString() : res.body;
    expect(body).toBe('export {};\n');
  });
});

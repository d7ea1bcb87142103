/**
 * Answers compressed once (plugins/external/compress.ts): a visitor's JSON answer is compressed
 * once per exact bytes and an answer with a per-visit tail (the startup settings) once per
 * shared part; each still decodes to exactly what the request would get uncompressed, with the
 * request's own location.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PH, startServer, type TestServer } from '../helpers';

describe('answers compressed once', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('pglite');
  });
  afterAll(async () => {
    await server?.close();
  });

  const get = (url: string, encoding: string | undefined, ip: string, headers: Record<string, string> = {}) =>
    server.app.inject({ url, headers: { host: PH, ...(encoding ? { 'accept-encoding': encoding } : {}), ...headers }, remoteAddress: ip });
  const decode = (res: { headers: Record<string, unknown>; rawPayload: Buffer }) =>
    res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload).toString() : res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload).toString() : res.rawPayload.toString();

  it('serves the game list in brotli or gzip, the same bytes to every visitor, decoding to the plain answer', async () => {
    const url = '/wps/game/list?gameType=RNG&page=1&pageSize=26&language=EN&platform=html5';
    const plain = await get(url, undefined, '10.6.0.1');
    const [br1, br2, gz] = [await get(url, 'gzip, deflate, br', '10.6.0.2'), await get(url, 'br', '10.6.0.3'), await get(url, 'gzip', '10.6.0.4')];
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect([br1, br2, gz].map((r) => r.headers['content-encoding'])).toEqual(['br', 'br', 'gzip']);
    expect(br1.rawPayload.equals(br2.rawPayload)).toBe(true);
    for (const res of [br1, br2, gz]) {
      expect(decode(res)).toBe(plain.body);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/);
      expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
    }
  });

  it('gives each visitor its own location and clock after the shared startup settings', async () => {
    const answers = await Promise.all(['10.6.1.1', '10.6.1.2', '10.6.1.3'].map((ip, n) => get('/wps/system/startup', ['br', 'gzip', undefined][n], ip)));
    const values = answers.map((res) => (JSON.parse(decode(res)) as { value: { location: { ip: string }; serverTime: string } }).value);
    expect(values.map((v) => v.location.ip)).toEqual(['10.6.1.1', '10.6.1.2', '10.6.1.3']);
    const shared = values.map(({ location: _l, serverTime: _t, ...rest }) => JSON.stringify(rest));
    expect(new Set(shared).size).toBe(1);
    expect(answers[0].headers['content-encoding']).toBe('br');
    expect(answers[1].headers['content-encoding']).toBe('gzip');
  });

  it('compresses a member\'s answer on its own, never from what another request produced', async () => {
    const url = '/wps/game/list?gameType=RNG&page=1&pageSize=26&language=EN&platform=html5';
    const withToken = await get(url, 'br', '10.6.2.1', { authorization: 'Bearer not-a-session' });
    expect(withToken.statusCode).toBe(200);
    expect(decode(withToken)).toBe((await get(url, undefined, '10.6.2.2')).body);
  });
});

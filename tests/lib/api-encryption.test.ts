/** The client's encrypted bodies: kid, iat on the server's clock and a fresh jti in the protected header. */
import { compactDecrypt, exportJWK, generateKeyPair } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApi, request } from '../../src/lib/api/client';

describe('encrypted request bodies', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    configureApi({ encryption: () => null, clockOffsetMs: () => 0 });
  });

  it('name the key and carry iat (server clock) and a single-use jti', async () => {
    const pair = await generateKeyPair('RSA-OAEP-256', { extractable: true });
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'key-1' };
    const offset = -90_000;
    configureApi({ encryption: () => ({ header: 'X-Encrypted', alg: 'RSA-OAEP-256', enc: 'A256GCM', jwk }), clockOffsetMs: () => offset });
    const sent: { headers: Record<string, string>; body: string }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        sent.push({ headers: init.headers as Record<string, string>, body: String(init.body) });
        return new Response(JSON.stringify({ success: true, value: {} }), { status: 200 });
      }),
    );
    await request('POST', '/wps/session/login', { body: { username: 'a', password: 'b' }, encrypt: true });
    await request('POST', '/wps/session/login', { body: { username: 'a', password: 'b' }, encrypt: true });
    const headers = [];
    for (const s of sent) {
      expect(s.headers['X-Encrypted']).toBe('1');
      const { plaintext, protectedHeader } = await compactDecrypt((JSON.parse(s.body) as { payload: string }).payload, pair.privateKey);
      expect(JSON.parse(new TextDecoder().decode(plaintext))).toEqual({ username: 'a', password: 'b' });
      headers.push(protectedHeader);
    }
    const now = (Date.now() + offset) / 1000;
    for (const h of headers) {
      expect(h).toMatchObject({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: 'key-1' });
      expect(Math.abs((h.iat as number) - now)).toBeLessThan(5);
      expect(h.jti).toMatch(/^[A-Za-z0-9_-]{22}$/);
    }
    expect(headers[0].jti).not.toBe(headers[1].jti);
  });
});

/**
 * RefGames' process settings: the signing keys and the wallet URL from the environment, with a
 * one-line reason when they are missing or unreadable.
 */
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signingOf, walletUrlOf } from '../../reference/refgames/main';

describe('RefGames settings', () => {
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
  const b64 = (pem: string) => Buffer.from(pem).toString('base64');

  it('reads RSA keys given as PEM or as PEM in base64', () => {
    const fromPem = signingOf({ REFGAMES_PRIVATE_KEY: pair.privateKey, REFGAMES_WALLET_PUBLIC_KEY: pair.publicKey });
    const fromBase64 = signingOf({ REFGAMES_SIGNING: 'rsa', REFGAMES_PRIVATE_KEY: b64(pair.privateKey), REFGAMES_WALLET_PUBLIC_KEY: b64(pair.publicKey) });
    expect(fromPem).toEqual(fromBase64);
    expect(fromPem.kind).toBe('rsa');
  });

  it('refuses missing, unreadable or short settings', () => {
    expect(() => signingOf({})).toThrow('REFGAMES_PRIVATE_KEY');
    expect(() => signingOf({ REFGAMES_PRIVATE_KEY: pair.privateKey })).toThrow('REFGAMES_WALLET_PUBLIC_KEY');
    expect(() => signingOf({ REFGAMES_PRIVATE_KEY: 'bm90IGEga2V5', REFGAMES_WALLET_PUBLIC_KEY: pair.publicKey })).toThrow('not a readable private key');
    expect(() => signingOf({ REFGAMES_SIGNING: 'hmac', REFGAMES_SECRET: 'short' })).toThrow('at least 32 characters');
    expect(signingOf({ REFGAMES_SIGNING: 'hmac', REFGAMES_SECRET: 'x'.repeat(32) })).toEqual({ kind: 'hmac', secret: 'x'.repeat(32) });
    expect(() => signingOf({ REFGAMES_SIGNING: 'md5' })).toThrow('rsa or hmac');
    expect(() => walletUrlOf(undefined)).toThrow('REFGAMES_WALLET_URL is required');
    expect(() => walletUrlOf('ftp://x')).toThrow('http or https');
    expect(walletUrlOf('http://127.0.0.1:8080/vendor/REFGAMES/')).toBe('http://127.0.0.1:8080/vendor/REFGAMES');
  });
});

/**
 * The platform's side of the seamless wallet's signatures (docs/vendor-wallet.md, Transport):
 * header X-Wallet-Signature, base64 of RSA-SHA256 (PKCS#1 v1.5) or HMAC-SHA256 over the raw body.
 * A vendor's requests are checked with its public key or the shared secret; the platform's
 * answers are signed with VENDOR_WALLET_PRIVATE_KEY (rsa vendors) or that secret (hmac vendors).
 */
import { createHmac, createPrivateKey, createPublicKey, createSign, createVerify, timingSafeEqual, type KeyObject } from 'node:crypto';
import type { VendorConfig } from '../../../config';

export const SIGNATURE_HEADER = 'x-wallet-signature';
/** A request whose timestamp is further than this from the platform's clock is refused. */
const MAX_SKEW_SECONDS = 300;

/** How the platform checks one vendor's requests and signs its answers to it. */
export interface VendorSigner {
  verify(rawBody: string, signature: unknown): boolean;
  sign(rawBody: string): string;
}

function hmacOf(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body).digest('base64');
}

/** The signer of a configured vendor; `walletKey` is the platform's private key (required for rsa vendors). */
export function vendorSigner(vendor: VendorConfig, walletKey: string | undefined): VendorSigner {
  if (vendor.signing === 'hmac') {
    const secret = vendor.secret!;
    return {
      verify: (body, signature) => {
        if (typeof signature !== 'string' || signature === '') return false;
        const expected = Buffer.from(hmacOf(secret, body));
        const given = Buffer.from(signature);
        return expected.length === given.length && timingSafeEqual(expected, given);
      },
      sign: (body) => hmacOf(secret, body),
    };
  }
  const peer: KeyObject = createPublicKey(vendor.publicKey!);
  if (!walletKey) throw new Error(`VENDOR_WALLET_PRIVATE_KEY is required to answer VENDOR_${vendor.code}`);
  const own: KeyObject = createPrivateKey(walletKey);
  return {
    verify: (body, signature) => {
      if (typeof signature !== 'string' || signature === '') return false;
      try {
        return createVerify('RSA-SHA256').update(body).verify(peer, signature, 'base64');
      } catch {
        return false;
      }
    },
    sign: (body) => createSign('RSA-SHA256').update(body).sign(own, 'base64'),
  };
}

/** The platform's public key in PEM (GET /vendor/wallet-key.pem), from its private key. */
export function walletPublicKeyPem(walletKey: string): string {
  return createPublicKey(createPrivateKey(walletKey)).export({ type: 'spki', format: 'pem' }).toString();
}

/** Whether a request's timestamp (Unix seconds) is within MAX_SKEW_SECONDS of `nowSeconds`. */
export function freshTimestamp(timestamp: unknown, nowSeconds: number): boolean {
  return typeof timestamp === 'number' && Number.isFinite(timestamp) && Math.abs(nowSeconds - timestamp) <= MAX_SKEW_SECONDS;
}

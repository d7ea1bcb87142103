/**
 * The seamless-wallet protocol as a vendor speaks it (docs/vendor-wallet.md): the shapes of the
 * requests and answers, the statuses, and the signing of bodies. Written from the document, not
 * imported from the platform: the vendor (RefGames) and the conformance kit are other parties.
 */
import { createHmac, createSign, createVerify, randomUUID, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-wallet-signature';
/** A request whose timestamp is further than this from the wallet's clock is refused. */
export const MAX_SKEW_SECONDS = 300;

export const STATUSES = [
  'RS_OK',
  'RS_ERROR_UNKNOWN',
  'RS_ERROR_INVALID_TOKEN',
  'RS_ERROR_TOKEN_EXPIRED',
  'RS_ERROR_INVALID_GAME',
  'RS_ERROR_WRONG_CURRENCY',
  'RS_ERROR_NOT_ENOUGH_MONEY',
  'RS_ERROR_USER_DISABLED',
  'RS_ERROR_LIMIT_REACHED',
  'RS_ERROR_INVALID_SIGNATURE',
  'RS_ERROR_DUPLICATE_TRANSACTION',
  'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  'RS_ERROR_TRANSACTION_ROLLED_BACK',
  'RS_ERROR_WRONG_TYPES',
] as const;
export type Status = (typeof STATUSES)[number];

export type Endpoint = 'session/open' | 'user/info' | 'user/balance' | 'transaction/bet' | 'transaction/win' | 'transaction/rollback';

interface Signed {
  request_uuid: string;
  /** Unix seconds. */
  timestamp: number;
}

export interface Requests {
  'session/open': { token: string };
  'user/info': { user: string };
  'user/balance': { user: string; token: string; game_code: string };
  'transaction/bet': { user: string; token: string; transaction_uuid: string; round: string; game_code: string; currency: string; amount: number };
  'transaction/win': {
    user: string;
    token: string;
    transaction_uuid: string;
    reference_transaction_uuid: string;
    round: string;
    round_closed: boolean;
    game_code: string;
    currency: string;
    amount: number;
  };
  'transaction/rollback': { user: string; token: string; transaction_uuid: string; reference_transaction_uuid: string; round: string; game_code: string };
}

interface Answered {
  status: Status;
  request_uuid?: string;
  /** With RS_ERROR_USER_DISABLED and RS_ERROR_LIMIT_REACHED: why. */
  reason?: string;
  /** With RS_ERROR_WRONG_TYPES: the JSON pointer of the field. */
  field?: string;
}

export interface Answers {
  'session/open': Answered & { token?: string; user?: string; currency?: string; country?: string; lang?: string; display_name?: string; balance?: number; game_code?: string };
  'user/info': Answered & { user?: string; currency?: string; country?: string; lang?: string; display_name?: string; registered_at?: string; verified?: boolean; is_test?: boolean };
  'user/balance': Answered & { user?: string; currency?: string; balance?: number };
  'transaction/bet': Answered & { user?: string; currency?: string; balance?: number };
  'transaction/win': Answered & { user?: string; currency?: string; balance?: number };
  'transaction/rollback': Answered & { user?: string; currency?: string; balance?: number };
}

/** How one side signs and checks bodies: RSA-SHA256 with a key pair, or HMAC-SHA256 with a shared secret. */
export type Signing = { kind: 'rsa'; privateKey: string; peerPublicKey: string } | { kind: 'hmac'; secret: string };

/** Base64 signature of `body` (the raw bytes sent). */
export function sign(signing: Signing, body: string): string {
  if (signing.kind === 'hmac') return createHmac('sha256', signing.secret).update(body).digest('base64');
  return createSign('RSA-SHA256').update(body).sign(signing.privateKey, 'base64');
}

/** Whether `signature` is the peer's over `body`. */
export function verify(signing: Signing, body: string, signature: string | undefined | null): boolean {
  if (typeof signature !== 'string' || signature.length === 0) return false;
  if (signing.kind === 'hmac') {
    const expected = Buffer.from(sign(signing, body));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
  try {
    return createVerify('RSA-SHA256').update(body).verify(signing.peerPublicKey, signature, 'base64');
  } catch {
    return false;
  }
}

/** A PEM key given as PEM text or as PEM in base64 (one line, for environment variables). */
export function pemOf(text: string): string {
  const trimmed = text.trim();
  return trimmed.startsWith('-----') ? trimmed : Buffer.from(trimmed, 'base64').toString('utf8');
}

export interface Call<E extends Endpoint> {
  /** HTTP status. */
  http: number;
  body: Answers[E];
  /** The raw answer, as received. */
  raw: string;
  /** Whether the answer's signature verified. */
  signed: boolean;
  /** What was sent. */
  sent: Requests[E] & Signed;
}

export interface WalletClientOptions {
  /** The wallet's base for this vendor, for example http://127.0.0.1:8080/vendor/REFGAMES. */
  base: string;
  signing: Signing;
  /** Milliseconds before a call is abandoned (default 5000). */
  timeoutMs?: number;
  /** The clock, Unix seconds (tests move it). */
  now?: () => number;
}

/** A vendor's client of a seamless wallet: signs each request, checks each answer's signature. */
export class WalletClient {
  constructor(private readonly options: WalletClientOptions) {}

  /**
   * One call. `request_uuid` is fresh unless given (a retry gives the same one); `tamper` may
   * change the raw body after it is signed (the conformance kit's forged requests).
   */
  async call<E extends Endpoint>(
    endpoint: E,
    request: Requests[E] & Partial<Signed>,
    extra: { signature?: string | null; tamper?: (raw: string) => string; signing?: Signing } = {},
  ): Promise<Call<E>> {
    const sent = { ...request, request_uuid: request.request_uuid ?? randomUUID(), timestamp: request.timestamp ?? (this.options.now?.() ?? Math.floor(Date.now() / 1000)) } as Requests[E] & Signed;
    const raw = JSON.stringify(sent);
    const signature = extra.signature === undefined ? sign(extra.signing ?? this.options.signing, raw) : extra.signature;
    const body = extra.tamper ? extra.tamper(raw) : raw;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (signature !== null) headers[SIGNATURE_HEADER] = signature;
    const res = await fetch(`${this.options.base.replace(/\/$/, '')}/${endpoint}`, {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 5000),
    });
    const text = await res.text();
    let parsed: Answers[E];
    try {
      parsed = JSON.parse(text) as Answers[E];
    } catch {
      parsed = { status: 'RS_ERROR_UNKNOWN' } as Answers[E];
    }
    return { http: res.status, body: parsed, raw: text, signed: verify(this.options.signing, text, res.headers.get(SIGNATURE_HEADER)), sent };
  }
}

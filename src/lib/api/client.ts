/**
 * The one module that talks to the platform API. Every call goes through `request`, which
 * unwraps the envelope `{ success, value?, errorCode?, message? }`: a success resolves with
 * `value`, anything else rejects with an ApiFailure carrying the stable errorCode and the i18n
 * key. Where a merchant runs its own platform, only the base URL changes (`configureApi`).
 *
 * `request` is typed by the endpoint map generated from schemas/api: the method and path name a
 * route, whose query, body and answer types follow, so a caller cannot pick the answer's type.
 */
import type { EndpointKey, Endpoints } from '../../generated/api/endpoints';
import { proxy } from 'valtio';
import { noteTenantVersion } from './tenant-version';

interface Envelope<T> {
  success: boolean;
  value?: T;
  errorCode?: string;
  message?: string;
}

/** A call that did not succeed: a platform error, or the network failing (errorCode "network"). */
export class ApiFailure extends Error {
  readonly errorCode: string;
  /** i18n key of the message to show. */
  readonly messageKey: string;
  readonly value: unknown;
  readonly status: number;

  constructor(errorCode: string, messageKey: string, status: number, value?: unknown) {
    super(`${errorCode} (${status})`);
    this.name = 'ApiFailure';
    this.errorCode = errorCode;
    this.messageKey = messageKey;
    this.status = status;
    this.value = value;
  }

  /** The field the server named for a validation failure (a JSON pointer such as "/username"). */
  get field(): string | undefined {
    const v = this.value as { field?: unknown } | undefined;
    return typeof v?.field === 'string' ? v.field : undefined;
  }
}

/**
 * A network failure's message: "You are offline" when the device says so (the page may be the
 * service worker's copy, and a money call must say why it failed), else a slow network.
 */
function networkFailure(): ApiFailure {
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  return new ApiFailure('network', offline ? 'network_offline' : 'network_slow', 0);
}

/** Why the server ended a session, when it says: the message key and its parameters. */
export interface SessionEndReason {
  messageKey: string;
  params?: Record<string, string | number>;
}

/** The session is gone: ended (session.invalid) or ended by an exclusion (member.excluded with 401). */
function sessionEnd(code: string, status: number, messageKey: string, value: unknown): SessionEndReason | null | undefined {
  if (code === 'session.invalid') return undefined;
  if (code === 'member.excluded' && status === 401) return { messageKey, params: (value as { params?: Record<string, string> } | undefined)?.params };
  // The member's session time limit ended the login: told in its own words.
  if (code === 'limit.session.reached') return { messageKey };
  return null;
}

/** Encryption settings from the startup settings (spec: login and register bodies are encrypted). */
export interface EncryptionSettings {
  header: string;
  alg: string;
  enc: string;
  jwk: JsonWebKey;
}

interface ApiConfig {
  baseUrl: string;
  token: () => string | null;
  encryption: () => EncryptionSettings | null;
  /**
   * Called with the token sent when the server says the session is gone, so the store can clear
   * it; with the server's reason when it has one to tell (a time-out or self-exclusion ended it).
   */
  onSessionInvalid: (sentToken: string | null, reason?: SessionEndReason) => void;
  /** Extra headers, e.g. the device header OTHERS when running as an installed web app. */
  headers: () => Record<string, string>;
  /** Server clock minus this device's clock (ms), from the startup settings' serverTime. */
  clockOffsetMs: () => number;
}

/**
 * Refusals that end the member's session here: a token the server no longer knows, and a login
 * that reached the member's session time limit (its own message says so).
 */

const config: ApiConfig = {
  baseUrl: '',
  token: () => null,
  encryption: () => null,
  onSessionInvalid: () => undefined,
  headers: () => ({}),
  clockOffsetMs: () => 0,
};

/** Wires the client to the session store and startup settings; called once by the app shell. */
export function configureApi(partial: Partial<ApiConfig>): void {
  Object.assign(config, partial);
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Routes answering JSON in the envelope (not the pages, scripts and images). */
type JsonEndpoint = { [K in EndpointKey]: Endpoints[K]['produces'] extends 'application/json' ? K : never }[EndpointKey];

/** JSON routes read with GET: what the SWR hooks cache. */
export type GetEndpoint = { [K in JsonEndpoint]: Endpoints[K]['method'] extends 'GET' ? K : never }[JsonEndpoint];

/** Paths of the JSON routes of a method (path parameters as template slots). */
export type PathOf<M extends Method> = { [K in JsonEndpoint]: Endpoints[K]['method'] extends M ? Endpoints[K]['path'] : never }[JsonEndpoint];

/** The route a method and a filled-in path call. */
export type EndpointAt<M extends Method, P extends string> = {
  [K in JsonEndpoint]: Endpoints[K]['method'] extends M ? (P extends Endpoints[K]['path'] ? K : never) : never;
}[JsonEndpoint];

export type QueryOf<K extends EndpointKey> = Exclude<Endpoints[K]['query'], undefined>;
export type ResponseOf<K extends EndpointKey> = Endpoints[K]['response'];

type QueryOption<E extends Endpoints[EndpointKey]> = [E['query']] extends [undefined] ? { query?: undefined } : { query?: E['query'] };
type BodyOption<E extends Endpoints[EndpointKey]> = [E['payload']] extends [undefined]
  ? [E['body']] extends [undefined]
    ? { body?: undefined; form?: undefined; encrypt?: undefined }
    : { body?: E['body']; form?: { [F in keyof Exclude<E['body'], null>]: string }; encrypt?: undefined }
  : // An encrypted route: the payload is what the caller hands over; the wire body is its JWE.
    { body: E['payload']; encrypt: true; form?: undefined };

/**
 * Routes that declare request headers (an Idempotency-Key) must be given them; an encrypted
 * route's header is the client's own (see encryptBody).
 */
type HeadersOption<E extends Endpoints[EndpointKey]> = [E['headers']] extends [undefined]
  ? { headers?: undefined }
  : [E['payload']] extends [undefined]
    ? { headers: E['headers'] }
    : { headers?: undefined };
/** A route without a JSON body may take a raw one (an image upload), sent with the Blob's own type. */
type BlobOption<E extends Endpoints[EndpointKey]> = [E['body']] extends [undefined] ? { blob?: Blob } : { blob?: undefined };

/** What a call of route K takes: its query and body types, encryption where the route needs it. */
export type RequestOptionsFor<K extends EndpointKey> = QueryOption<Endpoints[K]> &
  BodyOption<Endpoints[K]> &
  HeadersOption<Endpoints[K]> &
  BlobOption<Endpoints[K]> & { signal?: AbortSignal };

/** The options argument may be left out when nothing in it is required. */
type OptionsArg<O> = object extends O ? [opts?: O] : [opts: O];

/**
 * A path taken from an endpoint key ("GET /wps/member/wallet"), so already checked against the
 * map. The brand keeps arbitrary strings away from `request`'s unchecked form, which the SWR
 * fetcher uses for the keys it is handed (and which a test's mock of `request` implements).
 */
export type CheckedPath = string & { readonly __checkedPath: true };

export interface RequestOptions {
  query?: Query;
  /** JSON body. */
  body?: unknown;
  /** Form-encoded body (the spec's forgot-password call). */
  form?: Record<string, string>;
  /** Encrypt the JSON body as JWE (login and register). */
  encrypt?: boolean;
  /** Request headers the route declares (e.g. idempotency-key). */
  headers?: object;
  /** A raw body (an image), sent with the Blob's type as its content type. */
  blob?: Blob;
  signal?: AbortSignal;
}

function urlFor(path: string, query?: object): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return `${config.baseUrl}${path}${qs ? `?${qs}` : ''}`;
}

/** A single-use JWE id: 128 random bits, base64url. */
function newJti(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * JWE compact serialisation of the body with the server's public key; jose loads only when
 * needed. The protected header names the key (kid) and carries the time (iat, seconds, on the
 * server's clock) and a single-use id (jti): the server refuses a stale or replayed body.
 */
async function encryptBody(body: unknown): Promise<{ headers: Record<string, string>; text: string }> {
  const enc = config.encryption();
  if (!enc) throw new ApiFailure('encryption.unavailable', 'unknown_error', 0);
  const { CompactEncrypt, importJWK } = await import('jose');
  const jwk = enc.jwk as Parameters<typeof importJWK>[0];
  const key = await importJWK(jwk, enc.alg);
  const iat = Math.floor((Date.now() + config.clockOffsetMs()) / 1000);
  const jwe = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify(body)))
    .setProtectedHeader({ alg: enc.alg, enc: enc.enc, ...(jwk.kid ? { kid: jwk.kid } : {}), iat, jti: newJti() })
    .encrypt(key);
  return { headers: { [enc.header]: '1' }, text: JSON.stringify({ payload: jwe }) };
}

/** Calls route `method path` of the API and unwraps the envelope; the answer has the route's type. */
export function request<M extends Method, P extends PathOf<M>>(
  method: M,
  path: P,
  ...opts: OptionsArg<RequestOptionsFor<EndpointAt<M, P>>>
): Promise<ResponseOf<EndpointAt<M, P>>>;
/** A path from an endpoint key: the caller knows the answer's type from that key. */
export function request(method: Method, path: CheckedPath, opts?: RequestOptions): Promise<unknown>;
export async function request(method: Method, path: string, opts: Omit<RequestOptions, 'query'> & { query?: object } = {}): Promise<unknown> {
  const headers: Record<string, string> = { accept: 'application/json', ...config.headers() };
  for (const [name, value] of Object.entries(opts.headers ?? {})) if (typeof value === 'string') headers[name] = value;
  const token = config.token();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: string | Blob | undefined;
  if (opts.blob) {
    headers['content-type'] = opts.blob.type;
    body = opts.blob;
  } else if (opts.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(opts.form).toString();
  } else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    if (opts.encrypt) {
      const sealed = await encryptBody(opts.body);
      Object.assign(headers, sealed.headers);
      body = sealed.text;
    } else body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    res = await fetch(urlFor(path, opts.query), { method, headers, body, signal: opts.signal, credentials: 'same-origin' });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw networkFailure();
  }
  noteFreshness(res);
  noteTenantVersion(res.headers.get('x-tenant-version'));
  let envelope: Envelope<unknown>;
  try {
    envelope = (await res.json()) as Envelope<unknown>;
  } catch {
    throw new ApiFailure('server.error', 'unknown_error', res.status);
  }
  if (envelope.success) return envelope.value;
  const code = envelope.errorCode ?? 'server.error';
  const ended = sessionEnd(code, res.status, envelope.message ?? 'unknown_error', envelope.value);
  if (ended !== null) config.onSessionInvalid(token, ended);
  throw new ApiFailure(code, envelope.message ?? 'unknown_error', res.status, envelope.value);
}

/**
 * Whether the latest answer came from the server's cache because its database was out of reach
 * (HTTP `Warning: 110`): the shell then shows that some data may be out of date, until an answer
 * comes fresh again.
 */
export const staleData = proxy({ stale: false });
/** What the server renders: fresh data. */
export const FRESH_DATA: { readonly stale: boolean } = { stale: false };

function noteFreshness(res: Response): void {
  const stale = /^\s*110\b/.test(res.headers.get('warning') ?? '');
  if (stale || res.ok) staleData.stale = stale;
}

/** Routes answering a file to download (not the JSON envelope): CSV statements. */
export type DownloadEndpoint = { [K in EndpointKey]: Endpoints[K]['produces'] extends 'text/csv' ? K : never }[EndpointKey];

/**
 * Reads a download route with the session token (a plain link could not send it): the file as a
 * Blob and the name the server gives it (Content-Disposition). Refusals reject as `request` does.
 */
export async function requestDownload(
  path: Endpoints[DownloadEndpoint]['path'],
  opts: { query?: Record<string, string | number>; signal?: AbortSignal } = {},
): Promise<{ blob: Blob; filename: string | null }> {
  const headers: Record<string, string> = { ...config.headers() };
  const token = config.token();
  if (token) headers.authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(urlFor(path, opts.query), { method: 'GET', headers, signal: opts.signal, credentials: 'same-origin' });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw networkFailure();
  }
  if (res.ok) {
    const disposition = res.headers.get('content-disposition') ?? '';
    return { blob: await res.blob(), filename: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null };
  }
  let envelope: Envelope<unknown> = { success: false };
  try {
    envelope = (await res.json()) as Envelope<unknown>;
  } catch {
    throw new ApiFailure('server.error', 'unknown_error', res.status);
  }
  const code = envelope.errorCode ?? 'server.error';
  const ended = sessionEnd(code, res.status, envelope.message ?? 'unknown_error', envelope.value);
  if (ended !== null) config.onSessionInvalid(token, ended);
  throw new ApiFailure(code, envelope.message ?? 'unknown_error', res.status, envelope.value);
}

/** Routes answering an image (not the JSON envelope). */
export type ImageEndpoint = { [K in EndpointKey]: Endpoints[K]['produces'] extends 'image/' ? K : never }[EndpointKey];

/**
 * Reads an image route with the session token (an <img src> could not send it): the picture as a
 * Blob, or null when the server has none (404 not.found). Other refusals reject as `request` does.
 */
export async function requestImage(method: 'GET', path: Endpoints[ImageEndpoint]['path'], opts: { signal?: AbortSignal } = {}): Promise<Blob | null> {
  const headers: Record<string, string> = { accept: 'image/*', ...config.headers() };
  const token = config.token();
  if (token) headers.authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(urlFor(path), { method, headers, signal: opts.signal, credentials: 'same-origin' });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw networkFailure();
  }
  if (res.ok) return res.blob();
  let envelope: Envelope<unknown> = { success: false };
  try {
    envelope = (await res.json()) as Envelope<unknown>;
  } catch {
    throw new ApiFailure('server.error', 'unknown_error', res.status);
  }
  const code = envelope.errorCode ?? 'server.error';
  if (code === 'not.found') return null;
  const ended = sessionEnd(code, res.status, envelope.message ?? 'unknown_error', envelope.value);
  if (ended !== null) config.onSessionInvalid(token, ended);
  throw new ApiFailure(code, envelope.message ?? 'unknown_error', res.status, envelope.value);
}

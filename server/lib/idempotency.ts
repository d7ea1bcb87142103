/**
 * Idempotent money-moving requests. A route says `"idempotent": true` in its x-routes entry
 * (schemas/api); apiRoute (server/lib/route.ts) then reads the key, hashes the request and hands
 * the handler the runner (`Once`) that moves the money. The client sends `Idempotency-Key`
 * (8-128 characters of A-Z a-z 0-9 _ -), fresh per operation and the same on a retry of that
 * operation. Per member and route, the first successful result is kept for
 * IDEMPOTENCY_TTL_SECONDS:
 *
 * - a repeat with the same key and the same request (path and body) answers that result again,
 *   moving nothing;
 * - the same key with another request (SHA-256 of the canonical JSON) is refused with 422
 *   `idempotency.key.reused`;
 * - two requests racing with one key: the key row is inserted in the transaction that moves the
 *   money, first thing, so the primary key makes the second wait for the first; it then finds
 *   the committed result and answers it.
 *
 * A request that fails (insufficient balance, ...) rolls back with its transaction and keeps no
 * key: a retry runs again.
 */
import { createHash } from 'node:crypto';
import type { Platform } from '../platform';
import { configure } from 'safe-stable-stringify';
import type { Tx } from '../db/client';
import { ApiError, validationError } from '../errors';
import type { IdempotencyScope, StoredResult } from '../repositories/idempotency';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;
const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;

/**
 * JSON with object keys sorted at every level (safe-stable-stringify): equal bodies hash equally
 * whatever their key order; a cycle throws instead of hashing a placeholder.
 */
const stableJson = configure({ circularValue: Error });
export function canonicalJson(value: unknown): string {
  return stableJson(value) ?? 'null';
}

export interface IdempotentRequest extends IdempotencyScope {
  requestHash: string;
}

/** What an idempotent request is known by: the route's x-routes name, its member and its parts. */
export interface KeyedRequest {
  /** The route, `<file>.<name>` of schemas/api (e.g. `withdrawal.create`): the key's scope. */
  scope: string;
  method: string;
  /** The Idempotency-Key header as received. */
  key: unknown;
  memberId: number | undefined;
  params: unknown;
  body: unknown;
  /** Top-level body fields left out of the hash (a payment password: its hash would give it away). */
  omits?: readonly string[];
}

/**
 * The idempotency key and request hash of a request to an idempotent route: SHA-256 of the
 * method, the route and the canonical JSON of its params and body (less `omits`). A missing or
 * malformed key is a 400 naming the header; no member is a 401.
 */
export function idempotentRequest(request: KeyedRequest): IdempotentRequest {
  const { key } = request;
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw validationError(`/${IDEMPOTENCY_HEADER}`, { location: 'headers', reason: 'Idempotency-Key must be 8 to 128 characters of A-Z a-z 0-9 _ -' });
  }
  if (request.memberId === undefined) throw new ApiError('session.required', 401);
  let body = request.body ?? null;
  if (request.omits?.length && body !== null && typeof body === 'object' && !Array.isArray(body)) {
    body = Object.fromEntries(Object.entries(body).filter(([field]) => !request.omits!.includes(field)));
  }
  const hashed = canonicalJson({ params: request.params ?? null, body });
  const requestHash = createHash('sha256').update(`${request.method} ${request.scope}\n${hashed}`).digest('hex');
  return { memberId: request.memberId, scope: request.scope, key, requestHash };
}

/**
 * The runner apiRoute hands the handler of an idempotent route: `once(work)` runs `work` in one
 * transaction under the request's key and answers its value, or the stored value of the first
 * request with this key (withIdempotency). Checks that must not roll back (a wrong payment
 * password counting its try) and refusals that write nothing come before it.
 */
export type Once = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;

/** A runner of request `id` that runs once; `ran()` tells whether it was used. */
export function runnerOf(platform: Pick<Platform, 'db' | 'repos'>, id: IdempotentRequest): { once: Once; ran: () => boolean } {
  let used = false;
  const once: Once = (work) => {
    if (used) throw new Error(`${id.scope}: the idempotent work of a request runs once`);
    used = true;
    return withIdempotency(platform, id, work);
  };
  return { once, ran: () => used };
}

function replay(id: IdempotentRequest, stored: StoredResult): unknown {
  if (stored.requestHash !== id.requestHash) throw new ApiError('idempotency.key.reused', 422, { header: 'Idempotency-Key' });
  return stored.response;
}

/**
 * Runs `work` in one transaction under the request's idempotency key and returns its value (the
 * route's answer), or the value of the first request with this key. `work` must use `tx` only.
 */
export async function withIdempotency<T>(app: Pick<Platform, 'db' | 'repos'>, id: IdempotentRequest, work: (tx: Tx) => Promise<T>): Promise<T> {
  const { idempotency } = app.repos;
  // No read before the transaction: a fresh key (nearly every request) costs only its claim; a
  // repeat finds the claim taken and answers the stored result from within the transaction.
  const outcome = await app.db.orm.transaction(async (tx) => {
    if (!(await idempotency.claim(tx, id, id.requestHash, IDEMPOTENCY_TTL_SECONDS))) {
      // A request with this key committed first (or while this one waited): answer its result.
      const stored = await idempotency.find(id, tx);
      if (!stored) throw new ApiError('server.error', 500);
      return { replayed: true as const, stored };
    }
    const value = await work(tx);
    await idempotency.complete(tx, id, 200, value);
    return { replayed: false as const, value };
  });
  return outcome.replayed ? (replay(id, outcome.stored) as T) : outcome.value;
}

/**
 * Idempotent money-moving requests. The client sends `Idempotency-Key` (8-128 characters of
 * A-Z a-z 0-9 _ -), fresh per operation and the same on a retry of that operation. Per member
 * and route, the first successful result is kept for IDEMPOTENCY_TTL_SECONDS:
 *
 * - a repeat with the same key and the same body answers that result again, moving nothing;
 * - the same key with a different body (SHA-256 of the canonical JSON) is refused with 422
 *   `idempotency.key.reused`;
 * - two requests racing with one key: the key row is inserted in the transaction that moves the
 *   money, first thing, so the primary key makes the second wait for the first; it then finds
 *   the committed result and answers it.
 *
 * A request that fails (insufficient balance, ...) rolls back with its transaction and keeps no
 * key: a retry runs again.
 */
import { createHash } from 'node:crypto';
import type { Actor, Platform } from '../platform';
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

/**
 * The idempotency key of an authenticated request for route `scope`; a missing or malformed
 * header is a 400 naming it (routes also declare it in their schema).
 */
/** What the key is read from: the request (its header, method and body) of a member. */
export interface KeySource extends Pick<Actor, 'auth'> {
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly method: string;
  readonly body?: unknown;
}

export function idempotencyOf(request: KeySource, scope: string): IdempotentRequest {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (typeof raw !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(raw)) {
    throw validationError(`/${IDEMPOTENCY_HEADER}`, { location: 'headers', reason: 'Idempotency-Key must be 8 to 128 characters of A-Z a-z 0-9 _ -' });
  }
  const memberId = request.auth?.member.id;
  if (memberId === undefined) throw new ApiError('session.required', 401);
  const requestHash = createHash('sha256').update(`${request.method} ${scope}\n${canonicalJson(request.body ?? null)}`).digest('hex');
  return { memberId, scope, key: raw, requestHash };
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
  const earlier = await idempotency.find(id);
  if (earlier) return replay(id, earlier) as T;
  const outcome = await app.db.orm.transaction(async (tx) => {
    if (!(await idempotency.claim(tx, id, id.requestHash, IDEMPOTENCY_TTL_SECONDS))) {
      // Another request with this key committed while this one waited: answer its result.
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

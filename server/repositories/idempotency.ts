import { sql } from 'drizzle-orm';
import { rows, type Executor, type Tx } from '../db/client';

export interface IdempotencyScope {
  memberId: number;
  /** The route, e.g. `inhouse.spin`. */
  scope: string;
  key: string;
}

export interface StoredResult {
  requestHash: string;
  status: number;
  response: unknown;
}

/** The first result of each idempotency key, per member and route (see lib/idempotency). */
export class IdempotencyRepository {
  constructor(private readonly db: Executor) {}

  /** The stored result of a key, unless it expired. */
  async find(id: IdempotencyScope, tx: Executor = this.db): Promise<StoredResult | null> {
    const [row] = await rows<{ request_hash: string; status: number; response: unknown }>(
      tx,
      sql`SELECT request_hash, status, response FROM idempotency_keys
          WHERE member_id = ${id.memberId} AND scope = ${id.scope} AND key = ${id.key} AND expires_at > now()`,
    );
    return row ? { requestHash: row.request_hash, status: Number(row.status), response: row.response } : null;
  }

  /**
   * Takes the key for this transaction, before any work: the primary key makes a concurrent
   * transaction with the same key wait here until this one ends. False: the key is already
   * taken by a committed request (read it with `find`). An expired row is taken over.
   */
  async claim(tx: Tx, id: IdempotencyScope, requestHash: string, ttlSeconds: number): Promise<boolean> {
    const inserted = await rows<{ key: string }>(
      tx,
      sql`INSERT INTO idempotency_keys AS k (member_id, scope, key, request_hash, status, response, expires_at)
          VALUES (${id.memberId}, ${id.scope}, ${id.key}, ${requestHash}, 0, 'null'::jsonb, now() + make_interval(secs => ${ttlSeconds}))
          ON CONFLICT (member_id, scope, key) DO UPDATE SET
            request_hash = EXCLUDED.request_hash, status = 0, response = 'null'::jsonb,
            created_at = now(), expires_at = EXCLUDED.expires_at
          WHERE k.expires_at <= now()
          RETURNING key`,
    );
    return inserted.length === 1;
  }

  /** Stores the result of a claimed key, in the same transaction. */
  async complete(tx: Tx, id: IdempotencyScope, status: number, response: unknown): Promise<void> {
    await tx.execute(
      sql`UPDATE idempotency_keys SET status = ${status}, response = ${JSON.stringify(response)}::jsonb
          WHERE member_id = ${id.memberId} AND scope = ${id.scope} AND key = ${id.key}`,
    );
  }
}

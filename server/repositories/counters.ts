import { eq, sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client';
import { rateCounters } from '../db/schema';

export interface CounterState {
  count: number;
  /** Milliseconds until the window resets. */
  ttlMs: number;
}

/**
 * Fixed-window counters in the database, so that every instance sees the same numbers
 * (rate limits, login failures). One upsert per hit: atomic under concurrency.
 */
export class CounterRepository {
  constructor(private readonly db: Db) {}

  async hit(key: string, windowMs: number): Promise<CounterState> {
    const seconds = windowMs / 1000;
    const [row] = await rows<{ count: number; ttl_ms: number }>(
      this.db,
      sql`INSERT INTO rate_counters AS c (key, count, reset_at)
          VALUES (${key}, 1, now() + make_interval(secs => ${seconds}))
          ON CONFLICT (key) DO UPDATE SET
            count = CASE WHEN c.reset_at <= now() THEN 1 ELSE c.count + 1 END,
            reset_at = CASE WHEN c.reset_at <= now() THEN now() + make_interval(secs => ${seconds}) ELSE c.reset_at END
          RETURNING c.count::int AS count,
                    (extract(epoch FROM (c.reset_at - now())) * 1000)::int AS ttl_ms`,
    );
    return { count: Number(row.count), ttlMs: Math.max(0, Number(row.ttl_ms)) };
  }

  /** The current count (0 when the window has passed), without counting. */
  async peek(key: string): Promise<number> {
    const [row] = await rows<{ count: number }>(
      this.db,
      sql`SELECT count::int AS count FROM rate_counters WHERE key = ${key} AND reset_at > now()`,
    );
    return row ? Number(row.count) : 0;
  }

  /** The current count and the time left in its window (0 and 0 when the window has passed), without counting. */
  async state(key: string): Promise<CounterState> {
    const [row] = await rows<{ count: number; ttl_ms: number }>(
      this.db,
      sql`SELECT count::int AS count, (extract(epoch FROM (reset_at - now())) * 1000)::int AS ttl_ms
          FROM rate_counters WHERE key = ${key} AND reset_at > now()`,
    );
    return row ? { count: Number(row.count), ttlMs: Math.max(0, Number(row.ttl_ms)) } : { count: 0, ttlMs: 0 };
  }

  /** Takes one back (an attempt that turned out not to count); never below zero. */
  async giveBack(key: string): Promise<void> {
    await this.db
      .update(rateCounters)
      .set({ count: sql`greatest(${rateCounters.count} - 1, 0)` })
      .where(eq(rateCounters.key, key));
  }

  async reset(key: string): Promise<void> {
    await this.db.delete(rateCounters).where(eq(rateCounters.key, key));
  }
}

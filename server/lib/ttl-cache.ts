import { LRUCache } from 'lru-cache';

/**
 * A small per-instance cache of derived reads: each key's value is loaded once per `ttlMs`
 * (concurrent misses share one load) and the least recently used keys go past `max` (each of
 * the maps below is an `lru-cache` bounded by `max`). Only for data that may be seconds stale on
 * one instance (the game catalogue), never for balances or sessions.
 *
 * Ages are kept here, not as lru-cache TTLs: a value is fresh while `now - at < ttlMs` (gone at
 * exactly the TTL), a stale answer's limit is the caller's, and `now` may be any clock (tests
 * start theirs at 0, which lru-cache takes as "no start time").
 */
export class TtlCache<T> {
  private readonly map: LRUCache<string, { at: number; value: Promise<T> }>;
  /** Each key's last value that loaded and was kept, and when its load started (stale answers). */
  private readonly lastGood: LRUCache<string, { at: number; value: T }>;
  /** When a key's load last failed because the database was out of reach (getOrStale). */
  private readonly failedAt: LRUCache<string, number>;

  constructor(
    private readonly ttlMs: number,
    max = 1_000,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.map = new LRUCache({ max });
    this.lastGood = new LRUCache({ max });
    this.failedAt = new LRUCache({ max });
  }

  /**
   * The key's value, loaded when missing or older than the TTL. `keep` decides, once the load
   * is done, whether its value is remembered for the next callers; callers that came while it
   * was loading get it either way.
   */
  get(key: string, load: () => Promise<T>, keep?: (value: T) => boolean): Promise<T> {
    const now = this.now();
    const hit = this.map.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value;
    const value = load();
    this.map.set(key, { at: now, value });
    const forget = () => {
      if (this.map.peek(key)?.value === value) this.map.delete(key);
    };
    // A failed load is not remembered: the next request tries again.
    value.then((v) => {
      if (keep && !keep(v)) return forget();
      this.lastGood.set(key, { at: now, value: v });
    }, forget);
    return value;
  }

  /**
   * Like `get`, but when the load fails with an error `staleIf` accepts (the database is out of
   * reach), the key's last kept value is answered instead if it loaded less than `staleMs` after
   * its TTL ran out; `stale` tells the caller so. Meanwhile the load is tried again once per TTL,
   * not on every request (a database that does not answer makes each try wait for its timeout).
   * Any other failure, or no such value: thrown.
   */
  async getOrStale(
    key: string,
    load: () => Promise<T>,
    stale: { staleMs: number; staleIf: (err: unknown) => boolean },
    keep?: (value: T) => boolean,
  ): Promise<{ value: T; stale: boolean }> {
    const usable = () => {
      const last = this.lastGood.get(key);
      return last && this.now() - last.at < this.ttlMs + stale.staleMs ? last : undefined;
    };
    const sinceFailure = this.now() - (this.failedAt.get(key) ?? -Infinity);
    const last = usable();
    if (sinceFailure >= 0 && sinceFailure < this.ttlMs && last) return { value: last.value, stale: true };
    try {
      const value = await this.get(key, load, keep);
      this.failedAt.delete(key);
      return { value, stale: false };
    } catch (err) {
      if (!stale.staleIf(err)) throw err;
      this.failedAt.set(key, this.now());
      const fallback = usable();
      if (fallback) return { value: fallback.value, stale: true };
      throw err;
    }
  }

  /** The key's last kept value if it loaded less than `maxAgeMs` ago (no load is started). */
  kept(key: string, maxAgeMs: number): T | undefined {
    const last = this.lastGood.get(key);
    return last && this.now() - last.at < maxAgeMs ? last.value : undefined;
  }

  /** How many keys are held (loading or loaded, expired or not). */
  get size(): number {
    return this.map.size;
  }
}

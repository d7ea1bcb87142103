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
  private readonly map: LRUCache<string, { at: number; value: Promise<T>; settled: boolean }>;
  /** Keys whose value is being loaded again ahead of its end (refreshAheadMs). */
  private readonly refreshing = new Set<string>();
  /** Each key's last value that loaded and was kept, and when its load started (stale answers). */
  private readonly lastGood: LRUCache<string, { at: number; value: T }>;
  /** When a key's load last failed because the database was out of reach (getOrStale). */
  private readonly failedAt: LRUCache<string, number>;

  constructor(
    private readonly ttlMs: number,
    max = 1_000,
    private readonly now: () => number = () => Date.now(),
    /**
     * A kept value this close to its end is loaded again in the background by the first request
     * that reads it, which still gets the kept one: while the new load is shorter than this, no
     * caller waits for a load, and no value served is older than the TTL (0: off).
     */
    private readonly refreshAheadMs = 0,
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
    if (hit && now - hit.at < this.ttlMs) {
      if (this.refreshAheadMs > 0 && hit.settled && now - hit.at >= this.ttlMs - this.refreshAheadMs) this.refresh(key, load, keep, now);
      return hit.value;
    }
    const entry = { at: now, value: load(), settled: false };
    const { value } = entry;
    this.map.set(key, entry);
    const forget = () => {
      if (this.map.peek(key)?.value === value) this.map.delete(key);
    };
    // A failed load is not remembered: the next request tries again.
    value.then((v) => {
      entry.settled = true;
      if (keep && !keep(v)) return forget();
      this.lastGood.set(key, { at: now, value: v });
    }, forget);
    return value;
  }

  /** Loads a kept key again in the background (once at a time); its value replaces the kept one when it is kept. */
  private refresh(key: string, load: () => Promise<T>, keep: ((value: T) => boolean) | undefined, now: number): void {
    if (this.refreshing.has(key)) return;
    this.refreshing.add(key);
    load()
      .then(
        (v) => {
          if (keep && !keep(v)) return;
          // A load started later (the kept value ran out meanwhile) has the newer value.
          if ((this.map.peek(key)?.at ?? -Infinity) > now) return;
          this.map.set(key, { at: now, value: Promise.resolve(v), settled: true });
          this.lastGood.set(key, { at: now, value: v });
        },
        // A failed refresh changes nothing: the kept value ends at its time, and the next read loads.
        () => undefined,
      )
      .finally(() => this.refreshing.delete(key));
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

/**
 * A small per-instance cache of derived reads: each key's value is loaded once per `ttlMs`
 * (concurrent misses share one load) and the oldest keys go past `max`. Only for data that may
 * be seconds stale on one instance (the game catalogue), never for balances or sessions.
 */
export class TtlCache<T> {
  private readonly map = new Map<string, { at: number; value: Promise<T> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly max = 1_000,
  ) {}

  /**
   * The key's value, loaded when missing or older than the TTL. `keep` decides, once the load
   * is done, whether its value is remembered for the next callers; callers that came while it
   * was loading get it either way.
   */
  get(key: string, load: () => Promise<T>, keep?: (value: T) => boolean): Promise<T> {
    const now = Date.now();
    const hit = this.map.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value;
    const value = load();
    this.map.delete(key);
    this.map.set(key, { at: now, value });
    const forget = () => {
      if (this.map.get(key)?.value === value) this.map.delete(key);
    };
    // A failed load is not remembered: the next request tries again.
    value.then((v) => {
      if (keep && !keep(v)) forget();
    }, forget);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value!);
    return value;
  }

  /** How many keys are held (loading or loaded, expired or not). */
  get size(): number {
    return this.map.size;
  }
}

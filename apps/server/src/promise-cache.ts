/**
 * Answers kept by one server instance for a short while, shared by concurrent callers: a miss starts one load that
 * everyone asking meanwhile awaits, so a crowd costs the database one query per key and period. A failed load is
 * not kept: the next caller tries again.
 */
export class PromiseCache<K, V> {
  private readonly entries = new Map<K, { at: number; value: Promise<V> }>();

  /**
   * @param ttlMs how long an answer is served (Infinity: for good)
   * @param maxEntries a bound for keys that come from the outside (page numbers): past it the cache starts afresh
   */
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = Number.POSITIVE_INFINITY,
  ) {}

  get(key: K, load: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value;
    const value = load();
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { at: now, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  /** Forgets every answer (after an edit). */
  clear(): void {
    this.entries.clear();
  }
}

// A bounded map whose entries expire: the one mechanism behind the refused-token memory and the
// OAuth identity cache. A read refreshes recency; when full, an expired entry is replaced first,
// else the least recently used. Keys are digests, never tokens.

export class ExpiringMap<V> {
  // Map iteration order is recency: a read or write moves the entry to the end.
  private readonly map = new Map<string, { value: V; until: number }>();

  constructor(private readonly max: number, private readonly now: () => number = Date.now) {}

  get size(): number { return this.map.size; }

  get(key: string): V | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    this.map.delete(key);
    if (e.until <= this.now()) return undefined;
    this.map.set(key, e);
    return e.value;
  }

  /** Stores `value` for `ttlMs`; a TTL of zero or less stores nothing. */
  set(key: string, value: V, ttlMs: number): void {
    const t = this.now();
    this.map.delete(key);
    if (ttlMs <= 0) return;
    if (this.map.size >= this.max) {
      let victim: string | undefined;
      for (const [k, e] of this.map) {
        if (e.until <= t) { victim = k; break; }
      }
      victim ??= this.map.keys().next().value;
      if (victim !== undefined) this.map.delete(victim);
    }
    this.map.set(key, { value, until: t + ttlMs });
  }

  delete(key: string): void {
    this.map.delete(key);
  }
}

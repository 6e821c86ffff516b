// A bounded map whose entries expire (lru-cache with per-entry TTL): the one mechanism behind the
// refused-token memory and the OAuth identity cache. A read refreshes recency; when full, an
// expired entry is replaced first, else the least recently used. Keys are digests, never tokens.
import { LRUCache } from 'lru-cache';

export class ExpiringMap<V extends object> {
  private readonly cache: LRUCache<string, V>;

  constructor(private readonly max: number, now: () => number = Date.now) {
    // ttlResolution 0: every read consults the clock (tests drive it by hand).
    this.cache = new LRUCache<string, V>({ max, ttlAutopurge: false, ttlResolution: 0, perf: { now } });
  }

  get size(): number { return this.cache.size; }

  get(key: string): V | undefined {
    return this.cache.get(key);
  }

  /** Stores `value` for `ttlMs`; a TTL of zero or less stores nothing. */
  set(key: string, value: V, ttlMs: number): void {
    // lru-cache counts an entry stale once its age exceeds the TTL; it must be gone when the age reaches it.
    const ttl = Math.ceil(ttlMs) - 1;
    if (ttl <= 0) {
      this.cache.delete(key);
      return;
    }
    // Full: expired entries go before a live least recently used one (SPEC "OAuth mode").
    if (this.cache.size >= this.max && !this.cache.has(key)) this.cache.purgeStale();
    this.cache.set(key, value, { ttl });
  }

  delete(key: string): void {
    this.cache.delete(key);
  }
}

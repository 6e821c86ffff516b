// The per-entry buckets of one session (SPEC "Limits"): calls, listings and completions, in process
// or shared by HTTP replicas through a store. The gate that draws from them is pipeline/meter.ts.
import type { Config } from '../config/index.js';
import { TokenBucket } from './token-bucket.js';

export type BucketName = 'calls' | 'lists' | 'completions';
export interface BucketSpec { readonly name: BucketName; readonly rate: number; readonly burst: number }

/**
 * Buckets kept elsewhere (Redis, shared by replicas). `undefined`: the store could not answer, and
 * the entry's own in-process bucket decides instead.
 */
export interface BucketStore {
  take(key: string, spec: BucketSpec, n: number): Promise<boolean | undefined>;
}

/** The tools/list bucket refills this many times slower than the call bucket (SPEC "Limits"). */
export const LIST_RATE_DIVISOR = 10;

/** The per-entry buckets of one session; empty when rate limiting is off. */
export class Meters {
  private readonly specs: Readonly<Record<BucketName, BucketSpec>> | undefined;
  private readonly local: Record<BucketName, TokenBucket> | undefined;
  private shared: { store: BucketStore; key: string } | undefined;

  constructor(config: Config) {
    const { rps, burst } = config.rateLimit;
    if (rps <= 0) return;
    const b = Math.max(1, burst);
    this.specs = {
      calls: { name: 'calls', rate: rps, burst: b },
      lists: { name: 'lists', rate: rps / LIST_RATE_DIVISOR, burst: b },
      // completion/complete: ten times looser in rate and burst.
      completions: { name: 'completions', rate: rps * 10, burst: b * 10 },
    };
    const bucket = (s: BucketSpec) => new TokenBucket(s.rate, s.burst);
    this.local = { calls: bucket(this.specs.calls), lists: bucket(this.specs.lists), completions: bucket(this.specs.completions) };
  }

  /** From now on the buckets live in `store` under `key` (a digest, never the token); these stay as the fallback. */
  share(store: BucketStore, key: string): void {
    this.shared = { store, key };
  }

  async take(name: BucketName, n = 1): Promise<boolean> {
    if (!this.specs || !this.local) return true;
    if (this.shared) {
      const verdict = await this.shared.store.take(this.shared.key, this.specs[name], n);
      if (verdict !== undefined) return verdict;
    }
    return this.local[name].take(n);
  }
}

export function metersFor(config: Config): Meters {
  return new Meters(config);
}

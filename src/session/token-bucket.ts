// A token bucket: `rate` tokens per second, at most `burst` in hand. Small enough that a library
// would add more than it saves; the HTTP listener's process-wide buckets reuse it.
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(private readonly rate: number, private readonly burst: number, private readonly now: () => number = () => performance.now()) {
    this.tokens = burst;
    this.last = now();
  }

  /** Takes `n` tokens when available. */
  take(n = 1): boolean {
    const t = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((t - this.last) / 1000) * this.rate);
    this.last = t;
    if (this.tokens < n) return false;
    this.tokens -= n;
    return true;
  }
}

// The address failure budgets (SPEC "Address blocking (HTTP)") and the memory of refused tokens.
import { metrics } from '../observe/metrics.js';
import { ExpiringMap } from './expiring.js';

interface FailureWindow { start: number; count: number; blockedUntil: number }
interface DistinctWindow { start: number; keys: Set<string>; level: number; blockedUntil: number; last: number }

const LADDER = [1, 10, 60];
const SWEEP_AT = 10_000;

export interface BudgetLimits {
  failureLimit: number;
  failureWindowMs: number;
  distinctLimit: number;
  distinctWindowMs: number;
}

export class AddressBudget {
  private readonly failures = new Map<string, FailureWindow>();
  private readonly distinct = new Map<string, DistinctWindow>();

  constructor(private readonly limits: BudgetLimits, private readonly now: () => number = Date.now) {}

  /** Milliseconds the address stays blocked (the longest block), 0 when open. */
  blockedFor(addr: string): number {
    const t = this.now();
    const f = this.failures.get(addr);
    const d = this.distinct.get(addr);
    return Math.max(0, (f?.blockedUntil ?? 0) - t, (d?.blockedUntil ?? 0) - t);
  }

  /**
   * Charges one failed authentication (a refused credential, by its digest) to the address.
   * `count`: whether a block it starts is counted in the metrics (not when it shadows Redis).
   */
  charge(addr: string, credentialKey: string, count = true): void {
    const t = this.now();
    const { failureLimit, failureWindowMs, distinctLimit, distinctWindowMs } = this.limits;
    if (failureLimit > 0) {
      let f = this.failures.get(addr);
      if (!f || t - f.start >= failureWindowMs) {
        f = { start: t, count: 0, blockedUntil: f?.blockedUntil ?? 0 };
        this.failures.set(addr, f);
      }
      f.count++;
      if (f.count >= failureLimit) {
        if (f.blockedUntil <= t && count) metrics.authBlocks.inc({ budget: 'failure' });
        f.blockedUntil = Math.max(f.blockedUntil, f.start + failureWindowMs);
      }
    }
    if (distinctLimit > 0) {
      let d = this.distinct.get(addr);
      if (d && t - d.last >= 60 * distinctWindowMs) d = undefined; // the ladder resets after sixty windows of silence
      if (!d) {
        d = { start: t, keys: new Set(), level: 0, blockedUntil: 0, last: t };
        this.distinct.set(addr, d);
      } else if (t - d.start >= distinctWindowMs) {
        d.start = t;
        d.keys.clear();
      }
      d.last = t;
      d.keys.add(credentialKey);
      if (d.keys.size >= distinctLimit) {
        const step = LADDER[Math.min(d.level, LADDER.length - 1)];
        d.blockedUntil = t + step * distinctWindowMs;
        if (count) metrics.authBlocks.inc({ budget: 'distinct' });
        d.level = Math.min(d.level + 1, LADDER.length - 1);
        d.keys.clear();
        d.start = t;
      }
    }
    if (this.failures.size > SWEEP_AT || this.distinct.size > SWEEP_AT) this.sweep(t);
  }

  private sweep(t: number): void {
    for (const [a, f] of this.failures) if (f.blockedUntil <= t && t - f.start >= this.limits.failureWindowMs) this.failures.delete(a);
    for (const [a, d] of this.distinct) if (d.blockedUntil <= t && t - d.last >= 60 * this.limits.distinctWindowMs) this.distinct.delete(a);
  }
}

export type Remembered =
  | { kind: 'refused' }
  | { kind: 'forbidden'; reason: 'scope' | 'user-read'; message: string }
  /** OAuth mode: the token names no application --oauth-client-uid admits. */
  | { kind: 'pin-refused'; message: string };

/** Refused tokens, by digest of instance plus token: five minutes, at most 4096 entries. */
export class RefusalMemory {
  private readonly map: ExpiringMap<Remembered>;

  constructor(private readonly ttlMs = 5 * 60_000, max = 4096, now: () => number = Date.now) {
    this.map = new ExpiringMap<Remembered>(max, now);
  }

  get(key: string): Remembered | undefined {
    return this.map.get(key);
  }

  /** `ttlMs`: what is left of a memory another replica started (Redis). */
  remember(key: string, what: Remembered, ttlMs = this.ttlMs): void {
    this.map.set(key, what, Math.min(ttlMs, this.ttlMs));
  }
}

/** A counting semaphore with a bounded wait: `acquire` resolves false when no slot freed in time. */
export class Slots {
  private used = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly size: number) {}

  async acquire(waitMs: number): Promise<boolean> {
    if (this.used < this.size) {
      this.used++;
      return true;
    }
    return new Promise<boolean>((resolve) => {
      const grant = () => {
        clearTimeout(timer);
        this.used++;
        resolve(true);
      };
      const timer = setTimeout(() => {
        const i = this.waiting.indexOf(grant);
        if (i >= 0) this.waiting.splice(i, 1);
        resolve(false);
      }, waitMs);
      timer.unref?.();
      this.waiting.push(grant);
    });
  }

  release(): void {
    this.used--;
    const next = this.waiting.shift();
    if (next) next();
  }
}

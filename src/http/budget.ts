// The address failure budgets (SPEC "Address blocking (HTTP)") and the memory of refused tokens.
import { LRUCache } from 'lru-cache';
import { metrics } from '../observe/metrics.js';
import { ExpiringMap } from './expiring.js';

/** Everything one address's budgets remember: one record, so a charge is one look-up. */
interface AddressRecord {
  failStart: number; failCount: number; failUntil: number;
  distinctStart: number; keys: Set<string>; level: number; distinctUntil: number; last: number;
  /** A block another replica started, as the shared state reported it (Redis). */
  heldUntil: number;
}

/** Blocks of the distinct-credential ladder, in windows of the failure budget (SPEC: 1 minute, 10 minutes, 1 hour). */
const LADDER = [1, 10, 60];
/** The ladder resets after this many windows of silence. */
const SILENT_WINDOWS = 60;
/**
 * Addresses remembered at once. Past it the least recently used record goes: an address that keeps
 * knocking stays recent, so flooding from fresh addresses evicts the quiet ones first.
 */
const MAX_ADDRESS_RECORDS = 100_000;
/** Distinct credentials are told apart by this much of their digest (a record holds at most the limit of them). */
const KEY_CHARS = 16;

export interface BudgetLimits {
  failureLimit: number;
  failureWindowMs: number;
  distinctLimit: number;
  distinctWindowMs: number;
}

/** What an address's record says now: the longest block and the ladder's step. */
export interface AddressStanding { blockedMs: number; level: number }

export class AddressBudget {
  private readonly records: LRUCache<string, AddressRecord>;

  constructor(private readonly limits: BudgetLimits, private readonly now: () => number = Date.now, max = MAX_ADDRESS_RECORDS) {
    // ttlResolution 0: every read consults the clock (tests drive it by hand).
    this.records = new LRUCache<string, AddressRecord>({ max, ttlAutopurge: false, ttlResolution: 0, perf: { now } });
  }

  get size(): number { return this.records.size; }

  /** Milliseconds the address stays blocked (the longest block), 0 when open. */
  blockedFor(addr: string): number {
    return this.standing(addr).blockedMs;
  }

  standing(addr: string): AddressStanding {
    const r = this.records.get(addr);
    if (!r) return { blockedMs: 0, level: 0 };
    return { blockedMs: Math.max(0, r.failUntil - this.now(), r.distinctUntil - this.now(), r.heldUntil - this.now()), level: r.level };
  }

  /**
   * Charges one failed authentication (a refused credential, by its digest) to the address.
   * `count`: whether a block it starts is counted in the metrics (not when it shadows Redis).
   */
  charge(addr: string, credentialKey: string, count = true): void {
    const t = this.now();
    const { failureLimit, failureWindowMs, distinctLimit, distinctWindowMs } = this.limits;
    const r = this.recordOf(addr, t);
    if (failureLimit > 0) {
      if (t - r.failStart >= failureWindowMs) { r.failStart = t; r.failCount = 0; }
      r.failCount++;
      if (r.failCount >= failureLimit) {
        if (r.failUntil <= t && count) metrics.authBlocks.inc({ budget: 'failure' });
        r.failUntil = Math.max(r.failUntil, r.failStart + failureWindowMs);
      }
    }
    if (distinctLimit > 0) {
      if (r.last > 0 && t - r.last >= SILENT_WINDOWS * failureWindowMs) r.level = 0;
      if (t - r.distinctStart >= distinctWindowMs) { r.distinctStart = t; r.keys.clear(); }
      r.last = t;
      r.keys.add(credentialKey.slice(0, KEY_CHARS));
      if (r.keys.size >= distinctLimit) {
        r.distinctUntil = t + LADDER[Math.min(r.level, LADDER.length - 1)] * failureWindowMs;
        if (count) metrics.authBlocks.inc({ budget: 'distinct' });
        r.level = Math.min(r.level + 1, LADDER.length - 1);
        r.keys.clear();
        r.distinctStart = t;
      }
    }
    this.store(addr, r, t);
  }

  /**
   * Keeps a block the shared state reported (another replica's charges), and the ladder's step, for
   * their remaining time: a shared state that loses its data (restart, flush, eviction) does not lift them.
   */
  observe(addr: string, blockedMs: number, level: number): void {
    const t = this.now();
    const known = this.records.get(addr);
    if (!known && blockedMs <= 0 && level <= 0) return;
    const r = known ?? this.recordOf(addr, t);
    r.heldUntil = Math.max(r.heldUntil, t + blockedMs);
    if (level > r.level) { r.level = level; r.last = Math.max(r.last, t); }
    this.store(addr, r, t);
  }

  private recordOf(addr: string, t: number): AddressRecord {
    return this.records.get(addr) ?? { failStart: t, failCount: 0, failUntil: 0, distinctStart: t, keys: new Set(), level: 0, distinctUntil: 0, last: 0, heldUntil: 0 };
  }

  /** Stores the record for as long as anything in it still matters: a window, a block, or the ladder's memory. */
  private store(addr: string, r: AddressRecord, t: number): void {
    const { failureWindowMs, distinctWindowMs } = this.limits;
    const until = Math.max(r.failStart + failureWindowMs, r.failUntil, r.distinctStart + distinctWindowMs, r.distinctUntil, r.heldUntil,
      r.level > 0 ? r.last + SILENT_WINDOWS * failureWindowMs : 0);
    // lru-cache counts an entry stale once its age exceeds the TTL: gone when `until` is reached.
    this.records.set(addr, r, { ttl: Math.max(1, until - t - 1) });
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

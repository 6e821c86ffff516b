// The pure parts of HTTP mode, with a controlled clock: the address budgets and their ladder, the
// refused-token memory, the identity cache, and the token bucket.
import { describe, it, expect } from 'vitest';
import { AddressBudget, RefusalMemory } from '../src/http/budget.js';
import { IdentityCache, type Identity } from '../src/http/oauth.js';
import { TokenBucket } from '../src/session/token-bucket.js';

const clock = () => {
  let t = 1_000_000;
  return { now: () => t, advance: (ms: number) => { t += ms; } };
};
const MIN = 60_000;
const id = (extra: Partial<Identity> = {}): Identity => ({ kind: 'oauth', scopes: ['api'], assumed: false, ...extra });

describe('AddressBudget', () => {
  it('blocks an address at the failure limit until the window ends', () => {
    const c = clock();
    const b = new AddressBudget({ failureLimit: 3, failureWindowMs: MIN, distinctLimit: 0, distinctWindowMs: 10 * MIN }, c.now);
    b.charge('a', 'k1');
    b.charge('a', 'k1');
    expect(b.blockedFor('a')).toBe(0);
    c.advance(10_000);
    b.charge('a', 'k1');
    expect(b.blockedFor('a')).toBe(50_000);
    expect(b.blockedFor('other')).toBe(0);
    c.advance(50_000);
    expect(b.blockedFor('a')).toBe(0);
  });

  it('climbs the distinct-credential ladder in failure windows: one, then ten, then sixty; resets after sixty silent windows', () => {
    // SPEC "Address blocking (HTTP)": blocks of 1 minute, 10 minutes, 1 hour by default (the failure
    // window, not the distinct window of 10 minutes: that made them 10 minutes, 100 minutes, 10 hours).
    const c = clock();
    const W = MIN;
    const b = new AddressBudget({ failureLimit: 0, failureWindowMs: W, distinctLimit: 2, distinctWindowMs: 10 * MIN }, c.now);
    const burst = (tag: string) => { b.charge('a', `${tag}-1`); b.charge('a', `${tag}-2`); };
    burst('x');
    expect(b.blockedFor('a')).toBe(W);
    c.advance(W);
    burst('y');
    expect(b.blockedFor('a')).toBe(10 * W);
    c.advance(10 * W);
    burst('z');
    expect(b.blockedFor('a')).toBe(60 * W);
    // Not yet sixty silent windows: the next step stays at the top.
    c.advance(60 * W - 1);
    expect(b.blockedFor('a')).toBe(1);
    burst('w'); // refused credentials one tick before the sixty windows are up
    expect(b.blockedFor('a')).toBe(60 * W);
    c.advance(60 * W);
    burst('v');
    expect(b.blockedFor('a')).toBe(W); // sixty silent windows: back to the first step
  });

  it('keeps one bounded record per address: the least recently used goes first, a knocking address stays', () => {
    const c = clock();
    const b = new AddressBudget({ failureLimit: 2, failureWindowMs: MIN, distinctLimit: 0, distinctWindowMs: MIN }, c.now, 3);
    b.charge('blocked', 'k');
    b.charge('blocked', 'k');
    for (const a of ['n1', 'n2', 'n3', 'n4']) {
      b.charge(a, 'k');
      expect(b.blockedFor('blocked')).toBe(MIN); // read: recently used again
    }
    expect(b.size).toBe(3);
    // A record is gone once nothing in it matters any more (its window ended, no block, no ladder).
    c.advance(MIN);
    expect(b.blockedFor('n4')).toBe(0);
    expect(b.size).toBeLessThan(3);
  });

  it('keeps a block and a ladder step the shared state reported, for their remaining time', () => {
    const c = clock();
    const b = new AddressBudget({ failureLimit: 0, failureWindowMs: MIN, distinctLimit: 2, distinctWindowMs: 10 * MIN }, c.now);
    b.observe('a', 30_000, 2);
    expect(b.standing('a')).toEqual({ blockedMs: 30_000, level: 2 });
    c.advance(30_000);
    expect(b.blockedFor('a')).toBe(0);
    b.charge('a', 'k1');
    b.charge('a', 'k2');
    expect(b.blockedFor('a')).toBe(60 * MIN); // the ladder went on from the reported step
  });

  it('charges nothing when both limits are 0', () => {
    const b = new AddressBudget({ failureLimit: 0, failureWindowMs: MIN, distinctLimit: 0, distinctWindowMs: MIN });
    for (let i = 0; i < 100; i++) b.charge('a', `k${i}`);
    expect(b.blockedFor('a')).toBe(0);
  });
});

describe('RefusalMemory', () => {
  it('remembers five minutes, at most 4096 entries (oldest out first)', () => {
    const c = clock();
    const m = new RefusalMemory(5 * MIN, 4096, c.now);
    for (let i = 0; i < 4097; i++) m.remember(`k${i}`, { kind: 'refused' });
    expect(m.get('k0')).toBeUndefined();
    expect(m.get('k1')).toEqual({ kind: 'refused' });
    c.advance(5 * MIN);
    expect(m.get('k1')).toBeUndefined();
  });
});

describe('IdentityCache', () => {
  it('keeps an identity for the TTL, never past the token expiry', () => {
    const c = clock();
    const cache = new IdentityCache(15 * MIN, 10_000, c.now);
    cache.put('long', id());
    cache.put('short', id({ tokenExpiresAt: c.now() + MIN }));
    cache.put('expired', id({ tokenExpiresAt: c.now() - 1 }));
    expect(cache.get('expired')).toBeUndefined();
    c.advance(MIN);
    expect(cache.get('short')).toBeUndefined();
    expect(cache.get('long')).toBeDefined();
    c.advance(14 * MIN);
    expect(cache.get('long')).toBeUndefined();
  });

  it('when full, replaces an expired identity first, else the least recently used', () => {
    const c = clock();
    const cache = new IdentityCache(15 * MIN, 3, c.now);
    cache.put('a', id());
    cache.put('b', id({ tokenExpiresAt: c.now() + 1_000 }));
    cache.put('c', id());
    c.advance(2_000); // b expired
    cache.put('d', id());
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    expect(cache.get('d')).toBeDefined();
    // Nothing expired: the least recently used (a was read before c and d) goes.
    expect(cache.get('c')).toBeDefined();
    expect(cache.get('d')).toBeDefined();
    cache.put('e', id());
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(3);
  });
});

describe('TokenBucket', () => {
  it('serves the burst, then refills at the rate', () => {
    let t = 0;
    const b = new TokenBucket(10, 3, () => t);
    expect([b.take(), b.take(), b.take(), b.take()]).toEqual([true, true, true, false]);
    t += 100;
    expect(b.take()).toBe(true);
    expect(b.take()).toBe(false);
    t += 10_000;
    expect(b.take(3)).toBe(true);
    expect(b.take()).toBe(false);
  });
});

// Shared state in Redis (--redis-url): replicas behind a load balancer meet one set of buckets, one
// failure budget per address, one refusal memory and one identity cache. Buckets and budgets are
// atomic Lua scripts on the server's clock; each expires with its SPEC window. A tool call costs one
// round trip (its bucket). When Redis does not answer within COMMAND_TIMEOUT_MS, the replica serves
// on its own local state (WARN once per outage, counted in /metrics) and returns to the shared state
// by itself. Local state is written through, so a fallback never starts from an open budget.
import { Redis } from 'ioredis';
import type { Config } from '../../config/index.js';
import type { Logger } from '../../observe/log.js';
import { metrics } from '../../observe/metrics.js';
import type { BucketSpec } from '../../pipeline/meter.js';
import type { Remembered } from '../budget.js';
import type { Identity } from '../oauth.js';
import type { LocalState } from './local.js';
import type { SharedState } from './types.js';

/** Bound of one Redis call; past it the replica answers from local state. */
export const COMMAND_TIMEOUT_MS = 250;
const CONNECT_WAIT_MS = 3_000;
const PREFIX = 'forge-mcp:';
const REFUSAL_TTL_MS = 5 * 60_000;

// KEYS[1] bucket. ARGV rate (tokens/s), burst, n. Returns 1 when the tokens were taken.
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local rate, burst, n = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local v = redis.call('HMGET', KEYS[1], 'tokens', 'ts')
local tokens = tonumber(v[1]) or burst
local ts = tonumber(v[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - ts) * rate / 1000)
local ok = 0
if tokens >= n then tokens = tokens - n; ok = 1 end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'ts', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil((burst - tokens) * 1000 / rate) + 1000)
return ok`;

// KEYS[1] failure window, KEYS[2] distinct ladder. Returns the longest block in ms.
const BLOCKED = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local a = tonumber(redis.call('HGET', KEYS[1], 'until')) or 0
local b = tonumber(redis.call('HGET', KEYS[2], 'until')) or 0
return math.max(0, a - now, b - now)`;

// KEYS[1] failure window, KEYS[2] distinct ladder, KEYS[3] the ladder's credential set.
// ARGV failureLimit, failureWindowMs, distinctLimit, distinctWindowMs, credential digest.
// The same rules as AddressBudget.charge (SPEC "Address blocking (HTTP)"). Returns {failure block
// started, distinct block started}.
const CHARGE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local fl, fw, dl, dw = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local blocks = {0, 0}
if fl > 0 then
  local f = redis.call('HMGET', KEYS[1], 'start', 'count', 'until')
  local start, count, untl = tonumber(f[1]), tonumber(f[2]) or 0, tonumber(f[3]) or 0
  if not start or now - start >= fw then start = now; count = 0 end
  count = count + 1
  if count >= fl then
    if untl <= now then blocks[1] = 1 end
    untl = math.max(untl, start + fw)
  end
  redis.call('HSET', KEYS[1], 'start', tostring(start), 'count', tostring(count), 'until', tostring(untl))
  redis.call('PEXPIRE', KEYS[1], math.max(start + fw, untl) - now + 1000)
end
if dl > 0 then
  local d = redis.call('HMGET', KEYS[2], 'start', 'level', 'until', 'last')
  local start, level, untl, last = tonumber(d[1]), tonumber(d[2]) or 0, tonumber(d[3]) or 0, tonumber(d[4]) or 0
  if start and now - last >= 60 * dw then start = nil end
  if not start then
    start = now; level = 0; untl = 0
    redis.call('DEL', KEYS[3])
  elseif now - start >= dw then
    start = now
    redis.call('DEL', KEYS[3])
  end
  redis.call('SADD', KEYS[3], ARGV[5])
  if redis.call('SCARD', KEYS[3]) >= dl then
    local ladder = {1, 10, 60}
    untl = now + ladder[math.min(level, 2) + 1] * dw
    blocks[2] = 1
    level = math.min(level + 1, 2)
    redis.call('DEL', KEYS[3])
    start = now
  end
  redis.call('HSET', KEYS[2], 'start', tostring(start), 'level', tostring(level), 'until', tostring(untl), 'last', tostring(now))
  -- The ladder resets after sixty windows of silence: the record expires then (or when its block ends, if later).
  redis.call('PEXPIRE', KEYS[2], math.max(60 * dw, untl - now) + 1000)
  redis.call('PEXPIRE', KEYS[3], dw + 1000)
end
return blocks`;

interface ScriptedRedis extends Redis {
  fmcpTake(key: string, rate: number, burst: number, n: number): Promise<number>;
  fmcpBlocked(fail: string, distinct: string): Promise<number>;
  fmcpCharge(fail: string, distinct: string, set: string, fl: number, fw: number, dl: number, dw: number, credential: string): Promise<[number, number]>;
}

/** host:port/db of a Redis URL: what logs may name (never the password). */
export function redisTarget(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.hostname}:${u.port || '6379'}${u.pathname && u.pathname !== '/' ? u.pathname : ''}`;
  } catch {
    return 'redis';
  }
}

const bucketKey = (key: string, name: string) => `${PREFIX}bucket:{${key}}:${name}`;
const refusalKey = (key: string) => `${PREFIX}refused:{${key}}`;
const identityKey = (key: string) => `${PREFIX}identity:{${key}}`;
const addressKeys = (address: string) => [`${PREFIX}addr:{${address}}:fail`, `${PREFIX}addr:{${address}}:distinct`, `${PREFIX}addr:{${address}}:distinct-keys`] as const;

export class RedisState implements SharedState {
  readonly kind = 'redis' as const;
  private degraded = false;

  private constructor(
    private readonly config: Config,
    private readonly redis: ScriptedRedis,
    private readonly local: LocalState,
    private readonly log: Logger,
  ) {}

  static async open(config: Config, url: string, local: LocalState, log: Logger): Promise<RedisState> {
    const redis = new Redis(url, {
      lazyConnect: true,
      // Fail at once while disconnected (the replica answers from local state) instead of queueing.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: COMMAND_TIMEOUT_MS,
      connectTimeout: 2_000,
      retryStrategy: (times) => Math.min(100 * times, 1_000),
    }) as ScriptedRedis;
    redis.defineCommand('fmcpTake', { numberOfKeys: 1, lua: TAKE });
    redis.defineCommand('fmcpBlocked', { numberOfKeys: 2, lua: BLOCKED });
    redis.defineCommand('fmcpCharge', { numberOfKeys: 3, lua: CHARGE });
    const state = new RedisState(config, redis, local, log);
    const target = redisTarget(url);
    redis.on('error', (err: Error) => state.down(err.message));
    redis.on('ready', () => state.up());
    redis.on('end', () => state.down('connection closed'));
    const ready = await Promise.race([
      redis.connect().then(() => true, () => false),
      new Promise<boolean>((r) => setTimeout(() => r(false), CONNECT_WAIT_MS).unref()),
    ]);
    if (ready) log.info({ redis: target }, 'shared state: Redis');
    else state.down(`no answer from ${target} within ${CONNECT_WAIT_MS} ms`);
    return state;
  }

  /** The first failure of an outage: one WARN line; every fallback is counted. */
  private down(reason: string): void {
    if (this.degraded) return;
    this.degraded = true;
    this.log.warn({ reason: reason.slice(0, 200) }, 'shared state (Redis) unavailable: this replica serves on its local state until Redis answers again');
  }

  private up(): void {
    if (!this.degraded) return;
    this.degraded = false;
    this.log.info({}, 'shared state (Redis) available again: this replica serves on the shared state');
  }

  /** One round trip, bounded; undefined when Redis did not answer (the caller uses local state). */
  private async run<T>(op: string, f: () => Promise<T>): Promise<T | undefined> {
    if (this.redis.status !== 'ready') {
      metrics.sharedStateFallbacks.inc({ op });
      this.down(`connection ${this.redis.status}`);
      return undefined;
    }
    metrics.sharedStateRoundTrips.inc({ op });
    try {
      const v = await f();
      this.up();
      return v;
    } catch (err) {
      metrics.sharedStateFallbacks.inc({ op });
      this.down((err as Error).message);
      return undefined;
    }
  }

  async take(key: string, spec: BucketSpec, n: number): Promise<boolean | undefined> {
    const r = await this.run('bucket', () => this.redis.fmcpTake(bucketKey(key, spec.name), spec.rate, spec.burst, n));
    return r === undefined ? undefined : r === 1;
  }

  async blockedFor(address: string): Promise<number> {
    const [fail, distinct] = addressKeys(address);
    const shared = await this.run('budget', () => this.redis.fmcpBlocked(fail, distinct));
    // The local record covers charges made while Redis was away.
    return Math.max(shared ?? 0, this.local.budget.blockedFor(address));
  }

  async charge(address: string, credentialKey: string): Promise<void> {
    const c = this.config;
    const r = await this.run('budget', () => this.redis.fmcpCharge(...addressKeys(address), c.authFailureLimit, c.authFailureWindowMs, c.authDistinctTokenLimit, c.authDistinctTokenWindowMs, credentialKey));
    if (r) {
      if (r[0] === 1) metrics.authBlocks.inc({ budget: 'failure' });
      if (r[1] === 1) metrics.authBlocks.inc({ budget: 'distinct' });
    }
    // Written through; its blocks are counted only when it is the one deciding.
    this.local.budget.charge(address, credentialKey, r === undefined);
  }

  /** A value and its remaining lifetime in one round trip. */
  private async recall<T>(op: string, key: string): Promise<{ value: T; ttlMs: number } | undefined> {
    const r = await this.run(op, () => this.redis.multi().get(key).pttl(key).exec());
    const value = r?.[0]?.[1];
    const ttl = r?.[1]?.[1];
    if (typeof value !== 'string' || typeof ttl !== 'number' || ttl <= 0) return undefined;
    try {
      return { value: JSON.parse(value) as T, ttlMs: ttl };
    } catch {
      return undefined;
    }
  }

  async refusal(key: string): Promise<Remembered | undefined> {
    const held = this.local.refusals.get(key);
    if (held) return held;
    const r = await this.recall<Remembered>('refusal', refusalKey(key));
    if (!r || !['refused', 'forbidden', 'pin-refused'].includes(r.value.kind)) return undefined;
    this.local.refusals.remember(key, r.value, r.ttlMs);
    return r.value;
  }

  async rememberRefusal(key: string, what: Remembered): Promise<void> {
    this.local.refusals.remember(key, what);
    await this.run('refusal', () => this.redis.set(refusalKey(key), JSON.stringify(what), 'PX', REFUSAL_TTL_MS));
  }

  async identity(key: string): Promise<Identity | undefined> {
    const held = this.local.identities.get(key);
    if (held) return held;
    const r = await this.recall<Identity>('identity', identityKey(key));
    if (!r || typeof r.value.kind !== 'string') return undefined;
    this.local.identities.put(key, r.value, r.ttlMs);
    return r.value;
  }

  async rememberIdentity(key: string, identity: Identity): Promise<void> {
    this.local.identities.put(key, identity);
    const ttl = this.local.identities.ttlFor(identity);
    if (ttl <= 0) return;
    // User id, username, kind, scopes, expiry: never token material.
    await this.run('identity', () => this.redis.set(identityKey(key), JSON.stringify(identity), 'PX', Math.ceil(ttl)));
  }

  async close(): Promise<void> {
    this.redis.removeAllListeners('end');
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

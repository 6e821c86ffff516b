// Shared state in Redis (--redis-url): replicas behind a load balancer meet one set of buckets, one
// failure budget per address, one refusal memory and one identity cache. Buckets and budgets are
// atomic Lua scripts on the server's clock; each expires with its SPEC window. A tool call costs one
// round trip (its bucket). When Redis does not answer within COMMAND_TIMEOUT_MS, or answers anything
// but what was asked (garbage, a stored `null`), the replica serves on its own local state (WARN once
// per outage, counted in /metrics) and returns to the shared state by itself: never fail open.
// Local state is written through, so a fallback never starts from an open budget; a spending script
// that reaches Redis after the replica gave up on it does nothing (its deadline), so a call is never
// charged twice; blocks a replica observed are kept locally and put back when Redis lost them.
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

// Every script that spends (a bucket's tokens, a failure) is given a deadline on Redis's clock
// (ARGV[1], 0: none): run later than that, the replica has already given up on it and decided on its
// local state, so the late command changes nothing and answers -1 (SPEC "Limits": one charge per call).
const NOW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local deadline = tonumber(ARGV[1]) or 0`;

// KEYS[1] bucket. ARGV deadline, rate (tokens/s), burst, n. Returns 1 when the tokens were taken, 0 when not, -1 when late.
const TAKE = `${NOW}
if deadline > 0 and now > deadline then return -1 end
local rate, burst, n = tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local v = redis.call('HMGET', KEYS[1], 'tokens', 'ts')
local tokens = tonumber(v[1]) or burst
local ts = tonumber(v[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - ts) * rate / 1000)
local ok = 0
if tokens >= n then tokens = tokens - n; ok = 1 end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'ts', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil((burst - tokens) * 1000 / rate) + 1000)
return ok`;

// KEYS[1] failure window, KEYS[2] distinct ladder. Returns {the longest block in ms, the ladder's step}.
const BLOCKED = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local a = tonumber(redis.call('HGET', KEYS[1], 'until')) or 0
local d = redis.call('HMGET', KEYS[2], 'until', 'level')
local b = tonumber(d[1]) or 0
return {math.max(0, a - now, b - now), tonumber(d[2]) or 0}`;

// The ladder's record lives while its window, its block, or (past the first step) its memory of
// sixty silent windows lasts.
const LADDER_EXPIRY = `
local function ladderExpiry(start, dw, untl, level, last, fw)
  local keep = math.max(start + dw, untl)
  if level > 0 then keep = math.max(keep, last + 60 * fw) end
  return keep - now + 1000
end`;

// KEYS[1] failure window, KEYS[2] distinct ladder, KEYS[3] the ladder's credential set.
// ARGV deadline, failureLimit, failureWindowMs, distinctLimit, distinctWindowMs, credential digest.
// The same rules as AddressBudget.charge (SPEC "Address blocking (HTTP)"): the ladder's blocks and its
// sixty silent windows count in failure windows. Returns {failure block started, distinct block
// started, the ladder's step, the longest block in ms}, or {-1, 0, 0, 0} when late.
const CHARGE = `${NOW}
if deadline > 0 and now > deadline then return {-1, 0, 0, 0} end
${LADDER_EXPIRY}
local fl, fw, dl, dw = tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
local blocks = {0, 0, 0, 0}
local funtl = 0
if fl > 0 then
  local f = redis.call('HMGET', KEYS[1], 'start', 'count', 'until')
  local start, count, untl = tonumber(f[1]), tonumber(f[2]) or 0, tonumber(f[3]) or 0
  if not start or now - start >= fw then start = now; count = 0 end
  count = count + 1
  if count >= fl then
    if untl <= now then blocks[1] = 1 end
    untl = math.max(untl, start + fw)
  end
  funtl = untl
  redis.call('HSET', KEYS[1], 'start', tostring(start), 'count', tostring(count), 'until', tostring(untl))
  redis.call('PEXPIRE', KEYS[1], math.max(start + fw, untl) - now + 1000)
end
local duntl, level = 0, 0
if dl > 0 then
  local d = redis.call('HMGET', KEYS[2], 'start', 'level', 'until', 'last')
  local start, untl, last = tonumber(d[1]), tonumber(d[3]) or 0, tonumber(d[4]) or 0
  level = tonumber(d[2]) or 0
  if level > 0 and now - last >= 60 * fw then level = 0 end
  if not start or now - start >= dw then
    start = now
    redis.call('DEL', KEYS[3])
  end
  redis.call('SADD', KEYS[3], ARGV[6])
  if redis.call('SCARD', KEYS[3]) >= dl then
    local ladder = {1, 10, 60}
    untl = math.max(untl, now + ladder[math.min(level, 2) + 1] * fw)
    blocks[2] = 1
    level = math.min(level + 1, 2)
    redis.call('DEL', KEYS[3])
    start = now
  end
  duntl = untl
  redis.call('HSET', KEYS[2], 'start', tostring(start), 'level', tostring(level), 'until', tostring(untl), 'last', tostring(now))
  redis.call('PEXPIRE', KEYS[2], ladderExpiry(start, dw, untl, level, now, fw))
  redis.call('PEXPIRE', KEYS[3], dw + 1000)
end
blocks[3] = level
blocks[4] = math.max(0, funtl - now, duntl - now)
return blocks`;

// KEYS[1] distinct ladder. ARGV block ms, ladder step, failureWindowMs, distinctWindowMs. Puts back a
// block and a ladder step a replica still holds but Redis lost (restart, flush, eviction): never shortens.
const ASSERT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
${LADDER_EXPIRY}
local ms, lvl, fw, dw = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local d = redis.call('HMGET', KEYS[1], 'start', 'level', 'until', 'last')
local start = tonumber(d[1]) or now
local level = math.max(tonumber(d[2]) or 0, lvl)
local untl = math.max(tonumber(d[3]) or 0, now + ms)
local last = math.max(tonumber(d[4]) or 0, now)
redis.call('HSET', KEYS[1], 'start', tostring(start), 'level', tostring(level), 'until', tostring(untl), 'last', tostring(last))
redis.call('PEXPIRE', KEYS[1], ladderExpiry(start, dw, untl, level, last, fw))
return 1`;

interface ScriptedRedis extends Redis {
  fmcpTake(key: string, deadline: number, rate: number, burst: number, n: number): Promise<unknown>;
  fmcpBlocked(fail: string, distinct: string): Promise<unknown>;
  fmcpCharge(fail: string, distinct: string, set: string, deadline: number, fl: number, fw: number, dl: number, dw: number, credential: string): Promise<unknown>;
  fmcpAssert(distinct: string, ms: number, level: number, fw: number, dw: number): Promise<unknown>;
}

/** Redis's answers are checked, never trusted: anything else reads as Redis unavailable (local state decides). */
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;
const isCounts = (v: unknown, n: number): v is number[] => Array.isArray(v) && v.length === n && v.every((x) => typeof x === 'number' && Number.isFinite(x));
/** A late script answers -1: it did nothing. */
const LATE = -1;
/** A replica re-asserts its own block when Redis reports this much less (clock and round trip aside). */
const REASSERT_SLACK_MS = 1_000;
/** What is left of the command bound for the script to run in (the reply still has to travel back). */
const DEADLINE_MARGIN_MS = 50;

/** A refusal as rememberRefusal stores it. */
function isRemembered(v: Record<string, unknown>): v is Remembered & Record<string, unknown> {
  if (v.kind === 'refused') return true;
  if (typeof v.message !== 'string') return false;
  return v.kind === 'pin-refused' || (v.kind === 'forbidden' && (v.reason === 'scope' || v.reason === 'user-read'));
}

/** An identity as rememberIdentity stores it. */
function isIdentity(v: Record<string, unknown>): v is Identity & Record<string, unknown> {
  const optional = (x: unknown, type: 'number' | 'string') => x === undefined || typeof x === type;
  return typeof v.kind === 'string' && typeof v.assumed === 'boolean'
    && (v.scopes === null || (Array.isArray(v.scopes) && v.scopes.every((x) => typeof x === 'string')))
    && optional(v.userId, 'number') && optional(v.username, 'string') && optional(v.tokenExpiresAt, 'number');
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
  /** Redis's clock minus this process's, learnt at each connection; undefined until known (no deadline then). */
  private clockOffsetMs: number | undefined;
  /** When the clock was last re-learnt after a late answer (at most once a second). */
  private relearntAt = 0;

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
    redis.defineCommand('fmcpAssert', { numberOfKeys: 1, lua: ASSERT });
    const state = new RedisState(config, redis, local, log);
    const target = redisTarget(url);
    redis.on('error', (err: Error) => state.down(err.message));
    redis.on('ready', () => { state.up(); void state.learnClock(); });
    redis.on('end', () => state.down('connection closed'));
    const ready = await Promise.race([
      redis.connect().then(() => true, () => false),
      new Promise<boolean>((r) => setTimeout(() => r(false), CONNECT_WAIT_MS).unref()),
    ]);
    if (ready) {
      await state.learnClock();
      log.info({ redis: target }, 'shared state: Redis');
    }
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

  /** Learns how far Redis's clock is from this process's (the spending scripts' deadlines are on Redis's clock). */
  async learnClock(): Promise<void> {
    const before = Date.now();
    const t = await this.redis.time().catch(() => undefined);
    const after = Date.now();
    const ms = t ? Number(t[0]) * 1000 + Math.floor(Number(t[1]) / 1000) : NaN;
    this.clockOffsetMs = Number.isFinite(ms) ? ms - (before + after) / 2 : undefined;
  }

  private relearnClock(): void {
    if (Date.now() - this.relearntAt < 1_000) return;
    this.relearntAt = Date.now();
    void this.learnClock();
  }

  /** The moment, on Redis's clock, after which a spending script sent now does nothing (0: no deadline known). */
  private deadline(): number {
    return this.clockOffsetMs === undefined ? 0 : Math.floor(Date.now() + this.clockOffsetMs + COMMAND_TIMEOUT_MS - DEADLINE_MARGIN_MS);
  }

  /**
   * One round trip, bounded; undefined when Redis did not answer, or answered what `valid` refuses
   * (a garbage or late reply): the caller then decides on local state, as in an outage.
   */
  private async run<T>(op: string, f: () => Promise<unknown>, valid: (v: unknown) => v is T, late: (v: unknown) => boolean = () => false): Promise<T | undefined> {
    if (this.redis.status !== 'ready') {
      metrics.sharedStateFallbacks.inc({ op });
      this.down(`connection ${this.redis.status}`);
      return undefined;
    }
    metrics.sharedStateRoundTrips.inc({ op });
    try {
      const v = await f();
      if (late(v)) {
        // Redis answered in time by our clock but past the deadline by its own: its clock stepped
        // since we learnt it. Not an outage (no state log flip-flop): local state decides this one
        // and the offset is learnt again.
        metrics.sharedStateFallbacks.inc({ op });
        this.relearnClock();
        return undefined;
      }
      if (!valid(v)) {
        metrics.sharedStateFallbacks.inc({ op });
        this.down(`unexpected reply to ${op}`);
        return undefined;
      }
      this.up();
      return v;
    } catch (err) {
      metrics.sharedStateFallbacks.inc({ op });
      this.down((err as Error).message);
      return undefined;
    }
  }

  async take(key: string, spec: BucketSpec, n: number): Promise<boolean | undefined> {
    const r = await this.run('bucket', () => this.redis.fmcpTake(bucketKey(key, spec.name), this.deadline(), spec.rate, spec.burst, n),
      (v): v is number => v === 0 || v === 1, (v) => v === LATE);
    return r === undefined ? undefined : r === 1;
  }

  async blockedFor(address: string): Promise<number> {
    const [fail, distinct] = addressKeys(address);
    const shared = await this.run('budget', () => this.redis.fmcpBlocked(fail, distinct), (v): v is number[] => isCounts(v, 2) && v.every(isCount));
    if (shared) this.reconcile(address, shared[0], shared[1]);
    // The local record covers charges made while Redis was away, and blocks Redis has since lost.
    return Math.max(shared?.[0] ?? 0, this.local.budget.blockedFor(address));
  }

  async charge(address: string, credentialKey: string): Promise<void> {
    const c = this.config;
    const r = await this.run('budget', () => this.redis.fmcpCharge(...addressKeys(address), this.deadline(), c.authFailureLimit, c.authFailureWindowMs, c.authDistinctTokenLimit, c.authDistinctTokenWindowMs, credentialKey),
      (v): v is number[] => isCounts(v, 4) && v.every(isCount), (v) => isCounts(v, 4) && v[0] === LATE);
    if (r) {
      if (r[0] === 1) metrics.authBlocks.inc({ budget: 'failure' });
      if (r[1] === 1) metrics.authBlocks.inc({ budget: 'distinct' });
    }
    // Written through; its blocks are counted only when it is the one deciding.
    this.local.budget.charge(address, credentialKey, r === undefined);
    if (r) this.reconcile(address, r[3], r[2]);
  }

  /**
   * Each replica keeps the blocks it observed for their remaining time (Redis may lose them: restart,
   * FLUSHALL, eviction), and puts back what Redis no longer holds, so replicas that never saw the
   * block meet it again. Never waited on: the answer is already decided by max(local, Redis).
   */
  private reconcile(address: string, sharedMs: number, sharedLevel: number): void {
    this.local.budget.observe(address, sharedMs, sharedLevel);
    const mine = this.local.budget.standing(address);
    if (mine.blockedMs <= sharedMs + REASSERT_SLACK_MS && mine.level <= sharedLevel) return;
    const c = this.config;
    void this.run('budget', () => this.redis.fmcpAssert(addressKeys(address)[1], Math.ceil(mine.blockedMs), mine.level, c.authFailureWindowMs, c.authDistinctTokenWindowMs),
      (v): v is number => v === 1);
  }

  /** A value and its remaining lifetime in one round trip; anything but a JSON object with a lifetime is no value. */
  private async recall(op: string, key: string): Promise<{ value: Record<string, unknown>; ttlMs: number } | undefined> {
    const r = await this.run(op, () => this.redis.multi().get(key).pttl(key).exec(), (v): v is [unknown, unknown][] => Array.isArray(v) && v.length === 2 && v.every(Array.isArray));
    const value = r?.[0]?.[1];
    const ttl = r?.[1]?.[1];
    if (typeof value !== 'string' || !isCount(ttl) || ttl <= 0) return undefined;
    try {
      const parsed: unknown = JSON.parse(value);
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? { value: parsed as Record<string, unknown>, ttlMs: ttl } : undefined;
    } catch {
      return undefined;
    }
  }

  async refusal(key: string): Promise<Remembered | undefined> {
    const held = this.local.refusals.get(key);
    if (held) return held;
    const r = await this.recall('refusal', refusalKey(key));
    if (!r || !isRemembered(r.value)) return undefined;
    this.local.refusals.remember(key, r.value, r.ttlMs);
    return r.value;
  }

  async rememberRefusal(key: string, what: Remembered): Promise<void> {
    this.local.refusals.remember(key, what);
    await this.run('refusal', () => this.redis.set(refusalKey(key), JSON.stringify(what), 'PX', REFUSAL_TTL_MS), (v): v is 'OK' => v === 'OK');
  }

  async identity(key: string): Promise<Identity | undefined> {
    const held = this.local.identities.get(key);
    if (held) return held;
    const r = await this.recall('identity', identityKey(key));
    if (!r || !isIdentity(r.value)) return undefined;
    this.local.identities.put(key, r.value, r.ttlMs);
    return r.value;
  }

  async rememberIdentity(key: string, identity: Identity): Promise<void> {
    this.local.identities.put(key, identity);
    const ttl = this.local.identities.ttlFor(identity);
    if (ttl <= 0) return;
    // User id, username, kind, scopes, expiry: never token material.
    await this.run('identity', () => this.redis.set(identityKey(key), JSON.stringify(identity), 'PX', Math.ceil(ttl)), (v): v is 'OK' => v === 'OK');
  }

  async close(): Promise<void> {
    this.redis.removeAllListeners('end');
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

// The shared state's Redis implementation against a real redis-server: the bucket script, the
// failure budget and the distinct-credential ladder (SPEC "Address blocking (HTTP)") with short
// windows, the refusal and identity memories with their remaining lifetimes, digests as keys, a
// bounded wait on a stalled Redis (answered from local state), and --redis-url's config rules.
import { describe, it, expect } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig, type Config } from '../src/config/index.js';
import type { Logger } from '../src/observe/log.js';
import { LocalState } from '../src/http/state/local.js';
import { COMMAND_TIMEOUT_MS, RedisState, redisTarget } from '../src/http/state/redis.js';
import { poolKey } from '../src/http/pool.js';
import { redisPerFile } from './helpers/redis.js';

const live = redisPerFile();

function config(argv: string[] = [], env: Record<string, string> = {}): Config {
  const r = loadConfig({ argv: ['--http', '--forge-url', 'https://gitlab.example.com', ...argv], env, homeDir: '/nohome', cwd: '/', readFile: () => undefined, fileExists: () => false });
  if (!r.ok || 'exit' in r) throw new Error(`config refused: ${'message' in r ? r.message : ''}`);
  return r.config;
}

function quietLog(lines: string[] = []): Logger {
  const log = {
    warn: (_o: unknown, m: string) => lines.push(`WARN ${m}`),
    info: (_o: unknown, m: string) => lines.push(`INFO ${m}`),
    debug: () => undefined, error: () => undefined, trace: () => undefined, fatal: () => undefined,
    child: () => log,
  };
  return log as unknown as Logger;
}

async function open(argv: string[] = [], lines: string[] = []): Promise<RedisState> {
  const c = config(argv);
  return RedisState.open(c, live.redis.url, new LocalState(c), quietLog(lines));
}

describe('RedisState', () => {
  it('takes tokens from one bucket whoever asks: burst, then refusal', async () => {
    const [a, b] = await Promise.all([open(), open()]);
    try {
      const spec = { name: 'calls' as const, rate: 0.01, burst: 3 };
      const key = poolKey('https://gitlab.example.com', 'glpat-state-bucket');
      expect([await a.take(key, spec, 1), await b.take(key, spec, 1), await a.take(key, spec, 1), await b.take(key, spec, 1)]).toEqual([true, true, true, false]);
      // The bucket expires once it would be full again, and is named by the digest.
      const keys = await live.admin.keys('*');
      expect(keys).toEqual([`forge-mcp:bucket:{${key}}:calls`]);
      expect(await live.admin.pttl(keys[0])).toBeGreaterThan(0);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('blocks an address at the failure limit for the rest of the window, across replicas', async () => {
    const argv = ['--auth-failure-limit', '3', '--auth-failure-window', '1m', '--auth-distinct-token-limit', '0'];
    const [a, b] = await Promise.all([open(argv), open(argv)]);
    try {
      await a.charge('10.0.0.1', 'k1');
      await b.charge('10.0.0.1', 'k2');
      expect(await a.blockedFor('10.0.0.1')).toBe(0);
      await a.charge('10.0.0.1', 'k3');
      const blocked = await b.blockedFor('10.0.0.1');
      expect(blocked).toBeGreaterThan(55_000);
      expect(blocked).toBeLessThanOrEqual(60_000);
      expect(await b.blockedFor('10.0.0.2')).toBe(0);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('climbs the distinct-credential ladder (one window, then ten) and resets it after sixty silent windows', async () => {
    // The ladder counts in failure windows (SPEC: 1 minute, 10 minutes, 1 hour by default).
    const argv = ['--auth-failure-limit', '0', '--auth-failure-window', '100ms', '--auth-distinct-token-limit', '2', '--auth-distinct-token-window', '100ms'];
    const [a, b] = await Promise.all([open(argv), open(argv)]);
    try {
      await a.charge('10.0.0.9', 'x1');
      await b.charge('10.0.0.9', 'x2');
      const first = await a.blockedFor('10.0.0.9');
      expect(first).toBeGreaterThan(0);
      expect(first).toBeLessThanOrEqual(100);
      await sleep(150);
      await b.charge('10.0.0.9', 'y1');
      await a.charge('10.0.0.9', 'y2');
      const second = await b.blockedFor('10.0.0.9');
      expect(second).toBeGreaterThan(500);
      expect(second).toBeLessThanOrEqual(1_000);
      // Sixty windows (6 s) of silence after the last refusal: back to the first step.
      await sleep(6_200);
      await a.charge('10.0.0.9', 'z1');
      await b.charge('10.0.0.9', 'z2');
      const third = await a.blockedFor('10.0.0.9');
      expect(third).toBeGreaterThan(0);
      expect(third).toBeLessThanOrEqual(100);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  }, 15_000);

  it('shares refusals and identities with their remaining lifetime, and no token material', async () => {
    const [a, b] = await Promise.all([open(['--oauth-cache-ttl', '2m']), open(['--oauth-cache-ttl', '2m'])]);
    try {
      const key = poolKey('https://gitlab.example.com', 'glpat-state-secret');
      await a.rememberRefusal(key, { kind: 'forbidden', reason: 'scope', message: 'below read_api' });
      expect(await b.refusal(key)).toEqual({ kind: 'forbidden', reason: 'scope', message: 'below read_api' });
      const ttl = await live.admin.pttl(`forge-mcp:refused:{${key}}`);
      expect(ttl).toBeGreaterThan(290_000);
      expect(ttl).toBeLessThanOrEqual(300_000);

      const identity = { kind: 'oauth' as const, scopes: ['api'], assumed: false, userId: 7, username: 'ada', tokenExpiresAt: Date.now() + 60_000 };
      await a.rememberIdentity(key, identity);
      expect(await b.identity(key)).toEqual(identity);
      // Never past the token's own expiry.
      expect(await live.admin.pttl(`forge-mcp:identity:{${key}}`)).toBeLessThanOrEqual(60_000);
      for (const k of await live.admin.keys('*')) {
        expect(k).not.toContain('glpat-state-secret');
        expect(await live.admin.type(k) === 'string' ? await live.admin.get(k) : '').not.toContain('glpat-state-secret');
      }
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('answers from local state within the bound when Redis stalls, warns once, and recovers by itself', async () => {
    const lines: string[] = [];
    const s = await open(['--auth-failure-limit', '2'], lines);
    try {
      const spec = { name: 'calls' as const, rate: 1, burst: 5 };
      const stalled = live.admin.duplicate();
      stalled.on('error', () => undefined);
      const stall = stalled.call('DEBUG', 'SLEEP', '1.5');
      await sleep(50);
      const started = Date.now();
      expect(await s.take('k', spec, 1)).toBeUndefined();
      expect(Date.now() - started).toBeLessThan(COMMAND_TIMEOUT_MS + 500);
      // The failure budget never opens: the local record decides while Redis is away.
      await s.charge('10.1.1.1', 'a');
      await s.charge('10.1.1.1', 'b');
      expect(await s.blockedFor('10.1.1.1')).toBeGreaterThan(0);
      await stall;
      stalled.disconnect();
      await sleep(200);
      expect(await s.take('k', spec, 1)).toBe(true);
      expect(lines.filter((l) => l.startsWith('WARN'))).toHaveLength(1);
      expect(lines.some((l) => l.includes('available again'))).toBe(true);
    } finally {
      await s.close();
    }
  });
});

describe('--redis-url', () => {
  it('is read in HTTP mode from the flag or FORGE_MCP_REDIS_URL', () => {
    expect(config(['--redis-url', 'redis://127.0.0.1:6379']).redisUrl).toBe('redis://127.0.0.1:6379');
    expect(config([], { FORGE_MCP_REDIS_URL: 'rediss://cache.internal:6380/2' }).redisUrl).toBe('rediss://cache.internal:6380/2');
    expect(config().redisUrl).toBeUndefined();
  });

  it('is refused on stdio, and a malformed value is refused without echoing it', () => {
    const base = { env: { FORGE_TOKEN: 'glpat-x' }, homeDir: '/nohome', cwd: '/', readFile: () => undefined, fileExists: () => false };
    for (const r of [loadConfig({ ...base, argv: ['--redis-url', 'redis://x'] }), loadConfig({ ...base, argv: [], env: { ...base.env, FORGE_MCP_REDIS_URL: 'redis://x' } })]) {
      expect(r.ok).toBe(false);
      expect(!r.ok && r.message).toMatch(/HTTP replicas; a stdio server has no replicas/);
    }
    const bad = loadConfig({ ...base, argv: ['--http', '--forge-url', 'https://gitlab.example.com', '--redis-url', 'http://user:hunter2@cache'] });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.message).toMatch(/expected a redis:\/\/ or rediss:\/\/ URL/);
    expect(!bad.ok && bad.message).not.toContain('hunter2');
  });

  it('names its target in logs without the password', () => {
    expect(redisTarget('redis://:hunter2@cache.internal:6380/3')).toBe('redis://cache.internal:6380/3');
    expect(redisTarget('rediss://user:hunter2@cache.internal')).toBe('rediss://cache.internal:6379');
  });
});

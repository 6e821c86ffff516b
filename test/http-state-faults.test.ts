// The shared state when Redis misbehaves (issue #26): it loses its data (FLUSHALL) while blocks are
// held, it runs a spending script after the replica gave up on it (a paused Redis), it answers
// garbage (a tiny RESP server on loopback) or holds a stored JSON `null`. Each time the replicas stay
// closed: blocks held, nothing charged twice, never NaN, never a 500.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createServer, type Server, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig, type Config } from '../src/config/index.js';
import type { Logger } from '../src/observe/log.js';
import { LocalState } from '../src/http/state/local.js';
import { COMMAND_TIMEOUT_MS, RedisState } from '../src/http/state/redis.js';
import { poolKey } from '../src/http/pool.js';
import { SANDBOX_TOKEN, type Sandbox } from '../src/sandbox/index.js';
import { withSandbox } from './helpers/harness.js';
import { post, startHttpServer } from './helpers/http.js';
import { redisPerFile } from './helpers/redis.js';

const live = redisPerFile();

function config(argv: string[] = []): Config {
  const r = loadConfig({ argv: ['--http', '--forge-url', 'https://gitlab.example.com', ...argv], env: {}, homeDir: '/nohome', cwd: '/', readFile: () => undefined, fileExists: () => false });
  if (!r.ok || 'exit' in r) throw new Error(`config refused: ${'message' in r ? r.message : ''}`);
  return r.config;
}

function quietLog(lines: string[] = []): Logger {
  const log = {
    warn: (o: unknown, m: string) => lines.push(`WARN ${m} ${JSON.stringify(o)}`),
    info: (_o: unknown, m: string) => lines.push(`INFO ${m}`),
    debug: () => undefined, error: () => undefined, trace: () => undefined, fatal: () => undefined,
    child: () => log,
  };
  return log as unknown as Logger;
}

async function open(argv: string[] = [], url = live.redis.url, lines: string[] = []): Promise<RedisState> {
  const c = config(argv);
  return RedisState.open(c, url, new LocalState(c), quietLog(lines));
}

/** A loopback server speaking RESP that answers every command with the same bulk string. */
async function garbageRedis(reply = 'garbage'): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => undefined);
    // One answer per command (a RESP array starts with '*'); pipelined commands get one each.
    s.on('data', (d: Buffer) => {
      const commands = (d.toString('latin1').match(/(^|\r\n)\*\d+\r\n/g) ?? []).length || 1;
      for (let i = 0; i < commands; i++) s.write(`$${Buffer.byteLength(reply)}\r\n${reply}\r\n`);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as { port: number }).port;
  return {
    url: `redis://127.0.0.1:${port}`,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

describe('Redis losing its data', () => {
  it('keeps an address blocked on every replica that saw the block after FLUSHALL, and puts it back for the others', async () => {
    const argv = ['--auth-failure-limit', '3', '--auth-failure-window', '1m', '--auth-distinct-token-limit', '0'];
    const [a, b, c] = await Promise.all([open(argv), open(argv), open(argv)]);
    try {
      for (const k of ['k1', 'k2', 'k3']) await a.charge('10.9.0.1', k);
      expect(await b.blockedFor('10.9.0.1')).toBeGreaterThan(55_000);
      expect(await c.blockedFor('10.9.0.1')).toBeGreaterThan(55_000);
      await live.admin.flushall();
      for (const s of [a, b, c]) expect(await s.blockedFor('10.9.0.1')).toBeGreaterThan(55_000);
      // The replicas re-asserted it: one that never saw the address meets the block in Redis.
      await sleep(100);
      const d = await open(argv);
      try {
        expect(await d.blockedFor('10.9.0.1')).toBeGreaterThan(55_000);
      } finally {
        await d.close();
      }
    } finally {
      await Promise.all([a.close(), b.close(), c.close()]);
    }
  });

  it('keeps the ladder step through FLUSHALL: the next block is the second step, on every replica', async () => {
    const argv = ['--auth-failure-limit', '0', '--auth-failure-window', '100ms', '--auth-distinct-token-limit', '2', '--auth-distinct-token-window', '100ms'];
    const [a, b] = await Promise.all([open(argv), open(argv)]);
    try {
      await a.charge('10.9.0.2', 'x1');
      await a.charge('10.9.0.2', 'x2');
      expect(await b.blockedFor('10.9.0.2')).toBeGreaterThan(0);
      await live.admin.flushall();
      await sleep(150);
      await b.charge('10.9.0.2', 'y1');
      await b.charge('10.9.0.2', 'y2');
      // Ten windows (1 s), not the first step again.
      expect(await b.blockedFor('10.9.0.2')).toBeGreaterThan(500);
      await sleep(100);
      expect(await a.blockedFor('10.9.0.2')).toBeGreaterThan(500);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe('a Redis command that timed out', () => {
  it('does nothing when Redis runs it late: the bucket and the budget charged locally are not charged again', async () => {
    const s = await open(['--auth-failure-limit', '5']);
    const pauser = live.admin.duplicate();
    pauser.on('error', () => undefined);
    try {
      const key = poolKey('https://gitlab.example.com', 'glpat-late-bucket');
      const spec = { name: 'calls' as const, rate: 0.001, burst: 3 };
      await pauser.call('CLIENT', 'PAUSE', '900', 'ALL');
      const started = Date.now();
      expect(await s.take(key, spec, 1)).toBeUndefined();
      await s.charge('10.9.0.3', 'k1');
      expect(Date.now() - started).toBeLessThan(2 * COMMAND_TIMEOUT_MS + 500);
      await sleep(1_100);
      // Redis ran both scripts after the pause: past their deadline, they changed nothing.
      expect(await live.admin.exists(`forge-mcp:bucket:{${key}}:calls`)).toBe(0);
      expect(await live.admin.exists('forge-mcp:addr:{10.9.0.3}:fail')).toBe(0);
      // And the replica is back on the shared bucket, whole.
      expect(await s.take(key, spec, 3)).toBe(true);
    } finally {
      pauser.disconnect();
      await s.close();
    }
  });
});

describe('a Redis clock that stepped', () => {
  it('a late answer is not an outage: local state decides that call, no WARN, the clock is learnt again', async () => {
    const lines: string[] = [];
    const s = await open([], live.redis.url, lines);
    try {
      const key = poolKey('https://gitlab.example.com', 'glpat-clock-step');
      const spec = { name: 'calls' as const, rate: 0.001, burst: 3 };
      // As if Redis's clock jumped 10 s ahead since the offset was learnt: every deadline is already past on it.
      (s as unknown as { clockOffsetMs: number }).clockOffsetMs -= 10_000;
      expect(await s.take(key, spec, 1)).toBeUndefined();
      expect(await live.admin.exists(`forge-mcp:bucket:{${key}}:calls`)).toBe(0);
      expect(lines.filter((l) => l.startsWith('WARN'))).toEqual([]);
      // The offset is learnt again: the next call is decided on the shared bucket.
      await sleep(200);
      expect(await s.take(key, spec, 1)).toBe(true);
      expect(await live.admin.exists(`forge-mcp:bucket:{${key}}:calls`)).toBe(1);
      expect(lines.filter((l) => l.startsWith('WARN'))).toEqual([]);
    } finally {
      await s.close();
    }
  });
});

describe('garbage from Redis', () => {
  it('a stored JSON null or a wrong shape is no refusal and no identity (never a TypeError)', async () => {
    const s = await open();
    try {
      const key = poolKey('https://gitlab.example.com', 'glpat-null');
      for (const stored of ['null', '"text"', '[1]', '{"kind":"forbidden"}', '{"kind":7,"assumed":false,"scopes":null}']) {
        await live.admin.set(`forge-mcp:refused:{${key}}`, stored, 'PX', 60_000);
        await live.admin.set(`forge-mcp:identity:{${key}}`, stored, 'PX', 60_000);
        expect(await s.refusal(key)).toBeUndefined();
        expect(await s.identity(key)).toBeUndefined();
      }
      // Garbage in an address record reads as no shared block; the local record still decides.
      await live.admin.hset('forge-mcp:addr:{10.9.0.4}:fail', 'until', 'not-a-number');
      expect(await s.blockedFor('10.9.0.4')).toBe(0);
    } finally {
      await s.close();
    }
  });

  it('a Redis answering garbage is a Redis unavailable: local blocks hold, buckets are local, one WARN', async () => {
    const fake = await garbageRedis();
    const lines: string[] = [];
    const s = await open(['--auth-failure-limit', '2'], fake.url, lines);
    try {
      const spec = { name: 'calls' as const, rate: 1, burst: 5 };
      expect(await s.take('k', spec, 1)).toBeUndefined();
      await s.charge('10.9.0.5', 'a');
      await s.charge('10.9.0.5', 'b');
      const blocked = await s.blockedFor('10.9.0.5');
      expect(blocked).toBeGreaterThan(55_000);
      expect(await s.blockedFor('10.9.0.6')).toBe(0);
      expect(await s.refusal('x')).toBeUndefined();
      expect(await s.identity('x')).toBeUndefined();
      const warns = lines.filter((l) => l.startsWith('WARN'));
      expect(warns).toHaveLength(1);
      expect(warns[0]).toMatch(/unexpected reply/);
    } finally {
      await s.close();
      await fake.close();
    }
  });
});

describe('an HTTP replica on a garbage-answering Redis', () => {
  let sb: Sandbox;
  beforeAll(async () => { sb = await withSandbox(); });
  afterAll(async () => { await sb?.close(); });

  it('serves a held token, blocks refused tokens at the limit with 429, and never answers 500', async () => {
    const fake = await garbageRedis('{"kind":null}');
    const srv = await startHttpServer(['--forge-url', sb.url, '--redis-url', fake.url, '--auth-failure-limit', '3']);
    try {
      expect((await post(srv, { 'PRIVATE-TOKEN': SANDBOX_TOKEN })).status).toBe(200);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await post(srv, { 'PRIVATE-TOKEN': `glpat-garbage-${i}-000000` })).status);
      expect(statuses).toEqual([401, 401, 401, 429]);
      expect((await post(srv, { 'PRIVATE-TOKEN': SANDBOX_TOKEN })).status).toBe(200);
    } finally {
      await srv.close();
      await fake.close();
    }
  });
});

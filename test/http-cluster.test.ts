// Scale-out (issue #15): three replicas (the built server in HTTP mode) share one real redis-server
// in front of one sandbox. One token's calls spread round-robin meet one bucket; refused tokens spread
// over the replicas meet one failure budget; a token refused on one replica is refused by the others
// without asking the platform again; a dead replica loses nothing; a dead Redis leaves the replicas
// serving on local state (one WARN each) until it returns.
import { describe, it, expect, beforeAll, afterAll, beforeEach } from 'vitest';
import { Redis } from 'ioredis';
import type { Client } from '@modelcontextprotocol/client';
import { ADMIN_TOKEN, GRANULAR_TOKEN, READONLY_TOKEN, SANDBOX_TOKEN, type Sandbox } from '../src/sandbox/index.js';
import { secretsInUse, until, withSandbox } from './helpers/harness.js';
import { callTool, connect, post, startHttpServer, type HttpProcess } from './helpers/http.js';
import { startRedis, type RedisServer } from './helpers/redis.js';

let sb: Sandbox;
let redis: RedisServer;
let admin: Redis;
let replicas: HttpProcess[] = [];

const RATE = ['--rate-limit-rps', '0.05', '--rate-limit-burst', '30'];
const PROXY = ['--trusted-proxy-header', 'X-Forwarded-For', '--trusted-proxies', '127.0.0.1/32'];
const FORWARDED = { 'X-Forwarded-For': '203.0.113.50' };

beforeAll(async () => {
  [sb, redis] = await Promise.all([withSandbox(), startRedis()]);
  admin = new Redis(redis.url, { maxRetriesPerRequest: 1, retryStrategy: () => 200 });
  admin.on('error', () => undefined);
  // The budget test charges a forwarded address: replicas keep the blocks they saw (a FLUSHALL between
  // tests does not lift them), so blocking the loopback peer would block every later test.
  replicas = await Promise.all([0, 1, 2].map(() => startHttpServer(['--forge-url', sb.url, '--redis-url', redis.url, ...RATE, ...PROXY])));
}, 60_000);

afterAll(async () => {
  // A replica killed by a test has already exited.
  await Promise.all(replicas.filter((r) => r.proc.exitCode === null && r.proc.signalCode === null).map((r) => r.close()));
  admin?.disconnect();
  await redis?.kill();
  await sb?.close();
});

beforeEach(async () => {
  if (admin.status === 'ready') await admin.flushall();
});

const issueList = (c: Client) => callTool(c, 'forge_execute_action', { action: 'issue.list', params: { project_id: 1 } });
const isRateLimited = (r: { isError?: boolean; content: Array<{ text?: string }> }) => !!r.isError && /^rate limit exceeded/.test(r.content[0]?.text ?? '');

async function metric(s: HttpProcess, line: RegExp): Promise<number> {
  const body = await (await fetch(`${s.url}/metrics`)).text();
  return body.split('\n').filter((l) => line.test(l)).reduce((n, l) => n + Number(l.split(' ').pop()), 0);
}

const warnLines = (s: HttpProcess) => s.stderr().split('\n').filter((l) => l.includes('shared state (Redis) unavailable'));

describe('three replicas, one Redis', () => {
  it('meets one shared bucket: 60 calls of one token round-robin are served at most burst plus refill', async () => {
    const clients = await Promise.all(replicas.map((r) => connect(r, { 'PRIVATE-TOKEN': ADMIN_TOKEN })));
    try {
      const started = Date.now();
      let served = 0;
      let refused = 0;
      for (let i = 0; i < 60; i++) {
        const r = await issueList(clients[i % 3]);
        if (isRateLimited(r)) refused++;
        else {
          expect(r.isError).toBeFalsy();
          served++;
        }
      }
      const refill = Math.floor(((Date.now() - started) / 1000) * 0.05);
      // Three buckets of 30 would have served all 60; one shared bucket serves its burst and what refilled.
      expect(served).toBeGreaterThanOrEqual(30);
      expect(served).toBeLessThanOrEqual(30 + refill + 1);
      expect(refused).toBe(60 - served);
      // Each replica drew every call from Redis: one round trip per call.
      const trips = await Promise.all(replicas.map((r) => metric(r, /^forge_mcp_shared_state_round_trips_total\{op="bucket"\}/)));
      expect(trips.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(60);
    } finally {
      await Promise.all(clients.map((c) => c.close()));
    }
  });

  it('remembers a refused token across replicas: the others refuse it without asking the platform', async () => {
    const bad = 'glpat-cluster-refused-0000000001';
    secretsInUse.add(bad);
    const asked = () => sb.log.filter((e) => e.origin === 'api' && e.path === '/api/v4/user' && e.headers['private-token'] === bad).length;
    expect((await post(replicas[0], { 'PRIVATE-TOKEN': bad })).status).toBe(401);
    expect(asked()).toBe(1);
    expect((await post(replicas[1], { 'PRIVATE-TOKEN': bad })).status).toBe(401);
    expect((await post(replicas[2], { 'PRIVATE-TOKEN': bad })).status).toBe(401);
    expect(asked()).toBe(1);
    // Keys are digests: no token is ever written to Redis.
    const keys = await admin.keys('*');
    expect(keys.some((k) => k.includes(bad))).toBe(false);
    expect(keys.filter((k) => k.startsWith('forge-mcp:refused:')).every((k) => /^forge-mcp:refused:\{[0-9a-f]{64}\}$/.test(k))).toBe(true);
    expect(keys.filter((k) => k.startsWith('forge-mcp:refused:'))).toHaveLength(1);
  });

  it('meets one failure budget: ten refused tokens spread over the replicas, the eleventh gets 429; FLUSHALL does not lift it', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const bad = `glpat-cluster-budget-${String(i).padStart(10, '0')}`;
      secretsInUse.add(bad);
      const r = await post(replicas[i % 3], { 'PRIVATE-TOKEN': bad, ...FORWARDED });
      statuses.push(r.status);
      if (r.status === 429) expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    // Every replica now refuses a new credential from this address, held credentials aside.
    for (const r of replicas) expect((await post(r, { 'PRIVATE-TOKEN': 'glpat-cluster-budget-late', ...FORWARDED })).status).toBe(429);
    secretsInUse.add('glpat-cluster-budget-late');
    // Redis loses its data: every replica keeps the block it saw, and puts it back into Redis.
    await admin.flushall();
    for (const r of replicas) expect((await post(r, { 'PRIVATE-TOKEN': 'glpat-cluster-budget-late', ...FORWARDED })).status).toBe(429);
    expect(await admin.exists('forge-mcp:addr:{203.0.113.50}:distinct')).toBe(1);
  });

  it('loses nothing when a replica dies: the others keep serving from the same bucket', async () => {
    const onDoomed = await connect(replicas[2], { 'PRIVATE-TOKEN': READONLY_TOKEN });
    for (let i = 0; i < 5; i++) expect((await issueList(onDoomed)).isError).toBeFalsy();
    replicas[2].proc.kill('SIGKILL');
    await new Promise((r) => replicas[2].proc.once('exit', r));
    await onDoomed.close().catch(() => undefined);

    const clients = await Promise.all(replicas.slice(0, 2).map((r) => connect(r, { 'PRIVATE-TOKEN': READONLY_TOKEN })));
    try {
      const started = Date.now();
      let served = 0;
      for (let i = 0; i < 30; i++) if (!isRateLimited(await issueList(clients[i % 2]))) served++;
      // 25 tokens were left after the five calls on the dead replica.
      const refill = Math.floor(((Date.now() - started) / 1000) * 0.05);
      expect(served).toBeGreaterThanOrEqual(25);
      expect(served).toBeLessThanOrEqual(25 + refill + 1);
    } finally {
      await Promise.all(clients.map((c) => c.close()));
    }
  });

  it('serves on local state while Redis is down, logs it once, and returns to the shared state', async () => {
    const live = replicas.slice(0, 2);
    const clients = await Promise.all(live.map((r) => connect(r, { 'PRIVATE-TOKEN': SANDBOX_TOKEN })));
    try {
      await redis.kill();
      // New credentials are admitted and served on local state; every call succeeds.
      const more = await Promise.all(live.map((r) => connect(r, { 'PRIVATE-TOKEN': GRANULAR_TOKEN })));
      for (const c of more) expect((await c.listTools()).tools.length).toBeGreaterThan(0);
      for (let i = 0; i < 6; i++) expect((await issueList(clients[i % 2])).isError).toBeFalsy();
      await Promise.all(more.map((c) => c.close()));
      // Refusals still meet a budget and a memory: this replica's own.
      secretsInUse.add('glpat-cluster-while-down');
      expect((await post(live[0], { 'PRIVATE-TOKEN': 'glpat-cluster-while-down' })).status).toBe(401);
      for (const r of live) {
        expect(warnLines(r)).toHaveLength(1);
        expect(await metric(r, /^forge_mcp_shared_state_fallbacks_total/)).toBeGreaterThan(0);
      }

      await redis.start();
      await until(() => (live.every((r) => r.stderr().includes('shared state (Redis) available again')) ? true : undefined), 15_000);
      const before = await Promise.all(live.map((r) => metric(r, /^forge_mcp_shared_state_round_trips_total\{op="bucket"\}/)));
      const fallbacks = await Promise.all(live.map((r) => metric(r, /^forge_mcp_shared_state_fallbacks_total/)));
      for (let i = 0; i < 4; i++) expect((await issueList(clients[i % 2])).isError).toBeFalsy();
      const after = await Promise.all(live.map((r) => metric(r, /^forge_mcp_shared_state_round_trips_total\{op="bucket"\}/)));
      expect(after.map((a, i) => a - before[i])).toEqual([2, 2]);
      expect(await Promise.all(live.map((r) => metric(r, /^forge_mcp_shared_state_fallbacks_total/)))).toEqual(fallbacks);
      // The bucket lives in Redis again, under a digest.
      expect((await admin.keys('forge-mcp:bucket:*')).length).toBeGreaterThan(0);
      // Still one WARN per replica for the one outage.
      for (const r of live) expect(warnLines(r)).toHaveLength(1);
    } finally {
      await Promise.all(clients.map((c) => c.close()));
    }
  });
});

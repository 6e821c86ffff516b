// A real redis-server on a free loopback port (Debian's package; .ci/run installs it), without
// persistence, that a test can kill and start again on the same port.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach } from 'vitest';

export interface RedisServer {
  url: string;
  port: number;
  /** Kills the server at once (SIGKILL): nothing is flushed, connections break. */
  kill(): Promise<void>;
  /** Starts it again on the same port (empty). */
  start(): Promise<void>;
}

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const port = (srv.address() as { port: number }).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

function launch(port: number): Promise<ChildProcess> {
  const proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--enable-debug-command', 'local'], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`redis-server not ready within 10 s: ${out}`)), 10_000);
    proc.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('Ready to accept connections')) { clearTimeout(timer); resolve(proc); }
    });
    proc.once('error', (e) => { clearTimeout(timer); reject(new Error(`redis-server could not start (install Debian's redis-server): ${e.message}`)); });
    proc.once('exit', (code) => { clearTimeout(timer); reject(new Error(`redis-server exited with ${code}: ${out}`)); });
  });
}

export async function startRedis(): Promise<RedisServer> {
  const port = await freePort();
  let proc: ChildProcess | undefined = await launch(port);
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    kill: async () => {
      const p = proc;
      proc = undefined;
      if (!p || p.exitCode !== null) return;
      const exited = new Promise((r) => p.once('exit', r));
      p.kill('SIGKILL');
      await exited;
    },
    start: async () => { proc = await launch(port); },
  };
}

/** One redis-server for a test file and an admin client on it, flushed before each test. Read its fields inside tests. */
export function redisPerFile(): { readonly redis: RedisServer; readonly admin: Redis } {
  const live = {} as { redis: RedisServer; admin: Redis };
  beforeAll(async () => {
    live.redis = await startRedis();
    live.admin = new Redis(live.redis.url);
    live.admin.on('error', () => undefined);
  });
  afterAll(async () => {
    live.admin?.disconnect();
    await live.redis?.kill();
  });
  beforeEach(async () => { await live.admin.flushall(); });
  return live;
}

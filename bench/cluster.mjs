// Scale-out figures (issue #15), loopback only, bounded in count and time:
//  1. platform connections held by one replica for 1, 100 and 1,000 credentials (counted at the
//     platform's side through a TCP relay; the pool is bounded by --max-platform-connections);
//  2. tool calls per second and p99 for one replica, one replica with Redis, and three replicas with
//     Redis behind nginx, in the same run, interleaved rounds (min / median / max);
//  3. Redis round trips per tool call (from the replicas' /metrics).
// Needs redis-server and nginx (apt-get install -y redis-server nginx).
// Run: npm run build && node bench/cluster.mjs [rounds]
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { connect as netConnect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { startSandbox } from '../dist/sandbox/index.js';
import { pct, runCalls } from './calls.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const ROUNDS = Number(process.argv[2] ?? 3);
const LOAD_CREDENTIALS = 20;
const CALLS_PER_CREDENTIAL = 15;
const CONNECTION_LEVELS = [1, 100, 1000];
const CONNECT_CONCURRENCY = 12;
const work = mkdtempSync(join(tmpdir(), 'forge-cluster-bench-'));
const children = [];
// SIGTERM: nginx's master then stops its workers too (a SIGKILLed master would leave them running).
const stopAll = () => { for (const c of children) if (c.exitCode === null) c.kill('SIGTERM'); };
// Bounded in time: whatever happens, everything this script started stops after ten minutes.
setTimeout(() => { console.error('bench: time limit reached'); stopAll(); process.exit(2); }, 10 * 60_000).unref();
process.on('exit', stopAll);

const ms = (x) => `${x.toFixed(1)} ms`;
const median = (xs) => pct(xs, 50);

async function freePort() {
  const s = createServer();
  await new Promise((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address();
  await new Promise((r) => s.close(r));
  return port;
}

/** A TCP relay that counts connections (the platform's view). */
async function relayTo(target) {
  const t = new URL(target);
  const open = new Set();
  let peak = 0;
  const server = createServer((down) => {
    open.add(down);
    peak = Math.max(peak, open.size);
    const up = netConnect(Number(t.port), t.hostname);
    down.pipe(up).pipe(down);
    const end = () => { open.delete(down); down.destroy(); up.destroy(); };
    down.on('close', end).on('error', end);
    up.on('close', end).on('error', end);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${server.address().port}`, get open() { return open.size; }, get peak() { return peak; }, resetPeak() { peak = open.size; }, close: () => { for (const s of open) s.destroy(); server.close(); } };
}

function startProcess(cmd, args, ready, env = {}) {
  const proc = spawn(cmd, args, { env: { PATH: process.env.PATH ?? '', HOME: work, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(proc);
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${cmd} not ready: ${out.slice(-500)}`)), 20_000);
    const on = (d) => {
      out += d;
      const r = ready(out);
      if (r) {
        clearTimeout(timer);
        // Ready: later output is drained, not kept.
        proc.stdout.off('data', on);
        proc.stderr.off('data', on);
        proc.stdout.resume();
        proc.stderr.resume();
        resolve({ proc, value: r });
      }
    };
    proc.stdout.on('data', on);
    proc.stderr.on('data', on);
    proc.once('exit', (code) => { clearTimeout(timer); reject(new Error(`${cmd} exited ${code}: ${out.slice(-500)}`)); });
  });
}

async function startReplica(forgeUrl, extra = []) {
  const { proc, value } = await startProcess(process.execPath, [join(root, 'dist', 'bundle', 'cli.js'), '--http', '--http-addr', '127.0.0.1:0', '--forge-url', forgeUrl, '--rate-limit-rps', '0', ...extra], (out) => {
    for (const line of out.split('\n')) {
      try { const rec = JSON.parse(line); if (rec.msg === 'listening' && rec.address) return rec.address; } catch { /* partial line */ }
    }
    return undefined;
  }, { FORGE_MCP_LOG_LEVEL: 'info' });
  return { proc, url: value };
}

async function mcpClient(url, token) {
  const client = new Client({ name: 'bench-cluster', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers: { 'PRIVATE-TOKEN': token } } }));
  return client;
}
const call = (c) => c.callTool({ name: 'forge_execute_action', arguments: { action: 'issue.get', params: { project_id: 1, issue_iid: 1 } } });

async function inBatches(items, n, f) {
  for (let i = 0; i < items.length; i += n) await Promise.all(items.slice(i, i + n).map(f));
}

const metricSum = async (url, re) => (await (await fetch(`${url}/metrics`)).text()).split('\n').filter((l) => re.test(l)).reduce((n, l) => n + Number(l.split(' ').pop()), 0);

// ---------------------------------------------------------------- setup
const sandbox = await startSandbox();
const tokens = Array.from({ length: Math.max(...CONNECTION_LEVELS) }, (_, i) => `glpat-cluster-bench-${String(i).padStart(5, '0')}`);
tokens.forEach((t, i) => sandbox.addToken(t, { kind: 'classic', scopes: ['api', 'read_api'], userId: 1, tokenId: 9000 + i }));

// ---------------------------------------------------------------- 1. connections per credential count
console.log('## Platform connections held by one replica (default --max-platform-connections 64)');
{
  const relay = await relayTo(sandbox.url);
  const replica = await startReplica(relay.url, ['--max-http-clients', String(Math.max(...CONNECTION_LEVELS))]);
  let done = 0;
  for (const level of CONNECTION_LEVELS) {
    relay.resetPeak();
    const started = performance.now();
    await inBatches(tokens.slice(done, level), CONNECT_CONCURRENCY, async (t) => {
      const c = await mcpClient(replica.url, t);
      const r = await call(c);
      if (r.isError) throw new Error(`call failed for a credential: ${JSON.stringify(r.content).slice(0, 200)}`);
      await c.close();
    });
    done = level;
    console.log(`${String(level).padStart(5)} credentials: ${relay.open} connections open, peak ${relay.peak} while admitting and calling (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }
  replica.proc.kill('SIGTERM');
  relay.close();
}

// ---------------------------------------------------------------- 2. throughput: one replica vs three behind nginx
const redisPort = await freePort();
await startProcess('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], (o) => o.includes('Ready to accept connections'));
const redisUrl = `redis://127.0.0.1:${redisPort}`;

const single = await startReplica(sandbox.url, ['--rate-limit-rps', '1000', '--rate-limit-burst', '1000']);
const singleRedis = await startReplica(sandbox.url, ['--rate-limit-rps', '1000', '--rate-limit-burst', '1000', '--redis-url', redisUrl]);
const three = await Promise.all([0, 1, 2].map(() => startReplica(sandbox.url, ['--rate-limit-rps', '1000', '--rate-limit-burst', '1000', '--redis-url', redisUrl])));

const nginxPort = await freePort();
const ports = three.map((r) => new URL(r.url).port);
let conf = readFileSync(join(root, 'deploy', 'nginx.conf'), 'utf8').replace('listen 127.0.0.1:8080;', `listen 127.0.0.1:${nginxPort};`);
['8081', '8082', '8083'].forEach((p, i) => { conf = conf.replace(`server 127.0.0.1:${p} `, `server 127.0.0.1:${ports[i]} `); });
const nginxDir = join(work, 'nginx');
mkdirSync(nginxDir, { recursive: true });
writeFileSync(join(nginxDir, 'nginx.conf'), conf);
const nginx = spawn('nginx', ['-p', nginxDir, '-e', join(nginxDir, 'error.log'), '-c', join(nginxDir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'ignore' });
children.push(nginx);
for (let i = 0; i < 50; i++) {
  if (await fetch(`http://127.0.0.1:${nginxPort}/health`).then((r) => r.ok, () => false)) break;
  await new Promise((r) => setTimeout(r, 100));
}
const nginxUrl = `http://127.0.0.1:${nginxPort}`;

const tripsOf = async (replicas) => (await Promise.all(replicas.map((x) => metricSum(x.url, /^forge_mcp_shared_state_round_trips_total/)))).reduce((a, b) => a + b, 0);

async function load(url, replicas, round) {
  const mine = tokens.slice(round * LOAD_CREDENTIALS, (round + 1) * LOAD_CREDENTIALS);
  const clients = await Promise.all(mine.map((t) => mcpClient(url, t)));
  await Promise.all(clients.map(call)); // admitted and warm
  const tripsBefore = await tripsOf(replicas);
  const { rate, lat, failed } = await runCalls(clients, CALLS_PER_CREDENTIAL, call);
  const trips = (await tripsOf(replicas)) - tripsBefore;
  await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
  return { rate, p99: pct(lat, 99), failed, calls: lat.length, trips };
}

const variants = [
  { name: 'one replica (in-process state)', url: single.url, replicas: [single] },
  { name: 'one replica + Redis', url: singleRedis.url, replicas: [singleRedis] },
  { name: 'three replicas + Redis behind nginx', url: nginxUrl, replicas: three },
];
const results = new Map(variants.map((v) => [v.name, []]));
let round = 0;
for (let r = 0; r < ROUNDS; r++) {
  for (const v of r % 2 === 0 ? variants : [...variants].reverse()) results.get(v.name).push(await load(v.url, v.replicas, round++));
}

console.log(`\n## Tool calls: ${LOAD_CREDENTIALS} credentials × ${CALLS_PER_CREDENTIAL} calls, ${ROUNDS} interleaved rounds (min / median / max)`);
for (const v of variants) {
  const rs = results.get(v.name);
  const rates = rs.map((x) => x.rate);
  const p99s = rs.map((x) => x.p99);
  const perCall = rs.reduce((n, x) => n + x.trips, 0) / rs.reduce((n, x) => n + x.calls, 0);
  console.log(`${v.name}: ${Math.min(...rates).toFixed(0)} / ${median(rates).toFixed(0)} / ${Math.max(...rates).toFixed(0)} calls/s; p99 ${ms(Math.min(...p99s))} / ${ms(median(p99s))} / ${ms(Math.max(...p99s))}; errors ${rs.reduce((n, x) => n + x.failed, 0)}; Redis round trips per warm tool call ${perCall.toFixed(2)}`);
}

stopAll();
await sandbox.close();
process.exit(0);

// HTTP mode figures: tool calls per second and p50/p99 latency with 100 credentials, RSS idle and per
// extra credential. Loopback only, bounded in count and time. Run: npm run build && node bench/http.mjs
//   --action issue.list      the call to repeat (issue.get by default; see ACTIONS)
//   --ab <cli.js>            A/B: this build against another bundle (e.g. one built from main into a
//                            temporary directory), both started at once, rounds interleaved (A B, B A, …)
//   --rounds <n>             A/B rounds (default 5); each prints calls/s and p99, then min/median/max
//   --credentials <n>, --calls <n>   clients (≤ 100, default 100) and calls per client per round (≤ 100, default 20)
//   --cpu-prof <dir>         servers write a V8 CPU profile there when they stop (node --cpu-prof)
//   --raw                    clients are bare HTTP POSTs of one tools/call (protocol 2025-11-25, kept-alive
//                            connections, the answer's event read and checked) instead of SDK clients: the
//                            load generator then costs a fraction of the server, so calls/s measures the
//                            server rather than the bench's own share of the two cores
import { spawn } from 'node:child_process';
import { readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { startSandbox } from '../dist/sandbox/index.js';
import { pct, runCalls } from './calls.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name) => { const i = process.argv.indexOf(name); return i > 0 ? process.argv[i + 1] : undefined; };
const bounded = (name, def, max) => Math.max(1, Math.min(max, Math.floor(Number(arg(name) ?? def)) || def));
const CREDENTIALS = bounded('--credentials', 100, 100);
const CALLS_PER_CREDENTIAL = bounded('--calls', 20, 100);
const ACTIONS = {
  'issue.get': { project_id: 1, issue_iid: 1 },
  'issue.list': { project_id: 1, per_page: 20 },
  'merge_request.list': { project_id: 1 },
  'pipeline.list': { project_id: 1 },
  'project.get': { project_id: 1 },
};
const ms = (x) => `${x.toFixed(1)} ms`;

const action = arg('--action') ?? 'issue.get';
if (!(action in ACTIONS)) throw new Error(`--action: one of ${Object.keys(ACTIONS).join(', ')}`);
const other = arg('--ab');
const rounds = bounded('--rounds', 5, 20);
const profDir = arg('--cpu-prof');
const raw = process.argv.includes('--raw');
/** The one call every client repeats. */
const TOOL_CALL = { name: 'forge_execute_action', arguments: { action, params: ACTIONS[action] } };

for (const sig of ['SIGINT', 'SIGTERM']) process.once(sig, () => process.exit(130));
const sandbox = await startSandbox();
const tokens = Array.from({ length: CREDENTIALS }, (_, i) => `glpat-bench-${String(i).padStart(4, '0')}`);
tokens.forEach((t, i) => sandbox.addToken(t, { kind: 'classic', scopes: ['api', 'read_api'], userId: 1, tokenId: 5000 + i }));

async function startServer(cli) {
  const nodeArgs = profDir ? ['--cpu-prof', '--cpu-prof-dir', resolve(profDir)] : [];
  const proc = spawn(process.execPath, [...nodeArgs, cli, '--http', '--http-addr', '127.0.0.1:0', '--forge-url', sandbox.url, '--rate-limit-rps', '0'], {
    env: { PATH: process.env.PATH ?? '', HOME: mkdtempSync(join(tmpdir(), 'forge-bench-')), FORGE_MCP_LOG_LEVEL: 'info', FORGE_MCP_ALLOW_PRIVATE_INSTANCES: 'true' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const url = await new Promise((resolveUrl, reject) => {
    let err = '';
    const timer = setTimeout(() => reject(new Error(`no listening line: ${err.slice(0, 500)}`)), 15_000);
    // Only the lines up to `listening` are read; the rest (a line per call) is drained unread, so the
    // bench spends nothing on the server's log (re-reading it all on every chunk grew quadratically).
    const onData = (d) => {
      err += d;
      for (const line of err.split('\n')) {
        try {
          const rec = JSON.parse(line);
          if (rec.msg === 'listening' && rec.address) {
            clearTimeout(timer);
            proc.stderr.off('data', onData);
            proc.stderr.resume();
            resolveUrl(rec.address);
            return;
          }
        } catch { /* partial line */ }
      }
    };
    proc.stderr.on('data', onData);
  });
  const stopped = new Promise((r) => proc.once('exit', r));
  process.once('exit', () => proc.kill('SIGKILL')); // never outlive the bench (a time-out, an error)
  return { proc, url, stop: async () => { proc.kill('SIGTERM'); await stopped; } };
}
/** CPU time (user + system) a process has used so far, in ms (/proc/<pid>/stat, clock ticks of 10 ms). */
const cpuOf = (proc) => { const f = readFileSync(`/proc/${proc.pid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) * 10; };
const rssOf = (proc) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${proc.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** A bare client: one JSON-RPC tools/call per POST; the answer is one event whose data is the response. */
function rawClient(url, token) {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: TOOL_CALL });
  const headers = {
    'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${token}`,
    'mcp-protocol-version': '2025-11-25', 'mcp-method': 'tools/call', 'mcp-name': 'forge_execute_action',
  };
  return {
    raw: true,
    async call() {
      const res = await fetch(`${url}/mcp`, { method: 'POST', headers, body });
      const text = await res.text();
      const data = /^data: (.*)$/m.exec(text)?.[1];
      const msg = res.ok && data ? JSON.parse(data) : undefined;
      return { isError: !msg?.result || msg.result.isError === true };
    },
    close: async () => undefined,
  };
}

async function connect(url, token) {
  if (raw) return rawClient(url, token);
  const client = new Client({ name: 'bench-http', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  return client;
}
/** Clients for these tokens, ten at a time (the server bounds how many new credentials it checks at once). */
async function connectAll(url, list) {
  const out = [];
  for (let i = 0; i < list.length; i += 10) out.push(...(await Promise.all(list.slice(i, i + 10).map((t) => connect(url, t)))));
  return out;
}
const call = (c) => (c.raw ? c.call() : c.callTool(TOOL_CALL));

/** Every client makes CALLS_PER_CREDENTIAL calls, all clients at once. */
async function load(clients, proc) {
  const cpu0 = cpuOf(proc);
  const own0 = process.cpuUsage();
  const { rate, lat, failed } = await runCalls(clients, CALLS_PER_CREDENTIAL, call);
  const own = process.cpuUsage(own0);
  return { rate, p50: pct(lat, 50), p99: pct(lat, 99), failed, cpu: (cpuOf(proc) - cpu0) / lat.length, benchCpu: (own.user + own.system) / 1000 / lat.length };
}

if (!other) {
  const server = await startServer(join(root, 'dist', 'bundle', 'cli.js'));
  const idle = rssOf(server.proc);
  const first = await connect(server.url, tokens[0]);
  await call(first);
  const one = rssOf(server.proc);
  const clients = [first, ...(await connectAll(server.url, tokens.slice(1)))];
  await Promise.all(clients.map(call));
  const hundred = rssOf(server.proc);
  const r = await load(clients, server.proc);

  console.log(`## HTTP mode (loopback, 2 cores, one process; ${action}; ${raw ? 'bare HTTP clients' : 'SDK clients'})`);
  console.log(`${CREDENTIALS} credentials × ${CALLS_PER_CREDENTIAL} tool calls: ${r.rate.toFixed(0)} calls/s, p50 ${ms(r.p50)}, p99 ${ms(r.p99)}, errors ${r.failed}; server CPU ${ms(r.cpu)} per call (bench process: clients and sandbox ${ms(r.benchCpu)})`);
  console.log(`RSS idle ${idle.toFixed(1)} MiB; one credential ${one.toFixed(1)} MiB; ${CREDENTIALS} credentials ${hundred.toFixed(1)} MiB (${((hundred - one) / (CREDENTIALS - 1) * 1024).toFixed(0)} KiB per extra credential)`);
  await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
  await server.stop();
} else {
  // A/B: both servers up at once, each with its own 100 clients (warmed), rounds interleaved so the
  // machine's background load falls on both alike; only one server is under load at a time.
  const variants = [];
  for (const [name, cli] of [['A (this build)', join(root, 'dist', 'bundle', 'cli.js')], ['B (' + other + ')', resolve(other)]]) {
    const server = await startServer(cli);
    const clients = await connectAll(server.url, tokens);
    await Promise.all(clients.map(call));
    await load(clients, server.proc); // warm-up round, not counted
    variants.push({ name, server, clients, runs: [] });
  }
  console.log(`## HTTP mode A/B (loopback, one process each; ${action}; ${raw ? 'bare HTTP clients' : 'SDK clients'}; ${CREDENTIALS} credentials × ${CALLS_PER_CREDENTIAL} calls per round)`);
  for (let i = 0; i < rounds; i++) {
    const order = i % 2 === 0 ? variants : [...variants].reverse();
    for (const v of order) {
      const r = await load(v.clients, v.server.proc);
      v.runs.push(r);
      console.log(`round ${i + 1} ${v.name.padEnd(16).slice(0, 16)} ${r.rate.toFixed(0).padStart(5)} calls/s  p50 ${ms(r.p50).padStart(9)}  p99 ${ms(r.p99).padStart(9)}  server CPU ${ms(r.cpu).padStart(8)}/call  errors ${r.failed}`);
    }
  }
  const stat = (xs) => { const s = [...xs].sort((a, b) => a - b); return { min: s[0], med: s[Math.floor(s.length / 2)], max: s[s.length - 1] }; };
  for (const v of variants) {
    const rate = stat(v.runs.map((r) => r.rate));
    const p99 = stat(v.runs.map((r) => r.p99));
    const cpu = stat(v.runs.map((r) => r.cpu));
    v.med = { rate: rate.med, p99: p99.med, cpu: cpu.med };
    console.log(`${v.name}: calls/s min ${rate.min.toFixed(0)} median ${rate.med.toFixed(0)} max ${rate.max.toFixed(0)}; p99 min ${ms(p99.min)} median ${ms(p99.med)} max ${ms(p99.max)}; server CPU per call min ${ms(cpu.min)} median ${ms(cpu.med)} max ${ms(cpu.max)}`);
  }
  const [a, b] = variants;
  const change = (x, y) => `${x >= y ? '+' : ''}${((x / y - 1) * 100).toFixed(1)} %`;
  console.log(`A against B (medians): calls/s ${change(a.med.rate, b.med.rate)}, p99 ${change(a.med.p99, b.med.p99)}, server CPU per call ${change(a.med.cpu, b.med.cpu)}`);
  for (const v of variants) {
    await Promise.all(v.clients.map((c) => c.close().catch(() => undefined)));
    await v.server.stop();
  }
}
await sandbox.close();

// A/B bench for issue #31: this build against a previous one, interleaved in one run (the machine is
// noisy, absolute times are not stable), with the floors measured in the same run. Prints figures, asserts nothing.
//   node bench/lean.mjs [--baseline path/to/dist/bundle/cli.js] [--runs 5] [--node path/to/node]
// Each run starts, in alternating order, a fresh stdio server of each build against one sandbox and measures:
//   start       spawn → first tools/list answer           floor: a bare `node -e ''` start
//   first call  the first tools/call (issue.list): right after the list (SDK client), and after 1 s idle (raw client)
//   RSS call    RSS right after the first tools/call (issue.list), and again after 3 s idle (the server's
//               CPU in that idle, and the next call after it)
//   call        median of 100 warm tools/call of issue.list  floor: a raw undici GET of the same route (alternated)
//               second floor: a minimal server on the same SDK (bench/minimal-server.mjs) doing the same GET, started
//               and called the same way (both clients, same count, its turn interleaved with the builds'): what the
//               SDK and the process crossing take before any of our code runs
//               third and fourth floors (raw client only): the same calls to bench/bare-server.mjs, the minimal
//               server without the SDK (same GET, same answer), and with --canned (its GET made once): what the
//               SDK takes, and what the process crossing and the answer's JSON take alone; a fifth, the same
//               --canned floor answering a line of this build's answer's size (the floors answer the 45 KB
//               body, this build a rendered page of ~7 KB: the crossing grows with the bytes)
//   raw client  the start and the calls again, driven by a bare JSON-RPC client (newline-delimited JSON on
//               the child's stdio, no SDK): the SDK client's own work (zod checks of every answer, in this
//               process, on the same 2 cores) is then not counted against the server
//   find        a second fresh server: the first forge_find_action's latency right after the list and the RSS after it;
//               a third: the first find after 1 s idle (a model reads the list before it calls)
//   CPU         the server's own CPU time to its first tools/list, per warm call and for the first find
//               (from /proc), and the bare start's: the figures that stay readable when the machine is loaded
// The floor and the servers start under one environment (printed first): the bench's own (say
// NODE_EXTRA_CA_CERTS, ~130 ms of CA loading per start) would inflate the floor alone and flatter the ratio.
// --node runs the floor and both builds on another Node binary (the bench itself stays on this one).
// Needs the build (npm run build).
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { request } from 'undici';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { startSandbox, SANDBOX_TOKEN } from '../dist/sandbox/index.js';
import { openJsonRpc } from './json-rpc.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { baseline: { type: 'string' }, runs: { type: 'string', default: '5' }, calls: { type: 'string', default: '100' }, node: { type: 'string' } } });
const node = values.node ?? process.execPath;
const runs = Math.max(1, Math.min(20, Number(values.runs) || 5));
const calls = Math.max(10, Math.min(1000, Number(values.calls) || 100));
const builds = [{ name: 'this', cli: join(root, 'dist', 'bundle', 'cli.js') }];
if (values.baseline) builds.push({ name: 'baseline', cli: values.baseline });
const MINIMAL = { name: 'minimal', cli: join(root, 'bench', 'minimal-server.mjs'), minimal: true };
const BARE = join(root, 'bench', 'bare-server.mjs');

const sandbox = await startSandbox();
const home = mkdtempSync(join(tmpdir(), 'forge-lean-'));
const ROUTE = '/api/v4/projects/1/issues';
const IDLE_BEFORE_CALL_MS = 1000;
const LIST = { name: 'forge_execute_action', arguments: { action: 'issue.list', params: { project_id: 1 } } };
// CPU time (user + system) a process has used so far, in ms: unlike wall time it barely moves with
// the machine's load (clock ticks, 10 ms apart: read medians, not single runs).
const TICK_MS = 1000 / 100;
const cpuMs = (pid) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ').slice(11, 13).reduce((a, b) => a + Number(b), 0) * TICK_MS;
const rssMiB = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// The one environment of every process the bench starts, floor included.
const env = { PATH: process.env.PATH ?? '', HOME: home, FORGE_TOKEN: SANDBOX_TOKEN, FORGE_URL: sandbox.url, FORGE_MCP_LOG_LEVEL: 'warn' };

async function start(cli) {
  const transport = new StdioClientTransport({ command: node, args: [cli], stderr: 'ignore', env });
  const client = new Client({ name: 'bench-lean', version: '1' });
  const t0 = performance.now();
  await client.connect(transport);
  await client.listTools();
  return { client, pid: transport.pid, startMs: performance.now() - t0 };
}

/** The same start and calls over a bare JSON-RPC client: one JSON line per message, answers matched by id. */
async function rawStart(cli, args = []) {
  const t0 = performance.now();
  const child = spawn(node, [cli, ...args], { stdio: ['pipe', 'pipe', 'ignore'], env });
  const rpc = await openJsonRpc(child, 'bench-lean-raw');
  const startMs = performance.now() - t0;
  const close = () => new Promise((resolve) => { child.once('exit', resolve); child.stdin.end(); });
  return { rpc, close, pid: child.pid, startMs };
}

async function rawGet() {
  const r = await request(`${sandbox.url}${ROUTE}`, { headers: { 'private-token': SANDBOX_TOKEN } });
  await r.body.json();
}

/** figure name → build name → samples */
const figures = new Map();
const record = (figure, build, value) => {
  const byBuild = figures.get(figure) ?? new Map();
  figures.set(figure, byBuild);
  byBuild.set(build, [...(byBuild.get(build) ?? []), value]);
};

async function measure(build) {
  const s = await start(build.cli);
  record('start → first tools/list (ms)', build.name, s.startMs);
  record('  server CPU to first tools/list (ms)', build.name, cpuMs(s.pid));
  const firstT0 = performance.now();
  const first = await s.client.callTool(LIST);
  record('first call right after the list (ms)', build.name, performance.now() - firstT0);
  if (first.isError) throw new Error(`${build.name}: issue.list failed: ${JSON.stringify(first.content)}`);
  record('RSS after first call (MiB)', build.name, rssMiB(s.pid));
  const cpu0 = cpuMs(s.pid);
  const { tool, raw } = await alternated(() => s.client.callTool(LIST));
  record('warm tools/call issue.list median (ms)', build.name, tool);
  record('  floor: raw GET same route median (ms)', build.name, raw);
  record('  call / raw', build.name, tool / raw);
  record('  server CPU per warm call (ms)', build.name, (cpuMs(s.pid) - cpu0) / calls);
  const idleCpu0 = cpuMs(s.pid);
  await sleep(3000);
  record('RSS after first call + 3 s idle (MiB)', build.name, rssMiB(s.pid));
  // What the idle time costs (src/server/idle-memory.ts collects in it), and the next call after it.
  record('  server CPU in those 3 s idle (ms)', build.name, cpuMs(s.pid) - idleCpu0);
  const afterCpu0 = cpuMs(s.pid);
  const afterT0 = performance.now();
  await s.client.callTool(LIST);
  record('call after that idle (ms)', build.name, performance.now() - afterT0);
  record('  server CPU of that call (ms)', build.name, cpuMs(s.pid) - afterCpu0);
  await s.client.close();

  const r = await startRaw(build);
  await r.close();

  const f = await firstFind(build, 0);
  record('first find latency (ms)', build.name, f.ms);
  record('  server CPU of the first find (ms)', build.name, f.cpu);
  record('RSS after first find (MiB)', build.name, f.rss);
  // As a model does: the first find comes after it has read the list (here 1 s), not the moment it arrives.
  const g = await firstFind(build, 1000);
  record('first find after 1 s idle (ms)', build.name, g.ms);
  record('  server CPU of that find (ms)', build.name, g.cpu);
}

/** A fresh server's first forge_find_action, `idleMs` after its list: latency, server CPU, and RSS after it. */
async function firstFind(build, idleMs) {
  const s = await start(build.cli);
  if (idleMs) await sleep(idleMs);
  const cpu0 = cpuMs(s.pid);
  const t0 = performance.now();
  const found = await s.client.callTool({ name: 'forge_find_action', arguments: { query: 'list open merge requests in acme/web' } });
  const out = { ms: performance.now() - t0, cpu: cpuMs(s.pid) - cpu0, rss: rssMiB(s.pid) };
  if (found.isError) throw new Error(`${build.name}: find failed`);
  await s.client.close();
  return out;
}

/** `calls` warm calls, each followed by a raw GET of the same route (alternated, so load hits both alike): their medians. */
async function alternated(call) {
  const tool = [];
  const raw = [];
  for (let i = 0; i < calls; i++) {
    let t0 = performance.now();
    await call();
    tool.push(performance.now() - t0);
    t0 = performance.now();
    await rawGet();
    raw.push(performance.now() - t0);
  }
  return { tool: median(tool), raw: median(raw) };
}

/** The minimal SDK server: the same warm calls through both clients; its figures go under every build's column. */
async function measureMinimal() {
  const s = await start(MINIMAL.cli);
  const first = await s.client.callTool(LIST);
  if (first.isError) throw new Error(`minimal server: issue.list failed: ${JSON.stringify(first.content).slice(0, 300)}`);
  const sdk = await alternated(() => s.client.callTool(LIST));
  await s.client.close();
  const r = await rawStart(MINIMAL.cli);
  await r.rpc('tools/call', LIST);
  const bare = await alternated(() => r.rpc('tools/call', LIST));
  await r.close();
  // Without the SDK, then without the GET too (raw client only: an SDK client needs a full server).
  const floors = [];
  for (const args of [[], ['--canned'], ['--canned', `--answer-bytes=${answerBytes}`]]) {
    const f = await rawStart(BARE, args);
    await f.rpc('tools/call', LIST);
    floors.push(await alternated(() => f.rpc('tools/call', LIST)));
    await f.close();
  }
  const [noSdk, crossing, crossingOurs] = floors;
  for (const b of builds) {
    record('  floor 3, no SDK, raw client median (ms)', b.name, noSdk.tool);
    record('  raw client: no SDK / raw GET', b.name, noSdk.tool / noSdk.raw);
    record('  floor 4, no SDK, no GET, raw client (ms)', b.name, crossing.tool);
    record('  raw client: no SDK, no GET / raw GET', b.name, crossing.tool / crossing.raw);
    record(`  floor 5, as 4 answering ${answerBytes} bytes (ms)`, b.name, crossingOurs.tool);
    record('  raw client: floor 5 / raw GET', b.name, crossingOurs.tool / crossingOurs.raw);
    record('  floor 2: minimal SDK server median (ms)', b.name, sdk.tool);
    record('  minimal server / raw GET', b.name, sdk.tool / sdk.raw);
    record('  floor 2, raw client median (ms)', b.name, bare.tool);
    record('  raw client: minimal / raw GET', b.name, bare.tool / bare.raw);
  }
}

async function startRaw(build) {
  const r = await rawStart(build.cli);
  record('raw client: start → first tools/list (ms)', build.name, r.startMs);
  const call = () => r.rpc('tools/call', LIST);
  // As a model would: it reads the list before its first call (the server warms the call path meanwhile).
  await sleep(IDLE_BEFORE_CALL_MS);
  const t0 = performance.now();
  const first = await call();
  record(`raw client: first call after ${IDLE_BEFORE_CALL_MS} ms idle (ms)`, build.name, performance.now() - t0);
  if (first.error || first.result.isError) throw new Error(`${build.name}: issue.list failed (raw client): ${JSON.stringify(first).slice(0, 300)}`);
  record('raw client: answer line (bytes)', build.name, Buffer.byteLength(JSON.stringify(first)));
  const { tool, raw } = await alternated(call);
  record('raw client: warm tools/call median (ms)', build.name, tool);
  record('  floor: raw GET median, those runs (ms)', build.name, raw);
  record('  raw client call / raw GET', build.name, tool / raw);
  return r;
}

// The size of this build's answer line, for the fifth floor (one server, one call).
const answerBytes = await (async () => {
  const r = await rawStart(builds[0].cli);
  const bytes = Buffer.byteLength(JSON.stringify(await r.rpc('tools/call', LIST)));
  await r.close();
  return bytes;
})();

for (let run = 0; run < runs; run++) {
  const t0 = performance.now();
  spawnSync(node, ['-e', ''], { stdio: 'ignore', env });
  const bare = performance.now() - t0;
  for (const b of builds) record('  floor: bare node -e \'\' start (ms)', b.name, bare);
  // The bare start's CPU, as the process itself counts it at the end of its script.
  const bareCpu = Number(spawnSync(node, ['-e', 'const u = process.cpuUsage(); process.stdout.write(String((u.user + u.system) / 1000))'], { env, encoding: 'utf8' }).stdout);
  for (const b of builds) record('  floor: bare node CPU (ms)', b.name, bareCpu);
  // Alternate which build goes first, so neither always meets a warmer machine.
  const order = [...builds, MINIMAL];
  for (const b of run % 2 ? order.reverse() : order) await (b.minimal ? measureMinimal() : measure(b));
  for (const b of builds) {
    const starts = figures.get('start → first tools/list (ms)').get(b.name);
    record('  start / bare', b.name, starts[starts.length - 1] / bare);
    const rawStarts = figures.get('raw client: start → first tools/list (ms)').get(b.name);
    record('  raw client start / bare', b.name, rawStarts[rawStarts.length - 1] / bare);
    const last = (figure) => figures.get(figure).get(b.name).at(-1);
    record('  call / minimal server', b.name, last('warm tools/call issue.list median (ms)') / last('  floor 2: minimal SDK server median (ms)'));
    record('  raw client call / minimal server', b.name, last('raw client: warm tools/call median (ms)') / last('  floor 2, raw client median (ms)'));
    const cpus = figures.get('  server CPU to first tools/list (ms)').get(b.name);
    record('  start CPU / bare CPU', b.name, cpus[cpus.length - 1] / bareCpu);
  }
}
await sandbox.close();

const fmt = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return `${s[0].toFixed(2)} / ${median(s).toFixed(2)} / ${s[s.length - 1].toFixed(2)}`.padEnd(28);
};
const version = spawnSync(node, ['--version'], { env, encoding: 'utf8' }).stdout.trim();
console.log(`node ${version} (${node}); floor and servers under one env: ${Object.keys(env).map((k) => k === 'FORGE_TOKEN' ? `${k}=<sandbox token>` : `${k}=${env[k]}`).join(' ')}`);
console.log(`${runs} interleaved runs; min / median / max per build`);
console.log(`${''.padEnd(42)}${builds.map((b) => b.name.padEnd(28)).join('')}`);
for (const [figure, byBuild] of figures) console.log(`${figure.padEnd(42)}${builds.map((b) => fmt(byBuild.get(b.name))).join('')}`);

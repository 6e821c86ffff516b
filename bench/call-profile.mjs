// Where a warm tools/call of issue.list spends its time and memory, by module (issue #31): the server runs
// from dist/ (not the bundle, so every module keeps its own file) under --cpu-prof, answers `warm` calls,
// then `calls` more; the profile of those is summed per module by self time and by inclusive time (a module
// counted once per sample however deep it recurs). --gc adds a second run under --trace-gc: the collections
// per 1,000 calls. Driven by the bare JSON-RPC client. Times carry the profiler's overhead: read the shares.
// The stage table splits the same samples by what the call was doing: each sample goes to the innermost frame that
// names a stage (the platform GET's socket write, the body's decode and JSON.parse, the SDK's zod checks by caller,
// render, the answer's JSON and stdout write...); Node's own frames count for the first of ours or the SDK's above
// them. --server profiles another stdio server the same way (bench/minimal-server.mjs: the floor's split).
//   npm run build && node bench/call-profile.mjs [--calls 2000] [--warm 200] [--gc] [--server path/to/server.mjs]
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startSandbox, SANDBOX_TOKEN } from '../dist/sandbox/index.js';
import { openJsonRpc } from './json-rpc.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { calls: { type: 'string', default: '2000' }, warm: { type: 'string', default: '200' }, gc: { type: 'boolean', default: false }, server: { type: 'string' } } });
const server = values.server ? resolve(values.server) : join(root, 'dist', 'cli.js');
const calls = Math.max(100, Math.min(10000, Number(values.calls) || 2000));
const warm = Math.max(0, Math.min(2000, Number(values.warm) || 200));
const LIST = { name: 'forge_execute_action', arguments: { action: 'issue.list', params: { project_id: 1 } } };
const sandbox = await startSandbox();

/** One server under `flags`: `warm` calls, then `calls` timed ones; the lines it wrote to stdout that are not JSON-RPC (the GC trace). */
async function run(flags, home) {
  const env = { PATH: process.env.PATH ?? '', HOME: home, FORGE_TOKEN: SANDBOX_TOKEN, FORGE_URL: sandbox.url, FORGE_MCP_LOG_LEVEL: 'warn' };
  const child = spawn(process.execPath, [...flags, server], { stdio: ['pipe', 'pipe', 'ignore'], env, cwd: home });
  // --trace-gc writes on stdout too: its lines (they start with `[`) are kept apart from the messages.
  const messages = new PassThrough();
  let trace = [];
  let buf = '';
  child.stdout.setEncoding('utf8').on('data', (d) => {
    buf += d;
    for (let i = buf.indexOf('\n'); i >= 0; i = buf.indexOf('\n')) {
      const line = buf.slice(0, i + 1);
      buf = buf.slice(i + 1);
      if (line.startsWith('[')) trace.push(line);
      else messages.write(line);
    }
  });
  const rpc = await openJsonRpc({ stdin: child.stdin, stdout: messages }, 'bench-call-profile');
  for (let i = 0; i < warm; i++) await rpc('tools/call', LIST);
  trace = [];
  const started = performance.now();
  for (let i = 0; i < calls; i++) {
    const r = await rpc('tools/call', LIST);
    if (r.error || r.result.isError) throw new Error(`issue.list failed: ${JSON.stringify(r).slice(0, 300)}`);
  }
  const ms = performance.now() - started;
  await new Promise((resolve) => { child.once('exit', resolve); child.stdin.end(); });
  return { trace, ms };
}

/** The module a profile frame belongs to: our dist/<folder>/<file>, a dependency, a Node internal, or V8's own. */
function moduleOf(frame) {
  const url = frame.url || '';
  if (!url) return frame.functionName === '(garbage collector)' ? '(gc)' : frame.functionName.startsWith('(') ? frame.functionName : `(native) ${frame.functionName.slice(0, 40)}`;
  const dep = /node_modules\/(@[^/]+\/[^/]+|[^/]+)/.exec(url);
  if (dep) return dep[1];
  const own = /\/dist\/(?:([^/]+)\/)?([^/]+)\.js$/.exec(url);
  if (own) return own[1] ? `${own[1]}/${own[2]}` : own[2];
  return url.startsWith('node:') ? `node:${url.slice(5).split('/')[0]}` : url;
}

const profileDir = mkdtempSync(join(tmpdir(), 'forge-call-profile-'));
const { ms } = await run(['--cpu-prof', `--cpu-prof-dir=${profileDir}`], profileDir);
const profile = JSON.parse(readFileSync(join(profileDir, readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'))), 'utf8'));
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
// Only the samples of the timed calls: the profile's last `ms` before the exit (start-up and warm calls excluded).
const end = profile.endTime;
const from = end - ms * 1000;
const self = new Map();
const inclusive = new Map();
let total = 0;
let t = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) {
  t += profile.timeDeltas[i] ?? 0;
  const dt = profile.timeDeltas[i + 1] ?? 0;
  const node = nodes.get(profile.samples[i]);
  if (t < from || node.callFrame.functionName === '(idle)') continue;
  total += dt;
  const m = moduleOf(node.callFrame);
  self.set(m, (self.get(m) ?? 0) + dt);
  const seen = new Set();
  for (let id = node.id; id !== undefined; id = parent.get(id)) seen.add(moduleOf(nodes.get(id).callFrame));
  for (const s of seen) inclusive.set(s, (inclusive.get(s) ?? 0) + dt);
}
/** The stage a sample's stack (leaf first) was in: the innermost frame that names one. */
function stageOf(stack) {
  for (let i = 0; i < stack.length; i++) {
    const f = stack[i];
    const name = f.functionName;
    const url = f.url || '';
    if (name === '(garbage collector)') return 'garbage collection';
    if (name === 'writeLatin1String') return 'platform GET: request written to the socket (syscall)';
    if (name === 'writeUtf8String') return 'answer written to stdout (syscall)';
    if (/\/zod\//.test(url)) {
      // The SDK's checks, by who asked: the inbound message's kind, the tools/call request, the result.
      for (const up of stack.slice(i + 1)) {
        if (up.functionName === 'validateResult') return 'SDK zod: the result (CallToolResult)';
        if (up.functionName === 'validateRequest') return 'SDK zod: the tools/call request';
        if (up.functionName === '_transport.onmessage' || /^isJSONRPC/.test(up.functionName)) return 'SDK zod: the message\'s kind (isJSONRPC*)';
      }
      return 'SDK zod: other';
    }
    if (name === 'parseBody' || (url === 'node:internal/encoding' && name === 'decode')) return 'platform GET: body decoded and JSON.parse';
    const own = /\/dist\/(?:([^/]+)\/)?([^/]+)\.js$/.exec(url);
    if (own) {
      const [, dir, file] = own;
      if (dir === 'render' || (dir === 'pipeline' && file === 'execute' && /^(render|sendHere)$/.test(name))) return 'render (text and structured content)';
      if (dir === 'forge' || dir === 'observe') return 'platform GET: our client (forge/, telemetry)';
      if (dir === 'server' && file === 'wire') return 'answer JSON.stringify and stdout stream';
      if (dir === 'server' && file === 'stdin-guard') return 'request line read and JSON.parse (stdin guard)';
      if (dir === 'pipeline') return 'pipeline: validation, guardrails, request, steps';
      return `our ${dir ?? ''}/${file} (handler, surfaces, wire wrappers)`;
    }
    if (/@modelcontextprotocol/.test(url)) return 'SDK protocol (not zod)';
    if (/bench\/(minimal|bare)-server/.test(url)) return 'bench server code';
  }
  const leaf = stack[0]?.url ?? '';
  if (/^node:(_http|http|net)/.test(leaf)) return 'Node: HTTP and socket internals (not under ours)';
  if (/^node:/.test(leaf)) return 'Node: streams, timers, microtasks (not under ours)';
  return 'V8 and runtime (program, natives)';
}

const stages = new Map();
{
  let t2 = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t2 += profile.timeDeltas[i] ?? 0;
    const dt = profile.timeDeltas[i + 1] ?? 0;
    const node = nodes.get(profile.samples[i]);
    if (t2 < from || node.callFrame.functionName === '(idle)') continue;
    const stack = [];
    for (let id = node.id; id !== undefined; id = parent.get(id)) stack.push(nodes.get(id).callFrame);
    const st = stageOf(stack);
    stages.set(st, (stages.get(st) ?? 0) + dt);
  }
}

const perCall = (us) => `${(us / 1000 / calls).toFixed(3).padStart(7)} ms ${((100 * us) / total).toFixed(1).padStart(5)} %`;
console.log(`${server}: warm tools/call of issue.list, ${calls} calls after ${warm}, under --cpu-prof: ${(ms / calls).toFixed(3)} ms per call (wall), ${(total / 1000 / calls).toFixed(3)} ms sampled busy`);
for (const [title, table] of [['stages (each sample counted once)', stages], ['self time by module', self], ['inclusive time by module', inclusive]]) {
  console.log(`\n${title} (per call, share of busy time):`);
  for (const [m, us] of [...table].filter(([m]) => m !== '(root)').sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`  ${perCall(us)}  ${m}`);
}
if (values.gc) {
  const { trace } = await run(['--trace-gc'], mkdtempSync(join(tmpdir(), 'forge-call-gc-')));
  const per1000 = (re) => ((trace.filter((l) => re.test(l)).length * 1000) / calls).toFixed(1);
  console.log(`\ncollections per 1,000 warm calls: ${per1000(/Scavenge/)} scavenges, ${per1000(/Mark-Compact|Mark-sweep/i)} mark-compacts`);
}
await sandbox.close();

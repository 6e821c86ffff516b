// Where a warm tools/call of issue.list spends its time and memory, by module (issue #31): the server runs
// from dist/ (not the bundle, so every module keeps its own file) under --cpu-prof, answers `warm` calls,
// then `calls` more; the profile of those is summed per module by self time and by inclusive time (a module
// counted once per sample however deep it recurs). --gc adds a second run under --trace-gc: the collections
// per 1,000 calls. Driven by the bare JSON-RPC client. Times carry the profiler's overhead: read the shares.
//   npm run build && node bench/call-profile.mjs [--calls 2000] [--warm 200] [--gc]
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startSandbox, SANDBOX_TOKEN } from '../dist/sandbox/index.js';
import { openJsonRpc } from './json-rpc.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { calls: { type: 'string', default: '2000' }, warm: { type: 'string', default: '200' }, gc: { type: 'boolean', default: false } } });
const calls = Math.max(100, Math.min(10000, Number(values.calls) || 2000));
const warm = Math.max(0, Math.min(2000, Number(values.warm) || 200));
const LIST = { name: 'forge_execute_action', arguments: { action: 'issue.list', params: { project_id: 1 } } };
const sandbox = await startSandbox();

/** One server under `flags`: `warm` calls, then `calls` timed ones; the lines it wrote to stdout that are not JSON-RPC (the GC trace). */
async function run(flags, home) {
  const env = { PATH: process.env.PATH ?? '', HOME: home, FORGE_TOKEN: SANDBOX_TOKEN, FORGE_URL: sandbox.url, FORGE_MCP_LOG_LEVEL: 'warn' };
  const child = spawn(process.execPath, [...flags, join(root, 'dist', 'cli.js')], { stdio: ['pipe', 'pipe', 'ignore'], env, cwd: home });
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
const perCall = (us) => `${(us / 1000 / calls).toFixed(3).padStart(7)} ms ${((100 * us) / total).toFixed(1).padStart(5)} %`;
console.log(`warm tools/call of issue.list, ${calls} calls after ${warm}, under --cpu-prof: ${(ms / calls).toFixed(3)} ms per call (wall), ${(total / 1000 / calls).toFixed(3)} ms sampled busy`);
for (const [title, table] of [['self time by module', self], ['inclusive time by module', inclusive]]) {
  console.log(`\n${title} (per call, share of busy time):`);
  for (const [m, us] of [...table].filter(([m]) => m !== '(root)').sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`  ${perCall(us)}  ${m}`);
}
if (values.gc) {
  const { trace } = await run(['--trace-gc'], mkdtempSync(join(tmpdir(), 'forge-call-gc-')));
  const per1000 = (re) => ((trace.filter((l) => re.test(l)).length * 1000) / calls).toFixed(1);
  console.log(`\ncollections per 1,000 warm calls: ${per1000(/Scavenge/)} scavenges, ${per1000(/Mark-Compact|Mark-sweep/i)} mark-compacts`);
}
await sandbox.close();

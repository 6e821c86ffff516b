// Per-call cost as a count, for a machine too loaded for times (issue #31): the instructions a stdio server
// executes (all its threads, counted by valgrind's callgrind) for one warm tools/call of issue.list, this
// build and optionally another one. Unlike milliseconds the count barely moves with other processes' load.
//   npm run build && node bench/call-instructions.mjs [--baseline path/to/dist/bundle/cli.js] [--calls 100] [--warm 150]
// Each server starts under callgrind, answers `warm` calls (the JIT settles), then its counters are zeroed,
// `calls` calls are made and the counters dumped: the dump over `calls` is the figure. Driven by a bare
// JSON-RPC client (one JSON line per message), so nothing of a client's work is in the count. Needs
// valgrind (callgrind_control on the PATH); a few minutes per build, the server runs ~50× slower.
// Two figures: all threads, and the main thread alone (counted apart, --separate-threads). The main thread's is
// the one a call waits for; the others are V8's helpers (parallel scavenges, concurrent marking and compiling),
// whose share moves with when the collector happens to run: read the main thread's first.
// The floor, counted the same way: the minimal server on the same SDK doing the same GET (bench/minimal-server.mjs).
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startSandbox, SANDBOX_TOKEN } from '../dist/sandbox/index.js';
import { openJsonRpc } from './json-rpc.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { baseline: { type: 'string' }, calls: { type: 'string', default: '100' }, warm: { type: 'string', default: '150' } } });
const calls = Math.max(10, Math.min(1000, Number(values.calls) || 100));
const warm = Math.max(0, Math.min(1000, Number(values.warm) || 150));
const builds = [{ name: 'this', cli: join(root, 'dist', 'bundle', 'cli.js') }];
if (values.baseline) builds.push({ name: 'baseline', cli: values.baseline });
builds.push({ name: 'minimal', cli: join(root, 'bench', 'minimal-server.mjs') });
const LIST = { name: 'forge_execute_action', arguments: { action: 'issue.list', params: { project_id: 1 } } };

const sandbox = await startSandbox();

async function instructionsPerCall(cli) {
  const dir = mkdtempSync(join(tmpdir(), 'forge-callgrind-'));
  const env = { PATH: process.env.PATH ?? '', HOME: dir, FORGE_TOKEN: SANDBOX_TOKEN, FORGE_URL: sandbox.url, FORGE_MCP_LOG_LEVEL: 'warn' };
  // --smc-check: V8 writes and rewrites its machine code on the heap.
  const child = spawn('valgrind', ['--tool=callgrind', '--smc-check=all-non-file', '--separate-threads=yes', `--callgrind-out-file=${join(dir, 'out')}`, process.execPath, cli], { stdio: ['pipe', 'pipe', 'ignore'], env });
  const rpc = await openJsonRpc(child, 'bench-call-instructions');
  const first = await rpc('tools/call', LIST);
  if (first.error || first.result.isError) throw new Error(`issue.list failed: ${JSON.stringify(first).slice(0, 300)}`);
  for (let i = 0; i < warm; i++) await rpc('tools/call', LIST);
  execFileSync('callgrind_control', ['--zero', String(child.pid)], { stdio: 'ignore' });
  for (let i = 0; i < calls; i++) await rpc('tools/call', LIST);
  execFileSync('callgrind_control', ['--dump=calls', String(child.pid)], { stdio: 'ignore' });
  await new Promise((resolve) => { child.once('exit', resolve); child.stdin.end(); });
  // The requested dump is out.1, one file per thread (out.1-01 is the main thread); out-NN are the ones written at exit.
  const dumps = readdirSync(dir).filter((f) => /^out\.\d+-\d+$/.test(f));
  const count = (f) => Number(/^totals: (\d+)/m.exec(readFileSync(join(dir, f), 'utf8'))?.[1] ?? 0);
  const total = dumps.reduce((n, f) => n + count(f), 0);
  const main = dumps.filter((f) => f.endsWith('-01')).reduce((n, f) => n + count(f), 0);
  return { total: total / calls, main: main / calls };
}

const results = [];
for (const b of builds) results.push([b.name, await instructionsPerCall(b.cli)]);
await sandbox.close();
console.log(`instructions per warm tools/call of issue.list (server; ${calls} calls after ${warm + 1}):`);
console.log(`  ${''.padEnd(10)} ${'main thread'.padStart(12)} ${'all threads'.padStart(12)}`);
const m = (n) => `${(n / 1e6).toFixed(2)} M`.padStart(12);
for (const [name, n] of results) console.log(`  ${name.padEnd(10)} ${m(n.main)} ${m(n.total)}`);
const ratio = (a, b, label) => console.log(`  ${label.padEnd(10)} ${(a.main / b.main).toFixed(2).padStart(12)} ${(a.total / b.total).toFixed(2).padStart(12)}`);
const of = (name) => results.find(([n]) => n === name)?.[1];
if (of('baseline')) ratio(of('this'), of('baseline'), 'this / baseline');
ratio(of('this'), of('minimal'), 'this / minimal');

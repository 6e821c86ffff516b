// Prints measured figures (never asserted: shared machines are noisy). Ratios come from one run.
//   npm run bench            all figures
// Needs the build (npm run bench builds first).
import { spawnSync } from 'node:child_process';
import { readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { getEncoding } from 'js-tiktoken';
import { startSandbox, SANDBOX_TOKEN, ADMIN_TOKEN } from '../dist/sandbox/index.js';
import { createForgeClient } from '../dist/forge/client.js';
import { pct } from './calls.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'dist', 'bundle', 'cli.js');
const enc = getEncoding('o200k_base');
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
const ms = (x) => `${x.toFixed(1)} ms`;

// The prerelease the public hosted instance reports, so hosted-only actions are listed too.
const sandbox = await startSandbox({ licensed: true, version: '19.5.0-pre' });
const home = mkdtempSync(join(tmpdir(), 'forge-bench-'));

async function connect(surface, extra = {}) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cli],
    env: { PATH: process.env.PATH ?? '', HOME: home, FORGE_TOKEN: SANDBOX_TOKEN, FORGE_URL: sandbox.url, FORGE_MCP_TOOL_SURFACE: surface, FORGE_MCP_LOG_LEVEL: 'warn', ...extra },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'bench', version: '1' });
  const t0 = performance.now();
  await client.connect(transport);
  const list = await client.listTools();
  const startMs = performance.now() - t0;
  return { client, transport, list, startMs };
}

// 1. Start-up: bare node vs stdio start to the first tools/list answer.
const bare = [];
for (let i = 0; i < 7; i++) {
  const t0 = performance.now();
  spawnSync(process.execPath, ['-e', ''], { stdio: 'ignore' });
  bare.push(performance.now() - t0);
}
const starts = [];
for (let i = 0; i < 5; i++) {
  const c = await connect('dynamic');
  starts.push(c.startMs);
  await c.client.close();
}
console.log('## Start-up');
console.log(`bare node -e '' start:            ${ms(median(bare))}`);
console.log(`stdio start → first tools/list:   ${ms(median(starts))}   ratio ${(median(starts) / median(bare)).toFixed(2)}x (target ≤ 3x)`);

// 2. Listing size per surface.
console.log('\n## tools/list size');
for (const surface of ['dynamic', 'meta', 'individual']) {
  const c = await connect(surface);
  const json = JSON.stringify(c.list.tools);
  console.log(`${surface.padEnd(10)} ${String(c.list.tools.length).padStart(5)} tools  ${String(Buffer.byteLength(json)).padStart(8)} bytes  ${String(enc.encode(json).length).padStart(7)} tokens (o200k_base)`);
  await c.client.close();
}

// 3. A tool call vs a raw HTTP request to the same route; RSS after the first call; find_action.
const c = await connect('dynamic');
const pid = c.transport.pid;
const callOnce = () => c.client.callTool({ name: 'forge_execute_action', arguments: { action: 'issue.get', params: { project_id: 1, issue_iid: 1 } } });
await callOnce();
const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
const tool = [];
for (let i = 0; i < 200; i++) { const t0 = performance.now(); await callOnce(); tool.push(performance.now() - t0); }
const raw = [];
for (let i = 0; i < 200; i++) {
  const t0 = performance.now();
  const r = await request(`${sandbox.url}/api/v4/projects/1/issues/1`, { headers: { 'private-token': SANDBOX_TOKEN } });
  await r.body.json();
  raw.push(performance.now() - t0);
}
const forge = createForgeClient({ baseUrl: sandbox.url, token: SANDBOX_TOKEN });
const viaClient = [];
for (let i = 0; i < 200; i++) {
  const t0 = performance.now();
  await forge.send({ method: 'GET', path: '/projects/1/issues/1' });
  viaClient.push(performance.now() - t0);
}
await forge.close();
console.log('\n## Tool call');
console.log(`platform client send, same route:  ${ms(median(viaClient))}  ratio ${(median(viaClient) / median(raw)).toFixed(2)}x to raw (client overhead)`);
console.log(`raw HTTP GET (undici) median:     ${ms(median(raw))}  p99 ${ms(pct(raw, 99))}`);
console.log(`tool call issue.get median:       ${ms(median(tool))}  p99 ${ms(pct(tool, 99))}   ratio ${(median(tool) / median(raw)).toFixed(2)}x (target ≤ 2x)`);
console.log(`RSS after first call:             ${(rssKb / 1024).toFixed(1)} MiB (target < 80 MiB)`);

// 4. forge_find_action latency and accuracy on the query set, over the whole catalog (administrator, Ultimate).
await c.client.close();
const full = await connect('dynamic', { FORGE_TOKEN: ADMIN_TOKEN, FORGE_MCP_TIER: 'ultimate' });
const queries = JSON.parse(readFileSync(join(root, 'bench', 'queries.json'), 'utf8'));
const everyday = new Set(['project', 'issue', 'merge_request', 'mr_review', 'repository', 'branch', 'tag', 'release', 'pipeline', 'job', 'ci_variable', 'environment', 'package', 'snippet', 'wiki', 'search', 'template', 'feature_flags', 'ci_catalog', 'custom_emoji', 'discover_project', 'model_registry', 'server', 'interactive']);
const lat = []; const misses = []; const rows = [];
for (const { q, id } of queries) {
  const t0 = performance.now();
  const r = await full.client.callTool({ name: 'forge_find_action', arguments: { query: q, limit: 5 } });
  lat.push(performance.now() - t0);
  const ids = (r.structuredContent?.results ?? []).map((x) => x.id);
  rows.push({ id, top1: ids[0] === id, top5: ids.includes(id) });
  if (ids[0] !== id) misses.push(`${q} → expected ${id}, got ${ids.slice(0, 3).join(', ')}`);
}
const acc = (rs) => `${rs.length} queries: top-1 ${((100 * rs.filter((x) => x.top1).length) / rs.length).toFixed(1)} %, top-5 ${((100 * rs.filter((x) => x.top5).length) / rs.length).toFixed(1)} %`;
console.log('\n## forge_find_action');
console.log(`median latency:                   ${ms(median(lat))}`);
console.log(`all domains       ${acc(rows)}`);
console.log(`everyday domains  ${acc(rows.filter((x) => everyday.has(x.id.split('.')[0])))}`);
if (process.argv.includes('--misses')) for (const m of misses) console.log(`  miss: ${m}`);
await full.client.close();
await sandbox.close();

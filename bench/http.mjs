// HTTP mode figures: tool calls per second and p50/p99 latency with 100 credentials, RSS idle and per
// extra credential. Loopback only, bounded in count and time. Run: npm run build && node bench/http.mjs
import { spawn } from 'node:child_process';
import { readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { startSandbox } from '../dist/sandbox/index.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const CREDENTIALS = 100;
const CALLS_PER_CREDENTIAL = 20;
const ms = (x) => `${x.toFixed(1)} ms`;
const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))]; };

const sandbox = await startSandbox();
const tokens = Array.from({ length: CREDENTIALS }, (_, i) => `glpat-bench-${String(i).padStart(4, '0')}`);
tokens.forEach((t, i) => sandbox.addToken(t, { kind: 'classic', scopes: ['api', 'read_api'], userId: 1, tokenId: 5000 + i }));

const proc = spawn(process.execPath, [join(root, 'dist', 'bundle', 'cli.js'), '--http', '--http-addr', '127.0.0.1:0', '--forge-url', sandbox.url, '--rate-limit-rps', '0'], {
  env: { PATH: process.env.PATH ?? '', HOME: mkdtempSync(join(tmpdir(), 'forge-bench-')), FORGE_MCP_LOG_LEVEL: 'info', FORGE_MCP_ALLOW_PRIVATE_INSTANCES: 'true' },
  stdio: ['ignore', 'ignore', 'pipe'],
});
const url = await new Promise((resolve, reject) => {
  let err = '';
  const timer = setTimeout(() => reject(new Error(`no listening line: ${err.slice(0, 500)}`)), 15_000);
  proc.stderr.on('data', (d) => {
    err += d;
    for (const line of err.split('\n')) {
      try { const rec = JSON.parse(line); if (rec.msg === 'listening' && rec.address) { clearTimeout(timer); resolve(rec.address); } } catch { /* partial line */ }
    }
  });
});
const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${proc.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

async function connect(token) {
  const client = new Client({ name: 'bench-http', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  return client;
}
const call = (c) => c.callTool({ name: 'forge_execute_action', arguments: { action: 'issue.get', params: { project_id: 1, issue_iid: 1 } } });

const idle = rss();
const first = await connect(tokens[0]);
await call(first);
const one = rss();
const clients = [first, ...(await Promise.all(tokens.slice(1).map(connect)))];
await Promise.all(clients.map(call));
const hundred = rss();

const lat = [];
let failed = 0;
const t0 = performance.now();
await Promise.all(clients.map(async (c) => {
  for (let i = 0; i < CALLS_PER_CREDENTIAL; i++) {
    const s = performance.now();
    const r = await call(c).catch(() => ({ isError: true }));
    lat.push(performance.now() - s);
    if (r.isError) failed++;
  }
}));
const secs = (performance.now() - t0) / 1000;

console.log('## HTTP mode (loopback, 2 cores, one process)');
console.log(`${CREDENTIALS} credentials × ${CALLS_PER_CREDENTIAL} tool calls: ${(lat.length / secs).toFixed(0)} calls/s, p50 ${ms(pct(lat, 50))}, p99 ${ms(pct(lat, 99))}, errors ${failed}`);
console.log(`RSS idle ${idle.toFixed(1)} MiB; one credential ${one.toFixed(1)} MiB; ${CREDENTIALS} credentials ${hundred.toFixed(1)} MiB (${((hundred - one) / (CREDENTIALS - 1) * 1024).toFixed(0)} KiB per extra credential)`);

await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
proc.kill('SIGTERM');
await sandbox.close();

// Accuracy of forge_find_action on a query file (default: the held-out set).
//   node bench/find-eval.mjs [queries.json]
// Needs the build (npm run build). Calls the tool the way bench/run.mjs does: a stdio MCP client on the
// dynamic surface, against the sandbox, as administrator on the Ultimate tier (the whole catalog is searchable).
import { readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { startSandbox, ADMIN_TOKEN } from '../dist/sandbox/index.js';
import { loadCatalog } from '../dist/catalog/index.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const file = resolve(process.argv[2] ?? join(root, 'bench', 'queries-heldout.json'));
const queries = JSON.parse(readFileSync(file, 'utf8'));

// Everyday domains as defined for the held-out set (label and milestone live in project/group here).
const EVERYDAY = new Set(['project', 'issue', 'merge_request', 'mr_review', 'pipeline', 'job', 'repository', 'branch', 'tag',
  'release', 'label', 'milestone', 'wiki', 'snippet', 'user', 'group']);
const domainOf = (id) => id.split('.')[0];

// 1. Every expected id must exist in the built catalog.
const cat = await loadCatalog();
const unknown = queries.filter(({ id }) => !cat.get(id));
if (unknown.length) {
  console.error(`${unknown.length} unknown id(s) in ${file}:`);
  for (const { q, id } of unknown) console.error(`  ${id}   (${q})`);
  process.exit(1);
}

// 2. Run every query through forge_find_action.
const sandbox = await startSandbox({ licensed: true, version: '19.5.0-pre' });
const home = mkdtempSync(join(tmpdir(), 'forge-find-eval-'));
const transport = new StdioClientTransport({
  command: process.execPath,
  args: [join(root, 'dist', 'bundle', 'cli.js')],
  env: { PATH: process.env.PATH ?? '', HOME: home, FORGE_TOKEN: ADMIN_TOKEN, FORGE_URL: sandbox.url, FORGE_MCP_TOOL_SURFACE: 'dynamic', FORGE_MCP_TIER: 'ultimate', FORGE_MCP_LOG_LEVEL: 'warn' },
  stderr: 'ignore',
});
const client = new Client({ name: 'find-eval', version: '1' });
let rows;
try {
  await client.connect(transport);
  rows = [];
  for (const { q, id } of queries) {
    const r = await client.callTool({ name: 'forge_find_action', arguments: { query: q, limit: 5 } });
    const got = (r.structuredContent?.results ?? []).map((x) => x.id);
    rows.push({ q, id, got, top1: got[0] === id, top5: got.slice(0, 5).includes(id) });
  }
} finally {
  await client.close().catch(() => {});
  await sandbox.close();
}

// 3. Report.
const pct = (n, d) => (d ? ((100 * n) / d).toFixed(1) : '—');
const line = (label, rs) =>
  `${label.padEnd(16)} ${String(rs.length).padStart(5)} queries   top-1 ${pct(rs.filter((x) => x.top1).length, rs.length).padStart(5)} %   top-5 ${pct(rs.filter((x) => x.top5).length, rs.length).padStart(5)} %`;
const ids = new Set(rows.map((r) => r.id));
const doms = new Set(rows.map((r) => domainOf(r.id)));
console.log(`# forge_find_action on ${file}`);
console.log(`total ${rows.length} queries, ${ids.size} distinct ids, ${doms.size} domains`);
console.log(line('all', rows));
console.log(line('everyday', rows.filter((r) => EVERYDAY.has(domainOf(r.id)))));
console.log(line('other', rows.filter((r) => !EVERYDAY.has(domainOf(r.id)))));

const misses = rows.filter((r) => !r.top1);
console.log(`\n## misses (top-1 wrong): ${misses.length}   [* = expected id in top-5]`);
const byDomain = new Map();
for (const m of misses) {
  const d = domainOf(m.id);
  if (!byDomain.has(d)) byDomain.set(d, []);
  byDomain.get(d).push(m);
}
for (const [d, ms] of [...byDomain].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]))) {
  console.log(`\n### ${d} (${ms.length})`);
  for (const m of ms) console.log(`${m.top5 ? '*' : ' '} ${m.q}\n    expected ${m.id}   got ${m.got.slice(0, 3).join(', ') || '(nothing)'}`);
}

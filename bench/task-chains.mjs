// Task chains (issue #30): how many finds a model-free assistant makes on the chains of bench/task-chains.json
// (tuning data: about 30 chains in less-used areas, 10 everyday ones), and what share of the text it reads they are.
// Deterministic: each chain runs on a fresh `--sandbox` server of a build (the seeded data), over stdio.
// For each step the simulated assistant calls the action directly when it may: its ID is among the execute tool's
// everyday IDs (read from the listing), or an earlier answer of the chain offered it with its params (a find's
// candidate or sibling line, a result's next step). Else it makes one find with the step's words; when that
// answer does not show the action either, a second find with the ID (counted, and listed as "by ID").
// A step's params are the chain's; `from` takes some from the previous result (structuredContent, a dot path).
//   npm run build && node bench/task-chains.mjs [root] [-v]    root: a checkout with dist/ built (default: this one)
import { readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const here = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2).filter((a) => a !== '-v');
const verbose = process.argv.includes('-v');
const root = resolve(args[0] ?? here);
const { chains } = JSON.parse(readFileSync(join(here, 'bench', 'task-chains.json'), 'utf8'));

const textOf = (r) => (r.content ?? []).map((c) => c.text ?? c.resource?.text ?? '').join('\n');
const esc = (id) => id.replace(/[.]/g, '\\.');
/** An answer offers an action when a line starts with it: a find's candidate (`2. \`id\``) or a listed step (`- \`id …`). */
const offers = (t, id) => new RegExp(`^\\s*(?:\\d+\\.|-) \`${esc(id)}[\` ]`, 'm').test(t);
/** The brace list of the execute description, expanded: `issue.{list,get}` → issue.list, issue.get. */
function everydayOf(description) {
  const list = /Everyday IDs: (.*?)\. Call directly/.exec(description)?.[1] ?? '';
  return new Set([...list.matchAll(/([a-z_]+)\.(?:\{([a-z_,]+)\}|([a-z_]+))/g)].flatMap(([, d, many, one]) => (many ?? one).split(',').map((n) => `${d}.${n}`)));
}
const at = (obj, path) => path.split('.').reduce((cur, k) => (cur == null ? undefined : cur[k]), obj);

async function walk(client, chain, everyday) {
  const seen = [];
  const m = { finds: 0, byId: 0, chars: 0, findChars: 0, errors: 0, actions: new Set() };
  let prev;
  const call = async (name, a, kind) => {
    const r = await client.callTool({ name, arguments: a });
    const t = textOf(r);
    m.chars += t.length;
    if (kind === 'find') { m.finds++; m.findChars += t.length; }
    seen.push(t);
    if (verbose) console.log(`  ${kind.padEnd(5)} ${JSON.stringify(a).slice(0, 150)} → ${t.length} chars${r.isError ? ` (error: ${t.slice(0, 200)})` : ''}`);
    return r;
  };
  for (const step of chain.steps) {
    const callable = () => everyday.has(step.action) || seen.some((t) => offers(t, step.action));
    if (!callable()) {
      await call('forge_find_action', { query: step.ask }, 'find');
      if (!callable()) { m.byId++; await call('forge_find_action', { query: step.action }, 'find'); }
    }
    const params = { ...step.params };
    for (const [name, path] of Object.entries(step.from ?? {})) params[name] = at(prev?.structuredContent, path);
    const r = await call('forge_execute_action', { action: step.action, params, ...(step.confirm ? { confirm: true } : {}) }, 'exec');
    if (r.isError) m.errors++;
    m.actions.add(step.action);
    prev = r;
  }
  return m;
}

const rows = [];
let everyday;
for (const chain of chains) {
  // A fresh server and sandbox per chain: nothing one chain wrote or read helps the next.
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(root, 'dist', 'bundle', 'cli.js'), '--sandbox'],
    env: { PATH: process.env.PATH ?? '', HOME: mkdtempSync(join(tmpdir(), 'forge-chains-')), FORGE_MCP_LOG_LEVEL: 'warn' },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'bench-task-chains', version: '1' });
  await client.connect(transport);
  try {
    everyday ??= everydayOf((await client.listTools()).tools.find((t) => t.name === 'forge_execute_action').description);
    if (verbose) console.log(`- ${chain.name}`);
    rows.push({ chain, ...(await walk(client, chain, everyday)) });
  } finally {
    await client.close().catch(() => {});
  }
}

console.log(`## Task chains (bench/task-chains.json), build ${root}`);
console.log('area       chain                                                          steps finds byID actions  chars find-chars errors');
for (const r of rows) {
  console.log(`${r.chain.area.padEnd(10)} ${r.chain.name.slice(0, 62).padEnd(62)} ${String(r.chain.steps.length).padStart(5)} ${String(r.finds).padStart(5)} ${String(r.byId).padStart(4)} ${String(r.actions.size).padStart(7)} ${String(r.chars).padStart(6)} ${String(r.findChars).padStart(10)} ${String(r.errors).padStart(6)}`);
}
console.log('');
for (const area of ['less-used', 'everyday']) {
  const of = rows.filter((r) => r.chain.area === area);
  const sum = (k) => of.reduce((n, r) => n + r[k], 0);
  const actions = of.reduce((n, r) => n + r.actions.size, 0);
  const [finds, chars, findChars] = [sum('finds'), sum('chars'), sum('findChars')];
  console.log(`${area}: ${of.length} chains, ${finds} finds (${sum('byId')} by ID after the words missed) for ${actions} distinct actions = ${(finds / actions).toFixed(2)} finds per action; ` +
    `finds ${findChars} of ${chars} answer chars = ${((100 * findChars) / chars).toFixed(0)} %; ${sum('errors')} executions answered an error`);
}

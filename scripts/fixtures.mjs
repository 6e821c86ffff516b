// Regenerates the committed reference fixtures (test/fixtures/reference/) from ../shared: the action
// inventory, the platform's REST route table, its GraphQL permission table and SPEC.md's configuration names. The tests read only
// the fixtures, never ../shared. Run: npm run fixtures (needs ../shared beside the repository).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join, relative } from 'node:path';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SHARED = join(ROOT, '..', 'shared');
const REF = join(SHARED, 'reference');
const OUT = join(ROOT, 'test', 'fixtures', 'reference');

function read(path) {
  if (!existsSync(path)) {
    console.error(`fixtures: ${path} not found; this script needs ../shared beside the repository`);
    process.exit(1);
  }
  return readFileSync(path, 'utf8');
}

/** Rows of a TSV file under ../shared/reference, keyed by its header's column names. */
function tsv(name) {
  const [head, ...lines] = read(join(REF, name)).split('\n').filter(Boolean);
  const cols = head.split('\t');
  return lines.map((l) => {
    const cells = l.split('\t');
    return Object.fromEntries(cols.map((c, i) => [c, cells[i] ?? '']));
  });
}

/** `upstream=<repo>:<path> commit=<sha>` as SOURCES.md names them for a file ("Same source and commit
 * as above" inherits the previous section's); `none` where it names none. */
function upstreamOf(file) {
  const sections = read(join(REF, 'SOURCES.md')).split(/\n## /).slice(1);
  let prev;
  for (const s of sections) {
    const title = s.slice(0, s.indexOf('\n')).trim().split(/\s+/)[0];
    const repo = /`([\w.-]+\/[\w.-]+)`, path `([^`]+)`/.exec(s);
    const commit = /commit `([0-9a-f]{40})`/.exec(s);
    let info = repo && commit ? `upstream=${repo[1]}:${repo[2]} commit=${commit[1]}` : undefined;
    if (!info && /same source and commit as above/i.test(s)) info = prev;
    if (title === file) return info ?? 'upstream=none commit=none';
    prev = info;
  }
  throw new Error(`SOURCES.md has no section for ${file}`);
}

function provenance(path, upstream) {
  const sha = createHash('sha256').update(readFileSync(path)).digest('hex');
  // Named inside the steering repository's shared tree (reference/…, SPEC.md): the project never reads it.
  return `# source=${relative(join(ROOT, '..', 'shared'), path)} sha256=${sha} ${upstream}`;
}

function write(name, headers, columns, rows) {
  const text = [...headers, `# generated_by=scripts/fixtures.mjs`, columns.join('\t'), ...rows.map((r) => r.join('\t'))].join('\n') + '\n';
  writeFileSync(join(OUT, name), text);
  console.log(`test/fixtures/reference/${name}: ${rows.length} rows, ${Buffer.byteLength(text)} bytes`);
}

mkdirSync(OUT, { recursive: true });

// 1. The action inventory. all_requests is `=` when it is exactly the action's own `method route`.
{
  const src = join(REF, 'catalog-reference.tsv');
  const rows = tsv('catalog-reference.tsv').map((r) => {
    const own = `${r.http_method} ${r.route_or_graphql_operation}`;
    const all = r.all_requests.split(';').map((q) => q.trim()).filter(Boolean);
    const requests = all.length === 1 && all[0] === own ? '=' : all.join(';');
    const bool = (v) => {
      if (v !== 'true' && v !== 'false') throw new Error(`${r.canonical_id}: not a boolean: ${v}`);
      return v === 'true' ? '1' : '0';
    };
    return [r.canonical_id, r.domain, r.http_method, r.route_or_graphql_operation, bool(r.writes), bool(r.destructive), r.tier, requests];
  }).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  write('actions.tsv', [provenance(src, upstreamOf('catalog-reference.tsv'))],
    ['id', 'domain', 'method', 'route', 'writes', 'destructive', 'tier', 'all_requests'], rows);
}

// 2. The platform's REST route table: distinct method + path (Grape syntax, without /api/v4) of the
// fine-grained route list and of its other-endpoints sections.
{
  const files = ['granular-rest-routes.tsv', 'granular-rest-other-endpoints.tsv'];
  const seen = new Set();
  for (const f of files) {
    for (const r of tsv(f)) {
      if (!r.method || !r.path) throw new Error(`${f}: row without method or path`);
      seen.add(`${r.method}\t${r.path.replace(/^\/api\/v4/, '')}`);
    }
  }
  const rows = [...seen].sort().map((l) => l.split('\t'));
  write('routes.tsv', files.map((f) => provenance(join(REF, f), upstreamOf(f))), ['method', 'path'], rows);
}

// 3. SPEC.md's Configuration section: every FORGE_MCP_ variable and every flag it names.
{
  const src = join(SHARED, 'SPEC.md');
  const spec = read(src);
  const start = spec.indexOf('### Configuration');
  if (start < 0) throw new Error('SPEC.md has no "### Configuration" section');
  const end = spec.indexOf('\n## ', start);
  const section = spec.slice(start, end < 0 ? undefined : end);
  const vars = [...new Set(section.match(/FORGE_MCP_[A-Z_*]*[A-Z*]/g) ?? [])].sort();
  const flags = [...new Set((section.match(/`--[a-z-]+/g) ?? []).map((f) => f.slice(3)))].sort();
  const rows = [...vars.map((v) => ['variable', v]), ...flags.map((f) => ['flag', f])];
  write('spec-configuration.tsv', [provenance(src, 'upstream=none commit=none')], ['kind', 'name'], rows);
}

// 4. The per-type permission table of the platform's GraphQL API: which mutations, object types and
// fields declare a fine-grained permission, with the permission and the boundaries it is declared at.
// Absence from this table is what withholds a GraphQL action from every fine-grained token
// (test/fine-grained-withheld.test.ts walks each catalog document against it).
{
  const src = join(REF, 'granular-graphql.tsv');
  const merged = new Map();
  for (const r of tsv('granular-graphql.tsv')) {
    if (!['Mutation', 'Type', 'Field'].includes(r.kind) || !r.name || !r.permission_id_derived || !r.boundary) throw new Error(`granular-graphql.tsv: unexpected row ${JSON.stringify(r)}`);
    const key = `${r.kind}\t${r.name}\t${r.permission_id_derived}`;
    if (!merged.has(key)) merged.set(key, new Set());
    merged.get(key).add(r.boundary.toLowerCase());
  }
  const order = ['project', 'group', 'user', 'instance'];
  const rows = [...merged].map(([key, b]) => [...key.split('\t'), [...b].sort((x, y) => order.indexOf(x) - order.indexOf(y)).join(',')])
    .sort((a, b) => (a.join('\t') < b.join('\t') ? -1 : 1));
  write('graphql-permissions.tsv', [provenance(src, upstreamOf('granular-graphql.tsv'))], ['kind', 'name', 'permission', 'boundaries'], rows);
}

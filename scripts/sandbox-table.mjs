// Writes the table of what the embedded sandbox simulates (per catalog domain: actions, simulated with
// state, refused) into README.md and docs/development.md, between their marker comments, from the
// built catalog and the sandbox's route table (the same count forge://sandbox serves).
// test/sandbox-table.test.ts fails when a file is out of step. Needs the build (npm run build).
//   node scripts/sandbox-table.mjs           rewrite the files
//   node scripts/sandbox-table.mjs --check   exit 1 when a file is out of step
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { loadCatalog } = await import(join(root, 'dist', 'catalog', 'index.js'));
const { coverage } = await import(join(root, 'dist', 'sandbox', 'coverage.js'));

/** The everyday domains first, in the order a person meets them; then every other domain the sandbox simulates any of. */
const EVERYDAY = ['issue', 'merge_request', 'mr_review', 'repository', 'branch', 'tag', 'release', 'pipeline', 'job', 'project', 'user', 'search', 'wiki'];
const domains = coverage(await loadCatalog());
const byName = new Map(domains.map((d) => [d.domain, d]));
const rest = domains.filter((d) => !EVERYDAY.includes(d.domain) && d.simulated > 0).sort((a, b) => b.simulated - a.simulated || a.domain.localeCompare(b.domain));
const n = (x) => x.toLocaleString('en-US');
const line = (name, ds) => `| ${name} | ${n(ds.reduce((s, d) => s + d.actions, 0))} | ${n(ds.reduce((s, d) => s + d.simulated, 0))} | ${n(ds.reduce((s, d) => s + d.refused, 0))} |`;
const head = ['| Domain | Actions | Simulated | Refused |', '|---|---|---|---|'];
const everyday = EVERYDAY.map((name) => byName.get(name)).filter(Boolean);
const others = domains.filter((d) => !EVERYDAY.includes(d.domain));
/** README: the everyday domains and one line for the rest; docs/development.md: every domain the sandbox simulates any of. */
const tables = {
  'README.md': [...head, ...everyday.map((d) => line(d.domain, [d])), line(`${others.length} other domains ([per domain](docs/development.md#the-sandbox))`, others), line('all domains', domains)].join('\n'),
  'docs/development.md': [...head, ...everyday.map((d) => line(d.domain, [d])), ...rest.map((d) => line(d.domain, [d])),
    line(`${domains.filter((d) => d.simulated === 0).length} domains not simulated`, domains.filter((d) => d.simulated === 0)), line('all domains', domains)].join('\n'),
};

const START = '<!-- sandbox-coverage:start (node scripts/sandbox-table.mjs) -->';
const END = '<!-- sandbox-coverage:end -->';
const check = process.argv.includes('--check');
let stale = false;
for (const [file, table] of Object.entries(tables)) {
  const path = join(root, file);
  const before = readFileSync(path, 'utf8');
  const i = before.indexOf(START);
  const j = before.indexOf(END);
  if (i < 0 || j < i) {
    console.error(`${file}: no sandbox table markers`);
    stale = true;
    continue;
  }
  const after = `${before.slice(0, i + START.length)}\n${table}\n${before.slice(j)}`;
  if (check) {
    if (after !== before) {
      console.error(`${file}: the sandbox table is out of step with the sandbox's routes; run node scripts/sandbox-table.mjs`);
      stale = true;
    } else console.log(`${file}: the sandbox table is in step`);
  } else {
    if (after !== before) writeFileSync(path, after);
    console.log(after === before ? `${file}: the sandbox table was already in step` : `${file}: sandbox table rewritten`);
  }
}
if (stale) process.exit(1);

// The size of forge_find_action's answers to what assistants really asked (issue #30): every logged find of the
// assistant trials (bench/find-answers-logged.json: trials 10-13; bench/find-answers-logged-16.json: trials 15-16; bench/find-answers-logged-18.json: trials 17-18;
// each deduplicated), answered by a build's sandbox over stdio as in
// the trials (dynamic surface, the sandbox's demo user). Prints the answers' total, median and p95 characters and
// o200k tokens (text content, as a host shows it to the model), split into ranked and by-ID answers.
//   node bench/find-answers.mjs [root]     root: a checkout with dist/ built (default: this one), e.g. /tmp/base14
//   SHOW=1 node bench/find-answers.mjs     also prints every answer
import { readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { getEncoding } from 'js-tiktoken';

const here = join(dirname(fileURLToPath(import.meta.url)), '..');
const root = resolve(process.argv[2] ?? here);
const SETS = ['find-answers-logged.json', 'find-answers-logged-16.json', 'find-answers-logged-18.json'];
const sets = SETS.map((file) => ({ file, finds: JSON.parse(readFileSync(join(here, 'bench', file), 'utf8')).finds }));
const enc = getEncoding('o200k_base');

const transport = new StdioClientTransport({
  command: process.execPath,
  args: [join(root, 'dist', 'bundle', 'cli.js'), '--sandbox'],
  env: { PATH: process.env.PATH ?? '', HOME: mkdtempSync(join(tmpdir(), 'forge-find-answers-')), FORGE_MCP_LOG_LEVEL: 'warn' },
  stderr: 'ignore',
});
const client = new Client({ name: 'find-answers', version: '1' });
const rows = [];
try {
  await client.connect(transport);
  for (const { file, finds } of sets) for (const { args } of finds) {
    const r = await client.callTool({ name: 'forge_find_action', arguments: args });
    const text = (r.content ?? []).map((c) => c.text ?? '').join('\n');
    const byId = text.startsWith('Schemas of the actions asked for by ID') || text.startsWith('No action has these IDs');
    rows.push({ file, args, text, byId, chars: text.length, tokens: enc.encode(text).length });
    if (process.env.SHOW) console.log(`===== ${JSON.stringify(args)}\n${text}\n`);
  }
} finally {
  await client.close().catch(() => {});
}

const at = (s, q) => s[Math.min(s.length - 1, Math.floor(s.length * q))];
function line(label, rs) {
  if (!rs.length) return `${label}: none`;
  const c = rs.map((r) => r.chars).sort((a, b) => a - b);
  const t = rs.map((r) => r.tokens).sort((a, b) => a - b);
  const sum = (xs) => xs.reduce((a, b) => a + b, 0);
  return `${label.padEnd(8)} ${String(rs.length).padStart(4)} answers   chars total ${sum(c)}, median ${at(c, 0.5)}, p95 ${at(c, 0.95)}   tokens total ${sum(t)}, median ${at(t, 0.5)}, p95 ${at(t, 0.95)}`;
}
for (const { file } of sets) {
  const of = rows.filter((r) => r.file === file);
  console.log(`# forge_find_action on the ${of.length} logged finds of bench/${file}, build ${root}`);
  console.log(line('all', of));
  console.log(line('ranked', of.filter((r) => !r.byId)));
  console.log(line('by ID', of.filter((r) => r.byId)));
}

// Writes src/search/phrasings.json: the labelled requests of the find TUNING sets (bench/find-bundle.mjs's
// TUNING_SETS), grouped by action. forge_find_action indexes them as one more field of each action's
// document: how people asked for it, beside the catalog's own five examples (issue #17).
//   node scripts/phrasings.mjs            writes the table
//   node scripts/phrasings.mjs --check    exits 1 when the committed table differs from what the sets give
// Sources: only the tuning sets, written blind to the catalog text by helpers given action IDs, routes and
// GitLab's docs. The held-out and validation sets are never read here: they measure the table.
// A request labelled with two different actions (the sets disagree) says nothing and is left out.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const TABLE = join(root, 'src', 'search', 'phrasings.json');
export const TUNING_SETS = ['queries.json', 'queries-conversational.json', 'queries-tuning-extra.json', 'queries-conversational-tuning-2.json', 'queries-conversational-tuning-3.json', 'queries-conversational-tuning-4.json', 'queries-conversational-tuning-5.json', 'queries-conversational-tuning-6.json'];

/** The table from the given sets (file names under bench/), requests in set order, actions sorted. */
export function phrasingsOf(sets) {
  const labels = new Map();
  for (const f of sets) {
    if (/heldout|validation/.test(f)) throw new Error(`${f}: held-out and validation sets never train the search`);
    for (const { q, id } of JSON.parse(readFileSync(join(root, 'bench', f), 'utf8'))) {
      const text = q.trim().replace(/\s+/g, ' ');
      const ids = labels.get(text) ?? new Set();
      ids.add(id);
      labels.set(text, ids);
    }
  }
  const byAction = {};
  for (const [text, ids] of labels) {
    if (ids.size !== 1) continue;
    const [id] = ids;
    (byAction[id] ??= []).push(text);
  }
  return Object.fromEntries(Object.keys(byAction).sort().map((id) => [id, byAction[id]]));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const table = `${JSON.stringify({ sources: TUNING_SETS.map((f) => `bench/${f}`), byAction: phrasingsOf(TUNING_SETS) }, null, 0).replace(/\],"/g, '],\n"')}\n`;
  if (process.argv.includes('--check')) {
    const same = readFileSync(TABLE, 'utf8') === table;
    if (!same) console.error('src/search/phrasings.json is stale: run node scripts/phrasings.mjs');
    process.exit(same ? 0 : 1);
  }
  writeFileSync(TABLE, table);
  const n = Object.values(JSON.parse(table).byAction).reduce((s, l) => s + l.length, 0);
  console.log(`wrote ${TABLE.slice(root.length + 1)}: ${n} requests for ${Object.keys(JSON.parse(table).byAction).length} actions`);
}

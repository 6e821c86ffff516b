// Writes src/search/phrasings.json: the labelled requests of the find TUNING sets, grouped by action, each as
// the search reads it (ActionSearch.read: references, phrases, group names left out). forge_find_action
// indexes them as one more field of each action's document: how people asked for it, beside the catalog's
// own five examples (issue #17). They are stored read, because reading 28,000 requests at every start would
// double the index build; a change to the reading makes the table stale, and test/find-action.test.ts says so.
//   node scripts/phrasings.mjs            writes the table
//   node scripts/phrasings.mjs --check    exits 1 when the committed table differs from what the sets give
// Sources: only the tuning sets, written blind to the catalog text by helpers given action IDs, routes and
// GitLab's docs. The held-out and validation sets are never read here: they measure the table.
// A request labelled with two different actions (the sets disagree) says nothing and is left out.
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const TABLE = join(root, 'src', 'search', 'phrasings.json');
export const TUNING_SETS = ['queries.json', 'queries-conversational.json', 'queries-tuning-extra.json', 'queries-conversational-tuning-2.json',
  'queries-conversational-tuning-3.json', 'queries-conversational-tuning-4.json', 'queries-conversational-tuning-5.json', 'queries-conversational-tuning-6.json', 'queries-conversational-tuning-7.json', 'queries-conversational-tuning-8.json', 'queries-conversational-tuning-9.json', 'queries-conversational-tuning-10.json', 'queries-conversational-tuning-11.json',
  'queries-conversational-tuning-12.json', 'queries-conversational-tuning-13.json', 'queries-conversational-tuning-14.json', 'queries-conversational-tuning-15.json',
  'queries-conversational-tuning-16.json', 'queries-conversational-tuning-17.json', 'queries-conversational-tuning-18.json',
  'queries-conversational-tuning-19.json', 'queries-conversational-tuning-20.json', 'queries-conversational-tuning-21.json',
  'queries-conversational-tuning-22.json', 'queries-conversational-tuning-23.json', 'queries-conversational-tuning-24.json', 'queries-conversational-tuning-25.json'];

/** The sets that measure the search: never read to train it. */
export const MEASURING_SETS = ['queries-heldout.json', 'queries-conversational-heldout.json', 'queries-conversational-heldout-2.json', 'queries-conversational-validation.json'];
/** A request reduced to its words, for telling whether two sets share one word for word. */
export const plainText = (q) => q.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

/**
 * The table from the given sets (file names under bench/): by action (sorted), each request as `read` reads
 * it, in set order; a request read to nothing is left out.
 */
export function phrasingsOf(sets, read) {
  const labels = new Map();
  for (const f of sets) {
    if (MEASURING_SETS.includes(f) || /heldout|validation/.test(f)) throw new Error(`${f}: held-out and validation sets never train the search`);
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
    const terms = read(text);
    if (terms) (byAction[[...ids][0]] ??= []).push(terms);
  }
  return Object.fromEntries(Object.keys(byAction).sort().map((id) => [id, byAction[id]]));
}

/** The table's file text. */
export const tableText = (byAction) => `${JSON.stringify({ sources: TUNING_SETS.map((f) => `bench/${f}`), byAction }).replace(/\],"/g, '],\n"')}\n`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // The search's own reading, bundled from src/ on the fly (no build needed).
  const { build } = await import('esbuild');
  const out = join(mkdtempSync(join(tmpdir(), 'phrasings-')), 'entry.mjs');
  await build({
    stdin: { contents: "export { loadCatalog } from './src/catalog/index.ts'; export { ActionSearch } from './src/search/index.ts';", resolveDir: root, loader: 'ts' },
    bundle: true, platform: 'node', format: 'esm', outfile: out, logLevel: 'error',
  });
  const { loadCatalog, ActionSearch } = await import(pathToFileURL(out).href);
  const search = new ActionSearch((await loadCatalog()).actions);
  const byAction = phrasingsOf(TUNING_SETS, (t) => search.read(t));
  const text = tableText(byAction);
  if (process.argv.includes('--check')) {
    const same = readFileSync(TABLE, 'utf8') === text;
    if (!same) console.error('src/search/phrasings.json is stale: run node scripts/phrasings.mjs');
    process.exit(same ? 0 : 1);
  }
  writeFileSync(TABLE, text);
  console.log(`wrote ${TABLE.slice(root.length + 1)}: ${Object.values(byAction).flat().length} requests for ${Object.keys(byAction).length} actions`);
}

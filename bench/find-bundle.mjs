// Bundles src/ with esbuild on the fly (no build needed) and loads the catalog and the find ranking, so a
// ranking change is measured in seconds. Shared by find-tune.mjs and find-descent.mjs.
// The tuning sets train the search too (their requests are src/search/phrasings.json, scripts/phrasings.mjs):
// a tuning set is therefore measured by a search trained on the OTHER tuning sets (`searchFor`), so its
// figure says how the search does on requests it never saw.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
import { TUNING_SETS, phrasingsOf } from '../scripts/phrasings.mjs';

/** The sets the ranking is tuned and trained on (the held-out and validation sets are never among them). */
export { TUNING_SETS };

/** { cat, ActionSearch, DEFAULT_WEIGHTS, shownOf (the answer's cut-off) } from the current sources. */
export async function loadRanking() {
  const out = join(mkdtempSync(join(tmpdir(), 'find-bundle-')), 'entry.mjs');
  await build({
    stdin: { contents: "export { loadCatalog } from './src/catalog/index.ts'; export { ActionSearch, DEFAULT_WEIGHTS } from './src/search/index.ts'; export { shownOf } from './src/surfaces/find-answer.ts';", resolveDir: root, loader: 'ts' },
    bundle: true, platform: 'node', format: 'esm', outfile: out, logLevel: 'error',
  });
  const { loadCatalog, ActionSearch, DEFAULT_WEIGHTS, shownOf } = await import(pathToFileURL(out).href);
  const cat = await loadCatalog();
  // Requests read once for every search trained on them (a descent builds hundreds); the reader on first need.
  let reader;
  const seen = new Map();
  const read = (t) => { if (!seen.has(t)) seen.set(t, (reader ??= new ActionSearch(cat.actions)).read(t)); return seen.get(t); };
  /** A search for measuring `file` (a name under bench/): trained on every tuning set but that one. */
  const searchFor = (file, weights = {}) => new ActionSearch(cat.actions, weights, undefined, { phrasings: phrasingsOf(TUNING_SETS.filter((f) => f !== file), read) });
  return { cat, ActionSearch, DEFAULT_WEIGHTS, searchFor, shownOf };
}

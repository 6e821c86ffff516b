// Bundles src/ with esbuild on the fly (no build needed) and loads the catalog and the find ranking, so a
// ranking change is measured in seconds. Shared by find-tune.mjs and find-descent.mjs.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** The sets the ranking is tuned on (the held-out and validation sets are never among them). */
export const TUNING_SETS = ['queries.json', 'queries-conversational.json', 'queries-tuning-extra.json', 'queries-conversational-tuning-2.json', 'queries-conversational-tuning-3.json'];

/** { cat, ActionSearch, DEFAULT_WEIGHTS } from the current sources. */
export async function loadRanking() {
  const out = join(mkdtempSync(join(tmpdir(), 'find-bundle-')), 'entry.mjs');
  await build({
    stdin: { contents: "export { loadCatalog } from './src/catalog/index.ts'; export { ActionSearch, DEFAULT_WEIGHTS } from './src/search/index.ts';", resolveDir: root, loader: 'ts' },
    bundle: true, platform: 'node', format: 'esm', outfile: out, logLevel: 'error',
  });
  const { loadCatalog, ActionSearch, DEFAULT_WEIGHTS } = await import(pathToFileURL(out).href);
  return { cat: await loadCatalog(), ActionSearch, DEFAULT_WEIGHTS };
}

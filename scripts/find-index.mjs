// Writes the find index file (src/search/pack.ts) into dist/bundle/, at build time: the catalog, its
// examples and the phrasings are read here, once, so no server process builds the index or keeps the
// pages the build needed (issue #31). Made from the compiled dist/ of this very build (run after tsc): a
// change to the catalog, the reading or the phrasings is in the next build's file.
// Sources: dist/catalog (the catalog), dist/search/index.js (the search), dist/search/phrasings.json, and the
// gates of dist/search/lexicon.js's phrases (scripts/phrase-gates.mjs).
//   node scripts/find-index.mjs      (scripts/bundle.mjs runs it)
import { readFileSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { phraseGates } from './phrase-gates.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = (p) => pathToFileURL(join(root, 'dist', p)).href;

/** Builds the index from dist/ and writes it to dist/bundle/; answers the file's path and size. */
export async function writeFindIndex() {
  const { loadCatalog } = await import(dist('catalog/index.js'));
  const { ActionSearch } = await import(dist('search/index.js'));
  const { encodeSearch } = await import(dist('search/pack.js'));
  const { FIND_INDEX_FILE } = await import(dist('search/load.js'));
  const { PHRASES } = await import(dist('search/lexicon.js'));
  const { phrasesWritten } = await import(dist('search/query.js'));
  const { byAction } = JSON.parse(readFileSync(join(root, 'dist', 'search', 'phrasings.json'), 'utf8'));
  const search = new ActionSearch((await loadCatalog()).actions, {}, undefined, { phrasings: byAction });
  const bytes = encodeSearch({ ...search.pack(), phraseGates: { phrases: phrasesWritten(), gates: phraseGates(PHRASES) } });
  const file = join(root, 'dist', 'bundle', FIND_INDEX_FILE);
  writeFileSync(file, bytes);
  return { file, bytes: bytes.length };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { file, bytes } = await writeFindIndex();
  console.log(`wrote ${file.slice(root.length + 1)}: ${(bytes / 1024).toFixed(0)} KiB`);
}

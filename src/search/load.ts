// The find index a server searches, made on the first find. The build writes it to a file beside the
// bundle (scripts/find-index.mjs, search/pack.ts): reading that costs a few milliseconds and only the memory
// the index keeps. Without the file (running from src/ or the unbundled dist/), or with one that does not fit
// this catalog, the index is built here from the catalog and the phrasings, a slice at a time.
import { readFile } from 'node:fs/promises';
import type { Action } from '../catalog/define.js';
import { ActionSearch } from './index.js';
import { decodeSearch } from './pack.js';

/** The file's name, in the folder of the bundle chunk this module is bundled into (dist/bundle/). */
export const FIND_INDEX_FILE = 'find-index.bin';

export async function loadSearch(list: readonly Action[], file: URL = new URL(FIND_INDEX_FILE, import.meta.url)): Promise<ActionSearch> {
  const bytes = await readFile(file).catch(() => undefined);
  if (bytes) {
    // A damaged or stale file answers nothing wrong: the index is built instead.
    try { return new ActionSearch(list, {}, undefined, { packed: decodeSearch(bytes) }); } catch { /* built below */ }
  }
  const { default: table } = await import('./phrasings.json', { with: { type: 'json' } });
  const search = new ActionSearch(list, {}, undefined, { deferred: true, phrasings: table.byAction });
  await search.settle();
  return search;
}

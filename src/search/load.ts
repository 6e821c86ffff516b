// The find index a server searches, made on the first find. The build writes it to a file beside the
// bundle (scripts/find-index.mjs, search/pack.ts): reading that costs a few milliseconds and only the memory
// the index keeps. Running from src/ or the unbundled dist/ without the file, or with one that does not fit
// this catalog, the index is built here from the catalog and the phrasings, a slice at a time; the bundle refuses.
import { readFile } from 'node:fs/promises';
import type { Catalog } from '../catalog/index.js';
import { ActionSearch } from './index.js';
import { decodeSearch } from './pack.js';

/** The file's name, in the folder of the bundle chunk this module is bundled into (dist/bundle/). */
export const FIND_INDEX_FILE = 'find-index.bin';

/** Defined (true) by scripts/bundle.mjs: the bundle reads the files its build wrote, and carries no phrasings to build the index. */
declare const __FORGE_BUILD_DATA__: boolean | undefined;

/** The index of `catalog`: a search made from the file resolves only its candidates' actions (catalog/data.ts parses each on first use). */
export async function loadSearch(catalog: Catalog, file: URL = new URL(FIND_INDEX_FILE, import.meta.url)): Promise<ActionSearch> {
  const bytes = await readFile(file).catch(() => undefined);
  // The phrasings are imported in the branch the bundler drops: they are not in the bundle.
  return typeof __FORGE_BUILD_DATA__ !== 'undefined'
    ? fromBundle(catalog, file, bytes)
    : fromFileOrBuilt(catalog, bytes, () => import('./phrasings.json', { with: { type: 'json' } }));
}

/**
 * The bundle's file comes from its own build: one missing or damaged is a broken install, said as such (the
 * bundle ships no phrasings for a fallback, 880 KB, which would rank otherwise if they were left out).
 */
function fromBundle(catalog: Catalog, file: URL, bytes: Uint8Array | undefined): ActionSearch {
  try {
    return new ActionSearch(catalog, {}, undefined, { packed: decodeSearch(bytes ?? new Uint8Array()) });
  } catch (e) {
    throw new Error(`find index unreadable in ${file.pathname} (rebuild with npm run build): ${bytes ? (e as Error).message : 'missing'}`);
  }
}

type Phrasings = { default: { byAction: Record<string, readonly string[]> } };

async function fromFileOrBuilt(catalog: Catalog, bytes: Uint8Array | undefined, phrasings: () => Promise<Phrasings>): Promise<ActionSearch> {
  if (bytes) {
    // A damaged or stale file answers nothing wrong: the index is built instead.
    try { return new ActionSearch(catalog, {}, undefined, { packed: decodeSearch(bytes) }); } catch { /* built below */ }
  }
  const { default: table } = await phrasings();
  const search = new ActionSearch(catalog.actions, {}, undefined, { deferred: true, phrasings: table.byAction });
  await search.settle();
  return search;
}

// The catalog as the bundled server reads it (issue #31): the resolved actions, written at build time by
// scripts/catalog-data.mjs beside the bundle as JSON (parsed in a few milliseconds, instead of compiling and
// running 1.1 MB of domain tables), and their function-valued fields from a small module written with it.
import { readFile } from 'node:fs/promises';
import type { DomainInfo } from './define.js';
import { attachFunctions } from './functions.js';

/** The files' names, in the folder of the bundle chunk this module is bundled into (dist/bundle/). */
export const CATALOG_DATA_FILE = 'catalog.json';
export const CATALOG_FUNCTIONS_FILE = 'catalog-functions.js';

type Functions = Record<string, Record<string, (...args: never[]) => unknown>>;

/** Reads both files from `dir`; throws a clear error when either is missing or they disagree (fail closed: no partial catalog). */
export async function readCatalogData(dir: URL = new URL('.', import.meta.url)): Promise<DomainInfo[]> {
  const [text, fns] = await Promise.all([
    readFile(new URL(CATALOG_DATA_FILE, dir), 'utf8'),
    import(new URL(CATALOG_FUNCTIONS_FILE, dir).href) as Promise<{ FUNCTIONS: Functions }>,
  ]).catch((e: unknown) => {
    throw new Error(`catalog data unreadable in ${dir.pathname} (rebuild with npm run build): ${(e as Error).message}`);
  });
  const domains = JSON.parse(text) as DomainInfo[];
  const left = new Set(Object.keys(fns.FUNCTIONS));
  for (const d of domains) {
    for (const a of d.actions) {
      const fields = fns.FUNCTIONS[a.id];
      if (fields) attachFunctions(a, fields, a.id);
      left.delete(a.id);
    }
  }
  if (left.size) throw new Error(`catalog data: functions for unknown actions ${[...left].slice(0, 3).join(', ')} (rebuild)`);
  return domains;
}

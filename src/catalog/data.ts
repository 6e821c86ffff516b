// The catalog as the bundled server reads it (issue #31): the resolved actions, written at build time by
// scripts/catalog-data.mjs beside the bundle (parsed in a few tens of milliseconds, instead of compiling and
// running 1.1 MB of domain tables), and their function-valued fields from a small module written with it.
// The data file is ASCII (other characters \u-escaped, so it reads as one-byte text): its first line lists the
// domains (name, description, number of actions), then each action has a line of its own, in order. Parsing a
// line at a time keeps each text small: no 1.7 MB string in the large-object space for the process to keep.
import { readFile } from 'node:fs/promises';
import type { DomainInfo } from './define.js';
import { attachFunctions } from './functions.js';

/** The files' names, in the folder of the bundle chunk this module is bundled into (dist/bundle/). */
export const CATALOG_DATA_FILE = 'catalog.jsonl';
export const CATALOG_FUNCTIONS_FILE = 'catalog-functions.js';

type Functions = Record<string, Record<string, (...args: never[]) => unknown>>;

/** The data file's first line: each domain with the number of its action lines that follow. */
export interface DataHead { name: string; description: string; actions: number }

/** Reads both files from `dir`; throws a clear error when either is missing or they disagree (fail closed: no partial catalog). */
export async function readCatalogData(dir: URL = new URL('.', import.meta.url)): Promise<DomainInfo[]> {
  const [bytes, fns] = await Promise.all([
    readFile(new URL(CATALOG_DATA_FILE, dir)),
    import(new URL(CATALOG_FUNCTIONS_FILE, dir).href) as Promise<{ FUNCTIONS: Functions }>,
  ]).catch((e: unknown) => {
    throw new Error(`catalog data unreadable in ${dir.pathname} (rebuild with npm run build): ${(e as Error).message}`);
  });
  let at = 0;
  const line = (): unknown => {
    if (at >= bytes.length) throw new Error('catalog data: truncated (rebuild)');
    const end = bytes.indexOf(10, at);
    const text = bytes.toString('latin1', at, end < 0 ? bytes.length : end);
    at = end < 0 ? bytes.length : end + 1;
    return JSON.parse(text);
  };
  const domains = (line() as DataHead[]).map((d): DomainInfo => ({ name: d.name, description: d.description, actions: Array.from({ length: d.actions }, line) as DomainInfo['actions'] }));
  if (at < bytes.length) throw new Error('catalog data: more actions than its domains list (rebuild)');
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

// The catalog as the bundled server reads it (issue #31): the resolved actions, written at build time by
// scripts/catalog-data.mjs beside the bundle (parsed in a few tens of milliseconds, instead of compiling and
// running 1.1 MB of domain tables), and their function-valued fields from a small module written with it.
// The data file is ASCII (other characters \u-escaped, so it reads as one-byte text): its first line lists the
// domains (name, description, number of actions), then each action has a line of its own, in order. Parsing a
// line at a time keeps each text small: no 1.7 MB string in the large-object space for the process to keep.
import { readFile } from 'node:fs/promises';
import type { Action, DomainInfo } from './define.js';
import { attachFunctions } from './functions.js';

/** The files' names, in the folder of the bundle chunk this module is bundled into (dist/bundle/). */
export const CATALOG_DATA_FILE = 'catalog.jsonl';
export const CATALOG_FUNCTIONS_FILE = 'catalog-functions.js';

type Functions = Record<string, Record<string, (...args: never[]) => unknown>>;

/** The data file's first line: each domain with the number of its action lines that follow. */
interface DataHead { name: string; description: string; actions: number }

/**
 * Reads both files from `dir`; throws a clear error when either is missing or they disagree (fail closed: no
 * partial catalog). Each domain's lines are parsed on first use of its actions: a call parses the domains it
 * touches, a find (which ranks them all) every one; the file's bytes are let go once all are parsed.
 */
export async function readCatalogData(dir: URL = new URL('.', import.meta.url)): Promise<DomainInfo[]> {
  const [bytes, { FUNCTIONS }] = await Promise.all([
    readFile(new URL(CATALOG_DATA_FILE, dir)),
    import(new URL(CATALOG_FUNCTIONS_FILE, dir).href) as Promise<{ FUNCTIONS: Functions }>,
  ]).catch((e: unknown) => {
    throw new Error(`catalog data unreadable in ${dir.pathname} (rebuild with npm run build): ${(e as Error).message}`);
  });
  const file: { bytes?: Buffer; unparsed: number } = { bytes, unparsed: 0 };
  let at = 0;
  const nextLine = (): [number, number] => {
    if (at >= bytes.length) throw new Error('catalog data: truncated (rebuild)');
    const end = bytes.indexOf(10, at);
    const line: [number, number] = [at, end < 0 ? bytes.length : end];
    at = line[1] + 1;
    return line;
  };
  const head = JSON.parse(bytes.toString('latin1', ...nextLine())) as DataHead[];
  const known = new Set(head.map((d) => d.name));
  const stray = Object.keys(FUNCTIONS).filter((id) => !known.has(id.slice(0, id.indexOf('.'))));
  if (stray.length) throw new Error(`catalog data: functions for unknown actions ${stray.slice(0, 3).join(', ')} (rebuild)`);

  const domains = head.map((d): DomainInfo => {
    const lines = Array.from({ length: d.actions }, nextLine);
    let actions: Action[] | undefined;
    file.unparsed++;
    return {
      name: d.name,
      description: d.description,
      get actions() {
        if (!actions) {
          actions = parseDomain(d.name, lines.map(([from, to]) => file.bytes!.toString('latin1', from, to)), FUNCTIONS);
          if (--file.unparsed === 0) delete file.bytes;
        }
        return actions;
      },
    };
  });
  if (at < bytes.length) throw new Error('catalog data: more actions than its domains list (rebuild)');
  return domains;
}

/** One domain's actions from their lines, with their functions; every function of the domain must find its action. */
function parseDomain(domain: string, lines: string[], fns: Functions): Action[] {
  const actions = lines.map((line) => JSON.parse(line) as Action);
  const left = new Set(Object.keys(fns).filter((id) => id.startsWith(`${domain}.`)));
  for (const a of actions) {
    const fields = fns[a.id];
    if (fields) attachFunctions(a, fields, a.id);
    left.delete(a.id);
  }
  if (left.size) throw new Error(`catalog data: functions for unknown actions ${[...left].slice(0, 3).join(', ')} (rebuild)`);
  return actions;
}

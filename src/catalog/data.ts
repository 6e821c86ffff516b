// The catalog as the bundled server reads it (issue #31): the resolved actions, written at build time by
// scripts/catalog-data.mjs beside the bundle (parsed in a few tens of milliseconds, instead of compiling and
// running 1.1 MB of domain tables), and their function-valued fields from a small module written with it.
// The data file is ASCII (other characters \u-escaped, so it reads as one-byte text): its first line lists the
// domains (name, description, the names of its actions, the paths of their function fields), then each action
// has a line of its own, in order. Each line is parsed when its action is first used: a find parses the
// candidates it weighs, not the catalog; and each text stays small: no 1.7 MB string for the process to keep.
// The functions module (CommonJS, so it loads synchronously) is loaded when a function field is first read:
// a find, which reads none, never loads it.
import { stat, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { frozenEntry, type Action, type DomainInfo } from './define.js';
import { attachFunctions } from './functions.js';

/** The files' names, in the folder of the bundle chunk this module is bundled into (dist/bundle/). */
export const CATALOG_DATA_FILE = 'catalog.jsonl';
export const CATALOG_FUNCTIONS_FILE = 'catalog-functions.cjs';

type Fn = (...args: never[]) => unknown;
type Functions = Record<string, Record<string, Fn>>;

/** The data file's first line: each domain with the names of its actions, whose lines follow in that order, and their function fields' paths. */
interface DataHead { name: string; description: string; actions: string[]; functions?: Record<string, string[]> }

/**
 * Reads the data file from `dir` (the functions module must be there too); throws a clear error when either is
 * missing or they disagree (fail closed: no partial catalog). Each action's line is parsed on its first use
 * (`action(id)`, or `actions` for its whole domain), once; the file's bytes are let go once every line is parsed.
 */
export async function readCatalogData(dir: URL = new URL('.', import.meta.url)): Promise<DomainInfo[]> {
  const functionsFile = new URL(CATALOG_FUNCTIONS_FILE, dir);
  const [bytes] = await Promise.all([readFile(new URL(CATALOG_DATA_FILE, dir)), stat(functionsFile)]).catch((e: unknown) => {
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
  const declared = new Map(head.flatMap((d) => Object.entries(d.functions ?? {}).map(([name, paths]): [string, string[]] => [`${d.name}.${name}`, paths])));
  const known = new Set(head.flatMap((d) => d.actions.map((name) => `${d.name}.${name}`)));
  const stray = [...declared.keys()].filter((id) => !known.has(id));
  if (stray.length) throw new Error(`catalog data: functions for unknown actions ${stray.slice(0, 3).join(', ')} (rebuild)`);
  let functions: Functions | undefined;
  const functionOf = (id: string) => (path: string): Fn => (functions ??= loadFunctions(functionsFile, declared))[id]![path]!;

  const domains = head.map((d): DomainInfo => {
    const ids = d.actions.map((name) => `${d.name}.${name}`);
    const lines = ids.map(nextLine);
    const parsed: Array<Action | undefined> = [];
    let numbers: Map<string, number> | undefined;
    file.unparsed += ids.length;
    const nth = (i: number): Action => {
      let a = parsed[i];
      if (!a) {
        const id = ids[i]!;
        a = JSON.parse(file.bytes!.toString('latin1', ...lines[i]!)) as Action;
        if (a.id !== id) throw new Error(`catalog data: ${id} expected, ${String(a.id)} found (rebuild)`);
        const paths = declared.get(id);
        if (paths) attachFunctions(a, paths, functionOf(id), id);
        parsed[i] = frozenEntry(a);
        if (--file.unparsed === 0) delete file.bytes;
      }
      return a;
    };
    let actions: Action[] | undefined;
    return {
      name: d.name,
      description: d.description,
      ids,
      get actions() {
        return (actions ??= ids.map((_, i) => nth(i)));
      },
      action(id) {
        const i = (numbers ??= new Map(ids.map((x, n) => [x, n]))).get(id);
        return i === undefined ? undefined : nth(i);
      },
    };
  });
  if (at < bytes.length) throw new Error('catalog data: more actions than its domains list (rebuild)');
  return domains;
}

/** The functions module; it must hold exactly the function fields the data file declares. */
function loadFunctions(file: URL, declared: ReadonlyMap<string, readonly string[]>): Functions {
  let FUNCTIONS: Functions;
  try {
    ({ FUNCTIONS } = createRequire(import.meta.url)(fileURLToPath(file)) as { FUNCTIONS: Functions });
  } catch (e) {
    throw new Error(`catalog data unreadable in ${fileURLToPath(new URL('.', file))} (rebuild with npm run build): ${(e as Error).message}`);
  }
  const ids = new Set([...declared.keys(), ...Object.keys(FUNCTIONS ?? {})]);
  const differ = [...ids].filter((id) => Object.keys(FUNCTIONS?.[id] ?? {}).sort().join() !== [...(declared.get(id) ?? [])].sort().join());
  if (differ.length) throw new Error(`catalog data: functions of ${differ.slice(0, 3).join(', ')} differ from the data file (rebuild)`);
  return FUNCTIONS;
}

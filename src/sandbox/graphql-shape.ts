// Which fields the sandbox's GraphQL resolver answers, learnt from its own answers (sampled on the seeded
// state), and the check of a selection against them: a query asking for any other field is refused as a
// whole instead of reading `null` where GitLab has data.
import type { GqlDocument, Selection } from './graphql-parse.js';

type Src = Record<string, unknown>;

/** Type name → field → type names of its value (`|`-joined for lists of mixed types; '' for scalars and unknowns). */
export type FieldTable = Map<string, Map<string, string>>;

const MAX_DEPTH = 10;
const MAX_ITEMS = 40;

/** Records every field of `root` and, depth-first, of the objects below it (lazy fields are called without arguments). */
export function learn(table: FieldTable, root: unknown, typeName: string, depth = 0): string {
  if (root === null || root === undefined || typeof root !== 'object' || depth > MAX_DEPTH) return '';
  if (Array.isArray(root)) {
    const types = new Set(root.slice(0, MAX_ITEMS).map((x, i) => learn(table, x, `${typeName}[${i}]`, depth)).filter(Boolean));
    return [...types].join('|');
  }
  const o = root as Src;
  const type = typeof o.__typename === 'string' ? o.__typename : typeName;
  let fields = table.get(type);
  if (!fields) { fields = new Map(); table.set(type, fields); }
  for (const [k, raw] of Object.entries(o)) {
    // A field whose object type is known already needs no second visit (this keeps the sampling to milliseconds).
    if (k === '__typename' || fields.get(k)) continue;
    let v = raw;
    if (typeof v === 'function') { try { v = (v as (a: Src) => unknown)({}); } catch { v = undefined; } }
    const child = learn(table, v, `${type}.${k}`, depth + 1);
    const prev = fields.get(k);
    const merged = new Set([...(prev ? prev.split('|') : []), ...child.split('|')].filter(Boolean));
    fields.set(k, [...merged].join('|'));
  }
  return type;
}

/** The first selected field (as `a.b.c`) the resolver does not answer for `types`, or undefined when all are answered. */
export function unansweredField(table: FieldTable, doc: GqlDocument, sels: Selection[], types: string, path: string): string | undefined {
  const members = types.split('|').filter(Boolean);
  for (const sel of sels) {
    if (sel.kind === 'field') {
      if (sel.name === '__typename') continue;
      const owners = members.filter((t) => table.get(t)?.has(sel.name));
      const at = path ? `${path}.${sel.name}` : sel.name;
      if (!owners.length) return at;
      if (!sel.selections) continue;
      // A lazy field sampled without arguments may have read null: its type is then the one of its name (`mergeRequest`).
      const named = sel.name.charAt(0).toUpperCase() + sel.name.slice(1);
      const child = owners.map((t) => table.get(t)!.get(sel.name)).filter(Boolean).join('|') || (table.has(named) ? named : '');
      if (!child) return at;
      const miss = unansweredField(table, doc, sel.selections, child, at);
      if (miss) return miss;
      continue;
    }
    const cond = sel.kind === 'inline' ? sel.typeCondition : doc.fragments.get(sel.name)?.typeCondition;
    const inner = sel.kind === 'inline' ? sel.selections : doc.fragments.get(sel.name)?.selections;
    if (!inner) return path;
    // A fragment on a type the resolver answers elsewhere applies to nothing here; on a type it never answers
    // (a work item widget it does not model), GitLab would have data the sandbox lacks.
    if (cond && !members.includes(cond)) {
      if (!table.has(cond)) return `${path}{... on ${cond}}`;
      continue;
    }
    const miss = unansweredField(table, doc, inner, cond && members.includes(cond) ? cond : types, path);
    if (miss) return miss;
  }
  return undefined;
}

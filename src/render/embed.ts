// The embedded resource of a get result (SPEC "Tool result": the object's canonical resource as a
// second block). It stays data — JSON of the platform's object — but only the fields that identify the
// object and say its state (nested objects as the value that names them): the Markdown and
// structuredContent already carry every field and long text, so the block costs a fraction of them.
// Every string is cleaned of control and invisible characters and cut at 200 characters.
import { cleanDeep } from './contain.js';

/** Longest string kept in the block (longer ones are cut with an ellipsis). */
const MAX_STRING = 200;
/** At most this many elements of a list are kept. */
const MAX_LIST = 20;
/** The fields that identify an object and say its state; the rest is in the Markdown and structuredContent. */
const KEPT = new Set(['id', 'iid', 'project_id', 'group_id', 'name', 'title', 'path', 'full_path', 'path_with_namespace', 'state', 'status',
  'web_url', 'created_at', 'updated_at', 'closed_at', 'merged_at', 'finished_at', 'author', 'assignees', 'reviewers', 'labels', 'milestone',
  'ref', 'sha', 'source_branch', 'target_branch', 'default_branch', 'visibility', 'archived', 'draft', 'merge_status', 'detailed_merge_status',
  'tag_name', 'username', 'slug', 'environment', 'pipeline_id', 'job_id', 'stage']);

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const cut = (s: string) => (s.length > MAX_STRING ? `${s.slice(0, MAX_STRING)}…` : s);

/** A nested object as the one value that names it (a username, a title, a name, an id). */
function nameOf(v: Rec): unknown {
  for (const k of ['username', 'full_path', 'path_with_namespace', 'title', 'name', 'iid', 'id']) {
    const x = v[k];
    if (typeof x === 'string' || typeof x === 'number') return typeof x === 'string' ? cut(x) : x;
  }
  return undefined;
}

export function compactResource(obj: Rec): Rec {
  const out: Rec = {};
  for (const [k, v] of Object.entries(obj)) {
    if (!KEPT.has(k) || v === null || v === undefined || v === '') continue;
    if (typeof v === 'string') out[k] = cut(v);
    else if (typeof v === 'number' || typeof v === 'boolean') out[k] = v;
    else if (Array.isArray(v)) {
      const items = v.slice(0, MAX_LIST).map((x) => (isRec(x) ? nameOf(x) : typeof x === 'string' ? cut(x) : x)).filter((x) => x !== undefined && !isRec(x) && !Array.isArray(x));
      if (items.length) out[k] = items;
    } else if (isRec(v)) {
      const n = nameOf(v);
      if (n !== undefined) out[k] = n;
    }
  }
  return cleanDeep(out) as Rec;
}

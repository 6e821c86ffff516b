// The compact form of platform values in structuredContent and the embedded resource (issue #13 §2:
// a result's blocks together cost at most 1.5× its Markdown). A nested object is the one value that
// names it — the name the Markdown shows — and a list of objects is the list of their names, so no
// block repeats a nested user's id, name, state and avatar for every mention.
import { isRecord, isScalar, type Rec } from './shared.js';

/** The keys that name a nested object, first present wins (a path before a display name: it can be passed back as an id). */
const NAME_KEYS = ['username', 'full_path', 'fullPath', 'path_with_namespace', 'title', 'name', 'tag_name'];
/** At most this many elements of a list are kept. */
const MAX_LIST = 50;
/** A nameless nested object keeps at most this many of its scalar fields. */
const MAX_NAMELESS_FIELDS = 8;

/** The value that names a nested object (a username, a path, a title, a name), or undefined. */
function nameOf(v: Rec): string | undefined {
  // A wrapper of one object (GitLab's `approved_by: [{"user": {…}}]`) is named by that object.
  const keys = Object.keys(v);
  if (keys.length === 1 && isRecord(v[keys[0]!])) return nameOf(v[keys[0]!] as Rec);
  for (const k of NAME_KEYS) {
    const x = v[k];
    if (typeof x === 'string' && x !== '') return x;
  }
  return undefined;
}

/** A bigint cannot travel in JSON: written out as its digits. */
const scalar = (v: string | number | boolean | bigint): string | number | boolean => (typeof v === 'bigint' ? v.toString() : v);

/**
 * One field value in compact form: scalars as they are; a nested object as its name (a nameless one, such
 * as a pipeline, as its scalar fields, at most eight); a list as its first 50 elements, each compact, nested lists dropped.
 */
export function compactValue(v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (isScalar(v)) return scalar(v);
  if (Array.isArray(v)) {
    const out: unknown[] = [];
    for (const x of v.slice(0, MAX_LIST)) {
      if (isScalar(x)) out.push(scalar(x));
      else if (x === null) out.push(null);
      else if (isRecord(x)) {
        const n = nameOf(x);
        out.push(n === undefined ? nameless(x) : n);
      }
    }
    return out;
  }
  if (isRecord(v)) return nameOf(v) ?? nameless(v);
  return null;
}

function nameless(v: Rec): Rec {
  const out: Rec = {};
  let n = 0;
  for (const k in v) {
    const x = v[k];
    if (!isScalar(x)) continue;
    out[k] = scalar(x);
    if (++n >= MAX_NAMELESS_FIELDS) break;
  }
  return out;
}

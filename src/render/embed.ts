// The embedded resource of a get result (SPEC "Tool result": the object's canonical resource as a
// second block, off with FORGE_MCP_EMBEDDED_RESOURCES=false). It stays data — JSON of the platform's
// object — but carries only what identifies the object and its state (ids, path or name, state): the
// block's URI names the resource (resources/read returns it whole), the Markdown and structuredContent
// carry the fields. So the block costs a couple of dozen tokens instead of repeating the object a third
// time (issue #13 §2: all blocks together ≤ 1.5× the Markdown).
// Every string is cleaned of control and invisible characters and cut at 200 characters.
import { stripControl } from './contain.js';

/** Longest string kept in the block (longer ones are cut with an ellipsis). */
const MAX_STRING = 200;
/** The fields that identify an object and say its state, in this order. */
const IDENTITY = ['id', 'iid', 'project_id', 'group_id', 'path_with_namespace', 'full_path', 'username', 'tag_name', 'name', 'key', 'slug',
  'file_path', 'state', 'status'];

type Rec = Record<string, unknown>;
/** A string cut at MAX_STRING with an ellipsis, never between the halves of a surrogate pair. */
function cut(s: string): string {
  if (s.length <= MAX_STRING) return s;
  const end = /[\uD800-\uDBFF]/.test(s[MAX_STRING - 1]!) ? MAX_STRING - 1 : MAX_STRING;
  return `${s.slice(0, end)}…`;
}

export function compactResource(obj: Rec): Rec {
  const out: Rec = {};
  for (const k of IDENTITY) {
    const v = obj[k];
    const s = typeof v === 'string' ? stripControl(v) : '';
    if (s !== '') out[k] = cut(s);
    else if (typeof v === 'number' || typeof v === 'boolean') out[k] = v;
  }
  return out;
}

// JSON Schemas derived from catalog entries, built on first use and cached per action.
//
// One portable form: every property carries exactly one `type` and no combinator (no `type: [..]`
// array, no `anyOf`). Clients that map tool schemas onto a single-type dialect (the OpenAPI subset
// of some model providers) reject or flatten both; MCP Inspector's `--strict` flags the array.
// A value of two kinds (an id or a path, an id or `None`/`Any`) is declared a string: the argument
// validation turns a number into its digits (src/pipeline/validate.ts), and GitLab reads either.
import { filledByCompanions, type Action, type ParamSpec } from './define.js';

export type JsonSchema = Record<string, unknown>;

const escapeRegExp = (w: string): string => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function paramSchema(spec: ParamSpec): JsonSchema {
  const s: JsonSchema = { description: spec.description };
  if (spec.idOrPath) {
    // An id or a full path: both spellings are accepted as a string ("42" or "group/project").
    s.type = 'string';
  } else if (spec.type === 'array') {
    s.type = 'array';
    s.items = spec.items === 'object' ? { type: 'object' } : { type: spec.items ?? 'string' };
  } else {
    s.type = spec.type;
  }
  if (spec.wildcards) s.pattern = `^(?:[0-9]+|${spec.wildcards.map(escapeRegExp).join('|')})$`;
  if (spec.enum) s.enum = [...spec.enum];
  if (spec.range) [s.minimum, s.maximum] = spec.range;
  if (spec.default !== undefined) s.default = spec.default;
  return s;
}

const cache = new WeakMap<Action, JsonSchema>();

/** The closed input schema of one action's params (individual tools, find_action answers). */
export function actionSchema(action: Action): JsonSchema {
  let s = cache.get(action);
  if (!s) {
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    // A required param a companion may fill (the content of a small file edit) is required of neither.
    const filled = filledByCompanions(action.params);
    for (const [name, spec] of Object.entries(action.params)) {
      properties[name] = paramSchema(spec);
      if (spec.required && !filled.has(name)) required.push(name);
    }
    s = { type: 'object', properties, additionalProperties: false };
    if (required.length) s.required = required;
    cache.set(action, s);
  }
  return s;
}

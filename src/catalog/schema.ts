// JSON Schemas derived from catalog entries, built on first use and cached per action.
import type { Action, ParamSpec } from './define.js';

export type JsonSchema = Record<string, unknown>;

export function paramSchema(spec: ParamSpec): JsonSchema {
  const s: JsonSchema = { description: spec.description };
  if (spec.idOrPath) {
    // An id or a full path: both spellings are accepted.
    s.type = ['string', 'integer'];
  } else if (spec.type === 'array') {
    s.type = 'array';
    s.items = spec.items === 'object' ? { type: 'object' } : { type: spec.items ?? 'string' };
  } else {
    s.type = spec.type;
  }
  if (spec.enum) s.enum = [...spec.enum];
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
    for (const [name, spec] of Object.entries(action.params)) {
      properties[name] = paramSchema(spec);
      if (spec.required) required.push(name);
    }
    s = { type: 'object', properties, additionalProperties: false };
    if (required.length) s.required = required;
    cache.set(action, s);
  }
  return s;
}


// The compact form of an action's parameters: what an assistant needs to call it, one line per parameter —
// name, `*` when required, type, fixed values, bounds, default, then the description as its short line. Exact like the
// JSON schema (schema.ts): the same names, types and values, in about half the tokens. Shown for the find
// answer's other candidates and with a refused call (issue #30).
import { filledByCompanions, type Action, type ParamSpec } from './define.js';

/** The value a parameter takes, as the JSON schema constrains it. */
function valueOf(p: ParamSpec): string {
  if (p.enum) return p.enum.map((v) => JSON.stringify(v)).join('|');
  // An id or a path, and an ID filter with wildcard words, are strings in the schema; a number is turned into its digits.
  if (p.idOrPath) return 'string';
  if (p.wildcards) return `string (digits or ${p.wildcards.join('|')})`;
  return p.type === 'array' ? `${p.items ?? 'string'}[]` : p.type;
}

/** `name*: type (min..max) = default`, without the description. */
const paramHead = (name: string, p: ParamSpec): string =>
  `${name}${p.required ? '*' : ''}: ${valueOf(p)}${p.range ? ` (${p.range[0]}..${p.range[1]})` : ''}${p.default !== undefined ? ` = ${JSON.stringify(p.default)}` : ''}`;

/** How much of the optional parameters is said: each line with its description, heads only, names only, or their count. */
export type Detail = 'full' | 'head' | 'name' | 'count';

/** A name-only list still says a short set of fixed values (state, sort): those are what a caller guesses wrong. */
const NAMED_VALUES = 5;
const nameOnly = (name: string, p: ParamSpec): string => (p.enum && p.enum.length <= NAMED_VALUES ? `${name}: ${valueOf(p)}` : name);

/**
 * One line per required parameter, then the optional ones: each on its line (`full`), or all on one line with their
 * types (`head`) or names (`name`, with a short set of fixed values). A description already shown in the same
 * answer (`said`: name → description, filled as lines are made) is not repeated.
 */
export function compactParams(action: Action, detail: Detail = 'full', said = new Map<string, string>()): string[] {
  // A required param a companion may fill is required of neither, as in the JSON schema (schema.ts).
  const filled = filledByCompanions(action.params);
  const entries = Object.entries(action.params).map(([name, p]): [string, ParamSpec] => [name, p.required && filled.has(name) ? { ...p, required: false } : p]);
  const line = ([name, p]: [string, ParamSpec]) => {
    const head = paramHead(name, p);
    if (said.get(name) === p.description) return head;
    said.set(name, p.description);
    return `${head} — ${p.description}`;
  };
  const required = entries.filter(([, p]) => p.required).map(line);
  const optional = entries.filter(([, p]) => !p.required);
  if (detail === 'full' || !optional.length) return [...required, ...optional.map(line)];
  if (detail === 'count') return [...required, `and ${optional.length} optional`];
  return [...required, `optional: ${optional.map(([name, p]) => (detail === 'head' ? paramHead(name, p) : nameOnly(name, p))).join(', ')}`];
}

/**
 * An action too large to say whole (project.update's 85 params): the required params and the server-resolved
 * companions whole, then the other optional ones grouped by what they take (`optional boolean: a, b`,
 * `optional "disabled"|"private"|"enabled": c, d`): every name with its exact type, values, bounds and default,
 * without its description.
 */
export function groupedParams(action: Action, said = new Map<string, string>()): string[] {
  const filled = filledByCompanions(action.params);
  const whole: Record<string, ParamSpec> = {};
  const groups = new Map<string, string[]>();
  for (const [name, p] of Object.entries(action.params)) {
    if ((p.required && !filled.has(name)) || p.companion) { whole[name] = p; continue; }
    const takes = paramHead(name, { ...p, required: false }).slice(name.length + 2);
    groups.set(takes, [...(groups.get(takes) ?? []), name]);
  }
  const lines = compactParams({ ...action, params: whole }, 'full', said);
  return [...lines, ...[...groups].map(([takes, names]) => `optional ${takes}: ${names.join(', ')}`)];
}

/** How many optional parameters a next step names before counting the rest. */
const STEP_OPTIONAL = 3;

/**
 * What a next step takes beside the params already filled, in one short line: each required one with its
 * type (`needs job_id*: integer`), then the optional ones the action's `stepParams` names with their types, else
 * its first ones by name (for a write, a short list of fixed values said: `state_event: "close"|"reopen"`).
 * Empty when the filled params are all it takes. A required one in `known` (its type said just above) is named alone.
 */
export function stepSignature(action: Action, filled: ReadonlySet<string>, known: ReadonlySet<string> = filled): string {
  const byCompanion = filledByCompanions(action.params);
  const rest = Object.entries(action.params).filter(([name]) => !filled.has(name));
  const required = rest.filter(([name, p]) => p.required && !byCompanion.has(name)).map(([name, p]) => (known.has(name) ? `${name}*` : paramHead(name, p)));
  const optional = rest.filter(([name, p]) => !p.required || byCompanion.has(name));
  const chosen = action.stepParams?.filter((name) => optional.some(([n]) => n === name));
  const named = chosen?.length
    ? chosen.map((name) => paramHead(name, { ...action.params[name]!, required: false }))
    : optional.slice(0, STEP_OPTIONAL).map(([name, p]) => (action.writes && p.enum && p.enum.length <= 3 ? `${name}: ${valueOf(p)}` : name));
  const more = optional.length - named.length;
  return [
    required.length ? `needs ${required.join(', ')}` : '',
    named.length ? `optional: ${named.join(', ')}${more ? ` (+${more})` : ''}` : '',
  ].filter(Boolean).join('; ');
}

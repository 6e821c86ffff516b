// What a dynamic call refused for its params needs to be put right without another find (issue #30): the action's
// compact schema and one corrected call — the caller's own values under their right names, a missing required
// value taken from the catalog's example requests (read the way forge_find_action reads a request).
import type { Action, ParamSpec } from '../catalog/define.js';
import { catalog } from '../catalog/index.js';
import { compactParams } from '../catalog/signature.js';
import { parseQuery } from '../search/query.js';

/** A value of the caller's longer than this is shown as a placeholder: the example is about names and types. */
const SHOWN_CHARS = 80;

/** The first value the action's example requests give for `name` ("close #12 in acme/shop" → issue_iid 12). */
function exampleValue(action: Action, name: string): string | number | undefined {
  for (const e of action.examples ?? []) {
    const v = parseQuery(e).suggested[name];
    if (v !== undefined) return action.params[name]!.type === 'integer' && typeof v === 'string' ? undefined : v;
  }
  return undefined;
}

const placeholder = (name: string, p: ParamSpec): unknown => (p.enum ? p.enum[0] : `<${name}>`);

/** Whether a value has the JSON type the schema gives the param: a value that does not is left out of the corrected call. */
function fits(p: ParamSpec, v: unknown): boolean {
  if (p.enum) return p.enum.includes(v as never);
  // An id or path, or an ID filter, is a string in the schema; a number is turned into its digits.
  if (p.idOrPath || p.wildcards) return typeof v === 'string' || Number.isInteger(v);
  switch (p.type) {
    case 'string': return typeof v === 'string';
    // Digits in a string are taken as the number (validate.ts coerces them).
    case 'integer': return Number.isInteger(v) || (typeof v === 'string' && /^-?\d{1,15}$/.test(v.trim()));
    case 'number': return typeof v === 'number' || (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)));
    case 'boolean': return typeof v === 'boolean';
    case 'array': return Array.isArray(v);
    default: return typeof v === 'object' && v !== null && !Array.isArray(v);
  }
}

/** Whether one value is of a list param's item type. */
function fitsItem(p: ParamSpec, v: unknown): boolean {
  if (p.items === 'integer') return Number.isInteger(v) || (typeof v === 'string' && /^\d{1,15}$/.test(v.trim()));
  return p.items === 'string' && typeof v === 'string';
}

/** The caller's values the action takes (under their right names, of the right types), and its missing required ones. */
function callParams(action: Action, given: Record<string, unknown>, rename: (name: string) => string | undefined, wrong: readonly string[]): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(given)) {
    const name = k in action.params ? k : rename(k);
    if (!name || name in params || (name !== k && name in given) || v === undefined || v === null) continue;
    const p = action.params[name]!;
    // One value where the action takes a list ("assignee": "@alice" → "assignees": ["@alice"]) is put in one; a value
    // refused as it was sent is left out unless that mends it ("assignees": "@alice").
    const wrapped = p.type === 'array' && !Array.isArray(v) && fitsItem(p, v);
    if (wrong.includes(name) && !wrapped) continue;
    const value = wrapped ? [v] : v;
    if (!fits(p, value)) continue;
    params[name] = typeof value === 'string' && value.length > SHOWN_CHARS ? `<${name}>` : value;
  }
  for (const [name, p] of Object.entries(action.params)) {
    if (!p.required || p.default !== undefined || name in params) continue;
    params[name] = exampleValue(action, name) ?? placeholder(name, p);
  }
  return params;
}

/**
 * The refusal's second part. `given`: the params as sent (aliases resolved); `rename`: the right name of an unknown
 * one, when it is a slip; `wrong`: names whose values were refused. A param the catalog says another action takes
 * (`elsewhere`) makes the corrected call one to that action; `fields` sent among the params goes beside them.
 */
export function paramsHelp(action: Action, given: Record<string, unknown>, rename: (name: string) => string | undefined, wrong: readonly string[] = [], listed: (a: Action) => boolean = () => true): string {
  // The other action only when this session may run it (a Premium twin on Free, a write in read-only mode: not offered).
  const moved = Object.keys(given).find((k) => !(k in action.params) && action.elsewhere?.[k] && isRunnable(action.elsewhere[k]!, listed));
  const target = moved ? catalog().get(action.elsewhere![moved]!) : undefined;
  const to = target ?? action;
  const params = callParams(to, given, target ? () => undefined : rename, target ? [] : wrong);
  const fields = 'fields' in given && !('fields' in action.params) && fieldsOk(given.fields) ? { fields: given.fields } : {};
  return [
    ...(target ? [`${moved} is not a param of ${action.id}: ${target.id} takes it (${target.summary}).`, ''] : []),
    `Params of ${to.id} (* = required):`,
    ...compactParams(to).map((l) => `- ${l}`),
    '',
    `Corrected call: forge_execute_action ${JSON.stringify({ action: to.id, params, ...fields })}`,
  ].join('\n');
}

const isRunnable = (id: string, listed: (a: Action) => boolean): boolean => {
  const a = catalog().get(id);
  return a !== undefined && listed(a);
};

/** `fields` as forge_execute_action takes it beside the params: a list of names. */
const fieldsOk = (v: unknown): boolean => v === 'all' || (Array.isArray(v) && v.length > 0 && v.every((f) => typeof f === 'string' && f.length <= 64));

// Argument validation (SPEC "Argument validation" 1–4), before anything is sent.
// One function per step; messages depend on the surface that received the call.
import { filledByCompanions, type Action, type ParamSpec } from '../catalog/define.js';

export type SurfaceKind = 'dynamic' | 'meta' | 'individual';

export interface CallShape {
  surface: SurfaceKind;
  action: Action;
  /** The params object as received (may be anything). */
  params: unknown;
  /** Whether `params` was present at all (meta: `'params' is required` message). */
  paramsPresent: boolean;
}

/**
 * A refusal may carry `help`: the compact schema and a corrected call (dynamic surface), added by the caller, whose
 * `listed` says which actions the session may run (a corrected call goes to no other). It
 * reads the catalog's examples with the find search's reader, which is loaded only when a call is refused.
 */
export type Validated = { ok: true; params: Record<string, unknown>; confirm: boolean } | { ok: false; message: string; help?: (listed: (a: Action) => boolean) => Promise<string> };

const helpFor = (action: Action, input: Record<string, unknown>, rename: (name: string) => string | undefined, wrong: readonly string[] = []) =>
  async (listed: (a: Action) => boolean): Promise<string> => (await import('./params-help.js')).paramsHelp(action, input, rename, wrong, listed);

const ALIASES: Record<string, string> = { mr_iid: 'merge_request_iid', commit_id: 'commit_sha' };

/** The two self-guarded handlers declare `confirm` as a parameter of their own. */
const ownsConfirm = (a: Action): boolean => 'confirm' in a.params;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function levenshtein(a: string, b: string): number {
  const dp = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = dp[0];
    dp[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = dp[j];
      dp[j] = Math.min(dp[j] + 1, dp[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return dp[b.length];
}

export function closestName(name: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestD = Infinity;
  for (const c of candidates) {
    const d = c.includes(name) || name.includes(c) ? Math.abs(c.length - name.length) / 2 : levenshtein(name, c);
    if (d < bestD) { bestD = d; best = c; }
  }
  return best !== undefined && bestD <= Math.max(2, Math.floor(name.length / 3)) ? best : undefined;
}

/**
 * A short name for one missing required param: `iid` for `merge_request_iid`, `project` for `project_id`,
 * `branch` for `branch_name` (its first or last words, and only one param has them).
 */
function shortNameOf(name: string, missing: readonly string[]): string | undefined {
  const n = name.toLowerCase();
  const hits = missing.filter((m) => m.startsWith(`${n}_`) || m.endsWith(`_${n}`));
  return hits.length === 1 ? hits[0] : undefined;
}

const typeName = (p: ParamSpec): string => (p.type === 'array' ? `array of ${p.items ?? 'string'}` : p.type);

/** Numbers sent as strings (and the reverse) are converted; anything else is left for the type check. */
function coerce(spec: ParamSpec, value: unknown): unknown {
  if (value === null || value === undefined) return value;
  if (spec.idOrPath) return typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
  switch (spec.type) {
    case 'integer':
      if (typeof value === 'string' && /^-?\d{1,15}$/.test(value.trim())) return Number(value.trim());
      return value;
    case 'number':
      if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
      return value;
    case 'string':
      if (typeof value === 'number' && Number.isFinite(value)) return String(value);
      return value;
    case 'boolean':
      if (value === 'true') return true;
      if (value === 'false') return false;
      return value;
    case 'array':
      if (Array.isArray(value) && spec.items === 'integer') return value.map((v) => (typeof v === 'string' && /^-?\d{1,15}$/.test(v) ? Number(v) : v));
      return value;
    default:
      return value;
  }
}

function typeOk(spec: ParamSpec, v: unknown): boolean {
  if (spec.idOrPath) return typeof v === 'string';
  switch (spec.type) {
    case 'integer': return typeof v === 'number' && Number.isSafeInteger(v);
    case 'number': return typeof v === 'number' && Number.isFinite(v);
    case 'string': return typeof v === 'string';
    case 'boolean': return typeof v === 'boolean';
    case 'object': return isPlainObject(v);
    case 'array':
      return Array.isArray(v) && v.every((x) => (spec.items === 'integer' ? typeof x === 'number' && Number.isSafeInteger(x) : spec.items === 'object' ? isPlainObject(x) : typeof x === 'string'));
  }
}

/** Prefix of messages about one action on this surface. */
export function callLabel(surface: SurfaceKind, action: Action): string {
  if (surface === 'dynamic') return `forge_execute_action/${action.id}`;
  if (surface === 'meta') return `forge_${action.domain}/${action.name}`;
  return `forge_${action.domain}_${action.name}`;
}

/** What validation reads of an action's params, worked out once per action (not once per call). */
interface ParamFacts {
  names: string[];
  required: string[];
  /** Required params with a default: filled in, not asked for. */
  defaulted: Array<[string, unknown]>;
  /** Params a companion fills → the companions. */
  filledBy: Map<string, string[]>;
}
/** Found once per params object: an entry given other params is read anew. */
const paramFacts = new WeakMap<Action['params'], ParamFacts>();

function factsOf(action: Action): ParamFacts {
  let f = paramFacts.get(action.params);
  if (!f) {
    const names = Object.keys(action.params);
    f = {
      names,
      required: names.filter((n) => action.params[n].required && action.params[n].default === undefined),
      defaulted: names.filter((n) => action.params[n].required && action.params[n].default !== undefined).map((n) => [n, action.params[n].default]),
      filledBy: filledByCompanions(action.params),
    };
    paramFacts.set(action.params, f);
  }
  return f;
}

export function validateCall(call: CallShape): Validated {
  const { surface, action } = call;
  const { names, required, defaulted, filledBy } = factsOf(action);
  const label = callLabel(surface, action);

  if (call.params !== undefined && call.params !== null && !isPlainObject(call.params)) {
    return { ok: false, message: `validating "arguments": params: expected object, got ${Array.isArray(call.params) ? 'array' : typeof call.params}` };
  }
  if (surface === 'meta' && !call.paramsPresent && required.length) {
    return { ok: false, message: `'params' is required for this action. Required params: ${required.join(', ')}` };
  }
  const input: Record<string, unknown> = { ...((call.params as Record<string, unknown> | undefined) ?? {}) };

  // The reserved confirm key is removed first (kept as a param by the two handlers that declare it).
  let confirm = false;
  if ('confirm' in input) {
    // Only the meta surface carries confirm inside params (dynamic: top level; individual: an argument),
    // except for the two handlers that declare a confirm field of their own.
    confirm = (surface === 'meta' || ownsConfirm(action)) && (input.confirm === true || input.confirm === 'true');
    if (!ownsConfirm(action)) delete input.confirm;
  }
  for (const [alias, target] of Object.entries(ALIASES)) {
    if (alias in input && target in action.params && !(alias in action.params)) {
      if (!(target in input)) input[target] = input[alias];
      delete input[alias];
    }
  }

  const unknown = Object.keys(input).filter((k) => !(k in action.params));
  const given = (n: string) => input[n] !== undefined && input[n] !== null;
  // A required param may come through a companion that fills it (checked by the companions before sending).
  const missing = required.filter((n) => !given(n) && !(filledBy.get(n) ?? []).some(given));

  if (surface === 'dynamic' && (unknown.length || missing.length)) {
    const parts = [`${label}: invalid params.`];
    if (unknown.length) {
      parts.push(`Unknown params: ${unknown.join(', ')}.`);
      const guesses = unknown.map((u) => closestName(u, names)).filter((g): g is string => !!g);
      if (guesses.length) parts.push(`Did you mean ${[...new Set(guesses)].join(', ')}?`);
    }
    if (missing.length) parts.push(`Missing required params: ${missing.join(', ')}.`);
    parts.push(`Valid params: ${names.length ? names.join(', ') : '(none)'}.`);
    // SPEC's text, then what puts the call right without another find: the schema and a corrected call.
    return { ok: false, message: parts.join(' '), help: helpFor(action, input, (u) => closestName(u, names) ?? shortNameOf(u, missing)) };
  }
  if (surface === 'individual') {
    if (unknown.length) return { ok: false, message: `validating "arguments": unexpected additional properties [${unknown.map((u) => JSON.stringify(u)).join(', ')}]` };
    if (missing.length) return { ok: false, message: `validating "arguments": missing properties [${missing.map((u) => JSON.stringify(u)).join(', ')}]` };
  }
  if (surface === 'meta' && missing.length) {
    return { ok: false, message: `${label}: missing required params: ${missing.join(', ')}. Put action-specific fields under params.` };
  }
  if (unknown.length) {
    return { ok: false, message: `${label}: invalid params for this action: json: unknown field "${unknown[0]}"` };
  }

  const params: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(input)) {
    const spec = action.params[name];
    if (raw === null || raw === undefined) continue;
    const value = coerce(spec, raw);
    if (!typeOk(spec, value)) {
      const message = `${label}: invalid params for this action: json: cannot use ${describeValue(raw)} as ${typeName(spec)} for field "${name}"`;
      return { ok: false, message, ...(surface === 'dynamic' ? { help: helpFor(action, input, () => undefined, [name]) } : {}) };
    }
    params[name] = value;
  }
  for (const [name, value] of defaulted) {
    if (params[name] === undefined) params[name] = value;
  }

  for (const name of required) {
    const v = params[name];
    const spec = action.params[name];
    if ((spec.type === 'integer' || spec.type === 'number') && typeof v === 'number' && v <= 0) {
      return { ok: false, message: `${action.operation}: ${name} is required (must be > 0). Ensure you use the exact parameter name '${name}' as documented in the tool description` };
    }
    if (typeof v === 'string' && v.trim() === '') {
      return { ok: false, message: `${action.operation}: ${name} is required (must be non-empty). Ensure you use the exact parameter name '${name}' as documented in the tool description` };
    }
    if (spec.idOrPath && typeof v === 'string' && /^-?\d+$/.test(v) && Number(v) <= 0) {
      return { ok: false, message: `${action.operation}: ${name} is required (must be > 0). Ensure you use the exact parameter name '${name}' as documented in the tool description` };
    }
  }
  if (action.exactlyOne) {
    const given = action.exactlyOne.filter((n) => params[n] !== undefined);
    if (given.length !== 1) {
      return { ok: false, message: `${action.operation}: give exactly one of ${action.exactlyOne.join(', ')}${given.length ? ` (got ${given.join(', ')})` : ''}` };
    }
  }
  for (const [name, v] of Object.entries(params)) {
    const spec = action.params[name];
    // Page sizes (SPEC Limits: per_page and first at most 100): above is capped, never forwarded as sent.
    if ((name === 'per_page' || name === 'first') && spec.type === 'integer' && typeof v === 'number') {
      if (v < 1) return { ok: false, message: `${action.operation}: ${name} must be from 1 to 100 (got ${v})` };
      if (v > MAX_PAGE_SIZE) params[name] = MAX_PAGE_SIZE;
    }
    if (spec.range && typeof v === 'number' && (v < spec.range[0] || v > spec.range[1])) {
      return { ok: false, message: `${action.operation}: ${name} must be from ${spec.range[0]} to ${spec.range[1]} (got ${v})` };
    }
    if (spec.enum && typeof v === 'string' && !spec.enum.includes(v)) {
      return { ok: false, message: `${action.operation}: ${name} must be one of: ${spec.enum.join(', ')}` };
    }
    if (spec.wildcards && typeof v === 'string' && !/^\d+$/.test(v) && !spec.wildcards.includes(v)) {
      return { ok: false, message: `${action.operation}: ${name} must be an ID or one of: ${spec.wildcards.join(', ')}` };
    }
  }
  return { ok: true, params, confirm };
}

/** The largest page the platform serves (SPEC Limits). */
const MAX_PAGE_SIZE = 100;

function describeValue(v: unknown): string {
  if (Array.isArray(v)) return 'array';
  if (v === null) return 'null';
  if (typeof v === 'object') return 'object';
  return `${typeof v} ${JSON.stringify(v)?.slice(0, 40)}`;
}

// Turns declarative domain tables into resolved actions (method, path, flags, labels).
import type { Action, DomainDef, ParamSpec, Placement } from './define.js';

const READ_METHODS = new Set(['GET', 'HEAD']);

/** `issue.note_create` → `issueNoteCreate`: the handler label used in error messages. */
function operationLabel(id: string): string {
  return id.replace(/[._]([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

export function buildDomain(def: DomainDef): Action[] {
  return Object.entries(def.actions).map(([name, spec]) => {
    const id = `${def.domain}.${name}`;
    let method = 'POST';
    let path = '/graphql';
    if (spec.rest) {
      const m = /^(GET|POST|PUT|PATCH|DELETE|HEAD)\s+(\/\S*)$/.exec(spec.rest);
      if (!m) throw new Error(`catalog: ${id} has a malformed route "${spec.rest}"`);
      method = m[1];
      path = m[2];
    } else if (!spec.graphql) {
      throw new Error(`catalog: ${id} has neither rest nor graphql`);
    }
    const writes = spec.writes ?? (spec.graphql ? spec.graphql.kind === 'mutation' : !READ_METHODS.has(method));
    const resource = spec.resource ?? (method === 'GET' && !spec.graphql ? defaultResource(name, path) : undefined);
    return {
      ...spec,
      // Absent rather than undefined: the catalog's data file (JSON) holds no undefined, and reads back equal.
      ...(resource === undefined ? {} : { resource }),
      id,
      domain: def.domain,
      name,
      method: spec.graphql ? 'GRAPHQL' : method,
      path,
      writes,
      destructive: spec.destructive ?? false,
      tier: spec.tier ?? 'free',
      adminMode: def.adminMode ?? false,
      operation: spec.operation ?? operationLabel(id),
    } satisfies Action;
  });
}

const pathParamsOf = new Map<string, readonly string[]>();

/** Names of `{placeholders}` in a route template (read once per route: the catalog's routes are a fixed set). */
export function pathParams(path: string): readonly string[] {
  let names = pathParamsOf.get(path);
  if (!names) {
    names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
    pathParamsOf.set(path, names);
  }
  return names;
}

/**
 * Every REST route a call of the action may send, each with the params its request may carry: its own and its
 * alternatives' (all params), and each route companion's (all but those it refuses: `state` with `direct`).
 */
export function routesOf(action: Action): Array<{ rest: string; params: readonly string[] }> {
  if (action.graphql) return [];
  const all = Object.keys(action.params);
  const out = [`${action.method} ${action.path}`, ...(action.alternatives ?? []).map((x) => x.rest)].map((rest) => ({ rest, params: all }));
  for (const p of Object.values(action.params)) {
    const c = p.companion;
    if (c && 'route' in c) out.push({ rest: c.route, params: all.filter((n) => !c.refuses.includes(n)) });
  }
  return out;
}

/** Where a parameter goes on the wire for this action. */
export function placementOf(action: Action, name: string, spec: ParamSpec): Placement {
  if (spec.in) return spec.in;
  if (action.graphql) return 'body';
  if (pathParams(action.path).includes(name) || (action.alternatives ?? []).some((a) => a.rest.includes(`{${name}}`))) return 'path';
  return action.method === 'GET' || action.method === 'DELETE' || action.method === 'HEAD' ? 'query' : 'body';
}

function singular(word: string): string {
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(ch|sh|x|ss)es$/.test(word)) return word.slice(0, -2);
  return word.endsWith('s') ? word.slice(0, -1) : word;
}

/**
 * The canonical resource of a get action: its route with each collection named in the singular,
 * `/projects/{project_id}/pipelines/{pipeline_id}` → `forge://project/{project_id}/pipeline/{pipeline_id}`.
 * Only routes that end in an identifier name one object.
 */
function defaultResource(name: string, path: string): string | undefined {
  if (!/(^|_)get$/.test(name) || !/\}$/.test(path)) return undefined;
  const parts = path.split('/').filter(Boolean);
  const out = parts.map((seg, i) => (!seg.startsWith('{') && parts[i + 1]?.startsWith('{') ? singular(seg) : seg));
  return `forge://${out.join('/')}`;
}

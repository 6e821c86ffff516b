// Builds the platform request of an action from its validated params: the route (or the chosen
// alternative), path segments encoded, the rest placed in the query or the body.
import type { Action, GraphqlSpec } from '../catalog/define.js';
import { placementOf } from '../catalog/build.js';
import type { ForgeRequest } from '../forge/types.js';

/**
 * Routes split at their `{name}` placeholders, once each: literal text at even indexes, names at odd ones.
 * Bounded: every template is a route of the catalog.
 */
const routeParts = new Map<string, readonly string[]>();

/** Fills `{name}` placeholders of a route from values (path segments encoded); `used` collects the names. */
function fillPath(template: string, values: Record<string, unknown>, used?: Set<string>): string {
  let parts = routeParts.get(template);
  if (!parts) routeParts.set(template, (parts = template.split(/\{([^}]+)\}/)));
  let path = parts[0];
  for (let i = 1; i < parts.length; i += 2) {
    used?.add(parts[i]);
    path += encodeURIComponent(String(values[parts[i]] ?? '')) + parts[i + 1];
  }
  return path;
}

/**
 * A declared extra request (`METHOD /path/{param}?key={param}`) made concrete from values. A query key
 * whose placeholder has no value is left out.
 */
export function declaredRequest(spec: string, values: Record<string, unknown>): ForgeRequest {
  const [method, target] = spec.split(/\s+/, 2);
  const [template, qs] = target.split('?', 2);
  const query: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(qs ?? '')) {
    const filled = v.replace(/\{([^}]+)\}/g, (_m, n: string) => String(values[n] ?? ''));
    if (filled) query[k] = filled;
  }
  return { method, path: fillPath(template, values), ...(Object.keys(query).length ? { query } : {}) };
}

/** The route companion this call turned on (`direct: true`), with its route and what that route answers. */
export function switchedRoute(action: Action, params: Record<string, unknown>): { param: string; method: string; path: string; names: string; refuses: readonly string[] } | undefined {
  // The given params are few: read them, not the entry's.
  for (const [param, value] of Object.entries(params)) {
    const c = value === true ? action.params[param]?.companion : undefined;
    if (c && 'route' in c) {
      const [method, path] = c.route.split(/\s+/, 2);
      return { param, method, path, names: c.names, refuses: c.refuses };
    }
  }
  return undefined;
}

/** The route this call uses: a route companion's when on, else the first alternative whose selector param is present, else the default. */
function chooseRoute(action: Action, params: Record<string, unknown>): { method: string; path: string } {
  const switched = switchedRoute(action, params);
  if (switched) return switched;
  for (const alt of action.alternatives ?? []) {
    if (params[alt.when] !== undefined) {
      const [method, path] = alt.rest.split(/\s+/, 2);
      return { method, path };
    }
  }
  return { method: action.method, path: action.path };
}

/** The GraphQL document this call sends: the action's own, or its GraphQL variant when a GraphQL-only filter is given. */
export function graphqlOf(action: Action, params: Record<string, unknown>): GraphqlSpec | undefined {
  if (action.graphql) return action.graphql;
  const g = action.graphqlWhen;
  return g && g.when.some((n) => params[n] !== undefined) ? g.graphql : undefined;
}

export function buildRequest(action: Action, params: Record<string, unknown>): ForgeRequest {
  const gql = graphqlOf(action, params);
  if (gql) {
    // A variables mapping sees every param (resolved ones included); the default sends the non-local ones.
    const sent = Object.fromEntries(Object.entries(params).filter(([n]) => action.params[n]?.in !== 'local'));
    const variables = gql.variables ? gql.variables(params) : sent;
    return { method: 'POST', path: '/graphql', graphql: { query: gql.document, variables: dropUndefined(variables) } };
  }
  const route = chooseRoute(action, params);
  const used = new Set<string>();
  const path = fillPath(route.path, params, used);
  const query: NonNullable<ForgeRequest['query']> = {};
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(params)) {
    const spec = action.params[name];
    if (!spec || used.has(name) || value === undefined) continue;
    const where = placementOf(action, name, spec);
    // Selector params of alternatives that were not used for the path are not sent either.
    if (where === 'local' || where === 'path') continue;
    const wire = spec.wire ?? name;
    if (where === 'query') {
      query[wire] = Array.isArray(value) ? value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : (v as string | number))) : typeof value === 'object' ? JSON.stringify(value) : (value as string | number | boolean);
    } else {
      body[wire] = value;
    }
  }
  const req: ForgeRequest = { method: route.method, path };
  if (Object.keys(query).length) req.query = query;
  if (Object.keys(body).length) req.body = body;
  if (action.textResponse) req.asText = true;
  return req;
}

function dropUndefined(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}

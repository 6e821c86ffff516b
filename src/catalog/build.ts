// Turns declarative domain tables into resolved actions (method, path, flags, labels).
import type { Action, DomainDef, ParamSpec, Placement } from './define.js';

const READ_METHODS = new Set(['GET', 'HEAD']);

/** `issue.note_create` → `issueNoteCreate`: the handler label used in error messages. */
export function operationLabel(id: string): string {
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
    return {
      ...spec,
      id,
      domain: def.domain,
      name,
      method: spec.graphql ? 'GRAPHQL' : method,
      path,
      writes,
      destructive: spec.destructive ?? false,
      tier: spec.tier ?? 'free',
      operation: spec.operation ?? operationLabel(id),
    } satisfies Action;
  });
}

/** Names of `{placeholders}` in a route template. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
}

/** Where a parameter goes on the wire for this action. */
export function placementOf(action: Action, name: string, spec: ParamSpec): Placement {
  if (spec.in) return spec.in;
  if (action.graphql) return 'body';
  if (pathParams(action.path).includes(name) || (action.alternatives ?? []).some((a) => a.rest.includes(`{${name}}`))) return 'path';
  return action.method === 'GET' || action.method === 'DELETE' || action.method === 'HEAD' ? 'query' : 'body';
}

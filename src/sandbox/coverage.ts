// What the sandbox simulates, per catalog domain: an action counts as simulated when every route it can
// send (its REST route, alternatives and route companions', or its GraphQL root fields) is answered with state; every other
// action is refused with 501. Computed on demand from the catalog and the route table.
import type { Action } from '../catalog/define.js';
import type { Catalog } from '../catalog/index.js';
import { routesOf } from '../catalog/build.js';
import { simulatesGraphql } from './graphql.js';
import { sandboxRoutes } from './server.js';

export interface DomainCoverage { domain: string; actions: number; simulated: number; refused: number }

/** The path of a catalog route with every `{param}` filled, as segments. */
const segments = (path: string): string[] => path.split('/').filter(Boolean).map((s) => (s.startsWith('{') ? '1' : s));

export function simulates(a: Action): boolean {
  if (a.graphql) return simulatesGraphql(a.graphql.document);
  return routesOf(a).every(({ rest }) => {
    const [method, path] = rest.split(' ');
    return !!sandboxRoutes().match(method, segments(path));
  });
}

export function coverage(c: Catalog): DomainCoverage[] {
  return [...c.domains.values()].map((d) => {
    const simulated = d.actions.filter(simulates).length;
    return { domain: d.name, actions: d.actions.length, simulated, refused: d.actions.length - simulated };
  });
}

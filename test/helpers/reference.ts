// The reference data the catalog is checked against, read only from the committed fixtures under
// test/fixtures/reference/ (written by scripts/fixtures.mjs, `npm run fixtures`; each names its source
// in its `#` header). A missing or empty fixture fails the test that needs it, with a message saying so.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
const FIXTURE_DIR = join(here, '..', 'fixtures', 'reference');

/** Rows of a fixture (`#` provenance lines and the column header dropped), checked against its columns. */
export function fixtureRows(name: string, columns: string[]): string[][] {
  const path = join(FIXTURE_DIR, name);
  if (!existsSync(path)) {
    throw new Error(`reference fixture ${path} is missing: it is committed with the repository; regenerate it with \`npm run fixtures\``);
  }
  const lines = readFileSync(path, 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));
  const [head, ...rows] = lines;
  if (head !== columns.join('\t')) throw new Error(`reference fixture ${path}: columns are "${head}", expected "${columns.join('\t')}"; regenerate it with \`npm run fixtures\``);
  if (rows.length === 0) throw new Error(`reference fixture ${path} has no rows; regenerate it with \`npm run fixtures\``);
  return rows.map((l) => l.split('\t'));
}

export interface RefAction {
  id: string;
  domain: string;
  method: string; // GET/POST/.../GRAPHQL, '' when the action sends no request
  route: string;
  writes: boolean;
  destructive: boolean;
  tier: string;
  allRequests: string[];
}

let actions: RefAction[] | undefined;
/** The action inventory (test/fixtures/reference/actions.tsv; all_requests `=` is the action's own `method route`). */
export function referenceActions(): RefAction[] {
  actions ??= fixtureRows('actions.tsv', ['id', 'domain', 'method', 'route', 'writes', 'destructive', 'tier', 'all_requests']).map((c) => ({
    id: c[0], domain: c[1], method: c[2], route: c[3], writes: c[4] === '1', destructive: c[5] === '1', tier: c[6],
    allRequests: c[7] === '=' ? [`${c[2]} ${c[3]}`] : (c[7] ?? '').split(';').map((s) => s.trim()).filter(Boolean),
  }));
  return actions;
}

export interface RefRoute { method: string; path: string }
let routes: RefRoute[] | undefined;
/** The platform's REST routes (Grape syntax, without the /api/v4 prefix): the fine-grained route table and its other endpoints. */
export function referenceRoutes(): RefRoute[] {
  routes ??= fixtureRows('routes.tsv', ['method', 'path']).map((c) => ({ method: c[0], path: c[1] }));
  return routes;
}

/** The FORGE_MCP_ variables and the flags SPEC.md's Configuration section names. */
export function specConfiguration(): { variables: string[]; flags: string[] } {
  const rows = fixtureRows('spec-configuration.tsv', ['kind', 'name']);
  return { variables: rows.filter((r) => r[0] === 'variable').map((r) => r[1]), flags: rows.filter((r) => r[0] === 'flag').map((r) => r[1]) };
}

/** Grape route (`/projects/:id/(-/)epics`, `*splat`) → a RegExp over concrete paths. */
export function grapeToRegExp(route: string): RegExp {
  let re = '';
  for (let i = 0; i < route.length; i++) {
    const ch = route[i];
    if (ch === '(') re += '(?:';
    else if (ch === ')') re += ')?';
    else if (ch === ':' || ch === '*') {
      let j = i + 1;
      while (j < route.length && /[A-Za-z0-9_]/.test(route[j])) j++;
      re += ch === ':' ? '[^/]+' : '.+';
      i = j - 1;
    } else re += ch.replace(/[.+?^${}|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

/** A catalog route template `/projects/{project_id}/x` made concrete with a placeholder segment. */
export function concreteTemplate(path: string): string {
  return path.replace(/\{[^}]+\}/g, 'X1');
}

/** Does the catalog template have the same shape as the reference route? */
export function sameShape(template: string, refRoute: string): boolean {
  return grapeToRegExp(refRoute).test(concreteTemplate(template));
}

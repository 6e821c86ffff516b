// Reads ../shared/reference at test time only. Tests that need it skip with a clear message when absent.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
export const REFERENCE_DIR = join(here, '..', '..', '..', 'shared', 'reference');
export const referenceAvailable = existsSync(join(REFERENCE_DIR, 'catalog-reference.tsv'));
export const REFERENCE_SKIP_REASON = `reference data not found at ${REFERENCE_DIR} (../shared/reference); skipping reference checks`;

export interface RefAction {
  id: string;
  domain: string;
  method: string; // GET/POST/.../GRAPHQL
  route: string;
  writes: boolean;
  destructive: boolean;
  tier: string;
  scope: string;
  allRequests: string[];
}

function tsv(name: string): string[][] {
  const text = readFileSync(join(REFERENCE_DIR, name), 'utf8');
  return text.split('\n').slice(1).filter(Boolean).map((l) => l.split('\t'));
}

let actions: RefAction[] | undefined;
export function referenceActions(): RefAction[] {
  actions ??= tsv('catalog-reference.tsv').map((c) => ({
    id: c[0], domain: c[1], method: c[2], route: c[3], writes: c[4] === 'true', destructive: c[5] === 'true',
    tier: c[6], scope: c[7], allRequests: (c[8] ?? '').split(';').map((s) => s.trim()).filter(Boolean),
  }));
  return actions;
}

export interface RefRoute { method: string; path: string; permission: string; boundary: string; resource: string }
let routes: RefRoute[] | undefined;
/** Fine-grained REST routes (paths without the /api/v4 prefix). */
export function referenceRoutes(): RefRoute[] {
  routes ??= tsv('granular-rest-routes.tsv').map((c) => ({
    method: c[5], path: c[6].replace(/^\/api\/v4/, ''), permission: c[2], boundary: c[4], resource: c[1],
  }));
  return routes;
}

let other: Array<{ section: string; method: string; path: string }> | undefined;
export function referenceOtherEndpoints(): Array<{ section: string; method: string; path: string }> {
  other ??= tsv('granular-rest-other-endpoints.tsv').map((c) => ({ section: c[0], method: c[1], path: (c[2] ?? '').replace(/^\/api\/v4/, '') }));
  return other;
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

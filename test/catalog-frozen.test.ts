// Catalog entries are frozen once made (issue #31): caches keyed by an entry (next-step plans, tier views) can
// never go stale, and the call path re-checks nothing per call. Both ways of loading: the domain tables (src/,
// tests) and the build's data file (the bundle).
import { describe, it, expect, beforeAll } from 'vitest';
import { catalog, loadCatalog } from '../src/catalog/index.js';
import { readCatalogData } from '../src/catalog/data.js';
import type { Action } from '../src/catalog/define.js';

beforeAll(async () => { await loadCatalog(); });

function expectFrozen(a: Action): void {
  expect(Object.isFrozen(a)).toBe(true);
  expect(Object.isFrozen(a.params)).toBe(true);
  if (a.nextSteps) expect(Object.isFrozen(a.nextSteps)).toBe(true);
  if (a.nextFill) expect(Object.isFrozen(a.nextFill)).toBe(true);
  // ESM is strict: a write throws instead of changing the entry.
  expect(() => { (a as { params: unknown }).params = {}; }).toThrow(TypeError);
  expect(() => { (a.params as Record<string, unknown>).added = {}; }).toThrow(TypeError);
}

describe('catalog entries are frozen', () => {
  it('from the domain tables: every entry, its params, next steps and fills', () => {
    const withSteps = catalog().actions.filter((a) => a.nextSteps?.length && a.nextFill);
    expect(withSteps.length).toBeGreaterThan(0);
    for (const a of catalog().actions) expectFrozen(a);
  });

  it('from the build\'s data file: an entry parsed on use, its function fields still read', async () => {
    const domains = await readCatalogData(new URL('../dist/bundle/', import.meta.url));
    const issue = domains.find((d) => d.name === 'issue')!;
    const list = issue.action!('issue.list')!;
    expectFrozen(list);
    // A function field (a GraphQL action's variables) loads on first read, and reads the same after.
    const graphql = domains.flatMap((d) => d.actions).find((a) => typeof a.graphql?.variables === 'function')!;
    expectFrozen(graphql);
    const fn = graphql.graphql!.variables;
    expect(typeof fn).toBe('function');
    expect(graphql.graphql!.variables).toBe(fn);
  });
});

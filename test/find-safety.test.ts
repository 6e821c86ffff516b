// The safety order of forge_find_action's ranking (src/search/safety.ts): a destructive action whose effect the request
// does not say is never first, but no longer falls behind every weak harmless candidate, out of the top five (#30).
import { describe, it, expect } from 'vitest';
import { catalog, loadCatalog } from '../src/catalog/index.js';
import { ActionSearch } from '../src/search/index.js';
import { safeOrder } from '../src/search/safety.js';
import table from '../src/search/phrasings.json' with { type: 'json' };

await loadCatalog();
const shipped = new ActionSearch(catalog().actions, {}, undefined, { phrasings: table.byAction as Record<string, string[]> });

describe('the safety order', () => {
  const h = (id: string, score: number, harmless: boolean) => ({ id, score, harmless });
  it('never puts an unsafe action first; it goes after every harmless one scoring half of it or more', () => {
    const hits = [h('drop', 10, false), h('a', 6, true), h('b', 4, true), h('c', 1, true)];
    expect(safeOrder(hits, 0.5).map((x) => x.id)).toEqual(['a', 'drop', 'b', 'c']);
    expect(safeOrder(hits, 0).map((x) => x.id)).toEqual(['a', 'b', 'c', 'drop']);
    // Far ahead of every harmless one, it is still second, never first.
    expect(safeOrder([h('drop', 100, false), h('a', 1, true)], 0.5).map((x) => x.id)).toEqual(['a', 'drop']);
    expect(safeOrder([h('drop', 3, false)], 0.5).map((x) => x.id)).toEqual(['drop']);
  });

  it('a removal said in other words is in the top five, not first', () => {
    const got = shipped.search('pull the runner 12 off project acme/web', 5).hits.map((x) => x.action);
    expect(got.map((a) => a.id)).toContain('runner.disable_project');
    expect(got[0]!.destructive).toBe(false);
  });
});

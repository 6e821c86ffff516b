// Candidate generation (src/search/pool.ts, ActionSearch.generate): a request naming a project by its path
// gets the project-level twin of a read-only candidate acting elsewhere, scored from its sibling's words.
import { describe, it, expect } from 'vitest';
import { catalog, loadCatalog } from '../src/catalog/index.js';
import { ActionSearch } from '../src/search/index.js';
import { scopeTwins } from '../src/search/pool.js';

await loadCatalog();
const actions = catalog().actions;

describe('scope twins', () => {
  it('pairs the actions that differ only by the words saying where they act', () => {
    const twins = scopeTwins(['merge_request.list', 'merge_request.list_global', 'merge_request.list_group', 'merge_request.get', 'runner.list_all', 'runner.list_project']);
    expect(twins.get('merge_request.list_global')).toEqual(['merge_request.list', 'merge_request.list_group']);
    expect(twins.get('runner.list_all')).toEqual(['runner.list_project']);
    expect(twins.has('merge_request.get')).toBe(false);
  });
});

describe('candidate generation', () => {
  // Requests people made only for the global list: its words say "my open MRs", the project-level list's do not.
  const reader = new ActionSearch(actions);
  const phrasings = { 'merge_request.list_global': ['show my open merge requests', 'what are my open MRs', 'my open merge requests please'].map((t) => reader.read(t)) };
  const search = new ActionSearch(actions, {}, undefined, { phrasings });
  const score = (q: string, id: string) => search.search(q, 20).hits.find((h) => h.action.id === id)?.score ?? 0;

  it('scores the project twin of a global list from the words that describe its sibling', () => {
    // Without a path the caller's own MRs are the global list.
    expect(search.search('my open MRs', 1).hits[0]?.action.id).toBe('merge_request.list_global');
    const hits = search.search('my open MRs in acme/api', 3).hits;
    expect(hits[0]?.action.id).toBe('merge_request.list');
    // Its own words alone score it below the global list said without a path; the twin takes at least its sibling's.
    expect(score('my open MRs in acme/api', 'merge_request.list')).toBeGreaterThan(score('my open MRs', 'merge_request.list_global'));
  });

  it('adds no twin for a change asked in a project, nor without a path', () => {
    expect(score('my open MRs', 'merge_request.list')).toBeLessThan(score('my open MRs', 'merge_request.list_global'));
    const q = 'close my open MRs in acme/api';
    expect(score(q, 'merge_request.list')).toBeLessThan(score('my open MRs in acme/api', 'merge_request.list'));
  });
});

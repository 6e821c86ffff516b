// forge_find_action's ranking: BM25 (MiniSearch) over ID words, summary and keywords, with the
// everyday vocabulary of the platform mapped onto the catalog's words.
import MiniSearch from 'minisearch';
import type { Action } from './define.js';

/** Words people say → words the catalog uses. Applied to queries and documents alike. */
const SYNONYMS: Record<string, string> = {
  pr: 'merge_request', prs: 'merge_request', pull: 'merge_request', mr: 'merge_request', mrs: 'merge_request',
  ticket: 'issue', tickets: 'issue', bug: 'issue', bugs: 'issue',
  comment: 'note', comments: 'note', reply: 'note',
  repo: 'project', repos: 'project', repository: 'repository',
  build: 'pipeline', builds: 'pipeline', ci: 'pipeline',
  log: 'trace', logs: 'trace', output: 'trace',
  remove: 'delete', erase: 'delete', destroy: 'delete', drop: 'delete',
  show: 'get', view: 'get', read: 'get', fetch: 'get', details: 'get', info: 'get',
  add: 'create', new: 'create', make: 'create', open: 'create', start: 'create',
  edit: 'update', change: 'update', modify: 'update', rename: 'update',
  all: 'list', every: 'list', find: 'list',
  approve: 'approve', lgtm: 'approve',
  env: 'environment', envs: 'environment', vars: 'variable', var: 'variable', secret: 'variable', secrets: 'variable',
  teammate: 'member', teammates: 'member', members: 'member', collaborators: 'member',
  rerun: 'retry', restart: 'retry', abort: 'cancel', stop: 'cancel',
};

const STOP = new Set(['a', 'an', 'the', 'of', 'to', 'in', 'on', 'for', 'my', 'me', 'i', 'and', 'or', 'with', 'this', 'that', 'is', 'are', 'be', 'please', 'can', 'you', 'what', 'which', 'how', 'do', 'does', 'from', 'by', 'it', 'its', 'our', 'we', 'some', 'about', 'at', 'as', 'into']);

function stem(w: string): string {
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 3 && w.endsWith('es') && /(ch|sh|x|ss)es$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) return w.slice(0, -1);
  return w;
}

export function tokenize(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.toLowerCase().split(/[^a-z0-9]+/)) {
    if (!raw || STOP.has(raw)) continue;
    const mapped = SYNONYMS[raw] ?? raw;
    for (const part of mapped.split('_')) out.push(stem(part));
  }
  return out;
}

interface Doc { id: string; name: string; domain: string; summary: string; keywords: string }

export interface SearchHit { action: Action; score: number }

export class ActionSearch {
  private readonly index: MiniSearch<Doc>;
  private readonly byId: Map<string, Action>;

  constructor(actions: readonly Action[]) {
    this.byId = new Map(actions.map((a) => [a.id, a]));
    this.index = new MiniSearch<Doc>({
      fields: ['name', 'domain', 'summary', 'keywords'],
      storeFields: [],
      tokenize,
      processTerm: (t) => t,
      searchOptions: { boost: { name: 3, domain: 2, summary: 1.5, keywords: 1 }, prefix: (t) => t.length > 4, fuzzy: (t) => (t.length > 6 ? 0.15 : false), combineWith: 'OR' },
    });
    this.index.addAll(actions.map((a) => ({ id: a.id, name: a.name, domain: a.domain, summary: a.summary, keywords: a.keywords ?? '' })));
  }

  search(query: string, limit: number, filter?: (a: Action) => boolean): SearchHit[] {
    const hits: SearchHit[] = [];
    for (const r of this.index.search(query)) {
      const action = this.byId.get(String(r.id));
      if (!action || (filter && !filter(action))) continue;
      hits.push({ action, score: r.score });
      if (hits.length >= limit) break;
    }
    return hits;
  }
}

// forge_find_action's ranking. BM25 (MiniSearch) over ID words, summary and keywords proposes
// candidates; a re-rank then prefers actions whose own ID the request explains (an action named
// `snippet.project_get` needs the word snippet); a request naming its objects in the plural explains "list".
import MiniSearch from 'minisearch';
import type { Action } from './define.js';

/** Words people say → words the catalog uses. Applied to queries and documents alike. */
const SYNONYMS: Record<string, string> = {
  pr: 'merge_request', prs: 'merge_request', mr: 'merge_request', mrs: 'merge_request',
  ticket: 'issue', tickets: 'issue', bug: 'issue', bugs: 'issue',
  comment: 'note', comments: 'note', reply: 'note',
  repo: 'project', repos: 'project',
  build: 'pipeline', builds: 'pipeline', ci: 'pipeline',
  log: 'trace', logs: 'trace',
  erase: 'delete', destroy: 'delete',
  env: 'environment', envs: 'environment', vars: 'variable', var: 'variable',
  teammate: 'member', teammates: 'member', collaborators: 'member',
  rerun: 'retry', restart: 'retry', abort: 'cancel',
  webhook: 'hook', webhooks: 'hook',
  // Verbs, onto the words action names use.
  show: 'get', view: 'get', display: 'get', detail: 'get', details: 'get', info: 'get', describe: 'get', inspect: 'get',
  add: 'create', new: 'create', make: 'create', register: 'create',
  edit: 'update', change: 'update', modify: 'update', rename: 'update', adjust: 'update',
  remove: 'delete', drop: 'delete', purge: 'delete', wipe: 'delete',
};

const STOP = new Set(['a', 'an', 'the', 'of', 'to', 'in', 'on', 'for', 'my', 'me', 'i', 'and', 'or', 'with', 'this', 'that', 'is', 'are', 'be', 'please', 'can', 'you', 'do', 'does', 'from', 'by', 'it', 'its', 'our', 'we', 'some', 'about', 'at', 'as', 'into', 'there', 'any', 'so', 'has', 'have', 'been', 'was', 'were', 'will', 'would', 'should', 'could', 'let', 'lets', 'want', 'need', 'just', 'also', 'then', 'now', 'currently', 'yet']);

function stem(w: string): string {
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 3 && /(ch|sh|x|ss)es$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is')) return w.slice(0, -1);
  return w;
}

export function tokenize(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.toLowerCase().split(/[^a-z0-9]+/)) {
    if (!raw || STOP.has(raw) || /^\d+$/.test(raw)) continue;
    const mapped = SYNONYMS[raw] ?? raw;
    for (const part of mapped.split('_')) if (part) out.push(stem(part));
  }
  return out;
}

/** Plural object words ask for a list ("show the commits"). */
function pluralStems(query: string): Set<string> {
  const out = new Set<string>();
  for (const raw of query.toLowerCase().split(/[^a-z]+/)) {
    if (raw.length > 2 && raw.endsWith('s') && !raw.endsWith('ss') && !STOP.has(raw)) for (const part of (SYNONYMS[raw] ?? raw).split('_')) out.add(stem(part));
  }
  return out;
}

interface Doc { id: string; name: string; domain: string; summary: string; keywords: string }

export interface SearchHit { action: Action; score: number }

interface Indexed { action: Action; idTokens: string[] }

/** Re-rank weights (tuned on bench/queries.json). */
export interface RankWeights { floor: number; power: number; boost: Record<string, number> }
export const DEFAULT_WEIGHTS: RankWeights = { floor: 0.5, power: 2, boost: { name: 1, domain: 2, summary: 1.5, keywords: 2 } };

export class ActionSearch {
  private readonly index: MiniSearch<Doc>;
  private readonly byId: Map<string, Indexed>;

  constructor(actions: readonly Action[], private readonly w: RankWeights = DEFAULT_WEIGHTS) {
    this.byId = new Map(actions.map((a) => [a.id, { action: a, idTokens: [...new Set(tokenize(`${a.domain} ${a.name}`))] }]));
    this.index = new MiniSearch<Doc>({
      fields: ['name', 'domain', 'summary', 'keywords'],
      storeFields: [],
      tokenize,
      processTerm: (t) => t,
      searchOptions: { boost: w.boost, prefix: (t) => t.length > 4, fuzzy: (t) => (t.length > 6 ? 0.15 : false), combineWith: 'OR' },
    });
    this.index.addAll(actions.map((a) => ({ id: a.id, name: a.name, domain: a.domain, summary: a.summary, keywords: a.keywords ?? '' })));
  }

  search(query: string, limit: number, filter?: (a: Action) => boolean): SearchHit[] {
    const qTokens = new Set(tokenize(query));
    const plurals = pluralStems(query);
    const hits: SearchHit[] = [];
    for (const r of this.index.search(query).slice(0, 60)) {
      const entry = this.byId.get(String(r.id));
      if (!entry || (filter && !filter(entry.action))) continue;
      // How much of the action's own ID does the request explain? A plural object ("the open MRs")
      // explains the word list.
      const pluralObject = entry.idTokens.some((t) => plurals.has(t));
      const explained = (t: string) => qTokens.has(t) || (t === 'list' && pluralObject);
      const covered = entry.idTokens.filter(explained).length / Math.max(1, entry.idTokens.length);
      const score = r.score * (this.w.floor + (1 - this.w.floor) * covered ** this.w.power);
      hits.push({ action: entry.action, score });
    }
    hits.sort((x, y) => y.score - x.score);
    return hits.slice(0, limit);
  }
}

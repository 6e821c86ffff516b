// The precomputed BM25 index behind forge_find_action (src/search/bm25.ts) against BM25+ computed the
// plain way at search time, over generated corpora: the same documents, the same scores, the same order.
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { Bm25Index } from '../src/search/bm25.js';

const WORDS = ['issue', 'issues', 'label', 'labels', 'merge', 'mergerequest', 'pipeline', 'pipe', 'deploy', 'deployment', 'deployments', 'key', 'keys', 'token'];
const BOOSTS = [1.5, 1, 0.9];

/** BM25+ (k 1.2, b 0.7, d 0.5) per field, times the field's boost, summed; times the request terms matched. */
function naive(corpus: string[][][], query: string[], prefix: (t: string) => boolean): Array<{ doc: number; score: number }> {
  const n = corpus.length;
  const uniq = (ts: string[]) => new Set(ts).size;
  const avg = BOOSTS.map((_, f) => corpus.reduce((s, d) => s + uniq(d[f]!), 0) / n);
  const vocabulary = [...new Set(corpus.flat(2))];
  const score = new Map<number, number>();
  const sources = new Map<number, Set<string>>();
  const order: number[] = [];
  for (const q of query) {
    const derived: Array<[string, number]> = [[q, 1]];
    if (prefix(q)) for (const t of vocabulary.sort()) if (t.startsWith(q) && t !== q) derived.push([t, (0.4 * t.length) / (t.length + 0.3 * (t.length - q.length))]);
    for (const [t, weight] of derived) {
      for (let f = 0; f < BOOSTS.length; f++) {
        const df = corpus.filter((d) => d[f]!.includes(t)).length;
        if (!df) continue;
        const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
        corpus.forEach((d, doc) => {
          const tf = d[f]!.filter((x) => x === t).length;
          if (!tf) return;
          const s = weight * BOOSTS[f]! * idf * (0.5 + (tf * 2.2) / (tf + 1.2 * (0.3 + (0.7 * uniq(d[f]!)) / avg[f]!)));
          if (!score.has(doc)) order.push(doc);
          score.set(doc, (score.get(doc) ?? 0) + s);
          sources.set(doc, (sources.get(doc) ?? new Set()).add(q));
        });
      }
    }
  }
  return order.map((doc) => ({ doc, score: score.get(doc)! * sources.get(doc)!.size })).sort((a, b) => b.score - a.score);
}

describe('the find index (precomputed BM25)', () => {
  it('scores and orders documents as BM25+ computed at search time, prefixes and repeated terms included', () => {
    const field = fc.array(fc.constantFrom(...WORDS), { maxLength: 6 });
    const corpus = fc.array(fc.tuple(field, field, field), { minLength: 1, maxLength: 12 });
    const query = fc.array(fc.constantFrom(...WORDS, 'deplo', 'mergereq', 'nothing'), { minLength: 1, maxLength: 5 });
    fc.assert(
      fc.property(corpus, query, (docs, q) => {
        const index = new Bm25Index(BOOSTS);
        for (const d of docs) index.add(d);
        const prefix = (t: string) => t.length > 4 && !index.has(t);
        const got = index.search(q, { prefix, prefixWeight: 0.4 });
        const want = naive(docs, q, prefix);
        expect(got.map((h) => h.doc).sort()).toEqual(want.map((h) => h.doc).sort());
        got.forEach((h, i) => expect(h.score).toBeCloseTo(want[i]!.score, 9));
        // Ties keep the order in which documents were first matched.
        for (let i = 1; i < got.length; i++) if (got[i]!.score === got[i - 1]!.score) expect(want.findIndex((w) => w.doc === got[i]!.doc)).toBeGreaterThan(want.findIndex((w) => w.doc === got[i - 1]!.doc));
      }),
      { numRuns: 400, seed: 17 },
    );
  });

  it('finds nothing for words no document has, and refuses a document after it is sealed or with another number of fields', () => {
    const index = new Bm25Index([1]);
    index.add([['issue', 'label']]);
    expect(index.search(['runner'])).toEqual([]);
    expect(index.search(['issue']).map((h) => h.doc)).toEqual([0]);
    expect(() => index.add([['late']])).toThrow('add after seal');
    expect(() => new Bm25Index([1, 1]).add([['one field']])).toThrow('1 fields given, 2 declared');
  });
});

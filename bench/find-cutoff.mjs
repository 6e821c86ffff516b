// The answer's candidate cut-off (src/surfaces/find-answer.ts), measured on the TUNING sets only: for each rule,
// top-5 as the answer shows it and the answer's tokens (its text as rankedText says it, o200k). Each set is
// ranked by a search trained on the other tuning sets (bench/find-bundle.mjs); held-out sets are refused.
//   node bench/find-cutoff.mjs [file.json ...]
// Sets 13-19 (1,246 requests), 2026-11-29: 0.5 / 2 (now) top-5 96.55 %, 3.07 shown, median 374 / p95 664 tokens;
// 0.5 / 3 96.71 %, 3.58, 411 / 664; 0.3 / 2 96.95 %, 4.12, 456 / 731; all 5 97.03 %, 5.00, 486 / 750.
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
// Rules: [name, ratio, at least shown].
const RULES = [['0.5 / 2 (now)', 0.5, 2], ['0.4 / 2', 0.4, 2], ['0.35 / 2', 0.35, 2], ['0.3 / 2', 0.3, 2], ['0.5 / 3', 0.5, 3], ['0.4 / 3', 0.4, 3], ['0.3 / 3', 0.3, 3], ['all 5', 0, 5]];
const total = RULES.map(() => ({ n: 0, t5: 0, shown: 0, tokens: [] }));
for (const f of sets) {
  const search = searchFor(f.slice(join(root, 'bench').length + 1));
  for (const { q, id, also = [] } of JSON.parse(readFileSync(f, 'utf8'))) {
    const right = [id, ...also];
    const hits = search.search(q, 5).hits;
    if (!hits.length) continue;
    RULES.forEach(([, ratio, min], i) => {
      const shown = hits.filter((h, j) => j < min || h.score >= ratio * hits[0].score);
      const close = shown[1] !== undefined && shown[1].score >= 0.85 * shown[0].score;
      const text = rankedText({ heading: close ? `Did you mean \`${shown[0].action.id}\` or \`${shown[1].action.id}\`? Both fit; pick by the summaries.` : 'Best match:', notes: [], actions: shown.map((h) => h.action), close });
      const s = total[i];
      s.n++;
      if (shown.some((h) => right.includes(h.action.id))) s.t5++;
      s.shown += shown.length;
      s.tokens.push(enc.encode(text + JSON.stringify({ results: shown.map((h) => ({ id: h.action.id, writes: h.action.writes, destructive: h.action.destructive })) })).length);
    });
  }
}
const pct = (n, d) => ((100 * n) / d).toFixed(2);
for (const [i, [name]] of RULES.entries()) {
  const s = total[i];
  const t = [...s.tokens].sort((a, b) => a - b);
  console.log(`${name.padEnd(14)} top-5 ${pct(s.t5, s.n)} %  shown ${(s.shown / s.n).toFixed(2)}  tokens median ${t[Math.floor(t.length / 2)]} p95 ${t[Math.floor(t.length * 0.95)]}`);
}

// Fast in-process tuning loop for forge_find_action's ranking, on the TUNING sets only (never the held-out
// ones: those are measured by bench/find-eval.mjs, in aggregate, after a change is decided). Each tuning set
// is measured by a search trained on the other tuning sets (their phrasings; bench/find-bundle.mjs). The
// validation set (bench/queries-conversational-validation.json) may be given, for its aggregate figures only.
//   node bench/find-tune.mjs [-v] [-c] [file.json ...]   -v lists misses, -c counts miss classes
// Bundles src/ on the fly (bench/find-bundle.mjs), so a ranking change is measured in seconds.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadRanking, root, TUNING_SETS } from './find-bundle.mjs';

const argv = process.argv.slice(2);
const verbose = argv.includes('-v');
const classes = argv.includes('-c');
const files = argv.filter((a) => !a.startsWith('-'));
const TUNING = TUNING_SETS.map((f) => join(root, 'bench', f));
const sets = (files.length ? files.map((f) => resolve(f)) : TUNING).filter((f) => {
  if (/heldout/.test(f)) { console.error(`refusing ${f}: held-out sets are never tuned on (use bench/find-eval.mjs)`); process.exit(2); }
  // A validation set is measured in aggregate to check that a change holds beyond the sets it was tuned on: its misses are never listed.
  if (/validation/.test(f) && verbose) { console.error(`refusing -v on ${f}: a validation set's requests are never looked at`); process.exit(2); }
  try { readFileSync(f); return true; } catch { return false; }
});

const { cat, searchFor, shownOf } = await loadRanking();
// FIND_WEIGHTS='{"unnamedId":0.9}' tries other re-rank weights without editing the source.
const weights = JSON.parse(process.env.FIND_WEIGHTS ?? '{}');
let buildMs = 0;
// The tuning sets together, weighted by their size (a validation set is not among them).
const sum = { n: 0, t1: 0, t5: 0, df: 0 };
const pct = (n, d) => ((100 * n) / d).toFixed(1);
const dom = (id) => id.split('.')[0];
const nameWords = (id) => new Set(id.split('.')[1].split('_'));
for (const f of sets) {
  const qs = JSON.parse(readFileSync(f, 'utf8'));
  // A tuning set is measured by a search trained on the others; any other set by the search trained on all.
  const t0 = performance.now();
  const search = searchFor(f.slice(join(root, 'bench').length + 1), weights);
  buildMs = Math.max(buildMs, performance.now() - t0);
  let t1 = 0, t5 = 0, df = 0;
  const byTag = new Map();
  const cls = { otherDomain: 0, sharedWord: 0, sameDomain: 0, notFound: 0 };
  const misses = [];
  for (const { q, id, also = [], tags } of qs) {
    // `also`: actions that answer the request as well (a two-step request's lookup beside the step asked for).
    const right = [id, ...also];
    // As the answer shows them (src/surfaces/find-answer.ts shownOf).
    const got = shownOf(search.search(q, 5).hits).map((h) => h.action.id);
    if (right.includes(got[0])) t1++;
    for (const t of tags ?? []) { const v = byTag.get(t) ?? [0, 0]; v[0]++; if (right.includes(got[0])) v[1]++; byTag.set(t, v); }
    if (got.some((g) => right.includes(g))) t5++;
    const d = !!got[0] && cat.get(got[0]).destructive && !cat.get(id).destructive;
    if (d) df++;
    if (!right.includes(got[0])) {
      if (!got[0]) cls.notFound++;
      else if (dom(got[0]) !== dom(id)) cls.otherDomain++;
      else if ([...nameWords(got[0])].some((w) => nameWords(id).has(w))) cls.sharedWord++;
      else cls.sameDomain++;
      misses.push(`${d ? '!' : got.some((g) => right.includes(g)) ? '*' : ' '} ${q}\n    expected ${id}   got ${got.slice(0, 3).join(', ')}`);
    }
  }
  if (!/validation/.test(f)) { sum.n += qs.length; sum.t1 += t1; sum.t5 += t5; sum.df += df; }
  console.log(`${f.slice(root.length + 1).padEnd(40)} ${String(qs.length).padStart(5)}  top-1 ${pct(t1, qs.length)}  top-5 ${pct(t5, qs.length)}  destructive-first ${df}${classes ? `  ${JSON.stringify(cls)}` : ''}`);
  if (classes && byTag.size) console.log(`  by tag: ${[...byTag].map(([t, [n, ok]]) => `${t} ${pct(ok, n)} % of ${n}`).join(", ")}`);
  if (verbose) console.log(misses.join('\n'));
}
if (sets.length > 1) console.log(`tuning sets together ${sum.n}  top-1 ${((100 * sum.t1) / sum.n).toFixed(2)}  top-5 ${((100 * sum.t5) / sum.n).toFixed(2)}  destructive-first ${sum.df}`);
console.error(`(each index built in at most ${buildMs.toFixed(0)} ms)`);

// Coordinate descent over forge_find_action's re-rank weights and field boosts, on the TUNING sets only
// (never a held-out set). Each weight is tried a step either side of its value and kept when the score
// (10 per top-1, 3 per top-5, -100 per destructive-first) improves; at most three passes.
//   node bench/find-descent.mjs [minutes]      (15 by default)   START='{"floor":0.6}' to start elsewhere
// Bundles src/ on the fly (bench/find-bundle.mjs); prints each improvement and the final weights.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadRanking, root, TUNING_SETS as TUNING } from './find-bundle.mjs';

const minutes = Math.max(1, Math.min(120, Number(process.argv[2]) || 15));
const { cat, searchFor, DEFAULT_WEIGHTS } = await loadRanking();
const sets = TUNING.map((f) => JSON.parse(readFileSync(join(root, 'bench', f), 'utf8')));

// Flat keys: the boosts as "boost.<field>"; the near-word weights only matter with an expansion table.
const flat = (w) => ({ ...Object.fromEntries(Object.entries(w).filter(([k]) => k !== 'boost' && k !== 'expansion' && k !== 'nearCover')), ...Object.fromEntries(Object.entries(w.boost).map(([k, v]) => [`boost.${k}`, v])) });
const nested = (f) => {
  const w = { boost: {} };
  for (const [k, v] of Object.entries(f)) if (k.startsWith('boost.')) w.boost[k.slice(6)] = v; else w[k] = v;
  return w;
};
function measure(f) {
  let top1 = 0, top5 = 0, destructive = 0;
  const per = sets.map((set, i) => {
    // Each set by a search trained on the others (bench/find-bundle.mjs).
    const search = searchFor(TUNING[i], nested(f));
    let ok = 0;
    for (const { q, id, also = [] } of set) {
      const hits = search.search(q, 5).hits.map((h) => h.action);
      // `also`: actions that answer the request as well (a two-step request's lookup beside the step asked for).
      const right = [id, ...also];
      if (right.includes(hits[0]?.id)) { top1++; ok++; }
      if (hits.some((a) => right.includes(a.id))) top5++;
      if (hits[0]?.destructive && !cat.get(id).destructive) destructive++;
    }
    return ((100 * ok) / set.length).toFixed(1);
  });
  return { top1, top5, destructive, per: per.join(' / ') };
}
const score = (r) => r.top1 * 10 + r.top5 * 3 - r.destructive * 100;
const cur = { ...flat(DEFAULT_WEIGHTS), ...JSON.parse(process.env.START ?? '{}') };
let best = measure(cur);
console.log(`start ${JSON.stringify(best)}   (top-1 per set: ${TUNING.join(', ')})`);
const deadline = Date.now() + minutes * 60_000;
for (let pass = 0; pass < 3 && Date.now() < deadline; pass++) {
  let moved = false;
  for (const k of Object.keys(cur)) {
    const step = k === 'power' ? 0.5 : k.startsWith('boost.') ? 0.3 : 0.1;
    for (const v of [cur[k] - step, cur[k] + step].map((x) => Math.round(x * 100) / 100)) {
      if (v <= 0 || Date.now() > deadline) continue;
      const r = measure({ ...cur, [k]: v });
      if (score(r) > score(best)) { best = r; cur[k] = v; moved = true; console.log(`better ${k} ${v} ${JSON.stringify(r)}`); }
    }
  }
  if (!moved) break;
}
console.log(`final ${JSON.stringify(nested(cur))}\n      ${JSON.stringify(best)}`);

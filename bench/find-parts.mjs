// Where forge_find_action splits a query into parts (src/surfaces/find-parts.ts, issue #30), measured on the tuning
// sets: every request there asks for one action, so a split can only cost. Each set is ranked by a search trained on
// the other sets (bench/find-bundle.mjs). Prints how many requests are split, and of those how many had their action
// first when ranked whole but as no part's best (hurt) or the reverse (helped); then how many logged finds with a
// separator are split (bench/find-answers-logged*.json, which do ask for several things).
//   node bench/find-parts.mjs            the server's rule
//   node bench/find-parts.mjs --then     also split at " then " / " and then " (measured, not taken)
//   node bench/find-parts.mjs -v         lists the split requests
import { readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { loadRanking, root, TUNING_SETS } from './find-bundle.mjs';

const then = process.argv.includes('--then');
const verbose = process.argv.includes('-v');
const out = join(mkdtempSync(join(tmpdir(), 'find-parts-')), 'parts.mjs');
await build({ entryPoints: [join(root, 'src/surfaces/find-parts.ts')], bundle: true, platform: 'node', format: 'esm', outfile: out, logLevel: 'error' });
const { partsOf: serverParts } = await import(pathToFileURL(out).href);
const partsOf = (q) => serverParts(then ? q.replace(/,?\s+(?:and\s+)?then\s+/gi, '; ') : q);

const { searchFor, shownOf } = await loadRanking();
const best = (s, q) => shownOf(s.search(q, 5).hits)[0]?.action.id;
let n = 0, split = 0, hurt = 0, helped = 0;
for (const f of TUNING_SETS) {
  const s = searchFor(f);
  for (const { q, id, also = [] } of JSON.parse(readFileSync(join(root, 'bench', f), 'utf8'))) {
    n++;
    const parts = partsOf(q);
    if (!parts) continue;
    const bests = parts.map((p) => best(s, p));
    // As the server does: parts whose bests are one action are one request.
    if (new Set(bests).size === 1) continue;
    split++;
    const right = [id, ...also];
    const whole = right.includes(best(s, q));
    const byParts = bests.some((b) => right.includes(b));
    if (whole && !byParts) hurt++;
    if (!whole && byParts) helped++;
    if (verbose) console.log(`${whole && !byParts ? 'HURT ' : !whole && byParts ? 'HELP ' : '     '}${q}\n      ${id}: whole ${best(s, q)}, parts ${bests.join(', ')}`);
  }
}
console.log(`tuning sets: ${n} requests, ${split} split; hurt ${hurt} (action first whole, no part's best), helped ${helped}`);
let logged = 0, loggedSplit = 0;
for (const file of ['find-answers-logged.json', 'find-answers-logged-16.json', 'find-answers-logged-18.json']) {
  for (const { args } of JSON.parse(readFileSync(join(root, 'bench', file), 'utf8')).finds) {
    if (!/;|\n/.test(args.query) && !(then && /\bthen\b/i.test(args.query))) continue;
    logged++;
    if (partsOf(args.query)) loggedSplit++;
  }
}
console.log(`logged finds with a separator: ${logged}, split ${loggedSplit}`);

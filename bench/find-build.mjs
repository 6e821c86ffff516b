// forge_find_action's index build: its CPU time, the longest event-loop stall while it builds (at once, as
// before, against the deferred build in slices the server uses), and the memory the built index keeps.
// The index is built as the server builds it, with the shipped phrasings. Rounds interleaved; min/median/max. Run: npm run build && node --expose-gc bench/find-build.mjs [rounds]
import { loadCatalog } from '../dist/catalog/index.js';
import { ActionSearch } from '../dist/search/index.js';
import table from '../dist/search/phrasings.json' with { type: 'json' };

const ROUNDS = Math.max(1, Math.min(20, Number(process.argv[2]) || 5));
const cat = await loadCatalog();
const stats = (xs) => { const s = [...xs].sort((a, b) => a - b); return `${s[0].toFixed(0)} / ${s[Math.floor(s.length / 2)].toFixed(0)} / ${s[s.length - 1].toFixed(0)}`; };
const pause = (ms) => new Promise((r) => setTimeout(r, ms));

/** Builds once; returns the build's wall time and the longest gap between two 1 ms ticks meanwhile. */
async function measure(mode) {
  let last = performance.now();
  let stall = 0;
  const tick = setInterval(() => { const now = performance.now(); stall = Math.max(stall, now - last); last = now; }, 1);
  await pause(5);
  const t0 = performance.now();
  if (mode === 'at once') await new Promise((done) => setTimeout(() => { new ActionSearch(cat.actions, {}, undefined, { phrasings: table.byAction }); done(); }, 0));
  else await new ActionSearch(cat.actions, {}, undefined, { deferred: true, phrasings: table.byAction }).settle();
  const build = performance.now() - t0;
  await pause(20);
  clearInterval(tick);
  return { build, stall };
}

const runs = { 'at once': [], 'in slices': [] };
for (let r = 0; r < ROUNDS; r++) for (const mode of r % 2 ? ['in slices', 'at once'] : ['at once', 'in slices']) runs[mode].push(await measure(mode));
console.log(`find index build, ${ROUNDS} interleaved rounds (min / median / max, ms)`);
for (const [mode, rs] of Object.entries(runs)) console.log(`  ${mode.padEnd(10)} build ${stats(rs.map((x) => x.build))}   longest event-loop stall ${stats(rs.map((x) => x.stall))}`);

if (globalThis.gc) {
  const settle = async () => { globalThis.gc(); await pause(50); globalThis.gc(); };
  await settle();
  const before = process.memoryUsage();
  const kept = new ActionSearch(cat.actions, {}, undefined, { phrasings: table.byAction });
  kept.search('list the issues', 5);
  await settle();
  const after = process.memoryUsage();
  console.log(`  index kept: heap +${((after.heapUsed - before.heapUsed) / 2 ** 20).toFixed(1)} MiB, RSS +${((after.rss - before.rss) / 2 ** 20).toFixed(1)} MiB (RSS keeps the build's peak)`);
} else console.log('  (run with node --expose-gc for the memory the index keeps)');

import { loadRanking } from '/work/wt/ranking/bench/find-bundle.mjs';
const { searchFor, shownOf } = await loadRanking();
const [file, ...qs] = process.argv.slice(2);
const s = searchFor(file);
for (const q of qs) {
  const a = s.search(q, 6);
  console.log(q, '| intent', a.query.intent, 'terms', a.query.terms.join(' '), 'sugg', JSON.stringify(a.query.suggested));
  for (const h of a.hits) console.log('   ', h.action.id, h.score.toFixed(3));
}

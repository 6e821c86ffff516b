import { loadRanking } from './find-bundle.mjs';
import { readFileSync } from 'node:fs';
const { cat, ActionSearch } = await loadRanking();
const table = JSON.parse(readFileSync('src/search/phrasings.json', 'utf8'));
const bare = new ActionSearch(cat.actions);
const shipped = new ActionSearch(cat.actions, {}, undefined, { phrasings: table.byAction });
for (const q of process.argv.slice(2)) {
  const f = (s) => s.search(q, 3).hits.map((h) => h.action.id).join(', ');
  console.log(q, '\n   bare:', f(bare), '\n   ship:', f(shipped));
}

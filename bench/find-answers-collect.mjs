// Collects the forge_find_action calls of assistant-trial logs into a bench fixture (issue #30): every call
// (JSON lines, kind=call, name=forge_find_action) of every *.jsonl in the given folders (files sorted by name),
// arguments deduplicated in first-seen order, `seen` counting the calls with exactly these arguments. Run once
// by hand; nothing reads the logs at run time.
//   node bench/find-answers-collect.mjs <out.json> <logs-dir>...
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [out, ...dirs] = process.argv.slice(2);
const finds = new Map();
for (const dir of dirs)
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.jsonl')).sort())
    for (const l of readFileSync(join(dir, f), 'utf8').split('\n')) {
      if (!l.trim()) continue;
      const e = JSON.parse(l);
      if (e.kind !== 'call' || e.name !== 'forge_find_action') continue;
      const key = JSON.stringify(e.args);
      const row = finds.get(key) ?? { args: e.args, seen: 0 };
      row.seen++;
      finds.set(key, row);
    }
const source = `Every forge_find_action call logged in the assistant trials ${dirs.join(' and ')} (JSON lines, kind=call, name=forge_find_action), arguments deduplicated, in first-seen order (files sorted by name); seen counts the logged calls with exactly these arguments. Collected once for #30 (s17) with bench/find-answers-collect.mjs (nothing reads them at run time).`;
const rows = [...finds.values()].map((r) => `  ${JSON.stringify(r)}`).join(',\n');
writeFileSync(out, `{\n "source": ${JSON.stringify(source)},\n "finds": [\n${rows}\n ]\n}\n`);
console.log(`${finds.size} distinct finds -> ${out}`);

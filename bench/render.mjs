// Rendering alone: the CPU one tool result costs in src/render (renderer + result builder, as a call
// makes it), on the sandbox's answers, for this build and optionally another one (A/B, interleaved
// rounds, so background load falls on both alike). Less noisy than calls/s on a shared machine.
//   npm run build && node bench/render.mjs [--ab <other checkout's dist directory>] [--rounds 7]
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSandbox, SANDBOX_TOKEN } from '../dist/sandbox/index.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name) => { const i = process.argv.indexOf(name); return i > 0 ? process.argv[i + 1] : undefined; };
const rounds = Math.max(1, Math.min(30, Number(arg('--rounds') ?? 7) || 7));
const other = arg('--ab');

async function variant(name, dist) {
  const { renderFor } = await import(join(dist, 'render', 'renderers.js'));
  const { successResult } = await import(join(dist, 'render', 'result.js'));
  const { paginationFromHeaders } = await import(join(dist, 'render', 'pagination.js'));
  const { loadCatalog, catalog } = await import(join(dist, 'catalog', 'index.js'));
  await loadCatalog();
  const byId = new Map(catalog().actions.map((a) => [a.id, a]));
  return { name, renderFor, successResult, paginationFromHeaders, byId, times: new Map() };
}

const variants = [await variant('A (this build)', join(root, 'dist'))];
if (other) variants.push(await variant(`B (${other})`, resolve(other)));

// The platform's answers, read once from the sandbox (REST, as the server receives them).
const sandbox = await startSandbox();
const get = async (path) => {
  const r = await fetch(`${sandbox.url}/api/v4${path}`, { headers: { 'private-token': SANDBOX_TOKEN } });
  return { body: await r.json(), headers: Object.fromEntries(r.headers) };
};
const CASES = [
  ['issue.list', { project_id: 1, per_page: 100 }, '/projects/1/issues?per_page=100'],
  ['merge_request.list', { project_id: 1 }, '/projects/1/merge_requests'],
  ['pipeline.list', { project_id: 1 }, '/projects/1/pipelines'],
  ['issue.get', { project_id: 1, issue_iid: 1 }, '/projects/1/issues/1'],
  ['merge_request.get', { project_id: 1, merge_request_iid: 1 }, '/projects/1/merge_requests/1'],
  ['project.get', { project_id: 1 }, '/projects/1'],
];
const answers = [];
for (const [id, params, path] of CASES) answers.push({ id, params, ...(await get(path)) });
await sandbox.close();

function once(v, a) {
  const action = v.byId.get(a.id);
  const pagination = Array.isArray(a.body) ? v.paginationFromHeaders(a.headers, a.params, a.body.length) : undefined;
  const r = v.successResult(v.renderFor(action.render)({ action, params: a.params, data: a.body, pagination }));
  return JSON.stringify(r).length; // what the transport does next; keeps the work observable
}

const ITERATIONS = 300;
for (const v of variants) for (const a of answers) for (let i = 0; i < 50; i++) once(v, a); // warm-up
for (let round = 0; round < rounds; round++) {
  for (const v of round % 2 === 0 ? variants : [...variants].reverse()) {
    for (const a of answers) {
      const t0 = process.hrtime.bigint();
      for (let i = 0; i < ITERATIONS; i++) once(v, a);
      const us = Number(process.hrtime.bigint() - t0) / 1000 / ITERATIONS;
      (v.times.get(a.id) ?? v.times.set(a.id, []).get(a.id)).push(us);
    }
  }
}

const stat = (xs) => { const s = [...xs].sort((p, q) => p - q); return { min: s[0], med: s[Math.floor(s.length / 2)], max: s[s.length - 1] }; };
console.log(`## Rendering one result (µs: min / median / max of ${rounds} rounds × ${ITERATIONS}; renderer + result builder + JSON)`);
console.log(`${'action'.padEnd(20)}${variants.map((v) => v.name.slice(0, 28).padEnd(30)).join('')}${other ? 'A/B (medians)' : ''}`);
for (const a of answers) {
  const cells = variants.map((v) => { const s = stat(v.times.get(a.id)); return `${s.min.toFixed(1)} / ${s.med.toFixed(1)} / ${s.max.toFixed(1)}`.padEnd(30); });
  const ratio = other ? `${(stat(variants[0].times.get(a.id)).med / stat(variants[1].times.get(a.id)).med).toFixed(2)}x` : '';
  console.log(`${a.id.padEnd(20)}${cells.join('')}${ratio}`);
}

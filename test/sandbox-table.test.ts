// The README's and docs/development.md's table of what the sandbox simulates is written by
// scripts/sandbox-table.mjs from the built catalog and the sandbox's route table; it must be in step
// (a route added or removed changes the counts), and it must agree with what forge://sandbox serves.
import { describe, it, expect } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadCatalog } from '../src/catalog/index.js';
import { coverage } from '../src/sandbox/coverage.js';

describe('the sandbox table of the docs', () => {
  it('is in step with the sandbox (node scripts/sandbox-table.mjs --check)', () => {
    const r = spawnSync(process.execPath, ['scripts/sandbox-table.mjs', '--check'], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('gives the totals forge://sandbox counts', async () => {
    const domains = coverage(await loadCatalog());
    const simulated = domains.reduce((n, d) => n + d.simulated, 0);
    const refused = domains.reduce((n, d) => n + d.refused, 0);
    const readme = readFileSync('README.md', 'utf8');
    expect(readme).toContain(`| all domains | ${(simulated + refused).toLocaleString('en-US')} | ${simulated.toLocaleString('en-US')} | ${refused.toLocaleString('en-US')} |`);
    for (const d of domains.filter((x) => ['issue', 'merge_request', 'release', 'search'].includes(x.domain))) {
      expect(readme).toContain(`| ${d.domain} | ${d.actions} | ${d.simulated} | ${d.refused} |`);
    }
  });
});

// The scan of issue #29: every catalog action against the user-facing sandbox (the one --sandbox starts,
// no test-only placeholders), with minimal valid parameters. Each answers from simulated state or with
// the explicit refusal; none with an invented placeholder. The refusals are exactly the actions the
// forge://sandbox resource counts as refused.
import { describe, it, expect, beforeAll } from 'vitest';
import { writeFileSync } from 'node:fs';
import { ADMIN_TOKEN } from '../src/sandbox/index.js';
import { loadCatalog } from '../src/catalog/index.js';
import type { Action } from '../src/catalog/define.js';
import { simulates } from '../src/sandbox/coverage.js';
import { text } from './helpers/harness.js';
import { sandboxServer } from './helpers/inproc.js';
import { discovered, minimalParams } from './helpers/sweep-values.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Every action reachable: the administrator's token, the Ultimate catalog.
const on = sandboxServer({ sandbox: { licensed: true, version: '19.5.0-pre' }, token: ADMIN_TOKEN, env: { FORGE_MCP_TIER: 'ultimate' } });
beforeAll(() => { discovered.outDir = mkdtempSync(join(tmpdir(), 'forge-scan-')); });

const REFUSAL = 'the sandbox does not simulate this action; against a GitLab instance it calls ';
/** What the placeholder generator invented: "A sandbox …", "release 9002", "Sandbox release notes.", GraphQL's synthesized values. */
const PLACEHOLDER = /A sandbox |Sandbox (release notes|content of|todo|wiki page|[A-Z]\w+ \d)|sandbox-value|\b(release|search|member|all|hook|deploy key|variable|runner) 9\d{3}\b|-\/sandbox\/|"name":"[A-Z]\w+ \d+"/;
/** Actions that end the calling token, and deletes of whole objects, run last (the order the sweep uses). */
const rank = (a: Action) => (/_(revoke|rotate)_self$/.test(a.id) ? 5 : ['project.delete', 'group.delete', 'user.delete'].includes(a.id) ? 4 : a.destructive ? 3 : a.writes ? 1 : 0);
const actions = [...(await loadCatalog()).actions].sort((x, y) => rank(x) - rank(y));
const seen = new Map<string, { domain: string; refused: boolean }>();
/** The project actions the sandbox refuses (beyond approvals, target branch rules and uploads), each for a reason it cannot fake. */
const PROJECT_REFUSED = [
  'project.dependency_firewall_evaluate', // would judge a package against advisories the sandbox does not have
  'project.mirror_force_push', // would push to a real remote
  'project.start_mirroring', // would pull from a real remote
];

describe('every catalog action against the user-facing sandbox', () => {
  for (const a of actions) {
    it(a.id, async () => {
      const r = await on.srv.call('forge_execute_action', { action: a.id, params: minimalParams(a), confirm: true });
      const t = text(r);
      expect(t, `${a.id} answered a placeholder`).not.toMatch(PLACEHOLDER);
      expect(JSON.stringify(r.structuredContent ?? null)).not.toMatch(PLACEHOLDER);
      const refused = t.includes(REFUSAL);
      if (refused) {
        expect(r.isError).toBe(true);
        // The route template, never the filled path.
        expect(t).toMatch(/calls (GET|POST|PUT|PATCH|DELETE) \/[^ ]*$|calls GraphQL (query|mutation) \w+$/);
      }
      seen.set(a.id, { domain: a.domain, refused });
      // What forge://sandbox counts as simulated is never refused; what it counts as refused is, unless
      // GitLab's own earlier check answered (a parent an earlier delete of the scan removed) or nothing was sent.
      if (simulates(a)) expect(refused, `${a.id}: forge://sandbox counts it simulated: ${t}`).toBe(false);
      else if (!refused) expect(t, `${a.id}: forge://sandbox counts it refused`).toMatch(/\(404 [A-Za-z ]*Not Found\)|no request was sent/);
    });
  }
});

describe('after the scan', () => {
  it('simulates every action of the everyday domains but a listed long tail, and reports the counts', () => {
    const per = new Map<string, { simulated: number; refused: number }>();
    for (const { domain, refused } of seen.values()) {
      const c = per.get(domain) ?? { simulated: 0, refused: 0 };
      if (refused) c.refused++; else c.simulated++;
      per.set(domain, c);
    }
    if (process.env.SANDBOX_SCAN_REPORT) writeFileSync(process.env.SANDBOX_SCAN_REPORT, [...per].sort().map(([d, c]) => `${d}\t${c.simulated}\t${c.refused}`).join('\n'));
    expect(seen.size).toBe(actions.length);
    for (const d of ['release', 'wiki', 'search', 'tag']) expect(per.get(d)?.refused, `${d} has refused actions`).toBeLessThanOrEqual(d === 'tag' ? 5 : 1);
    // CI, repository, tags, wiki and uploads: every action simulated but Markdown rendering (GitLab's renderer is not reproduced).
    for (const d of ['pipeline', 'job', 'tag', 'wiki']) expect(per.get(d)?.refused, `${d} has refused actions`).toBe(0);
    expect([...seen].filter(([id, x]) => x.refused && (x.domain === 'repository' || id.startsWith('project.upload'))).map(([id]) => id)).toEqual(['repository.markdown_render']);
    // The project domain's long tail (S3's share; approvals, target branch rules and uploads are counted by their owners):
    // refused only where the sandbox cannot honestly act.
    const projectRefused = [...seen].filter(([id, x]) => x.domain === 'project' && x.refused && !/^project\.(approval_|target_branch_rule_|upload)/.test(id)).map(([id]) => id).sort();
    expect(projectRefused).toEqual(PROJECT_REFUSED);
    // user: every action but the runner creation (the sandbox has no runners to create one among).
    expect([...seen].filter(([, x]) => x.domain === 'user' && x.refused).map(([id]) => id)).toEqual(['user.create_runner']);
    // Merge requests, reviews, issues, approvals: all simulated but issue.work_item_get, whose widgets the sandbox does not
    // model (hierarchy, linked items, CRM contacts).
    for (const d of ['merge_request', 'mr_review']) expect(per.get(d)?.refused, `${d} has refused actions`).toBe(0);
    const refusedIds = (re: RegExp) => [...seen].filter(([id, v]) => re.test(id) && v.refused).map(([id]) => id);
    expect(refusedIds(/^issue\./)).toEqual(['issue.work_item_get']);
    expect(refusedIds(/^project\.(approval_|target_branch_rule_)/)).toEqual([]);
  });
});

// Summaries keep their promises (issue #28): for the everyday domains, every field an action's `shows`
// names (the fields its summary promises, as catalog data) is visible in its answer — in the Markdown (a
// field line, a table column or a text section) and in structuredContent (the object's or each item's key;
// a long text not cut is in the Markdown only). Answers from the sandbox, through the server; the release
// actions (no sandbox route) render an answer shaped like GitLab's documented one.
import { describe, it, expect, beforeAll } from 'vitest';
import { catalog, loadCatalog } from '../src/catalog/index.js';
import type { Action } from '../src/catalog/define.js';
import { KINDS } from '../src/render/kinds.js';
import { renderFor } from '../src/render/renderers.js';
import { text } from './helpers/harness.js';
import { sandboxServer } from './helpers/inproc.js';

type Rec = Record<string, unknown>;
const EVERYDAY = ['issue', 'merge_request', 'mr_review', 'pipeline', 'job', 'repository', 'branch', 'tag', 'release', 'project', 'user'];

/** A GitLab-shaped release answer (the fields of GitLab's documented release entity). */
const RELEASE = {
  tag_name: 'v1.1.0', description: '## Changes\n\n- Session handling', name: 'Release 1.1', created_at: '2026-02-01T10:00:00Z', released_at: '2026-02-01T10:00:00Z',
  upcoming_release: false, author: { id: 1, username: 'demo', name: 'Demo User' },
  commit: { id: 'a91957a858320c0e17f3a0eca7cfacbff50ea29a', short_id: 'a91957a8', title: 'Fix session timeout handling', created_at: '2026-01-30T09:00:00Z' },
  milestones: [{ id: 402, iid: 2, title: 'v1.2', state: 'active' }], commit_path: '/demo/demo-project/-/commit/a91957a8', tag_path: '/demo/demo-project/-/tags/v1.1.0',
  assets: { count: 3, sources: [{ format: 'zip', url: 'https://x/a.zip' }, { format: 'tar.gz', url: 'https://x/a.tar.gz' }], links: [{ id: 1, name: 'linux-amd64', url: 'https://x/bin', link_type: 'package' }] },
  evidences: [{ sha: '760d6cdfb0879c3ffedec13af470e0f71cf52c6cde4d', filepath: 'https://x/evidences/1.json', collected_at: '2026-02-01T10:00:00Z' }],
};

/** How each action with `shows` is called: its params on the sandbox (confirm for a destructive one), or a rendered answer. */
const CALLS: Record<string, { params: Rec } | { answer: unknown }> = {
  'issue.get': { params: { project_id: 1, issue_iid: 1 } },
  'issue.list': { params: { project_id: 1 } },
  'merge_request.get': { params: { project_id: 1, merge_request_iid: 1 } },
  'merge_request.list': { params: { project_id: 1 } },
  'merge_request.update': { params: { project_id: 1, merge_request_iid: 1, labels: 'bug,security' } },
  'pipeline.get': { params: { project_id: 1, pipeline_id: 1001 } },
  'pipeline.list': { params: { project_id: 1 } },
  'job.get': { params: { project_id: 1, job_id: 0 } },
  'job.list': { params: { project_id: 1, pipeline_id: 1002 } },
  'mr_review.diff_versions_list': { params: { project_id: 1, merge_request_iid: 1 } },
  'branch.get': { params: { project_id: 1, branch_name: 'main' } },
  'tag.get': { params: { project_id: 1, tag_name: 'v1.0.0' } },
  'release.get': { answer: RELEASE },
  'release.create': { answer: RELEASE },
  'project.get': { params: { project_id: 1 } },
  'project.members': { params: { project_id: 1 } },
  'user.get': { params: { user_id: 1 } },
};

beforeAll(async () => { await loadCatalog(); });
const on = sandboxServer();
beforeAll(() => {
  // The failed job of pipeline 1002: the one whose answer has a failure reason.
  const failed = [...on.sb.state.jobs.values()].find((j) => j.pipelineId === 1002 && j.status === 'failed')!;
  (CALLS['job.get'] as { params: Rec }).params.job_id = failed.id;
});

const promising = (): Action[] => catalog().actions.filter((a) => EVERYDAY.includes(a.domain) && a.shows?.length);
/** The table header a kind gives a field (`detailed_merge_status` → `merge status`). */
const headerOf = (key: string): string[] => [key, ...KINDS.flatMap((k) => k.columns.filter((c) => c.key === key).map((c) => c.header))];

async function answer(a: Action): Promise<{ md: string; st: Rec }> {
  const call = CALLS[a.id]!;
  if ('answer' in call) {
    const r = renderFor(a.render)({ action: a, params: {}, data: call.answer });
    return { md: r.markdown, st: r.structured };
  }
  const r = await on.srv.call('forge_execute_action', { action: a.id, params: call.params, ...(a.destructive ? { confirm: true } : {}) });
  expect(r.isError, text(r)).toBeFalsy();
  return { md: r.content[0]!.text!, st: r.structuredContent as Rec };
}

describe('summaries keep their promises (issue #28)', () => {
  it('every get action of the everyday domains declares the fields its summary promises', () => {
    const gets = catalog().actions.filter((a) => EVERYDAY.includes(a.domain) && a.name === 'get');
    expect(gets.length).toBeGreaterThan(5);
    expect(gets.filter((a) => !a.shows?.length).map((a) => a.id)).toEqual([]);
  });

  it('every action that declares fields is checked here', () => {
    expect(promising().map((a) => a.id).filter((id) => !(id in CALLS))).toEqual([]);
  });

  it('each promised field is visible in the Markdown and in structuredContent', async () => {
    const missing: string[] = [];
    for (const a of promising()) {
      const { md, st } = await answer(a);
      const items = Array.isArray(st.items) ? (st.items as Rec[]) : undefined;
      const header = md.split('\n').find((l) => l.startsWith('| ')) ?? '';
      for (const f of a.shows!) {
        const inMd = items ? headerOf(f).some((h) => header.includes(`| ${h} |`)) : md.includes(`- **${f}**:`) || md.includes(`### ${f}`);
        const longText = !items && md.includes(`### ${f}`);
        const inSt = items ? items.length > 0 && f in items[0]! : f in st || longText;
        if (!inMd) missing.push(`${a.id}: ${f} not in the Markdown`);
        if (!inSt) missing.push(`${a.id}: ${f} not in structuredContent`);
      }
    }
    expect(missing).toEqual([]);
  });
});

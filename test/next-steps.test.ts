// Related actions in results (issue #30): an everyday get or list result offers the follow-ups a person most
// often needs next, each a ready call (params filled from the call and its answer) with the compact signature
// of what it still takes, within a small text budget; a session that cannot run one is not offered it.
import { describe, it, expect } from 'vitest';
import { text, type Running } from './helpers/harness.js';
import { sandboxServer, startInProcess } from './helpers/inproc.js';

const on = sandboxServer();

const P = 'demo-group/demo-project';
const HEAD = '\n\nNext steps (ready to run with these params):\n';
const run = (s: Running, action: string, params: Record<string, unknown>) => s.call('forge_execute_action', { action, params });
/** The next-steps block of an answer, and its lines as [action, params, what it still takes]. */
function block(t: string): { chars: number; steps: Array<[string, Record<string, unknown>, string]> } {
  const at = t.indexOf(HEAD);
  if (at < 0) return { chars: 0, steps: [] };
  const rest = t.slice(at);
  const steps = [...rest.matchAll(/^- `([a-z_]+\.[a-z_]+) (\{.*\})`(?: — (.*))?$/gm)].map((m): [string, Record<string, unknown>, string] => [m[1]!, JSON.parse(m[2]!) as Record<string, unknown>, m[3] ?? '']);
  return { chars: rest.length, steps };
}

describe('related actions in results', () => {
  it('a merge request offers its approvals, threads, its head pipeline\'s jobs and the merge, filled from the answer (the merge pinned to its head sha)', async () => {
    const r = await run(on.srv, 'merge_request.get', { project_id: P, merge_request_iid: 1 });
    const { steps } = block(text(r));
    const mr = [...on.sb.state.projects.get(1)!.mrs.values()].find((m) => m.iid === 1)!;
    expect(steps.map(([id]) => id)).toEqual(['merge_request.approval_config', 'mr_review.discussion_list', 'job.list', 'merge_request.merge']);
    expect(steps[0]).toEqual(['merge_request.approval_config', { project_id: P, merge_request_iid: 1 }, '']);
    // MR !1's head pipeline is #1002 in the seeded data (its answer's head_pipeline.id).
    expect(steps[2]![1]).toEqual({ project_id: P, pipeline_id: 1002 });
    expect(steps[3]![1]).toEqual({ project_id: P, merge_request_iid: 1, sha: mr.headSha });
    expect(steps[3]![2]).toMatch(/^optional: auto_merge, merge_commit_message, squash \(\+\d\); destructive: needs confirm$/);
    // The reads run verbatim, with no find.
    for (const [id, params] of steps.slice(0, 3)) {
      const next = await run(on.srv, id, params);
      expect(next.isError, `${id}: ${text(next)}`).toBeFalsy();
    }
  });

  it('a closed merge request with no pipeline offers neither the merge (nextIf: only while opened) nor its jobs (no pipeline to fill)', async () => {
    const closed = block(text(await run(on.srv, 'merge_request.get', { project_id: P, merge_request_iid: 5 }))).steps;
    expect(closed.map(([id]) => id)).toEqual(['merge_request.approval_config', 'mr_review.discussion_list']);
  });

  it('a list offers the item\'s actions with the item id named as what the call still needs', async () => {
    const r = await run(on.srv, 'pipeline.list', { project_id: P });
    expect(block(text(r)).steps).toEqual([
      ['pipeline.get', { project_id: P }, 'needs pipeline_id*: integer'],
      ['job.list', { project_id: P }, 'needs pipeline_id*: integer; optional: scope, include_retried, page (+1)'],
    ]);
  });

  it('an issue offers notes, a comment (body needed) and the update, its state values said', async () => {
    const { steps } = block(text(await run(on.srv, 'issue.get', { project_id: P, issue_iid: 1 })));
    expect(steps.map(([id, params, more]) => [id, params, more.split(';')[0]])).toEqual([
      ['issue.note_list', { project_id: P, issue_iid: 1 }, 'optional: sort, order_by, activity_filter (+2)'],
      ['issue.note_create', { project_id: P, issue_iid: 1 }, 'needs body*: string'],
      // The update names the params tasks set, with their types (its stepParams), so it runs without a find for its schema.
      ['issue.update', { project_id: P, issue_iid: 1 }, 'optional: state_event: "close"|"reopen", add_labels: string, remove_labels: string, assignees: string[], ' +
        'add_assignees: string[], milestone: string (+13)'],
    ]);
  });

  it('a file offers who wrote its lines and the commit that last changed it, ready to run, then its update and a new branch', async () => {
    const { steps } = block(text(await run(on.srv, 'repository.file_get', { project_id: P, file_path: 'README.md', ref: 'main' })));
    // README.md on main was last changed by Bob's setup documentation commit (7b33d998) in the seeded data.
    const last = '7b33d9980beead8fe962dbf2a9c21c99d18432b0';
    expect(steps.map(([id, params]) => [id, params])).toEqual([
      ['repository.file_blame', { project_id: P, file_path: 'README.md', ref: 'main' }],
      ['repository.commit_get', { project_id: P, sha: last }],
      ['repository.file_update', { project_id: P, file_path: 'README.md', branch: 'main' }],
      ['branch.create', { project_id: P, ref: 'main' }],
    ]);
    expect(steps[2]![2]).toMatch(/^needs commit_message\*: string; optional: content, old_text, new_text \(\+\d+\); write$/);
    // Both reads run verbatim, with no find: the blame names the commit, the commit its author and date.
    const blame = text(await run(on.srv, steps[0]![0], steps[0]![1]));
    expect(blame).toContain('### Lines 11–12 · 7b33d998 · Bob Martin · 2026-01-14 · Document the setup');
    const commit = text(await run(on.srv, steps[1]![0], steps[1]![1]));
    expect(commit).toContain('- **author_name**: Bob Martin');
    expect(commit).toContain(`- **id**: ${last}`);
  });

  it('a merge request list offers the update naming the params a task sets, and the step runs as named (no find for its schema)', async () => {
    const { steps } = block(text(await run(on.srv, 'merge_request.list', { project_id: P })));
    expect(steps.map(([id]) => id)).toEqual(['merge_request.get', 'mr_review.note_create', 'merge_request.update']);
    expect(steps[1]).toEqual(['mr_review.note_create', { project_id: P }, 'needs merge_request_iid*: integer, body*: string; optional: state_event: "close"|"reopen" (+3); write']);
    expect(steps[2]).toEqual(['merge_request.update', { project_id: P },
      'needs merge_request_iid*: integer; optional: state_event: "close"|"reopen", add_labels: string, assignees: string[], add_reviewers: string[], milestone: string (+17); write']);
    const r = await run(on.srv, 'merge_request.update', { ...steps[2]![1], merge_request_iid: 3, assignees: ['@bob'], milestone: 'v1.2' });
    expect(r.isError, text(r)).toBeFalsy();
    expect(text(r)).toContain('- **assignees**: @bob');
    expect(text(r)).toContain('- **milestone**: v1.2');
  });

  it('every everyday read stays within 650 characters of next steps', async () => {
    const calls: Array<[string, Record<string, unknown>]> = [
      ['merge_request.get', { project_id: P, merge_request_iid: 1 }], ['merge_request.list', { project_id: P }],
      ['issue.get', { project_id: P, issue_iid: 1 }], ['issue.list', { project_id: P }],
      ['pipeline.get', { project_id: P, pipeline_id: 1002 }], ['pipeline.list', { project_id: P }],
      ['job.list', { project_id: P, pipeline_id: 1002 }], ['branch.get', { project_id: P, branch_name: 'main' }], ['branch.list', { project_id: P }],
      ['repository.commit_list', { project_id: P }], ['repository.file_get', { project_id: P, file_path: 'README.md', ref: 'main' }],
      ['release.get', { project_id: P, tag_name: 'v1.1.0' }], ['release.list', { project_id: P }], ['project.members', { project_id: P }],
    ];
    for (const [id, params] of calls) {
      const r = await run(on.srv, id, params);
      const { chars, steps } = block(text(r));
      expect(steps.length, `${id}: ${text(r)}`).toBeGreaterThanOrEqual(2);
      expect(chars, id).toBeLessThanOrEqual(650);
    }
  });

  it('read-only mode offers no write as a next step', async () => {
    const ro = await startInProcess({ sandbox: on.sb, env: { FORGE_MCP_READ_ONLY: 'true' } });
    try {
      const { steps } = block(text(await run(ro, 'issue.get', { project_id: P, issue_iid: 1 })));
      expect(steps.map(([id]) => id)).toEqual(['issue.note_list']);
    } finally { await ro.close(); }
  });
});

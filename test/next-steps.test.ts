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
      ['issue.update', { project_id: P, issue_iid: 1 }, 'optional: title, description, state_event: "close"|"reopen" (+18)'],
    ]);
  });

  it('a file offers its update on the same branch, a new branch from it and a merge request from it', async () => {
    const { steps } = block(text(await run(on.srv, 'repository.file_get', { project_id: P, file_path: 'README.md', ref: 'main' })));
    expect(steps.map(([id, params]) => [id, params])).toEqual([
      ['repository.file_update', { project_id: P, file_path: 'README.md', branch: 'main' }],
      ['branch.create', { project_id: P, ref: 'main' }],
      ['merge_request.create', { project_id: P, source_branch: 'main' }],
    ]);
    expect(steps[0]![2]).toMatch(/^needs commit_message\*: string; optional: content, old_text, new_text \(\+\d+\); write$/);
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

// GitLab's list filters end to end (issue #18): None/Any on ID filters and the not[...] exclusions go out
// on the wire as GitLab names them, and the sandbox applies them, so the answer holds exactly the items
// GitLab would return (computed here from the sandbox's seed).
import { describe, it, expect } from 'vitest';
import { apiRequests, type ToolResultLike } from './helpers/harness.js';
import { sandboxServer } from './helpers/inproc.js';

const on = sandboxServer({ env: { FORGE_MCP_TOOL_SURFACE: 'individual' } });

const iidsOf = (r: ToolResultLike): number[] => {
  expect(r.isError, JSON.stringify(r.content)).toBeFalsy();
  const items = (r.structuredContent as { items?: Array<{ iid: number }> }).items ?? [];
  return items.map((x) => x.iid).sort((a, b) => a - b);
};
const lastQuery = (path: string): Record<string, string | string[]> => apiRequests(on.sb).filter((e) => e.path === path).at(-1)!.query;
const issues = () => [...on.sb.state.projects.get(1)!.issues.values()];
const mrs = () => [...on.sb.state.projects.get(1)!.mrs.values()];
const sorted = (xs: number[]): number[] => [...xs].sort((a, b) => a - b);

describe('issue list filters', () => {
  it('assignee_id None and Any: unassigned, then assigned issues', async () => {
    const none = iidsOf(await on.srv.call('forge_issue_list', { project_id: '1', assignee_id: 'None', per_page: 100 }));
    expect(lastQuery('/api/v4/projects/1/issues').assignee_id).toBe('None');
    const expectNone = sorted(issues().filter((i) => i.assigneeIds.length === 0).map((i) => i.iid));
    expect(expectNone.length).toBeGreaterThan(0);
    expect(none).toEqual(expectNone);
    const any = iidsOf(await on.srv.call('forge_issue_list', { project_id: '1', assignee_id: 'Any', per_page: 100 }));
    expect(any.length).toBeGreaterThan(0);
    expect(any).toEqual(sorted(issues().filter((i) => i.assigneeIds.length > 0).map((i) => i.iid)));
  });

  it('a number sent for an ID filter goes out as its digits; a word other than None/Any is refused before sending', async () => {
    const before = apiRequests(on.sb).length;
    const bad = await on.srv.call('forge_issue_list', { project_id: '1', assignee_id: 'nobody' });
    expect(bad.isError).toBe(true);
    expect(bad.content[0].text).toContain('assignee_id must be an ID or one of: None, Any');
    expect(apiRequests(on.sb).length).toBe(before);
    const assignee = issues().find((i) => i.assigneeIds.length > 0)!.assigneeIds[0];
    const got = iidsOf(await on.srv.call('forge_issue_list', { project_id: '1', assignee_id: assignee, per_page: 100 }));
    expect(lastQuery('/api/v4/projects/1/issues').assignee_id).toBe(String(assignee));
    expect(got).toEqual(sorted(issues().filter((i) => i.assigneeIds.includes(assignee)).map((i) => i.iid)));
  });

  it('not[iids] and not[author_id] exclude', async () => {
    const all = iidsOf(await on.srv.call('forge_issue_list', { project_id: '1', per_page: 100 }));
    const got = iidsOf(await on.srv.call('forge_issue_list', { project_id: '1', not_iids: [all[0], all[1]], per_page: 100 }));
    const q = lastQuery('/api/v4/projects/1/issues');
    expect(q['not[iids][]']).toEqual([String(all[0]), String(all[1])]);
    expect(got).toEqual(all.slice(2));
    const author = issues()[0].authorId;
    const notMine = iidsOf(await on.srv.call('forge_issue_list', { project_id: '1', not_author_id: author, per_page: 100 }));
    expect(lastQuery('/api/v4/projects/1/issues')['not[author_id]']).toBe(String(author));
    expect(notMine).toEqual(sorted(issues().filter((i) => i.authorId !== author).map((i) => i.iid)));
  });
});

// weight and epic_id are Premium filters: a Free instance does not offer them (test/find-param-tiers.test.ts),
// so the sandbox's filtering is checked where GitLab applies them, on a licensed instance.
describe('issue list filters of a paid plan (licensed sandbox)', () => {
  const paid = sandboxServer({ env: { FORGE_MCP_TOOL_SURFACE: 'individual' }, sandbox: { licensed: true } });
  const paidIssues = () => [...paid.sb.state.projects.get(1)!.issues.values()];

  it('weight None/Any: issues without a weight, then with one', async () => {
    const weighted = iidsOf(await paid.srv.call('forge_issue_list', { project_id: '1', weight: 'Any', per_page: 100 }));
    expect(weighted).toEqual(sorted(paidIssues().filter((i) => i.weight !== null).map((i) => i.iid)));
    expect(weighted.length).toBeGreaterThan(0);
    const unweighted = iidsOf(await paid.srv.call('forge_issue_list', { project_id: '1', weight: 'None', per_page: 100 }));
    expect(unweighted).toEqual(sorted(paidIssues().filter((i) => i.weight === null).map((i) => i.iid)));
  });

  it('epic_id None keeps every issue and Any none (the sandbox models no epics)', async () => {
    const all = iidsOf(await paid.srv.call('forge_issue_list', { project_id: '1', per_page: 100 }));
    expect(iidsOf(await paid.srv.call('forge_issue_list', { project_id: '1', epic_id: 'None', per_page: 100 }))).toEqual(all);
    expect(iidsOf(await paid.srv.call('forge_issue_list', { project_id: '1', epic_id: 'Any', per_page: 100 }))).toEqual([]);
  });
});

describe('merge request list filters', () => {
  it('reviewer_id None: merge requests without reviewers; not[reviewer_id] excludes a reviewer', async () => {
    const none = iidsOf(await on.srv.call('forge_merge_request_list', { project_id: '1', reviewer_id: 'None', per_page: 100 }));
    expect(lastQuery('/api/v4/projects/1/merge_requests').reviewer_id).toBe('None');
    const expectNone = sorted(mrs().filter((m) => m.reviewerIds.length === 0).map((m) => m.iid));
    expect(expectNone.length).toBeGreaterThan(0);
    expect(none).toEqual(expectNone);
    const reviewer = mrs().find((m) => m.reviewerIds.length > 0)!.reviewerIds[0];
    const got = iidsOf(await on.srv.call('forge_merge_request_list', { project_id: '1', not_reviewer_id: reviewer, per_page: 100 }));
    expect(lastQuery('/api/v4/projects/1/merge_requests')['not[reviewer_id]']).toBe(String(reviewer));
    expect(got).toEqual(sorted(mrs().filter((m) => !m.reviewerIds.includes(reviewer)).map((m) => m.iid)));
  });
});

describe('milestone list filters', () => {
  it('state all lists active and closed milestones; active and closed each one side', async () => {
    const milestones = [...on.sb.state.projects.get(1)!.milestones];
    const states = new Set(milestones.map((m) => m.state));
    expect(states).toEqual(new Set(['active', 'closed']));
    const all = iidsOf(await on.srv.call('forge_project_milestone_list', { project_id: '1', state: 'all', per_page: 100 }));
    expect(lastQuery('/api/v4/projects/1/milestones').state).toBe('all');
    expect(all).toEqual(sorted(milestones.map((m) => m.iid)));
    const closed = iidsOf(await on.srv.call('forge_project_milestone_list', { project_id: '1', state: 'closed', per_page: 100 }));
    expect(closed).toEqual(sorted(milestones.filter((m) => m.state === 'closed').map((m) => m.iid)));
  });
});

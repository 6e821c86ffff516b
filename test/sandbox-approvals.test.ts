// Issue #29, merge requests, issues, approvals and GraphQL of the sandbox: each flow written then read back
// through the MCP server on a licensed (Premium) sandbox, with GitLab's shapes, codes and derived fields.
import { describe, it, expect } from 'vitest';
import { SANDBOX_TOKEN } from '../src/sandbox/index.js';
import { simulatesGraphql } from '../src/sandbox/graphql.js';
import { paginate } from '../src/sandbox/util.js';
import type { SandboxState } from '../src/sandbox/state.js';
import { text } from './helpers/harness.js';
import { sandboxServer } from './helpers/inproc.js';
import { runApproved, okText } from './helpers/approved-calls.js';

const on = sandboxServer({ sandbox: { licensed: true }, env: { FORGE_MCP_YOLO_MODE: 'true', FORGE_MCP_TIER: 'ultimate' } });

const run = (action: string, params: Record<string, unknown>) => runApproved(on.srv, action, params);
const ok = (action: string, params: Record<string, unknown>) => okText(on.srv, action, params);
async function api(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${on.sb.url}/api/v4${path}`, { method, headers: { 'private-token': SANDBOX_TOKEN, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const t = await res.text();
  return { status: res.status, body: t ? JSON.parse(t) : null };
}
async function gql(query: string, variables: Record<string, unknown> = {}): Promise<any> {
  const res = await fetch(`${on.sb.url}/api/graphql`, { method: 'POST', headers: { 'private-token': SANDBOX_TOKEN, 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) });
  return res.json();
}

describe('approvals: project rules feed the merge request approval state', () => {
  it('!1 needs the seeded approval: not_approved, and merging it is refused with 405', async () => {
    const mr = (await api('GET', '/projects/1/merge_requests/1')).body;
    expect(mr).toMatchObject({ detailed_merge_status: 'not_approved', merge_status: 'can_be_merged', has_conflicts: false });
    expect((await api('GET', '/projects/1/merge_requests/1/approvals')).body).toMatchObject({ approvals_required: 1, approvals_left: 1, approved: false, approved_by: [] });
    const r = await run('merge_request.merge', { project_id: 1, merge_request_iid: 1 });
    expect(r.isError).toBe(true);
    expect(text(r)).toContain('405');
    expect((await api('GET', '/projects/1/merge_requests/1')).body.state).toBe('opened');
  });

  it('a licensed instance exposes an issue\'s weight, and the issue card carries it', async () => {
    expect((await api('GET', '/projects/1/issues/1')).body.weight).toBe(3);
    expect((await run('issue.get', { project_id: 1, issue_iid: 1 })).structuredContent).toMatchObject({ weight: 3 });
  });

  it('a project rule, an approval and a merge request override agree across every answer', async () => {
    await ok('project.approval_rule_create', { project_id: 1, name: 'Security', approvals_required: 1, user_ids: [4] });
    const rules = (await api('GET', '/projects/1/approval_rules')).body;
    expect(rules.map((x: any) => [x.name, x.rule_type, x.approvals_required, x.eligible_approvers.map((u: any) => u.username)])).toEqual([['All Members', 'any_approver', 1, []], ['Security', 'regular', 1, ['bob']]]);
    const dup = await api('POST', '/projects/1/approval_rules', { name: 'Security', approvals_required: 1 });
    expect(dup).toEqual({ status: 400, body: { message: { name: ['has already been taken'] } } });
    expect(await api('POST', '/projects/1/approval_rules', { name: 'X' })).toEqual({ status: 400, body: { error: 'approvals_required is missing' } });

    await ok('merge_request.approve', { project_id: 1, merge_request_iid: 1 });
    const state = (await api('GET', '/projects/1/merge_requests/1/approval_state')).body;
    expect(state.approval_rules_overwritten).toBe(false);
    expect(state.rules.map((x: any) => [x.name, x.approved, x.approved_by.map((u: any) => u.username)])).toEqual([['All Members', true, ['demo']], ['Security', false, []]]);
    expect((await api('GET', '/projects/1/merge_requests/1/approvals')).body).toMatchObject({ approvals_required: 2, approvals_left: 1, approved: false });
    expect((await api('GET', '/projects/1/merge_requests/1')).body.detailed_merge_status).toBe('not_approved');

    // The MR's own rules: the project rules are copied on the first change, then the change applies.
    const security = rules[1].id;
    await ok('merge_request.approval_rule_update', { project_id: 1, merge_request_iid: 1, approval_rule_id: security, approvals_required: 0 });
    const own = (await api('GET', '/projects/1/merge_requests/1/approval_rules')).body;
    expect(own.map((x: any) => [x.name, x.approvals_required, x.source_rule, x.overridden])).toEqual([['All Members', 1, { approvals_required: 1 }, false], ['Security', 0, { approvals_required: 1 }, true]]);
    expect((await api('GET', '/projects/1/merge_requests/1/approval_state')).body.approval_rules_overwritten).toBe(true);
    expect((await api('GET', '/projects/1/merge_requests/1/approvals')).body).toMatchObject({ approvals_required: 1, approvals_left: 0, approved: true });
    expect((await api('GET', '/projects/1/merge_requests/1')).body.detailed_merge_status).toBe('mergeable');
  });

  it('a rule scoped to a wildcard protected branch applies to the merge requests into the branches it matches', async () => {
    await ok('branch.create', { project_id: 1, branch_name: 'release/9.0', ref: 'main' });
    const prot = (await api('POST', '/projects/1/protected_branches', { name: 'release/*' })).body;
    await ok('project.approval_rule_create', { project_id: 1, name: 'Release managers', approvals_required: 1, user_ids: [4], protected_branch_ids: [prot.id] });
    const mr = (await api('POST', '/projects/1/merge_requests', { source_branch: 'feature/readme-intro', target_branch: 'release/9.0', title: 'README for 9.0' })).body;
    const names = async (iid: number) => (await api('GET', `/projects/1/merge_requests/${iid}/approval_state`)).body.rules.map((x: any) => x.name);
    expect(await names(mr.iid)).toContain('Release managers');
    expect(await names(1)).not.toContain('Release managers');
    const rule = (await api('GET', '/projects/1/approval_rules')).body.find((x: any) => x.name === 'Release managers');
    await ok('project.approval_rule_delete', { project_id: 1, approval_rule_id: rule.id });
    await ok('merge_request.update', { project_id: 1, merge_request_iid: mr.iid, state_event: 'close' });
    expect((await api('DELETE', '/projects/1/protected_branches/release%2F*')).status).toBe(204);
  });

  it('settings: one record behind /approvals and /merge_request_approval_setting; authors may not approve by default', async () => {
    expect((await api('GET', '/projects/1/merge_request_approval_setting')).body.allow_author_approval).toEqual({ value: false, locked: false, inherited_from: null });
    await ok('project.approval_config_change', { project_id: 1, reset_approvals_on_push: false, merge_requests_author_approval: true });
    const s = (await api('GET', '/projects/1/merge_request_approval_setting')).body;
    expect(s.retain_approvals_on_push).toEqual({ value: true, locked: false, inherited_from: null });
    expect(s.allow_author_approval.value).toBe(true);
    // The group forbids author approval: the project's setting is locked to it.
    await ok('merge_request.approval_settings_group_update', { group_id: 10, allow_author_approval: false });
    expect((await api('GET', '/projects/1/merge_request_approval_setting')).body.allow_author_approval).toEqual({ value: false, locked: true, inherited_from: 'group' });
    expect((await api('GET', '/projects/1/approvals')).body).toMatchObject({ merge_requests_author_approval: false, reset_approvals_on_push: false });
    expect((await api('PUT', '/projects/1/merge_requests/1/reset_approvals')).status).toBe(401);
  });

  it('a blocking merge request holds the merge until it merges; deleting the block releases it', async () => {
    const blocked = await api('POST', '/projects/1/merge_requests/1/blocks', { blocking_merge_request_iid: 4 });
    expect(blocked.status).toBe(201);
    expect(blocked.body).toMatchObject({ blocking_merge_request: { iid: 4 }, blocked_merge_request: { iid: 1 }, project_id: 1 });
    expect((await api('GET', '/projects/1/merge_requests/1')).body.detailed_merge_status).toBe('merge_request_blocked');
    expect((await api('GET', '/projects/1/merge_requests/1/blocks')).body.map((b: any) => b.id)).toEqual([blocked.body.id]);
    await ok('merge_request.dependency_delete', { project_id: 1, merge_request_iid: 1, block_id: blocked.body.id });
    expect((await api('GET', '/projects/1/merge_requests/1')).body.detailed_merge_status).toBe('mergeable');
  });
});

describe('detailed_merge_status follows the project settings, in GitLab\'s check order', () => {
  it('unresolved threads, then CI, block the merge only when the project requires it', async () => {
    const status = async () => (await api('GET', '/projects/1/merge_requests/1')).body.detailed_merge_status;
    expect(await status()).toBe('mergeable');
    await api('PUT', '/projects/1', { only_allow_merge_if_all_discussions_are_resolved: true, only_allow_merge_if_pipeline_succeeds: true });
    expect(await status()).toBe('discussions_not_resolved');
    expect((await api('PUT', '/projects/1/merge_requests/1/merge')).status).toBe(405);
    await api('PUT', '/projects/1', { only_allow_merge_if_all_discussions_are_resolved: false });
    // !1's head pipeline failed.
    expect(await status()).toBe('ci_must_pass');
    await api('PUT', '/projects/1', { only_allow_merge_if_pipeline_succeeds: false });
    expect(await status()).toBe('mergeable');
    expect((await api('GET', '/projects/1/merge_requests/4')).body.detailed_merge_status).toBe('not_approved');
  });
});

describe('merge request and issue workflow', () => {
  it('subscriptions: the subscribed field follows, and a repeated call answers 304', async () => {
    // demo takes part in issue 1, so is subscribed until it unsubscribes.
    expect((await api('GET', '/projects/1/issues/1')).body.subscribed).toBe(true);
    await ok('issue.unsubscribe', { project_id: 1, issue_iid: 1 });
    expect((await api('GET', '/projects/1/issues/1')).body.subscribed).toBe(false);
    await ok('issue.subscribe', { project_id: 1, issue_iid: 1 });
    expect((await api('GET', '/projects/1/issues/1')).body.subscribed).toBe(true);
    expect((await api('POST', '/projects/1/issues/1/subscribe')).status).toBe(304);
    await ok('merge_request.unsubscribe', { project_id: 1, merge_request_iid: 4 });
    expect((await api('GET', '/projects/1/merge_requests/4')).body.subscribed).toBe(false);
  });

  it('reorder places an issue before another; order_by=relative_position honours it', async () => {
    const issues = (await api('GET', '/projects/1/issues?per_page=100')).body;
    const id = (iid: number) => issues.find((i: any) => i.iid === iid).id;
    await ok('issue.reorder', { project_id: 1, issue_iid: 5, move_after_id: id(2) });
    const order = (await api('GET', '/projects/1/issues?order_by=relative_position&per_page=4')).body.map((i: any) => i.iid);
    expect(order).toEqual([1, 5, 2, 3]);
  });

  it('iteration events: none, since the sandbox has no iterations', async () => {
    expect(await api('GET', '/projects/1/issues/1/resource_iteration_events')).toEqual({ status: 200, body: [] });
    expect(await api('GET', '/projects/1/issues/1/resource_iteration_events/1')).toEqual({ status: 404, body: { message: '404 Not found' } });
  });

  it('context commits are added, listed and removed', async () => {
    const sha = (await api('GET', '/projects/1/repository/commits?ref_name=main')).body[1].id;
    expect((await api('POST', '/projects/1/merge_requests/1/context_commits', { commits: [sha] })).status).toBe(201);
    expect((await api('GET', '/projects/1/merge_requests/1/context_commits')).body.map((c: any) => c.id)).toEqual([sha]);
    expect(await api('POST', '/projects/1/merge_requests/1/context_commits', { commits: ['0000000'] })).toEqual({ status: 400, body: { message: "One or more context commits' sha is not valid." } });
    await ok('merge_request.context_commits_delete', { project_id: 1, merge_request_iid: 1, commits: [sha] });
    expect((await api('GET', '/projects/1/merge_requests/1/context_commits')).body).toEqual([]);
  });

  it('a merge request pipeline needs jobs for merge request pipelines in the CI configuration', async () => {
    expect(await api('POST', '/projects/1/merge_requests/1/pipelines')).toEqual({ status: 400, body: { message: { base: ['Pipeline will not run for the selected trigger. The rules configuration prevented any jobs from being added to the pipeline.'] } } });
  });

  it('rebase replays the source commits on the new target head; approvals stay when the project retains them', async () => {
    const pushed = await api('POST', '/projects/1/repository/commits', { branch: 'main', commit_message: 'Add a changelog', actions: [{ action: 'create', file_path: 'CHANGELOG.md', content: '# Changelog\n' }] });
    expect(pushed.status).toBe(201);
    const before = (await api('GET', '/projects/1/merge_requests/1')).body;
    expect(before.diff_refs.start_sha).toBe(pushed.body.id);
    await ok('merge_request.rebase', { project_id: 1, merge_request_iid: 1, skip_ci: true });
    const after = (await api('GET', '/projects/1/merge_requests/1?include_rebase_in_progress=true')).body;
    expect(after.sha).not.toBe(before.sha);
    expect(after).toMatchObject({ rebase_in_progress: false, merge_error: null, diff_refs: { base_sha: pushed.body.id, start_sha: pushed.body.id } });
    const commits = (await api('GET', '/projects/1/merge_requests/1/commits')).body;
    expect(commits.map((c: any) => [c.title, c.parent_ids])).toEqual([['Handle unicode passwords in login', [pushed.body.id]]]);
    expect((await api('GET', '/projects/1/merge_requests/1/approvals')).body.approved_by.map((a: any) => a.user.username)).toEqual(['demo']);
  });

  it('a conflicting rebase answers rebase_in_progress, then reports GitLab\'s merge_error and moves nothing', async () => {
    const before = (await api('GET', '/projects/1/merge_requests/3')).body;
    expect(await api('PUT', '/projects/1/merge_requests/3/rebase')).toEqual({ status: 202, body: { rebase_in_progress: true } });
    const after = (await api('GET', '/projects/1/merge_requests/3?include_rebase_in_progress=true')).body;
    expect(after).toMatchObject({ sha: before.sha, rebase_in_progress: false, merge_error: 'Rebase failed: Rebase locally, resolve all conflicts, then push the branch.' });
  });
});

describe('GraphQL', () => {
  it('saved views: create, list, update, subscribe, delete, with state', async () => {
    const c = await ok('issue.work_item_saved_view_create', { full_path: 'demo-group/demo-project', name: 'My bugs', sort: 'CREATED_DESC', filters: { labelName: ['bug'] } });
    expect(c).toContain('My bugs');
    const list = await gql('query { namespace(fullPath: "demo-group/demo-project") { savedViews { nodes { id name subscribed private: isPrivate sort } } } }');
    const view = list.data.namespace.savedViews.nodes[0];
    expect(view).toMatchObject({ name: 'My bugs', subscribed: true, private: true, sort: 'CREATED_DESC' });
    const idNum = view.id.split('/').pop();
    await ok('issue.work_item_saved_view_update', { saved_view_id: idNum, name: 'Open bugs' });
    await ok('issue.work_item_saved_view_unsubscribe', { saved_view_id: idNum });
    const got = await gql(`query { namespace(fullPath: "demo-group/demo-project") { savedViews(id: "${view.id}") { nodes { name subscribed } } } }`);
    expect(got.data.namespace.savedViews.nodes).toEqual([{ name: 'Open bugs', subscribed: false }]);
    await ok('issue.work_item_saved_view_delete', { saved_view_id: idNum });
    expect((await gql('query { namespace(fullPath: "demo-group/demo-project") { savedViews { nodes { id } } } }')).data.namespace.savedViews.nodes).toEqual([]);
  });

  it('target branch rules: create, list, delete', async () => {
    await ok('project.target_branch_rule_create', { project_id: 1, name: 'release/*', target_branch: 'main' });
    const rules = (await gql('query { project(fullPath: "demo-group/demo-project") { targetBranchRules { nodes { id name targetBranch } } } }')).data.project.targetBranchRules.nodes;
    expect(rules).toEqual([{ id: expect.stringMatching(/^gid:\/\/gitlab\/Projects::TargetBranchRule\/\d+$/), name: 'release/*', targetBranch: 'main' }]);
    await ok('project.target_branch_rule_delete', { rule_id: rules[0].id });
    expect((await gql('query { project(fullPath: "demo-group/demo-project") { targetBranchRules { nodes { id } } } }')).data.project.targetBranchRules.nodes).toEqual([]);
  });

  it('a selection with a field the resolver does not answer is refused whole, never answered null', async () => {
    const q = 'query { project(fullPath: "demo-group/demo-project") { name vulnerabilities { nodes { id } } } }';
    expect(simulatesGraphql(q)).toBe(false);
    expect(simulatesGraphql('query { project(fullPath: "demo-group/demo-project") { name mergeRequest(iid: "1") { title } } }')).toBe(true);
    expect(await gql(q)).toEqual({ data: { project: null }, errors: [{ message: 'not simulated by the sandbox: GraphQL query project', path: ['project'] }] });
  });
});

describe('pagination', () => {
  it('past 10,000 rows the list is not counted: no x-total, x-total-pages or rel="last", as GitLab answers', () => {
    const ctx = { state: { url: 'http://on.sb' } as SandboxState, rawPath: '/api/v4/projects/1/issues', query: { per_page: '100' } };
    const counted = paginate(ctx, Array.from({ length: 10_000 }, (_, i) => i));
    expect(counted.headers).toMatchObject({ 'x-total': '10000', 'x-total-pages': '100', 'x-next-page': '2' });
    const big = paginate(ctx, Array.from({ length: 10_001 }, (_, i) => i));
    expect(big.headers?.['x-total']).toBeUndefined();
    expect(big.headers?.['x-total-pages']).toBeUndefined();
    expect(big.headers).toMatchObject({ 'x-next-page': '2', 'x-page': '1', 'x-per-page': '100' });
    expect(big.headers?.link).not.toContain('rel="last"');
  });
});

// Companion parameters (issue #30): people, milestones and namespaces by name, next steps ready to run, and one
// call where GitLab's UI takes one step — through an MCP client against the sandbox, with the sandbox's
// request log telling what reached the platform (and that nothing was written when a name is refused).
import { describe, it, expect, beforeEach } from 'vitest';
import { apiRequests, text } from './helpers/harness.js';
import { sandboxServer, startInProcess } from './helpers/inproc.js';

const on = sandboxServer();
beforeEach(() => { on.sb.clearLog(); on.sb.clearFaults(); });

const run = (action: string, params: Record<string, unknown>) => on.srv.call('forge_execute_action', { action, params });
const sent = () => apiRequests(on.sb).map((e) => `${e.method} ${e.path}`);
const writes = () => apiRequests(on.sb).filter((e) => e.method !== 'GET' && e.method !== 'HEAD');
const P = 'demo-group/demo-project';
const EP = '/api/v4/projects/demo-group%2Fdemo-project';

describe('people and milestones by name', () => {
  it('resolves @usernames and a milestone title, shows the ids and sends only ids', async () => {
    const r = await run('issue.create', { project_id: P, title: 'Named people', assignees: ['@alice', 'bob'], milestone: 'v1.2' });
    expect(r.isError, text(r)).toBeFalsy();
    expect(text(r)).toContain('Resolved: `assignees` `["@alice","bob"]` → `assignee_ids` 3, 4; `milestone` `"v1.2"` → `milestone_id` 402.');
    expect(r.structuredContent?.resolved).toEqual({ assignees: { assignee_ids: [3, 4] }, milestone: { milestone_id: 402 } });
    expect(sent()).toEqual([
      'GET /api/v4/users', 'GET /api/v4/users', `GET ${EP}/milestones`, `POST ${EP}/issues`,
    ]);
    const [alice, bob, milestone, post] = apiRequests(on.sb);
    expect(alice.query).toMatchObject({ username: 'alice' });
    expect(bob.query).toMatchObject({ username: 'bob' });
    expect(milestone.query).toMatchObject({ title: 'v1.2' });
    expect(post.body).toMatchObject({ title: 'Named people', assignee_ids: [3, 4], milestone_id: 402 });
    expect(post.body).not.toHaveProperty('assignees');
    expect(post.body).not.toHaveProperty('milestone');
  });

  it('each lookup draws from the caller\'s rate limit: a call naming more people than its budget is refused before any write', async () => {
    const tight = await startInProcess({ sandbox: on.sb, env: { FORGE_MCP_RATE_LIMIT_RPS: '0.001', FORGE_MCP_RATE_LIMIT_BURST: '2' } });
    try {
      on.sb.clearLog();
      const r = await tight.call('forge_execute_action', { action: 'issue.create', params: { project_id: P, title: 'Too many names', assignees: ['@alice', 'bob'] } });
      expect(r.isError).toBe(true);
      expect(text(r)).toMatch(/^issueCreate: rate limit exceeded/);
      // The call took one token, alice's lookup the second; bob's was refused before it was sent.
      expect(sent()).toEqual(['GET /api/v4/users']);
      expect(writes()).toEqual([]);
    } finally { await tight.close(); }
  });

  it('looks each name up once per session', async () => {
    const r = await run('issue.create', { project_id: P, title: 'Named again', assignees: ['@alice'], milestone: 'v1.2' });
    expect(r.isError, text(r)).toBeFalsy();
    expect(sent()).toEqual([`POST ${EP}/issues`]);
  });

  it('refuses a name several users carry, naming them, and writes nothing', async () => {
    on.sb.state.users.set(90, { ...on.sb.state.users.get(3)!, id: 90, username: 'alice.chen', email: 'alice.chen@example.com' });
    const r = await run('issue.create', { project_id: P, title: 'Ambiguous', assignees: ['Alice Chen'] });
    expect(r.isError).toBe(true);
    expect(text(r)).toBe('issueCreate: several users match "Alice Chen": @alice (Alice Chen), @alice.chen (Alice Chen); give the @username. Nothing was changed.');
    expect(writes()).toEqual([]);
    on.sb.state.users.delete(90);
  });

  it('refuses a username nobody has, with the near ones as candidates, and writes nothing', async () => {
    const near = await run('merge_request.update', { project_id: P, merge_request_iid: 2, reviewers: ['@ali'] });
    expect(text(near)).toBe('mergeRequestUpdate: no user has the username "ali"; candidates: @alice (Alice Chen). Nothing was changed.');
    const none = await run('merge_request.update', { project_id: P, merge_request_iid: 2, reviewers: ['@zed'] });
    expect(text(none)).toBe('mergeRequestUpdate: no user matches "zed"; check the name with user.list. Nothing was changed.');
    expect(writes()).toEqual([]);
  });

  it('refuses a milestone title that matches none or several, naming the candidates', async () => {
    const none = await run('issue.update', { project_id: P, issue_iid: 3, milestone: 'v1' });
    expect(text(none)).toBe(`issueUpdate: no milestone in project ${P} is titled "v1"; candidates: "v1.1" (id 401, project milestone, closed), "v1.2" (id 402, project milestone, active). Nothing was changed.`);
    const p = on.sb.state.projects.get(1)!;
    p.milestones.push({ ...p.milestones.find((m) => m.id === 402)!, id: 499, iid: 9 });
    // Project 1 by its id: a scope of its own, not answered from the session's cache.
    const two = await run('issue.update', { project_id: 1, issue_iid: 3, milestone: 'v1.2' });
    p.milestones.pop();
    expect(text(two)).toBe(`issueUpdate: several milestones in project 1 are titled "v1.2": "v1.2" (id 402, project milestone, active), "v1.2" (id 499, project milestone, active); give milestone_id. Nothing was changed.`);
    expect(writes()).toEqual([]);
  });

  it('refuses a companion beside the id it fills, or an empty list, before anything is sent', async () => {
    const both = await run('issue.update', { project_id: P, issue_iid: 3, assignees: ['@alice'], assignee_ids: [4] });
    expect(text(both)).toBe('issueUpdate: give assignees or assignee_ids, not both');
    const empty = await run('issue.update', { project_id: P, issue_iid: 3, assignees: [] });
    expect(text(empty)).toBe('issueUpdate: assignees needs at least one @username (to clear the list, send assignee_ids: [] instead)');
    expect(sent()).toEqual([]);
  });

  it('names the member or the milestone an action is about (the path id they fill)', async () => {
    const member = await run('project.member_get', { project_id: 1, user: '@alice' });
    expect(member.isError, text(member)).toBeFalsy();
    expect(sent()).toEqual(['GET /api/v4/projects/1/members/3']);
    const ms = await run('project.milestone_update', { project_id: P, milestone: 'v1.1', description: 'Session handling, done.' });
    expect(ms.isError, text(ms)).toBeFalsy();
    expect(sent().slice(1)).toEqual([`GET ${EP}/milestones`, `PUT ${EP}/milestones/401`]);
    const neither = await run('project.member_get', { project_id: 1 });
    expect(text(neither)).toMatch(/Missing required params: user_id\./);
  });

  it('a work item names its project or group by full_path: the milestone is looked up where it lives', async () => {
    const p = on.sb.state.projects.get(1)!;
    p.milestones.push({ ...p.milestones.find((m) => m.id === 402)!, id: 450, iid: 3, title: 'v2.0' });
    const r = await run('issue.work_item_create', { full_path: P, title: 'Named work item', work_item_type_id: '1', assignees: ['@bob'], milestone: 'v2.0' });
    expect(sent().filter((x) => x.startsWith(`GET ${EP}`))).toEqual([`GET ${EP}`, `GET ${EP}/milestones`]);
    const mutation = apiRequests(on.sb).find((e) => e.path === '/api/graphql');
    expect(JSON.stringify(mutation?.body)).toContain('"assigneeIds":["gid://gitlab/User/4"]');
    expect(JSON.stringify(mutation?.body)).toContain('"milestoneId":"gid://gitlab/Milestone/450"');
    expect(text(r)).toContain('`milestone` `"v2.0"` → `milestone_id` 450');
  });

  it('documents every companion as server-resolved in the schema and in the compact form', async () => {
    const found = await on.srv.call('forge_find_action', { query: 'create an issue', limit: 1 });
    expect(text(found)).toContain('   - assignees: string[] — Assignees as @usernames (e.g. ["@alice"]); server-resolved into assignee_ids');
    const r = await on.srv.call('forge_find_action', { query: 'issue.create' });
    expect(text(r)).toContain('   - milestone: string — Milestone title (e.g. "v1.2"); server-resolved into milestone_id');
    // The exact JSON schema (forge://tools/{id}) says the same.
    const res = await on.srv.client.readResource({ uri: 'forge://tools/issue.create' });
    const schema = (JSON.parse((res.contents[0] as { text: string }).text) as { input_schema: { properties: Record<string, unknown> } }).input_schema;
    expect(schema.properties.assignees).toEqual({ description: 'Assignees as @usernames (e.g. ["@alice"]); server-resolved into assignee_ids', type: 'array', items: { type: 'string' } });
    expect(schema.properties.milestone).toEqual({ description: 'Milestone title (e.g. "v1.2"); server-resolved into milestone_id', type: 'string' });
  });
});

describe('namespaces and groups by full path', () => {
  it('creates a project in a subgroup named by its full path, with one lookup, and shows the id', async () => {
    const r = await run('project.create', { name: 'named-ns', namespace: 'demo-group/platform' });
    expect(r.isError, text(r)).toBeFalsy();
    expect(text(r)).toContain('Resolved: `namespace` `"demo-group/platform"` → `namespace_id` 11.');
    expect(r.structuredContent?.resolved).toEqual({ namespace: { namespace_id: 11 } });
    expect(r.structuredContent?.path_with_namespace).toBe('demo-group/platform/named-ns');
    expect(sent()).toEqual(['GET /api/v4/namespaces/demo-group%2Fplatform', 'POST /api/v4/projects']);
    const post = apiRequests(on.sb)[1];
    expect(post.body).toMatchObject({ name: 'named-ns', namespace_id: 11 });
    expect(post.body).not.toHaveProperty('namespace');
  });

  it('looks each path up once per session (case as GitLab: insensitive)', async () => {
    const r = await run('project.create', { name: 'named-ns-2', namespace: 'Demo-Group/Platform' });
    expect(r.isError, text(r)).toBeFalsy();
    expect(sent()).toEqual(['POST /api/v4/projects']);
    expect(apiRequests(on.sb)[0].body).toMatchObject({ namespace_id: 11 });
  });

  it("finds a user's namespace by the username", async () => {
    const mine = await run('project.create', { name: 'in-my-space', namespace: 'demo' });
    expect(text(mine)).toContain('Resolved: `namespace` `"demo"` → `namespace_id` 101.');
    expect(mine.structuredContent?.path_with_namespace).toBe('demo/in-my-space');
    expect(sent()).toEqual(['GET /api/v4/namespaces/demo', 'POST /api/v4/projects']);
  });

  it('refuses a path that matches nothing before anything is written, naming what was looked up', async () => {
    const r = await run('project.create', { name: 'nowhere', namespace: 'demo-group/nope' });
    expect(r.isError).toBe(true);
    expect(text(r)).toBe('projectCreate: namespace "demo-group/nope": no group or user namespace you can see has that full path (GET /namespaces/demo-group%2Fnope answered 404); check it with user.namespace_list or give the ID. Nothing was changed.');
    expect(sent()).toEqual(['GET /api/v4/namespaces/demo-group%2Fnope']);
    expect(writes()).toEqual([]);
    const both = await run('project.create', { name: 'both', namespace: 'demo-group', namespace_id: 10 });
    expect(text(both)).toBe('projectCreate: give namespace or namespace_id, not both');
    expect(writes()).toEqual([]);
  });

  it('a param that takes a group id only is looked up among groups: a project shared with a group by its path', async () => {
    const r = await run('project.share_with_group', { project_id: 'demo-group/demo-project', group: 'demo-group/platform', group_access: 30 });
    expect(r.isError, text(r)).toBeFalsy();
    expect(text(r)).toContain('Resolved: `group` `"demo-group/platform"` → `group_id` 11.');
    expect(sent()).toEqual(['GET /api/v4/groups/demo-group%2Fplatform', `POST ${EP}/share`]);
    const [lookup, post] = apiRequests(on.sb);
    // Only the id is read: the group's answer leaves its projects out.
    expect(lookup.query).toMatchObject({ with_projects: 'false' });
    expect(post.body).toMatchObject({ group_id: 11, group_access: 30 });
    // A user's namespace is no group.
    const user = await run('project.share_with_group', { project_id: 'demo-group/demo-project', group: 'alice', group_access: 30 });
    expect(text(user)).toBe('projectShareWithGroup: group "alice": no group you can see has that full path (GET /groups/alice answered 404); check it with group.list or give the ID. Nothing was changed.');
    // Only the first call's share was written.
    expect(writes().map((e) => `${e.method} ${e.path}`)).toEqual([`POST ${EP}/share`]);
  });

  it('safe mode previews the lookup and sends nothing', async () => {
    const safe = await startInProcess({ sandbox: on.sb, env: { FORGE_MCP_SAFE_MODE: 'true' } });
    try {
      on.sb.clearLog();
      const r = await safe.call('forge_execute_action', { action: 'group.create', params: { name: 'QA', path: 'qa', parent: 'demo-group/platform' } });
      expect(text(r)).toContain('1. look up group `"demo-group/platform"` (`GET /groups/:path`) into `parent_id`');
      expect(sent()).toEqual([]);
    } finally { await safe.close(); }
  });
});

/** The next steps of an answer as the assistant reads them: `- \`<action> <params JSON>\`` lines. */
function nextSteps(markdown: string): Array<[string, Record<string, unknown>]> {
  const block = markdown.split('Next steps (ready to run with these params):\n')[1] ?? '';
  return [...block.matchAll(/^- `([a-z_]+\.[a-z_]+) (\{.*\})`(?: — .*)?$/gm)].map((m) => [m[1], JSON.parse(m[2]) as Record<string, unknown>]);
}

describe('next steps ready to run', () => {
  it('job.get suggests job.trace and job.retry with their params, and the trace runs verbatim', async () => {
    const [jobId] = [...on.sb.state.jobs.keys()];
    const r = await run('job.get', { project_id: P, job_id: jobId });
    expect(r.isError, text(r)).toBeFalsy();
    expect(r.structuredContent?.next_steps).toEqual(['job.trace', 'job.retry']);
    // Each with what it still takes: the trace's optional params, the retry's and its write flag.
    expect(text(r)).toContain(`Next steps (ready to run with these params):\n- \`job.trace {"project_id":"${P}","job_id":${jobId}}\` — optional: tail_lines, offset\n- \`job.retry {"project_id":"${P}","job_id":${jobId}}\` — optional: inputs; write`);
    const next = nextSteps(text(r));
    expect(next).toEqual([['job.trace', { project_id: P, job_id: jobId }], ['job.retry', { project_id: P, job_id: jobId }]]);
    const trace = await run(...next[0]);
    expect(trace.isError, text(trace)).toBeFalsy();
  });

  it('pipeline.get fills the pipeline of job.list from its answer', async () => {
    const [pipelineId] = [...on.sb.state.projects.get(1)!.pipelines.keys()];
    const r = await run('pipeline.get', { project_id: P, pipeline_id: pipelineId });
    const [list] = nextSteps(text(r));
    expect(list).toEqual(['job.list', { project_id: P, pipeline_id: pipelineId }]);
    const jobs = await run(...list);
    expect(jobs.isError, text(jobs)).toBeFalsy();
  });
});

describe('one call where the UI takes one step', () => {
  const thread = (): string => on.sb.state.notesFor({ kind: 'MergeRequest', projectId: 1, iid: 1, id: 501 }).find((n) => n.id === 5101)!.discussionId;

  it('replies to a thread and resolves it, reporting both steps in order', async () => {
    const d = thread();
    const r = await run('mr_review.discussion_reply', { project_id: 1, merge_request_iid: 1, discussion_id: d, body: 'Fixed in the last commit.', resolve: true });
    expect(r.isError, text(r)).toBeFalsy();
    expect(sent()).toEqual([`POST /api/v4/projects/1/merge_requests/1/discussions/${d}/notes`, `PUT /api/v4/projects/1/merge_requests/1/discussions/${d}`]);
    expect(apiRequests(on.sb)[0].body).toEqual({ body: 'Fixed in the last commit.' });
    expect(apiRequests(on.sb)[1].body).toEqual({ resolved: true });
    // The reply is one line (its note ID); the thread after the resolve is the answer, every note resolved.
    const reply = on.sb.state.notesFor({ kind: 'MergeRequest', projectId: 1, iid: 1, id: 501 }).find((n) => n.body === 'Fixed in the last commit.')!;
    expect(text(r)).toMatch(new RegExp(`^Step 1 of 2: \`mr_review.discussion_reply\` done: note ${reply.id}\\.\\n\\nStep 2 of 2: \`mr_review.discussion_resolve\` \\(\`resolved: true\`\\) done\\.\\n\\n## Thread \\(resolved\\)`));
    expect(text(r)).not.toMatch(/unresolved|\*\*resolved\*\*: false/);
    expect(r.structuredContent?.steps).toEqual([{ action: 'mr_review.discussion_reply', ok: true }, { action: 'mr_review.discussion_resolve', ok: true }]);
  });

  it('comments on an issue and closes it', async () => {
    // created_at belongs to the comment: the close step gets only what names the issue and its state_event.
    const r = await run('issue.note_create', { project_id: 1, issue_iid: 4, body: 'Done, closing.', created_at: '2026-03-01T10:00:00Z', state_event: 'close' });
    expect(r.isError, text(r)).toBeFalsy();
    expect(sent()).toEqual(['POST /api/v4/projects/1/issues/4/notes', 'PUT /api/v4/projects/1/issues/4']);
    expect(apiRequests(on.sb)[0].body).toEqual({ body: 'Done, closing.', created_at: '2026-03-01T10:00:00Z' });
    expect(apiRequests(on.sb)[1].body).toEqual({ state_event: 'close' });
    expect(on.sb.state.projects.get(1)!.issues.get(4)!.state).toBe('closed');
  });

  it('a failed second step says the first one happened', async () => {
    on.sb.fault({ method: 'PUT', path: '/api/v4/projects/1/merge_requests/2', status: 403, times: 1 });
    const r = await run('mr_review.note_create', { project_id: 1, merge_request_iid: 2, body: 'Superseded by !4.', state_event: 'close' });
    expect(r.isError).toBe(true);
    expect(text(r)).toMatch(/^Step 2 of 2 \(merge_request.update, from state_event\) failed; step 1 \(mr_review.note_create\) was done: mergeRequestUpdate: /);
    expect(sent()).toEqual(['POST /api/v4/projects/1/merge_requests/2/notes', 'PUT /api/v4/projects/1/merge_requests/2']);
  });

  it('adds a reviewer without replacing the others', async () => {
    const r = await run('merge_request.update', { project_id: 1, merge_request_iid: 1, add_reviewers: ['@alice'] });
    expect(r.isError, text(r)).toBeFalsy();
    // @alice was looked up earlier in this session: the current reviewers are read, nobody looked up again.
    expect(sent()).toEqual(['GET /api/v4/projects/1/merge_requests/1', 'PUT /api/v4/projects/1/merge_requests/1']);
    expect(apiRequests(on.sb)[1].body).toEqual({ reviewer_ids: [4, 3] });
    expect(text(r)).toContain('`reviewer_ids`: kept 4, added 3');
  });

  it('edits a file by replacing one exact text, based on the last commit of the file', async () => {
    const p = on.sb.state.projects.get(1)!;
    const before = p.repo.commits.get(p.repo.branches.get('main')!)!;
    const lastCommit = (await run('repository.file_get', { project_id: 1, file_path: 'docs/guide.md', ref: 'main' })).structuredContent?.last_commit_id;
    expect(lastCommit).toMatch(/^[0-9a-f]{40}$/);
    on.sb.clearLog();
    const r = await run('repository.file_update', {
      project_id: 1, file_path: 'docs/guide.md', branch: 'main', commit_message: 'Fix wording', old_text: 'Run `npm test`', new_text: 'Run `npm run check`',
    });
    expect(r.isError, text(r)).toBeFalsy();
    expect(sent()).toEqual(['GET /api/v4/projects/1/repository/files/docs%2Fguide.md', 'HEAD /api/v4/projects/1/repository/files/docs%2Fguide.md', 'PUT /api/v4/projects/1/repository/files/docs%2Fguide.md',
      // The write confirms its commit: the branch is read after it (#28).
      'GET /api/v4/projects/1/repository/branches/main']);
    const [read, , put] = apiRequests(on.sb);
    expect(read.query).toMatchObject({ ref: 'main' });
    expect(put.body).toEqual({
      branch: 'main', commit_message: 'Fix wording', last_commit_id: lastCommit,
      content: '# Contributor guide\n\n1. Fork the project and create a branch.\n2. Run `npm run check` before pushing.\n3. Open a merge request against `main`.\n',
    });
    const after = p.repo.commits.get(p.repo.branches.get('main')!)!;
    expect(after.files.get('README.md')).toBe(before.files.get('README.md'));
    expect(text(r)).toContain(`edit: one occurrence replaced in \`docs/guide.md\` at \`main\`, based on commit \`${String(lastCommit)}\``);
  });

  it('edits a file on a new branch: the text is read at start_branch, where GitLab creates the branch from', async () => {
    on.sb.clearLog();
    const r = await run('repository.file_update', {
      project_id: 1, file_path: 'docs/guide.md', branch: 'docs/edit-on-new-branch', start_branch: 'main', commit_message: 'Fix wording again',
      old_text: '3. Open a merge request', new_text: '3. Open a merge request (small ones)',
    });
    expect(r.isError, text(r)).toBeFalsy();
    // The read and the check that the file exists are both at main (the new branch does not exist yet).
    const [read, exists, put] = apiRequests(on.sb);
    expect(read.query).toMatchObject({ ref: 'main' });
    expect(exists.query).toMatchObject({ ref: 'main' });
    expect(put.body).toMatchObject({ branch: 'docs/edit-on-new-branch', start_branch: 'main' });
    expect(text(r)).toContain('at `main` (the new branch `docs/edit-on-new-branch` starts there)');
    const p = on.sb.state.projects.get(1)!;
    const tip = p.repo.commits.get(p.repo.branches.get('docs/edit-on-new-branch')!)!;
    expect(tip.files.get('docs/guide.md')).toContain('3. Open a merge request (small ones)');
  });

  it('refuses an edit whose text occurs twice or not at all, before writing', async () => {
    const twice = await run('repository.file_update', { project_id: 1, file_path: 'README.md', branch: 'main', commit_message: 'x', old_text: 'npm', new_text: 'pnpm' });
    expect(text(twice)).toBe('repositoryFileUpdate: old_text occurs 2 times in the file; give a longer text that occurs once. Nothing was changed.');
    const none = await run('repository.file_update', { project_id: 1, file_path: 'README.md', branch: 'main', commit_message: 'x', old_text: 'no such words', new_text: 'y' });
    expect(text(none)).toBe('repositoryFileUpdate: old_text was not found in the file; read it with repository.file_get and give the exact text. Nothing was changed.');
    const half = await run('repository.file_update', { project_id: 1, file_path: 'README.md', branch: 'main', commit_message: 'x', old_text: 'Demo Project' });
    expect(text(half)).toBe('repositoryFileUpdate: old_text goes with new_text; give both');
    expect(writes()).toEqual([]);
  });

  it('a file changed since the edit was based fails at the platform, not silently', async () => {
    const p = on.sb.state.projects.get(1)!;
    const stale = p.repo.commits.get(p.repo.branches.get('main')!)!.parents[0];
    const r = await run('repository.file_update', {
      project_id: 1, file_path: 'README.md', branch: 'main', commit_message: 'x', old_text: 'See [the guide]', new_text: 'Read [the guide]', last_commit_id: stale,
    });
    expect(r.isError).toBe(true);
    expect(text(r)).toContain('You are attempting to update a file that has changed since you started editing it.');
  });
  it("edits an issue's description by replacing one exact text (tick a checklist item), reading the raw description first", async () => {
    const issue = on.sb.state.projects.get(1)!.issues.get(1)!;
    const before = issue.description!;
    expect(before).toContain('- [ ] Fix and add a test');
    on.sb.clearLog();
    const r = await run('issue.update', { project_id: P, issue_iid: 1, description_old_text: '- [ ] Fix and add a test', description_new_text: '- [x] Fix and add a test' });
    expect(r.isError, text(r)).toBeFalsy();
    expect(sent()).toEqual([`GET ${EP}/issues/1`, `PUT ${EP}/issues/1`]);
    const put = apiRequests(on.sb)[1]!;
    expect(put.body).toEqual({ description: before.replace('- [ ] Fix and add a test', '- [x] Fix and add a test') });
    expect(issue.description).toBe(before.replace('- [ ] Fix', '- [x] Fix'));
    expect(text(r)).toContain('edit: one occurrence replaced in the description read with `issue.get` (GitLab keeps no base for it: a change made in between is replaced)');
    expect(text(r)).toContain('**task_completion_status**: 2 of 2 done');
  });

  it("edits a merge request's description the same way", async () => {
    const mr = on.sb.state.projects.get(1)!.mrs.get(1)!;
    const word = mr.description!.split(/\s+/).find((w) => w.length > 5 && mr.description!.split(w).length === 2)!;
    on.sb.clearLog();
    const r = await run('merge_request.update', { project_id: P, merge_request_iid: 1, description_old_text: word, description_new_text: `${word} (edited)` });
    expect(r.isError, text(r)).toBeFalsy();
    expect(sent()).toEqual([`GET ${EP}/merge_requests/1`, `PUT ${EP}/merge_requests/1`]);
    expect(mr.description).toContain(`${word} (edited)`);
  });

  it("edits a wiki page's content the same way (a link added under another, without resending the page)", async () => {
    const page = on.sb.state.wikiOf(1).get('home')!;
    const before = page.content;
    on.sb.clearLog();
    const r = await run('wiki.update', { project_id: P, slug: 'home', content_old_text: '- [Deployment](deployment)\n', content_new_text: '- [Deployment](deployment)\n- [On-call](on-call)\n' });
    expect(r.isError, text(r)).toBeFalsy();
    expect(sent()).toEqual([`GET ${EP}/wikis/home`, `PUT ${EP}/wikis/home`]);
    expect(apiRequests(on.sb)[1]!.body).toEqual({ content: before.replace('- [Deployment](deployment)\n', '- [Deployment](deployment)\n- [On-call](on-call)\n') });
    expect(page.content).toBe('# Demo Project wiki\n\n- [Deployment](deployment)\n- [On-call](on-call)\n- Sessions expire after 30 minutes.\n');
    expect(text(r)).toContain('edit: one occurrence replaced in the content read with `wiki.get`');
  });

  it('refuses a description edit whose text is missing, repeated, given beside description, or half given, before writing', async () => {
    const missing = await run('issue.update', { project_id: P, issue_iid: 1, description_old_text: 'no such words', description_new_text: 'y' });
    expect(text(missing)).toBe('issueUpdate: description_old_text was not found in the description; read it with issue.get and give the exact text. Nothing was changed.');
    const twice = await run('issue.update', { project_id: P, issue_iid: 1, description_old_text: 'a', description_new_text: 'b' });
    expect(text(twice)).toMatch(/^issueUpdate: description_old_text occurs \d+ times in the description; give a longer text that occurs once\. Nothing was changed\.$/);
    const both = await run('issue.update', { project_id: P, issue_iid: 1, description: 'x', description_old_text: 'Steps', description_new_text: 'y' });
    expect(text(both)).toBe('issueUpdate: give description_old_text or description, not both');
    const half = await run('issue.update', { project_id: P, issue_iid: 1, description_old_text: 'Steps' });
    expect(text(half)).toBe('issueUpdate: description_old_text goes with description_new_text; give both');
    expect(writes()).toEqual([]);
  });
});

describe('guardrails apply to every step', () => {
  it('safe mode previews every step and sends nothing', async () => {
    const safe = await startInProcess({ sandbox: on.sb, env: { FORGE_MCP_SAFE_MODE: 'true' } });
    try {
      const r = await safe.call('forge_execute_action', { action: 'issue.note_create', params: { project_id: 1, issue_iid: 5, body: 'Closing.', state_event: 'close' } });
      expect(text(r)).toContain('Steps this call would run, in order:\n1. `issue.note_create` (the call itself)\n2. `issue.update` with `{"project_id":"1","issue_iid":5,"state_event":"close"}`');
      const named = await safe.call('forge_execute_action', { action: 'issue.update', params: { project_id: 1, issue_iid: 5, add_assignees: ['@bob'] } });
      expect(text(named)).toContain('1. look up `add_assignees` `["@bob"]` into `assignee_ids`\n2. read `issue.get` for the current `assignees`, keep them and add the new ones\n3. `issue.update` (the call itself)');
      expect(sent()).toEqual([]);
    } finally {
      await safe.close();
    }
  });

  it('a step the deployment leaves out refuses the whole call before anything is sent', async () => {
    const narrow = await startInProcess({ sandbox: on.sb, env: { FORGE_MCP_EXCLUDE_TOOLS: 'issue.update' } });
    try {
      const r = await narrow.call('forge_execute_action', { action: 'issue.note_create', params: { project_id: 1, issue_iid: 5, body: 'Closing.', state_event: 'close' } });
      expect(text(r)).toBe('issue.note_create with state_event also runs issue.update, which this session may not run: it is not part of this deployment. Nothing was sent.');
      const plain = await narrow.call('forge_execute_action', { action: 'issue.note_create', params: { project_id: 1, issue_iid: 5, body: 'Just a comment.' } });
      expect(plain.isError, text(plain)).toBeFalsy();
      expect(sent()).toEqual(['POST /api/v4/projects/1/issues/5/notes']);
    } finally {
      await narrow.close();
    }
  });
});

describe('every surface', () => {
  it('the individual tool takes the same companions', async () => {
    const ind = await startInProcess({ sandbox: on.sb, env: { FORGE_MCP_TOOL_SURFACE: 'individual' } });
    try {
      const r = await ind.call('forge_merge_request_update', { project_id: 1, merge_request_iid: 2, assignees: ['@bob'], milestone: 'v1.1' });
      expect(r.isError, text(r)).toBeFalsy();
      expect(text(r)).toContain('Resolved: `assignees` `["@bob"]` → `assignee_ids` 4; `milestone` `"v1.1"` → `milestone_id` 401.');
      expect(apiRequests(on.sb).at(-1)?.body).toEqual({ assignee_ids: [4], milestone_id: 401 });
    } finally {
      await ind.close();
    }
  });
});

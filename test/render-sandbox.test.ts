// The sandbox's own data shows the same facts as GitLab's (issue #28): MR !1 with its failed head pipeline
// and unresolved diff thread, MR !3 with conflicts, roles by name, a failed job's reason; and writes that
// confirm the new state (a resolved thread, a file write's commit, a deleted branch with its commit and the
// open merge request it leaves without a source, an updated merge request's people). `fields` on the
// meta and individual surfaces too.
import { describe, it, expect } from 'vitest';
import { apiRequests, text } from './helpers/harness.js';
import { sandboxServer, startInProcess } from './helpers/inproc.js';
import { answered } from './helpers/results.js';

type Rec = Record<string, unknown>;
const on = sandboxServer();

const exec = (action: string, params: Rec, extra: Rec = {}) => answered(on.srv, action, params, extra);

describe('sandbox answers carry the decision fields (issue #28)', () => {
  it('MR !1: failed head pipeline, blocking threads, people, labels, milestone', async () => {
    const { md, st } = await exec('merge_request.get', { project_id: 1, merge_request_iid: 1 });
    expect(md).toContain('- **head_pipeline**: #1002 failed (feature/login-fix)');
    expect(md).toContain('- **blocking_discussions_resolved**: false');
    expect(md).toContain('- **detailed_merge_status**: mergeable: can be merged');
    expect(md).toContain('- **reviewers**: @');
    expect(md).toContain('- **labels**: bug, security');
    expect(md).toContain('- **milestone**: v1.2');
    expect(st).toMatchObject({ head_pipeline: { id: 1002, status: 'failed', ref: 'feature/login-fix' }, blocking_discussions_resolved: false, labels: ['bug', 'security'], milestone: 'v1.2' });
  });

  it('MR !3 has conflicts, in its list row and its own answer', async () => {
    const list = await exec('merge_request.list', { project_id: 1, state: 'opened' });
    const row = list.md.split('\n').find((l) => l.startsWith('| 3 |'));
    expect(row).toMatch(/\| conflict \| true \| 0 \|$/);
    expect((list.st.items as Rec[]).find((i) => i.iid === 3)).toMatchObject({ detailed_merge_status: 'conflict', has_conflicts: true, draft: false });
    const mr = await exec('merge_request.get', { project_id: 1, merge_request_iid: 3 });
    expect(mr.md).toContain('- **detailed_merge_status**: conflict: blocked by merge conflicts');
    expect(mr.md).toContain('- **has_conflicts**: true');
  });

  it('MR !1 threads: the diff thread on its file and line, unresolved, every note with its body', async () => {
    const { md, st } = await exec('mr_review.discussion_list', { project_id: 1, merge_request_iid: 1 });
    expect(md).toContain('1 unresolved thread.');
    expect(md).toMatch(/### Thread 1 — on src\/auth\/login\.ts:8 — unresolved/);
    expect(md).toContain(': Should we normalize the username too?');
    expect(md).toContain(': Usernames are ASCII only, so no.');
    expect(md).toContain(': Looks good apart from the question above.');
    const first = (st.items as Rec[])[0]!;
    expect(first).toMatchObject({ resolvable: true, resolved: false, position: 'src/auth/login.ts:8' });
    expect((first.notes as Rec[]).map((n) => n.body)).toEqual(['Should we normalize the username too?', 'Usernames are ASCII only, so no.']);
  });

  it('members by role name; a failed job with its reason and pipeline', async () => {
    const members = await exec('project.members', { project_id: 1 });
    expect(members.md.split('\n').find((l) => l.startsWith('| '))).toBe('| username | name | role |');
    expect(members.md).toMatch(/\| (Owner \(50\)|Maintainer \(40\)|Developer \(30\)) \|/);
    const jobs = await exec('job.list', { project_id: 1, pipeline_id: 1002 });
    const failed = (jobs.st.items as Rec[]).find((j) => j.status === 'failed')!;
    expect(failed).toMatchObject({ name: 'unit-tests', stage: 'test', failure_reason: 'script_failure' });
    const job = await exec('job.get', { project_id: 1, job_id: failed.id });
    expect(job.md).toContain('- **failure_reason**: script_failure: the job script failed; a retry will not help');
    expect(job.md).toContain('- **pipeline**: #1002 failed (feature/login-fix)');
  });
});

describe('writes confirm the new state (issue #28)', () => {
  it('a resolved thread says resolved', async () => {
    const list = await exec('mr_review.discussion_list', { project_id: 1, merge_request_iid: 1 });
    const id = (list.st.items as Rec[])[0]!.id;
    const { md, st } = await exec('mr_review.discussion_resolve', { project_id: 1, merge_request_iid: 1, discussion_id: id, resolved: true });
    expect(md.split('\n')[0]).toBe('## Thread (resolved)');
    expect(st).toMatchObject({ id, resolvable: true, resolved: true });
    const mr = await exec('merge_request.get', { project_id: 1, merge_request_iid: 1 });
    expect(mr.st.blocking_discussions_resolved).toBe(true);
  });

  it('a file write gives the commit it made', async () => {
    const { md, st } = await exec('repository.file_update', { project_id: 1, file_path: 'docs/guide.md', branch: 'main', content: '# Guide\n\nUpdated.\n', commit_message: 'Update the guide' });
    const head = on.sb.state.projects.get(1)!.repo.branches.get('main')!;
    expect(md).toContain(`main at commit ${head} Update the guide`);
    expect((st.related as Rec)['/projects/1/repository/branches/main']).toMatchObject({ name: 'main', commit: { id: head } });
  });

  it('a deleted branch names itself and its commit, and warns of the open merge request using it', async () => {
    const sha = on.sb.state.projects.get(1)!.repo.branches.get('feature/readme-intro')!;
    on.sb.clearLog();
    const { md, st } = await exec('branch.delete', { project_id: 1, branch_name: 'feature/readme-intro' }, { confirm: true });
    // The reads come before the delete.
    expect(apiRequests(on.sb).map((e) => `${e.method} ${e.path}`)).toEqual([
      'GET /api/v4/projects/1/repository/branches/feature%2Freadme-intro',
      'GET /api/v4/projects/1/merge_requests',
      'DELETE /api/v4/projects/1/repository/branches/feature%2Freadme-intro',
    ]);
    expect(md).toContain(`- branch: feature/readme-intro at commit ${sha} Rewrite the README introduction`);
    expect(md).toContain('- open_merge_requests: !3 Rewrite the README introduction');
    expect(md).toContain('Warning: an open merge request uses this branch as its source branch');
    expect(st).toMatchObject({ ok: true, branch: `feature/readme-intro at commit ${sha} Rewrite the README introduction`, open_merge_requests: [{ iid: 3 }] });
    expect(on.sb.state.projects.get(1)!.repo.branches.has('feature/readme-intro')).toBe(false);
  });

  it('an updated merge request shows its draft state, reviewers and assignees after the change', async () => {
    const { md, st } = await exec('merge_request.update', { project_id: 1, merge_request_iid: 4, title: 'Expand the contributor guide', reviewer_ids: [3], assignee_ids: [4] });
    expect(md).toContain('- **draft**: false');
    expect(md).toMatch(/- \*\*reviewers\*\*: @\w+/);
    expect(md).toMatch(/- \*\*assignees\*\*: @\w+/);
    expect(st).toMatchObject({ draft: false });
    expect((st.reviewers as string[]).length).toBe(1);
  });

  it('a write shows every field it was asked to set, beyond the field cap: a locked, confidential issue; a hook\'s events', async () => {
    const issue = await exec('issue.update', { project_id: 1, issue_iid: 2, confidential: true, discussion_locked: true });
    expect(issue.md).toContain('- **discussion_locked**: true');
    expect(issue.md).toContain('- **confidential**: true');
    expect(issue.md).not.toMatch(/not shown\): .*discussion_locked/);
    expect(issue.st).toMatchObject({ discussion_locked: true, confidential: true });
    const hook = await exec('project.hook_add', { project_id: 1, url: 'https://chat.example.com/hooks/gitlab', push_events: true, releases_events: true, issues_events: false });
    for (const line of ['- **push_events**: true', '- **releases_events**: true', '- **issues_events**: false']) expect(hook.md).toContain(line);
    expect(hook.st).toMatchObject({ push_events: true, releases_events: true, issues_events: false });
    // A read shows no more than before: the same params on a read add nothing.
    const read = await exec('issue.get', { project_id: 1, issue_iid: 2 });
    expect(read.md).toMatch(/not shown\): .*discussion_locked/);
  });

  it('a list of closed issues says who closed each and when; an open list has no such columns; projects say their open issues', async () => {
    const closed = await exec('issue.list', { project_id: 1, state: 'closed' });
    expect(closed.md).toMatch(/^\| iid \| title \| state \| author \| assignees \| labels \| milestone \| comments \| upvotes \| closed by \| closed \|$/m);
    expect(closed.md).toMatch(/^\| 23 \| Typo in the 404 page \| closed \| @alice \| .* \| 0 \| 3 \| @demo \| 2026-02-02 /m);
    const open = await exec('issue.list', { project_id: 1, state: 'opened' });
    expect(open.md).not.toContain('closed by');
    const projects = await exec('group.projects', { group_id: 'demo-group' });
    expect(projects.md).toMatch(/^\| id \| path \| visibility \| default_branch \| open issues \|/m);
    expect(projects.md).toMatch(/^\| 1 \| demo-group\/demo-project \| private \| main \| \d+ \|/m);
  });

  it('a direct-member read of someone who inherits access says where to read inherited access, and that one answers', async () => {
    const r = await on.srv.call('forge_execute_action', { action: 'project.member_get', params: { project_id: 1, user: '@bob' } });
    expect(r.isError).toBe(true);
    expect(text(r)).toContain('(404 Member Not Found). Suggestion: a 404 here also means the user is no direct member: project.member_inherited counts access inherited from groups');
    const inherited = await exec('project.member_inherited', { project_id: 1, user: '@bob' });
    expect(inherited.md).toContain('Reporter (20)');
  });

  it('a code search hit says its file and line numbers, so a quoted line is the line in the file', async () => {
    const { md, st } = await exec('search.code', { project_id: 1, search: 'SESSION', ref: 'main' });
    expect(md).toContain('### src/auth/login.ts · lines 2–11 at `main`');
    // Line 4 of the file is the third line of a snippet starting at line 2.
    const fenced = md.split('```typescript\n')[1]!.split('\n');
    expect(fenced[2]).toBe('const SESSION_TTL_MS = 30 * 60 * 1000;');
    expect(st.items).toEqual([{ path: 'src/auth/login.ts', ref: 'main', startline: 2, end_line: 11, project_id: 1 }]);
  });

  it("a job says its runner's kind and whether it is shared, and how long it queued, in words", async () => {
    const { md, st } = await exec('job.get', { project_id: 1, job_id: 2011 });
    expect(md).toContain('- **duration**: 1m 34s\n- **queued_duration**: 2s\n- **runner**: sandbox-runner-1 (#7, instance_type, shared)');
    expect(st.runner).toEqual({ id: 7, description: 'sandbox-runner-1', runner_type: 'instance_type', is_shared: true });
  });

  it("a release's assets say each link's name, type and address", async () => {
    const { md, st } = await exec('release.get', { project_id: 1, tag_name: 'v1.1.0' });
    // The link's direct address beside its own when they differ (issue #30, session 15).
    expect(md).toMatch(/- \*\*assets\*\*: Linux binary \(package\) https:\/\/downloads\.example\.com\/demo-project\/v1\.1\.0\/demo-linux-amd64 \(direct: \S+\/downloads\/binaries\/demo-linux-amd64\), 4 source archives/);
    expect(st.assets).toEqual({ links: ['Linux binary'], sources: 4 });
  });

  it("a group's subgroups show their path and name, not a project's empty columns", async () => {
    const { md, st } = await exec('group.subgroups', { group_id: 'demo-group', all_available: true });
    expect(md).toMatch(/^\| id \| path \| name \| visibility \|/m);
    expect(md).toMatch(/^\| \d+ \| demo-group\/platform \| Platform \| public \|/m);
    expect(md).not.toContain('default_branch');
    expect((st.items as Rec[])[0]).toMatchObject({ full_path: 'demo-group/platform', name: 'Platform' });
  });
});

describe('who approved', () => {
  it('approval_config names the approvers GitLab wraps as {"user": {...}}, in the Markdown and structuredContent', async () => {
    const { md, st } = await exec('merge_request.approval_config', { project_id: 1, merge_request_iid: 2 });
    expect(md).toContain('- **approved_by**: @alice');
    expect(st).toMatchObject({ iid: 2, approved: true, approvals_left: 0, approved_by: ['alice'] });
  });
});

describe('fields on every surface (issue #28)', () => {
  it('labels read with_counts show their open issue counts, a label no open issue uses as 0; without it, GitLab sends no counts', async () => {
    const plain = await exec('project.label_list', { project_id: 1 });
    // The group's labels listed with the project's bring a description column (the project's own labels have none).
    expect(plain.md.split('\n').find((l) => l.startsWith('| id |'))).toBe('| id | name | description | color |');
    const { md } = await exec('project.label_list', { project_id: 1, with_counts: true });
    expect(md.split('\n').find((l) => l.startsWith('| id |'))).toContain('| open issues |');
    const issues = [...on.sb.state.projects.get(1)!.issues.values()].filter((i) => i.state === 'opened');
    for (const label of on.sb.state.projects.get(1)!.labels) {
      const open = issues.filter((i) => i.labels.includes(label.name)).length;
      expect(md.split('\n').find((l) => l.startsWith(`| ${label.id} | ${label.name} |`)), label.name).toMatch(new RegExp(`^\\| ${label.id} \\| [^|]+ \\|(?: [^|]* \\|)? ${open} \\|`));
    }
  });

  it('who added a label to an issue: the label, the person and when, in the table', async () => {
    const { md } = await exec('issue.event_issue_label_list', { project_id: 1, issue_iid: 1 });
    expect(md.split('\n').find((l) => l.startsWith('| id |'))).toBe('| id | action | label | by | at |');
    expect(md).toMatch(/^\| \d+ \| add \| security \| @\w+ \| \d{4}-\d\d-\d\d \d\d:\d\d \|$/m);
  });

  it("a merge request's notes each say their id (a reaction or an edit of one note takes it)", async () => {
    const { md } = await exec('mr_review.note_list', { project_id: 1, merge_request_iid: 1 });
    const ids = [...md.matchAll(/\(note (\d+)/g)].map((m) => Number(m[1]));
    const notes = (await exec('mr_review.note_list', { project_id: 1, merge_request_iid: 1 }, { fields: ['id'] })).st.items as Rec[];
    expect(ids).toEqual(notes.map((n) => n.id));
    expect(ids.length).toBeGreaterThan(0);
  });

  it('meta and individual take fields too; a name the answer lacks is answered with the ones it has', async () => {
    for (const surface of ['meta', 'individual'] as const) {
      const s = await startInProcess({ sandbox: on.sb, env: { FORGE_MCP_TOOL_SURFACE: surface } });
      try {
        const r = surface === 'meta'
          ? await s.call('forge_issue', { action: 'get', params: { project_id: 1, issue_iid: 1 }, fields: ['description', 'references', 'nope'] })
          : await s.call('forge_issue_get', { project_id: 1, issue_iid: 1, fields: ['description', 'references', 'nope'] });
        expect(r.isError, text(r)).toBeFalsy();
        const st = r.structuredContent as Rec;
        expect(st.references).toMatchObject({ short: '#1' });
        expect(st.description).toContain('pässwörd');
        expect(st.unknown_fields).toEqual(['nope']);
        expect(text(r)).toContain('### references');
        const bad = surface === 'meta'
          ? await s.call('forge_issue', { action: 'get', params: { project_id: 1, issue_iid: 1 }, fields: [''] })
          : await s.call('forge_issue_get', { project_id: 1, issue_iid: 1, fields: 7 });
        expect(bad.isError).toBe(true);
        expect(text(bad)).toContain('fields: expected an array of field names');
      } finally {
        await s.close();
      }
    }
  });
});

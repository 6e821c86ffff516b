// The everyday flows the sandbox simulates with state (issue #29), each written then read back through the
// MCP server: time tracking, quick actions in notes, releases, search, members, wiki, award emoji, to-dos,
// events; the explicit refusal of what it does not simulate; and the parity fixes of its answers.
import { describe, it, expect } from 'vitest';
import { SANDBOX_TOKEN } from '../src/sandbox/index.js';
import { unifiedDiff } from '../src/sandbox/util.js';
import { apiRequests, text } from './helpers/harness.js';
import { sandboxServer, startInProcess } from './helpers/inproc.js';
import { runApproved, okText } from './helpers/approved-calls.js';

const on = sandboxServer({ env: { FORGE_MCP_YOLO_MODE: 'true' } });

const run = (action: string, params: Record<string, unknown>) => runApproved(on.srv, action, params);
/** The text the assistant reads of a successful call. */
const ok = (action: string, params: Record<string, unknown>) => okText(on.srv, action, params);
/** The sandbox's own answer, straight from its API (what reached it, independent of rendering). */
async function api(path: string): Promise<any> {
  const res = await fetch(`${on.sb.url}/api/v4${path}`, { headers: { 'private-token': SANDBOX_TOKEN } });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

describe('time tracking', () => {
  it('estimate and spent time show in time_stats and in the issue itself', async () => {
    await ok('issue.time_estimate_set', { project_id: 1, issue_iid: 3, duration: '3h' });
    await ok('issue.spent_time_add', { project_id: 1, issue_iid: 3, duration: '1h30m' });
    const stats = await api('/projects/1/issues/3/time_stats');
    expect(stats.body).toEqual({ time_estimate: 10800, total_time_spent: 5400, human_time_estimate: '3h', human_total_time_spent: '1h 30m' });
    expect(await ok('issue.get', { project_id: 1, issue_iid: 3 })).toContain('- **time_stats**: spent 1h 30m, estimate 3h');
    expect((await api('/projects/1/issues/3')).body.time_stats).toEqual(stats.body);
    await ok('issue.spent_time_reset', { project_id: 1, issue_iid: 3 });
    expect((await api('/projects/1/issues/3/time_stats')).body.total_time_spent).toBe(0);
  });

  it('merge requests track time the same way, and subtracting past zero is refused', async () => {
    await ok('merge_request.spent_time_add', { project_id: 1, merge_request_iid: 1, duration: '2h' });
    expect((await api('/projects/1/merge_requests/1')).body.time_stats).toMatchObject({ total_time_spent: 7200, human_total_time_spent: '2h' });
    const r = await run('merge_request.spent_time_add', { project_id: 1, merge_request_iid: 1, duration: '-3h' });
    expect(r.isError).toBe(true);
    expect(text(r)).toContain('Time to subtract exceeds the total time spent');
    expect((await api('/projects/1/merge_requests/1/time_stats')).body.total_time_spent).toBe(7200);
  });
});

describe('quick actions in notes', () => {
  it('a note of commands only is not stored: /spend 1h30m adds 5,400 s and the answer reports commands_changes', async () => {
    const before = (await api('/projects/1/issues/4/notes')).body.length;
    const res = await fetch(`${on.sb.url}/api/v4/projects/1/issues/4/notes`, { method: 'POST', headers: { 'private-token': SANDBOX_TOKEN, 'content-type': 'application/json' }, body: JSON.stringify({ body: '/spend 1h30m\n/label ~security\n/assign @alice' }) });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({
      commands_changes: { spend_time: { duration: 5400, user_id: 1, spent_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) }, add_label_ids: [304], assignee_ids: [3] },
      summary: ['Added 1h 30m spent time.', 'Added ~"security" label.', 'Assigned @alice.'],
    });
    expect((await api('/projects/1/issues/4/notes')).body).toHaveLength(before);
    const issue = (await api('/projects/1/issues/4')).body;
    expect(issue.time_stats.total_time_spent).toBe(5400);
    expect(issue.labels).toContain('security');
    expect(issue.assignees.map((u: { username: string }) => u.username)).toEqual(['alice']);
  });

  it('text with commands is stored without them, through the MCP server, and /close, /milestone, /estimate apply', async () => {
    const note = await ok('issue.note_create', { project_id: 1, issue_iid: 5, body: 'Done here.\n/close\n/milestone %"v1.2"\n/estimate 2d' });
    expect(note).toContain('> Done here.');
    expect(note).not.toContain('/close');
    const stored = (await api('/projects/1/issues/5/notes')).body[0];
    expect(stored.body).toBe('Done here.');
    const issue = (await api('/projects/1/issues/5')).body;
    expect(issue).toMatchObject({ state: 'closed', milestone: { title: 'v1.2' }, time_stats: { time_estimate: 57600, human_time_estimate: '2d' } });
    const events = (await api('/projects/1/issues/5/resource_state_events')).body;
    expect(events.map((e: { state: string }) => e.state)).toEqual(['closed']);
    await ok('issue.note_create', { project_id: 1, issue_iid: 5, body: '/reopen\n/unlabel ~feature' });
    expect((await api('/projects/1/issues/5')).body).toMatchObject({ state: 'opened', labels: [] });
  });
});

describe('releases', () => {
  it('create makes the tag from ref; the release is listed, read back and its tag exists', async () => {
    expect(await ok('release.create', { project_id: 1, tag_name: 'v1.2.0', ref: 'main', name: 'Login hardening', description: 'Unicode passwords.', milestones: ['v1.2'] })).toContain('Login hardening');
    const tag = await api('/projects/1/repository/tags/v1.2.0');
    expect(tag.status).toBe(200);
    expect(tag.body.release).toEqual({ tag_name: 'v1.2.0', description: 'Unicode passwords.' });
    const list = (await api('/projects/1/releases')).body;
    expect(list.map((r: { tag_name: string }) => r.tag_name)).toEqual(['v1.2.0', 'v1.1.0', 'v1.0.0']);
    const got = (await api('/projects/1/releases/v1.2.0')).body;
    expect(got).toMatchObject({ name: 'Login hardening', tag_name: 'v1.2.0', description: 'Unicode passwords.', upcoming_release: false, milestones: [{ title: 'v1.2' }] });
    expect(got.evidences).toHaveLength(1);
    expect(got.evidences[0].filepath).toMatch(/\/-\/releases\/v1\.2\.0\/evidences\/1\.json$/);
    expect(got.assets.sources.map((s: { format: string }) => s.format)).toEqual(['zip', 'tar.gz', 'tar.bz2', 'tar']);
  });

  it('links, update and delete change what later reads see; a second release of the tag is a conflict', async () => {
    await ok('release.link_create', { project_id: 1, tag_name: 'v1.2.0', name: 'checksums', url: 'https://downloads.example.com/v1.2.0/SHA256SUMS', link_type: 'other' });
    expect((await api('/projects/1/releases/v1.2.0/assets/links')).body.map((l: { name: string }) => l.name)).toEqual(['checksums']);
    await ok('release.update', { project_id: 1, tag_name: 'v1.2.0', description: 'Unicode passwords, rate limits.' });
    expect((await api('/projects/1/releases/v1.2.0')).body.description).toBe('Unicode passwords, rate limits.');
    const again = await run('release.create', { project_id: 1, tag_name: 'v1.2.0' });
    expect(text(again)).toContain('Release already exists');
    await ok('release.delete', { project_id: 1, tag_name: 'v1.2.0' });
    expect((await api('/projects/1/releases/v1.2.0')).status).toBe(404);
    expect((await api('/projects/1/repository/tags/v1.2.0')).status).toBe(200);
  });
});

describe('search', () => {
  it('search.code finds checkPassword in src/auth/login.ts with its line and snippet (project, group, global)', async () => {
    for (const scope of [{ project_id: 1 }, { group_id: 10 }, {}]) {
      on.sb.clearLog();
      const r = await run('search.code', { search: 'checkPassword', ...scope });
      expect(r.isError, text(r)).toBeFalsy();
      expect(text(r)).toContain('src/auth/login.ts');
    }
    const rows = (await api('/projects/1/search?scope=blobs&search=checkPassword')).body;
    const login = rows.filter((b: { path: string }) => b.path === 'src/auth/login.ts');
    expect(login[0]).toMatchObject({ basename: 'src/auth/login', filename: 'login.ts', ref: 'main', startline: 1, project_id: 1, id: null });
    expect(login[0].data.split('\n')[1]).toBe("import { checkPassword } from './password.js';");
    expect(rows.map((b: { path: string }) => b.path)).toContain('src/auth/password.ts');
  });

  it('the other scopes search the sandbox data', async () => {
    expect((await api('/projects/1/search?scope=issues&search=unicode')).body.map((i: { iid: number }) => i.iid)).toContain(1);
    expect((await api('/search?scope=merge_requests&search=unicode')).body.map((m: { iid: number }) => m.iid)).toEqual([1]);
    expect((await api('/projects/1/search?scope=commits&search=session')).body[0].title).toBe('Fix session timeout handling');
    expect((await api('/search?scope=users&search=ali')).body.map((u: { username: string }) => u.username)).toEqual(['alice']);
    expect((await api('/projects/1/search?scope=notes&search=latin1')).body[0].id).toBe(5001);
    expect((await api('/projects/1/search?scope=wiki_blobs&search=deploy-production')).body[0]).toMatchObject({ path: 'deployment.md', startline: 1 });
    expect((await api('/projects/1/search?scope=snippet_titles&search=x')).status).toBe(400);
  });
});

describe('members', () => {
  it('member_get for alice says Developer; inherited lookups give the group\'s real levels; edits show in later reads', async () => {
    const alice = await ok('project.member_get', { project_id: 1, user_id: 3 });
    expect(alice).toContain('- **username**: alice');
    expect(alice).toContain('- **access_level**: Developer (30)');
    // bob is no direct member: GitLab answers 404 there, and his group level through members/all.
    expect((await run('project.member_get', { project_id: 1, user_id: 4 })).isError).toBe(true);
    expect(await ok('project.member_inherited', { project_id: 1, user_id: 4 })).toContain('- **access_level**: Reporter (20)');
    const all = (await api('/projects/1/members/all')).body;
    expect(Object.fromEntries(all.map((m: { username: string; access_level: number }) => [m.username, m.access_level]))).toEqual({ demo: 50, alice: 30, bob: 20 });
    expect(text(await run('project.member_add', { project_id: 1, user_id: 3, access_level: 40 }))).toContain('Member already exists');
    await ok('project.member_edit', { project_id: 1, user_id: 3, access_level: 40 });
    expect(await ok('project.member_get', { project_id: 1, user_id: 3 })).toContain('- **access_level**: Maintainer (40)');
  });
});

describe('wiki, award emoji, to-dos, events', () => {
  it('a wiki page is created, listed, read, updated and deleted', async () => {
    await ok('wiki.create', { project_id: 1, title: 'Runbook', content: '# Runbook\n\nRestart the service.' });
    expect((await api('/projects/1/wikis')).body.map((w: { slug: string }) => w.slug)).toEqual(['deployment', 'home', 'Runbook']);
    await ok('wiki.update', { project_id: 1, slug: 'Runbook', content: '# Runbook\n\nRestart it twice.' });
    expect((await api('/projects/1/wikis/Runbook')).body).toMatchObject({ content: '# Runbook\n\nRestart it twice.', format: 'markdown', encoding: 'UTF-8' });
    await ok('wiki.delete', { project_id: 1, slug: 'Runbook' });
    expect((await api('/projects/1/wikis/Runbook')).status).toBe(404);
  });

  it('an award emoji is listed and counts in the issue votes', async () => {
    const upvotes = (await api('/projects/1/issues/2')).body.upvotes;
    await ok('issue.emoji_issue_create', { project_id: 1, issue_iid: 2, name: 'thumbsup' });
    // Issue 2's two seeded votes are alice's and bob's thumbsups; demo's joins them.
    expect((await api('/projects/1/issues/2/award_emoji')).body.map((a: { name: string; user: { username: string } }) => [a.name, a.user.username])).toEqual([['thumbsup', 'alice'], ['thumbsup', 'bob'], ['thumbsup', 'demo']]);
    expect((await api('/projects/1/issues/2')).body.upvotes).toBe(upvotes + 1);
  });

  it('every vote is an award someone gave: upvotes equal the thumbsup awards of every seeded issue and merge request', async () => {
    const thumbs = async (path: string) => (await api(`${path}/award_emoji?per_page=100`)).body.filter((a: { name: string }) => a.name === 'thumbsup').length;
    for (const path of [...Array.from({ length: 25 }, (_, i) => `/projects/1/issues/${i + 1}`), ...[1, 2, 3, 4, 5].map((iid) => `/projects/1/merge_requests/${iid}`)]) {
      expect(await thumbs(path), path).toBe((await api(path)).body.upvotes);
    }
  });

  it('to-dos of the demo user are listed, added and marked done', async () => {
    expect((await api('/todos')).body.map((t: { action_name: string; target_type: string }) => `${t.action_name} ${t.target_type}`)).toEqual(['mentioned MergeRequest', 'assigned Issue']);
    await ok('issue.create_todo', { project_id: 1, issue_iid: 7 });
    const todos = (await api('/todos')).body;
    expect(todos[0]).toMatchObject({ action_name: 'marked', target: { iid: 7 } });
    await ok('user.todo_mark_done', { todo_id: todos[0].id });
    expect((await api('/todos')).body).toHaveLength(2);
  });

  it('project events come from the data, newest first, and a new issue shows up', async () => {
    await ok('issue.create', { project_id: 2, title: 'Event check' });
    const events = (await api('/projects/2/events')).body;
    expect(events[0]).toMatchObject({ action_name: 'opened', target_type: 'Issue', target_title: 'Event check', author_username: 'demo' });
  });
});

describe('a blocking issue link (licensed: GitLab\'s blocked_issues)', () => {
  const paid = sandboxServer({ env: { FORGE_MCP_YOLO_MODE: 'true' }, sandbox: { licensed: true } });

  it('a link shows from both issues, with the reverse type from the target', async () => {
    await okText(paid.srv, 'issue.link_create', { project_id: 1, issue_iid: 6, target_project_id: '2', target_issue_iid: 1, link_type: 'blocks' });
    const links = async (path: string) => ((await (await fetch(`${paid.sb.url}/api/v4${path}`, { headers: { 'private-token': SANDBOX_TOKEN } })).json()) as Array<{ iid: number; link_type: string }>)
      .map((i) => [i.iid, i.link_type]);
    expect(await links('/projects/1/issues/6/links')).toEqual([[1, 'blocks']]);
    expect(await links('/projects/2/issues/1/links')).toEqual([[6, 'is_blocked_by']]);
  });
});

describe('issue links, move, statistics; reviews', () => {

  it('statistics count the issues; a move creates the issue in the target project and closes the original', async () => {
    const before = (await api('/projects/2/issues_statistics')).body.statistics.counts;
    expect(before.all).toBe(before.closed + before.opened);
    await ok('issue.move', { project_id: 1, issue_iid: 8, to_project_id: 2 });
    expect((await api('/projects/1/issues/8')).body.state).toBe('closed');
    expect((await api('/projects/2/issues_statistics')).body.statistics.counts).toEqual({ all: before.all + 1, closed: before.closed, opened: before.opened + 1 });
  });

  it('a draft note is private until published, then it is a note of the merge request', async () => {
    await ok('mr_review.draft_note_create', { project_id: 1, merge_request_iid: 1, note: 'Please add a test for empty passwords.' });
    const drafts = (await api('/projects/1/merge_requests/1/draft_notes')).body;
    expect(drafts.map((d: { note: string }) => d.note)).toEqual(['Please add a test for empty passwords.']);
    await ok('mr_review.draft_note_publish_all', { project_id: 1, merge_request_iid: 1 });
    expect((await api('/projects/1/merge_requests/1/draft_notes')).body).toEqual([]);
    expect((await api('/projects/1/merge_requests/1/notes?sort=desc')).body[0].body).toBe('Please add a test for empty passwords.');
  });

  it('the issues a merge request closes come from its description', async () => {
    expect((await api('/projects/1/merge_requests/1/closes_issues')).body.map((i: { iid: number }) => i.iid)).toEqual([1]);
    expect((await api('/projects/1/merge_requests/1/versions')).body[0]).toMatchObject({ merge_request_id: 501, state: 'collected' });
  });
});

describe('what the sandbox does not simulate', () => {
  it('is refused as the server\'s own clear error, never data, never retried', async () => {
    on.sb.clearLog();
    const r = await run('project.mirror_force_push', { project_id: 1, mirror_id: 7 });
    expect(r.isError).toBe(true);
    expect(text(r)).toBe('projectMirrorForcePush: the sandbox does not simulate this action; against a GitLab instance it calls POST /projects/:id/remote_mirrors/:mirror_id/sync');
    expect(apiRequests(on.sb).map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual(['POST /api/v4/projects/1/remote_mirrors/7/sync 501']);
    on.sb.clearLog();
    const read = await run('feature_flags.feature_flag_get', { project_id: 1, feature_flag_name: 'dark-mode' });
    expect(text(read)).toContain('against a GitLab instance it calls GET /projects/:id/feature_flags/:feature_flag_name');
    expect(apiRequests(on.sb)).toHaveLength(1);
  });
});

describe('parity with GitLab', () => {
  it('jobs carry source and no invented when; notes no commit_id', async () => {
    const job = (await api('/projects/1/jobs/2012')).body;
    expect(job.source).toBe('push');
    expect(job).not.toHaveProperty('when');
    const note = (await api('/projects/1/issues/1/notes/5001')).body;
    expect(note).not.toHaveProperty('commit_id');
  });

  it('/user has no admin-only fields for a non-admin; visibility sits after archived as in the Project entity', async () => {
    const me = (await api('/user')).body;
    for (const k of ['is_admin', 'note', 'namespace_id', 'using_license_seat']) expect(me).not.toHaveProperty(k);
    const keys = Object.keys((await api('/projects/1')).body);
    expect(keys.indexOf('visibility')).toBe(keys.indexOf('archived') + 1);
    expect(Object.keys((await api('/projects?simple=true')).body[0])).not.toContain('visibility');
  });

  it('unified diffs list removed lines before added ones', () => {
    expect(unifiedDiff('a\nb\nc\n', 'a\nx\nc\n')).toBe('@@ -1,3 +1,3 @@\n a\n-b\n+x\n c\n');
  });
});

describe('forge://sandbox', () => {
  it('is listed only against the sandbox and counts the simulated and refused actions per domain', async () => {
    expect((await on.srv.client.listResources()).resources.map((r) => r.uri)).not.toContain('forge://sandbox');
    const own = await startInProcess({ sandbox: on.sb, args: ['--sandbox'] });
    try {
      expect((await own.client.listResources()).resources.map((r) => r.uri)).toContain('forge://sandbox');
      const read = await own.client.readResource({ uri: 'forge://sandbox' });
      const body = JSON.parse((read.contents[0] as { text: string }).text);
      const release = body.domains.find((d: { domain: string }) => d.domain === 'release');
      expect(release).toEqual({ domain: 'release', actions: 12, simulated: 12, refused: 0 });
      expect(body.total.actions).toBe(body.total.simulated + body.total.refused);
      expect(body.not_simulated).toContain('runner');
    } finally {
      await own.close();
    }
  });
});

describe('ids of records made after the seed', () => {
  it('a new milestone and a new label never take a seeded one\'s id: an issue moved to the new milestone shows it, not v1.1', async () => {
    await ok('project.milestone_create', { project_id: 1, title: 'v1.3' });
    await ok('project.label_create', { project_id: 1, name: 'needs-rebase', color: '#123456' });
    const milestones: Array<{ id: number; title: string }> = (await api('/projects/1/milestones')).body;
    const labels: Array<{ id: number; name: string }> = (await api('/projects/1/labels')).body;
    expect(new Set(milestones.map((m) => m.id)).size).toBe(milestones.length);
    expect(new Set(labels.map((l) => l.id)).size).toBe(labels.length);
    const v13 = milestones.find((m) => m.title === 'v1.3')!;
    const v11 = milestones.find((m) => m.title === 'v1.1')!;
    expect(v13.id).not.toBe(v11.id);
    await ok('issue.update', { project_id: 1, issue_iid: 15, milestone_id: v13.id });
    const issue = (await api('/projects/1/issues/15')).body;
    expect(issue.milestone).toMatchObject({ id: v13.id, title: 'v1.3' });
    const bug = labels.find((l) => l.name === 'bug')!;
    expect(labels.find((l) => l.name === 'needs-rebase')!.id).not.toBe(bug.id);
  });
});

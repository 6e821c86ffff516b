// Calls an assistant made only because a result hid a fact (issue #30, session 16: the 48 logged tasks of sets P–U).
// A commit's statuses read by a branch name say which commit that was; tags say their message and release; a pipeline's
// jobs say the archive each kept and when it expires, and the coverage each measured; a merge request's diff versions
// say the three SHAs a line comment takes; an issue's (un)subscribe says the subscription; a commit says its
// size; the execute description names the everyday reads the runs searched for. Render tests on GitLab's documented
// shapes (test/fixtures/responses/), then the same through the server against the sandbox.
import { describe, it, expect } from 'vitest';
import { render } from './helpers/render.js';
import { sandboxServer } from './helpers/inproc.js';
import { answered, responseFixture as fixture, tableHeader as header, tableRow as row } from './helpers/results.js';

type Rec = Record<string, unknown>;
const listAction = (id: string) => ({ id, domain: id.split('.')[0], name: id.split('.')[1], params: { project_id: { type: 'string' } } }) as never;

describe("GitLab's documented shapes", () => {
  it("a commit's statuses name the commit and ref they were reported on (doc/api/commits.md)", () => {
    const r = render(undefined, fixture('commit_statuses'), { project_id: 17, sha: 'master' }, listAction('repository.commit_statuses'));
    expect(header(r.markdown)).toBe('| id | name | status | allowed to fail | sha | ref | created |');
    expect(row(r.markdown, '| 91 ')).toBe('| 91 | bundler:audit | pending | true | 18f3e63d | master | 2016-01-19 08:40 |');
    expect((r.structured.items as Rec[])[0]).toMatchObject({ id: 91, sha: '18f3e63d', ref: 'master' });
  });

  it('tags name the release on each; a message column only when some tag is annotated (doc/api/tags.md)', () => {
    const r = render(undefined, fixture('tags'), { project_id: 5 }, listAction('tag.list'));
    expect(header(r.markdown)).toBe('| name | commit | release | protected |');
    expect(row(r.markdown, '| v1.0.0 ')).toBe('| v1.0.0 | 2695effb Initial commit | 1.0.0 | true |');
    expect(row(r.markdown, '| v5.0.0 ')).toBe('| v5.0.0 | 60a8ff03 Initial commit | none | false |');
    const annotated = (fixture('tags') as Rec[]).map((t, i) => (i === 1 ? { ...t, message: 'Version 5' } : t));
    const a = render(undefined, annotated, { project_id: 5 }, listAction('tag.list'));
    expect(header(a.markdown)).toBe('| name | commit | message | release | protected |');
    expect(row(a.markdown, '| v5.0.0 ')).toBe('| v5.0.0 | 60a8ff03 Initial commit | Version 5 | none | false |');
  });

  it('jobs that kept no archive add no artifacts columns (go-gitlab testdata)', () => {
    const r = render(undefined, fixture('jobs'), { project_id: 1 }, listAction('job.list'));
    expect(header(r.markdown)).not.toMatch(/artifacts/);
  });

  it("a merge request's diff versions show the three SHAs a line comment's position takes (doc/api/merge_requests.md)", () => {
    // GitLab's documented example of GET /projects/:id/merge_requests/:merge_request_iid/versions.
    const versions = [
      { id: 110, head_commit_sha: '33e2ee8579fda5bc36accc9c6fbd0b4fefda9e30', base_commit_sha: 'eeb57dffe83deb686a60a71c16c32f71046868fd',
        start_commit_sha: 'eeb57dffe83deb686a60a71c16c32f71046868fd', created_at: '2016-07-26T14:44:48.926Z', merge_request_id: 105, state: 'collected',
        real_size: '1', patch_id_sha: 'd504412d5b6e6739647e752aff8e468dde093f2f' },
      { id: 108, head_commit_sha: '3eed087b29835c48015768f839d76e5ea8f07a24', base_commit_sha: 'eeb57dffe83deb686a60a71c16c32f71046868fd',
        start_commit_sha: 'eeb57dffe83deb686a60a71c16c32f71046868fd', created_at: '2016-07-25T14:21:33.028Z', merge_request_id: 105, state: 'collected',
        real_size: '1', patch_id_sha: '72c30d1f0115fc1d2bb0b29b24dc2982cbcdfd32' },
    ];
    const r = render(undefined, versions, { project_id: 1, merge_request_iid: 1 }, listAction('mr_review.diff_versions_list'));
    expect(header(r.markdown)).toBe('| id | state | base_sha | start_sha | head_sha | created |');
    expect(row(r.markdown, '| 110 ')).toBe('| 110 | collected | eeb57dffe83deb686a60a71c16c32f71046868fd | eeb57dffe83deb686a60a71c16c32f71046868fd | 33e2ee8579fda5bc36accc9c6fbd0b4fefda9e30 | 2016-07-26 14:44 |');
    expect((r.structured.items as Rec[])[1]).toMatchObject({ id: 108, base_commit_sha: 'eeb57dffe83deb686a60a71c16c32f71046868fd', head_commit_sha: '3eed087b29835c48015768f839d76e5ea8f07a24' });
  });

  it('pipeline schedules say what each runs and when (doc/api/pipeline_schedules.md)', () => {
    // GitLab's documented example of GET /projects/:id/pipeline_schedules.
    const schedules = [{
      id: 13, description: 'Test schedule pipeline', ref: 'refs/heads/main', cron: '* * * * *', cron_timezone: 'Asia/Tokyo', next_run_at: '2017-05-19T13:41:00.000Z',
      active: true, created_at: '2017-05-19T13:31:08.849Z', updated_at: '2017-05-19T13:40:17.727Z',
      owner: { name: 'Administrator', username: 'root', id: 1, state: 'active', avatar_url: 'http://www.gravatar.com/avatar/e64c7d89f26bd1972efa854d13d7dd61?s=80&d=identicon', web_url: 'https://gitlab.example.com/root' },
    }];
    const r = render(undefined, schedules, { project_id: 29 }, listAction('pipeline.schedule_list'));
    expect(header(r.markdown)).toBe('| id | description | ref | cron | time zone | next run | active | owner |');
    expect(row(r.markdown, '| 13 ')).toBe('| 13 | Test schedule pipeline | refs/heads/main | * * * * * | Asia/Tokyo | 2017-05-19 13:41 | true | @root |');
    // One schedule is titled by what it is for, not by its ref (an assistant took "refs/heads/main" for another schedule).
    expect(render(undefined, schedules[0], { project_id: 29 }, listAction('pipeline.schedule_get')).markdown.split('\n')[0]).toBe('## Test schedule pipeline');
  });

  it('jobs with coverage null, as doc/api/jobs.md shows them, add no coverage column; a job that measured one, 0 too, does', () => {
    const jobs = fixture('jobs') as Rec[];
    expect(header(render(undefined, jobs.map((j) => ({ ...j, coverage: null })), { project_id: 1 }, listAction('job.list')).markdown)).not.toMatch(/coverage/);
    const measured = render(undefined, jobs.map((j, i) => ({ ...j, coverage: i === 0 ? 0 : null })), { project_id: 1 }, listAction('job.list'));
    expect(header(measured.markdown)).toBe('| id | name | stage | status | failure reason | duration | coverage |');
    expect(row(measured.markdown, '| 7 ')).toMatch(/ \| 0 \|$/);
  });
});

describe('through the server, on the sandbox', () => {
  const on = sandboxServer({ env: { FORGE_MCP_YOLO_MODE: 'true' } });
  const exec = (action: string, params: Rec) => answered(on.srv, action, params);

  it("statuses read by a branch's name say the commit it points to (P1, S1 re-read every field for it)", async () => {
    const { md, st } = await exec('repository.commit_statuses', { project_id: 'demo-group/demo-project', sha: 'feature/login-fix' });
    expect(header(md)).toBe('| id | name | status | allowed to fail | pipeline | sha | ref | created |');
    expect(row(md, '| 2022 ')).toBe('| 2022 | unit-tests | failed | false | 1002 | d75e8c13 | feature/login-fix | 2026-02-09 11:15 |');
    expect((st.items as Rec[]).every((s) => s.sha === 'd75e8c13' && s.ref === 'feature/login-fix')).toBe(true);
  });

  it('tags say their message and release (T4 re-read message, release and target)', async () => {
    const { md, st } = await exec('tag.list', { project_id: 'demo-group/demo-project' });
    expect(header(md)).toBe('| name | commit | message | release | protected |');
    expect(row(md, '| v1.0.0 ')).toBe('| v1.0.0 | ddfb251c Add CI configuration | First release | v1.0.0 | false |');
    expect(row(md, '| v1.1.0 ')).toBe('| v1.1.0 | 228e32ed Fix session timeout handling |  | v1.1.0 | false |');
    expect((st.items as Rec[]).find((t) => t.name === 'v1.0.0')).toMatchObject({ message: 'First release' });
  });

  it("a pipeline's jobs say the archive each kept and when it expires (U5 re-read artifacts)", async () => {
    const { md, st } = await exec('job.list', { project_id: 'demo-group/demo-project', pipeline_id: 1001 });
    expect(header(md)).toBe('| id | name | stage | status | allowed to fail | duration | coverage | artifacts | artifacts expire |');
    expect(row(md, '| 2011 ')).toBe('| 2011 | compile | build | success | false | 1m 34s |  | artifacts.zip 1 KB | 2026-04-01 09:00 |');
    expect(row(md, '| 2013 ')).toBe('| 2013 | lint | test | success | false | 1m 34s |  |  |  |');
    expect((st.items as Rec[]).find((j) => j.id === 2011)).toMatchObject({ artifacts_file: { filename: 'artifacts.zip', size: 1024 } });
    const one = await exec('job.get', { project_id: 'demo-group/demo-project', job_id: 2011 });
    expect(one.md).toContain('- **artifacts_expire_at**: 2026-04-01 09:00');
  });

  it("a pipeline's jobs say which job measured its coverage (#30: a second call with fields asked it), no column when none did", async () => {
    const { md, st } = await exec('job.list', { project_id: 'demo-group/demo-project', pipeline_id: 1001 });
    expect(row(md, '| 2012 ')).toBe('| 2012 | unit-tests | test | success | false | 1m 34s | 87.5 | artifacts.zip 1 KB | 2026-04-01 09:00 |');
    expect((st.items as Rec[]).find((j) => j.id === 2012)).toMatchObject({ coverage: 87.5 });
    expect((st.items as Rec[]).find((j) => j.id === 2011)).toMatchObject({ coverage: null });
    const running = await exec('job.list', { project_id: 'demo-group/demo-project', pipeline_id: 1003 });
    expect(header(running.md)).not.toContain('coverage');
  });

  it("a line comment placed with the SHAs of the diff versions' default table (#30: the table showed the head SHA only)", async () => {
    const { md } = await exec('mr_review.diff_versions_list', { project_id: 'demo-group/demo-project', merge_request_iid: 1 });
    expect(header(md)).toBe('| id | state | base_sha | start_sha | head_sha | created |');
    const [, , base_sha, start_sha, head_sha] = row(md, '| 501 ')!.split(' | ');
    expect([base_sha, start_sha, head_sha].every((s) => /^[0-9a-f]{40}$/.test(s!))).toBe(true);
    const position = { position_type: 'text', base_sha, start_sha, head_sha, old_path: 'src/auth/login.ts', new_path: 'src/auth/login.ts', new_line: 8 };
    const made = await exec('mr_review.discussion_create', { project_id: 'demo-group/demo-project', merge_request_iid: 1, body: 'Why NFC here?', position });
    expect(made.md).toContain('Why NFC here?');
  });

  it('unsubscribing from an issue answers the subscription (S6 re-read the issue for it)', async () => {
    const off = await exec('issue.unsubscribe', { project_id: 'demo-group/demo-project', issue_iid: 6 });
    expect(off.md).toContain('- **subscribed**: false');
    expect(off.st).toMatchObject({ iid: 6, subscribed: false });
    const back = await exec('issue.subscribe', { project_id: 'demo-group/demo-project', issue_iid: 6 });
    expect(back.md).toContain('- **subscribed**: true');
    const mr = await exec('merge_request.get', { project_id: 'demo-group/demo-project', merge_request_iid: 1 });
    expect(mr.md).toMatch(/^- \*\*subscribed\*\*: (true|false)$/m);
  });

  it('a commit says how many lines it added and removed (Q4 asked every field for it)', async () => {
    const { md, st } = await exec('repository.commit_get', { project_id: 'demo-group/demo-project', sha: '055c60c4' });
    expect(md).toContain('- **stats**: +38 −0 (38 lines)');
    expect(st).toMatchObject({ stats: { additions: 38, deletions: 0, total: 38 } });
  });

  it("a project's next steps are its default branch's commits and its creator, ready to run (R5 searched for user.get)", async () => {
    const { md, st } = await exec('project.get', { project_id: 'demo-group/other-project' });
    expect(md).toContain('- **creator_id**: 3');
    expect(md).toContain('- `repository.commit_list {"project_id":"demo-group/other-project","ref_name":"main"}`');
    expect(md).toMatch(/^- `user\.get \{"user_id":3\}`/m);
    expect(st.next_steps).toEqual(['repository.commit_list', 'user.get']);
    const creator = await exec('user.get', { user_id: 3 });
    expect(creator.md).toContain('- **username**: alice');
  });

  it("a new issue's next step links it, its iid filled (R7 searched for issue.link_create)", async () => {
    const { md, st } = await exec('issue.create', { project_id: 'demo-group/other-project', title: 'Reuse the login client' });
    expect(md).toMatch(new RegExp(`^- \`issue\\.link_create \\{"project_id":"demo-group/other-project","issue_iid":${String(st.iid)}\\}\` — needs target_project_id\\*: string, target_issue_iid\\*: integer`, 'm'));
    expect(st.next_steps).toEqual(['issue.link_create']);
  });

  it('the execute description names the everyday reads the runs searched for', async () => {
    const { tools } = await on.srv.client.listTools();
    const execute = tools.find((t) => t.name === 'forge_execute_action')!;
    expect(execute.description).toContain('repository.{tree,file_get,file_update,commit_list,commit_get,commit_statuses,compare}');
    // Merging stays listed: an everyday write (a held-out task merged); release.get is guessed right unlisted. The merge
    // requests of every project (list_global) and the caller's to-dos were searched for in trials 16-17.
    expect(execute.description).toContain('merge_request.{list,list_global,get,create,update,merge,approval_config}');
    expect(execute.description).toContain(' user.todo_list, ');
  });
});

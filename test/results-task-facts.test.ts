// Facts an assistant's task needed and a result hid (issue #30, seen in session 14's assistant trial): a
// pipeline's test report names the failed tests with their output, not only the suites' names; `fields` on a
// thread list shows the notes' fields asked for (a diff note's whole position), and says which are not there.
// And the sandbox never answers a read as if it had applied a param it ignores (a filter not simulated).
import { describe, it, expect } from 'vitest';
import { text } from './helpers/harness.js';
import { SANDBOX_TOKEN } from '../src/sandbox/index.js';
import { sandboxServer } from './helpers/inproc.js';
import { render } from './helpers/render.js';
import { answered, responseFixture as fixture } from './helpers/results.js';

type Rec = Record<string, unknown>;
const on = sandboxServer();
const paid = sandboxServer({ sandbox: { licensed: true } });
const exec = (action: string, params: Rec, extra: Rec = {}) => answered(on.srv, action, params, extra);
const reportAction = { id: 'pipeline.test_report', domain: 'pipeline', name: 'test_report', params: { project_id: { type: 'string' }, pipeline_id: { type: 'integer' } } } as never;

describe('a test report answers which tests failed and why', () => {
  it('the failed pipeline: totals, the suite row, the failed test with its file and output', async () => {
    const { md, st } = await exec('pipeline.test_report', { project_id: 'demo-group/demo-project', pipeline_id: 1002 });
    expect(md.split('\n')[0]).toBe('## Test report: 131 tests: 130 passed, 1 failed, 0 skipped, 0 errors (2.637 s)');
    expect(md).toContain('| suite | tests | passed | failed | skipped | errors | time |');
    expect(md).toContain('### Failed and errored tests (1)');
    expect(md).toMatch(/^- `unit-tests` › login > accepts a unicode password \(failed, test\/login\.test\.ts/m);
    expect(md).toContain('AssertionError: expected false to be true');
    expect(st).toMatchObject({ total_count: 131, failed_count: 1, failed_cases: [{ suite: 'unit-tests', name: 'login > accepts a unicode password', status: 'failed', file: 'test/login.test.ts' }] });
    // Passing tests are counted, not listed.
    expect(md).not.toContain('success,');
  });

  it("GitLab's documented example (doc/api/pipelines.md): totals and the suite, no failed list when none failed", () => {
    const r = render(undefined, fixture('test_report'), { project_id: 1, pipeline_id: 46 }, reportAction);
    expect(r.markdown).toBe([
      '## Test report: 1 tests: 1 passed, 0 failed, 0 skipped, 0 errors (5 s)',
      '',
      '| suite | tests | passed | failed | skipped | errors | time |',
      '|---|---|---|---|---|---|---|',
      '| Secure | 1 | 1 | 0 | 0 | 0 | 5 s |',
    ].join('\n'));
    expect(r.structured).toEqual({
      total_count: 1, success_count: 1, failed_count: 0, skipped_count: 0, error_count: 0, total_time: 5,
      suites: [{ name: 'Secure', total_count: 1, failed_count: 0, error_count: 0 }], failed_cases: [],
    });
  });

  it('a failing case from elsewhere: platform text contained, long output cut with a marker, more than 30 cases bounded', () => {
    const failing = (i: number) => ({ status: i % 2 ? 'error' : 'failed', name: `case ${i} **bold** [x](javascript:alert(1))`, classname: 'Spec', execution_time: 0.5, system_output: `${'x'.repeat(900)}\n\`\`\`` , stack_trace: null });
    const report = { total_time: 1, total_count: 40, success_count: 0, failed_count: 20, skipped_count: 0, error_count: 20, test_suites: [{ name: 'rspec', total_count: 40, test_cases: Array.from({ length: 40 }, (_, i) => failing(i)) }] };
    const r = render(undefined, report, { pipeline_id: 1 }, reportAction);
    expect(r.markdown).toContain('### Failed and errored tests (40)');
    expect(r.markdown).toContain('- `rspec` › case 0 **bold** \\[x\\](javascript:alert(1)) (failed, class Spec, 0.5 s)');
    expect(r.markdown).toContain('(error, class Spec, 0.5 s)');
    expect(r.markdown).toContain('  (system_output cut: 104 more characters; the whole text is in structuredContent.failed_cases)');
    expect(r.markdown).toContain('(10 more failed tests not shown to bound the answer; the failing jobs\' traces have them)');
    expect((r.structured.failed_cases as Rec[]).length).toBe(30);
  });

  it('a short output is quoted whole, its markup escaped', () => {
    const report = { total_count: 1, failed_count: 1, test_suites: [{ name: 's', test_cases: [{ status: 'failed', name: 'n', system_output: '# Failure\n[a](javascript:b)' }] }] };
    const r = render(undefined, report, {}, reportAction);
    expect(r.markdown).toContain('- `s` › n (failed)\n  > system_output:\n  > \\# Failure\n  > \\[a\\](javascript:b)');
    expect(r.markdown).not.toContain('cut:');
  });

  it('fields asked for by name show the report whole, as before', async () => {
    const { md } = await exec('pipeline.test_report', { project_id: 'demo-group/demo-project', pipeline_id: 1002 }, { fields: ['test_suites'] });
    expect(md).toContain('### test_suites');
    expect(md).toContain('"test_cases"');
  });
});

describe('fields on a thread list reach the notes', () => {
  const threads = { project_id: 'demo-group/demo-project', merge_request_iid: 1 };

  it('"position": each diff note shows its whole position; a plain comment shows none', async () => {
    const { md, st } = await exec('mr_review.discussion_list', threads, { fields: ['position'] });
    expect(md).toContain('"new_path": "src/auth/login.ts"');
    expect(md).toContain('"new_line": 8');
    expect(md).toContain('"position_type": "text"');
    const items = st.items as Array<{ notes: Rec[] }>;
    expect(items[0]!.notes[0]!.fields).toMatchObject({ position: { new_path: 'src/auth/login.ts', new_line: 8 } });
    expect(items[1]!.notes[0]!.fields).toBeUndefined();
    expect(st.unknown_fields).toBeUndefined();
  });

  it('a field no note has is said, with the fields notes have; without fields the answer is as before', async () => {
    const { md, st } = await exec('mr_review.discussion_list', threads, { fields: ['nonesuch'] });
    expect(md).toMatch(/Not in these notes: nonesuch\. Their fields: id, type, body, .*position/);
    expect(st.unknown_fields).toEqual(['nonesuch']);
    const plain = await exec('mr_review.discussion_list', threads);
    expect(plain.md).not.toContain('```json');
    expect(plain.md).not.toContain('Not in these notes');
  });

  it('"all" shows every field of every note', async () => {
    const { md } = await exec('mr_review.note_list', threads, { fields: ['all'] });
    expect(md).toContain('"noteable_type": "MergeRequest"');
  });
});

describe('the sandbox refuses a read it would answer without applying a given param', () => {
  it('an issue filter it does not simulate is refused by name, and nothing is answered as filtered', async () => {
    const r = await on.srv.call('forge_execute_action', { action: 'issue.list', params: { project_id: 'demo-group/demo-project', my_reaction_emoji: 'thumbsup' } });
    expect(r.isError).toBe(true);
    expect(text(r)).toBe('issueList: the sandbox does not simulate the param my_reaction_emoji of this action; against a GitLab instance it calls GET /projects/:id/issues with it. Leave it out to run here.');
  });

  it('filters it applies still answer', async () => {
    const { st } = await exec('issue.list', { project_id: 'demo-group/demo-project', labels: 'bug', state: 'opened', per_page: 5, page: 1 });
    expect((st.items as Rec[]).length).toBeGreaterThan(0);
  });

  it('a read refused for a missing object stays that refusal (404), not this one', async () => {
    const r = await on.srv.call('forge_execute_action', { action: 'issue.list', params: { project_id: 'nobody/nothing', my_reaction_emoji: 'thumbsup' } });
    expect(r.isError).toBe(true);
    expect(text(r)).toContain('404');
    expect(text(r)).not.toContain('does not simulate');
  });

  it('a param GitLab does not document for the route is ignored, as GitLab ignores it', async () => {
    const res = await fetch(`${on.sb.url}/api/v4/projects/demo-group%2Fdemo-project/issues?no_such_param=1&state=opened`, { headers: { 'PRIVATE-TOKEN': SANDBOX_TOKEN } });
    expect(res.status).toBe(200);
  });

  it('plain REST sees the 501 too', async () => {
    const url = `${on.sb.url}/api/v4/projects/demo-group%2Fdemo-project/issues?my_reaction_emoji=thumbsup&state=opened`;
    const res = await fetch(url, { headers: { 'PRIVATE-TOKEN': SANDBOX_TOKEN } });
    expect(res.status).toBe(501);
    expect(await res.json()).toEqual({ message: 'not simulated by the sandbox: GET /projects/:id/issues with my_reaction_emoji' });
  });
});

describe('sandbox state that agrees with itself', () => {
  it("a project's statistics count the default branch's commits, as GitLab's do", async () => {
    const commits = await exec('repository.commit_list', { project_id: 'demo-group/demo-project', ref_name: 'main', per_page: 100 });
    const onMain = (commits.st.items as Rec[]).length;
    const { st } = await exec('project.get', { project_id: 'demo-group/demo-project', statistics: true }, { fields: ['statistics'] });
    expect((st.statistics as Rec).commit_count).toBe(onMain);
    expect(onMain).toBe(5);
  });

  it("a running test job's log stops part way: some cases printed, no summary, no end", async () => {
    const jobs = await exec('job.list', { project_id: 'demo-group/demo-project', pipeline_id: 1003 });
    const running = (jobs.st.items as Rec[]).find((j) => j.name === 'unit-tests');
    expect(running).toMatchObject({ status: 'running' });
    const res = await fetch(`${on.sb.url}/api/v4/projects/1/jobs/${String(running!.id)}/trace`, { headers: { 'PRIVATE-TOKEN': SANDBOX_TOKEN } });
    const log = await res.text();
    expect(log.match(/✓/g)?.length).toBe(65);
    expect(log).not.toContain('Test Files');
    expect(log).not.toContain('Job succeeded');
    expect(log).not.toContain('ERROR: Job failed');
  });
});

describe('filters the sandbox now applies instead of ignoring', () => {
  it('users: exclude_active leaves the accounts that are not active; humans and an asked order apply', async () => {
    const { st } = await exec('user.list', { exclude_active: true });
    expect((st.items as Rec[]).map((u) => u.username)).toEqual(['carol']);
    const ordered = await exec('user.list', { order_by: 'username', sort: 'asc', humans: true });
    const names = (ordered.st.items as Rec[]).map((u) => String(u.username));
    expect(names).toEqual([...names].sort());
  });

  it('merge requests: who merged, and a time window', async () => {
    const merged = await exec('merge_request.list', { project_id: 'demo-group/demo-project', state: 'all', merge_user_username: 'demo' });
    expect((merged.st.items as Rec[]).map((m) => m.iid)).toEqual([2]);
    const none = await exec('merge_request.list', { project_id: 'demo-group/demo-project', state: 'all', created_after: '2099-01-01T00:00:00Z' });
    expect(none.st.items).toEqual([]);
  });

  it('branches by last commit date; protected branches, starrers and project users by search; members by state', async () => {
    const P = 'demo-group/demo-project';
    const byName = ((await exec('branch.list', { project_id: P, per_page: 100 })).st.items as Rec[]).map((b) => String(b.name));
    const newest = (await exec('branch.list', { project_id: P, per_page: 100, sort: 'updated_desc' })).st.items as Array<{ name: string; commit: { committed_date?: string; created_at?: string } }>;
    const dates = newest.map((b) => String(b.commit.committed_date ?? b.commit.created_at));
    expect(dates).toEqual([...dates].sort().reverse());
    expect(newest.map((b) => b.name).sort()).toEqual([...byName].sort());
    const prot = (await exec('branch.list_protected', { project_id: P, search: 'MAI' })).st.items as Rec[];
    expect(prot.map((b) => b.name)).toEqual(['main']);
    const users = (await exec('project.list_users', { project_id: P, search: 'ali' })).st.items as Rec[];
    expect(users.map((u) => u.username)).toEqual(['alice']);
    const skipped = (await exec('project.list_users', { project_id: P, skip_users: [3] })).st.items as Rec[];
    expect(skipped.map((u) => u.username)).not.toContain('alice');
    expect(skipped.length).toBeGreaterThan(0);
    const starrers = (await exec('project.list_starrers', { project_id: P, search: 'ali' })).st.items as Rec[];
    expect(starrers.map((x) => x.user)).toEqual(['alice']);
    // state is a Premium filter (doc/api/members.md): a licensed instance applies it.
    expect((await answered(paid.srv, 'project.members', { project_id: P, state: 'awaiting' })).st.items).toEqual([]);
    expect(((await answered(paid.srv, 'project.members', { project_id: P, state: 'active' })).st.items as Rec[]).length).toBeGreaterThan(0);
    expect((await exec('project.milestone_list', { project_id: P, updated_after: '2099-01-01T00:00:00Z' })).st.items).toEqual([]);
  });

  it('pipelines: created_after keeps the later ones', async () => {
    const all = await exec('pipeline.list', { project_id: 'demo-group/demo-project', per_page: 100 });
    const dates = (all.st.items as Rec[]).map((p) => String(p.created_at)).sort();
    const cut = dates[Math.floor(dates.length / 2)]!;
    const later = await exec('pipeline.list', { project_id: 'demo-group/demo-project', per_page: 100, created_after: cut });
    expect((later.st.items as Rec[]).length).toBe(dates.filter((d) => d >= cut).length);
    expect((later.st.items as Rec[]).length).toBeLessThan(dates.length);
  });
});

// The sandbox behaves as GitLab does for what it simulates: each case is written through the MCP server
// (forge_execute_action) and read back from the sandbox's own REST API. GitLab's behaviour was checked in
// gitlabhq/gitlabhq (app/services/system_notes/issuables_service.rb @ 00c78fb8, ee/app/services/ee/system_notes/
// issuables_service.rb, doc/api/issues.md, doc/api/issue_links.md, doc/api/pipelines.md, doc/api/events.md;
// members: lib/api/members.rb @ 014b8327, app/models/member.rb @ 800235cc, app/validators/future_date_validator.rb).
import { describe, it, expect } from 'vitest';
import { SANDBOX_TOKEN } from '../src/sandbox/index.js';
import { sandboxServer } from './helpers/inproc.js';
import { okText, refusedText } from './helpers/approved-calls.js';
import { text } from './helpers/harness.js';

const on = sandboxServer({ env: { FORGE_MCP_YOLO_MODE: 'true' } });
type On = typeof on;

const ok = (action: string, params: Record<string, unknown>, at: On = on) => okText(at.srv, action, params);
const refused = (action: string, params: Record<string, unknown>) => refusedText(on.srv, action, params);
async function api(path: string, init: { method?: string; body?: unknown } = {}, at: On = on): Promise<any> {
  const res = await fetch(`${at.sb.url}/api/v4${path}`, {
    method: init.method ?? 'GET', headers: { 'private-token': SANDBOX_TOKEN, 'content-type': 'application/json' }, body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const raw = await res.text();
  return { status: res.status, body: raw ? JSON.parse(raw) : null };
}
/** The system notes of an issue, oldest first, as author and text. */
async function systemNotes(project: number, iid: number, at: On = on): Promise<string[]> {
  const notes: Array<{ id: number; system: boolean; body: string; author: { username: string } }> = (await api(`/projects/${project}/issues/${iid}/notes?per_page=100`, {}, at)).body;
  return notes.filter((n) => n.system).sort((a, b) => a.id - b.id).map((n) => `@${n.author.username} ${n.body}`);
}

describe('moving an issue', () => {
  it('closes the original, points its moved_to_id at the new issue, copies the comments and notes the move on both', async () => {
    await api('/projects/1/issues/7/notes', { method: 'POST', body: { body: 'Needed by the ops team.' } });
    await ok('issue.move', { project_id: 1, issue_iid: 7, to_project_id: 2 });
    const original = (await api('/projects/1/issues/7')).body;
    const moved = (await api('/projects/2/issues/4')).body;
    expect(moved).toMatchObject({ title: 'Health check endpoint for the load balancer', state: 'opened', moved_to_id: null });
    expect(original).toMatchObject({ state: 'closed', moved_to_id: moved.id, closed_by: { username: 'demo' } });
    expect(await systemNotes(1, 7)).toEqual(['@demo moved to other-project#4']);
    expect(await systemNotes(2, 4)).toEqual(['@demo moved from demo-project#7']);
    expect((await api('/projects/2/issues/4/notes')).body.filter((n: { system: boolean }) => !n.system).map((n: { body: string }) => n.body)).toEqual(['Needed by the ops team.']);
  });

  it('an issue moves once: moving the moved original again is refused', async () => {
    expect(await api('/projects/1/issues/7/move', { method: 'POST', body: { to_project_id: 2 } })).toEqual({ status: 400, body: { message: 'Cannot move issue due to insufficient permissions!' } });
  });
});

describe('linking issues', () => {
  // Blocking links are a licensed feature (GitLab's blocked_issues): a licensed instance makes them.
  const paid = sandboxServer({ env: { FORGE_MCP_YOLO_MODE: 'true' }, sandbox: { licensed: true } });

  it('a blocks link notes "blocking" on its source and "blocked by" on its target; removing it notes the removal on both', async () => {
    await ok('issue.link_create', { project_id: 1, issue_iid: 8, target_project_id: 1, target_issue_iid: 9, link_type: 'blocks' }, paid);
    expect(await systemNotes(1, 8, paid)).toEqual(['@demo marked this issue as blocking #9']);
    expect(await systemNotes(1, 9, paid)).toEqual(['@demo marked this issue as blocked by #8']);
    const [link] = (await api('/projects/1/issues/9/links', {}, paid)).body;
    await ok('issue.link_delete', { project_id: 1, issue_iid: 9, issue_link_id: link.issue_link_id }, paid);
    expect(await systemNotes(1, 9, paid)).toEqual(['@demo marked this issue as blocked by #8', '@demo removed the relation with #8']);
    expect(await systemNotes(1, 8, paid)).toEqual(['@demo marked this issue as blocking #9', '@demo removed the relation with #9']);
  });

  it('a related issue in another project is named by its project path; is_blocked_by reads the other way round', async () => {
    await ok('issue.link_create', { project_id: 1, issue_iid: 10, target_project_id: 2, target_issue_iid: 1 });
    expect(await systemNotes(1, 10)).toEqual(['@demo marked this issue as related to other-project#1']);
    expect(await systemNotes(2, 1)).toEqual(['@demo marked this issue as related to demo-project#10']);
    await ok('issue.link_create', { project_id: 1, issue_iid: 11, target_project_id: 1, target_issue_iid: 12, link_type: 'is_blocked_by' }, paid);
    expect(await systemNotes(1, 11, paid)).toEqual(['@demo marked this issue as blocked by #12']);
    expect(await systemNotes(1, 12, paid)).toEqual(['@demo marked this issue as blocking #11']);
  });

  // GitLab EE's IssueLinks::CreateService (ee/app/services/ee/issue_links/create_service.rb @ diffblue/gitlab 0a36bbc5): without
  // the blocked_issues feature a blocking type is refused with 403 once both issues are found, and nothing is linked or noted.
  const pinned = sandboxServer({ env: { FORGE_MCP_YOLO_MODE: 'true', FORGE_MCP_TIER: 'premium' } });

  it('a Free instance answers a blocking link as GitLab does: 403 "Blocked issues not available for current license", no link, no note', async () => {
    for (const link_type of ['blocks', 'is_blocked_by']) {
      const r = await pinned.srv.call('forge_execute_action', { action: 'issue.link_create', params: { project_id: 1, issue_iid: 4, target_project_id: 1, target_issue_iid: 5, link_type } });
      expect(r.isError).toBe(true);
      expect(text(r)).toMatch(/^issueLinkCreate: access denied: .* \(Blocked issues not available for current license\): POST http:\/\/127\.0\.0\.1:\d+\/api\/v4\/projects\/1\/issues\/4\/links: 403 Forbidden: Blocked issues not available for current license$/);
      expect(await api('/projects/1/issues/4/links', { method: 'POST', body: { target_project_id: 1, target_issue_iid: 5, link_type } }, pinned))
        .toEqual({ status: 403, body: { message: 'Blocked issues not available for current license' } });
    }
    expect((await api('/projects/1/issues/4/links', {}, pinned)).body).toEqual([]);
    expect(await systemNotes(1, 4, pinned)).toEqual([]);
    // The issues are looked up first (GitLab's find_project_issue): a missing target is still 404.
    expect((await api('/projects/1/issues/4/links', { method: 'POST', body: { target_project_id: 1, target_issue_iid: 999, link_type: 'blocks' } }, pinned)).status).toBe(404);
    await ok('issue.link_create', { project_id: 1, issue_iid: 4, target_project_id: 1, target_issue_iid: 5, link_type: 'relates_to' }, pinned);
    expect(await systemNotes(1, 4, pinned)).toEqual(['@demo marked this issue as related to #5']);
  });
});

describe('push events', () => {
  type Push = { author_username: string; push_data: { ref: string; commit_title: string; commit_to: string } };
  const pushes = async (path: string): Promise<Array<[string, string, string]>> =>
    ((await api(`${path}?action=pushed&per_page=100`)).body as Push[]).map((e) => [e.author_username, e.push_data.commit_title, e.push_data.ref]);

  it('each seeded push names the branch its commit was pushed to, a since deleted branch included', async () => {
    expect(await pushes('/users/3/events')).toEqual([
      ['alice', 'Try a GraphQL endpoint', 'experiment/graphql'],
      ['alice', 'Handle unicode passwords in login', 'feature/login-fix'],
      ['alice', 'Fix session timeout handling', 'main'],
      ['alice', 'Print the version', 'main'],
      ['alice', 'Add login service', 'main'],
      ['alice', 'Initial commit', 'main'],
    ]);
    expect((await api('/projects/1/repository/branches/experiment%2Fgraphql')).status).toBe(404);
  });

  it('a commit keeps the branch it was pushed to after the branch moves on and is deleted', async () => {
    const commit = (message: string, content: string) => api('/projects/2/repository/commits', { method: 'POST', body: { branch: 'notes', start_branch: 'main', commit_message: message, actions: [{ action: 'create', file_path: `${content}.md`, content }] } });
    expect((await commit('Add the first note', 'first')).status).toBe(201);
    expect((await commit('Add the second note', 'second')).status).toBe(201);
    expect((await api('/projects/2/repository/branches/notes', { method: 'DELETE' })).status).toBe(204);
    expect((await pushes('/projects/2/events')).slice(0, 2)).toEqual([['demo', 'Add the second note', 'notes'], ['demo', 'Add the first note', 'notes']]);
  });
});

describe('test reports agree with the job logs', () => {
  const trace = async (jobId: number) => (await fetch(`${on.sb.url}/api/v4/projects/1/jobs/${jobId}/trace`, { headers: { 'private-token': SANDBOX_TOKEN } })).text();
  /** The cases a vitest log reports, as `file > name`, passed and failed. */
  const logged = (log: string, mark: string) => log.split('\n').filter((l) => l.startsWith(` \u001b[3${mark === '✓' ? 2 : 1}m${mark}`)).map((l) => l.replace(/^ \S+ /, '').replace(/ \(?\d+ ?ms\)?$/, ''));

  it('failed pipeline 1002: 131 cases, 1 failed, the same cases as its unit-tests log', async () => {
    const [unit] = (await api('/projects/1/pipelines/1002/jobs?scope=failed')).body;
    expect(unit.name).toBe('unit-tests');
    const log = await trace(unit.id);
    expect(log).toContain('      Tests  1 failed | 130 passed (131)');
    const report = (await api('/projects/1/pipelines/1002/test_report')).body;
    expect(report).toMatchObject({ total_time: 2.637, total_count: 131, success_count: 130, failed_count: 1, skipped_count: 0, error_count: 0 });
    expect(report.test_suites).toHaveLength(1);
    const cases: Array<{ status: string; classname: string; name: string }> = report.test_suites[0].test_cases;
    expect(cases).toHaveLength(131);
    expect(cases[0]).toMatchObject({ status: 'failed', classname: 'test/login.test.ts', name: 'login > accepts a unicode password', system_output: 'AssertionError: expected false to be true // Object.is equality' });
    const named = (status: string) => cases.filter((c) => c.status === status).map((c) => `${c.classname} > ${c.name}`).sort();
    expect(named('failed')).toEqual(logged(log, '×').sort());
    expect(named('success')).toEqual(logged(log, '✓').sort());
    expect(named('success')).toHaveLength(130);
    expect(await ok('pipeline.test_report_summary', { project_id: 1, pipeline_id: 1002 })).toContain('131');
    expect((await api('/projects/1/pipelines/1002/test_report_summary')).body).toEqual({
      total: { time: 2.637, count: 131, success: 130, failed: 1, skipped: 0, error: 0, suite_error: null },
      test_suites: [{ name: 'unit-tests', total_time: 2.637, total_count: 131, success_count: 130, failed_count: 1, skipped_count: 0, error_count: 0, build_ids: [unit.id], suite_error: null }],
    });
  });

  it('passed pipeline 1001 reports the 131 cases its log lists; a pipeline whose tests still run has no report yet', async () => {
    const unit = (await api('/projects/1/pipelines/1001/jobs')).body.find((j: { name: string }) => j.name === 'unit-tests');
    const log = await trace(unit.id);
    expect(log).toContain('      Tests  131 passed (131)');
    expect(logged(log, '✓')).toHaveLength(131);
    expect((await api('/projects/1/pipelines/1001/test_report_summary')).body.total).toEqual({ time: 2.637, count: 131, success: 131, failed: 0, skipped: 0, error: 0, suite_error: null });
    expect((await api('/projects/1/pipelines/1003/test_report')).body).toEqual({ total_time: 0, total_count: 0, success_count: 0, failed_count: 0, skipped_count: 0, error_count: 0, test_suites: [] });
    expect((await api('/projects/1/pipelines/1003/test_report_summary')).body).toEqual({ total: { time: 0, count: 0, success: 0, failed: 0, skipped: 0, error: 0, suite_error: null }, test_suites: [] });
  });
});

describe('new pipelines get the jobs of the CI configuration', () => {
  type JobRow = { name: string; stage: string; status: string; allow_failure: boolean };
  const jobs = async (project: number, pipeline: number): Promise<Array<[string, string, string, boolean]>> =>
    ((await api(`/projects/${project}/pipelines/${pipeline}/jobs`)).body as JobRow[]).sort((a, b) => a.name.localeCompare(b.name)).map((j) => [j.name, j.stage, j.status, j.allow_failure]);
  const FRESH: Array<[string, string, string, boolean]> = [
    ['compile', 'build', 'pending', false], ['deploy-production', 'deploy', 'manual', true], ['lint', 'test', 'created', false], ['unit-tests', 'test', 'created', false],
  ];
  const names = (rows: Array<[string, ...unknown[]]>) => rows.map((r) => r[0]);

  it('a pipeline run through the API on a branch has the manual deploy job, like the seeded pipelines of that branch', async () => {
    const answer = await ok('pipeline.create', { project_id: 1, ref: 'feature/login-fix' });
    const pl = (await api('/projects/1/pipelines?ref=feature/login-fix&source=api')).body[0];
    expect(answer).toContain(String(pl.id));
    expect(pl.status).toBe('pending');
    expect(await jobs(1, pl.id)).toEqual(FRESH);
    expect(names(await jobs(1, 1002))).toEqual(names(FRESH));
    const main = (await api('/projects/1/pipeline', { method: 'POST', body: { ref: 'main' } })).body;
    expect(await jobs(1, main.id)).toEqual(FRESH);
    expect(names(await jobs(1, 1001))).toEqual(names(FRESH));
    expect(names(await jobs(1, 1003))).toEqual(names(FRESH));
  });

  it('retrying failed pipeline 1002 reruns its failed job and brings the skipped manual deploy back to manual', async () => {
    expect((await jobs(1, 1002)).find((j) => j[0] === 'deploy-production')).toEqual(['deploy-production', 'deploy', 'skipped', true]);
    await ok('pipeline.retry', { project_id: 1, pipeline_id: 1002 });
    expect(await jobs(1, 1002)).toEqual([['compile', 'build', 'success', false], ['deploy-production', 'deploy', 'manual', true], ['lint', 'test', 'success', false], ['unit-tests', 'test', 'pending', false]]);
    expect((await api('/projects/1/pipelines/1002')).body.status).toBe('pending');
  });

  it('a schedule played on a branch creates the same jobs', async () => {
    const s = (await api('/projects/1/pipeline_schedules', { method: 'POST', body: { description: 'nightly', ref: 'feature/login-fix', cron: '0 1 * * *' } })).body;
    await ok('pipeline.schedule_run', { project_id: 1, pipeline_schedule_id: s.id });
    const [pl] = (await api(`/projects/1/pipeline_schedules/${s.id}/pipelines`)).body;
    expect(pl).toMatchObject({ ref: 'feature/login-fix', source: 'schedule', status: 'pending' });
    expect(await jobs(1, pl.id)).toEqual(FRESH);
  });

  it('rules decide: a merge request pipeline gets the jobs whose rules match it, a branch pipeline of the same commit none', async () => {
    const ci = [
      'stages: [test, deploy]', 'test:', '  stage: test', '  script: npm test', '  rules:', '    - if: $CI_PIPELINE_SOURCE == "merge_request_event"',
      'review-app:', '  stage: deploy', '  script: ./review.sh', '  rules:', '    - if: $CI_MERGE_REQUEST_IID', '      when: manual',
      'deploy:', '  stage: deploy', '  script: ./deploy.sh', '  rules:', '    - if: $CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH', '',
    ].join('\n');
    expect((await api('/projects/1/repository/commits', { method: 'POST', body: { branch: 'ci-rules', start_branch: 'main', commit_message: 'CI rules', actions: [{ action: 'update', file_path: '.gitlab-ci.yml', content: ci }] } })).status).toBe(201);
    const mr = (await api('/projects/1/merge_requests', { method: 'POST', body: { source_branch: 'ci-rules', target_branch: 'main', title: 'CI rules' } })).body;
    await ok('merge_request.create_pipeline', { project_id: 1, merge_request_iid: mr.iid });
    const [pl] = (await api(`/projects/1/merge_requests/${mr.iid}/pipelines`)).body;
    expect(pl).toMatchObject({ ref: `refs/merge-requests/${mr.iid}/head`, source: 'merge_request_event', status: 'pending' });
    // A manual job of `rules` may not fail unless it says so.
    expect(await jobs(1, pl.id)).toEqual([['review-app', 'deploy', 'manual', false], ['test', 'test', 'pending', false]]);
    expect(await api('/projects/1/pipeline', { method: 'POST', body: { ref: 'ci-rules' } })).toEqual({ status: 400, body: { message: { base: ['Pipeline will not run for the selected trigger. The rules configuration prevented any jobs from being added to the pipeline.'] } } });
  });

  it('refuses in so many words: no configuration, a stage that does not exist, and what the sandbox does not evaluate', async () => {
    const before = (await api('/projects/2/pipelines')).body.length;
    expect(await api('/projects/2/pipeline', { method: 'POST', body: { ref: 'main' } })).toEqual({ status: 400, body: { message: { base: ['Missing CI config file'] } } });
    expect((await api('/projects/2/pipelines')).body).toHaveLength(before);
    const push = (branch: string, content: string) => api('/projects/1/repository/commits', { method: 'POST', body: { branch, start_branch: 'main', commit_message: branch, actions: [{ action: 'update', file_path: '.gitlab-ci.yml', content }] } });
    await push('ci-stage', 'build:\n  stage: package\n  script: make\n');
    expect((await api('/projects/1/pipeline', { method: 'POST', body: { ref: 'ci-stage' } })).body).toEqual({ message: { base: ['build job: chosen stage package does not exist; available stages are .pre, build, test, deploy, .post'] } });
    await push('ci-empty', 'stages: [build]\n.template:\n  script: make\n');
    expect((await api('/projects/1/pipeline', { method: 'POST', body: { ref: 'ci-empty' } })).body).toEqual({ message: { base: ['jobs config should contain at least one visible job'] } });
    await push('ci-include', 'include: ci/common.yml\nbuild:\n  script: make\n');
    expect((await api('/projects/1/pipeline', { method: 'POST', body: { ref: 'ci-include' } })).body).toEqual({ message: { base: ['not simulated by the sandbox: `include`'] } });
  });
});

describe('what the CI configuration reader evaluates', () => {
  const pipelineOn = async (branch: string, ci: string, variables?: Array<{ key: string; value: string }>) => {
    await api('/projects/1/repository/commits', { method: 'POST', body: { branch, start_branch: 'main', commit_message: branch, actions: [{ action: 'update', file_path: '.gitlab-ci.yml', content: ci }] } });
    const res = await api('/projects/1/pipeline', { method: 'POST', body: { ref: branch, variables } });
    if (res.status !== 201) return res.body;
    return ((await api(`/projects/1/pipelines/${res.body.id}/jobs`)).body as Array<{ name: string; status: string }>).sort((a, b) => a.name.localeCompare(b.name)).map((j) => `${j.name} ${j.status}`);
  };

  it('extends, parallel, only/except, variables in rules and workflow rules', async () => {
    const ci = [
      '.node:', '  stage: build', '  script: npm ci',
      'build:', '  extends: .node',
      'shard:', '  stage: test', '  script: npm test', '  parallel: 2',
      'docs:', '  script: make docs', '  only: [main]',
      'nightly:', '  script: make all', '  except: [/^ci-/]',
      'canary:', '  stage: deploy', '  script: ./canary.sh', '  rules:', '    - if: $CANARY == "yes" && $CI_PIPELINE_SOURCE == "api"', '      when: manual', '      allow_failure: true',
      '',
    ].join('\n');
    expect(await pipelineOn('ci-shapes', ci)).toEqual(['build pending', 'shard 1/2 created', 'shard 2/2 created']);
    expect(await pipelineOn('ci-shapes', ci, [{ key: 'CANARY', value: 'yes' }])).toEqual(['build pending', 'canary manual', 'shard 1/2 created', 'shard 2/2 created']);
    const gated = `workflow:\n  rules:\n    - if: $CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH\n${ci}`;
    expect(await pipelineOn('ci-gated', gated)).toEqual({ message: { base: ['Pipeline filtered out by workflow rules.'] } });
    expect(await pipelineOn('ci-changes', 'build:\n  script: make\n  rules:\n    - changes: [src/**]\n')).toEqual({ message: { base: ['not simulated by the sandbox: `rules: changes` (build)'] } });
    expect(await pipelineOn('ci-paren', 'build:\n  script: make\n  rules:\n    - if: ($A == "1")\n')).toEqual({ message: { base: ['not simulated by the sandbox: the rules expression "($A == \\"1\\")"'] } });
  });
});

describe('seeded pipelines and jobs', () => {
  it('have times that agree with their durations: each job ran its duration after its queue time, the pipeline ends with its last job', async () => {
    const pipelines: Array<{ id: number; status: string }> = (await api('/projects/1/pipelines?per_page=100')).body;
    let checked = 0;
    for (const pl of pipelines) {
      const p = (await api(`/projects/1/pipelines/${pl.id}`)).body;
      const jobs: Array<{ name: string; status: string; created_at: string; started_at: string | null; finished_at: string | null; duration: number | null; queued_duration: number | null }> =
        (await api(`/projects/1/pipelines/${pl.id}/jobs?per_page=100&include_retried=true`)).body;
      for (const j of jobs.filter((x) => x.started_at && x.finished_at && x.duration !== null)) {
        expect(Date.parse(j.finished_at!) - Date.parse(j.started_at!), `${pl.id} ${j.name}`).toBe(Math.round(j.duration! * 1000));
        expect(Date.parse(j.started_at!) - Date.parse(j.created_at), `${pl.id} ${j.name}`).toBe(Math.round(j.queued_duration! * 1000));
        expect(Date.parse(j.finished_at!), `${pl.id} ${j.name}`).toBeLessThanOrEqual(Date.parse(p.finished_at ?? p.updated_at));
        checked++;
      }
      if (p.finished_at && p.duration !== null) expect(Date.parse(p.finished_at) - Date.parse(p.started_at), String(pl.id)).toBeGreaterThanOrEqual(p.duration * 1000);
    }
    expect(checked).toBeGreaterThan(5);
  });
});

describe("an issue's merge_requests_count", () => {
  it('counts the merge requests that close it on merge, as its closed_by list does', async () => {
    const issue = (await api('/projects/1/issues/1')).body;
    const closing = (await api('/projects/1/issues/1/closed_by')).body as Array<{ iid: number }>;
    expect(closing.map((m) => m.iid)).toEqual([1]);
    expect(issue.merge_requests_count).toBe(1);
    expect((await api('/projects/1/issues/2')).body.merge_requests_count).toBe(0);
  });
});

describe('membership expiry', () => {
  const expiry = async (path: string) => (await api(path)).body.expires_at;

  it('a project member keeps the date it was added with, through edits that do not send one; a date-time keeps its day; empty clears it', async () => {
    await ok('project.member_add', { project_id: 1, user_id: 4, access_level: 30, expires_at: '2026-12-31' });
    expect(await expiry('/projects/1/members/4')).toBe('2026-12-31');
    expect((await api('/projects/1/members')).body.find((m: { id: number }) => m.id === 4).expires_at).toBe('2026-12-31');
    // The direct membership (Developer) outranks bob's Reporter membership of demo-group, with its date.
    expect(await api('/projects/1/members/all/4')).toMatchObject({ body: { access_level: 30, expires_at: '2026-12-31' } });
    await ok('project.member_edit', { project_id: 1, user_id: 4, access_level: 40 });
    expect(await api('/projects/1/members/4')).toMatchObject({ body: { access_level: 40, expires_at: '2026-12-31' } });
    await ok('project.member_edit', { project_id: 1, user_id: 4, access_level: 40, expires_at: '2027-01-15T10:00:00Z' });
    expect(await expiry('/projects/1/members/4')).toBe('2027-01-15');
    await ok('project.member_edit', { project_id: 1, user_id: 4, access_level: 40, expires_at: '' });
    expect(await expiry('/projects/1/members/4')).toBeNull();
    await ok('project.member_delete', { project_id: 1, user_id: 4 });
  });

  it('a date before today (the sandbox clock is 2026-03-02) or not a date at all is refused, and the member keeps its date', async () => {
    expect(await refused('project.member_add', { project_id: 1, user_id: 4, access_level: 30, expires_at: '2026-03-01' })).toContain('cannot be a date in the past');
    expect((await api('/projects/1/members/4')).status).toBe(404);
    await ok('project.member_add', { project_id: 1, user_id: 4, access_level: 30, expires_at: '2026-03-02' });
    expect(await refused('project.member_edit', { project_id: 1, user_id: 4, access_level: 30, expires_at: '2020-01-01' })).toContain('cannot be a date in the past');
    expect(await refused('project.member_edit', { project_id: 1, user_id: 4, access_level: 30, expires_at: 'next friday' })).toContain('expires_at is invalid');
    expect(await refused('project.member_edit', { project_id: 1, user_id: 4, access_level: 30, expires_at: '2027-02-30' })).toContain('expires_at is invalid');
    expect(await expiry('/projects/1/members/4')).toBe('2026-03-02');
    await ok('project.member_delete', { project_id: 1, user_id: 4 });
  });

  it('a group member has its date too, and the members of its subgroups and projects inherit it', async () => {
    await ok('group.group_member_add', { group_id: 11, user_id: 4, access_level: 30, expires_at: '2026-06-30' });
    expect(await expiry('/groups/11/members/4')).toBe('2026-06-30');
    await ok('group.group_member_edit', { group_id: 10, user_id: 3, access_level: 30, expires_at: '2026-09-01' });
    expect(await expiry('/groups/10/members/3')).toBe('2026-09-01');
    expect(await expiry('/groups/11/members/all/3')).toBe('2026-09-01');
    expect(await expiry('/groups/11/members/all/4')).toBe('2026-06-30');
    // alice's direct Developer membership of the project ties with the group's and wins: it has no date.
    expect(await expiry('/projects/1/members/all/3')).toBeNull();
    await ok('group.group_member_remove', { group_id: 11, user_id: 4 });
    await ok('group.group_member_edit', { group_id: 10, user_id: 3, access_level: 30, expires_at: '' });
    expect(await expiry('/groups/10/members/3')).toBeNull();
  });
});

describe('issue priority orders', () => {
  // Issuable.sort_by_attribute (app/models/concerns/issuable.rb @ gitlabhq, read 2026-11-29): `priority` is the
  // milestone's due date, then the highest label priority (the lowest number), unset last both ways; ties by ID,
  // newest first. The API asks `<order_by>_<sort>`, and `sort` is desc unless said.
  const fresh = sandboxServer();
  it('label_priority and priority order as GitLab does, not by iid', async () => {
    expect((await api('/projects/1/labels/performance', { method: 'PUT', body: { priority: 1 } }, fresh)).status).toBe(200);
    expect((await api('/projects/1/labels/bug', { method: 'PUT', body: { priority: 2 } }, fresh)).status).toBe(200);
    const iids = async (q: string) => ((await api(`/projects/1/issues?state=opened&per_page=100&${q}`, {}, fresh)).body as Array<{ iid: number }>).map((i) => i.iid);
    const open = (await iids('')).sort((a, b) => b - a);
    const rest = (first: number[]) => open.filter((i) => !first.includes(i));
    // performance (1) first, then bug (2), then the issues with no prioritized label.
    expect(await iids('order_by=label_priority&sort=asc')).toEqual([16, 12, 13, 8, 6, 2, 1, ...rest([16, 12, 13, 8, 6, 2, 1])]);
    expect(await iids('order_by=label_priority')).toEqual([13, 8, 6, 2, 1, 16, 12, ...rest([16, 12, 13, 8, 6, 2, 1])]);
    // v1.2 and Q1 2026 are both due 2026-03-31: the label priority decides between them (none last); no milestone comes last.
    expect(await iids('order_by=priority&sort=asc')).toEqual([12, 8, 6, 2, 1, 7, 5, 3, 16, 13, ...rest([12, 8, 6, 2, 1, 7, 5, 3, 16, 13])]);
    expect(await iids('order_by=priority')).toEqual([8, 6, 2, 1, 12, 7, 5, 3, 13, 16, ...rest([12, 8, 6, 2, 1, 7, 5, 3, 16, 13])]);
  });
});

describe("a group's projects", () => {
  // GroupProjectsFinder (app/finders/group_projects_finder.rb @ gitlabhq, read 2026-11-29): the projects shared with
  // the group are listed unless with_shared is false; include_subgroups widens the group's own projects only.
  const fresh = sandboxServer();
  it('with_shared (true unless said) adds the projects shared with the group itself', async () => {
    const platform = (await api('/groups/demo-group%2Fplatform', {}, fresh)).body.id as number;
    expect((await api('/projects/1/share', { method: 'POST', body: { group_id: platform, group_access: 30 } }, fresh)).status).toBe(201);
    const paths = async (g: string, q = '') => ((await api(`/groups/${g}/projects?${q}`, {}, fresh)).body as Array<{ path_with_namespace: string }>).map((p) => p.path_with_namespace).sort();
    expect(await paths('demo-group%2Fplatform')).toEqual(['demo-group/demo-project']);
    expect(await paths('demo-group%2Fplatform', 'with_shared=false')).toEqual([]);
    expect(await paths('demo-group', 'include_subgroups=true')).toEqual(['demo-group/demo-project', 'demo-group/other-project']);
    // Through the server, with_shared is a filter the sandbox applies, not one it refuses.
    expect(await okText(fresh.srv, 'group.projects', { group_id: 'demo-group/platform', with_shared: false })).toContain('No projects');
  });
});

describe("a group's subgroups", () => {
  // lib/api/groups.rb: the subgroups and descendant groups routes take the group list's filters (find_groups).
  it('are filtered and ordered as the group list is: search, owned, min_access_level, top_level_only, order_by', async () => {
    const names = async (q: string) => ((await api(`/groups/demo-group/subgroups?${q}`)).body as Array<{ full_path: string }>).map((g) => g.full_path);
    expect(await names('search=plat')).toEqual(['demo-group/platform']);
    expect(await names('search=nothing-like-it')).toEqual([]);
    expect(await names('top_level_only=true')).toEqual([]);
    expect(((await api('/groups/demo-group/descendant_groups?search=PLAT')).body as unknown[]).length).toBe(1);
    // Through the server, search is a filter the sandbox applies, not one it refuses (an assistant's search was refused).
    expect(await ok('group.subgroups', { group_id: 'demo-group', search: 'platform' })).toContain('demo-group/platform');
  });
});

describe('labels named on a merge request', () => {
  // IssuableBaseService#filter_labels → Labels::FindOrCreateService (gitlabhq app/services/issuable_base_service.rb):
  // a label named that the project and its groups lack is made, for merge requests as for issues.
  const fresh = sandboxServer();
  it('are made in the project when missing, on create and on add_labels, each with its own ID', async () => {
    const made = await api('/projects/1/merge_requests', { method: 'POST', body: { source_branch: 'with-submodule', target_branch: 'main', title: 'Submodule', labels: 'documentation,needs-review' } }, fresh);
    expect(made.status).toBe(201);
    expect(made.body.labels).toEqual(['documentation', 'needs-review']);
    await api(`/projects/1/merge_requests/${made.body.iid}`, { method: 'PUT', body: { add_labels: 'ready,needs-review' } }, fresh);
    const replaced = await api(`/projects/1/merge_requests/${made.body.iid}`, { method: 'PUT', body: { labels: 'ready,blocked' } }, fresh);
    // GitLab answers an issuable's label names sorted by title (API::Entities::IssueBasic / MergeRequestBasic:
    // `labels.map(&:title).sort`, gitlabhq 023e050d lib/api/entities/issue_basic.rb), not in the order given.
    expect(replaced.body.labels).toEqual(['blocked', 'ready']);
    const issue = await api('/projects/1/issues', { method: 'POST', body: { title: 'Order', labels: 'zeta,bug,Alpha' } }, fresh);
    expect(issue.body.labels).toEqual(['Alpha', 'bug', 'zeta']);
    const labels = (await api('/projects/1/labels?per_page=100', {}, fresh)).body as Array<{ id: number; name: string }>;
    expect(labels.filter((l) => ['needs-review', 'ready', 'blocked'].includes(l.name)).map((l) => l.name).sort()).toEqual(['blocked', 'needs-review', 'ready']);
    // IDs unique among all labels (the made ones were numbered by the project's label count before).
    const every = [...fresh.sb.state.projects.values()].flatMap((p) => p.labels).concat([...fresh.sb.state.groupLabels.values()].flat());
    expect(new Set(every.map((l) => l.id)).size).toBe(every.length);
  });
});

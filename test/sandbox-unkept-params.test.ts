// A write never answers success for a param the sandbox does not keep (#31): an issue's epic and the threads of a
// merge request to resolve from a new issue, a merge request's merge schedule and a target project other than its
// own, pipeline inputs, a manual job's variables and an executable file mode are refused by name; an issue's created_at, updated_at and iid
// and a note's created_at are taken from an Owner or an administrator only, as GitLab takes them
// (app/services/issues/base_service.rb `filter_params`, lib/api/helpers/notes_helpers.rb `create_note`,
// lib/api/issues.rb: a taken iid is 409 "Duplicated issue"), and dropped unsaid from anyone else; a project label's
// archived flag is kept.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { sandboxApi, sandboxServer, startInProcess } from './helpers/inproc.js';
import { okText, refusedText } from './helpers/approved-calls.js';
import type { Running } from './helpers/harness.js';

const ALICE = 'glpat-unkept-params-alice-dev';
const env = { FORGE_MCP_YOLO_MODE: 'true' };
// Licensed: epic_id is a Premium param, which the server refuses on a Free instance before the sandbox sees it.
const on = sandboxServer({ env, sandbox: { licensed: true, tokens: { [ALICE]: { kind: 'classic', scopes: ['api'], userId: 3 } } } });
const api = sandboxApi(on);
let alice: Running;
beforeAll(async () => { alice = await startInProcess({ sandbox: on.sb, token: ALICE, env }); });
afterAll(async () => { await alice?.close(); });

const ok = (action: string, params: Record<string, unknown>, as?: Running) => okText(as ?? on.srv, action, params);
const refused = (action: string, params: Record<string, unknown>) => refusedText(on.srv, action, params);
const count = async (path: string) => ((await api(`${path}?per_page=100`)).body as unknown[]).length;
const refusal = (op: string, route: string, params: string) =>
  `${op}: the sandbox does not simulate the param${params.includes(',') ? 's' : ''} ${params} of this action; against a GitLab instance it calls ${route} with ${params.includes(',') ? 'them' : 'it'}. Leave ${params.includes(',') ? 'them' : 'it'} out to run here.`;

describe('issue params the sandbox does not keep', () => {
  it('an epic and the threads of a merge request to resolve are refused by name, and nothing is written', async () => {
    const issues = await count('/projects/1/issues');
    expect(await refused('issue.create', { project_id: 1, title: 'In an epic', epic_id: 7 })).toBe(refusal('issueCreate', 'POST /projects/:id/issues', 'epic_id'));
    expect(await refused('issue.create', { project_id: 1, title: 'Follow-up', merge_request_to_resolve_discussions_of: 1, discussion_to_resolve: 'abc' }))
      .toBe(refusal('issueCreate', 'POST /projects/:id/issues', 'merge_request_to_resolve_discussions_of, discussion_to_resolve'));
    expect(await count('/projects/1/issues')).toBe(issues);
    const before = (await api('/projects/1/issues/1')).body;
    expect(await refused('issue.update', { project_id: 1, issue_iid: 1, epic_id: 7 })).toBe(refusal('issueUpdate', 'PUT /projects/:id/issues/:issue_iid', 'epic_id'));
    expect((await api('/projects/1/issues/1')).body.updated_at).toBe(before.updated_at);
  });

  it("created_at, updated_at and iid are an Owner's to set; a Developer's are dropped", async () => {
    await ok('issue.create', { project_id: 1, title: 'Imported', created_at: '2025-06-01T10:00:00Z', iid: 500 });
    expect((await api('/projects/1/issues/500')).body).toMatchObject({ title: 'Imported', created_at: '2025-06-01T10:00:00.000Z' });
    await ok('issue.create', { project_id: 1, title: 'After the import' });
    expect((await api('/projects/1/issues/501')).body.title).toBe('After the import');
    expect(await refused('issue.create', { project_id: 1, title: 'Again', iid: 500 })).toContain('Duplicated issue');

    await ok('issue.create', { project_id: 1, title: 'Backdated by a Developer', created_at: '2025-06-01T10:00:00Z', iid: 900 }, alice);
    const mine = (await api('/projects/1/issues/502')).body;
    expect(mine.title).toBe('Backdated by a Developer');
    expect(mine.created_at).not.toBe('2025-06-01T10:00:00.000Z');
    expect((await api('/projects/1/issues/900')).status).toBe(404);

    await ok('issue.update', { project_id: 1, issue_iid: 500, title: 'Imported, edited', created_at: '2025-05-01T08:00:00Z', updated_at: '2025-07-01T08:00:00Z' });
    expect((await api('/projects/1/issues/500')).body).toMatchObject({ created_at: '2025-05-01T08:00:00.000Z', updated_at: '2025-07-01T08:00:00.000Z' });
    await ok('issue.update', { project_id: 1, issue_iid: 502, title: 'Edited by a Developer', created_at: '2025-05-01T08:00:00Z', updated_at: '2025-07-01T08:00:00Z' }, alice);
    expect((await api('/projects/1/issues/502')).body).toMatchObject({ created_at: mine.created_at });
    expect((await api('/projects/1/issues/502')).body.updated_at).not.toBe('2025-07-01T08:00:00.000Z');
  });
});

describe('merge request params the sandbox does not keep', () => {
  it('a merge schedule and a merge request into another project are refused by name, and nothing is written', async () => {
    const mrs = await count('/projects/1/merge_requests');
    const mr = { project_id: 1, source_branch: 'feature/login-fix', target_branch: 'main', title: 'Elsewhere' };
    expect(await refused('merge_request.create', { ...mr, merge_after: '2026-04-01T00:00:00Z' })).toBe(refusal('mergeRequestCreate', 'POST /projects/:id/merge_requests', 'merge_after'));
    expect(await refused('merge_request.create', { ...mr, target_project_id: 2 })).toBe(refusal('mergeRequestCreate', 'POST /projects/:id/merge_requests', 'target_project_id'));
    expect(await count('/projects/1/merge_requests')).toBe(mrs);
    expect(await refused('merge_request.update', { project_id: 1, merge_request_iid: 1, merge_after: '2026-04-01T00:00:00Z' }))
      .toBe(refusal('mergeRequestUpdate', 'PUT /projects/:id/merge_requests/:merge_request_iid', 'merge_after'));
    expect((await api('/projects/1/merge_requests/1')).body.merge_after).toBeNull();
  });
});

describe('a note\'s created_at', () => {
  // lib/api/helpers/notes_helpers.rb create_note: `set_note_created_at` (Owners), and the note's updated_at is the same.
  it('is an Owner\'s to set, on a comment, a thread and a reply; a Developer\'s is dropped', async () => {
    const at = '2025-06-01T10:00:00Z';
    await ok('issue.note_create', { project_id: 1, issue_iid: 2, body: 'Imported comment', created_at: at });
    await ok('issue.note_create', { project_id: 1, issue_iid: 2, body: 'A Developer\'s comment', created_at: at }, alice);
    const notes = (await api('/projects/1/issues/2/notes?per_page=100')).body as Array<{ body: string; created_at: string; updated_at: string }>;
    expect(notes.find((n) => n.body === 'Imported comment')).toMatchObject({ created_at: '2025-06-01T10:00:00.000Z', updated_at: '2025-06-01T10:00:00.000Z' });
    expect(notes.find((n) => n.body === 'A Developer\'s comment')!.created_at).not.toBe('2025-06-01T10:00:00.000Z');

    const thread = (await api('/projects/1/merge_requests/1/discussions', { method: 'POST', body: { body: 'Imported thread', created_at: at } })).body;
    expect(thread.notes[0].created_at).toBe('2025-06-01T10:00:00.000Z');
    const reply = await api(`/projects/1/merge_requests/1/discussions/${thread.id}/notes`, { method: 'POST', body: { body: 'Imported reply', created_at: '2025-06-02T10:00:00Z' } });
    expect(reply.body.created_at).toBe('2025-06-02T10:00:00.000Z');
    // The notes API takes the time as a string: one it cannot read leaves the note at the time it was written.
    const later = (await api('/projects/1/issues/2/notes', { method: 'POST', body: { body: 'When?', created_at: 'yesterday' } })).body;
    expect(Number.isFinite(Date.parse(later.created_at))).toBe(true);
    expect(await refused('issue.create', { project_id: 1, title: 'When?', created_at: 'yesterday' })).toContain('created_at is invalid');
  });
});

describe('pipeline and job params the sandbox does not keep', () => {
  // The CI reader evaluates no `spec: inputs`, and a job runs no script: inputs and a run's variables are refused.
  it('pipeline inputs, a schedule\'s inputs and a manual job\'s variables and inputs are refused by name, and nothing runs', async () => {
    const pipelines = await count('/projects/1/pipelines');
    const schedules = await count('/projects/1/pipeline_schedules');
    expect(await refused('pipeline.create', { project_id: 1, ref: 'main', inputs: { env: 'staging' } })).toBe(refusal('pipelineCreate', 'POST /projects/:id/pipeline', 'inputs'));
    expect(await count('/projects/1/pipelines')).toBe(pipelines);
    expect(await refused('pipeline.schedule_create', { project_id: 1, description: 'Nightly', ref: 'main', cron: '0 2 * * *', inputs: [{ name: 'env', value: 'staging' }] }))
      .toBe(refusal('pipelineScheduleCreate', 'POST /projects/:id/pipeline_schedules', 'inputs'));
    expect(await count('/projects/1/pipeline_schedules')).toBe(schedules);
    const manual = ((await api('/projects/1/jobs?scope=manual&per_page=100')).body as Array<{ id: number }>)[0]!;
    expect(await refused('job.play', { project_id: 1, job_id: manual.id, job_variables_attributes: [{ key: 'TARGET', value: 'eu' }] }))
      .toBe(refusal('jobPlay', 'POST /projects/:id/jobs/:job_id/play', 'job_variables_attributes'));
    expect((await api(`/projects/1/jobs/${manual.id}`)).body.status).toBe('manual');
  });
});

describe('a project label\'s archived flag', () => {
  it('is kept on create and update, and the label list filters on it, as a group label\'s is', async () => {
    await ok('project.label_create', { project_id: 1, name: 'legacy', color: '#cccccc', archived: true });
    const names = async (archived: boolean) => ((await api(`/projects/1/labels?archived=${archived}&per_page=100`)).body as Array<{ name: string }>).map((l) => l.name);
    expect(await names(true)).toEqual(['legacy']);
    expect(await names(false)).not.toContain('legacy');
    await ok('project.label_update', { project_id: 1, label_id: 'legacy', archived: false });
    expect(await names(true)).toEqual([]);
    expect(await names(false)).toContain('legacy');
  });
});

describe('file modes', () => {
  // The sandbox keeps no executable flag (every file answers execute_filemode false): setting it is refused by name.
  it('a file written or chmod-ed executable is refused by name, and no commit is made', async () => {
    const head = async () => (await api('/projects/1/repository/branches/feature%2Flogin-fix')).body.commit.id as string;
    const before = await head();
    expect(await refused('repository.commit_create', { project_id: 1, branch: 'feature/login-fix', commit_message: 'Make it executable', actions: [{ action: 'chmod', file_path: 'README.md', execute_filemode: true }] }))
      .toBe(refusal('repositoryCommitCreate', 'POST /projects/:id/repository/commits', 'actions[][execute_filemode]'));
    expect(await refused('repository.file_create', { project_id: 1, branch: 'feature/login-fix', file_path: 'run.sh', content: '#!/bin/sh\n', commit_message: 'Add run.sh', execute_filemode: true }))
      .toBe(refusal('repositoryFileCreate', 'POST /projects/:id/repository/files/:file_path', 'execute_filemode'));
    expect(await head()).toBe(before);
  });
});

// The CI, repository, tag, wiki and upload flows the sandbox simulates with state (issue #29, engineer S2),
// each written through the MCP server then read back: pipeline schedules and triggers make real pipelines,
// resource groups, the job token scope, artifacts deletion, job logs served 200 text/plain, cherry-pick and
// revert, commit comments, discussions and statuses, signatures, submodules, archives, changelogs,
// protected tags, protected branches with a wildcard, project uploads and wiki attachments; and the one route
// left refused (Markdown rendering).
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Sandbox } from '../src/sandbox/index.js';
import { SANDBOX_TOKEN } from '../src/sandbox/index.js';
import { withSandbox, type Running } from './helpers/harness.js';
import { startInProcess } from './helpers/inproc.js';
import { okText, refusedText } from './helpers/approved-calls.js';

const ALICE = 'glpat-s2-alice-developer-0001';
const BOB = 'glpat-s2-bob-reporter-0002';

let sb: Sandbox;
let srv: Running;
let alice: Running;
let bob: Running;
beforeAll(async () => {
  sb = await withSandbox();
  sb.addToken(ALICE, { kind: 'classic', scopes: ['api'], userId: 3 });
  sb.addToken(BOB, { kind: 'classic', scopes: ['api'], userId: 4 });
  const env = { FORGE_MCP_YOLO_MODE: 'true' };
  [srv, alice, bob] = await Promise.all([
    startInProcess({ sandbox: sb, env }), startInProcess({ sandbox: sb, token: ALICE, env }), startInProcess({ sandbox: sb, token: BOB, env }),
  ]);
});
afterAll(async () => { await Promise.all([srv, alice, bob].map((s) => s?.close())); await sb?.close(); });

const ok = (action: string, params: Record<string, unknown>, as: Running = srv) => okText(as, action, params);
const refused = (action: string, params: Record<string, unknown>, as: Running = srv) => refusedText(as, action, params);
/** The sandbox's own answer, straight from its API. */
async function api(path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<{ status: number; headers: Headers; body: any }> {
  const res = await fetch(`${sb.url}/api/v4${path}`, {
    method: init.method ?? 'GET', redirect: 'manual',
    headers: { 'private-token': init.token ?? SANDBOX_TOKEN, ...(init.body ? { 'content-type': 'application/json' } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const raw = await res.text();
  let body: unknown = raw;
  try { body = JSON.parse(raw); } catch { /* text */ }
  return { status: res.status, headers: res.headers, body };
}
const head = async (branch: string): Promise<string> => (await api(`/projects/1/repository/branches/${encodeURIComponent(branch)}`)).body.commit.id;

describe('pipeline schedules', () => {
  it('create, variables, run (a schedule pipeline on its ref), update by the owner only, take ownership, delete', async () => {
    await ok('pipeline.schedule_create', { project_id: 1, description: 'Nightly build', ref: 'main', cron: '0 2 * * *', cron_timezone: 'UTC' });
    // The seeded weekly schedule (it started pipeline #1003) is listed first.
    const [seeded, listed] = (await api('/projects/1/pipeline_schedules')).body;
    expect(seeded).toMatchObject({ id: 1, description: 'Weekly full pipeline on main', active: true });
    expect(listed).toEqual({
      id: listed.id, description: 'Nightly build', ref: 'refs/heads/main', cron: '0 2 * * *', cron_timezone: 'UTC', next_run_at: expect.stringMatching(/T02:00:00\.000Z$/),
      active: true, created_at: listed.created_at, updated_at: listed.updated_at, owner: expect.objectContaining({ id: 1, username: 'demo' }),
    });
    const id = listed.id as number;
    await ok('pipeline.schedule_create_variable', { project_id: 1, pipeline_schedule_id: id, key: 'TARGET', value: 'staging' });
    expect((await refused('pipeline.schedule_create_variable', { project_id: 1, pipeline_schedule_id: id, key: 'TARGET', value: 'x' }))).toContain('(TARGET) has already been taken');
    await ok('pipeline.schedule_edit_variable', { project_id: 1, pipeline_schedule_id: id, key: 'TARGET', value: 'production' });

    await ok('pipeline.schedule_run', { project_id: 1, pipeline_schedule_id: id });
    const triggered = (await api(`/projects/1/pipeline_schedules/${id}/pipelines`)).body;
    expect(triggered).toHaveLength(1);
    expect(triggered[0]).toMatchObject({ ref: 'main', source: 'schedule', status: 'pending' });
    expect(await ok('pipeline.schedule_list_triggered_pipelines', { project_id: 1, pipeline_schedule_id: id })).toContain(String(triggered[0].id));
    expect((await api(`/projects/1/pipelines/${triggered[0].id}/variables`)).body).toEqual([{ key: 'TARGET', value: 'production', variable_type: 'env_var' }]);
    const got = (await api(`/projects/1/pipeline_schedules/${id}`)).body;
    expect(got.last_pipeline).toMatchObject({ id: triggered[0].id, ref: 'main', status: 'pending', source: 'schedule' });
    expect(got.variables).toEqual([{ variable_type: 'env_var', key: 'TARGET', value: 'production', raw: false }]);

    // alice (Developer) is not the owner: she may not edit it, nor take ownership (a Maintainer's right).
    expect(await refused('pipeline.schedule_update', { project_id: 1, pipeline_schedule_id: id, cron: '0 3 * * *' }, alice)).toContain('403');
    expect(await refused('pipeline.schedule_take_ownership', { project_id: 1, pipeline_schedule_id: id }, alice)).toContain('403');
    expect(await refused('pipeline.schedule_list', { project_id: 1 }, await guestServer())).toContain('403');

    await ok('pipeline.schedule_update', { project_id: 1, pipeline_schedule_id: id, cron: '30 4 * * 1', active: false });
    expect((await api(`/projects/1/pipeline_schedules/${id}`)).body).toMatchObject({ cron: '30 4 * * 1', active: false, next_run_at: null });
    expect((await api('/projects/1/pipeline_schedules?scope=active')).body.map((x: { id: number }) => x.id)).toEqual([seeded.id]);
    expect((await api('/projects/1/pipeline_schedules?scope=inactive')).body.map((x: { id: number }) => x.id)).toEqual([id]);
    await ok('pipeline.schedule_delete_variable', { project_id: 1, pipeline_schedule_id: id, key: 'TARGET' });
    expect((await api(`/projects/1/pipeline_schedules/${id}`)).body.variables).toEqual([]);

    await ok('pipeline.schedule_delete', { project_id: 1, pipeline_schedule_id: id });
    expect(await api(`/projects/1/pipeline_schedules/${id}`)).toMatchObject({ status: 404, body: { message: '404 Pipeline Schedule Not Found' } });
  });

  it('refuses a cron GitLab cannot read, and reads the cron in the schedule\'s time zone', async () => {
    expect(await refused('pipeline.schedule_create', { project_id: 1, description: 'x', ref: 'main', cron: 'every day' })).toContain('is invalid syntax');
    await ok('pipeline.schedule_create', { project_id: 1, description: 'Tokyo', ref: 'main', cron: '0 9 * * *', cron_timezone: 'Asia/Tokyo' });
    const s = (await api('/projects/1/pipeline_schedules')).body.find((x: { description: string }) => x.description === 'Tokyo');
    expect(s.next_run_at).toMatch(/T00:00:00\.000Z$/);
  });
});

let guest: Running | undefined;
/** A server for a Guest of project 1 (a user made for these tests). */
async function guestServer(): Promise<Running> {
  if (guest) return guest;
  const u = { id: 77, username: 'gus', name: 'Gus Guest', email: 'gus@example.com', isAdmin: false, state: 'active' as const, bio: '', location: '', jobTitle: '', organization: '', createdAt: '2026-01-01T00:00:00.000Z', bot: false };
  sb.state.users.set(u.id, u);
  sb.state.projects.get(1)!.members.set(u.id, 10);
  sb.addToken('glpat-s2-gus-guest-0003', { kind: 'classic', scopes: ['api'], userId: u.id });
  guest = await startInProcess({ sandbox: sb, token: 'glpat-s2-gus-guest-0003', env: { FORGE_MCP_YOLO_MODE: 'true' } });
  return guest;
}
afterAll(async () => { await guest?.close(); });

describe('pipeline triggers', () => {
  it('a trigger token creates a trigger pipeline as the trigger owner; a wrong token is a 404; Maintainers only', async () => {
    await ok('pipeline.trigger_create', { project_id: 1, description: 'deploy hook' });
    const [t] = (await api('/projects/1/triggers')).body;
    expect(t).toEqual({
      id: t.id, token: expect.stringMatching(/^glptt-[0-9a-f]{40}$/), description: 'deploy hook', created_at: t.created_at, updated_at: t.updated_at,
      last_used: null, expires_at: null, owner: expect.objectContaining({ username: 'demo' }),
    });
    const answer = await ok('pipeline.trigger_run', { project_id: 1, token: t.token, ref: 'main', variables: { DEPLOY_ENV: 'staging' } });
    const pl = (await api('/projects/1/pipelines?source=trigger')).body[0];
    expect(answer).toContain(String(pl.id));
    expect(pl).toMatchObject({ ref: 'main', source: 'trigger', status: 'pending' });
    expect((await api(`/projects/1/pipelines/${pl.id}/variables`)).body).toEqual([{ key: 'DEPLOY_ENV', value: 'staging', variable_type: 'env_var' }]);
    expect((await api(`/projects/1/triggers/${t.id}`)).body.last_used).not.toBeNull();

    expect(await refused('pipeline.trigger_run', { project_id: 1, token: 'glptt-0000000000000000000000000000000000000000', ref: 'main' })).toContain('404');
    expect((await api('/projects/1/pipelines?source=trigger')).body).toHaveLength(1);
    expect(await refused('pipeline.trigger_list', { project_id: 1 }, alice)).toContain('403');

    await ok('pipeline.trigger_update', { project_id: 1, trigger_id: t.id, description: 'deploy hook (prod)' });
    expect((await api(`/projects/1/triggers/${t.id}`)).body.description).toBe('deploy hook (prod)');
    await ok('pipeline.trigger_delete', { project_id: 1, trigger_id: t.id });
    expect(await api(`/projects/1/triggers/${t.id}`)).toMatchObject({ status: 404, body: { message: '404 Trigger Not Found' } });
  });
});

describe('resource groups', () => {
  it('come from the CI configuration; process_mode is edited; a deploy job waiting to run is upcoming', async () => {
    const [g] = (await api('/projects/1/resource_groups')).body;
    expect(g).toEqual({ id: g.id, key: 'production', process_mode: 'unordered', created_at: g.created_at, updated_at: g.updated_at });
    await ok('pipeline.resource_group_edit', { project_id: 1, key: 'production', process_mode: 'oldest_first' });
    expect((await api('/projects/1/resource_groups/production')).body.process_mode).toBe('oldest_first');
    expect(await refused('pipeline.resource_group_edit', { project_id: 1, key: 'production', process_mode: 'oldest_first' }, alice)).toContain('403');
    expect((await api('/projects/1/resource_groups/production/upcoming_jobs')).body).toEqual([]);
    const pl = (await api('/projects/1/pipeline', { method: 'POST', body: { ref: 'main' } })).body;
    const deploy = (await api(`/projects/1/pipelines/${pl.id}/jobs`)).body.find((j: { name: string }) => j.name === 'deploy-production');
    await ok('job.play', { project_id: 1, job_id: deploy.id });
    const upcoming = await ok('pipeline.resource_group_upcoming_jobs', { project_id: 1, key: 'production' });
    expect(upcoming).toContain('deploy-production');
    expect((await api('/projects/1/resource_groups/production/upcoming_jobs')).body.map((j: { id: number }) => j.id)).toEqual([deploy.id]);
    expect(await api('/projects/1/resource_groups/staging')).toMatchObject({ status: 404 });
  });
});

describe('the CI/CD job token scope', () => {
  it('settings and both allowlists, written then read', async () => {
    expect((await api('/projects/1/job_token_scope')).body).toEqual({ inbound_enabled: true, outbound_enabled: false });
    await ok('job.token_scope_patch', { project_id: 1, enabled: false });
    expect((await api('/projects/1/job_token_scope')).body).toEqual({ inbound_enabled: false, outbound_enabled: false });

    await ok('job.token_scope_add_project', { project_id: 1, target_project_id: 2 });
    expect((await api('/projects/1/job_token_scope/allowlist')).body.map((p: { path_with_namespace: string }) => p.path_with_namespace)).toEqual(['demo-group/demo-project', 'demo-group/other-project']);
    expect(await refused('job.token_scope_add_project', { project_id: 1, target_project_id: 2 })).toContain('already in the job token scope');
    await ok('job.token_scope_remove_project', { project_id: 1, target_project_id: 2 });
    expect((await api('/projects/1/job_token_scope/allowlist')).body).toHaveLength(1);

    await ok('job.token_scope_add_group', { project_id: 1, target_group_id: 11 });
    expect((await api('/projects/1/job_token_scope/groups_allowlist')).body).toEqual([{ id: 11, web_url: `${sb.url}/groups/demo-group/platform`, name: 'Platform' }]);
    expect(await ok('job.token_scope_list_groups', { project_id: 1 })).toContain('Platform');
    await ok('job.token_scope_remove_group', { project_id: 1, target_group_id: 11 });
    expect((await api('/projects/1/job_token_scope/groups_allowlist')).body).toEqual([]);
    expect(await refused('job.token_scope_get', { project_id: 1 }, alice)).toContain('403');
  });
});

describe('job logs and artifacts', () => {
  it('a job log is answered 200 text/plain by the API itself, not a redirect', async () => {
    const r = await api('/projects/1/jobs/2022/trace');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/plain');
    expect(r.body).toContain('ERROR: Job failed: exit code 1');
    expect(await ok('job.trace', { project_id: 1, job_id: 2022 })).toContain('ERROR: Job failed: exit code 1');
    expect(sb.log.filter((e) => e.origin === 'storage')).toEqual([]);
  });

  it('deleting the project\'s artifacts answers 202 and every later download is a 404', async () => {
    expect((await api('/projects/1/jobs/2011/artifacts')).status).toBe(302);
    expect(await refused('job.delete_project_artifacts', { project_id: 1 }, alice)).toContain('403');
    expect(await ok('job.delete_project_artifacts', { project_id: 1 })).toContain('202 Accepted');
    for (const id of [2011, 2012, 2021, 2031]) expect((await api(`/projects/1/jobs/${id}/artifacts`)).status).toBe(404);
    expect((await api('/projects/1/jobs/2011')).body.artifacts.map((a: { file_type: string }) => a.file_type)).toEqual(['trace']);
  });
});

describe('cherry-pick and revert', () => {
  it('cherry-picks a commit onto a branch as a new commit, and refuses the same pick twice as GitLab does', async () => {
    await api('/projects/1/repository/branches', { method: 'POST', body: { branch: 'pick-target', ref: 'main' } });
    const fix = await head('feature/login-fix');
    const before = await head('pick-target');
    await ok('repository.commit_cherry_pick', { project_id: 1, sha: fix, branch: 'pick-target' });
    const picked = (await api('/projects/1/repository/commits/pick-target')).body;
    expect(picked.parent_ids).toEqual([before]);
    expect(picked.message).toBe(`Handle unicode passwords in login\n\nCloses #1\n\n(cherry picked from commit ${fix})`);
    expect(picked.author_name).toBe((await api(`/projects/1/repository/commits/${fix}`)).body.author_name);
    const file = (await api('/projects/1/repository/files/test%2Flogin.test.ts?ref=pick-target')).body;
    expect(file.file_path).toBe('test/login.test.ts');
    // GitLab's answer carries an error_code beside the message; the server shows such a body by its status only.
    expect(await refused('repository.commit_cherry_pick', { project_id: 1, sha: fix, branch: 'pick-target' })).toContain('400 Bad Request');
    expect(await api(`/projects/1/repository/commits/${fix}/cherry_pick`, { method: 'POST', body: { branch: 'pick-target' } })).toMatchObject({
      status: 400, body: { message: 'Sorry, we cannot cherry-pick this commit automatically. This commit may already have been cherry-picked, or a more recent commit may have updated some of its content.', error_code: 'empty' },
    });
    expect(await head('pick-target')).toBe(picked.id);
    expect(await refused('repository.commit_cherry_pick', { project_id: 1, sha: fix, branch: 'no-such-branch' })).toContain('404 Branch Not Found');
  });

  it('merges a pick into a file the branch changed elsewhere, and refuses one whose lines the branch changed too', async () => {
    const ten = Array.from({ length: 10 }, (_, i) => `line ${i + 1}`);
    const commit = (branch: string, msg: string, content: string[], action = 'update') =>
      api('/projects/1/repository/commits', { method: 'POST', body: { branch, commit_message: msg, actions: [{ action, file_path: 'merge.txt', content: `${content.join('\n')}\n` }] } });
    await api('/projects/1/repository/branches', { method: 'POST', body: { branch: 'm-base', ref: 'main' } });
    await commit('m-base', 'Add merge.txt', ten, 'create');
    for (const b of ['m-src', 'm-dst', 'm-clash']) await api('/projects/1/repository/branches', { method: 'POST', body: { branch: b, ref: 'm-base' } });
    await commit('m-src', 'Second line', ten.map((l, i) => (i === 1 ? 'line two' : l)));
    await commit('m-dst', 'Ninth line', ten.map((l, i) => (i === 8 ? 'line nine' : l)));
    await commit('m-clash', 'Second line, otherwise', ten.map((l, i) => (i === 1 ? 'line 2 (kept)' : l)));
    const src = await head('m-src');
    await ok('repository.commit_cherry_pick', { project_id: 1, sha: src, branch: 'm-dst' });
    const merged = Buffer.from((await api('/projects/1/repository/files/merge.txt?ref=m-dst')).body.content, 'base64').toString('utf8');
    expect(merged).toBe(`${ten.map((l, i) => (i === 1 ? 'line two' : i === 8 ? 'line nine' : l)).join('\n')}\n`);
    expect(await api(`/projects/1/repository/commits/${src}/cherry_pick`, { method: 'POST', body: { branch: 'm-clash' } })).toMatchObject({ status: 400, body: { error_code: 'conflict' } });
  });

  it('reverts a commit (its change undone on the branch) and refuses a revert that conflicts', async () => {
    const c = (await api('/projects/1/repository/commits/pick-target')).body;
    await ok('repository.commit_revert', { project_id: 1, sha: c.id, branch: 'pick-target' });
    const reverted = (await api('/projects/1/repository/commits/pick-target')).body;
    expect(reverted.message).toBe(`Revert "Handle unicode passwords in login"\n\nThis reverts commit ${c.id}`);
    expect(reverted.author_name).toBe('Demo User');
    expect((await api('/projects/1/repository/files/test%2Flogin.test.ts?ref=pick-target')).status).toBe(404);
    // The first commit touching login.ts cannot be undone on top of later changes of the same file.
    const main = (await api('/projects/1/repository/commits?ref_name=main&per_page=100')).body;
    const addLogin = main.find((x: { title: string }) => x.title === 'Add login service').id;
    expect(await refused('repository.commit_revert', { project_id: 1, sha: addLogin, branch: 'pick-target' })).toContain('400 Bad Request');
    expect(await api(`/projects/1/repository/commits/${addLogin}/revert`, { method: 'POST', body: { branch: 'pick-target', dry_run: true } })).toMatchObject({
      status: 400, body: { message: 'Sorry, we cannot revert this commit automatically. This commit may already have been reverted, or a more recent commit may have updated some of its content.', error_code: 'conflict' },
    });
    expect(await head('pick-target')).toBe(reverted.id);
  });
});

describe('comments, discussions, statuses and signatures of commits', () => {
  it('comments are listed with their line when it is in the diff', async () => {
    const sha = await head('main');
    // The first added line of the commit's diff of login.ts.
    const diff: string = (await api(`/projects/1/repository/commits/${sha}/diff`)).body.find((d: { new_path: string }) => d.new_path === 'src/auth/login.ts').diff;
    let line = 0; let added = 0;
    for (const l of diff.split('\n')) {
      const h = /^@@ -\d+(?:,\d+)? \+(\d+)/.exec(l);
      if (h) { line = Number(h[1]) - 1; continue; }
      if (l.startsWith('-')) continue;
      line++;
      if (l.startsWith('+')) { added = line; break; }
    }
    await ok('repository.commit_comment_create', { project_id: 1, sha, note: 'Looks right', path: 'src/auth/login.ts', line: added, line_type: 'new' });
    await ok('repository.commit_comment_create', { project_id: 1, sha, note: 'Overall fine' }, bob);
    await ok('repository.commit_comment_create', { project_id: 1, sha, note: 'Not in the diff', path: 'README.md', line: 1, line_type: 'new' });
    const list = (await api(`/projects/1/repository/commits/${sha}/comments`)).body;
    expect(list.map((c: Record<string, unknown>) => [c.note, c.path, c.line, c.line_type, (c.author as { username: string }).username])).toEqual([
      ['Looks right', 'src/auth/login.ts', added, 'new', 'demo'],
      ['Overall fine', null, null, null, 'bob'],
      ['Not in the diff', null, null, null, 'demo'],
    ]);
    expect(Object.keys(list[0])).toEqual(['note', 'path', 'line', 'line_type', 'author', 'created_at']);
    expect(await ok('repository.commit_comments', { project_id: 1, sha })).toContain('Overall fine');
  });

  it('discussions: start, reply, edit, delete a note; the thread reads back each time', async () => {
    const sha = await head('main');
    await ok('repository.commit_discussion_create', { project_id: 1, commit_sha: sha, body: 'Why 30 minutes?' });
    const threads = (await api(`/projects/1/repository/commits/${sha}/discussions`)).body;
    const d = threads.find((t: { individual_note: boolean }) => !t.individual_note);
    expect(d.notes[0]).toMatchObject({ type: 'DiscussionNote', body: 'Why 30 minutes?', noteable_id: null, noteable_type: 'Commit', noteable_iid: null, project_id: 1 });
    expect(d.notes[0]).not.toHaveProperty('commit_id');
    await ok('repository.commit_discussion_add_note', { project_id: 1, commit_sha: sha, discussion_id: d.id, body: 'Product asked for it.' }, alice);
    const replies = (await api(`/projects/1/repository/commits/${sha}/discussions/${d.id}`)).body.notes;
    expect(replies.map((n: { body: string }) => n.body)).toEqual(['Why 30 minutes?', 'Product asked for it.']);
    expect(await refused('repository.commit_discussion_update_note', { project_id: 1, commit_sha: sha, discussion_id: d.id, note_id: replies[1].id, body: 'x' })).toContain('403');
    await ok('repository.commit_discussion_update_note', { project_id: 1, commit_sha: sha, discussion_id: d.id, note_id: replies[1].id, body: 'Product asked for it (issue #2).' }, alice);
    await ok('repository.commit_discussion_delete_note', { project_id: 1, commit_sha: sha, discussion_id: d.id, note_id: replies[0].id });
    expect((await api(`/projects/1/repository/commits/${sha}/discussions/${d.id}`)).body.notes.map((n: { body: string }) => n.body)).toEqual(['Product asked for it (issue #2).']);
    expect(await ok('repository.commit_discussion_get', { project_id: 1, commit_sha: sha, discussion_id: d.id })).toContain('issue #2');
  });

  it('an external status shows among the commit\'s statuses and makes an external pipeline; updating it moves it on', async () => {
    await api('/projects/1/repository/branches', { method: 'POST', body: { branch: 'ext-status', ref: 'feature/login-fix' } });
    await api('/projects/1/repository/commits', { method: 'POST', body: { branch: 'ext-status', commit_message: 'Touch', actions: [{ action: 'create', file_path: 'ext.txt', content: 'x\n' }] } });
    const sha = await head('ext-status');
    await ok('repository.commit_status_set', { project_id: 1, sha, state: 'running', name: 'security-scan', target_url: 'https://ci.example.com/1', description: 'Scanning' });
    const [s] = (await api(`/projects/1/repository/commits/${sha}/statuses`)).body;
    expect(s).toEqual({
      id: s.id, sha, ref: 'ext-status', status: 'running', name: 'security-scan', target_url: 'https://ci.example.com/1', description: 'Scanning', created_at: s.created_at,
      started_at: s.started_at, finished_at: null, allow_failure: false, coverage: null, pipeline_id: s.pipeline_id, author: expect.objectContaining({ username: 'demo' }),
    });
    const pl = (await api(`/projects/1/pipelines?sha=${sha}`)).body[0];
    expect(s.pipeline_id).toBe(pl.id);
    expect(pl).toMatchObject({ source: 'external', status: 'running', ref: 'ext-status' });
    expect(await refused('repository.commit_status_set', { project_id: 1, sha, state: 'running', name: 'security-scan' })).toContain('Cannot transition status via :run from :running');
    await ok('repository.commit_status_set', { project_id: 1, sha, state: 'failed', name: 'security-scan' });
    expect((await api(`/projects/1/pipelines/${pl.id}`)).body.status).toBe('failed');
    expect((await api(`/projects/1/repository/commits/${sha}`)).body.status).toBe('failed');
    expect(await refused('repository.commit_status_set', { project_id: 1, sha, state: 'success' }, bob)).toContain('403');
  });

  it('the statuses of a commit with a CI pipeline are its jobs', async () => {
    const statuses = (await api(`/projects/1/repository/commits/${await head('feature/login-fix')}/statuses`)).body;
    // The CI configuration's manual deploy job is there too, skipped after the failed test stage.
    expect(statuses.map((x: { name: string; status: string }) => `${x.name} ${x.status}`)).toEqual(['compile success', 'unit-tests failed', 'lint success', 'deploy-production skipped']);
  });

  it('the sandbox signs nothing: commit and tag signatures are GitLab\'s 404s', async () => {
    expect(await refused('repository.commit_signature', { project_id: 1, sha: await head('main') })).toContain('404 Signature Not Found');
    expect(await api(`/projects/1/repository/commits/${await head('main')}/signature`)).toMatchObject({ status: 404, body: { message: '404 Signature Not Found' } });
    expect(await refused('tag.get_signature', { project_id: 1, tag_name: 'v1.0.0' })).toContain('404 Signature Not Found');
    expect(await refused('tag.get_signature', { project_id: 1, tag_name: 'v9.9.9' })).toContain('404 Tag Not Found');
  });
});

describe('submodules', () => {
  // Gitaly answers a submodule path as a COMMIT tree entry; Gitlab::Git::Blob.tree_entry makes it an empty blob whose
  // id is the pinned commit (gitlabhq lib/gitlab/git/blob.rb, lib/api/files.rb @ 017a6c12).
  it('the Files API answers a submodule path as GitLab does: an empty blob whose id is the pinned commit', async () => {
    const [link] = (await api('/projects/1/repository/tree?ref=with-submodule&path=vendor')).body;
    const branchHead = await head('with-submodule');
    const file = await api('/projects/1/repository/files/vendor%2Fother-project?ref=with-submodule');
    expect(file.body).toEqual({
      file_name: 'other-project', file_path: 'vendor/other-project', size: 0, encoding: 'base64',
      content_sha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855', ref: 'with-submodule', blob_id: link.id,
      commit_id: branchHead, last_commit_id: branchHead, execute_filemode: false, content: '',
    });
    expect(file.headers.get('x-gitlab-blob-id')).toBe(link.id);
    expect(await api('/projects/1/repository/files/vendor%2Fother-project/raw?ref=with-submodule')).toMatchObject({ status: 200, body: '' });
    expect(await ok('repository.file_get', { project_id: 1, file_path: 'vendor/other-project', ref: 'with-submodule' })).not.toContain('gitlink');
    // The commit that added it diffs it as git does.
    const diff = (await api(`/projects/1/repository/commits/${branchHead}/diff`)).body.find((d: { new_path: string }) => d.new_path === 'vendor/other-project');
    expect(diff).toMatchObject({ b_mode: '160000', new_file: true });
    expect(diff.diff).toContain(`+Subproject commit ${link.id}`);
    expect(await refused('repository.file_blame', { project_id: 1, file_path: 'vendor/other-project', ref: 'with-submodule' })).toBe(
      'repositoryFileBlame: the sandbox does not simulate this action; against a GitLab instance it calls GET /projects/:id/repository/files/:file_path/blame on a submodule path');
    // A file inside the submodule is read from the submodule's project at the pinned commit, as before.
    expect(await ok('repository.read_submodule_file', { project_id: 'demo-group/demo-project', ref: 'with-submodule', submodule_path: 'vendor/other-project', file_path: 'index.js' })).toContain('hello from other-project');
  });

  it('moves a submodule to another commit with a new commit on the branch; a path that is not a submodule is refused', async () => {
    const target = 'a'.repeat(40);
    await ok('repository.update_submodule', { project_id: 1, submodule: 'vendor/other-project', branch: 'with-submodule', commit_sha: target });
    const c = (await api('/projects/1/repository/commits/with-submodule')).body;
    expect(c.message).toBe(`Update submodule vendor/other-project with oid ${target}`);
    const tree = (await api('/projects/1/repository/tree?ref=with-submodule&path=vendor')).body;
    expect(tree).toEqual([{ id: target, name: 'other-project', type: 'commit', path: 'vendor/other-project', mode: '160000' }]);
    expect(await refused('repository.update_submodule', { project_id: 1, submodule: 'vendor/other-project', branch: 'with-submodule', commit_sha: target })).toContain(`The submodule vendor/other-project is already at ${target}`);
    expect(await refused('repository.update_submodule', { project_id: 1, submodule: 'README.md', branch: 'main', commit_sha: target })).toContain('Invalid submodule path');
  });
});

describe('archives', () => {
  it('tar.gz and zip of the sandbox repository at a ref, under git archive\'s folder name', async () => {
    const answer = await ok('repository.archive', { project_id: 1, sha: 'v1.0.0' });
    const url = /`(http:\/\/[^\s`]+\/repository\/archive[^\s`]*)`/.exec(answer)?.[1];
    expect(url, answer).toBe(`${sb.url}/api/v4/projects/1/repository/archive?sha=v1.0.0`);
    const res = await fetch(url!, { headers: { 'private-token': SANDBOX_TOKEN } });
    expect(res.status).toBe(200);
    const sha = (await api('/projects/1/repository/tags/v1.0.0')).body.commit.id;
    const root = `demo-project-v1.0.0-${sha}`;
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${root}.tar.gz"`);
    const dir = mkdtempSync(join(tmpdir(), 'forge-archive-'));
    writeFileSync(join(dir, 'a.tar.gz'), Buffer.from(await res.arrayBuffer()));
    const listing = execFileSync('tar', ['-tzf', join(dir, 'a.tar.gz')], { encoding: 'utf8' }).trim().split('\n');
    expect(listing).toEqual([`${root}/`, `${root}/.gitignore`, `${root}/.gitlab-ci.yml`, `${root}/README.md`, `${root}/package.json`, `${root}/src/`, `${root}/src/auth/`, `${root}/src/auth/login.ts`, `${root}/src/auth/password.ts`, `${root}/src/index.ts`]);
    expect(execFileSync('tar', ['-xzOf', join(dir, 'a.tar.gz'), `${root}/src/auth/password.ts`], { encoding: 'utf8' })).toBe(
      Buffer.from((await api(`/projects/1/repository/files/src%2Fauth%2Fpassword.ts?ref=v1.0.0`)).body.content, 'base64').toString('utf8'));

    const zip = await api('/projects/1/repository/archive?sha=main&format=zip&path=src');
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    const bz2 = await api('/projects/1/repository/archive?format=tar.bz2');
    expect(bz2).toMatchObject({ status: 501, body: { message: expect.stringMatching(/^not simulated by the sandbox: GET \/projects\/:id\/repository\/archive/) } });
  });
});

describe('changelogs', () => {
  it('release notes from Changelog trailers since the previous tag, then committed to CHANGELOG.md', async () => {
    await api('/projects/1/repository/branches', { method: 'POST', body: { branch: 'release-prep', ref: 'main' } });
    for (const [msg, file] of [['Add rate limiting\n\nChangelog: added', 'a.txt'], ['Fix the logout redirect\n\nChangelog: fixed', 'b.txt'], ['Internal refactor', 'c.txt'], ['Add audit log\n\nChangelog: added', 'd.txt']]) {
      await api('/projects/1/repository/commits', { method: 'POST', body: { branch: 'release-prep', commit_message: msg, actions: [{ action: 'create', file_path: file, content: 'x\n' }] } });
    }
    const commits = (await api('/projects/1/repository/commits?ref_name=release-prep&per_page=5')).body;
    const id = (title: string) => commits.find((c: { title: string }) => c.title === title).id;
    expect(commits[0].trailers).toEqual({ Changelog: 'added' });
    const notes = `## 1.2.0 (2026-04-01)\n\n### added (2 changes)\n\n- [Add audit log](demo-group/demo-project@${id('Add audit log')})\n- [Add rate limiting](demo-group/demo-project@${id('Add rate limiting')})\n\n### fixed (1 change)\n\n- [Fix the logout redirect](demo-group/demo-project@${id('Fix the logout redirect')})\n`;
    expect((await api('/projects/1/repository/changelog?version=1.2.0&to=release-prep&date=2026-04-01')).body).toEqual({ notes });
    expect(await ok('repository.changelog_generate', { project_id: 1, version: '1.2.0', to: 'release-prep', date: '2026-04-01' })).toContain('Add audit log');
    await ok('repository.changelog_add', { project_id: 1, version: '1.2.0', to: 'release-prep', date: '2026-04-01', branch: 'release-prep' });
    const file = (await api('/projects/1/repository/files/CHANGELOG.md?ref=release-prep')).body;
    expect(Buffer.from(file.content, 'base64').toString('utf8')).toBe(notes);
    expect((await api('/projects/1/repository/commits/release-prep')).body.title).toBe('Add changelog for version 1.2.0');
    expect(await refused('repository.changelog_generate', { project_id: 1, version: '0.1.0' })).toContain('Failed to generate the changelog: The commit start range is unspecified, and no previous tag could be found to use instead');
  });
});

describe('protected tags', () => {
  it('a wildcard protection refuses a Developer\'s tag and lets a Maintainer\'s through; unprotect lifts it', async () => {
    await ok('tag.protect', { project_id: 1, name: 'release-*', create_access_level: 40 });
    expect((await api('/projects/1/protected_tags/release-*')).body).toEqual({
      name: 'release-*', create_access_levels: [{ id: expect.any(Number), access_level: 40, access_level_description: 'Maintainers', deploy_key_id: null, user_id: null, group_id: null }],
    });
    expect(await refused('tag.protect', { project_id: 1, name: 'release-*' })).toContain('Name has already been taken');
    expect(await refused('tag.create', { project_id: 1, tag_name: 'release-2026', ref: 'main' }, alice)).toContain('You are not allowed to create this tag as it is protected.');
    expect((await api('/projects/1/repository/tags/release-2026')).status).toBe(404);
    await ok('tag.create', { project_id: 1, tag_name: 'release-2026', ref: 'main' });
    expect((await api('/projects/1/repository/tags/release-2026')).body.protected).toBe(true);
    expect(await ok('tag.list_protected', { project_id: 1 })).toContain('release-*');
    await ok('tag.unprotect', { project_id: 1, name: 'release-*' });
    expect(await api('/projects/1/protected_tags/release-*')).toMatchObject({ status: 404, body: { message: '404 Not found' } });
    await ok('tag.create', { project_id: 1, tag_name: 'release-2027', ref: 'main' }, alice);
    expect(await refused('tag.get_protected', { project_id: 1, name: 'release-*' })).toContain('404');
  });
});

describe('protected branches with a wildcard', () => {
  // GitLab's RefMatcher (app/models/ref_matcher.rb @ 0aa6d13c): `*` is any run of characters, `/` included.
  const branch = async (name: string, token?: string) => (await api(`/projects/1/repository/branches/${encodeURIComponent(name)}`, { token })).body;
  const commit = (name: string, file: string) => ({ project_id: 1, branch: name, commit_message: `Add ${file}`, actions: [{ action: 'create', file_path: file, content: 'x\n' }] });

  it('protect the branches they match in the branch answers, refuse a Developer\'s push, branch and merge, and the most permissive rule decides', async () => {
    await ok('branch.create', { project_id: 1, branch_name: 'release/1.0', ref: 'main' });
    await ok('branch.create', { project_id: 1, branch_name: 'release/2026/q1', ref: 'main' });
    await ok('branch.protect', { project_id: 1, name: 'release/*', push_access_level: 40, merge_access_level: 40 });
    for (const name of ['release/1.0', 'release/2026/q1']) {
      expect(await branch(name), name).toMatchObject({ protected: true, developers_can_push: false, developers_can_merge: false, can_push: true });
    }
    const listed = (await api('/projects/1/repository/branches?per_page=100')).body as Array<{ name: string; protected: boolean }>;
    expect(listed.filter((b) => b.protected).map((b) => b.name)).toEqual(['main', 'release/1.0', 'release/2026/q1']);
    expect(await ok('branch.get', { project_id: 1, branch_name: 'release/1.0' })).toContain('- **protected**: true');

    // alice is a Developer: the rule is Maintainers only.
    expect(await branch('release/1.0', ALICE)).toMatchObject({ protected: true, can_push: false });
    const before = await head('release/1.0');
    expect(await refused('repository.commit_create', commit('release/1.0', 'a.txt'), alice)).toContain('You are not allowed to push into this branch');
    expect(await refused('repository.file_create', { project_id: 1, branch: 'release/2026/q1', file_path: 'b.txt', content: 'b', commit_message: 'Add b' }, alice)).toContain('You are not allowed to push into this branch');
    expect(await refused('branch.create', { project_id: 1, branch_name: 'release/3.0', ref: 'main' }, alice)).toContain('You are not allowed to create protected branches on this project.');
    expect((await api('/projects/1/repository/branches/release%2F3.0')).status).toBe(404);
    expect(await head('release/1.0')).toBe(before);
    const mr = await api('/projects/1/merge_requests', { method: 'POST', token: ALICE, body: { source_branch: 'feature/login-fix', target_branch: 'release/2026/q1', title: 'Backport the login fix' } });
    expect(mr.status).toBe(201);
    expect((await api(`/projects/1/merge_requests/${mr.body.iid}`, { token: ALICE })).body.user).toEqual({ can_merge: false });
    expect(await refused('merge_request.merge', { project_id: 1, merge_request_iid: mr.body.iid }, alice)).toContain('401');
    await ok('merge_request.update', { project_id: 1, merge_request_iid: mr.body.iid, state_event: 'close' });
    // A rebase pushes the source branch.
    const back = await api('/projects/1/merge_requests', { method: 'POST', token: ALICE, body: { source_branch: 'release/2026/q1', target_branch: 'feature/login-fix', title: 'Forward-port' } });
    expect(await refused('merge_request.rebase', { project_id: 1, merge_request_iid: back.body.iid }, alice)).toContain('Cannot push to source branch');
    await ok('merge_request.update', { project_id: 1, merge_request_iid: back.body.iid, state_event: 'close' });

    // A second rule that lets Developers push to release/1.* opens release/1.0 to alice, not release/2026/q1.
    await ok('branch.protect', { project_id: 1, name: 'release/1.*', push_access_level: 30, merge_access_level: 40 });
    expect(await branch('release/1.0', ALICE)).toMatchObject({ developers_can_push: true, developers_can_merge: false, can_push: true });
    await ok('repository.commit_create', commit('release/1.0', 'a.txt'), alice);
    expect(await refused('repository.commit_create', commit('release/2026/q1', 'a.txt'), alice)).toContain('You are not allowed to push into this branch');
    await ok('repository.commit_create', commit('release/2026/q1', 'a.txt'));

    // Per-user and per-group rules are Premium: on this Free instance the server refuses them before sending.
    expect(await refused('branch.update_protected', { project_id: 1, name: 'release/*', allowed_to_push: [{ user_id: 3 }] })).toMatch(
      /allowed_to_push is a GitLab Premium parameter, and this instance is on GitLab Free, so it is not offered here\. Nothing was sent\./);
    // An unprotect level (offered: GitLab's page marks no plan) reaches the sandbox, which does not keep it: refused by
    // name, never stored as if it applied.
    expect(await refused('branch.protect', { project_id: 1, name: 'hotfix2/*', unprotect_access_level: 40 })).toBe(
      'branchProtect: the sandbox does not simulate the param unprotect_access_level of this action; against a GitLab instance it calls POST /projects/:id/protected_branches with it. Leave it out to run here.');
    expect((await api('/projects/1/protected_branches/hotfix2%2F*')).status).toBe(404);
    expect(await refused('branch.protect', { project_id: 1, name: 'hotfix/*', push_access_level: 20 })).toContain('push_access_level does not have a valid value');
    expect((await api('/projects/1/protected_branches/hotfix%2F*')).status).toBe(404);
    expect(await refused('repository.commit_create', commit('release/2026/q1', 'c.txt'), alice)).toContain('You are not allowed to push into this branch');

    await ok('branch.unprotect', { project_id: 1, name: 'release/1.*' });
    await ok('branch.unprotect', { project_id: 1, name: 'release/*' });
    expect(await branch('release/2026/q1', ALICE)).toMatchObject({ protected: false, can_push: true });
    await ok('branch.create', { project_id: 1, branch_name: 'release/3.0', ref: 'main' }, alice);
  });
});

describe('uploads', () => {
  it('a project upload answers GitLab\'s markdown, url and full_path; it is listed, then deleted by secret or by id', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex');
    const answer = await ok('project.upload', { project_id: 1, content_base64: png.toString('base64'), file_name: 'screen shot.png' });
    const [u] = (await api('/projects/1/uploads')).body;
    expect(u).toEqual({ id: u.id, size: png.length, filename: 'screen_shot.png', created_at: u.created_at, uploaded_by: { id: 1, name: 'Demo User', username: 'demo' } });
    const secret = /\/uploads\/([0-9a-f]{32})\/screen_shot\.png/.exec(answer)?.[1];
    expect(secret, answer).toBeDefined();
    expect(answer).toContain(`- **markdown**: !\\[screen_shot\\](/uploads/${secret}/screen_shot.png)`);
    expect(answer).toContain(`/-/project/1/uploads/${secret}/screen_shot.png`);
    await ok('project.upload', { project_id: 1, content_base64: Buffer.from('notes').toString('base64'), file_name: 'notes.txt' });
    expect(await refused('project.upload_list', { project_id: 1 }, alice)).toContain('403');
    await ok('project.upload_delete_by_secret', { project_id: 1, secret, filename: 'screen_shot.png' });
    const left = (await api('/projects/1/uploads')).body;
    expect(left.map((x: { filename: string }) => x.filename)).toEqual(['notes.txt']);
    await ok('project.upload_delete', { project_id: 1, upload_id: left[0].id });
    expect((await api('/projects/1/uploads')).body).toEqual([]);
    expect(await refused('project.upload_delete', { project_id: 1, upload_id: left[0].id })).toContain('404 Upload Not Found');
  });

  it('a wiki attachment answers its path in the wiki repository and a Markdown link', async () => {
    const answer = await ok('wiki.upload_attachment', { project_id: 1, content_base64: Buffer.from('a,b\n').toString('base64'), file_name: 'data.csv' });
    expect(answer).toMatch(/uploads\/[0-9a-f]{32}\/data\.csv/);
    expect(answer).toMatch(/"markdown":"\[data\.csv\]\(uploads\/[0-9a-f]{32}\/data\.csv\)"/);
    expect(await refused('wiki.upload_attachment', { project_id: 1, content_base64: 'eA==', file_name: 'x.txt' }, bob)).toContain('403');
  });
});

describe('what stays refused', () => {
  it('Markdown rendering: GitLab\'s renderer is not reproduced, so the sandbox says so', async () => {
    expect(await refused('repository.markdown_render', { text: '# Hello' })).toBe(
      'repositoryMarkdownRender: the sandbox does not simulate this action; against a GitLab instance it calls POST /markdown');
  });
});

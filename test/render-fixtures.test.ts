// Real-shaped answers (issue #28): GitLab's own bodies, recorded in go-gitlab's test data (a few values
// edited, each named in the fixture), served by a loopback fake GitLab; the server reads them through an
// MCP client, and the facts an assistant needs reach it in the Markdown AND in structuredContent.
// Fixtures: test/fixtures/responses/ (scripts/response-fixtures.mjs records their sources).
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { Sandbox } from '../src/sandbox/index.js';
import { json, serve, type TestServer } from './helpers/forge-servers.js';
import { text, type Running } from './helpers/harness.js';
import { startInProcess } from './helpers/inproc.js';
import { answered, responseFixture as fixture } from './helpers/results.js';

type Rec = Record<string, unknown>;

const discussions = fixture('mr_discussions') as Array<{ notes: unknown[] }>;
/** GitLab's notes endpoint answers the same note entities its discussions carry. */
const notes = discussions.flatMap((d) => d.notes);

const ROUTES: Record<string, unknown> = {
  '/api/v4/user': { id: 1, username: 'venky333', name: 'Venkatesh Thalluri', state: 'active' },
  '/api/v4/personal_access_tokens/self': { id: 1, name: 'test', scopes: ['api'], active: true, revoked: false },
  '/api/v4/projects/278964/merge_requests/14656': fixture('merge_request'),
  '/api/v4/projects/278964/merge_requests': fixture('merge_requests'),
  '/api/v4/merge_requests': fixture('merge_requests'),
  '/api/v4/projects/278964/pipelines/77056819': fixture('pipeline'),
  '/api/v4/projects/5/issues/1': fixture('issue'),
  '/api/v4/projects/5/issues/1/discussions': fixture('issue_discussions'),
  '/api/v4/projects/5/merge_requests/11/discussions': discussions,
  '/api/v4/projects/5/merge_requests/11/notes': notes,
  '/api/v4/projects/1/jobs': fixture('jobs'),
  '/api/v4/projects/1/jobs/7': fixture('job'),
  '/api/v4/projects/1': fixture('project'),
  '/api/v4/projects/1/members/all': fixture('members'),
};

let fake: TestServer;
let srv: Running;
beforeAll(async () => {
  fake = await serve((req, res) => {
    const path = (req.url ?? '').split('?')[0]!;
    if (req.method === 'GET' && path in ROUTES) json(res, 200, ROUTES[path]);
    else json(res, 404, { message: '404 Not found' });
  });
  srv = await startInProcess({ sandbox: { url: fake.url, clearLog: () => undefined } as unknown as Sandbox, token: 'glpat-fixture-token-0123456789abcdef' });
});
afterAll(async () => { await srv?.close(); await fake?.close(); });

const exec = (action: string, params: Rec, fields?: unknown) => answered(srv, action, params, fields !== undefined ? { fields } : {});

describe('real-shaped answers reach the assistant (issue #28)', () => {
  it('merge request: merge status in words, conflicts, failed head pipeline, draft, labels, milestone, people', async () => {
    const { md, st } = await exec('merge_request.get', { project_id: 278964, merge_request_iid: 14656 });
    expect(md).toContain('- **detailed_merge_status**: conflict: blocked by merge conflicts');
    expect(md).toContain('- **has_conflicts**: true');
    expect(md).toContain('- **head_pipeline**: #77056819 failed (delete-designs-v2)');
    expect(md).toContain('- **draft**: true');
    expect(md).toContain('- **reviewers**: @tkuah');
    expect(md).toContain('- **milestone**: 12.2');
    expect(md).toMatch(/- \*\*labels\*\*: GitLab Enterprise Edition, backend, database/);
    expect(md).toContain('- **source_branch**: delete-designs-v2');
    expect(st).toMatchObject({
      detailed_merge_status: 'conflict', has_conflicts: true, draft: true,
      head_pipeline: { id: 77056819, status: 'failed', ref: 'delete-designs-v2' }, reviewers: ['tkuah'], milestone: '12.2', author: 'alexkalderimis',
    });
    expect(st.labels).toContain('backend');
  });

  it('merge request list: state, draft, author, merge status and conflicts per row; the project when read across projects', async () => {
    const own = await exec('merge_request.list', { project_id: 278964 });
    const header = own.md.split('\n').find((l) => l.startsWith('| '));
    expect(header).toBe('| iid | title | state | draft | source | author | merge status | conflicts |');
    const items = own.st.items as Rec[];
    expect(Object.keys(items[0]!)).toEqual(expect.arrayContaining(['iid', 'title', 'state', 'draft', 'source_branch', 'author', 'detailed_merge_status', 'has_conflicts']));
    const all = await exec('merge_request.list_global', {});
    expect(all.md.split('\n').find((l) => l.startsWith('| '))).toBe('| project | iid | title | state | draft | source | author | merge status | conflicts |');
    const first = (all.st.items as Rec[])[0]!;
    expect(typeof first.project).toBe('string');
    expect(all.md).toContain(`| ${String(first.project)} |`);
  });

  it('pipeline: status with its detailed label, ref, sha, source, coverage, duration, who', async () => {
    const p = fixture('pipeline') as Rec;
    const { md, st } = await exec('pipeline.get', { project_id: 278964, pipeline_id: 77056819 });
    expect(md).toContain('- **status**: failed');
    expect(md).toContain('- **ref**: delete-designs-v2');
    expect(md).toContain(`- **sha**: ${String(p.sha)}`);
    expect(st).toMatchObject({ id: 77056819, status: 'failed', ref: 'delete-designs-v2', sha: p.sha });
    expect(md).toContain('- **coverage**: 82.68');
    expect(md).toContain('- **duration**: 1h 21m');
    expect(md).toContain('- **user**: @alexkalderimis');
    // Its detailed status is said with the status, not repeated as JSON.
    expect(md).not.toContain('**detailed_status**');
  });

  it('issue: closed, confidential, labels, due date among the first fields', async () => {
    const { md, st } = await exec('issue.get', { project_id: 5, issue_iid: 1 });
    const fields = md.split('\n').filter((l) => l.startsWith('- **')).map((l) => /^- \*\*([^*]+)\*\*/.exec(l)![1]);
    expect(fields.slice(0, 8)).toEqual(expect.arrayContaining(['state', 'confidential', 'labels', 'assignees']));
    expect(md).toContain('- **state**: closed');
    expect(md).toContain('- **confidential**: true');
    expect(md).toContain('- **labels**: bug, security');
    expect(md).toContain('- **due_date**: 2019-09-30');
    expect(st).toMatchObject({ state: 'closed', confidential: true, labels: ['bug', 'security'], due_date: '2019-09-30' });
  });

  it('merge request discussions: each thread with its notes, the diff note on file:line, unresolved', async () => {
    const { md, st } = await exec('mr_review.discussion_list', { project_id: 5, merge_request_iid: 11 });
    expect(md).toContain('### Thread 1 — on package.json:27 — unresolved');
    expect(md).toContain('id: `6a9c1750b37d513a43987b574953fceb50b03ce7`');
    expect(md).toContain('- @venky333, 2018-03-04T09:17:22.520Z (note 1126, on package.json:27, unresolved): discussion text');
    expect(md).toContain('1 unresolved thread.');
    expect(st.items).toEqual([{
      id: '6a9c1750b37d513a43987b574953fceb50b03ce7', individual_note: false, resolvable: true, resolved: false, position: 'package.json:27',
      notes: [{ id: 1126, author: 'venky333', created_at: '2018-03-04T09:17:22.520Z', body: 'discussion text', position: 'package.json:27', resolved: false }],
    }]);
  });

  it('note lists always show the body, DiffNote or not', async () => {
    const { md, st } = await exec('mr_review.note_list', { project_id: 5, merge_request_iid: 11 });
    expect(md).toContain('- @venky333, 2018-03-04T09:17:22.520Z (note 1126, on package.json:27, unresolved): discussion text');
    expect((st.items as Rec[])[0]).toMatchObject({ id: 1126, author: 'venky333', body: 'discussion text', position: 'package.json:27' });
    const issue = await exec('issue.discussion_list', { project_id: 5, issue_iid: 1 });
    const bodies = (fixture('issue_discussions') as Array<{ notes: Array<{ body: string }> }>).flatMap((d) => d.notes.map((n) => n.body));
    for (const b of bodies) expect(issue.md).toContain(b);
  });

  it('jobs: stage, failure reason and duration per row; one job with its pipeline, duration, runner and artifacts by name and size', async () => {
    const list = await exec('job.list_project', { project_id: 1 });
    expect(list.md.split('\n').find((l) => l.startsWith('| '))).toBe('| id | name | stage | status | failure reason | duration |');
    expect(list.md).toContain('| 7 | teaspoon | test | failed | script_failure |');
    expect((list.st.items as Rec[])[0]).toMatchObject({ id: 7, name: 'teaspoon', stage: 'test', status: 'failed', failure_reason: 'script_failure' });
    const { md, st } = await exec('job.get', { project_id: 1, job_id: 7 });
    expect(md).toContain('- **pipeline**: #6 pending (master)');
    expect(md).toContain('- **failure_reason**: script_failure: the job script failed; a retry will not help');
    expect(md).toContain('- **artifacts**: junit.xml 12 KB');
    expect(md).toContain('- **duration**: 1m 35s');
    expect(md).toContain('- **runner**: shared-runner-1 (#32, shared)');
    expect(st).toMatchObject({ stage: 'test', status: 'failed', failure_reason: 'script_failure', pipeline: { id: 6, status: 'pending', ref: 'master' }, artifacts: ['junit.xml 12 KB'] });
  });

  it('project: visibility and default branch first', async () => {
    const { md, st } = await exec('project.get', { project_id: 1 });
    expect(md).toContain('- **visibility**: private');
    expect(md).toContain('- **default_branch**: main');
    expect(st).toMatchObject({ visibility: 'private', default_branch: 'main' });
  });

  it('members: username, name and the role by name', async () => {
    const { md, st } = await exec('project.members', { project_id: 1 });
    expect(md.split('\n').find((l) => l.startsWith('| '))).toBe('| username | name | role |');
    expect(md).toContain('| venkatesh_thalluri | Venkatesh Thalluri | Developer (30) |');
    expect((st.items as Rec[])[0]).toMatchObject({ username: 'venkatesh_thalluri', access_level: 30 });
  });

  it('fields: named fields whole, every field, and unknown names answered with the ones that exist', async () => {
    const mr = fixture('merge_request') as Rec;
    const named = await exec('merge_request.get', { project_id: 278964, merge_request_iid: 14656 }, ['description', 'diff_refs']);
    expect(named.md).toContain('### diff_refs');
    expect(named.st.diff_refs).toEqual(mr.diff_refs);
    expect(named.st.description).toBe(mr.description);
    const all = await exec('merge_request.get', { project_id: 278964, merge_request_iid: 14656 }, ['all']);
    expect(all.md).not.toContain('Other fields (not shown)');
    for (const k of Object.keys(mr)) if (mr[k] !== null && !(Array.isArray(mr[k]) && (mr[k] as unknown[]).length === 0)) expect(all.md, k).toMatch(new RegExp(`\\*\\*${k}\\*\\*|### ${k}`));
    const unknown = await exec('merge_request.get', { project_id: 278964, merge_request_iid: 14656 }, ['nope']);
    expect(unknown.md).toContain('Not in this answer: nope. Its fields: id, iid, project_id, title');
    expect(unknown.st.unknown_fields).toEqual(['nope']);
    const bad = await srv.call('forge_execute_action', { action: 'merge_request.get', params: { project_id: 278964, merge_request_iid: 14656 }, fields: 'description' });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toBe('validating "arguments": fields: expected an array of field names (e.g. ["description","web_url"]) or ["all"]');
  });
});

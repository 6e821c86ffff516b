// A project by its bare name (issue #30): `project_id: "demo-project"`, as a person says it, is looked up among
// the caller's projects and sent as its full path, instead of GitLab's 404 and the search and retry it cost.
// Through an MCP client against the sandbox, whose request log tells what reached the platform.
import { describe, it, expect, beforeEach } from 'vitest';
import { apiRequests, text } from './helpers/harness.js';
import { sandboxApi, sandboxServer, startInProcess } from './helpers/inproc.js';
import { READUSER_TOKEN } from '../src/sandbox/index.js';

const on = sandboxServer();
beforeEach(() => { on.sb.clearLog(); on.sb.clearFaults(); });

const api = sandboxApi(on);
const run = (action: string, params: Record<string, unknown>) => on.srv.call('forge_execute_action', { action, params });
const sent = () => apiRequests(on.sb).map((e) => `${e.method} ${e.path}`);
const writes = () => apiRequests(on.sb).filter((e) => e.method !== 'GET' && e.method !== 'HEAD');
const EP = '/api/v4/projects/demo-group%2Fdemo-project';
const LOOKUP = { search: 'demo-project', membership: 'true', simple: 'true', order_by: 'similarity', per_page: '100' };

describe('a project by its bare name', () => {
  it('an upload whose content is not base64 is refused before the short name is looked up: nothing reaches GitLab', async () => {
    const bad = await run('project.upload', { project_id: 'demo-project', content_base64: 'not base64!', file_name: 'a.txt' });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toBe('projectUpload: content_base64 is not valid base64');
    const none = await run('project.upload', { project_id: 'demo-project' });
    expect(none.isError).toBe(true);
    expect(text(none)).toContain('give the file as file_path (a local path) or content_base64 (its content, base64-encoded)');
    expect(sent()).toEqual([]);
  });

  it('a destructive call is refused by a short name, even confirmed: what is confirmed must be what is changed, and nothing is sent', async () => {
    const r = await on.srv.call('forge_execute_action', { action: 'branch.delete', params: { project_id: 'demo-project', branch_name: 'feature/readme-intro' }, confirm: true });
    expect(r.isError).toBe(true);
    expect(text(r)).toMatch(/project_id "demo-project" is a short name; a destructive action takes the project's full path or ID \(e\.g\. group\/project or 42\), so that what is confirmed is exactly what is changed\. Nothing was sent\.$/);
    expect(sent()).toEqual([]);
  });

  it('a write: one lookup, then the write sent once with the full path, and the answer says so in one line', async () => {
    const r = await run('issue.create', { project_id: 'demo-project', title: 'Named by its short name' });
    expect(r.isError, text(r)).toBeFalsy();
    expect(sent()).toEqual(['GET /api/v4/projects', `POST ${EP}/issues`]);
    expect(apiRequests(on.sb)[0].query).toEqual(LOOKUP);
    expect(text(r)).toMatch(/^Resolved: `project_id` `"demo-project"` → `demo-group\/demo-project`\.\n\n/);
    expect(r.structuredContent?.resolved).toEqual({ project_id: { project_id: 'demo-group/demo-project' } });
  });

  it('a read in the same session: the name is not looked up again', async () => {
    const r = await run('issue.get', { project_id: 'demo-project', issue_iid: 1 });
    expect(r.isError, text(r)).toBeFalsy();
    expect(sent()).toEqual([`GET ${EP}/issues/1`]);
    expect(text(r)).toContain('Resolved: `project_id` `"demo-project"` → `demo-group/demo-project`.');
  });

  it('a read in another session looks it up once, case-insensitively as GitLab finds a full path', async () => {
    const other = await startInProcess({ sandbox: on.sb });
    try {
      const r = await other.call('forge_execute_action', { action: 'issue.get', params: { project_id: 'Demo-Project', issue_iid: 1 } });
      expect(r.isError, text(r)).toBeFalsy();
      const again = await other.call('forge_execute_action', { action: 'issue.list', params: { project_id: 'demo-project' } });
      expect(again.isError, text(again)).toBeFalsy();
      expect(sent()).toEqual(['GET /api/v4/projects', `GET ${EP}/issues/1`, `GET ${EP}/issues`]);
      expect(text(r)).toContain('Resolved: `project_id` `"Demo-Project"` → `demo-group/demo-project`.');
    } finally { await other.close(); }
  });

  it('before the companions: a milestone is looked up in the project the name resolved to', async () => {
    const other = await startInProcess({ sandbox: on.sb });
    try {
      const r = await other.call('forge_execute_action', { action: 'issue.create', params: { project_id: 'demo-project', title: 'Named milestone', milestone: 'v1.2' } });
      expect(sent()).toEqual(['GET /api/v4/projects', `GET ${EP}/milestones`, `POST ${EP}/issues`]);
      expect(text(r)).toMatch(/^Resolved: `project_id` `"demo-project"` → `demo-group\/demo-project`; `milestone` `"v1\.2"` → `milestone_id` 402\./);
    } finally { await other.close(); }
  });

  it('any project param of the catalog: the target project of an issue link', async () => {
    const r = await run('issue.link_create', { project_id: 'demo-group/demo-project', issue_iid: 1, target_project_id: 'other-project', target_issue_iid: 1 });
    expect(r.isError, text(r)).toBeFalsy();
    const post = apiRequests(on.sb).find((e) => e.method === 'POST')!;
    expect(post.path).toBe(`${EP}/issues/1/links`);
    expect(post.body).toMatchObject({ target_project_id: 'demo-group/other-project' });
  });

  it('a full path and an ID are sent as given, with no lookup', async () => {
    for (const project_id of ['demo-group/demo-project', '1', 1]) {
      on.sb.clearLog();
      const r = await run('issue.get', { project_id, issue_iid: 1 });
      expect(r.isError, text(r)).toBeFalsy();
      expect(sent()).toEqual([project_id === 'demo-group/demo-project' ? `GET ${EP}/issues/1` : 'GET /api/v4/projects/1/issues/1']);
      expect(text(r)).not.toContain('Resolved:');
    }
    // An encoded slash is no bare name either: sent as given (GitLab reads the path once decoded).
    on.sb.clearLog();
    await run('issue.get', { project_id: 'demo-group%2Fdemo-project', issue_iid: 1 });
    expect(sent()).toEqual(['GET /api/v4/projects/demo-group%252Fdemo-project/issues/1']);
  });

  it('refuses a name none of the caller\'s projects has, naming the near ones, before the action\'s own request', async () => {
    const near = await run('issue.create', { project_id: 'demo', title: 'Never written' });
    expect(text(near)).toBe('issueCreate: project_id "demo": no project you are a member of has that path; near it: demo-group/demo-project; give the full path (group/project) or the project ID. Nothing was changed.');
    const none = await run('issue.get', { project_id: 'demo-projekt', issue_iid: 1 });
    expect(text(none)).toBe('issueGet: project_id "demo-projekt": no project you are a member of has that path or a name like it; give the full path (group/project) or the project ID. Nothing was changed.');
    expect(sent()).toEqual(['GET /api/v4/projects', 'GET /api/v4/projects']);
    expect(writes()).toEqual([]);
  });

  it('refuses a name several of the caller\'s projects have, naming their full paths', async () => {
    // A path differs from another only in case across namespaces; GitLab's search and full paths ignore case.
    for (const [path, namespace_id] of [['Twin', undefined], ['twin', 10]] as const) {
      const made = await run('project.create', { name: 'Twin', path, ...(namespace_id ? { namespace_id } : {}) });
      expect(made.isError, text(made)).toBeFalsy();
    }
    on.sb.clearLog();
    const r = await run('issue.create', { project_id: 'twin', title: 'Which twin?' });
    expect(text(r)).toBe('issueCreate: project_id "twin": several projects you are a member of have that path: demo-group/twin, demo/Twin; give the full path (group/project) or the project ID. Nothing was changed.');
    expect(sent()).toEqual(['GET /api/v4/projects']);
  });
});

describe('the sandbox\'s project search', () => {
  it('matches the path case-insensitively and orders by GitLab\'s similarity (pg_trgm) when asked', async () => {
    const paths = async (query: string) => ((await api(`/projects?${query}`)).body as Array<{ path_with_namespace: string }>).map((p) => p.path_with_namespace);
    expect(await paths('search=DEMO-PROJECT')).toEqual(['demo-group/demo-project']);
    // Newest first by default; by similarity demo-project (1.05) is ahead of other-project (1.02: 0.97 and its description's 0.05).
    expect(await paths('search=project')).toEqual(['demo-group/other-project', 'demo-group/demo-project']);
    expect(await paths('search=project&order_by=similarity')).toEqual(['demo-group/demo-project', 'demo-group/other-project']);
  });
});

describe('guardrails around the lookup', () => {
  it('read-only mode: the lookup is a read, so a read resolves; a write is refused as before, nothing sent', async () => {
    const ro = await startInProcess({ sandbox: on.sb, env: { FORGE_MCP_READ_ONLY: 'true' } });
    try {
      const read = await ro.call('forge_execute_action', { action: 'issue.get', params: { project_id: 'demo-project', issue_iid: 1 } });
      expect(read.isError, text(read)).toBeFalsy();
      expect(sent()).toEqual(['GET /api/v4/projects', `GET ${EP}/issues/1`]);
      on.sb.clearLog();
      const write = await ro.call('forge_execute_action', { action: 'issue.create', params: { project_id: 'demo-project', title: 'No' } });
      expect(text(write)).toMatch(/^forge_execute_action: action "issue\.create" exists but is not available to this session: this deployment runs in read-only mode/);
      expect(sent()).toEqual([]);
    } finally { await ro.close(); }
  });

  it('a token below read_api is refused as before; a deployment without the project list refuses the lookup; safe mode previews it', async () => {
    const low = await startInProcess({ sandbox: on.sb, token: READUSER_TOKEN });
    const narrow = await startInProcess({ sandbox: on.sb, env: { FORGE_MCP_EXCLUDE_TOOLS: 'project.list' } });
    const safe = await startInProcess({ sandbox: on.sb, env: { FORGE_MCP_SAFE_MODE: 'true' } });
    try {
      on.sb.clearLog();
      await expect(low.call('forge_execute_action', { action: 'issue.get', params: { project_id: 'demo-project', issue_iid: 1 } })).rejects.toMatchObject({ code: -40300 });
      const r = await narrow.call('forge_execute_action', { action: 'issue.get', params: { project_id: 'demo-project', issue_iid: 1 } });
      expect(text(r)).toBe('issue.get with project_id also runs project.list, which this session may not run: it is not part of this deployment. Nothing was sent.');
      const card = await safe.call('forge_execute_action', { action: 'issue.create', params: { project_id: 'demo-project', title: 'Previewed' } });
      expect(text(card)).toContain('Steps this call would run, in order:\n1. look up project `"demo-project"` (`project_id`) among your projects, into its full path\n2. `issue.create` (the call itself)');
      expect(apiRequests(on.sb).filter((e) => e.path === '/api/v4/projects' || e.path.startsWith(`${EP}/`))).toEqual([]);
    } finally { await Promise.all([low.close(), narrow.close(), safe.close()]); }
  });
});

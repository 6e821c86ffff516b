// Actions of more than one request, declared as data: pre-checks, fallbacks to the older route,
// related reads, lookups before the call.
import { describe, it, expect } from 'vitest';
import { SANDBOX_TOKEN } from '../src/sandbox/index.js';
import { apiRequests, text } from './helpers/harness.js';
import { sandboxServer, startInProcess } from './helpers/inproc.js';

// The test-only placeholders mode: fallbacks and variants are checked on routes the sandbox does not simulate.
const on = sandboxServer({ sandbox: { placeholders: true }, env: { FORGE_MCP_YOLO_MODE: 'true' } });

const run = (action: string, params: Record<string, unknown>) => on.srv.call('forge_execute_action', { action, params });
const sent = () => apiRequests(on.sb).map((e) => `${e.method} ${e.path}`);

describe('pre-checks', () => {
  it('file_create refuses a file that exists, before writing', async () => {
    on.sb.clearLog();
    const r = await run('repository.file_create', { project_id: 1, file_path: 'README.md', branch: 'main', content: 'x', commit_message: 'x' });
    expect(text(r)).toBe('repositoryFileCreate: the file already exists on that branch; change it with repository.file_update');
    expect(sent()).toEqual(['HEAD /api/v4/projects/1/repository/files/README.md']);
  });
  it('file_update refuses a file that is missing, before writing', async () => {
    on.sb.clearLog();
    const r = await run('repository.file_update', { project_id: 1, file_path: 'nope.txt', branch: 'main', content: 'x', commit_message: 'x' });
    expect(text(r)).toMatch(/does not exist on that branch; add it with repository.file_create/);
    expect(sent()).toEqual(['HEAD /api/v4/projects/1/repository/files/nope.txt']);
  });
  it('file_create writes a new file after the check, then reads the branch for the commit it made (issue #28)', async () => {
    on.sb.clearLog();
    const r = await run('repository.file_create', { project_id: 1, file_path: 'docs/new.md', branch: 'main', content: 'x', commit_message: 'x' });
    expect(r.isError, text(r)).toBeFalsy();
    expect(sent()).toEqual([
      'HEAD /api/v4/projects/1/repository/files/docs%2Fnew.md', 'POST /api/v4/projects/1/repository/files/docs%2Fnew.md', 'GET /api/v4/projects/1/repository/branches/main',
    ]);
  });
});

describe('fallback to the older route on 404', () => {
  it('integration_get falls back to /services/:slug', async () => {
    // Slack is set up (the sandbox keeps integrations), so the older route finds it.
    await fetch(`${on.sb.url}/api/v4/projects/1/integrations/slack`, { method: 'PUT', headers: { 'private-token': SANDBOX_TOKEN, 'content-type': 'application/json' }, body: JSON.stringify({ webhook: 'https://hooks.slack.com/services/T0/B0/x' }) });
    on.sb.fault({ method: 'GET', path: '/api/v4/projects/1/integrations/slack', status: 404, times: 1 });
    on.sb.clearLog();
    const r = await run('project.integration_get', { project_id: 1, slug: 'slack' });
    expect(r.isError, text(r)).toBeFalsy();
    expect(sent()).toEqual(['GET /api/v4/projects/1/integrations/slack', 'GET /api/v4/projects/1/services/slack']);
  });
  it('label_delete falls back to the route taking the name in the body', async () => {
    on.sb.fault({ method: 'DELETE', path: '/api/v4/projects/1/labels/bug', status: 404, times: 1 });
    on.sb.clearLog();
    const r = await run('project.label_delete', { project_id: 1, label_id: 'bug' });
    expect(r.isError, text(r)).toBeFalsy();
    const reqs = apiRequests(on.sb);
    expect(reqs.map((e) => `${e.method} ${e.path}`)).toEqual(['DELETE /api/v4/projects/1/labels/bug', 'DELETE /api/v4/projects/1/labels']);
    expect(reqs[1].body).toMatchObject({ name: 'bug' });
  });
  it('a 404 of the older route too is the ordinary not-found error', async () => {
    on.sb.fault({ path: /\/api\/v4\/projects\/1\/(integrations|services)\/jira$/, status: 404, times: 2 });
    const r = await run('project.integration_get', { project_id: 1, slug: 'jira' });
    expect(text(r)).toMatch(/^projectIntegrationGet: not found:/);
  });
});

describe('related reads and lookups', () => {
  it('list_submodules shows the pinned commits from the tree of the same ref', async () => {
    on.sb.clearLog();
    const r = await run('repository.list_submodules', { project_id: 1, ref: 'with-submodule' });
    expect(r.isError, text(r)).toBeFalsy();
    const tree = apiRequests(on.sb).find((e) => e.path.endsWith('/repository/tree'));
    expect(tree?.query).toMatchObject({ ref: 'with-submodule' });
    expect(JSON.stringify(r.structuredContent)).toContain('"type":"commit"');
  });
  it('a milestone is named by its IID and looked up first', async () => {
    on.sb.clearLog();
    const r = await run('project.milestone_get', { project_id: 1, milestone_iid: 2 });
    expect(r.isError, text(r)).toBeFalsy();
    expect(sent()).toEqual(['GET /api/v4/projects/1/milestones', 'GET /api/v4/projects/1/milestones/402']);
    // The IID feeds the lookup only: GitLab's route takes the ID and no milestone_iid.
    expect(apiRequests(on.sb).at(-1)?.query).not.toHaveProperty('milestone_iid');
  });
});

describe('params naming the object: exactly one', () => {
  it('custom attributes of a user, a group or a project; none or two is refused before sending', async () => {
    const { ADMIN_TOKEN } = await import('../src/sandbox/index.js');
    const admin = await startInProcess({ sandbox: on.sb, token: ADMIN_TOKEN });
    try {
      on.sb.clearLog();
      const none = await admin.call('forge_execute_action', { action: 'admin.custom_attr_list', params: {} });
      expect(text(none)).toBe('adminCustomAttrList: give exactly one of user_id, group_id, project_id');
      const two = await admin.call('forge_execute_action', { action: 'admin.custom_attr_list', params: { user_id: 1, group_id: 10 } });
      expect(text(two)).toBe('adminCustomAttrList: give exactly one of user_id, group_id, project_id (got user_id, group_id)');
      expect(apiRequests(on.sb)).toHaveLength(0);
      const group = await admin.call('forge_execute_action', { action: 'admin.custom_attr_list', params: { group_id: 10 } });
      expect(group.isError, text(group)).toBeFalsy();
      expect(sent()).toEqual(['GET /api/v4/groups/10/custom_attributes']);
    } finally { await admin.close(); }
  });
});

describe('a REST action with a GraphQL variant', () => {
  it('group.epic_list reads over REST, and over GraphQL when a GraphQL-only filter is given', async () => {
    const premium = await startInProcess({ sandbox: on.sb, env: { FORGE_MCP_TIER: 'premium' } });
    try {
      on.sb.clearLog();
      const rest = await premium.call('forge_execute_action', { action: 'group.epic_list', params: { group_id: 10 } });
      expect(rest.isError, text(rest)).toBeFalsy();
      expect(sent()).toEqual(['GET /api/v4/groups/10/epics']);
      on.sb.clearLog();
      const gql = await premium.call('forge_execute_action', { action: 'group.epic_list', params: { group_id: 'demo-group', health_status: 'atRisk' } });
      expect(gql.isError, text(gql)).toBeFalsy();
      expect(sent()).toEqual(['POST /api/graphql']);
      expect(JSON.stringify(apiRequests(on.sb)[0].body)).toContain('"health":"atRisk"');
      expect(gql.structuredContent).toHaveProperty('pagination');
    } finally { await premium.close(); }
  });
});

describe('one read per distinct object of a list', () => {
  it("a user's events show the projects they happened in, each read once", async () => {
    on.sb.fault({ method: 'GET', path: '/api/v4/users/1/events', status: 200, body: [{ id: 1, project_id: 1, action_name: 'pushed to' }, { id: 2, project_id: 2, action_name: 'opened' }, { id: 3, project_id: 1, action_name: 'commented on' }], times: 1 });
    on.sb.clearLog();
    const r = await run('user.contribution_events', { user_id: 1 });
    expect(r.isError, text(r)).toBeFalsy();
    expect(sent()).toEqual(['GET /api/v4/users/1/events', 'GET /api/v4/projects/1', 'GET /api/v4/projects/2']);
    expect(Object.keys((r.structuredContent as { related: Record<string, unknown> }).related)).toEqual(['/projects/1', '/projects/2']);
  });
});

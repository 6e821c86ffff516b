// A parameter GitLab offers only on a paid plan (catalog `tier` on the param, issue #30): on a Free instance it is
// left out of forge_find_action's answers and of the schemas, and a call that sends one is refused by name before
// anything reaches the platform; a Premium or Ultimate instance offers it as before. Through an MCP client against the sandbox.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { Sandbox } from '../src/sandbox/index.js';
import { catalog } from '../src/catalog/index.js';
import { apiRequests, text, withSandbox } from './helpers/harness.js';
import { sandboxServer, startInProcess } from './helpers/inproc.js';

const PROJECT = 'demo-group/demo-project';
/**
 * The params a by-ID answer names: one a line (`   - name*: type — description`), or grouped by type for an action
 * with very many (`   - optional boolean: a, b`).
 */
const paramNames = (body: string): string[] => [
  ...[...body.matchAll(/^ {3}- (\w+)\*?: /gm)].map((m) => m[1]!).filter((n) => n !== 'optional'),
  ...[...body.matchAll(/^ {3}- optional .+: ([\w, ]+)$/gm)].flatMap((m) => m[1]!.split(', ')),
];
const refusal = (id: string, what: string, instance: string) =>
  `forge_execute_action/${id}: ${what}, and this instance is on GitLab ${instance}, so it is not offered here. Nothing was sent. ` +
  'Leave it out; if the instance is on a higher tier, its operator can pin it (FORGE_MCP_TIER in stdio, --tier over HTTP).';

describe('a Free instance (the sandbox is Free)', () => {
  const on = sandboxServer();

  it('find by ID leaves the Premium and Ultimate params out of issue.create, issue.update and issue.list', async () => {
    const body = text(await on.srv.call('forge_find_action', { query: 'issue.create issue.update issue.list' }));
    const names = paramNames(body);
    expect(names).toContain('milestone_id');
    expect(names).toContain('assignee_ids');
    for (const premium of ['weight', 'epic_id', 'iteration_id', 'iteration_title', 'health_status', 'not_weight', 'not_iteration_id']) expect(names).not.toContain(premium);
  });

  it('the approval filter approved_by_ids of the merge request lists is left out too', async () => {
    const body = text(await on.srv.call('forge_find_action', { query: 'merge_request.list' }));
    expect(body).toContain('reviewer_id');
    expect(body).not.toContain('approved_by_ids');
    const r = await on.srv.call('forge_execute_action', { action: 'merge_request.list', params: { project_id: PROJECT, approved_by_ids: [2] } });
    expect(text(r)).toBe(refusal('merge_request.list', 'approved_by_ids is a GitLab Premium parameter', 'Free'));
  });

  it('a ranked find says no Premium param either, in the JSON schema or the compact form', async () => {
    for (const query of ['update the weight of an issue', 'create an issue']) {
      const body = text(await on.srv.call('forge_find_action', { query }));
      const block = body.split('\n\n').find((b) => /^\d\. `issue\.(update|create)` /.test(b))!;
      expect(block, query).toMatch(/milestone_id/);
      expect(block, query).not.toMatch(/\bweight\b|\bepic_id\b/);
    }
  });

  it('a call that sends a Premium param is refused by name, and nothing reaches the platform', async () => {
    on.sb.clearLog();
    const r = await on.srv.call('forge_execute_action', { action: 'issue.update', params: { project_id: PROJECT, issue_iid: 1, weight: 3 } });
    expect(r.isError).toBe(true);
    expect(text(r)).toBe(refusal('issue.update', 'weight is a GitLab Premium parameter', 'Free'));
    const two = await on.srv.call('forge_execute_action', { action: 'issue.list', params: { project_id: PROJECT, weight: 'Any', health_status: 'any' } });
    expect(text(two)).toBe(refusal('issue.list', 'weight, health_status are GitLab Premium or Ultimate parameters', 'Free'));
    expect(apiRequests(on.sb)).toHaveLength(0);
  });

  it('the same call without it runs', async () => {
    const r = await on.srv.call('forge_execute_action', { action: 'issue.update', params: { project_id: PROJECT, issue_iid: 1, discussion_locked: false } });
    expect(r.isError, text(r)).toBeFalsy();
  });

  it('project and group settings of a paid plan are left out of find by ID; their Free settings stay', async () => {
    const names = paramNames(text(await on.srv.call('forge_find_action', { query: 'project.update group.update project.list' })));
    for (const free of ['merge_method', 'visibility', 'description', 'share_with_group_lock', 'archived']) expect(names).toContain(free);
    for (const paid of ['merge_requests_template', 'issues_template', 'external_authorization_classification_label', 'only_allow_merge_if_all_status_checks_passed',
      'membership_lock', 'ip_restriction_ranges', 'unique_project_download_limit', 'file_template_project_id', 'marked_for_deletion_on', 'include_hidden']) expect(names).not.toContain(paid);
  });

  it('a param is tiered per route: a project variable\'s environment scope stays on Free, a group variable\'s does not', async () => {
    const body = text(await on.srv.call('forge_find_action', { query: 'ci_variable.create ci_variable.group_create' }));
    const [project, group] = ['ci_variable.create', 'ci_variable.group_create'].map((id) => paramNames(body.split('\n\n').find((b) => b.includes(`\`${id}\``)) ?? ''));
    expect(project).toContain('environment_scope');
    expect(group).toContain('masked');
    expect(group).not.toContain('environment_scope');
  });

  it('a ranked find leaves them out of the group settings and merge request filters it answers', async () => {
    for (const [query, id, free, paid] of [
      ['update the settings of group demo-group', 'group.update', /share_with_group_lock/, /membership_lock|ip_restriction_ranges|wiki_access_level|unique_project_download_limit/],
      ['list merge requests where alice is an eligible approver', 'merge_request.list', /reviewer_id/, /approver_ids|approvers|approved_by_usernames/],
    ] as const) {
      const body = text(await on.srv.call('forge_find_action', { query }));
      const block = body.split('\n\n').find((b) => b.includes(`1. \`${id}\` `)) ?? body;
      expect(block, body).toContain(`1. \`${id}\` `);
      expect(block, query).toMatch(free);
      expect(block, query).not.toMatch(paid);
    }
  });

  it('a call that sets a paid project or group setting is refused by name before anything is sent', async () => {
    on.sb.clearLog();
    const r = await on.srv.call('forge_execute_action', { action: 'project.update', params: { project_id: PROJECT, merge_requests_template: '## Why', description: 'x' } });
    expect(text(r)).toBe(refusal('project.update', 'merge_requests_template is a GitLab Premium parameter', 'Free'));
    const g = await on.srv.call('forge_execute_action', { action: 'group.update', params: { group_id: 'demo-group', membership_lock: true, unique_project_download_limit: 5 } });
    expect(text(g)).toBe(refusal('group.update', 'membership_lock, unique_project_download_limit are GitLab Premium or Ultimate parameters', 'Free'));
    // Beyond projects and groups: the members, push mirror and group variable pages mark these.
    for (const [action, params, what] of [
      ['project.member_add', { project_id: PROJECT, user_id: '2', access_level: 30, member_role_id: 7 }, 'member_role_id is a GitLab Ultimate parameter'],
      ['project.mirror_add', { project_id: PROJECT, url: 'https://mirror.example.com/x.git', mirror_branch_regex: '^release' }, 'mirror_branch_regex is a GitLab Premium parameter'],
      ['ci_variable.group_create', { group_id: 'demo-group', key: 'DEPLOY', value: 'x', environment_scope: 'production' }, 'environment_scope is a GitLab Premium parameter'],
    ] as const) expect(text(await on.srv.call('forge_execute_action', { action, params }))).toBe(refusal(action, what, 'Free'));
    expect(apiRequests(on.sb)).toHaveLength(0);
  });

  it('the approver filter and its username companion are Premium: left out, and refused before the username is looked up', async () => {
    const names = paramNames(text(await on.srv.call('forge_find_action', { query: 'merge_request.list' })));
    expect(names).toContain('reviewer_id');
    for (const paid of ['approver_ids', 'approvers', 'approved_by_usernames']) expect(names).not.toContain(paid);
    on.sb.clearLog();
    const r = await on.srv.call('forge_execute_action', { action: 'merge_request.list', params: { project_id: PROJECT, approvers: ['@alice'] } });
    expect(text(r)).toBe(refusal('merge_request.list', 'approvers is a GitLab Premium parameter', 'Free'));
    expect(apiRequests(on.sb)).toHaveLength(0);
  });

  it('the individual surface\'s tool schema leaves them out, and refuses them in the same words', async () => {
    const ind = await startInProcess({ sandbox: on.sb, env: { FORGE_MCP_TOOL_SURFACE: 'individual' } });
    try {
      const tool = (await ind.client.listTools()).tools.find((t) => t.name === 'forge_issue_update')!;
      expect(Object.keys(tool.inputSchema.properties ?? {})).not.toContain('weight');
      expect(Object.keys(tool.inputSchema.properties ?? {})).toContain('milestone_id');
      on.sb.clearLog();
      const r = await ind.call('forge_issue_update', { project_id: PROJECT, issue_iid: 1, epic_id: 4 });
      expect(text(r)).toMatch(/^forge_issue_update: epic_id is a GitLab Premium parameter, and this instance is on GitLab Free/);
      // search.issues' own `fields` (a Premium filter) keeps the name: the tool offers no `fields`, and one sent is refused as the filter.
      const search = (await ind.client.listTools()).tools.find((t) => t.name === 'forge_search_issues')!;
      expect(Object.keys(search.inputSchema.properties ?? {})).not.toContain('fields');
      const f = await ind.call('forge_search_issues', { search: 'login', fields: 'title' });
      expect(text(f)).toMatch(/^forge_search_issues: fields is a GitLab Premium parameter, and this instance is on GitLab Free/);
      expect(apiRequests(on.sb)).toHaveLength(0);
    } finally { await ind.close(); }
  });

  it('branch.protect offers only the Free access levels: the Premium allowed_to_* rules and code owner approval are left out and refused', async () => {
    const names = paramNames(text(await on.srv.call('forge_find_action', { query: 'branch.protect branch.update_protected tag.protect' })));
    for (const free of ['push_access_level', 'merge_access_level', 'unprotect_access_level', 'allow_force_push', 'create_access_level']) expect(names).toContain(free);
    for (const paid of ['allowed_to_push', 'allowed_to_merge', 'allowed_to_unprotect', 'code_owner_approval_required', 'allowed_to_create']) expect(names).not.toContain(paid);
    on.sb.clearLog();
    const r = await on.srv.call('forge_execute_action', { action: 'branch.protect', params: { project_id: PROJECT, name: 'release-*', allowed_to_push: [{ access_level: 30 }], code_owner_approval_required: true } });
    expect(text(r)).toBe(refusal('branch.protect', 'allowed_to_push, code_owner_approval_required are GitLab Premium parameters', 'Free'));
    expect(apiRequests(on.sb)).toHaveLength(0);
  });

  it('an issue link\'s blocking types are Premium values: the schema offers relates_to only, and blocks is refused before anything is sent', async () => {
    const read = await on.srv.client.readResource({ uri: 'forge://tools/issue.link_create' });
    const detail = JSON.parse((read.contents[0] as { text: string }).text) as { input_schema: { properties: Record<string, { enum?: string[] }> } };
    expect(detail.input_schema.properties.link_type?.enum).toEqual(['relates_to']);
    on.sb.clearLog();
    for (const link_type of ['blocks', 'is_blocked_by']) {
      const r = await on.srv.call('forge_execute_action', { action: 'issue.link_create', params: { project_id: PROJECT, issue_iid: 1, target_project_id: PROJECT, target_issue_iid: 2, link_type } });
      expect(r.isError).toBe(true);
      expect(text(r)).toBe(`forge_execute_action/issue.link_create: link_type "${link_type}" is a GitLab Premium value, and this instance is on GitLab Free, so it is not offered here. ` +
        'Nothing was sent. Use one offered here ("relates_to"); if the instance is on a higher tier, its operator can pin it (FORGE_MCP_TIER in stdio, --tier over HTTP).');
    }
    expect(apiRequests(on.sb)).toHaveLength(0);
  });

  it('the action detail resource forge://tools/{id} leaves them out of its input schema too', async () => {
    const schemaOf = async (id: string) => {
      const read = await on.srv.client.readResource({ uri: `forge://tools/${id}` });
      const detail = JSON.parse((read.contents[0] as { text: string }).text) as { input_schema: { properties: Record<string, unknown> } };
      return Object.keys(detail.input_schema.properties);
    };
    const issue = await schemaOf('issue.update');
    expect(issue).toContain('milestone_id');
    for (const paid of ['weight', 'epic_id']) expect(issue).not.toContain(paid);
    const project = await schemaOf('project.update');
    expect(project).toContain('merge_method');
    expect(project).not.toContain('merge_requests_template');
  });
});

describe('a licensed instance (detected Ultimate) and a pinned Premium one', () => {
  let sb: Sandbox;
  beforeAll(async () => { sb = await withSandbox({ licensed: true }); });
  afterAll(async () => { await sb.close(); });

  it('Ultimate: find by ID offers weight, epic_id and health_status, and a call with weight is not refused for it', async () => {
    const srv = await startInProcess({ sandbox: sb });
    try {
      const names = paramNames(text(await srv.call('forge_find_action', { query: 'issue.update issue.list' })));
      for (const p of ['weight', 'epic_id', 'health_status', 'iteration_id']) expect(names).toContain(p);
      const r = await srv.call('forge_execute_action', { action: 'issue.update', params: { project_id: PROJECT, issue_iid: 1, weight: 3 } });
      expect(text(r)).not.toMatch(/GitLab Premium parameter|invalid params/);
      const read = await srv.client.readResource({ uri: 'forge://tools/issue.update' });
      const detail = JSON.parse((read.contents[0] as { text: string }).text) as { input_schema: { properties: Record<string, unknown> } };
      expect(Object.keys(detail.input_schema.properties)).toEqual(expect.arrayContaining(['weight', 'epic_id']));
    } finally { await srv.close(); }
  });

  it('Ultimate: the project and group settings and the approver filter are offered, and sent as given', async () => {
    const srv = await startInProcess({ sandbox: sb });
    try {
      const names = paramNames(text(await srv.call('forge_find_action', { query: 'project.update group.update merge_request.list' })));
      for (const p of ['merge_requests_template', 'only_allow_merge_if_all_status_checks_passed', 'membership_lock', 'unique_project_download_limit', 'approver_ids', 'approvers']) expect(names).toContain(p);
      sb.clearLog();
      const r = await srv.call('forge_execute_action', { action: 'project.update', params: { project_id: PROJECT, merge_requests_template: '## Why' } });
      expect(r.isError, text(r)).toBeFalsy();
      expect(apiRequests(sb).find((e) => e.method === 'PUT')?.body).toMatchObject({ merge_requests_template: '## Why' });
      sb.clearLog();
      const list = await srv.call('forge_execute_action', { action: 'merge_request.list', params: { project_id: PROJECT, approvers: ['@alice'] } });
      expect(text(list)).not.toMatch(/GitLab Premium parameter/);
      const sent = apiRequests(sb).find((e) => e.path.endsWith('/merge_requests'));
      expect(sent?.query['approver_ids[]']).toBeDefined();
    } finally { await srv.close(); }
  });

  it('Ultimate: the individual listing keeps every param of the catalog entry, paid ones and their companions included', async () => {
    const ind = await startInProcess({ sandbox: sb, env: { FORGE_MCP_TOOL_SURFACE: 'individual' } });
    try {
      const tools = (await ind.client.listTools()).tools;
      for (const [name, id] of [['forge_project_update', 'project.update'], ['forge_group_update', 'group.update'], ['forge_merge_request_list', 'merge_request.list']] as const) {
        const props = Object.keys(tools.find((t) => t.name === name)!.inputSchema.properties ?? {});
        expect(props, name).toEqual(expect.arrayContaining(Object.keys(catalog().get(id)!.params)));
      }
    } finally { await ind.close(); }
  });

  it('Ultimate: an issue link offers and sends the blocking types', async () => {
    const srv = await startInProcess({ sandbox: sb });
    try {
      const read = await srv.client.readResource({ uri: 'forge://tools/issue.link_create' });
      const detail = JSON.parse((read.contents[0] as { text: string }).text) as { input_schema: { properties: Record<string, { enum?: string[] }> } };
      expect(detail.input_schema.properties.link_type?.enum).toEqual(['relates_to', 'blocks', 'is_blocked_by']);
      sb.clearLog();
      const r = await srv.call('forge_execute_action', { action: 'issue.link_create', params: { project_id: PROJECT, issue_iid: 1, target_project_id: PROJECT, target_issue_iid: 2, link_type: 'blocks' } });
      expect(r.isError, text(r)).toBeFalsy();
      expect(apiRequests(sb).find((e) => e.method === 'POST')?.body).toMatchObject({ link_type: 'blocks' });
    } finally { await srv.close(); }
  });

  it('pinned Premium: weight is offered, the Ultimate health_status is not and is refused', async () => {
    const srv = await startInProcess({ sandbox: sb, env: { FORGE_MCP_TIER: 'premium' } });
    try {
      const names = paramNames(text(await srv.call('forge_find_action', { query: 'issue.list' })));
      expect(names).toContain('weight');
      expect(names).not.toContain('health_status');
      sb.clearLog();
      const r = await srv.call('forge_execute_action', { action: 'issue.list', params: { project_id: PROJECT, health_status: 'any' } });
      expect(text(r)).toBe(refusal('issue.list', 'health_status is a GitLab Ultimate parameter', 'Premium'));
      expect(apiRequests(sb)).toHaveLength(0);
    } finally { await srv.close(); }
  });
});

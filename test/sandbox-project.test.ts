// The project domain's long tail in the sandbox (issue #29): each flow written through the MCP server and read
// back (through the server and straight from the sandbox's API), with GitLab's shapes, status codes and role
// checks; what the sandbox cannot honestly do (a mirror push, a pull) is refused in so many words.
import { describe, it, expect, beforeAll } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN_TOKEN, SANDBOX_TOKEN } from '../src/sandbox/index.js';
import { hookDeliveries } from '../src/sandbox/routes/project-hooks.js';
import { readArchive, writeArchive } from '../src/sandbox/routes/project-archive.js';
import { text } from './helpers/harness.js';
import { sandboxApi, sandboxServer, startInProcess } from './helpers/inproc.js';
import { okText, refusedText } from './helpers/approved-calls.js';

const BOB = 'glpat-sandbox-bob-reporter-0009';
const on = sandboxServer({ sandbox: { licensed: true }, env: { FORGE_MCP_YOLO_MODE: 'true' } });
// bob is a Reporter of demo-group (and so of its projects).
beforeAll(() => { on.sb.addToken(BOB, { kind: 'classic', scopes: ['api'], userId: 4 }); });

const ok = (action: string, params: Record<string, unknown>) => okText(on.srv, action, params);
const refused = (action: string, params: Record<string, unknown>) => refusedText(on.srv, action, params);
/** The sandbox's own answer, straight from its API. */
const api = sandboxApi(on);

describe('webhooks', () => {
  it('add, edit, headers and URL variables (write-only), a recorded test event, delete', async () => {
    expect(await ok('project.hook_add', { project_id: 1, url: 'https://hooks.example.com/{token}', name: 'ci', issues_events: true, token: 's3cr3t' })).toContain('- **issues_events**: true');
    const [hook] = (await api('/projects/1/hooks')).body;
    await ok('project.hook_edit', { project_id: 1, hook_id: hook.id, push_events: false, pipeline_events: true });
    await ok('project.hook_set_custom_header', { project_id: 1, hook_id: hook.id, key: 'X-Team', value: 'platform' });
    await ok('project.hook_set_url_variable', { project_id: 1, hook_id: hook.id, key: 'token', value: 'abc123' });
    const got = (await api(`/projects/1/hooks/${hook.id}`)).body;
    expect(Object.keys(got)).toEqual([
      'id', 'url', 'name', 'description', 'created_at', 'push_events', 'tag_push_events', 'merge_requests_events', 'repository_update_events',
      'enable_ssl_verification', 'alert_status', 'disabled_until', 'url_variables', 'push_events_branch_filter', 'branch_filter_strategy',
      'custom_webhook_template', 'custom_headers', 'project_id', 'issues_events', 'confidential_issues_events', 'note_events', 'confidential_note_events',
      'pipeline_events', 'wiki_page_events', 'deployment_events', 'feature_flag_events', 'job_events', 'releases_events', 'milestone_events',
      'emoji_events', 'resource_access_token_events', 'resource_deploy_token_events', 'vulnerability_events',
    ]);
    expect(got).toMatchObject({ url: 'https://hooks.example.com/{token}', name: 'ci', push_events: false, pipeline_events: true, issues_events: true, url_variables: [{ key: 'token' }], custom_headers: [{ key: 'X-Team' }] });
    // Neither the secret token nor a header or variable value is ever shown.
    expect(JSON.stringify(got)).not.toMatch(/s3cr3t|abc123|platform/);

    const before = on.sb.log.length;
    await ok('project.hook_test', { project_id: 1, hook_id: hook.id, trigger: 'issues_events' });
    expect(hookDeliveries(on.sb.state)).toEqual([{ hookId: hook.id, trigger: 'issues_events', url: 'https://hooks.example.com/{token}', at: expect.any(String) }]);
    expect(on.sb.log.slice(before).map((e) => `${e.method} ${e.path}`)).toEqual([`POST /api/v4/projects/1/hooks/${hook.id}/test/issues_events`]);

    await ok('project.hook_delete_custom_header', { project_id: 1, hook_id: hook.id, key: 'X-Team' });
    expect(await refused('project.hook_delete_custom_header', { project_id: 1, hook_id: hook.id, key: 'X-Team' })).toContain('404 Custom header Not Found');
    await ok('project.hook_delete', { project_id: 1, hook_id: hook.id });
    expect(await api(`/projects/1/hooks/${hook.id}`)).toEqual({ status: 404, body: { message: '404 Hook Not Found' } });
  });

  it('needs a url, and the Maintainer role', async () => {
    expect(await api('/projects/1/hooks', { method: 'POST', body: {} })).toEqual({ status: 400, body: { error: 'url is missing' } });
    expect(await api('/projects/1/hooks', { token: BOB })).toEqual({ status: 403, body: { message: '403 Forbidden' } });
  });
});

describe('badges', () => {
  it('placeholders render from the project, in the list, the badge and the preview', async () => {
    await ok('project.badge_add', { project_id: 1, name: 'pipeline', link_url: 'https://ci.example.com/%{project_path}/-/commits/%{default_branch}', image_url: 'https://ci.example.com/%{project_id}/%{latest_tag}.svg' });
    const [badge] = (await api('/projects/1/badges')).body;
    expect(badge).toEqual({
      name: 'pipeline', link_url: 'https://ci.example.com/%{project_path}/-/commits/%{default_branch}', image_url: 'https://ci.example.com/%{project_id}/%{latest_tag}.svg',
      rendered_link_url: 'https://ci.example.com/demo-group/demo-project/-/commits/main', rendered_image_url: 'https://ci.example.com/1/v1.1.0.svg', id: badge.id, kind: 'project',
    });
    expect(await ok('project.badge_preview', { project_id: 2, link_url: '%{project_title} %{unknown}', image_url: 'x/%{project_name}' })).toContain('Other%20Project%20%25%7Bunknown%7D');
    await ok('project.badge_edit', { project_id: 1, badge_id: badge.id, image_url: 'https://img.example.com/%{commit_sha}' });
    const head = (await api('/projects/1/repository/branches/main')).body.commit.id;
    expect((await api(`/projects/1/badges/${badge.id}`)).body.rendered_image_url).toBe(`https://img.example.com/${head}`);
    expect((await api('/projects/1/badges', { method: 'POST', body: { link_url: 'x' } })).body).toEqual({ error: 'image_url is missing' });
    await ok('project.badge_delete', { project_id: 1, badge_id: badge.id });
    expect(await api(`/projects/1/badges/${badge.id}`)).toEqual({ status: 404, body: { message: '404 Badge Not Found' } });
  });
});

describe('boards', () => {
  it('a board with label lists: create, move, delete; a missing label is refused', async () => {
    await ok('project.board_create', { project_id: 1, name: 'Sprint' });
    const [board] = (await api('/projects/1/boards')).body;
    expect(board).toMatchObject({ name: 'Sprint', hide_backlog_list: false, hide_closed_list: false, project: { id: 1, path_with_namespace: 'demo-group/demo-project' }, lists: [] });
    const labels = (await api('/projects/1/labels')).body as Array<{ id: number; name: string }>;
    for (const l of labels.slice(0, 3)) await ok('project.board_list_create', { project_id: 1, board_id: board.id, label_id: l.id });
    const lists = (await api(`/projects/1/boards/${board.id}/lists`)).body;
    expect(lists.map((l: any) => [l.label.name, l.position])).toEqual(labels.slice(0, 3).map((l, i) => [l.name, i]));
    expect(Object.keys(lists[0])).toEqual(['id', 'label', 'position']);
    await ok('project.board_list_update', { project_id: 1, board_id: board.id, list_id: lists[2].id, position: 1 });
    expect((await api(`/projects/1/boards/${board.id}`)).body.lists.map((l: any) => [l.id, l.position]))
      .toEqual([[lists[0].id, 0], [lists[2].id, 1], [lists[1].id, 2]]);
    expect(await refused('project.board_list_create', { project_id: 1, board_id: board.id, label_id: 999999 })).toContain('Label not found');
    await ok('project.board_list_delete', { project_id: 1, board_id: board.id, list_id: lists[0].id });
    expect(await api(`/projects/1/boards/${board.id}/lists/${lists[0].id}`)).toEqual({ status: 404, body: { message: '404 List Not Found' } });
    await ok('project.board_update', { project_id: 1, board_id: board.id, name: 'Sprint 2', hide_closed_list: true });
    expect((await api(`/projects/1/boards/${board.id}`)).body).toMatchObject({ name: 'Sprint 2', hide_closed_list: true });
    await ok('project.board_delete', { project_id: 1, board_id: board.id });
    expect(await api(`/projects/1/boards/${board.id}`)).toEqual({ status: 404, body: { message: '404 Board Not Found' } });
  });
});

describe('mirrors', () => {
  it('a push mirror keeps its settings, masks credentials, and a forced push is refused explicitly', async () => {
    await ok('project.mirror_add', { project_id: 1, url: 'https://deploy:hunter2@mirror.example.com/demo.git', enabled: true, only_protected_branches: true });
    const [m] = (await api('/projects/1/remote_mirrors')).body;
    expect(m).toEqual({
      id: m.id, enabled: true, url: 'https://*****:*****@mirror.example.com/demo.git', update_status: 'none', last_update_at: null, last_update_started_at: null,
      last_successful_update_at: null, last_error: null, only_protected_branches: true, keep_divergent_refs: false, auth_method: 'password', host_keys: [],
    });
    expect(await api(`/projects/1/remote_mirrors/${m.id}/public_key`)).toEqual({ status: 404, body: { message: '404 Public key Not Found' } });
    await ok('project.mirror_edit', { project_id: 1, mirror_id: m.id, auth_method: 'ssh_public_key', enabled: false });
    const key = (await api(`/projects/1/remote_mirrors/${m.id}/public_key`)).body.public_key;
    expect(key).toMatch(/^ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI[A-Za-z0-9+/]{43}$/);
    expect(await ok('project.mirror_get_public_key', { project_id: 1, mirror_id: m.id })).toContain(key);
    expect(await refused('project.mirror_force_push', { project_id: 1, mirror_id: m.id })).toBe('projectMirrorForcePush: the sandbox does not simulate this action; against a GitLab instance it calls POST /projects/:id/remote_mirrors/:mirror_id/sync');
    await ok('project.mirror_delete', { project_id: 1, mirror_id: m.id });
    expect((await api(`/projects/1/remote_mirrors/${m.id}`)).body).toEqual({ message: '404 Remote Mirror Not Found' });
  });

  it('the pull mirror is configured and read back; starting a pull is refused explicitly', async () => {
    expect(await api('/projects/2/mirror/pull')).toEqual({ status: 400, body: { message: 'The project is not mirrored' } });
    await ok('project.pull_mirror_configure', { project_id: 2, url: 'https://bot:tok@upstream.example.com/o.git', enabled: true, only_mirror_protected_branches: true });
    expect((await api('/projects/2/mirror/pull')).body).toEqual({
      id: expect.any(Number), last_error: null, last_successful_update_at: null, last_update_at: null, last_update_started_at: null, update_status: 'none',
      url: 'https://*****:*****@upstream.example.com/o.git', enabled: true, mirror_trigger_builds: false, only_mirror_protected_branches: true,
      mirror_overwrites_diverged_branches: null, mirror_branch_regex: null,
    });
    expect((await api('/projects/2')).body.mirror).toBe(true);
    expect(await refused('project.start_mirroring', { project_id: 2 })).toMatch(/the sandbox does not simulate this action; against a GitLab instance it calls POST \/projects\/:id\/mirror\/pull$/);
  });
});

describe('pages', () => {
  it('settings without deployments; domains: create, list, get, update, delete; the instance list is admin-only', async () => {
    expect(await api('/projects/1/pages')).toEqual({
      status: 200, body: { url: expect.stringMatching(/^http:\/\/demo-project-[0-9a-f]{12}\.pages\.sandbox\.test$/), deployments: [], is_unique_domain_enabled: true, force_https: false, pages_default_domain_redirect: null },
    });
    await ok('project.pages_domain_create', { project_id: 1, domain: 'docs.example.com' });
    const d = (await api('/projects/1/pages/domains/docs.example.com')).body;
    expect(d).toEqual({ domain: 'docs.example.com', url: 'http://docs.example.com', verified: false, verification_code: expect.stringMatching(/^[0-9a-f]{32}$/), enabled_until: null, auto_ssl_enabled: false });
    expect(await refused('project.pages_domain_create', { project_id: 2, domain: 'docs.example.com' })).toContain('has already been taken');
    await ok('project.pages_domain_update', { project_id: 1, domain: 'docs.example.com', auto_ssl_enabled: true });
    expect((await api('/projects/1/pages/domains')).body).toEqual([{ ...d, auto_ssl_enabled: true }]);
    expect((await api('/pages/domains', { token: ADMIN_TOKEN })).body).toEqual([{ domain: 'docs.example.com', url: 'http://docs.example.com', project_id: 1, verified: false, verification_code: d.verification_code, enabled_until: null, auto_ssl_enabled: true }]);
    expect((await api('/pages/domains')).status).toBe(403);
    await ok('project.pages_domain_delete', { project_id: 1, domain: 'docs.example.com' });
    expect(await api('/projects/1/pages/domains/docs.example.com')).toEqual({ status: 404, body: { message: '404 Pages Domain Not Found' } });
  });

  it('settings and unpublishing are for administrators', async () => {
    expect((await api('/projects/1/pages', { method: 'PATCH', body: { pages_https_only: true } })).status).toBe(403);
    expect(await api('/projects/1/pages', { method: 'PATCH', body: { pages_https_only: true, pages_unique_domain_enabled: false }, token: ADMIN_TOKEN })).toEqual({
      status: 200, body: { url: 'http://demo-group.pages.sandbox.test/demo-project', deployments: [], is_unique_domain_enabled: false, force_https: true, pages_default_domain_redirect: null },
    });
    expect((await api('/projects/1/pages', { method: 'PATCH', body: { pages_default_domain_redirect: 'nowhere.example.com' }, token: ADMIN_TOKEN })).body.message).toMatch(/^400 Bad request - The `pages_default_domain_redirect` attribute is missing from the domain list/);
    expect((await api('/projects/1/pages')).body.force_https).toBe(true);
    expect((await api('/projects/1/pages', { method: 'DELETE' })).status).toBe(403);
  });
});

describe('push rules', () => {
  it('one rule per project: none is null, add, a second add is refused, edit, delete', async () => {
    expect(await api('/projects/2/push_rule')).toEqual({ status: 200, body: null });
    await ok('project.push_rule_add', { project_id: 2, commit_message_regex: '^(feat|fix):', deny_delete_tag: true });
    const rule = (await api('/projects/2/push_rule')).body;
    expect(rule).toEqual({
      id: rule.id, project_id: 2, created_at: rule.created_at, commit_message_regex: '^(feat|fix):', commit_message_negative_regex: null, branch_name_regex: null,
      deny_delete_tag: true, member_check: false, prevent_secrets: false, author_email_regex: null, file_name_regex: null, max_file_size: 0,
      commit_committer_check: false, commit_committer_name_check: false, reject_unsigned_commits: false, reject_non_dco_commits: false,
    });
    expect(await refused('project.push_rule_add', { project_id: 2, member_check: true })).toContain('Project push rule exists, try updating');
    await ok('project.push_rule_edit', { project_id: 2, max_file_size: 20 });
    expect((await api('/projects/2/push_rule')).body).toMatchObject({ max_file_size: 20, deny_delete_tag: true });
    await ok('project.push_rule_delete', { project_id: 2 });
    expect((await api('/projects/2/push_rule')).body).toBeNull();
    expect(await api('/projects/2/push_rule', { method: 'PUT', body: { member_check: true } })).toEqual({ status: 404, body: { message: '404 Push Rule Not Found' } });
  });
});

describe('integrations', () => {
  it('set, read without secrets, list the active ones, delete deactivates', async () => {
    await ok('project.integration_set', { project_id: 1, slug: 'slack', webhook: 'https://hooks.slack.com/services/T0/B0/xyz', channel: 'deploys', pipeline_events: true });
    const slack = (await api('/projects/1/integrations/slack')).body;
    expect(slack).toMatchObject({ title: 'Slack notifications', slug: 'slack', active: true, pipeline_events: true, inherited: false, properties: { channel: 'deploys' } });
    expect(JSON.stringify(slack)).not.toContain('xyz');
    expect(await ok('project.integration_list', { project_id: 1 })).toContain('Slack notifications');
    expect(await refused('project.integration_set_jira', { project_id: 1, url: 'https://jira.example.com', password: '' })).toMatch(/password is missing|password/);
    await ok('project.integration_delete', { project_id: 1, slug: 'slack' });
    expect((await api('/projects/1/integrations/slack')).body).toMatchObject({ active: false, properties: {} });
    expect((await api('/projects/1/services')).body).toEqual([]);
    expect(await api('/projects/1/integrations/jenkins')).toEqual({ status: 404, body: { message: '404 Integration Not Found' } });
  });

  it('a group keeps its own integrations (Datadog), for its Owners', async () => {
    await ok('project.integration_set_group_datadog', { group_id: 10, api_key: 'dd-secret-key', datadog_env: 'prod' });
    expect((await api('/groups/10/integrations/datadog')).body).toMatchObject({ title: 'Datadog', active: true, properties: { datadog_env: 'prod' } });
    expect(JSON.stringify((await api('/groups/10/integrations/datadog')).body)).not.toContain('dd-secret-key');
    expect((await api('/groups/10/integrations', { token: BOB })).status).toBe(403);
    await ok('project.integration_delete_group_datadog', { group_id: 10 });
    expect((await api('/groups/10/integrations')).body).toEqual([]);
  });
});

describe('forks, transfer, sharing', () => {
  it('a fork shares the parent\'s history, shows forked_from_project, is listed; the relation can be removed and made again', async () => {
    await ok('project.fork', { project_id: 2 });
    const fork = (await api('/projects/demo%2Fother-project')).body;
    expect(fork).toMatchObject({ path_with_namespace: 'demo/other-project', forked_from_project: { id: 2, path_with_namespace: 'demo-group/other-project' }, visibility: 'public' });
    // Fields where GitLab's Project entity puts them: forked_from_project after creator_id, visibility after archived.
    expect(Object.keys(fork).indexOf('forked_from_project')).toBe(Object.keys(fork).indexOf('creator_id') + 1);
    expect(Object.keys(fork).indexOf('visibility')).toBe(Object.keys(fork).indexOf('archived') + 1);
    const raw = await fetch(`${on.sb.url}/api/v4/projects/${fork.id}/repository/files/index.js/raw?ref=main`, { headers: { 'private-token': SANDBOX_TOKEN } });
    expect(await raw.text()).toBe("console.log('hello from other-project', process.version);\n");
    expect((await api('/projects/2/forks')).body.map((p: any) => p.id)).toEqual([fork.id]);
    expect((await api('/projects/2')).body.forks_count).toBe(1);
    expect(await refused('project.fork', { project_id: 2 })).toContain('has already been taken');
    await ok('project.delete_fork_relation', { project_id: fork.id });
    expect((await api(`/projects/${fork.id}`)).body.forked_from_project).toBeUndefined();
    expect((await api(`/projects/${fork.id}/fork`, { method: 'DELETE' })).status).toBe(304);
    await ok('project.create_fork_relation', { project_id: fork.id, forked_from_id: 2 });
    expect((await api(`/projects/${fork.id}`)).body.forked_from_project.id).toBe(2);
    expect(await api(`/projects/${fork.id}/fork/2`, { method: 'POST' })).toEqual({ status: 409, body: { message: 'Project already forked' } });
  });

  it('transfer moves a project to another namespace', async () => {
    const made = (await api('/projects', { method: 'POST', body: { name: 'Scratch' } })).body;
    await ok('project.transfer', { project_id: made.id, namespace: 'demo-group/platform' });
    expect((await api(`/projects/${made.id}`)).body.path_with_namespace).toBe('demo-group/platform/scratch');
    expect(await refused('project.transfer', { project_id: made.id, namespace: 'demo-group/platform' })).toContain('Project is already in this namespace.');
    expect(await refused('project.transfer', { project_id: made.id, namespace: 'no-such-group' })).toContain('404 Namespace Not Found');
  });

  it('sharing with a group shows in the project, its invited groups, and gives the group\'s members access', async () => {
    await ok('project.share_with_group', { project_id: 2, group_id: 11, group_access: 20, expires_at: '2027-01-31' });
    expect((await api('/projects/2')).body.shared_with_groups).toEqual([{ group_id: 11, group_name: 'Platform', group_full_path: 'demo-group/platform', group_access_level: 20, expires_at: '2027-01-31' }]);
    expect((await api('/projects/2/invited_groups')).body.map((g: any) => g.full_path)).toEqual(['demo-group/platform']);
    expect(await api('/projects/2/share', { method: 'POST', body: { group_id: 11, group_access: 30 } })).toEqual({ status: 409, body: { message: 'Group already shared with this group' } });
    expect((await api('/projects/2/share', { method: 'POST', body: { group_id: 11, group_access: 35 } })).body).toEqual({ error: 'group_access does not have a valid value' });
    await ok('project.delete_shared_group', { project_id: 2, group_id: 11 });
    expect((await api('/projects/2')).body.shared_with_groups).toEqual([]);
    expect(await api('/projects/2/share/11', { method: 'DELETE' })).toEqual({ status: 404, body: { message: '404 Group Link Not Found' } });
    // demo owns demo-group: sharing root's private project with it at Reporter lets demo read it, not administer it.
    expect((await api('/projects/3')).status).toBe(404);
    expect((await api('/projects/3/share', { method: 'POST', body: { group_id: 10, group_access: 20 }, token: ADMIN_TOKEN })).status).toBe(201);
    expect((await api('/projects/3')).body.name).toBe('Admin Tools');
    expect((await api('/projects/3/hooks')).status).toBe(403);
    expect((await api('/projects/3/share/10', { method: 'DELETE', token: ADMIN_TOKEN })).status).toBe(204);
    expect((await api('/projects/3')).status).toBe(404);
  });

  it('the groups of a project, nearest first', async () => {
    expect((await api('/projects/1/groups')).body).toEqual([{ id: 10, name: 'Demo Group', avatar_url: null, web_url: `${on.sb.url}/groups/demo-group`, full_name: 'Demo Group', full_path: 'demo-group' }]);
    expect(await ok('project.list_groups', { project_id: 1 })).toContain('Demo Group');
  });
});

describe('deletion and restore', () => {
  it('a delete marks the project for deletion, restore brings it back; a second delete needs permanently_remove and the full path', async () => {
    const made = (await api('/projects', { method: 'POST', body: { name: 'Doomed' } })).body;
    await ok('project.delete', { project_id: made.id });
    const marked = (await api(`/projects/${made.id}`)).body;
    expect(marked).toMatchObject({ name: `Doomed-deleted-${made.id}`, path: `doomed-deleted-${made.id}`, archived: true, marked_for_deletion_on: marked.marked_for_deletion_at.slice(0, 10) });
    await ok('project.restore', { project_id: made.id });
    expect((await api(`/projects/${made.id}`)).body).toMatchObject({ name: 'Doomed', path: 'doomed', archived: false, marked_for_deletion_at: null, marked_for_deletion_on: null });
    expect(await refused('project.restore', { project_id: made.id })).toContain('Project has not been marked for deletion');
    await ok('project.delete', { project_id: made.id });
    expect((await api(`/projects/${made.id}`, { method: 'DELETE' })).body).toEqual({ message: 'Project has been already marked for deletion' });
    const path = encodeURIComponent(`demo/doomed-deleted-${made.id}`);
    expect((await api(`/projects/${made.id}?permanently_remove=true&full_path=${path}`, { method: 'DELETE' })).status).toBe(202);
    expect(await api(`/projects/${made.id}`)).toEqual({ status: 404, body: { message: '404 Project Not Found' } });
  });
});

describe('user project lists and instance facts', () => {
  it('a user\'s own projects, and the projects they contributed to', async () => {
    expect((await api('/users/root/projects', { token: ADMIN_TOKEN })).body.map((p: any) => p.path_with_namespace)).toEqual(['root/admin-tools']);
    expect((await api('/users/root/projects')).body).toEqual([]);
    expect((await api('/users/4/contributed_projects')).body.map((p: any) => p.id).sort()).toEqual([1, 2]);
    expect(await ok('project.list_user_contributed', { user_id: 'bob' })).toContain('demo-group/demo-project');
    expect(await refused('project.list_user_projects', { user_id: 'nobody' })).toContain('404 User Not Found');
  });

  it('an administrator creates a project for a user', async () => {
    expect((await api('/projects/user/3', { method: 'POST', body: { name: 'Alice Tools' } })).status).toBe(403);
    const made = (await api('/projects/user/3', { method: 'POST', body: { name: 'Alice Tools' }, token: ADMIN_TOKEN })).body;
    expect(made).toMatchObject({ path_with_namespace: 'alice/alice-tools', creator_id: 3, owner: { username: 'alice' } });
  });

  it('statistics (no fetches to count), hashed storage (admin), housekeeping, no avatar', async () => {
    expect((await api('/projects/1/statistics')).body).toEqual({ fetches: { total: 0, days: [] } });
    expect((await api('/projects/1/storage')).status).toBe(403);
    expect((await api('/projects/1/storage', { token: ADMIN_TOKEN })).body).toEqual({
      project_id: 1, disk_path: '@hashed/6b/86/6b86b273ff34fce19d6b804eff5a3f5747ada4eaa22f1d49c01e52ddb7875b4b', created_at: expect.any(String), repository_storage: 'default',
    });
    expect((await api('/projects/1/housekeeping', { method: 'POST' })).status).toBe(201);
    expect((await api('/projects/1/housekeeping', { method: 'POST', token: BOB })).status).toBe(403);
    expect(await api('/projects/1/avatar')).toEqual({ status: 404, body: { message: '404 Avatar Not Found' } });
  });
});

describe('label promotion', () => {
  it('a project label becomes a group label: the issues keep it, the project lists it as its group\'s', async () => {
    const before = (await api('/projects/1/labels')).body as Array<{ id: number; name: string }>;
    const label = before.find((l) => l.name === 'bug')!;
    const open = (await api('/projects/1/issues?labels=bug&state=opened')).body.length;
    expect(await ok('project.label_promote', { project_id: 1, label_id: label.id })).toContain('bug');
    expect((await api('/projects/1/labels?include_ancestor_groups=false')).body.map((l: any) => l.name)).not.toContain('bug');
    expect((await api('/projects/1/labels')).body.filter((l: any) => l.name === 'bug')).toEqual([expect.objectContaining({ is_project_label: false })]);
    expect((await api('/groups/10/labels/bug')).body).toMatchObject({ name: 'bug', color: '#dc143c' });
    expect((await api('/projects/1/issues?labels=bug&state=opened')).body).toHaveLength(open);
    expect(await api('/projects/3/labels/1/promote', { method: 'PUT', token: ADMIN_TOKEN })).toEqual({ status: 404, body: { message: '404 Label Not Found' } });
  });
});

describe('export and import through a file', () => {
  it('the export is a real tar.gz of the project; importing it creates the project again, with its issues, labels and files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'forge-export-'));
    const files = await startInProcess({ sandbox: on.sb, env: { FORGE_MCP_YOLO_MODE: 'true', FORGE_MCP_ALLOWED_DOWNLOAD_DIRS: dir, FORGE_MCP_ALLOWED_UPLOAD_DIRS: dir } });
    try {
      const call = async (action: string, params: Record<string, unknown>) => {
        const r = await files.call('forge_execute_action', { action, params, confirm: true });
        expect(r.isError, `${action} → ${text(r)}`).toBeFalsy();
        return text(r);
      };
      expect(await api('/projects/2/export/download')).toEqual({ status: 404, body: { message: '404 Not found or has expired' } });
      expect((await api('/projects/2/export')).body).toMatchObject({ id: 2, path_with_namespace: 'demo-group/other-project', export_status: 'none' });
      await call('project.export_schedule', { project_id: 2 });
      expect((await api('/projects/2/export')).body).toEqual({
        id: 2, description: 'A second project of the demo group.', name: 'Other Project', name_with_namespace: 'Demo Group / Other Project', path: 'other-project',
        path_with_namespace: 'demo-group/other-project', created_at: expect.any(String), export_status: 'finished',
        _links: { api_url: `${on.sb.url}/api/v4/projects/2/export/download`, web_url: `${on.sb.url}/demo-group/other-project/download_export` },
      });
      const out = join(dir, 'other.tar.gz');
      await call('project.export_download', { project_id: 2, output_path: out });
      const archive = readFileSync(out);
      expect([...archive.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
      const names = readArchive(archive)!;
      expect([...names.keys()]).toEqual(['VERSION', 'tree/project.json', 'tree/project/labels.ndjson', 'tree/project/milestones.ndjson', 'tree/project/issues.ndjson', 'sandbox/repository.json']);

      const imported = await call('project.import_from_file', { path: 'other-copy', namespace: 'demo-group', file_path: out });
      expect(imported).toContain('other-copy');
      const copy = (await api('/projects/demo-group%2Fother-copy')).body;
      expect(copy).toMatchObject({ name: 'other-copy', description: 'A second project of the demo group.', visibility: 'public', import_type: 'gitlab_project', import_status: 'finished' });
      expect((await api(`/projects/${copy.id}/import`)).body).toMatchObject({ id: copy.id, import_status: 'finished', import_type: 'gitlab_project', failed_relations: [], import_error: null });
      expect((await api(`/projects/${copy.id}/issues?state=all&sort=asc`)).body.map((i: any) => [i.iid, i.title, i.state, i.labels])).toEqual(
        (await api('/projects/2/issues?state=all&sort=asc')).body.map((i: any) => [i.iid, i.title, i.state, i.labels]));
      // Its own labels; the list without include_ancestor_groups=false adds the group's (GitLab's default).
      expect((await api(`/projects/${copy.id}/labels?include_ancestor_groups=false`)).body.map((l: any) => l.name)).toEqual(['bug', 'enhancement']);
      const raw = await fetch(`${on.sb.url}/api/v4/projects/${copy.id}/repository/files/index.js/raw?ref=main`, { headers: { 'private-token': SANDBOX_TOKEN } });
      expect(await raw.text()).toBe("console.log('hello from other-project', process.version);\n");
      expect((await api('/projects/2/import')).body).toMatchObject({ import_status: 'none', import_type: null, correlation_id: null });

      // A second import to the same path is refused unless it overwrites.
      const again = await files.call('forge_execute_action', { action: 'project.import_from_file', params: { path: 'other-copy', namespace: 'demo-group', file_path: out }, confirm: true });
      expect(text(again)).toContain('has already been taken');
      // An archive the sandbox did not write (GitLab's own carries a git bundle) is a failed import, with the reason.
      writeFileSync(join(dir, 'gitlab.tar.gz'), writeArchive([['VERSION', '0.2.4'], ['project.bundle', 'not a bundle the sandbox can read']], new Date()));
      await call('project.import_from_file', { path: 'foreign', file_path: join(dir, 'gitlab.tar.gz') });
      const failed = (await api('/projects/demo%2Fforeign/import')).body;
      expect(failed).toMatchObject({ path_with_namespace: 'demo/foreign', import_status: 'failed', import_type: 'gitlab_project', import_error: expect.stringContaining('not a project export written by the sandbox') });
      expect((await api('/projects/demo%2Fforeign')).body).toMatchObject({ import_status: 'failed', empty_repo: true });
      // A damaged sandbox archive fails the same way, never with a crash.
      writeFileSync(join(dir, 'damaged.tar.gz'), writeArchive([['tree/project.json', '{not json'], ['sandbox/repository.json', '{}']], new Date()));
      await call('project.import_from_file', { path: 'damaged', file_path: join(dir, 'damaged.tar.gz') });
      expect((await api('/projects/demo%2Fdamaged/import')).body).toMatchObject({ import_status: 'failed', import_error: expect.stringContaining('not a project export') });
    } finally { await files.close(); }
  });
});

describe('security settings', () => {
  it('secret push protection is turned on and read back; reading needs Developer, writing Maintainer', async () => {
    await ok('project.security_settings_update', { project_id: 1, secret_push_protection_enabled: true });
    const s = (await api('/projects/1/security_settings')).body;
    expect(s).toEqual({
      project_id: 1, created_at: s.created_at, updated_at: expect.any(String), auto_fix_container_scanning: true, auto_fix_dast: true, auto_fix_dependency_scanning: true,
      auto_fix_sast: true, continuous_vulnerability_scans_enabled: false, container_scanning_for_registry_enabled: false, secret_push_protection_enabled: true,
    });
    expect(await ok('project.security_settings_get', { project_id: 1 })).toContain('secret_push_protection_enabled**: true');
    expect((await api('/projects/1/security_settings', { token: BOB })).status).toBe(403);
  });
});

describe('project service accounts', () => {
  it('a service account and its tokens: create, list, update, a token that works, rotate, revoke, delete', async () => {
    await ok('project.service_account_create', { project_id: 1, name: 'Release bot' });
    const [acct] = (await api('/projects/1/service_accounts')).body;
    expect(acct).toEqual({ id: acct.id, username: expect.stringMatching(/^service_account_project_1_[0-9a-f]{32}$/), name: 'Release bot', email: `${acct.username}@noreply.127.0.0.1` });
    await ok('project.service_account_update', { project_id: 1, user_id: acct.id, name: 'Release robot', email: 'bot@example.com' });
    expect((await api(`/projects/1/service_accounts/${acct.id}`)).body).toEqual({ ...acct, name: 'Release robot', unconfirmed_email: 'bot@example.com' });

    const created = await api(`/projects/1/service_accounts/${acct.id}/personal_access_tokens`, { method: 'POST', body: { name: 'ci', scopes: ['read_api'] } });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body)).toEqual(['id', 'name', 'revoked', 'created_at', 'description', 'scopes', 'user_id', 'last_used_at', 'active', 'expires_at', 'token']);
    expect(created.body).toMatchObject({ name: 'ci', revoked: false, scopes: ['read_api'], user_id: acct.id, active: true, expires_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    // The token is real: it authenticates as the service account.
    expect((await api('/user', { token: created.body.token })).body.username).toBe(acct.username);
    expect(await ok('project.service_account_pat_list', { project_id: 1, user_id: acct.id })).toContain('ci');

    await ok('project.service_account_pat_rotate', { project_id: 1, user_id: acct.id, token_id: created.body.id });
    expect((await api('/user', { token: created.body.token })).status).toBe(401);
    const [old, fresh] = (await api(`/projects/1/service_accounts/${acct.id}/personal_access_tokens?sort=created_asc`)).body;
    expect([old.revoked, fresh.revoked, fresh.name]).toEqual([true, false, 'ci']);
    await ok('project.service_account_pat_revoke', { project_id: 1, user_id: acct.id, token_id: fresh.id });
    expect((await api(`/projects/1/service_accounts/${acct.id}/personal_access_tokens?state=active`)).body).toEqual([]);

    await ok('project.service_account_delete', { project_id: 1, user_id: acct.id });
    expect(await api(`/projects/1/service_accounts/${acct.id}`)).toEqual({ status: 404, body: { message: '404 User Not Found' } });
    expect((await api(`/users/${acct.id}`)).status).toBe(404);
  });

  it('needs the Maintainer role and a valid order', async () => {
    expect((await api('/projects/1/service_accounts', { token: BOB })).status).toBe(403);
    expect(await api('/projects/1/service_accounts?order_by=name')).toEqual({ status: 400, body: { error: 'order_by does not have a valid value' } });
  });
});

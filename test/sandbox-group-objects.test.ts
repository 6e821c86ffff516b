// The everyday group objects the sandbox used to refuse (issue #30's tasks need them): group labels, group
// milestones, group badges, access requests, and labels as objects (`with_labels_details`). Each is written
// through the MCP server (the dynamic surface's forge_execute_action) and read back through it and straight from the
// sandbox's API, with GitLab's shapes, codes, role checks, and the state shared with the projects below the group.
import { describe, it, expect, beforeAll } from 'vitest';
import { SANDBOX_TOKEN } from '../src/sandbox/index.js';
import { loadCatalog } from '../src/catalog/index.js';
import { simulates } from '../src/sandbox/coverage.js';
import { text } from './helpers/harness.js';
import { sandboxApi, sandboxServer } from './helpers/inproc.js';
import { okText, refusedText, runApproved } from './helpers/approved-calls.js';

type Rec = Record<string, any>;
const BOB = 'glpat-sandbox-bob-reporter-0030';
const DAVE = 'glpat-sandbox-dave-outsider-0030';
const on = sandboxServer();
beforeAll(() => {
  // bob is a Reporter of demo-group; dave belongs nowhere (he may ask to join).
  on.sb.addToken(BOB, { kind: 'classic', scopes: ['api'], userId: 4 });
  on.sb.state.users.set(6, { id: 6, username: 'dave', name: 'Dave Outsider', email: 'dave@example.com', isAdmin: false, state: 'active', bio: '', location: '', jobTitle: '', organization: '', createdAt: '2026-01-01T00:00:00.000Z', bot: false });
  on.sb.addToken(DAVE, { kind: 'classic', scopes: ['api'], userId: 6 });
});

const ok = (action: string, params: Rec) => okText(on.srv, action, params);
const refused = (action: string, params: Rec) => refusedText(on.srv, action, params);
const structured = async (action: string, params: Rec): Promise<Rec> => (await runApproved(on.srv, action, params)).structuredContent as Rec;
/** The sandbox's own answer, straight from its API. */
const api = sandboxApi(on);
const names = (rows: Rec[]) => rows.map((x) => x.name);
const P = 'demo-group/demo-project';

describe('group labels', () => {
  it('the seeded labels of demo-group, by name, in GitLab\'s GroupLabel shape; counts only with_counts', async () => {
    const list = await api('/groups/demo-group/labels?with_counts=true');
    expect(list.status).toBe(200);
    expect(names(list.body)).toEqual(['customer', 'needs-triage', 'team::backend']);
    expect(list.body[2]).toEqual({
      id: 321, name: 'team::backend', color: '#6699cc', description: 'Owned by the backend team', description_html: 'Owned by the backend team', text_color: '#FFFFFF',
      remove_on_close: false, open_issues_count: 1, closed_issues_count: 0, open_merge_requests_count: 0, subscribed: false,
    });
    expect((await api('/groups/10/labels')).body[0]).not.toHaveProperty('open_issues_count');
    expect(names((await api('/groups/10/labels?search=TEAM')).body)).toEqual(['team::backend']);
    expect(await ok('group.group_label_list', { group_id: 'demo-group' })).toContain('team::backend');
    expect(await refused('group.group_label_create', { group_id: 'demo-group', name: 'customer', color: '#000000' })).toContain('Label already exists');
  });

  it('a project lists its group\'s labels (is_project_label false) unless include_ancestor_groups=false, and finds one by name', async () => {
    const all = (await api('/projects/1/labels')).body as Rec[];
    expect(all.filter((l) => !l.is_project_label).map((l) => [l.name, l.priority])).toEqual([['customer', null], ['team::backend', null], ['needs-triage', null]]);
    expect(all.filter((l) => l.is_project_label)).toHaveLength(7);
    expect((await api('/projects/1/labels?include_ancestor_groups=false')).body).toHaveLength(7);
    expect(await api('/projects/1/labels/customer')).toMatchObject({ status: 200, body: { id: 320, is_project_label: false } });
    expect((await api('/projects/1/labels/customer?include_ancestor_groups=false')).status).toBe(404);
    // A project cannot make a label its group already offers.
    expect(await api('/projects/1/labels', { method: 'POST', body: { name: 'customer', color: '#000000' } })).toEqual({ status: 409, body: { message: 'Label already exists' } });
  });

  it('a label made at the group is the one its projects use: tagging an issue makes no project label; rename and delete reach the issue', async () => {
    expect(await ok('group.group_label_create', { group_id: 'demo-group', name: 'ux', color: '#ff00ff', description: 'User experience' })).toContain('ux');
    expect((await api('/groups/10/labels/ux')).body).toMatchObject({ name: 'ux', color: '#ff00ff', description: 'User experience', subscribed: false });
    expect(names((await api('/projects/2/labels')).body)).toContain('ux');
    await ok('issue.update', { project_id: P, issue_iid: 11, add_labels: 'ux' });
    expect(on.sb.state.projects.get(1)!.labels.some((l) => l.name === 'ux')).toBe(false);
    expect(await api('/groups/demo-group/labels/ux?with_counts=true')).toMatchObject({ status: 200, body: { name: 'ux' } });

    await ok('group.group_label_update', { group_id: 'demo-group', label_id: 'ux', new_name: 'design' });
    expect((await api('/projects/1/issues/11')).body.labels).toEqual(['design']);
    expect(await api('/groups/10/labels', { method: 'POST', body: { name: 'design', color: '#000000' } })).toEqual({ status: 409, body: { message: 'Label already exists' } });
    expect(await api('/groups/10/labels/design', { method: 'PUT', body: {} })).toEqual({ status: 400, body: { error: 'new_name, color, description, archived are missing, at least one parameter must be provided' } });
    expect(await api('/groups/10/labels/design', { method: 'PUT', body: { new_name: 'customer' } })).toEqual({ status: 400, body: { message: { title: ['has already been taken'] } } });

    await ok('group.group_label_delete', { group_id: 'demo-group', label_id: 'design' });
    expect((await api('/projects/1/issues/11')).body.labels).toEqual([]);
    expect(names((await api('/projects/1/labels')).body)).not.toContain('design');
    expect(await api('/groups/10/labels/design')).toEqual({ status: 404, body: { message: '404 Label Not Found' } });
  });

  it('Reporters manage group labels; someone without a role is refused (403) and nothing changes', async () => {
    expect(await api('/groups/10/labels', { method: 'POST', token: BOB, body: { name: 'from-bob', color: '#123456' } })).toMatchObject({ status: 201, body: { name: 'from-bob' } });
    expect(await api('/groups/10/labels', { method: 'POST', token: DAVE, body: { name: 'from-dave', color: '#123456' } })).toEqual({ status: 403, body: { message: '403 Forbidden' } });
    expect(await api('/groups/10/labels/from-bob', { method: 'DELETE', token: DAVE })).toEqual({ status: 403, body: { message: '403 Forbidden' } });
    expect(await api('/groups/10/labels', { method: 'POST', body: { name: 'x' } })).toEqual({ status: 400, body: { error: 'color is missing' } });
    expect(await api('/groups/10/labels?name=from-bob', { method: 'DELETE', token: BOB })).toEqual({ status: 204, body: undefined });
  });

  it('subscribe and unsubscribe: 201 with the label, 304 when already so', async () => {
    expect(await structured('group.group_label_subscribe', { group_id: 'demo-group', label_id: 'customer' })).toMatchObject({ name: 'customer', subscribed: true });
    expect((await api('/groups/10/labels/320/subscribe', { method: 'POST' })).status).toBe(304);
    expect((await api('/groups/10/labels')).body[0]).toMatchObject({ name: 'customer', subscribed: true });
    expect(await api('/groups/10/labels/320/unsubscribe', { method: 'POST' })).toMatchObject({ status: 201, body: { subscribed: false } });
    expect((await api('/groups/10/labels/320/unsubscribe', { method: 'POST' })).status).toBe(304);
  });

  it('ancestors and descendants: a subgroup sees its parent\'s labels by default; the parent sees the subgroup\'s only when asked; project labels with only_group_labels=false', async () => {
    expect((await api('/groups/demo-group%2Fplatform/labels', { method: 'POST', body: { name: 'infra', color: '#00aa00' } })).status).toBe(201);
    expect(names((await api('/groups/11/labels')).body)).toEqual(['customer', 'infra', 'needs-triage', 'team::backend']);
    expect(names((await api('/groups/11/labels?include_ancestor_groups=false')).body)).toEqual(['infra']);
    expect(names((await api('/groups/10/labels')).body)).not.toContain('infra');
    expect(names((await api('/groups/10/labels?include_descendant_groups=true')).body)).toContain('infra');
    expect(names((await api('/groups/10/labels?only_group_labels=false')).body)).toEqual(expect.arrayContaining(['enhancement', 'priority::high', 'customer']));
  });
});

describe('group milestones', () => {
  it('the seeded milestone says group_id, on its own and on the issue that carries it', async () => {
    const list = await api('/groups/demo-group/milestones');
    expect(list.body).toEqual([{
      id: 403, iid: 1, group_id: 10, title: 'Q1 2026', description: 'Planning of the demo group for the first quarter.', state: 'active',
      created_at: expect.any(String), updated_at: expect.any(String), due_date: '2026-03-31', start_date: '2026-01-01', expired: false,
      web_url: `${on.sb.url}/groups/demo-group/-/milestones/1`,
    }]);
    const issue = (await api('/projects/1/issues/12')).body;
    expect(issue.milestone).toMatchObject({ id: 403, group_id: 10, title: 'Q1 2026' });
    expect(issue.milestone).not.toHaveProperty('project_id');
    expect((await api('/projects/1/issues?milestone=Q1%202026')).body.map((i: Rec) => i.iid)).toEqual([12]);
    expect(await ok('group.group_milestone_get', { group_id: 'demo-group', milestone_iid: 1 })).toContain('Q1 2026');
    expect((await api('/groups/10/milestones/403/issues')).body.map((i: Rec) => i.iid)).toEqual([12]);
  });

  it('a project\'s list adds its groups\' milestones with include_ancestors, so the milestone-title companion finds them', async () => {
    expect((await api('/projects/1/milestones')).body.map((m: Rec) => m.title)).toEqual(['v1.1', 'v1.2']);
    expect((await api('/projects/1/milestones?include_ancestors=true')).body.map((m: Rec) => m.title)).toEqual(['v1.1', 'v1.2', 'Q1 2026']); // by due date (v1.2 and Q1 2026 share one), then id
    const r = await runApproved(on.srv, 'issue.update', { project_id: P, issue_iid: 13, milestone: 'Q1 2026' });
    expect(text(r)).toContain('`milestone` `"Q1 2026"` → `milestone_id` 403');
    expect((await api('/projects/1/issues/13')).body.milestone).toMatchObject({ id: 403, group_id: 10 });
  });

  it('create, refuse a title the group or its projects hold, update, close; its issues and merge requests; delete leaves them without one', async () => {
    const made = await structured('group.group_milestone_create', { group_id: 'demo-group', title: 'Q2 2026', due_date: '2026-06-30' });
    expect(made).toMatchObject({ iid: 2, title: 'Q2 2026', due_date: '2026-06-30', state: 'active' });
    const id = (await api('/groups/10/milestones?title=Q2%202026')).body[0].id as number;
    expect(await api('/groups/10/milestones', { method: 'POST', body: { title: 'v1.2' } })).toEqual({ status: 400, body: { message: 'Failed to create milestone! Milestone title is already taken' } });
    expect(await api('/groups/10/milestones', { method: 'POST', body: { title: 'x' }, token: DAVE })).toEqual({ status: 403, body: { message: '403 Forbidden' } });
    expect(await api(`/groups/10/milestones/${id}`, { method: 'PUT', body: {} })).toEqual({ status: 400, body: { error: 'title, description, start_date, due_date, state_event are missing, at least one parameter must be provided' } });

    await ok('issue.update', { project_id: P, issue_iid: 14, milestone_id: id });
    await ok('merge_request.update', { project_id: P, merge_request_iid: 3, milestone_id: id });
    expect((await api(`/groups/10/milestones/${id}/issues`)).body.map((i: Rec) => i.iid)).toEqual([14]);
    expect((await api(`/groups/10/milestones/${id}/merge_requests`)).body.map((m: Rec) => m.iid)).toEqual([3]);
    expect((await api('/projects/1/merge_requests/3')).body.milestone).toMatchObject({ id, group_id: 10 });

    await ok('group.group_milestone_update', { group_id: 'demo-group', milestone_iid: 2, state_event: 'close' });
    expect((await api('/groups/10/milestones?state=closed')).body.map((m: Rec) => m.title)).toEqual(['Q2 2026']);
    expect((await api('/groups/10/milestones?state=active')).body.map((m: Rec) => m.title)).toEqual(['Q1 2026']);

    await ok('group.group_milestone_delete', { group_id: 'demo-group', milestone_iid: 2 });
    expect((await api('/projects/1/issues/14')).body.milestone).toBeNull();
    expect((await api('/projects/1/merge_requests/3')).body.milestone).toBeNull();
    expect(await api(`/groups/10/milestones/${id}`)).toEqual({ status: 404, body: { message: '404 Not found' } });
  });

  it('ancestors and descendants; burndown events stay refused (Premium)', async () => {
    expect((await api('/groups/11/milestones', { method: 'POST', body: { title: 'Platform M1' } })).status).toBe(201);
    expect((await api('/groups/11/milestones')).body.map((m: Rec) => m.title)).toEqual(['Platform M1']);
    expect((await api('/groups/11/milestones?include_ancestors=true')).body.map((m: Rec) => m.title)).toEqual(['Q1 2026', 'Platform M1']);
    expect((await api('/groups/10/milestones?include_descendants=true')).body.map((m: Rec) => m.title)).toEqual(expect.arrayContaining(['Q1 2026', 'Platform M1', 'v1.1', 'v1.2']));
    expect(await api('/groups/10/milestones/403/burndown_events')).toEqual({ status: 501, body: { message: 'not simulated by the sandbox: GET /groups/:id/milestones/:milestone_id/burndown_events' } });
  });
});

describe('group badges', () => {
  it('Owners add them; every project of the group lists them kind "group", rendered for that project; edit, get, delete', async () => {
    const link = 'https://ci.example.com/%{project_path}';
    expect(await api('/groups/10/badges', { method: 'POST', token: BOB, body: { link_url: link, image_url: 'https://ci.example.com/b.svg' } })).toEqual({ status: 403, body: { message: '403 Forbidden' } });
    const made = await structured('group.badge_add', { group_id: 'demo-group', link_url: link, image_url: 'https://ci.example.com/%{default_branch}.svg', name: 'ci' });
    // The group's own answer renders for its newest project the caller sees (other-project).
    expect(made).toMatchObject({ name: 'ci', link_url: link, kind: 'group', rendered_link_url: 'https://ci.example.com/demo-group/other-project', rendered_image_url: 'https://ci.example.com/main.svg' });
    const id = made.id as number;
    const inProject = (await api('/projects/1/badges')).body as Rec[];
    expect(inProject).toEqual([{ name: 'ci', link_url: link, image_url: 'https://ci.example.com/%{default_branch}.svg', rendered_link_url: 'https://ci.example.com/demo-group/demo-project', rendered_image_url: 'https://ci.example.com/main.svg', id, kind: 'group' }]);
    expect(await api(`/projects/2/badges/${id}`)).toMatchObject({ status: 200, body: { id, kind: 'group', rendered_link_url: 'https://ci.example.com/demo-group/other-project' } });
    expect(await ok('project.badge_list', { project_id: P })).toContain('ci');

    await ok('group.badge_edit', { group_id: 'demo-group', badge_id: id, name: 'pipeline' });
    expect((await api(`/groups/10/badges/${id}`)).body).toMatchObject({ id, name: 'pipeline', kind: 'group' });
    expect((await api('/groups/10/badges?name=pipeline')).body).toHaveLength(1);
    expect(await api('/groups/10/badges/render?link_url=https://x.example/%25%7Bproject_path%7D&image_url=https://x.example/i.svg')).toEqual({
      status: 200, body: { name: null, link_url: 'https://x.example/%{project_path}', image_url: 'https://x.example/i.svg', rendered_link_url: 'https://x.example/demo-group/other-project', rendered_image_url: 'https://x.example/i.svg' },
    });
    await ok('group.badge_delete', { group_id: 'demo-group', badge_id: id });
    expect((await api('/projects/1/badges')).body).toEqual([]);
    expect(await api(`/groups/10/badges/${id}`)).toEqual({ status: 404, body: { message: '404 Badge Not Found' } });
  });
});

describe('access requests', () => {
  it('someone outside asks to join a project; a Maintainer sees and approves with a role, which makes a member', async () => {
    const asked = await api('/projects/2/access_requests', { method: 'POST', token: DAVE });
    expect(asked).toEqual({ status: 201, body: expect.objectContaining({ id: 6, username: 'dave', name: 'Dave Outsider', state: 'active', requested_at: expect.any(String) }) });
    expect(await api('/projects/2/access_requests', { method: 'POST', token: DAVE })).toEqual({ status: 403, body: { message: '403 Forbidden' } });
    // A private project is not there for him to ask (GitLab's request_access needs a public or internal project).
    expect(await api('/projects/1/access_requests', { method: 'POST', token: DAVE })).toEqual({ status: 404, body: { message: '404 Project Not Found' } });
    // A member (bob inherits the group's Reporter) may not ask, nor list (Maintainer and up).
    expect(await api('/projects/2/access_requests', { method: 'POST', token: BOB })).toEqual({ status: 403, body: { message: '403 Forbidden' } });
    expect((await api('/projects/2/access_requests', { token: BOB })).status).toBe(403);
    expect((await structured('access.request_list_project', { project_id: 'demo-group/other-project' })).items).toEqual([expect.objectContaining({ id: 6, username: 'dave' })]);

    expect(await api('/projects/2/access_requests/4/approve', { method: 'PUT' })).toEqual({ status: 404, body: { message: '404 Not found' } });
    const approved = await structured('access.approve_project', { project_id: 'demo-group/other-project', user_id: 6, access_level: 20 });
    expect(approved).toMatchObject({ id: 6, username: 'dave', access_level: 20 });
    expect((await api('/projects/2/members/6')).body).toMatchObject({ id: 6, access_level: 20 });
    expect((await api('/projects/2/access_requests')).body).toEqual([]);
    expect((await api('/projects/2/issues', { token: DAVE })).status).toBe(200);
  });

  it('a group request: denied by an Owner (204), withdrawn by the requester; approval defaults to Developer', async () => {
    expect((await api('/groups/demo-group%2Fplatform/access_requests', { method: 'POST', token: DAVE })).status).toBe(201);
    expect(await api('/groups/11/access_requests', { token: BOB })).toEqual({ status: 403, body: { message: '403 Forbidden' } });
    expect(await api('/groups/11/access_requests/6', { method: 'DELETE', token: BOB })).toEqual({ status: 403, body: { message: '403 Forbidden' } });
    await ok('access.deny_group', { group_id: 'demo-group/platform', user_id: 6 });
    expect((await api('/groups/11/access_requests')).body).toEqual([]);

    expect((await api('/groups/11/access_requests', { method: 'POST', token: DAVE })).status).toBe(201);
    expect(await api('/groups/11/access_requests/6', { method: 'DELETE', token: DAVE })).toEqual({ status: 204, body: undefined });
    expect((await api('/groups/11/access_requests', { method: 'POST', token: DAVE })).status).toBe(201);
    expect((await api('/groups/11/access_requests/6/approve', { method: 'PUT' })).body).toMatchObject({ id: 6, access_level: 30 });
    expect(on.sb.state.groups.get(11)!.members.get(6)).toBe(30);
  });
});

describe('with_labels_details', () => {
  it('issues and merge requests give their labels as LabelBasic objects, by name, group labels included', async () => {
    const issue = (await api('/projects/1/issues/25?with_labels_details=true')).body;
    expect(issue.labels).toEqual([{ id: 321, name: 'team::backend', color: '#6699cc', description: 'Owned by the backend team', description_html: 'Owned by the backend team', text_color: '#FFFFFF', remove_on_close: false }]);
    const listed = (await api('/projects/1/issues?iids[]=1&with_labels_details=true')).body;
    expect(listed[0].labels.map((l: Rec) => [l.id, l.name])).toEqual([[301, 'bug'], [306, 'priority::high'], [304, 'security']]);
    const mr = (await api('/projects/1/merge_requests/1?with_labels_details=true')).body;
    expect(mr.labels.map((l: Rec) => l.name)).toEqual(['bug', 'security']);
    expect((await api('/projects/1/merge_requests?with_labels_details=true')).body.find((m: Rec) => m.iid === 1).labels[0]).toMatchObject({ id: 301, name: 'bug', color: '#dc143c' });
    expect((await api('/projects/1/issues/25')).body.labels).toEqual(['team::backend']);
    expect((await api('/projects/1/merge_requests?view=simple&with_labels_details=true')).status).toBe(200);
    expect(await ok('issue.list', { project_id: P, iids: [25], with_labels_details: true })).toContain('team::backend');
  });

  it('GraphQL gives a group label of a work item as a GroupLabel with its color', async () => {
    const query = '{ project(fullPath: "demo-group/demo-project") { workItem(iid: "25") { widgets { ... on WorkItemWidgetLabels { labels { nodes { id title color } } } } } } }';
    const res = await fetch(`${on.sb.url}/api/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', 'private-token': SANDBOX_TOKEN }, body: JSON.stringify({ query }) });
    const widgets = (await res.json()).data.project.workItem.widgets as Rec[];
    expect(widgets.find((w) => w.labels)!.labels.nodes).toEqual([{ id: 'gid://gitlab/GroupLabel/321', title: 'team::backend', color: '#6699cc' }]);
  });
});

describe('what forge://sandbox counts', () => {
  it('every action of these areas is simulated but the Premium burndown events', async () => {
    const area = /^(group\.(group_label_|group_milestone_|badge_)|access\.(request_|approve_|deny_)|project\.(label_list|label_get|milestone_list|badge_list|badge_get)$)/;
    const ids = (await loadCatalog()).actions.filter((a) => area.test(a.id));
    expect(ids.length).toBeGreaterThan(30);
    expect(ids.filter((a) => !simulates(a)).map((a) => a.id)).toEqual(['group.group_milestone_burndown']);
  });
});

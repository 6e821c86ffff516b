// Sharing a group with another group (#30): the sandbox refused it; it now keeps the link and every read agrees with it,
// as GitLab does: the group detail's `shared_with_groups`, the groups a group was invited to and the groups invited to it,
// the access the invited group's direct members get (at the link's level at most) to the group, its subgroups and their
// projects, and members/all of the group and of its projects. GitLab: lib/api/groups.rb (share, unshare, groups/shared,
// invited_groups), app/finders/group_members_finder.rb and members_finder.rb @ 0286e4c6, spec/requests/api/groups_spec.rb.
import { describe, it, expect, beforeAll } from 'vitest';
import { ADMIN_TOKEN } from '../src/sandbox/index.js';
import { sandboxApi, sandboxServer } from './helpers/inproc.js';
import { okText, refusedText } from './helpers/approved-calls.js';

type Rec = Record<string, any>;
const ALICE = 'glpat-sandbox-alice-developer-0031';
const ERIN = 'glpat-sandbox-erin-platform-0031';
const on = sandboxServer({ env: { FORGE_MCP_YOLO_MODE: 'true' } });
beforeAll(() => {
  // alice is a Developer of demo-group; erin belongs to nothing yet.
  on.sb.addToken(ALICE, { kind: 'classic', scopes: ['api'], userId: 3 });
  on.sb.state.users.set(6, { id: 6, username: 'erin', name: 'Erin Park', email: 'erin@example.com', isAdmin: false, state: 'active', bio: '', location: '', jobTitle: '', organization: '', createdAt: '2026-01-01T00:00:00.000Z', bot: false });
  on.sb.addToken(ERIN, { kind: 'classic', scopes: ['api'], userId: 6 });
});

const api = sandboxApi(on);
const ok = (action: string, params: Rec) => okText(on.srv, action, params);
const share = (body: Rec, token?: string) => api('/groups/demo-group/share', { method: 'POST', body, token });
const unshare = (id: number | string, token?: string) => api(`/groups/demo-group/share/${id}`, { method: 'DELETE', token });
const PLATFORM = { group_id: 11, group_name: 'Platform', group_full_path: 'demo-group/platform' };
/** members/all by user id: [id, access_level, expires_at]. */
const rows = async (path: string) => ((await api(path)).body as Rec[]).map((m) => [m.id, m.access_level, m.expires_at]).sort((a, b) => a[0] - b[0]);
const ids = async (path: string, token?: string) => ((await api(path, { token })).body as Rec[]).map((x) => x.id);

describe('share and unshare', () => {
  it('a share answers the group detail with the link (201, no projects); the group detail keeps it; a second share conflicts', async () => {
    const r = await share({ group_id: 11, group_access: 20, expires_at: '2026-12-31' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ id: 10, full_path: 'demo-group', shared_with_groups: [{ ...PLATFORM, group_access_level: 20, expires_at: '2026-12-31' }] });
    expect(r.body).not.toHaveProperty('projects');
    expect((await api('/groups/10?with_projects=false')).body.shared_with_groups).toEqual([{ ...PLATFORM, group_access_level: 20, expires_at: '2026-12-31' }]);
    expect(await share({ group_id: 11, group_access: 30 })).toEqual({ status: 409, body: { message: 'Shared group The group has already been shared with this group' } });
    expect(await unshare(11)).toEqual({ status: 204, body: undefined });
    expect((await api('/groups/10')).body.shared_with_groups).toEqual([]);
    expect(await unshare(11)).toEqual({ status: 404, body: { message: '404 Group Link Not Found' } });
  });

  it('GitLab\'s refusals: a level it does not know, a group that is not there, an id that is no number; member_role_id refused by name', async () => {
    expect(await share({ group_id: 11, group_access: 35 })).toEqual({ status: 400, body: { error: 'group_access does not have a valid value' } });
    expect(await share({ group_access: 30 })).toEqual({ status: 400, body: { error: 'group_id is missing' } });
    expect(await share({ group_id: 999, group_access: 30 })).toEqual({ status: 404, body: { message: '404 Group Not Found' } });
    expect(await share({ group_id: 11, group_access: 30, expires_at: '2026-02-30' })).toEqual({ status: 400, body: { error: 'expires_at is invalid' } });
    expect(await unshare('platform')).toEqual({ status: 400, body: { error: 'group_id is invalid' } });
    expect(await refusedText(on.srv, 'group.share_with_group', { group_id: 'demo-group', shared_with_group_id: 11, group_access: 30, member_role_id: 7 }))
      .toBe('groupShareWithGroup: the sandbox does not simulate the param member_role_id of this action; against a GitLab instance it calls POST /groups/:id/share with it. Leave it out to run here.');
    expect((await api('/groups/10')).body.shared_with_groups).toEqual([]);
  });

  it('only an Owner shares: alice, a Developer, gets Not Found; her unshare answers 204 and the link stays (GitLab ignores its destroy service\'s refusal)', async () => {
    expect(await share({ group_id: 11, group_access: 20 }, ALICE)).toEqual({ status: 404, body: { message: 'Not Found' } });
    await ok('group.share_with_group', { group_id: 'demo-group', shared_with_group_id: 11, group_access: 20 });
    expect(await unshare(11, ALICE)).toEqual({ status: 204, body: undefined });
    expect((await api('/groups/10')).body.shared_with_groups).toEqual([{ ...PLATFORM, group_access_level: 20, expires_at: null }]);
    expect(await ok('group.unshare_from_group', { group_id: 'demo-group', shared_with_group_id: 11 })).toBe('Deleted.');
  });
});

describe('what a share gives', () => {
  it('erin, a Developer of the invited platform group only, reads demo-group\'s private project as Reporter (the link\'s level) until it is unshared', async () => {
    await ok('group.group_member_add', { group_id: 'demo-group/platform', user_id: 6, access_level: 30 });
    expect(await api('/projects/1', { token: ERIN })).toEqual({ status: 404, body: { message: '404 Project Not Found' } });
    expect(await ids('/groups/10/projects?min_access_level=20', ERIN)).toEqual([]);
    await ok('group.share_with_group', { group_id: 'demo-group', shared_with_group_id: 11, group_access: 20 });
    expect((await api('/projects/1', { token: ERIN })).status).toBe(200);
    const reporterOf = await ids('/groups/10/projects?min_access_level=20', ERIN);
    expect(reporterOf).toContain(1);
    expect(await ids('/groups/10/projects?min_access_level=30', ERIN)).toEqual([]);
    // members/all of the group and of its project list erin at the link's level; the platform group's own list is as before.
    expect(await rows('/groups/10/members/all')).toEqual([[1, 50, null], [3, 30, null], [4, 20, null], [6, 20, null]]);
    expect(await rows('/projects/1/members/all')).toEqual([[1, 50, null], [3, 30, null], [4, 20, null], [6, 20, null]]);
    expect(await rows('/groups/11/members/all')).toEqual([[1, 50, null], [3, 30, null], [4, 20, null], [6, 30, null]]);
    await ok('group.unshare_from_group', { group_id: 'demo-group', shared_with_group_id: 11 });
    expect(await api('/projects/1', { token: ERIN })).toEqual({ status: 404, body: { message: '404 Project Not Found' } });
    expect(await rows('/groups/10/members/all')).toEqual([[1, 50, null], [3, 30, null], [4, 20, null]]);
    await ok('group.group_member_remove', { group_id: 'demo-group/platform', user_id: 6 });
  });

  it('an invited member\'s row is capped at the link\'s level, with its own date, and shown when it beats the user\'s own row', async () => {
    // bob: Reporter of demo-group; Maintainer of platform until 2027-03-01; platform invited into demo-group as Developer.
    await ok('group.group_member_add', { group_id: 'demo-group/platform', user_id: 4, access_level: 40, expires_at: '2027-03-01' });
    await ok('group.share_with_group', { group_id: 'demo-group', shared_with_group_id: 11, group_access: 30 });
    expect(await rows('/groups/10/members/all')).toEqual([[1, 50, null], [3, 30, null], [4, 30, '2027-03-01']]);
    expect(await rows('/projects/1/members/all')).toEqual([[1, 50, null], [3, 30, null], [4, 30, '2027-03-01']]);
    // In platform itself, bob's own Maintainer row beats the share's Developer.
    expect(await rows('/groups/11/members/all')).toEqual([[1, 50, null], [3, 30, null], [4, 40, '2027-03-01']]);
    await ok('group.unshare_from_group', { group_id: 'demo-group', shared_with_group_id: 11 });
    await ok('group.group_member_remove', { group_id: 'demo-group/platform', user_id: 4 });
  });
});

describe('a private group shared into demo-group', () => {
  beforeAll(async () => {
    // Contractors: private, erin its only member; only an administrator can see it to share demo-group with it.
    on.sb.state.groups.set(12, { id: 12, name: 'Contractors', path: 'contractors', fullPath: 'contractors', description: '', visibility: 'private', parentId: null, createdAt: '2026-01-05T09:00:00.000Z', members: new Map([[6, 30]]) });
    expect(await share({ group_id: 12, group_access: 20 })).toEqual({ status: 404, body: { message: '404 Group Not Found' } });
    expect((await share({ group_id: 12, group_access: 20 }, ADMIN_TOKEN)).status).toBe(201);
  });

  it('its members reach the subgroup and the projects below at the link\'s level, and are in their members/all', async () => {
    expect(await rows('/groups/11/members/all')).toEqual([[1, 50, null], [3, 30, null], [4, 20, null], [6, 20, null]]);
    expect(await rows('/projects/1/members/all')).toEqual([[1, 50, null], [3, 30, null], [4, 20, null], [6, 20, null]]);
    expect((await api('/projects/1', { token: ERIN })).status).toBe(200);
    expect(await ids('/groups/10/projects?min_access_level=20', ERIN)).toContain(1);
  });

  it('who sees the link: not demo, who may not see the invited group, in the detail or invited_groups; members/all lists its members to the group\'s members', async () => {
    expect((await api('/groups/10')).body.shared_with_groups).toEqual([]);
    expect((await api('/groups/10', { token: ADMIN_TOKEN })).body.shared_with_groups).toEqual([{ group_id: 12, group_name: 'Contractors', group_full_path: 'contractors', group_access_level: 20, expires_at: null }]);
    expect(await ids('/groups/10/invited_groups')).toEqual([]);
    expect(await ids('/groups/10/invited_groups', ADMIN_TOKEN)).toEqual([12]);
    expect(await ids('/groups/12/groups/shared', ERIN)).toEqual([10]);
    expect((await rows('/groups/10/members/all')).map((r) => r[0])).toEqual([1, 3, 4, 6]);
    await ok('group.unshare_from_group', { group_id: 'demo-group', shared_with_group_id: 12 });
    expect(await rows('/groups/11/members/all')).toEqual([[1, 50, null], [3, 30, null], [4, 20, null]]);
  });
});

describe('the lists of shares', () => {
  beforeAll(async () => { await ok('group.share_with_group', { group_id: 'demo-group', shared_with_group_id: 11, group_access: 20 }); });

  it('invited_groups: the groups invited to the group (direct) and to its ancestors (inherited), both by default', async () => {
    expect(await ids('/groups/10/invited_groups')).toEqual([11]);
    expect(await ids('/groups/10/invited_groups?relation[]=inherited')).toEqual([]);
    expect(await ids('/groups/11/invited_groups')).toEqual([11]);
    expect(await ids('/groups/11/invited_groups?relation[]=inherited')).toEqual([11]);
    expect(await ids('/groups/11/invited_groups?relation[]=direct')).toEqual([]);
    expect(await ids('/groups/10/invited_groups?search=nothing')).toEqual([]);
    expect(await api('/groups/10/invited_groups?relation[]=children')).toEqual({ status: 400, body: { error: 'relation does not have a valid value' } });
  });

  it('groups/shared: the groups this group was invited to, with the list filters', async () => {
    expect(await ids('/groups/11/groups/shared')).toEqual([10]);
    expect(await ids('/groups/10/groups/shared')).toEqual([]);
    expect(await ids('/groups/11/groups/shared?visibility=private')).toEqual([]);
    expect(await ids('/groups/11/groups/shared?skip_groups[]=10')).toEqual([]);
    expect(await ids('/groups/11/groups/shared?min_access_level=50')).toEqual([10]);
    expect(await ids('/groups/11/groups/shared?min_access_level=50', ALICE)).toEqual([]);
  });

  it('the group detail\'s shared_projects are the projects shared with the group (it answered []), shown with_projects only', async () => {
    await ok('project.share_with_group', { project_id: 1, group_id: 11, group_access: 20 });
    expect(((await api('/groups/11')).body.shared_projects as Rec[]).map((x) => x.path_with_namespace)).toEqual(['demo-group/demo-project']);
    expect(await api('/groups/11?with_projects=false')).not.toHaveProperty('body.shared_projects');
    await ok('project.delete_shared_group', { project_id: 1, group_id: 11 });
    expect((await api('/groups/11')).body.shared_projects).toEqual([]);
  });

  it('through the MCP server: the invited group and the shared-into group, by name', async () => {
    expect(await ok('group.invited_groups', { group_id: 'demo-group' })).toContain('| 11 | demo-group/platform | Platform | public | Shared platform components. |');
    expect(await ok('group.shared_with', { group_id: 'demo-group/platform' })).toContain('| 10 | demo-group | Demo Group | public | Projects of the sandbox instance. |');
  });
});

describe('a group shared into the group a project is shared with', () => {
  beforeAll(async () => {
    // Vendors: erin its Maintainer; platform invites it as Reporter; demo-project is shared with platform as Developer.
    on.sb.state.groups.set(13, { id: 13, name: 'Vendors', path: 'vendors', fullPath: 'vendors', description: '', visibility: 'public', parentId: null, createdAt: '2026-01-05T09:00:00.000Z', members: new Map([[6, 40]]) });
    expect((await api('/groups/11/share', { method: 'POST', body: { group_id: 13, group_access: 20 } })).status).toBe(201);
    await ok('project.share_with_group', { project_id: 1, group_id: 11, group_access: 30 });
  });

  it("erin, a member of vendors only, reads the project at the lower of the links' levels (GitLab's docs: members of groups shared into the invited group)", async () => {
    expect((await api('/projects/1', { token: ERIN })).status).toBe(200);
    expect(await ids('/groups/10/projects?min_access_level=20', ERIN)).toContain(1);
    expect(await ids('/groups/10/projects?min_access_level=30', ERIN)).toEqual([]);
    // The project's members/all does not list her: GitLab's members finder (0286e4c6 `project_invited_groups`) reads the
    // direct members of the invited groups and their ancestors only.
    expect((await rows('/projects/1/members/all')).map((r) => r[0])).toEqual([1, 3, 4]);
  });

  it("min_access_level on groups/shared and invited_groups is the caller's direct membership (Group.by_min_access_level): demo, Owner of platform through demo-group, is not one", async () => {
    expect(await ids('/groups/13/groups/shared')).toEqual([11]);
    expect(await ids('/groups/13/groups/shared?min_access_level=10')).toEqual([]);
    expect(await ids('/groups/11/invited_groups?relation[]=direct', ERIN)).toEqual([13]);
    expect(await ids('/groups/11/invited_groups?relation[]=direct&min_access_level=40', ERIN)).toEqual([13]);
    expect(await ids('/groups/11/invited_groups?relation[]=direct&min_access_level=10', ADMIN_TOKEN)).toEqual([]);
    // A level GitLab does not know is refused by the params (Gitlab::Access.all_values), on both lists.
    expect(await api('/groups/11/invited_groups?min_access_level=35')).toEqual({ status: 400, body: { error: 'min_access_level does not have a valid value' } });
    expect(await api('/groups/13/groups/shared?min_access_level=35')).toEqual({ status: 400, body: { error: 'min_access_level does not have a valid value' } });
  });
});

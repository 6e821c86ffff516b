// `members/all` picks one membership per user as GitLab does (#31): of a project, its own membership whenever
// there is one, shown at the user's level on the project; of a group and its ancestors, the highest level, the
// group's own row winning a tie; and the members of a group the project is shared with, at the link's level.
// GitLab: app/finders/members_finder.rb and group_members_finder.rb @ 0286e4c6, app/models/member.rb @ 800235cc.
import { describe, it, expect } from 'vitest';
import { SANDBOX_TOKEN } from '../src/sandbox/index.js';
import { sandboxServer } from './helpers/inproc.js';
import { okText, refusedText } from './helpers/approved-calls.js';
import { answered } from './helpers/results.js';

const on = sandboxServer({ env: { FORGE_MCP_YOLO_MODE: 'true' } });

const ok = (action: string, params: Record<string, unknown>) => okText(on.srv, action, params);
/** One membership through the MCP server (an answer leaves out a null `expires_at`). */
const member = async (action: string, params: Record<string, unknown>) => (await answered(on.srv, action, params)).st;
/** A `members/all` list from the sandbox's own API, by user id: [id, access_level, expires_at]. */
async function rows(path: string): Promise<Array<[number, number, string | null]>> {
  const res = await fetch(`${on.sb.url}/api/v4${path}`, { headers: { 'private-token': SANDBOX_TOKEN } });
  const body = (await res.json()) as Array<{ id: number; access_level: number; expires_at: string | null }>;
  return body.map((m): [number, number, string | null] => [m.id, m.access_level, m.expires_at]).sort((a, b) => a[0] - b[0]);
}

describe('members/all', () => {
  it("a project's own membership is the one shown, with its date, at the user's highest level on the project", async () => {
    // bob: Reporter of demo-group without a date, then Guest of the project until 2027-01-31.
    await ok('project.member_add', { project_id: 1, user_id: 4, access_level: 10, expires_at: '2027-01-31' });
    expect(await member('project.member_inherited', { project_id: 1, user_id: 4 })).toMatchObject({ id: 4, access_level: 20, expires_at: '2027-01-31' });
    expect(await rows('/projects/1/members/all')).toEqual([[1, 50, null], [3, 30, null], [4, 20, '2027-01-31']]);
    await ok('project.member_delete', { project_id: 1, user_id: 4 });
    expect(await member('project.member_inherited', { project_id: 1, user_id: 4 })).not.toHaveProperty('expires_at');
  });

  it("of a group and its parent, the higher level's row, the group's own on a tie; a Minimal Access membership is no row", async () => {
    await ok('group.group_member_add', { group_id: 11, user_id: 4, access_level: 10, expires_at: '2026-12-31' });
    const higher = await member('group.group_member_get_inherited', { group_id: 11, user_id: 4 });
    expect(higher).toMatchObject({ access_level: 20 });
    expect(higher).not.toHaveProperty('expires_at');
    await ok('group.group_member_edit', { group_id: 11, user_id: 4, access_level: 20 });
    expect(await member('group.group_member_get_inherited', { group_id: 11, user_id: 4 })).toMatchObject({ access_level: 20, expires_at: '2026-12-31' });
    await ok('group.group_member_remove', { group_id: 11, user_id: 4 });
    // GroupMembersFinder#all_group_members: `non_minimal_access`.
    await ok('group.group_member_add', { group_id: 10, user_id: 2, access_level: 5 });
    expect(await refusedText(on.srv, 'group.group_member_get_inherited', { group_id: 11, user_id: 2 })).toContain('404 Member Not Found');
    expect((await rows('/groups/10/members/all')).map((r) => r[0])).toEqual([1, 3, 4]);
    await ok('group.group_member_remove', { group_id: 10, user_id: 2 });
  });

  it('a project shared with a group lists that group\'s members at the level the link allows', async () => {
    // root is no member of demo-group or the project: only of the platform subgroup, which the project is shared with.
    await ok('group.group_member_add', { group_id: 11, user_id: 2, access_level: 40, expires_at: '2026-10-01' });
    await ok('project.share_with_group', { project_id: 1, group_id: 11, group_access: 20 });
    expect(await member('project.member_inherited', { project_id: 1, user_id: 2 })).toMatchObject({ id: 2, access_level: 20, expires_at: '2026-10-01' });
    expect(await rows('/projects/1/members/all')).toEqual([[1, 50, null], [2, 20, '2026-10-01'], [3, 30, null], [4, 20, null]]);
    await ok('project.delete_shared_group', { project_id: 1, group_id: 11 });
    await ok('group.group_member_remove', { group_id: 11, user_id: 2 });
  });
});

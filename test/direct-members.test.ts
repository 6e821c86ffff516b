// Direct members (issue #30): `direct: true` on project.members and group.members reads GitLab's /members route
// (the source's own members) instead of /members/all (parent and invited groups counted), says which list it is,
// and refuses a param that route does not take before anything is sent. Held-out trials checked each person with
// member_get instead (9–11 calls).
import { describe, it, expect } from 'vitest';
import { apiRequests, text } from './helpers/harness.js';
import { sandboxServer } from './helpers/inproc.js';

// Licensed: the Premium `state` filter is offered, so its refusal with direct is the route's, not the tier's.
const on = sandboxServer({ sandbox: { licensed: true } });
const P = 'demo-group/demo-project';
const EP = '/api/v4/projects/demo-group%2Fdemo-project';
const DIRECT = 'Direct membership (GitLab `members`, not `members/all`): access inherited from parent groups or through invited groups is not counted here.';
const ALL = 'Direct and inherited members (GitLab `members/all`): everyone with access, parent and invited groups counted; GitLab\'s items do not say which (`source: true` adds a column that does, `direct: true` lists the direct ones only).';

const call = (action: string, params: Record<string, unknown>) => on.srv.call('forge_execute_action', { action, params });
async function run(action: string, params: Record<string, unknown>): Promise<string> {
  const r = await call(action, params);
  expect(r.isError, `${action}: ${text(r)}`).toBeFalsy();
  return text(r);
}
/** The list requests that reached the sandbox during `fn`, as `METHOD path`. */
async function sentDuring(fn: () => Promise<unknown>): Promise<string[]> {
  const before = apiRequests(on.sb).length;
  await fn();
  return apiRequests(on.sb).slice(before).map((e) => `${e.method} ${e.path}`);
}

describe('project.members with direct', () => {
  it('direct: true lists the project\'s own members only (alice), not bob or demo, who inherit from demo-group', async () => {
    let t = '';
    expect(await sentDuring(async () => { t = await run('project.members', { project_id: P, direct: true }); })).toEqual([`GET ${EP}/members`]);
    expect(t).toContain(`## Direct members (1)\n\n${DIRECT}\n\n| username | name | role |\n|---|---|---|\n| alice | Alice Chen | Developer (30) |\n`);
    expect(t).not.toContain('| bob |');
    expect(t).not.toContain('| demo |');
  });

  it('direct: false or left out reads members/all as before: bob and demo inherited, said so', async () => {
    for (const params of [{ project_id: P }, { project_id: P, direct: false }]) {
      let t = '';
      expect(await sentDuring(async () => { t = await run('project.members', params); })).toEqual([`GET ${EP}/members/all`]);
      expect(t).toContain(`## Members (3)\n\n${ALL}\n\n| username | name | role |`);
      for (const row of ['| demo | Demo User | Owner (50) |', '| alice | Alice Chen | Developer (30) |', '| bob | Bob Martin | Reporter (20) |']) expect(t).toContain(row);
    }
  });

  it('the other filters go to the direct route unchanged; @usernames are resolved first', async () => {
    const sent = await sentDuring(async () => {
      expect(await run('project.members', { project_id: P, direct: true, users: ['@bob'] })).toContain(`No direct members found for project_id "${P}" with user_ids \\[4\\].\n\n${DIRECT}`);
    });
    expect(sent.at(-1)).toBe(`GET ${EP}/members`);
    const req = apiRequests(on.sb).at(-1)!;
    expect(req.query).toEqual({ 'user_ids[]': '4' });
    expect(await run('project.members', { project_id: P, direct: true, query: 'ali' })).toContain('| alice | Alice Chen | Developer (30) |');
  });

  it('state, which GitLab\'s /members route does not take, is refused by name with direct: true before anything is sent', async () => {
    let r: Awaited<ReturnType<typeof call>> | undefined;
    expect(await sentDuring(async () => { r = await call('project.members', { project_id: P, direct: true, state: 'active' }); })).toEqual([]);
    expect(r!.isError).toBe(true);
    expect(text(r!)).toBe('projectMembers: GitLab\'s direct members route (GET /projects/{project_id}/members) does not take state; drop it, or direct. Nothing was sent.');
    // Without direct, state goes to members/all as before.
    expect(await run('project.members', { project_id: P, state: 'active' })).toContain('## Members (3)');
  });
});

describe('group.members with direct', () => {
  it('a subgroup without members of its own answers none direct, and its three inherited on members/all', async () => {
    let t = '';
    expect(await sentDuring(async () => { t = await run('group.members', { group_id: 'demo-group/platform', direct: true }); }))
      .toEqual(['GET /api/v4/groups/demo-group%2Fplatform/members']);
    expect(t).toContain(`No direct members found for group_id "demo-group/platform".\n\n${DIRECT}`);
    expect(await run('group.members', { group_id: 'demo-group/platform' })).toContain(`## Members (3)\n\n${ALL}`);
    expect(await run('group.members', { group_id: 'demo-group', direct: true })).toContain('## Direct members (3)');
    const refused = await call('group.members', { group_id: 'demo-group', direct: true, state: 'awaiting' });
    expect(text(refused)).toContain('GitLab\'s direct members route (GET /groups/{group_id}/members) does not take state');
  });
});

describe('the sandbox\'s two lists, as GitLab keeps them', () => {
  it('members/all counts an invited group\'s members at most at the link\'s level; the direct list does not', async () => {
    // root joins the subgroup platform as Developer; the project is then shared with platform as Reporter.
    await run('group.group_member_add', { group_id: 'demo-group/platform', user_id: '2', access_level: 30 });
    await run('project.share_with_group', { project_id: P, group_id: 11, group_access: 20 });
    expect(await run('project.members', { project_id: P })).toContain('| root | Administrator | Reporter (20) |');
    expect(await run('project.member_inherited', { project_id: P, user_id: 2 })).toContain('- **access_level**: Reporter (20)');
    const direct = await run('project.members', { project_id: P, direct: true });
    expect(direct).toContain('## Direct members (1)');
    expect(direct).not.toContain('| root |');
  });
});

describe('finding it', () => {
  it('"who are the direct members of acme/shop" finds project.members first, with its direct param', async () => {
    const t = text(await on.srv.call('forge_find_action', { query: 'who are the direct members of acme/shop' }));
    expect(t.indexOf('project.members')).toBeGreaterThanOrEqual(0);
    expect(t.indexOf('project.members')).toBeLessThan(t.indexOf('project.member_get'));
    expect(t).toContain('"direct":{"description":"Only direct members, not inherited or invited ones (GitLab\'s /members route)","type":"boolean"}');
  });
});

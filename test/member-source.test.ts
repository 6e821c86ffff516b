// Where a membership comes from (issue #30): `source: true` on project.members and group.members adds the Source column
// GitLab's members page shows (direct, inherited from a group, an invited group). GitLab's member objects do not say it,
// so the server reads the direct members of the project or group and of each group above it, and picks as members/all
// does. Trial assistants spent 1–3 more calls (member_get per person, each group's members) on "where does Bob's access
// come from?".
import { describe, it, expect } from 'vitest';
import { apiRequests, text } from './helpers/harness.js';
import { sandboxApi, sandboxServer, startInProcess } from './helpers/inproc.js';

const P = 'demo-group/demo-project';
const EP = '/api/v4/projects/demo-group%2Fdemo-project';
const ALL = 'Direct and inherited members (GitLab `members/all`): everyone with access, parent and invited groups counted; GitLab\'s items do not say which (`source: true` adds a column that does, `direct: true` lists the direct ones only).';

function harness() {
  const on = sandboxServer({ sandbox: { licensed: true } });
  const call = (action: string, params: Record<string, unknown>) => on.srv.call('forge_execute_action', { action, params });
  const run = async (action: string, params: Record<string, unknown>) => {
    const r = await call(action, params);
    expect(r.isError, `${action}: ${text(r)}`).toBeFalsy();
    return r;
  };
  /** The requests that reached the sandbox during `fn`, as `METHOD path` and the user ids asked for. */
  const sentDuring = async (fn: () => Promise<unknown>): Promise<string[]> => {
    const before = apiRequests(on.sb).length;
    await fn();
    return apiRequests(on.sb).slice(before).map((e) => `${e.method} ${e.path}${e.query?.['user_ids[]'] ? ` users ${[e.query['user_ids[]']].flat().join(',')}` : ''}`);
  };
  return { on, call, run, sentDuring };
}

describe('project.members with source', () => {
  const { on, call, run, sentDuring } = harness();

  it('alice\'s own project row is direct; bob and demo inherit from demo-group; the reads are the project\'s, then the group\'s for the others', async () => {
    let r: Awaited<ReturnType<typeof call>> | undefined;
    expect(await sentDuring(async () => { r = await run('project.members', { project_id: P, source: true }); })).toEqual([
      `GET ${EP}/members/all`,
      `GET ${EP}/members users 3,1,4`,
      `GET ${EP}`,
      'GET /api/v4/groups/demo-group/members users 1,4',
    ]);
    const t = text(r!);
    const reads = ['GET /projects/demo-group/demo-project/members', 'GET /projects/demo-group/demo-project', 'GET /groups/demo-group/members'];
    expect(t.split('\n')[0]).toBe(`Source column read by the server (GitLab's member objects do not say it) with 3 reads: ${reads.join(', ')}.`);
    expect(t).toContain(`## Members (3)\n\n${ALL}\n\n| username | name | role | source |\n|---|---|---|---|\n`
      + '| alice | Alice Chen | Developer (30) | direct |\n| demo | Demo User | Owner (50) | inherited from demo-group |\n| bob | Bob Martin | Reporter (20) | inherited from demo-group |\n');
    const sc = r!.structuredContent as { items: Array<{ username: string; source: string }>; source_reads: string[] };
    expect(sc.items.map((i) => `${i.username}: ${i.source}`)).toEqual(['alice: direct', 'demo: inherited from demo-group', 'bob: inherited from demo-group']);
    expect(sc.source_reads).toEqual(reads);
  });

  it('without source the list and its reads are as before: one request, no column', async () => {
    let t = '';
    expect(await sentDuring(async () => { t = text(await run('project.members', { project_id: P })); })).toEqual([`GET ${EP}/members/all`]);
    expect(t).toContain('| username | name | role |\n');
    expect(t).not.toContain('Source column');
  });

  it('with @usernames resolved first, only their rows are read; all direct needs no group read', async () => {
    let t = '';
    const sent = await sentDuring(async () => { t = text(await run('project.members', { project_id: P, users: ['@alice'], source: true })); });
    expect(sent.slice(-2)).toEqual([`GET ${EP}/members/all users 3`, `GET ${EP}/members users 3`]);
    expect(t).toContain('| alice | Alice Chen | Developer (30) | direct |');
    expect(t.split('\n')[1]).toBe('');
  });

  it('an empty list reads nothing more', async () => {
    let t = '';
    expect(await sentDuring(async () => { t = text(await run('project.members', { project_id: P, query: 'nobody-here', source: true })); })).toEqual([`GET ${EP}/members/all`]);
    expect(t).toMatch(/^No members found/);
  });

  it('each read draws from the rate limit: one refused is named, its rows say not determined, and the list is still answered', async () => {
    // The call takes a token, the project's own members the second, the project the third; the group read is refused.
    const tight = await startInProcess({ sandbox: on.sb, env: { FORGE_MCP_RATE_LIMIT_RPS: '0.001', FORGE_MCP_RATE_LIMIT_BURST: '3' } });
    try {
      let t = '';
      expect(await sentDuring(async () => {
        const r = await tight.call('forge_execute_action', { action: 'project.members', params: { project_id: P, source: true } });
        expect(r.isError, text(r)).toBeFalsy();
        t = text(r);
      })).toEqual([`GET ${EP}/members/all`, `GET ${EP}/members users 3,1,4`, `GET ${EP}`]);
      expect(t.split('\n')[0]).toMatch(/^Source column read by the server \(GitLab's member objects do not say it\) with 3 reads: .*; not answered, their members not counted: GET \/groups\/demo-group\/members \(rate limit exceeded.*\); 2 rows not determined\.$/);
      expect(t).toContain('| alice | Alice Chen | Developer (30) | direct |');
      expect(t).toContain('| bob | Bob Martin | Reporter (20) | not determined |');
    } finally { await tight.close(); }
  });

  it('direct: true with source: true is refused before anything is sent (every row of the direct list is direct)', async () => {
    let r: Awaited<ReturnType<typeof call>> | undefined;
    expect(await sentDuring(async () => { r = await call('project.members', { project_id: P, source: true, direct: true }); })).toEqual([]);
    expect(r!.isError).toBe(true);
    expect(text(r!)).toBe('projectMembers: source says where each row of the members/all list comes from; with direct: true every row is a direct member. Drop source or direct. Nothing was sent.');
  });
});

describe('an invited group\'s member, and a member of two groups above', () => {
  const { run, sentDuring } = harness();

  it('root, a member of demo-group/platform only, reaches the project through its invitation: the invited group is named', async () => {
    await run('group.group_member_add', { group_id: 'demo-group/platform', user_id: '2', access_level: 30 });
    await run('project.share_with_group', { project_id: P, group_id: 11, group_access: 20 });
    let t = '';
    expect(await sentDuring(async () => { t = text(await run('project.members', { project_id: P, source: true })); })).toEqual([
      `GET ${EP}/members/all`,
      `GET ${EP}/members users 3,1,4,2`,
      `GET ${EP}`,
      'GET /api/v4/groups/demo-group/members users 1,4,2',
      // root has no row of the group above: the groups shared into it are read first (none), then the project's.
      'GET /api/v4/groups/demo-group',
      'GET /api/v4/groups/demo-group%2Fplatform/members/all users 2',
    ]);
    expect(t).toContain('| root | Administrator | Reporter (20) | invited group demo-group/platform |');
    expect(t).toContain('| bob | Bob Martin | Reporter (20) | inherited from demo-group |');
  });

  it('in a project of demo-group/platform, a member of both groups gets the higher level\'s group, and the project\'s own row wins, as members/all picks', async () => {
    const created = await run('project.create', { name: 'tools', namespace_id: 11 });
    const id = (created.structuredContent as { id: number }).id;
    // bob: Reporter in demo-group, Developer in platform → platform. alice: Developer in demo-group, Reporter in platform → demo-group.
    // demo, Owner in both groups, created the project: its own row wins whatever the groups give.
    await run('group.group_member_add', { group_id: 'demo-group/platform', user_id: '4', access_level: 30 });
    await run('group.group_member_add', { group_id: 'demo-group/platform', user_id: '3', access_level: 20 });
    await run('group.group_member_add', { group_id: 'demo-group/platform', user_id: '1', access_level: 50 });
    const all = await run('project.members', { project_id: id });
    let t = '';
    const sent = await sentDuring(async () => { t = text(await run('project.members', { project_id: id, source: true })); });
    // One read per group above, nearest first, each for the users the project's own list left open.
    expect(sent.filter((s) => s.includes('/groups/'))).toEqual([
      'GET /api/v4/groups/demo-group%2Fplatform/members users 2,4,3',
      'GET /api/v4/groups/demo-group/members users 2,4,3',
    ]);
    expect(t).toContain('| bob | Bob Martin | Developer (30) | inherited from demo-group/platform |');
    expect(t).toContain('| alice | Alice Chen | Developer (30) | inherited from demo-group |');
    expect(t).toContain('| demo | Demo User | Owner (50) | direct |');
    expect(t).toContain('| root | Administrator | Developer (30) | inherited from demo-group/platform |');
    // The rows and levels are members/all's own: the column adds to them, changes none.
    const rows = (r: string) => r.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| username')).map((l) => l.split('|').slice(1, 4).map((x) => x.trim()).join(' | '));
    expect(rows(t)).toEqual(rows(text(all)));
  });

  it('group.members: a subgroup\'s own row is direct unless a group above gives more (GitLab\'s members/all shows that one)', async () => {
    let t = '';
    expect(await sentDuring(async () => { t = text(await run('group.members', { group_id: 'demo-group/platform', source: true })); })).toEqual([
      'GET /api/v4/groups/demo-group%2Fplatform/members/all',
      'GET /api/v4/groups/demo-group%2Fplatform/members users 2,4,3,1',
      'GET /api/v4/groups/demo-group/members users 2,4,3,1',
    ]);
    // demo is Owner in both: the subgroup's own row wins the tie.
    expect(t).toContain('| bob | Bob Martin | Developer (30) | direct |');
    expect(t).toContain('| alice | Alice Chen | Developer (30) | inherited from demo-group |');
    expect(t).toContain('| demo | Demo User | Owner (50) | direct |');
    expect(t).toContain('| root | Administrator | Developer (30) | direct |');
  });

  it('group.members by id reads the group first for its full path', async () => {
    let t = '';
    const sent = await sentDuring(async () => { t = text(await run('group.members', { group_id: 11, source: true, users: ['@alice'] })); });
    expect(sent.slice(-4)).toEqual([
      'GET /api/v4/groups/11/members/all users 3',
      'GET /api/v4/groups/11',
      'GET /api/v4/groups/demo-group%2Fplatform/members users 3',
      'GET /api/v4/groups/demo-group/members users 3',
    ]);
    expect(t).toContain('| alice | Alice Chen | Developer (30) | inherited from demo-group |');
  });
});

describe('a group shared into a group above (the invited group\'s direct members, capped at the link\'s level)', () => {
  const { run, sentDuring } = harness();
  const rows = (r: string) => r.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| username')).map((l) => l.split('|').slice(1, 4).map((x) => x.trim()).join(' | '));

  it('group.members: root, only in platform, and bob, whose platform row beats his own, name the invited group; alice\'s own row stays direct', async () => {
    // platform invited into demo-group as Developer. root: Developer of platform only. bob: Reporter of demo-group,
    // Maintainer of platform (capped at Developer: more than his own). alice: Developer of demo-group, Reporter of platform.
    await run('group.group_member_add', { group_id: 'demo-group/platform', user_id: '2', access_level: 30 });
    await run('group.group_member_add', { group_id: 'demo-group/platform', user_id: '4', access_level: 40 });
    await run('group.group_member_add', { group_id: 'demo-group/platform', user_id: '3', access_level: 20 });
    await run('group.share_with_group', { group_id: 'demo-group', shared_with_group_id: 11, group_access: 30 });
    const all = await run('group.members', { group_id: 'demo-group' });
    let t = '';
    expect(await sentDuring(async () => { t = text(await run('group.members', { group_id: 'demo-group', source: true })); })).toEqual([
      'GET /api/v4/groups/demo-group/members/all',
      'GET /api/v4/groups/demo-group/members users 1,3,4,2',
      // Only bob and root are not explained by the group's own rows: the group is read for its shares, then the invited group for them.
      'GET /api/v4/groups/demo-group',
      'GET /api/v4/groups/demo-group%2Fplatform/members users 4,2',
    ]);
    expect(t.split('\n')[0]).toBe('Source column read by the server (GitLab\'s member objects do not say it) with 3 reads: GET /groups/demo-group/members, GET /groups/demo-group, GET /groups/demo-group/platform/members.');
    expect(rows(t)).toEqual([
      'demo | Demo User | Owner (50)', 'alice | Alice Chen | Developer (30)', 'bob | Bob Martin | Developer (30)', 'root | Administrator | Developer (30)',
    ]);
    expect(t).toContain('| alice | Alice Chen | Developer (30) | direct |\n| bob | Bob Martin | Developer (30) | invited group demo-group/platform |\n| root | Administrator | Developer (30) | invited group demo-group/platform |');
    expect(rows(t)).toEqual(rows(text(all)));
  });

  it('project.members: in demo-group\'s project, the share into its group names the invited group for bob and root', async () => {
    let t = '';
    expect(await sentDuring(async () => { t = text(await run('project.members', { project_id: P, source: true })); })).toEqual([
      `GET ${EP}/members/all`,
      `GET ${EP}/members users 3,1,4,2`,
      `GET ${EP}`,
      'GET /api/v4/groups/demo-group/members users 1,4,2',
      'GET /api/v4/groups/demo-group',
      'GET /api/v4/groups/demo-group%2Fplatform/members users 4,2',
    ]);
    expect(t).toContain('| alice | Alice Chen | Developer (30) | direct |\n| demo | Demo User | Owner (50) | inherited from demo-group |\n'
      + '| bob | Bob Martin | Developer (30) | invited group demo-group/platform |\n| root | Administrator | Developer (30) | invited group demo-group/platform |');
  });
});

describe('a tie in a project of a subgroup', () => {
  const { on, run } = harness();

  it('bob, Reporter of platform (with a date) and of demo-group (none): members/all shows his platform row, and the source names platform', async () => {
    const created = await run('project.create', { name: 'tie', namespace_id: 11 });
    const id = (created.structuredContent as { id: number }).id;
    await run('group.group_member_add', { group_id: 'demo-group/platform', user_id: '4', access_level: 20, expires_at: '2027-03-01' });
    // The project's group's own row wins the tie before the date is looked at (no date would win it).
    const all = await sandboxApi(on)(`/projects/${id}/members/all?user_ids[]=4`);
    expect(all.body).toEqual([expect.objectContaining({ id: 4, access_level: 20, expires_at: '2027-03-01' })]);
    const t = text(await run('project.members', { project_id: id, users: ['@bob'], source: true }));
    expect(t).toContain('| bob | Bob Martin | Reporter (20) | inherited from demo-group/platform |');
  });
});

describe('finding it', () => {
  const { on } = harness();

  it('"where does bob\'s access to demo-group/demo-project come from?" finds project.members first, with its source param', async () => {
    const t = text(await on.srv.call('forge_find_action', { query: 'where does bob\'s access to demo-group/demo-project come from?' }));
    expect(t).toMatch(/^1\. `project\.members`/m);
    expect(t).toContain('"source":{"description":"Add a source column: direct, inherited from <group> or invited group <group>; server-resolved from each group\'s direct members","type":"boolean"}');
  });
});

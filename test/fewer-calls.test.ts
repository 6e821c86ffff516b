// Calls an assistant no longer needs (issue #30): each test replays a logged everyday task (trial set 17) the
// short way, and checks that the one answer it now reads carries the fact it used to make another call for
// (a re-read of each issue, a list re-read with fields, a find for a write's schema or for the next action).
import { describe, it, expect } from 'vitest';
import { text } from './helpers/harness.js';
import { sandboxServer } from './helpers/inproc.js';

const on = sandboxServer();
const P = 'demo-group/demo-project';
const run = async (action: string, params: Record<string, unknown>) => {
  const r = await on.srv.call('forge_execute_action', { action, params });
  expect(r.isError, `${action}: ${text(r)}`).toBeFalsy();
  return text(r);
};
/** The ready-to-run next step of an answer for `action`: its filled params and what it still takes. */
function step(t: string, action: string): { params: Record<string, unknown>; more: string } {
  const m = new RegExp(`^- \`${action.replace('.', '\\.')} (\\{.*\\})\`(?: — (.*))?$`, 'm').exec(t);
  expect(m, `${action} is no next step of:\n${t}`).not.toBeNull();
  return { params: JSON.parse(m![1]!) as Record<string, unknown>, more: m![2] ?? '' };
}

describe('one call where a task took two or more', () => {
  it('an issue search says who filed it and whether anyone commented (V4, V5, X2 read each issue again for these)', async () => {
    const t = await run('issue.list', { project_id: P, search: 'Prometheus', state: 'all' });
    // Upvotes too: three assistants of tasks 23 listed the issues again with fields ["upvotes"] to find the most wanted.
    expect(t).toContain('| iid | title | state | author | assignees | labels | milestone | comments | upvotes |\n');
    expect(t).toContain('| 18 | Metrics endpoint for Prometheus | opened | @bob | @demo | feature | none | 0 | 3 |\n');
    // A column of zeros says nothing: left out when no issue listed has an upvote.
    const unloved = await run('issue.list', { project_id: P, search: 'single module' });
    expect(unloved).toContain('| iid | title | state | author | assignees | labels | milestone | comments |\n');
    expect(unloved).toContain('| 25 | Move configuration to a single module |');
    const commented = await run('issue.list', { project_id: P, search: 'unicode' });
    expect(commented).toMatch(/^\| 1 \| Login page returns 500 when the password contains unicode \| opened \| @demo \| @alice \| .* \| v1\.2 \| 2 \| 4 \|$/m);
  });

  it('who filed most open issues is read off one plain list (X5 asked fields ["author"]: 8,772 characters)', async () => {
    const t = await run('issue.list', { project_id: P, state: 'opened', per_page: 100 });
    const authors = [...t.matchAll(/^\| \d+ \| [^|]+ \| opened \| (?:true|false) \| (@[a-z]+) \|/gm)].map((m) => m[1]!);
    const project = on.sb.state.projects.get(1)!;
    const open = [...project.issues.values()].filter((i) => i.state === 'opened');
    expect(authors.length).toBe(open.length);
    const byName = (list: string[]) => Object.fromEntries([...new Set(list)].sort().map((a) => [a, list.filter((x) => x === a).length]));
    expect(byName(authors)).toEqual(byName(open.map((i) => `@${on.sb.state.users.get(i.authorId)!.username}`)));
    expect(t.length).toBeLessThan(3000);
  });

  it('a branch survey is one list: each head commit with its title, author and date (W3 re-read it with fields ["commit"])', async () => {
    const t = await run('branch.list', { project_id: P });
    expect(t).toContain('| name | commit | author | date | merged | protected | default |\n');
    expect(t).toContain('| feature/readme-intro | 2b31e3c4 Rewrite the README introduction | Bob Martin | 2026-02-10 10:14 | false | false | false |\n');
    expect(t).toContain('| main | 228e32ed Fix session timeout handling | Alice Chen | 2026-01-17 10:14 | false | true | true |\n');
  });
});

describe('no find for the next action', () => {
  it('who wrote a file\'s code: its read offers the blame, filled, and the blame answers (W4 searched for it)', async () => {
    const blame = step(await run('repository.file_get', { project_id: P, file_path: 'src/index.ts', ref: 'main' }), 'repository.file_blame');
    expect(blame).toEqual({ params: { project_id: P, file_path: 'src/index.ts', ref: 'main' }, more: 'optional: range_start, range_end' });
    expect(await run('repository.file_blame', blame.params)).toContain('### Lines 1–9 · 055c60c4 · Alice Chen · 2026-01-08 · Add login service');
  });

  it('a new branch offers the file write on it, filled, and the write runs with what it says it needs (X8 searched for it)', async () => {
    const made = await run('branch.create', { project_id: P, branch_name: 'chore/pin-node', ref: 'main' });
    const create = step(made, 'repository.file_create');
    expect(create.params).toEqual({ project_id: P, branch: 'chore/pin-node' });
    expect(create.more).toMatch(/^needs file_path\*: string, content\*: string, commit_message\*: string; .*; write$/);
    expect(step(made, 'merge_request.create').params).toEqual({ project_id: P, source_branch: 'chore/pin-node' });
    const wrote = await run('repository.file_create', { ...create.params, file_path: '.nvmrc', content: '22\n', commit_message: 'Pin Node 22' });
    expect(wrote).toContain('.nvmrc');
    expect(await run('repository.compare', { project_id: P, from: 'main', to: 'chore/pin-node' })).toContain('Pin Node 22');
  });

  it('an issue found by search offers its update naming assignees and labels with their types; the update runs as named (V6 searched for its schema)', async () => {
    const update = step(await run('issue.list', { project_id: P, search: 'translate', state: 'opened' }), 'issue.update');
    expect(update.more).toContain('add_labels: string, remove_labels: string, assignees: string[], add_assignees: string[], milestone: string');
    const t = await run('issue.update', { ...update.params, issue_iid: 17, assignees: ['@demo'], add_labels: 'priority::low' });
    expect(t).toContain('- **assignees**: @demo\n');
    expect(t).toContain('- **labels**: feature, priority::low\n');
  });
});

// Trial set 18 (less-used areas): the finds the after-runs made for a related read or a sibling action.
describe('no find in less-used areas: members, groups, milestones, emoji, wiki, labels, SSH keys', () => {
  const DIRECT = 'Direct membership (GitLab `members`, not `members/all`): access inherited from parent groups or through invited groups is not counted here.';
  const EFFECTIVE = 'Effective membership (GitLab `members/all/:user_id`): direct or inherited from a parent group.';
  const ALL = 'Direct and inherited members (GitLab `members/all`): everyone with access, parent and invited groups counted; GitLab\'s items do not say which (`source: true` adds a column that does, `direct: true` lists the direct ones only).';

  it('a member list says it counts inherited access and offers the direct lookup, filled (Z5 searched for "direct members")', async () => {
    const t = await run('group.members', { group_id: 'demo-group/platform' });
    expect(t).toContain(`## Members (3)\n\n${ALL}\n\n| username | name | role |`);
    expect(step(t, 'group.group_member_get').params).toEqual({ group_id: 'demo-group/platform' });
    const project = await run('project.members', { project_id: P });
    expect(project).toContain(ALL);
    expect(step(project, 'project.member_get').params).toEqual({ project_id: P });
    const alice = await run('project.member_get', { project_id: P, user: '@alice' });
    expect(alice).toContain(`## Alice Chen\n\n${DIRECT}\n\n- **username**: alice\n- **name**: Alice Chen\n- **access_level**: Developer (30)`);
    expect(step(alice, 'project.member_inherited').params).toEqual({ project_id: P, user_id: 3 });
  });

  it('a group role change offers the member\'s effective project access, then the direct lookup, filled (Y7: 4 finds, 8 calls)', async () => {
    const edited = await run('group.group_member_edit', { group_id: 'demo-group', user: '@bob', access_level: 30 });
    expect(edited).toContain(`## Bob Martin\n\n${DIRECT}\n\n- **username**: bob\n- **name**: Bob Martin\n- **access_level**: Developer (30)`);
    const inherited = step(edited, 'project.member_inherited');
    expect(inherited).toEqual({ params: { user_id: 4 }, more: 'needs project_id*: string; optional: user' });
    const effective = await run('project.member_inherited', { ...inherited.params, project_id: P });
    expect(effective).toContain(`## Bob Martin\n\n${EFFECTIVE}\n\n- **username**: bob\n- **name**: Bob Martin\n- **access_level**: Developer (30)`);
    const direct = step(effective, 'project.member_get');
    expect(direct.params).toEqual({ project_id: P, user_id: 4 });
    const r = await on.srv.call('forge_execute_action', { action: 'project.member_get', params: direct.params });
    expect(r.isError).toBe(true);
    expect(text(r)).toContain('a 404 here also means the user is no direct member: project.member_inherited counts access inherited from groups');
  });

  it('a group offers its projects, members, labels and milestones; a group milestone its issues and merge requests (Y2 searched for them)', async () => {
    const group = await run('group.get', { group_id: 'demo-group' });
    for (const id of ['group.projects', 'group.members', 'group.group_label_list', 'group.group_milestone_list']) expect(step(group, id).params).toEqual({ group_id: 'demo-group' });
    const milestones = await run('group.group_milestone_list', { group_id: 'demo-group', state: 'all' });
    const issues = step(milestones, 'group.group_milestone_issues');
    expect(issues).toEqual({ params: { group_id: 'demo-group' }, more: 'needs milestone_iid*: integer; optional: milestone_id, page, per_page' });
    expect(step(milestones, 'group.group_milestone_merge_requests').params).toEqual({ group_id: 'demo-group' });
    expect(await run('group.group_milestone_issues', { ...issues.params, milestone_iid: 1 }))
      .toContain('| demo-group/demo-project | 12 | CI: cache node_modules between jobs | opened | @bob | none | performance | Q1 2026 | 0 |');
  });

  it('a note list offers each note\'s emoji reactions, filled (AA1 read them one note at a time)', async () => {
    const onNote = step(await run('issue.note_list', { project_id: P, issue_iid: 1 }), 'issue.emoji_issue_note_list');
    expect(onNote).toEqual({ params: { project_id: P, issue_iid: 1 }, more: 'needs note_id*: integer; optional: page, per_page' });
    expect(await run('issue.emoji_issue_note_list', { ...onNote.params, note_id: 5002 })).toContain('| 1202 | eyes | @bob |');
  });

  it('a milestone list offers the update naming its dates; the update runs by title (AA8 searched for it)', async () => {
    const update = step(await run('project.milestone_list', { project_id: P, title: 'v1.2' }), 'project.milestone_update');
    expect(update).toEqual({ params: { project_id: P }, more: 'optional: milestone: string, due_date: string, start_date: string, state_event: "close"|"activate" (+3); write' });
    expect(await run('project.milestone_update', { ...update.params, milestone: 'v1.2', due_date: '2026-04-15' })).toContain('- **due_date**: 2026-04-15');
  });

  it('a wiki page offers its update, a label list the update naming priority, SSH keys the add (Z8, Z7, AA6)', async () => {
    expect(step(await run('wiki.get', { project_id: P, slug: 'deployment' }), 'wiki.update').params).toEqual({ project_id: P, slug: 'deployment' });
    expect(step(await run('project.label_list', { project_id: P }), 'project.label_update').more)
      .toBe('needs label_id*: string; optional: priority: integer, new_name: string, color: string, description: string (+1); write');
    expect(step(await run('user.ssh_keys', {}), 'user.add_ssh_key').more).toMatch(/^needs title\*: string, key\*: string; /);
  });

  it('a new project offers its tree by path (AA7 read it after a create)', async () => {
    const tree = step(await run('project.create', { name: 'shared-config', namespace_id: 11, initialize_with_readme: true }), 'repository.tree');
    expect(tree.params).toEqual({ project_id: 'demo-group/platform/shared-config' });
    expect(await run('repository.tree', tree.params)).toContain('README.md');
  });
});

// Task chains (bench/task-chains.mjs): the second step of a task in a less-used area is a sibling of the first
// (list then add, get then update), which the assistant used to find again.
describe('a find names the best candidate\'s siblings on the same object, so the next step needs no find', () => {
  const find = async (query: string) => {
    const r = await on.srv.call('forge_find_action', { query });
    expect(r.isError).toBeFalsy();
    return text(r);
  };
  const siblings = (t: string) => /The same object's other actions:\n((?: {3}- .*\n)+)/.exec(t)?.[1] ?? '';

  it('issue links: the list names get, create and delete with their required params, and the create runs as named', async () => {
    const t = await find('which issues are linked to issue 1');
    expect(t).toMatch(/^1\. `issue\.link_list` /m);
    expect(siblings(t)).toBe(
      '   - `issue.link_get` — needs project_id*, issue_iid*, issue_link_id*: integer\n' +
      '   - `issue.link_create` — needs project_id*, issue_iid*, target_project_id*: string, target_issue_iid*: integer; optional: link_type: "relates_to"; write\n' + // the blocking types are Premium values, not offered on Free
      '   - `issue.link_delete` — needs project_id*, issue_iid*, issue_link_id*: integer; destructive: needs confirm\n');
    expect(await run('issue.link_create', { project_id: P, issue_iid: 1, target_project_id: P, target_issue_iid: 2 })).toContain('- **target_issue**: demo-group/demo-project#2 Session cookie is not marked Secure\n');
  });

  it('a sibling already among the candidates is not named again; a group label list names get, update and delete', async () => {
    const wiki = await find('what pages does the demo-project wiki have');
    expect(wiki).toMatch(/^2\. `wiki\.get` /m);
    expect(siblings(wiki).split('\n').filter(Boolean).map((l) => /`([a-z_.]+)`/.exec(l)![1])).toEqual(['wiki.create', 'wiki.update', 'wiki.delete']);
    const labels = await find('list the group labels of demo-group');
    expect(labels).toMatch(/^2\. `group\.group_label_create` /m);
    expect(siblings(labels)).toContain('   - `group.group_label_update` — needs group_id*; optional: label_id, name, new_name (+3); write\n');
    expect(siblings(labels).split('\n').filter(Boolean).map((l) => /`([a-z_.]+)`/.exec(l)![1])).toEqual(['group.group_label_get', 'group.group_label_update', 'group.group_label_delete']);
  });

  it('SSH keys: adding one names the list, the read and the delete, whose verb is the first word of their IDs', async () => {
    expect(siblings(await find('add this SSH key to my account, title ci-box'))).toBe(
      '   - `user.ssh_keys`\n' +
      '   - `user.get_ssh_key` — needs key_id*: integer\n' +
      '   - `user.delete_ssh_key` — needs key_id*: integer; destructive: needs confirm\n');
  });
});

// Task chains (bench/task-chains.mjs): a result in a less-used area offers the task's next action there, filled.
describe('results in less-used areas offer the next action of the task, filled', () => {
  const confirmed = async (action: string, params: Record<string, unknown>) => {
    const r = await on.srv.call('forge_execute_action', { action, params, confirm: true });
    expect(r.isError, `${action}: ${text(r)}`).toBeFalsy();
    return text(r);
  };

  it('a comment\'s reactions offer one more, and the new one offers its own removal by ID', async () => {
    const create = step(await run('issue.emoji_issue_note_list', { project_id: P, issue_iid: 1, note_id: 5002 }), 'issue.emoji_issue_note_create');
    expect(create).toEqual({ params: { project_id: P, issue_iid: 1, note_id: 5002 }, more: 'needs name*: string; write' });
    const made = await run('issue.emoji_issue_note_create', { ...create.params, name: 'rocket' });
    const remove = step(made, 'issue.emoji_issue_note_delete');
    expect(remove.more).toBe('destructive: needs confirm');
    await confirmed('issue.emoji_issue_note_delete', remove.params);
    expect(await run('issue.emoji_issue_note_list', { project_id: P, issue_iid: 1, note_id: 5002 })).not.toContain('rocket');
    expect(step(await run('mr_review.note_list', { project_id: P, merge_request_iid: 1 }), 'merge_request.emoji_mr_note_list').params).toEqual({ project_id: P, merge_request_iid: 1 });
  });

  it('linked issues say each link\'s ID, which the offered unlink takes', async () => {
    const t = await run('issue.link_list', { project_id: P, issue_iid: 1 });
    expect(t).toContain('| iid | title | link type | link id | state |');
    const id = Number(/^\| 13 \| [^|]+ \| relates_to \| (\d+) \|/m.exec(t)?.[1]);
    const unlink = step(t, 'issue.link_delete');
    expect(unlink).toEqual({ params: { project_id: P, issue_iid: 1 }, more: 'needs issue_link_id*: integer; destructive: needs confirm' });
    await confirmed('issue.link_delete', { ...unlink.params, issue_link_id: id });
    expect(await run('issue.link_list', { project_id: P, issue_iid: 1 })).not.toMatch(/^\| 13 \|/m);
  });

  it('a new wiki page, SSH key, group label and group member each offer their read, filled', async () => {
    const page = step(await run('wiki.create', { project_id: P, title: 'Runbook', content: '# Runbook\n' }), 'wiki.get');
    expect(page.params).toEqual({ project_id: P, slug: 'Runbook' });
    expect(await run('wiki.get', page.params)).toContain('# Runbook');
    const key = step(await run('user.add_ssh_key', { title: 'ci-box', key: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAILnq5L6PgSfp7uVKg2H53fiuoU1FNy+sxthkif2/A9mX ci' }), 'user.get_ssh_key');
    expect(await run('user.get_ssh_key', key.params)).toContain('ci-box');
    const label = step(await run('group.group_label_create', { group_id: 'demo-group', name: 'needs-design', color: '#8e44ad' }), 'group.group_label_update');
    expect(label.params).toEqual({ group_id: 'demo-group', label_id: expect.any(Number) });
    expect(await run('group.group_label_update', { ...label.params, color: '#1f75cb' })).toContain('#1f75cb');
    const member = step(await run('group.group_member_add', { group_id: 'demo-group/platform', username: 'alice', access_level: 20 }), 'group.group_member_get');
    expect(member.params).toEqual({ group_id: 'demo-group/platform', user_id: 3 });
    expect(await run('group.group_member_get', member.params)).toContain('- **access_level**: Reporter (20)');
  });
});

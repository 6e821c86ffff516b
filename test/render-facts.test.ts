// Results that show the facts a task needs (issue #30), read as an assistant reads them — the Markdown of
// forge_execute_action through an MCP client, against the sandbox: a file's blame by line ranges, a
// comparison's commits, linked issues with their link type, protections by role name, list fields shown
// in the Markdown, and the deciding columns of milestones, to-dos, commits and merge requests.
import { describe, it, expect } from 'vitest';
import { apiRequests } from './helpers/harness.js';
import { sandboxServer } from './helpers/inproc.js';
import { answered, tableHeader as header, tableRow as row } from './helpers/results.js';

type Rec = Record<string, unknown>;
const on = sandboxServer();

const exec = (action: string, params: Rec, fields?: unknown) => answered(on.srv, action, params, fields !== undefined ? { fields } : {});

describe('results show the facts a task needs (issue #30)', () => {
  it('blame: each range with its lines, numbered, by the commit that last changed them; range_start/range_end read part', async () => {
    const { md, st } = await exec('repository.file_blame', { project_id: 1, file_path: 'src/auth/login.ts', ref: 'feature/login-fix' });
    expect(md).toContain('## Blame of src/auth/login.ts\n\nLines 1–16 at `feature/login-fix`, in 8 ranges by last change.');
    expect(md).toContain([
      '### Line 8 · d75e8c13 · Alice Chen · 2026-02-09 · Handle unicode passwords in login',
      '',
      '```typescript',
      "  const ok = await checkPassword(body.username, body.password.normalize('NFC'));",
      '```',
      '',
      '### Line 9 · 228e32ed · Alice Chen · 2026-01-17 · Fix session timeout handling',
    ].join('\n'));
    // A last empty line of a range stays a line: numbering is true to the file.
    expect(md).toContain("### Lines 1–3 · 055c60c4 · Alice Chen · 2026-01-08 · Add login service\n\n```typescript\nimport type { IncomingMessage, ServerResponse } from 'node:http';\nimport { checkPassword } from './password.js';\n\n```");
    expect((st.ranges as Rec[]).map((r) => [r.start_line, r.end_line])).toEqual([[1, 3], [4, 5], [6, 7], [8, 8], [9, 9], [10, 12], [13, 15], [16, 16]]);
    const part = await exec('repository.file_blame', { project_id: 1, file_path: 'src/auth/login.ts', ref: 'feature/login-fix', range_start: 8, range_end: 9 });
    expect(part.md).toContain('Lines 8–9 at `feature/login-fix`, in 2 ranges by last change.');
    expect(part.md).toContain('### Line 8 · d75e8c13');
    expect(part.md).not.toContain('Add login service');
    expect(apiRequests(on.sb).at(-1)?.query).toMatchObject({ 'range[start]': '8', 'range[end]': '9' });
  });

  it('compare: the commits listed before the file diffs; fields ["commits"] gives each whole', async () => {
    const { md, st } = await exec('repository.compare', { project_id: 1, from: 'main', to: 'feature/login-fix' });
    expect(md).toContain('### Commits (1)\n\n| sha | title | author | date |\n|---|---|---|---|\n| d75e8c13 | Handle unicode passwords in login | Alice Chen | 2026-02-09 10:14 |');
    expect(md.indexOf('### Commits (1)')).toBeLessThan(md.indexOf('### 1. src/auth/login.ts'));
    expect(st).toMatchObject({ total_commits: 1, commits: [{ id: 'd75e8c13478d905bc82c17212645558de6b7bd49', title: 'Handle unicode passwords in login', author_name: 'Alice Chen' }] });
    const whole = await exec('repository.compare', { project_id: 1, from: 'main', to: 'feature/login-fix' }, ['commits']);
    expect(whole.md).toContain('| d75e8c13 | Handle unicode passwords in login | Alice Chen | 2026-02-09 10:14 |');
    expect((whole.st.commits as Rec[])[0]).toMatchObject({ parent_ids: ['228e32edf306ddac6e75b92750b6a8ee1d2811d0'], author_email: 'alice@example.com' });
  });

  it('linked issues show their link type and the link\'s ID (what issue.link_delete takes)', async () => {
    const { md, st } = await exec('issue.link_list', { project_id: 1, issue_iid: 1 });
    expect(header(md)).toBe('| iid | title | link type | link id | state | author | assignees | labels | milestone | comments | upvotes |');
    expect(row(md, '| 13 ')).toBe('| 13 | Crash when PORT is not a number | relates_to | 1501 | opened | @demo | @alice | bug | none | 0 | 3 |');
    expect((st.items as Rec[])[0]).toMatchObject({ iid: 13, link_type: 'relates_to', issue_link_id: 1501 });
  });

  it('protected branches: who may push and merge by role name and number, force push and code owners', async () => {
    const one = await exec('branch.get_protected', { project_id: 1, name: 'main' });
    expect(one.md).toContain('- **push_access_levels**: Maintainers (40)\n- **merge_access_levels**: Maintainers (40)\n- **unprotect_access_levels**: Maintainers (no rule set)\n- **allow_force_push**: false\n- **code_owner_approval_required**: false');
    expect(one.st).toMatchObject({ push_access_levels: ['Maintainers (40)'], merge_access_levels: ['Maintainers (40)'] });
    const made = await exec('branch.protect', { project_id: 1, name: 'release/*', push_access_level: 30, merge_access_level: 30, allow_force_push: true });
    expect(made.md).toContain('- **push_access_levels**: Developers + Maintainers (30)\n- **merge_access_levels**: Developers + Maintainers (30)');
    expect(made.md).toContain('- **allow_force_push**: true');
    const list = await exec('branch.list_protected', { project_id: 1 });
    expect(header(list.md)).toBe('| name | push | merge | force push | code owners |');
    expect(row(list.md, '| main ')).toBe('| main | Maintainers (40) | Maintainers (40) | false | false |');
    expect(row(list.md, '| release/* ')).toBe('| release/* | Developers + Maintainers (30) | Developers + Maintainers (30) | true | false |');
    await exec('tag.protect', { project_id: 1, name: 'v*', create_access_level: 0 });
    const tags = await exec('tag.list_protected', { project_id: 1 });
    expect(header(tags.md)).toBe('| name | create |');
    expect(row(tags.md, '| v* ')).toBe('| v* | No one (0) |');
  });

  it('a list with fields shows them in the Markdown: short ones as columns, others per item, every field with ["all"], bounded', async () => {
    const named = await exec('issue.list', { project_id: 1, per_page: 2 }, ['due_date', 'time_stats']);
    expect(header(named.md)).toBe('| iid | title | state | author | assignees | labels | milestone | comments | upvotes | due_date |');
    expect(named.md).toContain('### time_stats of each item\n\n#### Move configuration to a single module (#25)\n\n- **time_stats**: `{"time_estimate":0,"total_time_spent":0,"human_time_estimate":null,"human_total_time_spent":null}`');
    expect((named.st.items as Rec[])[0]).toMatchObject({ due_date: null, time_stats: { time_estimate: 0, total_time_spent: 0 } });
    const all = await exec('issue.list', { project_id: 1, per_page: 2 }, ['all']);
    expect(all.md).toContain('### Every field of each item');
    expect(all.md).toContain('- **web_url**: http');
    expect(all.md).toContain('- **references**: `{"short":"#24","relative":"#24","full":"demo-group/demo-project#24"}`');
    expect(all.md).not.toContain('(every field of each item is in structuredContent.items)');
    // Every field of 25 issues is more than one answer shows: cut at an item, saying how to read the rest.
    const big = await exec('issue.list', { project_id: 1, per_page: 25 }, ['all']);
    expect(big.md).toMatch(/\(the fields of the other \d+ items are not shown to bound the answer; read them with per_page=\d+ and the next pages, fewer fields, or one item with its get action; structuredContent\.items has every field\)/);
    expect((big.st.items as Rec[]).length).toBe(25);
  });

  it('a field a column only summarises (a nested object) is shown whole when asked by name or with ["all"]', async () => {
    // A branch's commit column reads "sha title": asking for `commit` must give its author and date, not the same table.
    const named = await exec('branch.list', { project_id: 1 }, ['commit']);
    expect(named.md).toContain('### commit of each item');
    expect(named.md).toMatch(/#### main\n\n- \*\*commit\*\*: `\{[^`]*"author_name":"Alice Chen"[^`]*"committed_date":"2026-01-17T10:14:07/);
    expect((named.st.items as Rec[]).find((b) => b.name === 'main')).toMatchObject({ commit: { author_name: 'Alice Chen' } });
    const all = await exec('branch.list', { project_id: 1 }, ['all']);
    expect(all.md).toContain('### Every field of each item');
    expect(all.md).toMatch(/#### main\n\n(- .*\n)*- \*\*commit\*\*: `\{[^`]*"author_name":"Alice Chen"/);
    // A list of short values (labels) is whole in its cell: not repeated under the table.
    const issues = await exec('issue.list', { project_id: 1, per_page: 2 }, ['labels']);
    expect(issues.md).not.toContain('of each item');
  });

  it("badges: whose each is (a project's list includes its group's) and the link as rendered", async () => {
    await exec('project.badge_add', { project_id: 1, name: 'pipeline', link_url: 'https://ci.example/%{project_path}', image_url: 'https://ci.example/b.svg' });
    await exec('group.badge_add', { group_id: 'demo-group', name: 'docs', link_url: 'https://docs.example/%{project_path}', image_url: 'https://docs.example/b.svg' });
    const badges = await exec('project.badge_list', { project_id: 1 });
    expect(header(badges.md)).toBe('| id | name | kind | link_url | rendered link |');
    expect(badges.md).toMatch(/\| docs \| group \| https:\/\/docs\.example\/%\{project_path\} \| https:\/\/docs\.example\/demo-group\/demo-project \|/);
    expect(badges.md).toMatch(/\| pipeline \| project \| https:\/\/ci\.example\/%\{project_path\} \| https:\/\/ci\.example\/demo-group\/demo-project \|/);
  });

  it('milestones, to-dos, commits and merge requests: the columns that decide', async () => {
    const ms = await exec('project.milestone_list', { project_id: 1 });
    // The ID first: milestone_id takes it, not the iid (a trial assistant could not match the id a title resolved to).
    expect(header(ms.md)).toBe('| id | iid | title | state | start | due | expired |');
    expect(row(ms.md, '| 401 ')).toBe('| 401 | 1 | v1.1 | closed | 2026-01-05 | 2026-01-31 | false |');
    // With the group's: both have iid 1, and the group's says its group.
    const all = await exec('project.milestone_list', { project_id: 1, include_ancestors: true });
    expect(header(all.md)).toBe('| id | iid | title | group | state | start | due | expired |');
    expect(row(all.md, '| 403 ')).toBe('| 403 | 1 | Q1 2026 | 10 | active | 2026-01-01 | 2026-03-31 | false |');
    expect(row(all.md, '| 401 ')).toBe('| 401 | 1 | v1.1 |  | closed | 2026-01-05 | 2026-01-31 | false |');
    const todos = await exec('user.todo_list', {});
    expect(header(todos.md)).toBe('| id | action | target | project | author | body |');
    expect(row(todos.md, '| 1301 ')).toBe('| 1301 | assigned | Issue #2 Session cookie is not marked Secure | demo-group/demo-project | @alice | Session cookie is not marked Secure |');
    const commits = await exec('repository.commit_list', { project_id: 1 });
    expect(header(commits.md)).toBe('| sha | title | author | date |');
    expect(row(commits.md, '| 228e32ed ')).toBe('| 228e32ed | Fix session timeout handling | Alice Chen | 2026-01-17 10:14 |');
    expect((commits.st.items as Rec[])[0]).toMatchObject({ id: '228e32edf306ddac6e75b92750b6a8ee1d2811d0' });
    const mrs = await exec('merge_request.list', { project_id: 1, state: 'all' });
    // A merged one says when; an open one leaves the cell empty.
    expect(header(mrs.md)).toBe('| iid | title | state | draft | source | author | merge status | conflicts | upvotes | merged |');
    expect(row(mrs.md, '| 2 ')).toBe('| 2 | Add CI configuration | merged | false | ci-setup | @demo | not_open | false | 0 | 2026-01-11 12:14 |');
    expect(row(mrs.md, '| 1 ')).toMatch(/\| opened \| .* \| {2}\|$/);
    const merged = await exec('merge_request.get', { project_id: 1, merge_request_iid: 2 });
    expect(merged.md).toMatch(/- \*\*merge_user\*\*: @\w+\n- \*\*merged_at\*\*: 2026-01-11 12:14/);
    const open = await exec('merge_request.get', { project_id: 1, merge_request_iid: 1 });
    expect(open.md).not.toContain('merged_at**');
    // A closed one says who closed it and when, as a merged one says who merged it; an issue too (pinned: #30 reported them hidden).
    const closed = await exec('merge_request.get', { project_id: 1, merge_request_iid: 5 });
    expect(closed.md).toMatch(/- \*\*closed_by\*\*: @alice\n- \*\*closed_at\*\*: 2026-02-14 09:14/);
    expect(closed.st).toMatchObject({ closed_by: 'alice', closed_at: '2026-02-14T09:14:07.000Z' });
    expect(closed.md).not.toContain('merged_at**');
    const issue = await exec('issue.get', { project_id: 1, issue_iid: 23 });
    expect(issue.md).toMatch(/- \*\*closed_by\*\*: @demo\n- \*\*closed_at\*\*: 2026-02-02 09:14/);
  });
});

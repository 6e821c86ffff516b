// GitLab's own answers for the results issue #30 made show their facts (blame, a comparison's commits, linked
// issues, protected branches, milestones, to-dos), rendered without a server: shapes nobody here wrote, recorded
// in go-gitlab's tests and GitLab's API documentation (test/fixtures/responses/, scripts/response-fixtures.mjs).
import { describe, it, expect } from 'vitest';
import { render } from './helpers/render.js';
import { responseFixture as fixture, tableHeader as header, tableRow as row } from './helpers/results.js';
import { renderFor } from '../src/render/renderers.js';

type Rec = Record<string, unknown>;
const blameAction = {
  id: 'repository.file_blame', domain: 'repository', name: 'file_blame',
  params: { project_id: { type: 'string' }, file_path: { type: 'string' }, ref: { type: 'string' }, range_start: { type: 'integer' }, range_end: { type: 'integer' } },
} as never;
const listAction = (id: string) => ({ id, domain: id.split('.')[0], name: id.split('.')[1], params: { project_id: { type: 'string' } } }) as never;

describe("GitLab's documented shapes render their deciding facts (issue #30)", () => {
  it('blame: ranges numbered in order, short sha, author, date, title, lines fenced', () => {
    const r = render(undefined, fixture('file_blame'), { project_id: 13083, file_path: 'path/to/file.rb', ref: 'main' }, blameAction);
    expect(r.markdown).toBe([
      '## Blame of path/to/file.rb',
      '',
      'Lines 1–4 at `main`, in 2 ranges by last change.',
      '',
      '### Lines 1–2 · d42409d5 · Venkatesh Thalluri · 2023-01-10 · Add feature also fix bug',
      '',
      '```ruby',
      "require 'fileutils'",
      "require 'open3'",
      '```',
      '',
      '### Lines 3–4 · cc6e14f9 · Jane Doe · 2022-12-01 · Load the config once',
      '',
      '```ruby',
      '',
      'CONFIG = load_config',
      '```',
    ].join('\n'));
    expect(r.structured).toEqual({
      file_path: 'path/to/file.rb', start_line: 1, end_line: 4, total_lines: 4,
      ranges: [
        { start_line: 1, end_line: 2, commit: { id: 'd42409d56517157c48bf3bd97d3f75974dde19fb', author_name: 'Venkatesh Thalluri', authored_date: '2023-01-10T09:00:00.000Z', title: 'Add feature also fix bug' } },
        { start_line: 3, end_line: 4, commit: { id: 'cc6e14f9328fa6d7b5a0d3c30dc2002a3f2a3822', author_name: 'Jane Doe', authored_date: '2022-12-01T08:00:00.000Z', title: 'Load the config once' } },
      ],
    });
  });

  it('blame: numbered from range_start; a long blame is cut with the range params that read on', () => {
    const ranges = fixture('file_blame') as Rec[];
    const r = render(undefined, ranges, { file_path: 'a.rb', range_start: 40, range_end: 43 }, blameAction);
    expect(r.markdown).toContain('### Lines 40–41 · d42409d5');
    expect(r.markdown).toContain('### Lines 42–43 · cc6e14f9');
    const long = [{ commit: ranges[0]!.commit, lines: Array.from({ length: 450 }, (_, i) => `line ${i + 1}`) }];
    const cut = render(undefined, long, { file_path: 'a.rb' }, blameAction);
    expect(cut.markdown).toContain('### Lines 1–400 · d42409d5');
    expect(cut.markdown).toContain('line 400\n```');
    expect(cut.markdown).not.toContain('line 401');
    expect(cut.markdown).toContain('(truncated: lines 401–450 not shown to bound the answer; read them with range_start=401 range_end=450)');
    expect(cut.structured).toMatchObject({ truncated: true, next_line: 401 });
  });

  it('blame: platform text stays contained (a fence in a line, markup in a title)', () => {
    const hostile = [{ commit: { id: 'abcdef0123456789', message: '# [x](javascript:alert(1)) <b>', author_name: 'Eve | x', authored_date: '2024-01-01T00:00:00Z' }, lines: ['```', '</code> [y](http://evil)'] }];
    const md = render(undefined, hostile, { file_path: 'x.md' }, blameAction).markdown;
    expect(md).toContain('### Lines 1–2 · abcdef01 · Eve | x · 2024-01-01 · # \\[x\\](javascript:alert(1)) &lt;b>');
    expect(md).toContain('````markdown\n```\n</code> [y](http://evil)\n````');
  });

  it('compare: the commits listed before the files; fields ["commits"] gives them whole', () => {
    const compare = fixture('compare');
    const r = render('diff', compare, { from: 'v1', to: 'v2' }, listAction('repository.compare'));
    expect(r.markdown).toContain('### Commits (1)\n\n| sha | title | author | date |\n|---|---|---|---|\n| 12d65c8dd2b | JS fix | Example User |  |');
    expect(r.markdown.indexOf('### Commits')).toBeLessThan(r.markdown.indexOf('### 1. files/js/application.js'));
    // The changed lines' numbers, counted from the hunk header (the file headers GitLab's example carries are skipped):
    // what a line comment names, which trial assistants counted themselves.
    expect(r.markdown).toContain('### 1. files/js/application.js\n\nChanged lines: added (new_line) 30–33; removed (old_line) 27–28.\n\n```diff\n--- a/files/js/application.js');
    expect(r.structured.commits).toEqual([{ id: '12d65c8dd2b2676fa3ac47d955accc085a37a9c1', title: 'JS fix', author_name: 'Example User', authored_date: null }]);
    const many = { ...(compare as Rec), commits: Array.from({ length: 35 }, (_, i) => ({ id: `${i}`.padStart(40, 'a'), short_id: `c${i}`, title: `commit ${i}`, author_name: 'A', authored_date: '2024-05-01T10:00:00Z' })) };
    const capped = render('diff', many, { from: 'v1', to: 'v2' }, listAction('repository.compare'));
    expect(capped.markdown).toContain('| c29 | commit 29 | A | 2024-05-01 10:00 |');
    expect(capped.markdown).not.toContain('| c30 |');
    expect(capped.markdown).toContain('(5 more commits not shown; read them all with fields: ["commits"], or repository.commit_list with ref_name=`v1..v2`)');
    const whole = renderFor('diff')({ action: listAction('repository.compare'), params: { from: 'v1', to: 'v2' }, data: many, show: ['commits', 'web_url'] });
    expect(whole.markdown).toContain('| c34 | commit 34 | A | 2024-05-01 10:00 |');
    expect(whole.markdown).not.toContain('more commits not shown');
    expect(whole.markdown).toContain('### web_url\n\n> https://gitlab.example.com/thedude/gitlab-foss/-/compare/');
    expect((whole.structured.commits as Rec[])[34]).toEqual(many.commits[34]);
  });

  it('linked issues carry their link type and ID, and their project when it is another', () => {
    const links = fixture('issue_links');
    const own = render(undefined, links, { project_id: 4, issue_iid: 14 }, listAction('issue.link_list'));
    expect(header(own.markdown)).toBe('| iid | title | link type | link id | state | author | assignees | labels | milestone | comments |');
    expect(row(own.markdown, '| 14 ')).toBe('| 14 | Issues with auth | is_blocked_by | 1 | opened | @venkatesh.thalluri | none | bug | none | 0 |');
    expect((own.structured.items as Rec[])[0]).toMatchObject({ iid: 14, link_type: 'is_blocked_by', issue_link_id: 1 });
    const other = render(undefined, links, { project_id: 5, issue_iid: 1 }, listAction('issue.link_list'));
    expect(row(other.markdown, '| 4 ')).toBe('| 4 | 14 | Issues with auth | is_blocked_by | 1 | opened | @venkatesh.thalluri | none | bug | none | 0 |');
  });

  it('protected branches: who may push and merge by role name and number, users, groups and deploy keys by id', () => {
    const list = render(undefined, fixture('protected_branches'), { project_id: 1 }, listAction('branch.list_protected'));
    expect(header(list.markdown)).toBe('| name | push | merge | force push | code owners |');
    expect(row(list.markdown, '| master')).toBe('| master | Maintainers (40), user 123 (User name), deploy key 456 | Maintainers (40) |  | false |');
    expect((list.structured.items as Rec[])[0]).toMatchObject({ push_access_levels: ['Maintainers (40)', 'user 123 (User name)', 'deploy key 456'] });
    const one = render(undefined, fixture('protected_branch_group'), { project_id: 5, name: 'main' }, listAction('branch.get_protected'));
    expect(one.markdown).toContain('- **push_access_levels**: Maintainers (40)\n- **merge_access_levels**: group 1234 (Example Merge Group)\n- **allow_force_push**: false\n- **code_owner_approval_required**: false');
    // Without GitLab's words, the role's name (RESULTS.md "Members"); an unknown level as its number.
    const bare = render(undefined, { name: 'dev', push_access_levels: [{ access_level: 30 }, { access_level: 0 }], merge_access_levels: [{ access_level: 45 }], unprotect_access_levels: [] });
    expect(bare.markdown).toContain('- **push_access_levels**: Developer (30), No access (0)\n- **merge_access_levels**: 45\n- **unprotect_access_levels**: Maintainers (no rule set)');
  });

  it('milestones: dates, state and expired; to-dos: action, target, project, author, body cut short', () => {
    const ms = render(undefined, fixture('milestones'), { project_id: 16 }, listAction('project.milestone_list'));
    expect(header(ms.markdown)).toBe('| id | iid | title | state | start | due | expired |');
    expect(row(ms.markdown, '| 12 ')).toBe('| 12 | 3 | 10.0 | active | 2017-09-01 | 2017-09-30 | true |');
    const todos = render(undefined, fixture('todos'), {}, { id: 'user.todo_list', domain: 'user', name: 'todo_list', params: {} } as never);
    expect(header(todos.markdown)).toBe('| id | action | target | project | author | body |');
    expect(row(todos.markdown, '| 102 ')).toBe('| 102 | marked | MergeRequest !7 Dolores in voluptatem tenetur praesentium omnis repellendus voluptatem quaerat. | gitlab-org/gitlab-foss | @root | Dolores in voluptatem tenetur praesentium omnis repellendus… |');
    expect((todos.structured.items as Rec[])[0]).toEqual({ id: 102, action_name: 'marked', target: { id: 34, iid: 7, title: 'Dolores in voluptatem tenetur praesentium omnis repellendus voluptatem quaerat.' }, project: 'gitlab-org/gitlab-foss', author: 'root', body: 'Dolores in voluptatem tenetur praesentium omnis repellendus voluptatem quaerat.' });
  });

  it('code search hits: the file and its line numbers from startline, the snippet fenced (it holds a fence of its own)', () => {
    const r = render(undefined, fixture('search_blobs'), { search: 'installation' }, { id: 'search.code', domain: 'search', name: 'code', params: {} } as never);
    expect(r.markdown).toBe(['## Code search hits (1)', '', '### README.md · lines 46–50 at `main`', '', '````markdown', '```', '', '## Installation', '', 'Quick start using the [pre-built', '````'].join('\n'));
    expect(r.structured).toEqual({ items: [{ path: 'README.md', ref: 'main', startline: 46, end_line: 50, project_id: 6 }] });
  });

  it("groups: path, name and visibility, not a project's default branch (GitLab sends a group's default_branch too)", () => {
    const list = render(undefined, fixture('groups'), { group_id: 'foo' }, { id: 'group.descendant_groups', domain: 'group', name: 'descendant_groups', params: { group_id: { type: 'string' } } } as never);
    expect(header(list.markdown)).toBe('| id | path | name | visibility | description |');
    expect(row(list.markdown, '| 3 ')).toBe('| 3 | foo/bar/baz | Baz Group | public | A subgroup of Bar Group |');
    expect((list.structured.items as Rec[])[0]).toMatchObject({ id: 2, full_path: 'foo/bar', name: 'Bar Group', visibility: 'public' });
    const one = render(undefined, (fixture('groups') as Rec[])[1], { group_id: 3 });
    expect(one.markdown).toContain('- **id**: 3\n- **full_path**: foo/bar/baz\n- **name**: Baz Group\n- **visibility**: public\n- **parent_id**: 123');
  });

  it('labels: the counts a with_counts list carries, a label no open issue uses said as 0', () => {
    const r = render(undefined, fixture('labels'), { project_id: 1, with_counts: true }, listAction('project.label_list'));
    expect(header(r.markdown)).toBe('| id | name | description | open issues | closed issues | open MRs | color |');
    expect(row(r.markdown, '| 5 ')).toBe('| 5 | kind/bug | Bug reported by user | 0 | 0 | 1 | #d9534f |');
  });

  it('label and milestone events: who added which label or milestone', () => {
    const labels = render(undefined, fixture('label_events'), { project_id: 5 }, listAction('issue.event_issue_label_list'));
    expect(header(labels.markdown)).toBe('| id | action | label | by | at |');
    expect(row(labels.markdown, '| 142 ')).toBe('| 142 | add | a1 | @root | 2018-08-20 13:38 |');
    const milestones = render(undefined, fixture('milestone_events'), { project_id: 5 }, listAction('issue.event_issue_milestone_list'));
    expect(header(milestones.markdown)).toBe('| id | action | milestone | by | at |');
    expect(row(milestones.markdown, '| 142 ')).toBe('| 142 | add | v1.2 | @root |  |');
  });

  it('activity events: what was done to what, a push by its branch, commits and title', () => {
    const r = render(undefined, fixture('project_events'), { project_id: 15 }, listAction('project.events'));
    expect(header(r.markdown)).toBe('| id | at | author | action | what | project |');
    expect(row(r.markdown, '| 3 ')).toBe('| 3 |  | @venky333 | closed | Issue "Public project search field" | 15 |');
    expect(row(r.markdown, '| 4 ')).toBe('| 4 |  | @root | pushed | branch master: 1 commit 50d44202→c5feabde "Add simple search to projects in public area" | 15 |');
    expect((r.structured.items as Rec[])[1]!.target_type).toEqual({
      ref_type: 'branch', ref: 'master', action: 'pushed', commit_count: 1, commit_from: '50d4420237a9de7be1304607147aec22e4a14af7',
      commit_to: 'c5feabde2d8cd023215af4d2ceeb7a64839fc428', commit_title: 'Add simple search to projects in public area',
    });
  });

  it('notes: each with its id, what a reaction, an edit or a reply to that one note takes', () => {
    const r = render(undefined, fixture('mr_discussions'), { project_id: 1, merge_request_iid: 1 }, listAction('mr_review.discussion_list'));
    const ids = ((fixture('mr_discussions') as Rec[])[0]!.notes as Rec[]).map((n) => n.id);
    for (const id of ids) expect(r.markdown).toContain(`(note ${String(id)}`);
  });
});

describe('a write shows what it set, a read only what it would anyway (#30)', () => {
  // An object with more fields than a result lists: `z_flag` would be left under "Other fields".
  const many = Object.fromEntries([...Array.from({ length: 30 }, (_, i) => [`f${String(i).padStart(2, '0')}`, i]), ['z_flag', true]]);
  it('the field a write was asked to set is shown, whatever the field cap', () => {
    const r = render(undefined, many, { z_flag: true }, { id: 'thing.update', method: 'PUT', writes: true } as never);
    expect(r.markdown).toContain('- **z_flag**: true');
    expect(r.structured).toMatchObject({ z_flag: true });
  });
  it('a read sent as POST (a search) takes its params as filters: nothing is forced into the answer', () => {
    const r = render(undefined, many, { z_flag: true }, { id: 'thing.search', method: 'POST', writes: false } as never);
    expect(r.markdown).not.toContain('- **z_flag**');
    expect(r.markdown).toMatch(/Other fields \(not shown\): .*z_flag/);
  });
});

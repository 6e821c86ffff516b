// Results that answer the question without a second read (issue #30, session 15): a commit's statuses by their check's
// name, a list read in an asked order shows the field it is ordered by, a release's evidences and direct asset
// addresses, a card's commit by its whole SHA, a project's creator, stars, forks and fork source; and the sandbox's
// label subscribe answering GitLab's label entity. Render tests on GitLab's documented shapes (test/fixtures/responses/),
// then the same through the server against the sandbox.
import { describe, it, expect } from 'vitest';
import { SANDBOX_TOKEN } from '../src/sandbox/index.js';
import { kindOf } from '../src/render/kinds.js';
import { render } from './helpers/render.js';
import { sandboxServer } from './helpers/inproc.js';
import { answered, responseFixture as fixture, tableHeader as header, tableRow as row } from './helpers/results.js';

type Rec = Record<string, unknown>;
const listAction = (id: string) => ({ id, domain: id.split('.')[0], name: id.split('.')[1], params: { project_id: { type: 'string' } } }) as never;
const statuses = fixture('commit_statuses') as Rec[];

describe("a commit's statuses: GitLab's documented answer (doc/api/commits.md)", () => {
  it('a list names each check, its state and whether it may fail', () => {
    const r = render(undefined, statuses, { project_id: 17, sha: '18f3e63d05582537db6d183d9d557be09e1f90c8' }, listAction('repository.commit_statuses'));
    // Issue #30 (session 16): and the commit and ref each was reported on (read by a branch's name, the list says its commit).
    expect(header(r.markdown)).toBe('| id | name | status | allowed to fail | sha | ref | created |');
    expect(row(r.markdown, '| 91 ')).toBe('| 91 | bundler:audit | pending | true | 18f3e63d | master | 2016-01-19 08:40 |');
    expect(row(r.markdown, '| 90 ')).toBe('| 90 | flay | pending | false | 18f3e63d | master | 2016-01-19 08:40 |');
    expect((r.structured.items as Rec[])[0]).toEqual({ id: 91, name: 'bundler:audit', status: 'pending', allow_failure: true, sha: '18f3e63d', ref: 'master', created_at: '2016-01-19T08:40:25.934Z' });
  });

  it('one status (the answer of commit_status_set) is a card with the check first', () => {
    const r = render(undefined, statuses[0], { project_id: 17 }, listAction('repository.commit_status_set'));
    expect(r.markdown.split('\n').slice(2, 7)).toEqual(['- **id**: 91', '- **name**: bundler:audit', '- **status**: pending', '- **allow_failure**: true', '- **ref**: master']);
    expect(r.markdown).toContain('- **target_url**: https://gitlab.example.com/thedude/gitlab-ce/builds/91');
    expect(r.markdown).toContain('- **created_at**: 2016-01-19 08:40');
  });

  it('the kind does not take a job, a pipeline or a to-do', () => {
    expect(kindOf(statuses[0]!)?.name).toBe('commit_status');
    expect(kindOf(fixture('job') as Rec)?.name).toBe('job');
    expect(kindOf((fixture('jobs') as Rec[])[0]!)?.name).toBe('job');
    expect(kindOf(fixture('pipeline') as Rec)?.name).toBe('pipeline');
    expect(kindOf((fixture('todos') as Rec[])[0]!)?.name).toBe('todo');
  });
});

describe('a list read in an asked order shows the field it is ordered by', () => {
  const issue = fixture('issue') as Rec;
  const issues = [issue, { ...issue, iid: 2, id: 2, upvotes: 0, updated_at: '2019-08-20T09:00:00.000Z', milestone: { ...(issue.milestone as Rec), due_date: '2019-10-01' } }];
  const issueList = (params: Rec) => render(undefined, issues, { project_id: 5, ...params }, listAction('issue.list'));

  it('popularity is the thumbs-up count: the upvotes column once, added at the end when no item has an upvote', () => {
    const r = issueList({ order_by: 'popularity' });
    const head = header(r.markdown) ?? '';
    expect(head.match(/upvotes/g)).toEqual(['upvotes']);
    expect((row(r.markdown, '| 2 ') ?? '').split(' | ')[head.split(' | ').indexOf('upvotes')]).toBe('0');
    expect((r.structured.items as Rec[])[0]).toMatchObject({ upvotes: issue.upvotes });
    const unloved = render(undefined, issues.map((i) => ({ ...i, upvotes: 0 })), { project_id: 5, order_by: 'popularity' }, listAction('issue.list'));
    expect(header(unloved.markdown)).toMatch(/ \| upvotes \|$/);
  });

  it('a time field as its day and minute, a sort such as updated_desc by its field, a milestone due date from the milestone', () => {
    expect(row(issueList({ order_by: 'updated_at' }).markdown, '| 2 ')).toMatch(/ \| 2019-08-20 09:00 \|$/);
    expect(header(render(undefined, issues, { project_id: 5, sort: 'updated_desc' }, listAction('branch.list')).markdown)).toMatch(/ \| updated_at \|$/);
    const due = issueList({ order_by: 'milestone_due' });
    expect(header(due.markdown)).toMatch(/ \| milestone\.due_date \|$/);
    expect(row(due.markdown, '| 2 ')).toMatch(/ \| 2019-10-01 \|$/);
  });

  it('no column for the default order, an order by what GitLab does not send (priority), or a field already a column', () => {
    const plain = header(issueList({}).markdown);
    // The fixture's first issue has upvotes: the column is the kind's own, shown in every order.
    expect(plain).toContain('| comments | upvotes |');
    expect(header(render(undefined, issues.map((i) => ({ ...i, upvotes: 0 })), { project_id: 5 }, listAction('issue.list')).markdown)).not.toContain('upvotes');
    expect(header(issueList({ order_by: 'priority', sort: 'asc' }).markdown)).toBe(plain);
    expect(header(issueList({ order_by: 'title' }).markdown)).toBe(plain);
    // A free-text sort (an access token list's) names no inherited property of the items.
    expect(header(issueList({ sort: '__proto__' }).markdown)).toBe(plain);
    expect(header(issueList({ sort: 'constructor_desc' }).markdown)).toBe(plain);
  });
});

describe('a card says what the next call needs', () => {
  it("a release's evidences by SHA and collection time, an asset link's direct address beside its own", () => {
    const release = {
      tag_name: 'v1.0', name: 'v1.0', released_at: '2019-01-03T01:56:19.539Z', commit: { id: 'f8d3d94cbd347e924aa7b715845e439d00e80ca4', short_id: 'f8d3d94c', title: 'Initial commit' },
      assets: { count: 1, sources: [], links: [{ id: 2, name: 'awesome-v0.2.msi', url: 'http://192.168.10.15:3000/msi', direct_asset_url: 'https://gitlab.example.com/root/app/-/releases/v1.0/downloads/awesome-v0.2.msi', link_type: 'other' }] },
      evidences: [{ sha: '760d6cdfb0879c3ffedec13af470e0f71cf52c6cde4d', filepath: 'https://gitlab.example.com/root/app/-/releases/v1.0/evidence.json', collected_at: '2019-01-03T01:56:19.539Z' }],
    };
    const r = render(undefined, release, { project_id: 1, tag_name: 'v1.0' }, listAction('release.get'));
    expect(r.markdown).toContain('- **evidences**: sha 760d6cdfb0879c3ffedec13af470e0f71cf52c6cde4d, collected 2019-01-03 01:56');
    expect(r.markdown).toContain('- **assets**: awesome-v0.2.msi (other) http://192.168.10.15:3000/msi (direct: https://gitlab.example.com/root/app/-/releases/v1.0/downloads/awesome-v0.2.msi)');
    expect(r.markdown).toContain('- **commit**: f8d3d94cbd347e924aa7b715845e439d00e80ca4 Initial commit');
    expect(r.structured.evidences).toEqual([{ sha: '760d6cdfb0879c3ffedec13af470e0f71cf52c6cde4d', collected_at: '2019-01-03T01:56:19.539Z' }]);
  });
});

describe('a commit nested in an object of no known kind', () => {
  it('is named by its whole SHA in the card too', () => {
    const r = render(undefined, { path: 'deploy/app', last_commit: { id: 'f8d3d94cbd347e924aa7b715845e439d00e80ca4', short_id: 'f8d3d94c', title: 'Initial commit' } }, {}, listAction('repository.tree_entry'));
    expect(r.markdown).toContain('- **last_commit**: f8d3d94cbd347e924aa7b715845e439d00e80ca4 Initial commit');
  });
});

describe('through the server, on the sandbox', () => {
  const on = sandboxServer({ env: { FORGE_MCP_YOLO_MODE: 'true' } });
  const exec = (action: string, params: Rec) => answered(on.srv, action, params);

  it("a status set on a commit is listed by its check's name, with its description", async () => {
    const set = await exec('repository.commit_status_set', { project_id: 1, sha: 'main', state: 'failed', name: 'security/scan', description: 'two critical findings' });
    expect(set.md).toContain('- **name**: security/scan');
    expect(set.md).toContain('- **status**: failed');
    const { md, st } = await exec('repository.commit_statuses', { project_id: 1, sha: 'main', name: 'security/scan' });
    // GitLab's entity says which pipeline each status belongs to (lib/api/entities/commit_status.rb): two runs of one check tell apart.
    expect(header(md)).toBe('| id | name | status | description | pipeline | sha | ref | created |');
    expect(row(md, '| ' + String((st.items as Rec[])[0]!.id) + ' ')).toMatch(/^\| \d+ \| security\/scan \| failed \| two critical findings \| \d+ \| 228e32ed \| main \| \d{4}-\d\d-\d\d \d\d:\d\d \|$/);
    const all = await exec('repository.commit_statuses', { project_id: 1, sha: 'main' });
    expect(new Set((all.st.items as Rec[]).map((x) => x.pipeline_id)).size).toBeGreaterThan(1);
    expect((st.items as Rec[])[0]).toMatchObject({ name: 'security/scan', status: 'failed', description: 'two critical findings' });
  });

  it("an issue link names both ends by their reference and title (the other project's issue included)", async () => {
    const { md } = await exec('issue.link_create', { project_id: 1, issue_iid: 15, target_project_id: 'demo-group/other-project', target_issue_iid: 1, link_type: 'relates_to' });
    expect(md).toMatch(/^- \*\*source_issue\*\*: demo-group\/demo-project#15 Support login with an email address$/m);
    expect(md).toMatch(/^- \*\*target_issue\*\*: demo-group\/other-project#1 \S/m);
  });

  it('issues read by popularity show their thumbs-up', async () => {
    const { md, st } = await exec('issue.list', { project_id: 1, order_by: 'popularity', per_page: 3 });
    expect(header(md)).toBe('| iid | title | state | author | assignees | labels | milestone | comments | upvotes | closed by | closed |');
    expect((st.items as Rec[]).every((i) => typeof i.upvotes === 'number')).toBe(true);
  });

  it('branches read by last update show the date of their head commit (GitLab sends no updated_at on a branch)', async () => {
    const { md, st } = await exec('branch.list', { project_id: 1, sort: 'updated_desc' });
    // Every branch list has the head commit's author and date as columns now: the order needs no column of its own.
    expect(header(md)).toBe('| name | commit | author | date | merged | protected | default |');
    const dates = (st.items as Rec[]).map((b) => b['commit.committed_date'] as string);
    expect(dates.every((d) => /^\d{4}-\d\d-\d\dT/.test(d))).toBe(true);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it("a release card says its evidence's SHA and collection time, and the link's direct address", async () => {
    const { md } = await exec('release.get', { project_id: 1, tag_name: 'v1.1.0' });
    expect(md).toMatch(/- \*\*evidences\*\*: sha [0-9a-f]{64}, collected \d{4}-\d\d-\d\d \d\d:\d\d\n/);
    // Its milestone's state is said (an assistant read it with a second call): v1.1 is closed.
    expect(md).toContain('- **milestones**: v1.1 (closed)\n');
    expect(md).toMatch(/- \*\*assets\*\*: Linux binary \(package\) https:\/\/downloads\.example\.com\/demo-project\/v1\.1\.0\/demo-linux-amd64 \(direct: http:\/\/127\.0\.0\.1:\d+\/demo-group\/demo-project\/-\/releases\/v1\.1\.0\/downloads\/binaries\/demo-linux-amd64\), 4 source archives/);
  });

  it("a branch card gives its commit's whole SHA; the branch list keeps the short one", async () => {
    const { md, st } = await exec('branch.get', { project_id: 1, branch_name: 'main' });
    const sha = (st.commit as Rec).id as string;
    expect(sha).toMatch(/^[0-9a-f]{40}$/);
    expect(md).toContain(`- **commit**: ${sha} `);
    const list = await exec('branch.list', { project_id: 1, search: 'main' });
    expect(row(list.md, '| main ')).toContain(`| ${sha.slice(0, 8)} `);
    expect(list.md).not.toContain(sha);
  });

  it("a project card says who created it and its stars; a fork, where it is forked from", async () => {
    const before = await exec('project.get', { project_id: 1 });
    expect(before.md).toMatch(/- \*\*creator_id\*\*: \d+\n- \*\*star_count\*\*: \d+\n- \*\*forks_count\*\*: \d+\n/);
    const stars = before.st.star_count as number;
    const starred = await exec('project.star', { project_id: 1 });
    expect(starred.md).toContain(`- **star_count**: ${stars + 1}\n`);
    const fork = await exec('project.fork', { project_id: 1, path: 'decisions-fork', name: 'decisions-fork' });
    expect(fork.md).toContain('- **forked_from_project**: demo-group/demo-project\n');
    expect(fork.st.forked_from_project).toMatchObject({ path_with_namespace: 'demo-group/demo-project' });
  });

  it("label subscribe answers GitLab's label entity: no counts (no with_counts), not a project label's priority", async () => {
    const post = async (verb: string) => fetch(`${on.sb.url}/api/v4/projects/1/labels/302/${verb}`, { method: 'POST', headers: { 'private-token': SANDBOX_TOKEN } });
    const res = await post('subscribe');
    expect(res.status).toBe(201);
    const label = await res.json() as Rec;
    expect(Object.keys(label).sort()).toEqual(['color', 'description', 'description_html', 'id', 'name', 'subscribed', 'text_color']);
    expect(label).toMatchObject({ id: 302, name: 'feature', subscribed: true });
    expect((await post('subscribe')).status).toBe(304);
    expect(await (await post('unsubscribe')).json()).toMatchObject({ id: 302, subscribed: false });
  });
});

// Issue #30: a merge request's conflict is the sandbox's three-way merge of its branches, not a seeded flag.
// !3's branch started before 'Document the setup' and changed README lines main changed since; every route
// that shows the relation agrees, a commit that settles the file makes it mergeable, and a branch made
// the same way conflicts while one changing other lines merges hunk by hunk.
import { describe, it, expect } from 'vitest';
import { SANDBOX_TOKEN } from '../src/sandbox/index.js';
import { text } from './helpers/harness.js';
import { sandboxServer } from './helpers/inproc.js';
import { runApproved, okText } from './helpers/approved-calls.js';
import { answered } from './helpers/results.js';

const on = sandboxServer({ env: { FORGE_MCP_YOLO_MODE: 'true' } });

const run = (action: string, params: Record<string, unknown>) => runApproved(on.srv, action, params);
const ok = (action: string, params: Record<string, unknown>) => okText(on.srv, action, params);
async function api(path: string): Promise<any> {
  const res = await fetch(`${on.sb.url}/api/v4${path}`, { headers: { 'private-token': SANDBOX_TOKEN } });
  const t = await res.text();
  return res.headers.get('content-type')?.includes('json') ? JSON.parse(t) : t;
}
async function conflictsInGraphql(iid: number): Promise<boolean> {
  const res = await fetch(`${on.sb.url}/api/graphql`, {
    method: 'POST', headers: { 'private-token': SANDBOX_TOKEN, 'content-type': 'application/json' },
    body: JSON.stringify({ query: `query { project(fullPath: "demo-group/demo-project") { mergeRequest(iid: "${iid}") { conflicts } } }` }),
  });
  return ((await res.json()) as any).data.project.mergeRequest.conflicts;
}
const readme = (ref: string): Promise<string> => api(`/projects/1/repository/files/README.md/raw?ref=${encodeURIComponent(ref)}`);
const status = async (iid: number) => {
  const mr = await api(`/projects/1/merge_requests/${iid}`);
  return { has_conflicts: mr.has_conflicts, merge_status: mr.merge_status, detailed_merge_status: mr.detailed_merge_status, graphql: await conflictsInGraphql(iid) };
};
const CONFLICT = { has_conflicts: true, merge_status: 'cannot_be_merged', detailed_merge_status: 'conflict', graphql: true };
const MERGEABLE = { has_conflicts: false, merge_status: 'can_be_merged', detailed_merge_status: 'mergeable', graphql: false };
const INTRO = 'A small web service used to try Forge MCP Server against a simulated instance.';

describe('merge conflicts are computed from the branches', () => {
  it("!3: its branch and main changed the same README lines since their merge base, and every route says so", async () => {
    const base = await api('/projects/1/repository/merge_base?refs[]=main&refs[]=feature/readme-intro');
    expect(base.title).toBe('Add CI configuration');
    const mainHead = (await api('/projects/1/repository/branches/main')).commit.id;
    const mr = await api('/projects/1/merge_requests/3');
    expect(mr.diff_refs).toEqual({ base_sha: base.id, head_sha: mr.sha, start_sha: mainHead });
    expect(await status(3)).toEqual(CONFLICT);
    const { st } = await answered(on.srv, 'merge_request.get', { project_id: 1, merge_request_iid: 3 });
    expect(st).toMatchObject({ has_conflicts: true, detailed_merge_status: 'conflict' });

    // Both sides' change to README.md since the merge base: the MR's diff and main's own.
    const diffs = await api('/projects/1/merge_requests/3/diffs');
    expect(diffs.map((d: any) => d.new_path)).toEqual(['README.md']);
    expect(diffs[0].diff).toContain('\n ```\n+\n+Questions and bug reports go to the issue tracker.\n');
    const mainSide = await api(`/projects/1/repository/compare?from=${base.id}&to=main`);
    expect(mainSide.diffs.find((d: any) => d.new_path === 'README.md').diff).toContain('\n ```\n+\n+See [the guide](docs/guide.md) for the full setup.\n');
    const cmp = await api('/projects/1/repository/compare?from=main&to=feature/readme-intro');
    expect([cmp.commits.map((c: any) => c.title), cmp.diffs.map((d: any) => d.diff)]).toEqual([['Rewrite the README introduction'], [diffs[0].diff]]);
    expect((await api('/projects/1/repository/branches/feature%2Freadme-intro')).merged).toBe(false);
    expect((await api('/projects/1/merge_requests/3?include_diverged_commits_count=true')).diverged_commits_count).toBe(2);

    // GitLab refuses the merge (405) and the rebase reports its conflict error; nothing moves.
    const merge = await run('merge_request.merge', { project_id: 1, merge_request_iid: 3 });
    expect(merge.isError).toBe(true);
    expect(text(merge)).toContain('405');
    await ok('merge_request.rebase', { project_id: 1, merge_request_iid: 3 });
    expect(await api('/projects/1/merge_requests/3')).toMatchObject({
      state: 'opened', sha: mr.sha, merge_error: 'Rebase failed: Rebase locally, resolve all conflicts, then push the branch.',
    });
    expect((await api('/projects/1/repository/branches/main')).commit.id).toBe(mainHead);
  });

  it("a branch made as !3's was conflicts with no flag; one changing other README lines merges hunk by hunk", async () => {
    const base = (await api('/projects/1/repository/merge_base?refs[]=main&refs[]=feature/readme-intro')).id;
    const before = await readme(base);
    const open = async (branch: string, content: string, title: string): Promise<number> => {
      await ok('branch.create', { project_id: 1, branch_name: branch, ref: base });
      await ok('repository.file_update', { project_id: 1, branch, file_path: 'README.md', content, commit_message: title });
      return (await answered(on.srv, 'merge_request.create', { project_id: 1, source_branch: branch, target_branch: 'main', title })).st.iid as number;
    };
    const closing = await open('readme-closing', `${before}\nQuestions go to the issue tracker.\n`, 'Add a closing line');
    expect(await status(closing)).toEqual(CONFLICT);

    const retitled = await open('readme-title', before.replace('# Demo Project', '# Demo Project (beta)'), 'Retitle the README');
    expect(await status(retitled)).toEqual(MERGEABLE);
    const mainBefore = await readme('main');
    await ok('merge_request.merge', { project_id: 1, merge_request_iid: retitled });
    expect(await readme('main')).toBe(mainBefore.replace('# Demo Project', '# Demo Project (beta)'));
  });

  it('a rebase that conflicts part-way writes nothing: the commits before the conflict are not left in the repository', async () => {
    const base = (await api('/projects/1/repository/merge_base?refs[]=main&refs[]=feature/readme-intro')).id;
    const before = await readme(base);
    await ok('branch.create', { project_id: 1, branch_name: 'two-steps', ref: base });
    await ok('repository.file_create', { project_id: 1, branch: 'two-steps', file_path: 'NOTES.md', content: 'Notes.\n', commit_message: 'Add notes' });
    await ok('repository.file_update', { project_id: 1, branch: 'two-steps', file_path: 'README.md', content: `${before}\nAsk in chat.\n`, commit_message: 'Add a closing line' });
    const iid = (await answered(on.srv, 'merge_request.create', { project_id: 1, source_branch: 'two-steps', target_branch: 'main', title: 'Two steps' })).st.iid as number;
    const head = (await api(`/projects/1/merge_requests/${iid}`)).sha;
    const commits = on.sb.state.projects.get(1)!.repo.commits.size;
    await ok('merge_request.rebase', { project_id: 1, merge_request_iid: iid });
    expect(await api(`/projects/1/merge_requests/${iid}`)).toMatchObject({ sha: head, merge_error: 'Rebase failed: Rebase locally, resolve all conflicts, then push the branch.' });
    expect(on.sb.state.projects.get(1)!.repo.commits.size).toBe(commits);
  });

  it("a commit on !3's branch that makes README.md main's ends the conflict: !3 is mergeable and merges", async () => {
    const main = await readme('main');
    expect(main).toContain(INTRO);
    await ok('repository.file_update', { project_id: 1, branch: 'feature/readme-intro', file_path: 'README.md', content: main, commit_message: 'Take main\'s README' });
    expect(await status(3)).toEqual(MERGEABLE);
    await ok('merge_request.merge', { project_id: 1, merge_request_iid: 3 });
    expect(await api('/projects/1/merge_requests/3')).toMatchObject({ state: 'merged', has_conflicts: false });
    expect(await readme('main')).toBe(main);
  });
});

// What a call asks for is in its answer: a commit range, a merge request's diverged commits, a wiki list's content.
// A commit list's ref_name is a git revision, as GitLab hands it to `git log` (lib/api/commits.rb: `repository.commits(ref, …)` with
// ref = params[:ref_name]): a range `a..b` lists what b has and a has not, `a...b` what one
// side has only; a ref that resolves to nothing lists nothing. Through the MCP server, read back as titles.
import { describe, it, expect } from 'vitest';
import { sandboxServer } from './helpers/inproc.js';

const on = sandboxServer();

async function titles(ref_name: string): Promise<string[]> {
  const r = await on.srv.call('forge_execute_action', { action: 'repository.commit_list', params: { project_id: 'demo-group/demo-project', ref_name, per_page: 100 } });
  expect(r.isError, JSON.stringify(r.content)).toBeFalsy();
  return ((r.structuredContent as { items: Array<{ title: string }> }).items).map((c) => c.title);
}

describe('a commit range as ref_name', () => {
  it('a..b lists the commits b has and a has not, newest first', async () => {
    expect(await titles('feature/readme-intro..main')).toEqual(['Fix session timeout handling', 'Document the setup']);
    const mrOnly = await titles('main..feature/readme-intro');
    expect(mrOnly).toEqual(['Rewrite the README introduction']);
  });

  it('a...b lists what either side has alone; an unknown end lists nothing, as git does', async () => {
    const both = await titles('feature/readme-intro...main');
    expect(both.sort()).toEqual([...await titles('main..feature/readme-intro'), 'Fix session timeout handling', 'Document the setup'].sort());
    expect(await titles('no-such-branch..main')).toEqual([]);
  });

  it('a plain ref still lists its whole history', async () => {
    const all = await titles('main');
    expect(all).toContain('Fix session timeout handling');
    expect(all.length).toBeGreaterThan(2);
  });
});

describe("a merge request's diverged commits", () => {
  it('include_diverged_commits_count answers how many commits of the target the source lacks (GitLab counts source..target)', async () => {
    const get = async (iid: number) => {
      const r = await on.srv.call('forge_execute_action', { action: 'merge_request.get', params: { project_id: 'demo-group/demo-project', merge_request_iid: iid, include_diverged_commits_count: true }, fields: ['diverged_commits_count', 'source_branch'] });
      expect(r.isError, JSON.stringify(r.content)).toBeFalsy();
      return r.structuredContent as { diverged_commits_count: number; source_branch: string };
    };
    const mr3 = await get(3);
    expect(mr3.diverged_commits_count).toBe((await titles(`${mr3.source_branch}..main`)).length);
    expect(mr3.diverged_commits_count).toBe(2);
  });

  it('the count asked for is shown in the answer without naming it in fields (an include_ param shows its field)', async () => {
    const r = await on.srv.call('forge_execute_action', { action: 'merge_request.get', params: { project_id: 'demo-group/demo-project', merge_request_iid: 3, include_diverged_commits_count: true } });
    const t = (r.content as Array<{ text: string }>)[0]!.text;
    expect(t).toContain('- **diverged_commits_count**: 2');
    expect(t).not.toMatch(/Other fields \(not shown\):.*diverged_commits_count/);
    const plain = await on.srv.call('forge_execute_action', { action: 'merge_request.get', params: { project_id: 'demo-group/demo-project', merge_request_iid: 3 } });
    expect((plain.content as Array<{ text: string }>)[0]!.text).not.toContain('diverged_commits_count');
  });
});

describe("a wiki list's pages with their content", () => {
  it('with_content quotes each page under the table (no table cell of squeezed lines), with the note on the quote\'s escapes', async () => {
    const r = await on.srv.call('forge_execute_action', { action: 'wiki.list', params: { project_id: 'demo-group/demo-project', with_content: true } });
    const t = (r.content as Array<{ text: string }>)[0]!.text;
    expect(t).toContain('| title | format | slug |\n');
    expect(t).not.toContain('↵');
    expect(t).toContain('#### home\n\n- **content**:\n\n> \\# Demo Project wiki\n>\n> - \\[Deployment\\](deployment)\n> - Sessions expire after 30 minutes.');
    expect(t).toContain('(Quoted: a backslash before #');
    // Only a long text leaves its column: a nested milestone asked whole keeps its summary cell.
    const issues = await on.srv.call('forge_execute_action', { action: 'issue.list', params: { project_id: 'demo-group/demo-project', milestone: 'v1.2', per_page: 3 }, fields: ['milestone'] });
    const it = (issues.content as Array<{ text: string }>)[0]!.text;
    expect(it.split('\n').find((l) => l.startsWith('| iid'))).toContain('| milestone |');
    expect(it).toContain('### milestone of each item');
    const plain = await on.srv.call('forge_execute_action', { action: 'wiki.list', params: { project_id: 'demo-group/demo-project' } });
    expect((plain.content as Array<{ text: string }>)[0]!.text).not.toContain('- **content**');
  });
});

describe("a group's milestones by title or by the dates they run", () => {
  const titles = async (params: Record<string, unknown>) => {
    const r = await on.srv.call('forge_execute_action', { action: 'group.group_milestone_list', params: { group_id: 'demo-group', ...params } });
    expect(r.isError, JSON.stringify(r.content)).toBeFalsy();
    return ((r.structuredContent as { items: Array<{ title: string }> }).items).map((m) => m.title);
  };
  it('search_title matches the title only; containing_date and a start_date–end_date range keep the milestones running then (GitLab TimeFrameFilter, Timebox.within_timeframe)', async () => {
    expect(await titles({ search_title: 'q1' })).toEqual(['Q1 2026']);
    expect(await titles({ containing_date: '2026-02-15' })).toEqual(['Q1 2026']);
    expect(await titles({ containing_date: '2027-02-15' })).toEqual([]);
    expect(await titles({ start_date: '2026-03-01', end_date: '2026-04-30' })).toEqual(['Q1 2026']);
    expect(await titles({ start_date: '2026-04-01', end_date: '2026-04-30' })).toEqual([]);
  });
});

describe('a new branch at the head of the default branch', () => {
  it('is not "merged", in its create answer and in the list, as GitLab\'s merged_to_root_ref? leaves an identical head out', async () => {
    const made = await on.srv.call('forge_execute_action', { action: 'branch.create', params: { project_id: 'demo-group/demo-project', branch_name: 'fresh-from-main', ref: 'main' } });
    expect(made.isError, JSON.stringify(made.content)).toBeFalsy();
    expect((made.structuredContent as { merged: boolean }).merged).toBe(false);
    const got = await on.srv.call('forge_execute_action', { action: 'branch.get', params: { project_id: 'demo-group/demo-project', branch_name: 'fresh-from-main' }, fields: ['merged'] });
    expect((got.structuredContent as { merged: boolean }).merged).toBe(false);
  });
});

describe('a job log', () => {
  it("names the project's own package (its package.json at the pipeline's commit, else its path), not another project's", async () => {
    const job = [...on.sb.state.jobs.values()].find((j) => j.projectId === 2 && j.name === 'build' && j.status === 'success')!;
    const r = await on.srv.call('forge_execute_action', { action: 'job.trace', params: { project_id: 'demo-group/other-project', job_id: job.id } });
    const t = (r.content as Array<{ text: string }>)[0]!.text;
    expect(t).not.toContain('demo-project@');
    expect(t).toMatch(/> other-project(@[\d.]+)? build/);
  });
});

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
    expect(await titles('feature/readme-intro..main')).toEqual(['Fix session timeout handling']);
    const mrOnly = await titles('main..feature/readme-intro');
    expect(mrOnly.length).toBeGreaterThan(0);
    expect(mrOnly).not.toContain('Fix session timeout handling');
  });

  it('a...b lists what either side has alone; an unknown end lists nothing, as git does', async () => {
    const both = await titles('feature/readme-intro...main');
    expect(both.sort()).toEqual([...await titles('main..feature/readme-intro'), 'Fix session timeout handling'].sort());
    expect(await titles('no-such-branch..main')).toEqual([]);
  });

  it('a plain ref still lists its whole history', async () => {
    const all = await titles('main');
    expect(all).toContain('Fix session timeout handling');
    expect(all.length).toBeGreaterThan(2);
  });
});

// An empty list says what was looked in and, where GitLab's default narrows the route, what it hid (issue #30):
// an assistant read "No global found." for `merge_request.list_global` as "there is none" and spent a find
// and a retry learning that /merge_requests reads only the caller's own unless scope is sent.
import { describe, it, expect } from 'vitest';
import { apiRequests, text } from './helpers/harness.js';
import { sandboxServer, startInProcess } from './helpers/inproc.js';

const on = sandboxServer();
const exec = (action: string, params: Record<string, unknown>) => on.srv.call('forge_execute_action', { action, params });
const NOTE = 'GitLab reads only the merge requests you created unless scope is sent: scope "all" reads every one you can see.';

describe('an empty list', () => {
  it('names what it holds by the domain when the action name says where it reads, and says what the default scope hid', async () => {
    // Nothing of the caller's (@demo) is locked, and no filter was sent: the default scope's note, no second read.
    const mine = await exec('merge_request.list_global', { state: 'locked' });
    expect(mine.isError).toBeFalsy();
    expect(text(mine).split('\n\n').slice(0, 2)).toEqual(['No merge requests found with state "locked".', NOTE]);
    // A scope that was sent is not second-guessed.
    const assigned = await exec('merge_request.list_global', { search: 'no such title anywhere', scope: 'assigned_to_me' });
    expect(text(assigned).split('\n\n')[0]).toBe('No merge requests found with search "no such title anywhere", scope "assigned_to_me".');
    expect(text(assigned)).not.toContain(NOTE);
  });

  it('a filter that found nothing of the caller\'s own is read again with scope "all", and the answer says so', async () => {
    // !1 is @alice's: the caller (@demo) did not create it, so the default scope (created_by_me) leaves it out.
    on.sb.clearLog();
    const r = await exec('merge_request.list_global', { search: 'Handle unicode passwords in login' });
    expect(r.isError).toBeFalsy();
    expect(text(r).split('\n\n').slice(0, 2)).toEqual([
      'None of the merge requests you created matched (GitLab\'s default scope); read again with scope "all", every one you can see:',
      '## Merge requests (1)',
    ]);
    expect(text(r)).toContain('Handle unicode passwords in login');
    expect(r.structuredContent?.read_again_with).toEqual({ scope: 'all' });
    const sent = apiRequests(on.sb);
    expect(sent.map((e) => `${e.method} ${e.path}`)).toEqual(['GET /api/v4/merge_requests', 'GET /api/v4/merge_requests']);
    expect(sent.map((e) => e.query.scope)).toEqual([undefined, 'all']);
  });

  it('the second read draws from the rate limit: out of budget, the first answer stands with its note', async () => {
    const tight = await startInProcess({ sandbox: on.sb, env: { FORGE_MCP_RATE_LIMIT_RPS: '0.001', FORGE_MCP_RATE_LIMIT_BURST: '1' } });
    try {
      on.sb.clearLog();
      const r = await tight.call('forge_execute_action', { action: 'merge_request.list_global', params: { search: 'Handle unicode passwords in login' } });
      expect(r.isError).toBeFalsy();
      expect(text(r).split('\n\n').slice(0, 2)).toEqual(['No merge requests found with search "Handle unicode passwords in login".', NOTE]);
      expect(apiRequests(on.sb).map((e) => e.query.scope)).toEqual([undefined]);
    } finally { await tight.close(); }
  });

  it('says which object it looked in (the call\'s path params)', async () => {
    const keys = await exec('user.ssh_keys_for_user', { user_id: 'alice' });
    expect(keys.isError).toBeFalsy();
    expect(text(keys).split('\n\n')[0]).toBe('No keys found for user_id "alice".');
    const issues = await exec('issue.list', { project_id: 'demo-group/demo-project', search: 'zzzz-nothing' });
    // The filters sent are said too: an empty answer to a wrong filter does not read as an empty project.
    expect(text(issues).split('\n\n')[0]).toBe('No issues found for project_id "demo-group/demo-project" with search "zzzz-nothing".');
    // The instance-wide issue list reads the caller's own by default, too: read again, and still nothing.
    const everywhere = await exec('issue.list_all', { search: 'zzzz-nothing' });
    expect(text(everywhere).split('\n\n').slice(0, 2)).toEqual(['None of the issues you created matched (GitLab\'s default scope); read again with scope "all", every one you can see:', 'No issues found with search "zzzz-nothing", scope "all".']);
    // A filtered later page is not read again (what was on page 1 decided it): one request, the default's note.
    on.sb.clearLog();
    const later = await exec('issue.list_all', { search: 'zzzz-nothing', per_page: 100, page: 2 });
    expect(text(later).split('\n\n').slice(0, 2)).toEqual(['No issues found with search "zzzz-nothing".', 'GitLab reads only the issues you created unless scope is sent: scope "all" reads every one you can see.']);
    expect(apiRequests(on.sb)).toHaveLength(1);
    // A param that only qualifies another (`in`) or orders the list is no filter: no second read either.
    on.sb.clearLog();
    await exec('merge_request.list_global', { in: 'title', order_by: 'updated_at', state: 'locked' });
    expect(apiRequests(on.sb)).toHaveLength(1);
  });

  it('a list named by a participle says whose objects (branch.list_protected), and no unprotect rule reads as Maintainers, as GitLab checks it', async () => {
    const t = text(await exec('branch.list_protected', { project_id: 'demo-group/demo-project' }));
    expect(t).toMatch(/^## Protected branches \(1\)\n/);
    const one = text(await exec('branch.get_protected', { project_id: 'demo-group/demo-project', name: 'main' }));
    expect(one).toContain('- **unprotect_access_levels**: Maintainers (no rule set)');
  });

  it('a list that is not empty says the filters it was read with, under its heading; paging, order and the server\'s own params are not filters', async () => {
    const r = await exec('issue.list', { project_id: 'demo-group/demo-project', assignee_id: 'None', labels: 'bug', state: 'opened', per_page: 50, order_by: 'created_at', sort: 'asc' });
    expect(text(r).split('\n\n').slice(0, 2)).toEqual(['## Issues (2)', 'Read with assignee_id "None", labels "bug", state "opened".']);
    const plain = await exec('issue.list', { project_id: 'demo-group/demo-project', per_page: 5 });
    expect(text(plain)).not.toContain('Read with');
    // A REST `after` is a date filter, said; GraphQL's cursor `after` pages, and is not.
    const events = await exec('user.contribution_events', { user_id: 'alice', after: '2030-01-01', action: 'pushed' });
    expect(text(events).split('\n\n')[0]).toBe('No events found for user_id "alice" with after "2030-01-01", action "pushed".');
    const members = await exec('project.members', { project_id: 'demo-group/demo-project', source: true, query: 'bob' });
    expect(text(members)).toContain('Read with query "bob".');
  });
});


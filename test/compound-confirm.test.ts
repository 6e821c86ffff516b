// Confirmation in compound calls (issue #30 review): one confirmation approves one destructive action. No
// catalog entry runs a destructive step today, so this file builds its own entries (test-only companions that run
// branch.delete after the call), served in place of the catalog's, and drives them through an MCP client against
// the sandbox.
import { describe, it, expect, beforeAll, afterAll, beforeEach, vi } from 'vitest';
import { catalog, loadCatalog } from '../src/catalog/index.js';
import type { Action, ParamSpec } from '../src/catalog/define.js';
import { apiRequests, text } from './helpers/harness.js';
import { sandboxServer } from './helpers/inproc.js';

const P = 'demo-group/demo-project';
const deleteBranchAfter: ParamSpec = { type: 'string', in: 'local', companion: { then: 'branch.delete', as: 'branch_name' }, description: 'test-only: delete this branch after the call' };

const TESTED = ['issue.note_create', 'issue.delete'];

beforeAll(async () => {
  await loadCatalog();
  // A destructive step declared on a write that needs no confirmation, and on one that does: the catalog's entries
  // are frozen, so each is a copy with one param more, answered by the catalog's lookup for this file only.
  const own = new Map(TESTED.map((id) => {
    const a = catalog().get(id)!;
    return [id, { ...a, params: { ...a.params, delete_branch_after: deleteBranchAfter } } satisfies Action];
  }));
  const get = catalog().get.bind(catalog());
  vi.spyOn(catalog(), 'get').mockImplementation((id) => own.get(id) ?? get(id));
});
afterAll(() => { vi.restoreAllMocks(); });
const on = sandboxServer();
beforeEach(() => { on.sb.clearLog(); });

const exec = (action: string, params: Record<string, unknown>, confirm?: boolean) =>
  on.srv.call('forge_execute_action', { action, params, ...(confirm === undefined ? {} : { confirm }) });
const sent = () => apiRequests(on.sb).map((e) => `${e.method} ${e.path}`);

describe('confirmation in compound calls', () => {
  it('a call whose own action and a later step are both destructive is refused, even confirmed, before anything is sent', async () => {
    const r = await exec('issue.delete', { project_id: P, issue_iid: 1, delete_branch_after: 'feature/login' }, true);
    expect(r.isError).toBe(true);
    expect(text(r)).toBe('issueDelete: this call would run 2 destructive actions (issue.delete, branch.delete), and one confirmation approves one action. Run them as separate calls, each confirmed on its own. Nothing was sent.');
    expect(sent()).toEqual([]);
  });

  it('the refusal comes before the confirmation is asked: an unconfirmed call gets the same answer', async () => {
    const r = await exec('issue.delete', { project_id: P, issue_iid: 1, delete_branch_after: 'feature/login' });
    expect(text(r)).toMatch(/^issueDelete: this call would run 2 destructive actions/);
    expect(sent()).toEqual([]);
  });

  it('a single destructive step asks for its own confirmation, named, and runs once confirmed', async () => {
    const refused = await exec('issue.note_create', { project_id: P, issue_iid: 1, body: 'done', delete_branch_after: 'feature/login' });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toMatch(/^issue\.note_create with delete_branch_after also runs branch\.delete\. action "branch\.delete" is destructive/);
    expect(sent()).toEqual([]);
    const ok = await exec('issue.note_create', { project_id: P, issue_iid: 1, body: 'done', delete_branch_after: 'feature/login' }, true);
    expect(sent()).toEqual([
      'POST /api/v4/projects/demo-group%2Fdemo-project/issues/1/notes',
      // branch.delete's own reads of what the deletion loses (its `before`), then the deletion.
      'GET /api/v4/projects/demo-group%2Fdemo-project/repository/branches/feature%2Flogin',
      'GET /api/v4/projects/demo-group%2Fdemo-project/merge_requests',
      'DELETE /api/v4/projects/demo-group%2Fdemo-project/repository/branches/feature%2Flogin',
    ]);
    expect(text(ok)).toContain('branch.delete');
  });
});

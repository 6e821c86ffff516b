// A write that adds to a collection answers with the collection after it (issue #30): trial assistants listed
// the reactions, release links, protected branches or SSH keys again after each add, one call per task, to say
// what the UI shows next. The read is catalog data (`also`), sent after the write, and shown under "Related:".
import { describe, it, expect, beforeEach } from 'vitest';
import { apiRequests, text } from './helpers/harness.js';
import { sandboxServer } from './helpers/inproc.js';

const on = sandboxServer();
beforeEach(() => { on.sb.clearLog(); });
const P = 'demo-group/demo-project';
const exec = (action: string, params: Record<string, unknown>) => on.srv.call('forge_execute_action', { action, params });
const related = (t: string) => t.slice(t.indexOf('\n\nRelated:\n') + 11);
const calls = () => apiRequests(on.sb).map((e) => `${e.method} ${decodeURIComponent(e.path)}`);

describe('a write to a collection answers the collection after it', () => {
  it('a reaction on a merge request: every reaction, with who gave it, read after the add', async () => {
    const r = await exec('merge_request.emoji_mr_create', { project_id: P, merge_request_iid: 1, name: 'rocket' });
    expect(r.isError).toBeFalsy();
    expect(related(text(r))).toBe('- `/projects/demo-group%2Fdemo-project/merge_requests/1/award_emoji`: 4 items: rocket (by @bob), thumbsup (by @alice), thumbsup (by @bob), rocket (by @demo)');
    expect(calls()).toEqual([`POST /api/v4/projects/${P}/merge_requests/1/award_emoji`, `GET /api/v4/projects/${P}/merge_requests/1/award_emoji`]);
  });

  it('an issue link, a release link, a protected branch and an SSH key: the list after, by name', async () => {
    const link = text(await exec('issue.link_create', { project_id: P, issue_iid: 3, target_project_id: P, target_issue_iid: 16, link_type: 'relates_to' }));
    expect(related(link)).toBe('- `/projects/demo-group%2Fdemo-project/issues/3/links`: 1 item: demo-group/demo-project#16 Slow response on /login under load (relates_to)');
    const asset = text(await exec('release.link_create', { project_id: P, tag_name: 'v1.1.0', name: 'Checksums', url: 'https://downloads.example.com/SHA256SUMS' }));
    expect(related(asset)).toBe('- `/projects/demo-group%2Fdemo-project/releases/v1.1.0/assets/links`: 2 items: Linux binary (package), Checksums (other)');
    const protect = text(await exec('branch.protect', { project_id: P, name: 'release/*' }));
    expect(related(protect)).toBe('- `/projects/demo-group%2Fdemo-project/protected_branches`: 2 items: main, release/*');
    expect(calls().at(-1)).toBe(`GET /api/v4/projects/${P}/protected_branches`);
  });

  it('a refused write reads nothing after it', async () => {
    const r = await exec('merge_request.emoji_mr_create', { project_id: P, merge_request_iid: 999, name: 'rocket' });
    expect(r.isError).toBe(true);
    expect(text(r)).not.toContain('Related:');
    expect(calls()).toEqual([`POST /api/v4/projects/${P}/merge_requests/999/award_emoji`]);
  });
});

// Whole answers pinned byte for byte: the exact JSON a client receives for the everyday reads (the
// Markdown, structuredContent, annotations, the embedded resource), as a visible diff. Work on the call
// path (issue #31: per-call cost) must leave every answer identical. The sandbox's address (its port
// changes every run) is written as SANDBOX_URL.
// Update deliberately with: npx vitest run test/answers.test.ts -u
import { describe, it, expect } from 'vitest';
import { sandboxServer } from './helpers/inproc.js';

const on = sandboxServer();

/** The answer as the client received it, with the sandbox's changing address replaced. */
async function answer(action: string, params: Record<string, unknown>, fields?: unknown): Promise<string> {
  const r = await on.srv.client.callTool({ name: 'forge_execute_action', arguments: { action, params, ...(fields !== undefined ? { fields } : {}) } });
  return JSON.stringify(r, null, 1).split(on.sb.url).join('SANDBOX_URL');
}

describe('whole answers stay byte-identical (issue #31)', () => {
  const cases: Array<[file: string, action: string, params: Record<string, unknown>, fields?: unknown]> = [
    // The bench's call: a page of 20 issues (table, structured items, pagination, next steps).
    ['issue-list', 'issue.list', { project_id: 1 }],
    ['issue-list-by-path', 'issue.list', { project_id: 'demo-group/demo-project', per_page: 5, state: 'opened' }],
    ['issue-list-fields', 'issue.list', { project_id: 1, per_page: 3 }, ['description', 'due_date']],
    ['issue-list-all', 'issue.list_all', { per_page: 5 }],
    ['issue-get', 'issue.get', { project_id: 1, issue_iid: 1 }],
    ['merge-request-list', 'merge_request.list', { project_id: 1 }],
    ['merge-request-get', 'merge_request.get', { project_id: 1, merge_request_iid: 1 }],
    ['pipeline-list', 'pipeline.list', { project_id: 1 }],
    ['branch-list', 'branch.list', { project_id: 1 }],
    ['project-get', 'project.get', { project_id: 1 }],
    ['commit-list', 'repository.commit_list', { project_id: 1 }],
  ];
  for (const [file, action, params, fields] of cases) {
    it(`${action} ${JSON.stringify(params)}${fields ? ` fields ${JSON.stringify(fields)}` : ''}`, async () => {
      await expect(await answer(action, params, fields)).toMatchFileSnapshot(`./__snapshots__/answers/${file}.json`);
    });
  }
});

// Inputs that must never reach the platform as sent: page sizes over the limit, unsafe integers, and
// side-effecting routes served as reads.
import { describe, it, expect } from 'vitest';
import { catalog, loadCatalog } from '../src/catalog/index.js';
import { ADMIN_TOKEN } from '../src/sandbox/index.js';
import { apiRequests, text } from './helpers/harness.js';
import { sandboxServer, startInProcess } from './helpers/inproc.js';

const on = sandboxServer();

const run = (action: string, params: Record<string, unknown>) => on.srv.call('forge_execute_action', { action, params });

describe('page sizes (SPEC Limits: at most 100)', () => {
  it('per_page above 100 is sent as 100', async () => {
    on.sb.clearLog();
    const r = await run('issue.list', { project_id: 1, per_page: 1000 });
    expect(r.isError, text(r)).toBeFalsy();
    expect(apiRequests(on.sb)[0]!.query).toMatchObject({ per_page: '100' });
  });

  it('per_page below 1 is refused before anything is sent', async () => {
    on.sb.clearLog();
    const r = await run('issue.list', { project_id: 1, per_page: 0 });
    expect(r.isError).toBe(true);
    expect(text(r)).toMatch(/per_page must be from 1 to 100 \(got 0\)/);
    expect(apiRequests(on.sb)).toHaveLength(0);
  });

  it('a GraphQL page size (first) above 100 is sent as 100', async () => {
    on.sb.clearLog();
    const r = await run('issue.work_item_list', { full_path: 'demo-group/demo-project', first: 500 });
    expect(r.isError, text(r)).toBeFalsy();
    const gql = apiRequests(on.sb).find((e) => e.path === '/api/graphql')!;
    expect((gql.body as { variables: { first: number } }).variables.first).toBe(100);
  });
});

describe('integers', () => {
  it('an integer beyond 2^53 is refused, not rounded', async () => {
    on.sb.clearLog();
    const r = await run('issue.get', { project_id: 1, issue_iid: 2 ** 53 + 2 });
    expect(r.isError).toBe(true);
    expect(text(r)).toMatch(/cannot use number .* as integer for field "issue_iid"/);
    expect(apiRequests(on.sb)).toHaveLength(0);
  });
});

describe('null', () => {
  it('an optional parameter set to null is absent (not sent); a required one set to null is refused as missing', async () => {
    on.sb.clearLog();
    const r = await run('issue.list', { project_id: 1, state: null, labels: null });
    expect(r.isError, text(r)).toBeFalsy();
    expect(apiRequests(on.sb)[0]!.query).not.toHaveProperty('state');
    expect(apiRequests(on.sb)[0]!.query).not.toHaveProperty('labels');
    on.sb.clearLog();
    const missing = await run('issue.get', { project_id: 1, issue_iid: null });
    expect(missing.isError).toBe(true);
    expect(text(missing)).toMatch(/Missing required params: issue_iid/);
    expect(apiRequests(on.sb)).toHaveLength(0);
  });
});

describe('side effects are writes', () => {
  it('a non-GET route is a write unless its entry says why it only reads (lint)', async () => {
    await loadCatalog();
    const bad = catalog().actions.filter((a) => !a.graphql && a.method !== 'GET' && a.method !== 'HEAD' && !a.buildsUrl && !a.writes && !a.readNote).map((a) => a.id);
    expect(bad).toEqual([]);
  });

  it('testing a system hook fires it at a third party: refused under read-only before anything is sent', async () => {
    const ro = await startInProcess({ sandbox: on.sb, token: ADMIN_TOKEN, env: { FORGE_MCP_READ_ONLY: 'true' } });
    try {
      on.sb.clearLog();
      const r = await ro.call('forge_execute_action', { action: 'admin.system_hook_test', params: { hook_id: 1 } });
      expect(r.isError).toBe(true);
      expect(text(r)).toMatch(/read-only/);
      expect(apiRequests(on.sb)).toHaveLength(0);
    } finally { await ro.close(); }
  });
});

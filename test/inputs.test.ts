// Inputs that must never reach the platform as sent: page sizes over the limit, unsafe integers, and
// side-effecting routes served as reads.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { catalog, loadCatalog } from '../src/catalog/index.js';
import { ADMIN_TOKEN, type Sandbox } from '../src/sandbox/index.js';
import { apiRequests, text, withSandbox, type Running } from './helpers/harness.js';
import { startInProcess } from './helpers/inproc.js';

let sb: Sandbox;
let srv: Running;
beforeAll(async () => { sb = await withSandbox(); srv = await startInProcess({ sandbox: sb }); });
afterAll(async () => { await srv.close(); await sb.close(); });

const run = (action: string, params: Record<string, unknown>) => srv.call('forge_execute_action', { action, params });

describe('page sizes (SPEC Limits: at most 100)', () => {
  it('per_page above 100 is sent as 100', async () => {
    sb.clearLog();
    const r = await run('issue.list', { project_id: 1, per_page: 1000 });
    expect(r.isError, text(r)).toBeFalsy();
    expect(apiRequests(sb)[0]!.query).toMatchObject({ per_page: '100' });
  });

  it('per_page below 1 is refused before anything is sent', async () => {
    sb.clearLog();
    const r = await run('issue.list', { project_id: 1, per_page: 0 });
    expect(r.isError).toBe(true);
    expect(text(r)).toMatch(/per_page must be from 1 to 100 \(got 0\)/);
    expect(apiRequests(sb)).toHaveLength(0);
  });

  it('a GraphQL page size (first) above 100 is sent as 100', async () => {
    sb.clearLog();
    const r = await run('issue.work_item_list', { full_path: 'demo-group/demo-project', first: 500 });
    expect(r.isError, text(r)).toBeFalsy();
    const gql = apiRequests(sb).find((e) => e.path === '/api/graphql')!;
    expect((gql.body as { variables: { first: number } }).variables.first).toBe(100);
  });
});

describe('integers', () => {
  it('an integer beyond 2^53 is refused, not rounded', async () => {
    sb.clearLog();
    const r = await run('issue.get', { project_id: 1, issue_iid: 2 ** 53 + 2 });
    expect(r.isError).toBe(true);
    expect(text(r)).toMatch(/cannot use number .* as integer for field "issue_iid"/);
    expect(apiRequests(sb)).toHaveLength(0);
  });
});

describe('null', () => {
  it('an optional parameter set to null is absent (not sent); a required one set to null is refused as missing', async () => {
    sb.clearLog();
    const r = await run('issue.list', { project_id: 1, state: null, labels: null });
    expect(r.isError, text(r)).toBeFalsy();
    expect(apiRequests(sb)[0]!.query).not.toHaveProperty('state');
    expect(apiRequests(sb)[0]!.query).not.toHaveProperty('labels');
    sb.clearLog();
    const missing = await run('issue.get', { project_id: 1, issue_iid: null });
    expect(missing.isError).toBe(true);
    expect(text(missing)).toMatch(/Missing required params: issue_iid/);
    expect(apiRequests(sb)).toHaveLength(0);
  });
});

describe('side effects are writes', () => {
  it('a non-GET route is a write unless its entry says why it only reads (lint)', async () => {
    await loadCatalog();
    const bad = catalog().actions.filter((a) => !a.graphql && a.method !== 'GET' && a.method !== 'HEAD' && !a.buildsUrl && !a.writes && !a.readNote).map((a) => a.id);
    expect(bad).toEqual([]);
  });

  it('testing a system hook fires it at a third party: refused under read-only before anything is sent', async () => {
    const ro = await startInProcess({ sandbox: sb, token: ADMIN_TOKEN, env: { FORGE_MCP_READ_ONLY: 'true' } });
    try {
      sb.clearLog();
      const r = await ro.call('forge_execute_action', { action: 'admin.system_hook_test', params: { hook_id: 1 } });
      expect(r.isError).toBe(true);
      expect(text(r)).toMatch(/read-only/);
      expect(apiRequests(sb)).toHaveLength(0);
    } finally { await ro.close(); }
  });
});

// The three tool surfaces end to end: listing, annotations, validation messages, one call path.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { apiRequests, sandboxPerFile, text, type Running } from './helpers/harness.js';
import { startInProcess } from './helpers/inproc.js';

const on = sandboxPerFile();

describe('dynamic surface (default)', () => {
  let srv: Running;
  beforeAll(async () => { srv = await startInProcess({ sandbox: on.sb }); });
  afterAll(async () => { await srv.close(); });

  it('lists exactly the two tools with annotations', async () => {
    const { tools } = await srv.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['forge_find_action', 'forge_execute_action']);
    for (const t of tools) {
      expect(t.annotations).toMatchObject({ title: expect.any(String), readOnlyHint: expect.any(Boolean), destructiveHint: expect.any(Boolean), idempotentHint: expect.any(Boolean), openWorldHint: expect.any(Boolean) });
      expect(t.inputSchema).not.toHaveProperty('anyOf');
      expect(t.inputSchema.additionalProperties).toBe(false);
    }
  });

  it('finds actions in plain language, the best with its exact schema', async () => {
    // A best candidate with a small schema (most are) gets the JSON schema; a large one the exact compact form (find-action.test.ts).
    const r = await srv.call('forge_find_action', { query: 'show the log of job 3' });
    expect(r.isError).toBeFalsy();
    const results = r.structuredContent?.results as Array<{ id: string }>;
    expect(results[0].id).toBe('job.trace');
    const schemaLine = text(r).split('\n').find((l) => l.startsWith('   params: '))!;
    expect(JSON.parse(schemaLine.slice('   params: '.length)).properties).toHaveProperty('project_id');
    expect(text(r)).toContain('1. `job.trace` — ');
  });

  it('runs an action and shows the request that reached the platform', async () => {
    on.sb.clearLog();
    const r = await srv.call('forge_execute_action', { action: 'issue.list', params: { project_id: 'demo-group/demo-project', state: 'opened' } });
    expect(r.isError, text(r)).toBeFalsy();
    expect(r.content[0].annotations).toEqual({ audience: ['assistant'], priority: 0.9 });
    expect(r.structuredContent).toHaveProperty('pagination');
    const reqs = apiRequests(on.sb);
    expect(reqs).toHaveLength(1);
    expect(reqs[0]).toMatchObject({ method: 'GET', path: '/api/v4/projects/demo-group%2Fdemo-project/issues' });
    expect(reqs[0].query).toMatchObject({ state: 'opened' });
  });

  it('converts numbers sent as strings and accepts the mr_iid alias', async () => {
    on.sb.clearLog();
    const r = await srv.call('forge_execute_action', { action: 'merge_request.get', params: { project_id: 1, mr_iid: '1' } });
    expect(r.isError, text(r)).toBeFalsy();
    expect(apiRequests(on.sb)[0]).toMatchObject({ method: 'GET', path: '/api/v4/projects/1/merge_requests/1' });
  });

  it('refuses an action parameter placed beside action (closed envelope)', async () => {
    on.sb.clearLog();
    const r = await srv.call('forge_execute_action', { action: 'issue.list', project_id: 1 });
    expect(r.isError).toBe(true);
    expect(text(r)).toMatch(/^validating "arguments": unexpected additional properties \["project_id"\]/);
    expect(r.structuredContent).toBeUndefined();
    expect(r.content).toHaveLength(1);
    expect(apiRequests(on.sb)).toHaveLength(0);
  });

  it('explains unknown and missing params with a suggestion', async () => {
    on.sb.clearLog();
    const r = await srv.call('forge_execute_action', { action: 'issue.get', params: { project_id: 1, isue_iid: 3 } });
    expect(r.isError).toBe(true);
    const t = text(r);
    expect(t).toMatch(/^forge_execute_action\/issue\.get: invalid params\./);
    expect(t).toContain('Unknown params: isue_iid.');
    expect(t).toContain('Did you mean issue_iid?');
    expect(t).toContain('Missing required params: issue_iid.');
    expect(t).toMatch(/Valid params: project_id, issue_iid/);
    expect(apiRequests(on.sb)).toHaveLength(0);
  });

  it('refuses a zero identifier before anything is sent', async () => {
    on.sb.clearLog();
    const r = await srv.call('forge_execute_action', { action: 'issue.get', params: { project_id: 1, issue_iid: 0 } });
    expect(text(r)).toBe("issueGet: issue_iid is required (must be > 0). Ensure you use the exact parameter name 'issue_iid' as documented in the tool description");
    const r2 = await srv.call('forge_execute_action', { action: 'issue.list', params: { project_id: '' } });
    expect(text(r2)).toMatch(/^issueList: project_id is required \(must be non-empty\)/);
    expect(apiRequests(on.sb)).toHaveLength(0);
  });

  it('lists accepted values for a fixed set', async () => {
    const r = await srv.call('forge_execute_action', { action: 'issue.list', params: { project_id: 1, state: 'shut' } });
    expect(text(r)).toMatch(/^issueList: state must be one of: opened, closed, all/);
  });

  it('answers an unknown action with a suggestion', async () => {
    const r = await srv.call('forge_execute_action', { action: 'issue.lst', params: {} });
    expect(r.isError).toBe(true);
    expect(text(r)).toMatch(/^forge_execute_action: unknown action "issue\.lst"\. Did you mean "issue\.list"\?/);
  });

  it('refuses a destructive action without confirm and runs it with confirm: true', async () => {
    const created = await srv.call('forge_execute_action', { action: 'issue.create', params: { project_id: 1, title: 'to be deleted' } });
    expect(created.isError, text(created)).toBeFalsy();
    const iid = (created.structuredContent as { iid?: number }).iid;
    expect(typeof iid).toBe('number');
    on.sb.clearLog();
    const refused = await srv.call('forge_execute_action', { action: 'issue.delete', params: { project_id: 1, issue_iid: iid } });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toContain('re-send the call with "confirm": true');
    expect(apiRequests(on.sb)).toHaveLength(0);
    const done = await srv.call('forge_execute_action', { action: 'issue.delete', params: { project_id: 1, issue_iid: iid }, confirm: true });
    expect(done.isError, text(done)).toBeFalsy();
    expect(apiRequests(on.sb).map((e) => `${e.method} ${e.path}`)).toEqual([`DELETE /api/v4/projects/1/issues/${iid}`]);
  });

  it('answers a platform 404 on a card domain with a not-found card', async () => {
    const r = await srv.call('forge_execute_action', { action: 'project.get', params: { project_id: 987654321 } });
    expect(r.isError).toBe(true);
    expect(r.structuredContent).toBeUndefined();
    const t = text(r);
    expect(t).toContain('Not Found');
    expect(t).toContain('987654321');
    expect(t).toContain('project.list');
  });

  it('classifies a platform error with the operation label and the cause', async () => {
    const r = await srv.call('forge_execute_action', { action: 'issue.get', params: { project_id: 1, issue_iid: 99999 } });
    expect(r.isError).toBe(true);
    expect(text(r)).toMatch(/^issueGet: not found:/);
    expect(text(r)).toContain('404 Not Found');
  });

  it('embeds the object as its canonical resource on get results, readable back; collections refused', async () => {
    const r = await srv.call('forge_execute_action', { action: 'pipeline.get', params: { project_id: 1, pipeline_id: 1001 } });
    expect(r.isError, text(r)).toBeFalsy();
    expect(r.content).toHaveLength(2);
    expect(r.content[1]).toMatchObject({ type: 'resource', resource: { uri: 'forge://project/1/pipeline/1001' } });
    const read = await srv.client.readResource({ uri: 'forge://project/1/pipeline/1001' });
    expect(JSON.parse((read.contents[0] as { text: string }).text)).toMatchObject({ id: 1001 });
    await expect(srv.client.readResource({ uri: 'forge://project/1/issues' })).rejects.toThrow(/collections are refused/);
    const list = await srv.call('forge_execute_action', { action: 'pipeline.list', params: { project_id: 1 } });
    expect(list.content).toHaveLength(1);
  });

  it('carries keyset pagination: has_more from the Link header, no totals', async () => {
    const r = await srv.call('forge_execute_action', { action: 'project.list', params: { pagination: 'keyset', order_by: 'id', per_page: 1 } });
    expect(r.isError, text(r)).toBeFalsy();
    const p = (r.structuredContent as { pagination: Record<string, unknown> }).pagination;
    expect(p).toMatchObject({ per_page: 1, has_more: true, total_items: 0, total_pages: 0 });
    expect(apiRequests(on.sb).at(-1)?.query).toMatchObject({ pagination: 'keyset', per_page: '1' });
  });

  it('reads the action detail resource', async () => {
    const r = await srv.client.readResource({ uri: 'forge://tools/issue.delete' });
    const detail = JSON.parse((r.contents[0] as { text: string }).text);
    expect(detail).toMatchObject({ id: 'issue.delete', destructive: true, writes: true, fine_grained: expect.any(Object) });
  });
});

describe('meta surface', () => {
  let srv: Running;
  beforeAll(async () => { srv = await startInProcess({ sandbox: on.sb, env: { FORGE_MCP_TOOL_SURFACE: 'meta' } }); });
  afterAll(async () => { await srv.close(); });

  it('lists one tool per domain with annotations', async () => {
    const { tools } = await srv.client.listTools();
    const names = tools.map((t) => t.name);
    expect(names).toContain('forge_issue');
    expect(names).toContain('forge_merge_request');
    expect(names.every((n) => /^forge_[a-z_]+$/.test(n))).toBe(true);
    const issue = tools.find((t) => t.name === 'forge_issue')!;
    expect(issue.annotations?.destructiveHint).toBe(true);
    expect(issue.annotations?.readOnlyHint).toBe(false);
  });

  it('runs action + params', async () => {
    on.sb.clearLog();
    const r = await srv.call('forge_issue', { action: 'get', params: { project_id: 1, issue_iid: 1 } });
    expect(r.isError, text(r)).toBeFalsy();
    expect(apiRequests(on.sb)[0]).toMatchObject({ method: 'GET', path: '/api/v4/projects/1/issues/1' });
  });

  it('answers the SPEC messages for missing params, unknown fields and unknown actions', async () => {
    on.sb.clearLog();
    expect(text(await srv.call('forge_issue', { action: 'get' }))).toBe("'params' is required for this action. Required params: project_id, issue_iid");
    expect(text(await srv.call('forge_issue', { action: 'get', params: { project_id: 1 } }))).toBe('forge_issue/get: missing required params: issue_iid. Put action-specific fields under params.');
    expect(text(await srv.call('forge_issue', { action: 'get', params: { project_id: 1, issue_iid: 1, colour: 'red' } }))).toBe('forge_issue/get: invalid params for this action: json: unknown field "colour"');
    expect(text(await srv.call('forge_issue', { action: 'fly', params: {} }))).toMatch(/^forge_issue: unknown action "fly"\. Valid actions: .*\blist\b/);
    expect(apiRequests(on.sb)).toHaveLength(0);
  });

  it('takes confirm inside params', async () => {
    const created = await srv.call('forge_issue', { action: 'create', params: { project_id: 1, title: 'meta delete' } });
    const iid = (created.structuredContent as { iid: number }).iid;
    const refused = await srv.call('forge_issue', { action: 'delete', params: { project_id: 1, issue_iid: iid } });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toContain('inside "params"');
    const done = await srv.call('forge_issue', { action: 'delete', params: { project_id: 1, issue_iid: iid, confirm: true } });
    expect(done.isError, text(done)).toBeFalsy();
  });
});

describe('meta surface with FORGE_MCP_META_PARAM_SCHEMA=full', () => {
  it('closes params', async () => {
    const srv = await startInProcess({ sandbox: on.sb, env: { FORGE_MCP_TOOL_SURFACE: 'meta', FORGE_MCP_META_PARAM_SCHEMA: 'full' } });
    try {
      const { tools } = await srv.client.listTools();
      const issue = tools.find((t) => t.name === 'forge_issue')!;
      const params = (issue.inputSchema.properties as Record<string, { additionalProperties?: boolean }>).params;
      expect(params.additionalProperties).toBe(false);
      const r = await srv.call('forge_issue', { action: 'get', params: { project_id: 1, issue_iid: 1, zzz: 1 } });
      expect(text(r)).toMatch(/^validating "arguments":/);
    } finally { await srv.close(); }
  });
});

describe('individual surface', () => {
  let srv: Running;
  beforeAll(async () => { srv = await startInProcess({ sandbox: on.sb, env: { FORGE_MCP_TOOL_SURFACE: 'individual' } }); });
  afterAll(async () => { await srv.close(); });

  it('lists one closed tool per action with annotations from the entry', async () => {
    const { tools } = await srv.client.listTools();
    const del = tools.find((t) => t.name === 'forge_issue_delete')!;
    expect(del.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true });
    const list = tools.find((t) => t.name === 'forge_issue_list')!;
    expect(list.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(list.inputSchema.additionalProperties).toBe(false);
    expect(tools.every((t) => t.name.length <= 64)).toBe(true);
  });

  it('refuses unknown arguments through the closed schema', async () => {
    on.sb.clearLog();
    const r = await srv.call('forge_issue_get', { project_id: 1, issue_iid: 1, extra: true });
    expect(text(r)).toBe('validating "arguments": unexpected additional properties ["extra"]');
    expect(apiRequests(on.sb)).toHaveLength(0);
  });

  it('runs a call', async () => {
    const r = await srv.call('forge_project_get', { project_id: 'demo-group/demo-project' });
    expect(r.isError, text(r)).toBeFalsy();
    expect(text(r)).toContain('demo-project');
  });

  it('fails closed on a destructive call from a client that cannot prompt', async () => {
    on.sb.clearLog();
    const r = await srv.call('forge_issue_delete', { project_id: 1, issue_iid: 1 });
    expect(r.isError).toBe(true);
    expect(text(r)).toContain('this client cannot be asked');
    expect(apiRequests(on.sb)).toHaveLength(0);
  });
});

describe('FORGE_MCP_EXCLUDE_TOOLS', () => {
  it('removes the named tools', async () => {
    const srv = await startInProcess({ sandbox: on.sb, env: { FORGE_MCP_TOOL_SURFACE: 'individual', FORGE_MCP_EXCLUDE_TOOLS: 'forge_issue_delete,forge_project_get' } });
    try {
      const names = (await srv.client.listTools()).tools.map((t) => t.name);
      expect(names).not.toContain('forge_issue_delete');
      expect(names).not.toContain('forge_project_get');
      expect(names).toContain('forge_issue_get');
      await expect(srv.call('forge_issue_delete', { project_id: 1, issue_iid: 1 })).rejects.toThrow(/Unknown tool/);
    } finally { await srv.close(); }
  });
});

describe('FORGE_MCP_EMBEDDED_RESOURCES=false', () => {
  it('answers get results with the Markdown block only', async () => {
    const srv = await startInProcess({ sandbox: on.sb, env: { FORGE_MCP_EMBEDDED_RESOURCES: 'false' } });
    try {
      const r = await srv.call('forge_execute_action', { action: 'pipeline.get', params: { project_id: 1, pipeline_id: 1001 } });
      expect(r.isError, text(r)).toBeFalsy();
      expect(r.content).toHaveLength(1);
    } finally { await srv.close(); }
  });
});

describe('the one client-specific tweak', () => {
  const call = (srv: Running) => srv.call('forge_execute_action', { action: 'pipeline.get', params: { project_id: 1, pipeline_id: 1001 } });
  it('a coding client named codex gets integer priorities; FORGE_MCP_CLIENT_COMPAT=off turns it off', async () => {
    const codex = await startInProcess({ sandbox: on.sb, clientName: 'codex-mcp-client' });
    const off = await startInProcess({ sandbox: on.sb, clientName: 'codex-mcp-client', env: { FORGE_MCP_CLIENT_COMPAT: 'off' } });
    try {
      const r = await call(codex);
      expect(r.content.map((c) => (c as { annotations?: { priority?: number } }).annotations?.priority)).toEqual([1, 0]);
      const o = await call(off);
      expect(o.content.map((c) => (c as { annotations?: { priority?: number } }).annotations?.priority)).toEqual([0.9, 0.3]);
    } finally { await codex.close(); await off.close(); }
  });
});

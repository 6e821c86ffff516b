// MCP Apps on the server side: negotiation on both protocol eras, forge_show, the views' tool and its
// allowlist, the elicitation rule for destructive actions from a view, the ui:// resource.
import { describe, it, expect } from 'vitest';
import { getEncoding } from 'js-tiktoken';
import { apiRequests, sandboxPerFile, text, type StartOptions } from './helpers/harness.js';
import { startInProcess } from './helpers/inproc.js';

const APPS = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };
const on = sandboxPerFile();

const start = (o: Partial<StartOptions> = {}) => startInProcess({ sandbox: on.sb, ...o });

describe('negotiation', () => {
  it('offers the two tools and the resource only to a client declaring the extension (session capabilities)', async () => {
    const plain = await start();
    const apps = await start({ capabilities: APPS });
    try {
      const a = (await plain.client.listTools()).tools.map((t) => t.name);
      const b = (await apps.client.listTools()).tools.map((t) => t.name);
      expect(b).toEqual([...a, 'forge_show', 'forge_view_action']);
      expect((await plain.client.listResources()).resources).toEqual([]);
      expect((await apps.client.listResources()).resources.map((r) => [r.uri, r.mimeType])).toEqual([['ui://forge/views.html', 'text/html;profile=mcp-app']]);
      const err = await plain.call('forge_show', { view: 'pipeline', project: '1', id: 1002 }).catch((e: Error) => e.message);
      expect(String(err)).toContain('Unknown tool: forge_show');
    } finally { await plain.close(); await apps.close(); }
  });

  it('reads the extension from each request on protocol 2026-07-28', async () => {
    const modern = await start({ capabilities: APPS, modern: true });
    const modernPlain = await start({ modern: true });
    try {
      expect((await modern.client.listTools()).tools.map((t) => t.name)).toContain('forge_show');
      expect((await modernPlain.client.listTools()).tools.map((t) => t.name)).not.toContain('forge_show');
    } finally { await modern.close(); await modernPlain.close(); }
  });

  it('adds at most 200 tokens to tools/list', async () => {
    const plain = await start();
    const apps = await start({ capabilities: APPS });
    try {
      const enc = getEncoding('o200k_base');
      const size = async (c: typeof plain) => enc.encode(JSON.stringify((await c.client.listTools()).tools)).length;
      const added = (await size(apps)) - (await size(plain));
      expect(added).toBeGreaterThan(0);
      expect(added).toBeLessThanOrEqual(200);
    } finally { await plain.close(); await apps.close(); }
  });

  it('needs the HTML profile among the mime types', async () => {
    const other = await start({ capabilities: { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/plain'] } } } });
    try {
      expect((await other.client.listTools()).tools.map((t) => t.name)).not.toContain('forge_show');
    } finally { await other.close(); }
  });
});

describe('forge_show', () => {
  it('answers a short summary and the pipeline view data', async () => {
    const c = await start({ capabilities: APPS });
    try {
      const r = await c.call('forge_show', { view: 'pipeline', project: '1', id: 1002 });
      expect(r.isError).toBeFalsy();
      expect(text(r)).toContain('Pipeline 1002');
      expect(text(r)).toContain('failed: "unit-tests"');
      const jobs = (r.structuredContent!.jobs as Array<{ name: string; status: string }>);
      expect(jobs.find((j) => j.name === 'unit-tests')?.status).toBe('failed');
    } finally { await c.close(); }
  });

  it('answers bad input and a missing object with a clear error, no crash', async () => {
    const c = await start({ capabilities: APPS });
    try {
      expect(text(await c.call('forge_show', { view: 'issue', project: '1', id: 1 }))).toBe('forge_show: view must be one of pipeline, job, merge_request');
      expect(text(await c.call('forge_show', { view: 'job', project: '1', id: -3 }))).toBe('forge_show: id must be a positive integer');
      const missing = await c.call('forge_show', { view: 'pipeline', project: '1', id: 999999 });
      expect(missing.isError).toBe(true);
      expect(missing.structuredContent).toBeUndefined();
    } finally { await c.close(); }
  });

  it('keeps the job log out of its answer', async () => {
    const c = await start({ capabilities: APPS });
    try {
      const r = await c.call('forge_show', { view: 'job', project: '1', id: 2022 });
      expect(r.isError).toBeFalsy();
      expect(JSON.stringify(r)).not.toContain('AssertionError');
      expect(apiRequests(on.sb).some((e) => e.path.includes('/trace'))).toBe(false);
    } finally { await c.close(); }
  });
});

const ELICIT = { ...APPS, elicitation: {} };
const puts = () => apiRequests(on.sb).filter((e) => e.method !== 'GET');
const view = (action: string, params: Record<string, unknown>) => ({ action, params: { project_id: '1', ...params } });

describe('forge_view_action', () => {
  it('runs only the allowlisted actions', async () => {
    const c = await start({ capabilities: APPS });
    try {
      const r = await c.call('forge_view_action', view('project.delete', {}));
      expect(r.isError).toBe(true);
      expect(text(r)).toBe('forge_view_action: "project.delete" is not an action a view may run.');
      expect(apiRequests(on.sb)).toEqual([]);
      const extra = await c.call('forge_view_action', { ...view('job.get', { job_id: 2022 }), confirm: true });
      expect(text(extra)).toBe('validating "arguments": unexpected additional properties ["confirm"]');
    } finally { await c.close(); }
  });

  it('answers raw platform JSON, and pages of the raw log', async () => {
    const c = await start({ capabilities: APPS });
    try {
      const job = await c.call('forge_view_action', view('job.get', { job_id: 2022 }));
      expect((job.structuredContent!.data as { name: string }).name).toBe('unit-tests');
      const page = await c.call('forge_view_action', view('job.trace', { job_id: 2022 }));
      const p = page.structuredContent as { text: string; start: number; end: number; total: number };
      expect(p.text).toContain('section_start:');
      expect(p.text).toContain('\u001b[');
      expect([p.start, p.end]).toEqual([0, p.total]);
    } finally { await c.close(); }
  });

  it('a destructive action is refused before the platform when the client cannot prompt', async () => {
    const c = await start({ capabilities: APPS });
    try {
      const r = await c.call('forge_view_action', view('merge_request.merge', { merge_request_iid: 1 }));
      expect(r.isError).toBe(true);
      expect(text(r)).toContain('cannot show');
      expect(puts()).toEqual([]);
    } finally { await c.close(); }
  });

  it('a destructive action is asked even in YOLO mode, on both protocol eras', async () => {
    for (const modern of [false, true]) {
      const asked: string[] = [];
      const c = await start({ capabilities: ELICIT, modern, env: { FORGE_MCP_YOLO_MODE: 'true' }, onElicit: async ({ message }) => { asked.push(message); return { action: 'decline' }; } });
      try {
        const r = await c.call('forge_view_action', view('merge_request.merge', { merge_request_iid: 1 }));
        expect(text(r)).toBe('The user declined "merge_request.merge". Nothing was changed.');
        expect(asked).toHaveLength(1);
        expect(asked[0]).toMatch(/^Confirm destructive action merge_request\.merge: .* It was requested from a view\.$/);
        expect(puts()).toEqual([]);
      } finally { await c.close(); }
    }
  });

  it('read-only, safe mode and exclusions answer before the platform, without a prompt', async () => {
    for (const env of [{ FORGE_MCP_READ_ONLY: 'true' }, { FORGE_MCP_SAFE_MODE: 'true' }, { FORGE_MCP_EXCLUDE_TOOLS: 'job.retry,merge_request.merge' }] as Array<Record<string, string>>) {
      const asked: string[] = [];
      const c = await start({ capabilities: ELICIT, env, onElicit: async ({ message }) => { asked.push(message); return { action: 'accept', content: { confirm: true } }; } });
      try {
        for (const [action, params] of [['job.retry', { job_id: 2022 }], ['merge_request.merge', { merge_request_iid: 1 }]] as const) {
          const r = await c.call('forge_view_action', view(action, params));
          if (!env.FORGE_MCP_SAFE_MODE) expect(r.isError, `${action} ${JSON.stringify(env)}`).toBe(true);
          else expect(text(r)).toContain('Safe mode');
        }
        expect(asked).toEqual([]);
        expect(puts()).toEqual([]);
      } finally { await c.close(); }
    }
  });

  it('is logged with the action it ran', async () => {
    const c = await start({ capabilities: APPS });
    try {
      await c.call('forge_view_action', view('job.get', { job_id: 2022 }));
      expect(c.stderr()).toMatch(/"tool":"forge_view_action","action":"job.get"/);
    } finally { await c.close(); }
  });
});

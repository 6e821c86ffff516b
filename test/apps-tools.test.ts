// MCP Apps on the server side: negotiation on both protocol eras, forge_show, the views' tool and its
// allowlist, the elicitation rule for destructive actions from a view, the ui:// resource.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { Sandbox } from '../src/sandbox/index.js';
import { withSandbox, apiRequests, text, type StartOptions } from './helpers/harness.js';
import { startInProcess } from './helpers/inproc.js';

const APPS = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };
let sb: Sandbox;
beforeAll(async () => { sb = await withSandbox(); });
afterAll(async () => { await sb.close(); });

const start = (o: Partial<StartOptions> = {}) => startInProcess({ sandbox: sb, ...o });

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

  it('keeps the job log out of its answer', async () => {
    const c = await start({ capabilities: APPS });
    try {
      const r = await c.call('forge_show', { view: 'job', project: '1', id: 2022 });
      expect(r.isError).toBeFalsy();
      expect(JSON.stringify(r)).not.toContain('AssertionError');
      expect(apiRequests(sb).some((e) => e.path.includes('/trace'))).toBe(false);
    } finally { await c.close(); }
  });
});

// Without the MCP Apps extension nothing changes: tools/list on all three surfaces, over stdio and
// HTTP, equals the committed snapshots (test/__snapshots__, written before the views existed), and
// the views' tools and resource do not exist for the client.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { SANDBOX_TOKEN, type Sandbox } from '../src/sandbox/index.js';
import { ROOT, startServer, withSandbox } from './helpers/harness.js';
import { startHttpServer } from './helpers/http.js';

const SNAPSHOTS = join(ROOT, 'test', '__snapshots__');
const SURFACES = ['dynamic', 'meta', 'individual'] as const;
const APPS = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };

/** The committed listing of a surface, as the snapshot test writes it. */
function snapshot(surface: (typeof SURFACES)[number]): string {
  if (surface !== 'individual') return readFileSync(join(SNAPSHOTS, `tools-${surface}.json`), 'utf8');
  const dir = join(SNAPSHOTS, 'tools-individual');
  const order = JSON.parse(readFileSync(join(dir, '_order.json'), 'utf8')) as string[];
  const byName = new Map<string, unknown>();
  for (const f of readdirSync(dir).filter((n) => n !== '_order.json')) for (const t of JSON.parse(readFileSync(join(dir, f), 'utf8')) as Array<{ name: string }>) byName.set(t.name, t);
  return JSON.stringify(order.map((n) => byName.get(n)), null, 1);
}

type Surface = (typeof SURFACES)[number];
type Tool = { name: string };

/**
 * Over stdio the listing equals the snapshot. Over HTTP the individual surface leaves out the actions
 * that touch local files and orders schema keys its own way (both by design, before the views too):
 * each listed tool equals its snapshot entry.
 */
async function expectUnchanged(client: Client, surface: Surface, http: boolean): Promise<Tool[]> {
  const { tools } = await client.listTools();
  const committed = snapshot(surface);
  if (http && surface === 'individual') {
    const byName = new Map((JSON.parse(committed) as Tool[]).map((t) => [t.name, t]));
    const names = (JSON.parse(committed) as Tool[]).map((t) => t.name).filter((n) => tools.some((t) => t.name === n));
    expect(tools.map((t) => t.name)).toEqual(names);
    for (const t of tools) expect(t, t.name).toEqual(byName.get(t.name));
  } else {
    expect(JSON.stringify(tools, null, 1)).toBe(committed);
  }
  expect((await client.listResources()).resources).toEqual([]);
  await expect(client.callTool({ name: 'forge_show', arguments: { view: 'pipeline', project: '1', id: 1002 } })).rejects.toThrow(/Unknown tool: forge_show/);
  return tools;
}

const MODERN = { versionNegotiation: { mode: { pin: '2026-07-28' } } };

let sb: Sandbox;
beforeAll(async () => { sb = await withSandbox(); });
afterAll(async () => { await sb.close(); });

describe('without the extension, tools/list is unchanged', () => {
  for (const surface of SURFACES) {
    it(`stdio, ${surface} surface`, async () => {
      const srv = await startServer({ sandbox: sb, env: { FORGE_MCP_TOOL_SURFACE: surface } });
      try { await expectUnchanged(srv.client, surface, false); } finally { await srv.close(); }
    });
    it(`HTTP, ${surface} surface, both protocol eras`, async () => {
      const srv = await startHttpServer(['--forge-url', sb.url], { FORGE_MCP_TOOL_SURFACE: surface });
      try {
        const open = async (options: Record<string, unknown>) => {
          const client = new Client({ name: 'http', version: '1.0.0' }, options as never);
          await client.connect(new StreamableHTTPClientTransport(new URL(`${srv.url}/mcp`), { requestInit: { headers: { 'PRIVATE-TOKEN': SANDBOX_TOKEN } } }));
          return client;
        };
        let plain: Tool[] = [];
        for (const options of [{}, MODERN]) {
          const client = await open(options);
          try { plain = await expectUnchanged(client, surface, true); } finally { await client.close(); }
        }
        // The same stateless server offers the views to a client that declares the extension in each
        // request (protocol 2026-07-28): the same listing plus the two tools.
        const apps = await open({ ...MODERN, capabilities: APPS });
        try {
          expect((await apps.listTools()).tools.map((t) => t.name)).toEqual([...plain.map((t) => t.name), 'forge_show', 'forge_view_action']);
        } finally { await apps.close(); }
      } finally { await srv.close(); }
    });
  }
});

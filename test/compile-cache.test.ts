// Node's compile cache (src/compile-cache.ts): on a Node that has it, the built server keeps it in the
// user's cache directory and nowhere else; on one without it (Node 20) nothing is written; a cache
// directory that cannot be made never stops the start.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import module from 'node:module';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { Sandbox } from '../src/sandbox/index.js';
import { SANDBOX_TOKEN } from '../src/sandbox/index.js';
import { CLI, withSandbox } from './helpers/harness.js';

let sb: Sandbox;
beforeAll(async () => { sb = await withSandbox(); });
afterAll(async () => { await sb.close(); });

const hasCompileCache = typeof (module as { enableCompileCache?: unknown }).enableCompileCache === 'function';

async function listOnce(env: Record<string, string>): Promise<string[]> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI], stderr: 'ignore', env: { PATH: process.env.PATH ?? '', FORGE_TOKEN: SANDBOX_TOKEN, FORGE_URL: sb.url, ...env } });
  const client = new Client({ name: 'compile-cache-test', version: '1' });
  await client.connect(transport);
  const { tools } = await client.listTools();
  await client.close();
  return tools.map((t) => t.name);
}

const listed = ['forge_execute_action', 'forge_find_action'];

describe('compile cache', () => {
  it(hasCompileCache ? 'is kept under XDG_CACHE_HOME/forge-mcp-server/compile-cache' : 'is not written on a Node without it', async () => {
    const home = mkdtempSync(join(tmpdir(), 'forge-home-'));
    const cache = mkdtempSync(join(tmpdir(), 'forge-cache-'));
    expect((await listOnce({ HOME: home, XDG_CACHE_HOME: cache })).sort()).toEqual(listed);
    expect(readdirSync(home)).toEqual([]);
    if (hasCompileCache) {
      expect(readdirSync(cache)).toEqual(['forge-mcp-server']);
      expect(readdirSync(join(cache, 'forge-mcp-server'))).toEqual(['compile-cache']);
      // One folder per Node version and build, holding the compiled modules.
      const [versioned] = readdirSync(join(cache, 'forge-mcp-server', 'compile-cache'));
      expect(readdirSync(join(cache, 'forge-mcp-server', 'compile-cache', versioned)).length).toBeGreaterThan(0);
    } else {
      expect(readdirSync(cache)).toEqual([]);
    }
  });

  it('without XDG_CACHE_HOME it goes under ~/.cache', async () => {
    const home = mkdtempSync(join(tmpdir(), 'forge-home-'));
    expect((await listOnce({ HOME: home })).sort()).toEqual(listed);
    expect(readdirSync(home)).toEqual(hasCompileCache ? ['.cache'] : []);
  });

  it('a cache directory that cannot be made does not stop the start', async () => {
    const home = mkdtempSync(join(tmpdir(), 'forge-home-'));
    const blocked = join(home, 'not-a-directory');
    writeFileSync(blocked, '');
    expect((await listOnce({ HOME: home, XDG_CACHE_HOME: blocked })).sort()).toEqual(listed);
  });

  it('NODE_DISABLE_COMPILE_CACHE=1 writes nothing', async () => {
    const home = mkdtempSync(join(tmpdir(), 'forge-home-'));
    const cache = mkdtempSync(join(tmpdir(), 'forge-cache-'));
    expect((await listOnce({ HOME: home, XDG_CACHE_HOME: cache, NODE_DISABLE_COMPILE_CACHE: '1' })).sort()).toEqual(listed);
    expect(readdirSync(cache)).toEqual([]);
  });
});

// The first listing and the start-up reads (issue #31): the dynamic surface's listing waits for the
// scope read alone (its two tools depend on nothing else the reads learn), every other listing waits
// for all of them, and a listing never shows what the token's scopes forbid. The sandbox holds one
// read back (a delay far below the reads' 5 s bound): the order of the answers shows what waited for it.
import { describe, it, expect } from 'vitest';
import { InMemoryTransport } from '@modelcontextprotocol/client';
import { READONLY_TOKEN, READUSER_TOKEN, SANDBOX_TOKEN } from '../src/sandbox/index.js';
import { createStdioCore } from '../src/server/stdio.js';
import { newClient, sandboxPerFile, secretsInUse, startServer } from './helpers/harness.js';
import { configure } from './helpers/inproc.js';

const on = sandboxPerFile();
const HELD_MS = 1_500;

/** An in-process server whose start-up reads are watched: `settled()` says whether they are all done. */
async function watched(token: string, env: Record<string, string> = {}) {
  secretsInUse.add(token);
  let err = '';
  const all = { FORGE_TOKEN: token, FORGE_URL: on.sb.url, ...env };
  const { config, log } = await configure([], all, (line) => { err += line; });
  const core = createStdioCore(config, log, { cwd: process.cwd(), env: all });
  let settled = false;
  void core.ready.then(() => { settled = true; });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const connection = await core.serve(serverSide);
  const client = newClient({});
  await client.connect(clientSide);
  return {
    client, core, settled: () => settled, stderr: () => err,
    close: async () => { await client.close(); await connection.close(); await core.close(); },
  };
}

/** Holds the sandbox's answer to `path` back for HELD_MS, once. */
const hold = (path: string) => on.sb.fault({ method: 'GET', path, delayMs: HELD_MS, times: 1 });

describe('the first listing waits for what decides it', () => {
  it('dynamic surface: answered while the tier read is still out, with the same two tools; the reads then finish', async () => {
    hold('/api/v4/license');
    const srv = await watched(SANDBOX_TOKEN);
    try {
      const tools = (await srv.client.listTools()).tools.map((t) => t.name);
      expect(tools).toEqual(['forge_find_action', 'forge_execute_action']);
      expect(srv.settled()).toBe(false);
      await srv.core.ready;
      expect(srv.stderr()).toMatch(/"token_kind":"classic","tier":"free","release":"[^"]+","msg":"start-up reads settled"/);
    } finally { await srv.close(); on.sb.clearFaults(); }
  });

  it('dynamic surface: waits for the scope read, and refuses a token below read_api (fail closed)', async () => {
    hold('/api/v4/personal_access_tokens/self');
    const srv = await watched(READUSER_TOKEN);
    try {
      await expect(srv.client.listTools()).rejects.toMatchObject({ code: -40300 });
    } finally { await srv.close(); on.sb.clearFaults(); }
  });

  it('individual surface: waits for every read (the tier and release shape its tools), and lists no write to a read_api token', async () => {
    hold('/api/v4/license');
    const srv = await watched(READONLY_TOKEN, { FORGE_MCP_TOOL_SURFACE: 'individual' });
    try {
      const tools = (await srv.client.listTools()).tools.map((t) => t.name);
      expect(srv.settled()).toBe(true);
      expect(tools).toContain('forge_issue_list');
      expect(tools).not.toContain('forge_issue_create');
    } finally { await srv.close(); on.sb.clearFaults(); }
  });

  it('the process harness waits for the reads: none of them reaches the sandbox after it has started', async () => {
    hold('/api/v4/version');
    const srv = await startServer({ sandbox: on.sb });
    try {
      expect(srv.stderr()).toMatch(/start-up reads settled/);
      // The harness cleared the log after the line: the held read was answered before it.
      expect(on.sb.log.map((e) => e.path)).toEqual([]);
    } finally { await srv.close(); on.sb.clearFaults(); }
  });
});

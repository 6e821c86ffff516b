// Once the first tools/list has been answered, the stdio server loads what the first tools/call needs
// (the call path, the catalog) while the model reads the list (issue #31); not before the answer, and
// never the find index. A file of its own: the catalog is process-wide and no other test may load it first.
import { afterAll, describe, expect, it } from 'vitest';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { catalog } from '../src/catalog/index.js';
import { SANDBOX_TOKEN } from '../src/sandbox/index.js';
import { createStdioCore } from '../src/server/stdio.js';
import { until, withSandbox } from './helpers/harness.js';
import { configure } from './helpers/inproc.js';

const sandbox = await withSandbox();
afterAll(() => sandbox.close());

const catalogLoaded = (): true | undefined => {
  try {
    catalog();
    return true;
  } catch {
    return undefined;
  }
};

describe('the first call\'s code and data load after the first listing', () => {
  it('loads the catalog once the listing is out, before any call, and answers the call', async () => {
    const env = { FORGE_TOKEN: SANDBOX_TOKEN, FORGE_URL: sandbox.url };
    const { config, log } = await configure([], env, () => undefined);
    const core = createStdioCore(config, log, { cwd: process.cwd(), env });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const connection = await core.serve(serverSide);
    const client = new Client({ name: 'start-warm', version: '1' });
    try {
      await client.connect(clientSide);
      // Initialized, nothing listed yet: the dynamic surface has needed no catalog so far.
      expect(catalogLoaded()).toBeUndefined();
      const listed = await client.listTools();
      expect(listed.tools.map((t) => t.name)).toEqual(['forge_find_action', 'forge_execute_action']);
      // No call made: the listing alone starts the load (from src/ it evaluates the domain tables, so it may take a while).
      await until(catalogLoaded, 60_000);
      const r = await client.callTool({ name: 'forge_execute_action', arguments: { action: 'issue.list', params: { project_id: 'demo-group/demo-project' } } });
      expect(r.isError).toBeFalsy();
    } finally {
      await client.close();
      await connection.close();
      await core.close();
    }
  }, 120_000);
});

// Resource notifications over stdio (SPEC "Resource notifications"): legacy resources/subscribe and,
// on protocol 2026-07-28, subscriptions/listen; a change of the watched object reaches the client with
// `_meta` `io.forge/watch`. Poll intervals run a hundred times faster (FORGE_MCP_TEST_WATCH_SCALE).
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { Sandbox } from '../src/sandbox/index.js';
import { startServer, text, until, withSandbox, type Running } from './helpers/harness.js';

let sb: Sandbox;
beforeAll(async () => { sb = await withSandbox(); });
afterAll(async () => { await sb?.close(); });

interface Updated { uri: string; _meta?: Record<string, unknown> }

async function watchAndEdit(srv: Running, iid: number, subscribe: (uri: string) => Promise<unknown>): Promise<Updated> {
  const seen: Updated[] = [];
  srv.client.setNotificationHandler('notifications/resources/updated', (n) => { seen.push(n.params as Updated); });
  const uri = `forge://project/1/issue/${iid}`;
  await subscribe(uri);
  await new Promise((r) => setTimeout(r, 300));
  expect(seen).toEqual([]);
  const edited = await srv.client.callTool({ name: 'forge_execute_action', arguments: { action: 'issue.update', params: { project_id: 1, issue_iid: iid, title: `Watched over stdio ${iid}` } } });
  expect(edited.isError, text(edited as never)).toBeFalsy();
  const n = await until(() => seen[0]);
  expect(n.uri).toBe(uri);
  return n;
}

describe('stdio watches', () => {
  it('resources/subscribe (2025 protocol)', async () => {
    const srv = await startServer({ sandbox: sb, env: { FORGE_MCP_TEST_WATCH_SCALE: '100' } });
    try {
      const n = await watchAndEdit(srv, 3, (uri) => srv.client.subscribeResource({ uri }));
      expect(n._meta?.['io.forge/watch']).toEqual({ state: 'active', poll_interval_s: 15 });
    } finally {
      await srv.close();
    }
  });

  it('subscriptions/listen (2026-07-28)', async () => {
    const srv = await startServer({ sandbox: sb, modern: true, env: { FORGE_MCP_TEST_WATCH_SCALE: '100' } });
    try {
      const n = await watchAndEdit(srv, 1, (uri) => srv.client.listen({ resourceSubscriptions: [uri] }));
      expect(n._meta?.['io.forge/watch']).toEqual({ state: 'active', poll_interval_s: 15 });
    } finally {
      await srv.close();
    }
  });

  it('subscriptions/listen refuses a collection and an object that does not exist, as HTTP does', async () => {
    const srv = await startServer({ sandbox: sb, modern: true, env: { FORGE_MCP_TEST_WATCH_SCALE: '100' } });
    try {
      await expect(srv.client.listen({ resourceSubscriptions: ['forge://project/1/issues'] })).rejects.toMatchObject({ code: -32602, message: expect.stringMatching(/collections are refused/) });
      await expect(srv.client.listen({ resourceSubscriptions: ['forge://project/1/issue/999999'] })).rejects.toMatchObject({ code: -32602, message: expect.stringMatching(/does not exist or is not accessible/) });
      // The server goes on serving.
      expect((await srv.client.listTools()).tools.length).toBe(2);
    } finally {
      await srv.close();
    }
  });
});

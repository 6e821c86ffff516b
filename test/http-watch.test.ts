// Resource notifications over HTTP (SPEC "Resource notifications", "Watch polling"): a watched
// object is polled with the caller's credential and a change reaches the client with `_meta`
// `io.forge/watch`; subscriptions/listen on the stateless transport (2026-07-28), legacy
// resources/subscribe on a stateful session, and refused outright on the stateless one.
// Poll intervals run a hundred times faster here (FORGE_MCP_TEST_WATCH_SCALE, test-only).
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { SANDBOX_TOKEN, type Sandbox } from '../src/sandbox/index.js';
import { text, until, withSandbox } from './helpers/harness.js';
import { callTool, connect, startHttpServer, type HttpServer } from './helpers/http.js';

let sb: Sandbox;
let stateless: HttpServer;
let stateful: HttpServer;
const FAST = { FORGE_MCP_TEST_WATCH_SCALE: '100' };

beforeAll(async () => {
  sb = await withSandbox();
  [stateless, stateful] = await Promise.all([
    startHttpServer(['--forge-url', sb.url], FAST),
    startHttpServer(['--forge-url', sb.url, '--stateless=false'], FAST),
  ]);
});
afterAll(async () => {
  await Promise.all([stateless?.close(), stateful?.close()]);
  await sb?.close();
});

interface Updated { uri: string; _meta?: Record<string, unknown> }

function collect(c: Client): Updated[] {
  const seen: Updated[] = [];
  c.setNotificationHandler('notifications/resources/updated', (n) => { seen.push(n.params as Updated); });
  return seen;
}

const edit = (c: Client, iid: number, params: Record<string, unknown>) =>
  callTool(c, 'forge_execute_action', { action: 'issue.update', params: { project_id: 1, issue_iid: iid, ...params } });

describe('subscriptions/listen (2026-07-28, stateless transport)', () => {
  it('notifies a change of the watched object, then its settled cadence once closed', async () => {
    const c = await connect(stateless, { 'PRIVATE-TOKEN': SANDBOX_TOKEN }, { modern: true });
    try {
      const seen = collect(c);
      const uri = 'forge://project/1/issue/1';
      const sub = await c.listen({ resourceSubscriptions: [uri] });
      await new Promise((r) => setTimeout(r, 400)); // a few polls: nothing changed, nothing sent
      expect(seen).toEqual([]);
      const edited = await edit(c, 1, { title: 'Watched title changed' });
      expect(edited.isError, text(edited)).toBeFalsy();
      const first = await until(() => seen[0]);
      expect(first.uri).toBe(uri);
      expect(first._meta?.['io.forge/watch']).toEqual({ state: 'active', poll_interval_s: 15 });
      await edit(c, 1, { state_event: 'close' });
      const second = await until(() => seen[1]);
      expect(second._meta?.['io.forge/watch']).toEqual({ state: 'settled', poll_interval_s: 60 });
      await sub.close();
      await edit(c, 1, { state_event: 'reopen' });
    } finally {
      await c.close();
    }
  });

  it('refuses a collection URI', async () => {
    const c = await connect(stateless, { 'PRIVATE-TOKEN': SANDBOX_TOKEN }, { modern: true });
    try {
      await expect(c.listen({ resourceSubscriptions: ['forge://project/1/issues'] })).rejects.toThrow(/only one object can be watched/);
    } finally {
      await c.close();
    }
  });

  it('refuses legacy resources/subscribe outright on the stateless transport', async () => {
    const c = await connect(stateless, { 'PRIVATE-TOKEN': SANDBOX_TOKEN });
    try {
      await expect(c.subscribeResource({ uri: 'forge://project/1/issue/2' })).rejects.toThrow(/not available on the stateless HTTP transport/);
    } finally {
      await c.close();
    }
  });
});

describe('resources/subscribe on a stateful session', () => {
  it('notifies on the session stream, and stops after unsubscribe', async () => {
    const c = await connect(stateful, { 'PRIVATE-TOKEN': SANDBOX_TOKEN });
    try {
      const seen = collect(c);
      const uri = 'forge://project/1/issue/2';
      await c.subscribeResource({ uri });
      await edit(c, 2, { title: 'Changed under a stateful watch' });
      const n = await until(() => seen[0]);
      expect(n.uri).toBe(uri);
      expect(n._meta?.['io.forge/watch']).toEqual({ state: 'active', poll_interval_s: 15 });
      await c.unsubscribeResource({ uri });
      await edit(c, 2, { title: 'Changed after unsubscribe' });
      await new Promise((r) => setTimeout(r, 500));
      expect(seen).toHaveLength(1);
      await expect(c.subscribeResource({ uri: 'forge://project/1/issues' })).rejects.toThrow(/collections are refused/);
      await expect(c.subscribeResource({ uri: 'forge://project/1/issue/99999' })).rejects.toThrow(/does not exist or is not accessible/);
    } finally {
      await c.close();
    }
  });
});

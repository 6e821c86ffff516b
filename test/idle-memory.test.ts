// Issue #31: a stdio server that has answered its calls and gone quiet gives memory back with one
// low-memory collection (src/server/idle-memory.ts): only after a tools/call, never with a request in
// flight, once per idle period; a message arriving during the collection waits for it and is answered.
import { afterAll, describe, expect, it } from 'vitest';
import { getHeapSpaceStatistics } from 'node:v8';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { SANDBOX_TOKEN } from '../src/sandbox/index.js';
import { createStdioCore } from '../src/server/stdio.js';
import { IDLE_COLLECTION, type IdleCollection } from '../src/server/idle-memory.js';
import { apiRequests, startServer, text, until, withSandbox, type ToolResultLike } from './helpers/harness.js';
import { configure } from './helpers/inproc.js';

const sandbox = await withSandbox();
afterAll(() => sandbox.close());

const IDLE_MS = 100;
const LIST = { name: 'forge_execute_action', arguments: { action: 'issue.list', params: { project_id: 'demo-group/demo-project' } } };

/** An in-process stdio server whose idle collection is `collect`, and a client counting its calls in flight. */
async function serve(collect: () => Promise<void>, spacingMs = 0) {
  const env = { FORGE_TOKEN: SANDBOX_TOKEN, FORGE_URL: sandbox.url };
  const { config, log } = await configure([], env, () => undefined);
  const core = createStdioCore(config, log, { cwd: process.cwd(), env, idle: { idleMs: IDLE_MS, spacingMs, collect } satisfies IdleCollection });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const connection = await core.serve(serverSide);
  const client = new Client({ name: 'idle-memory', version: '1' });
  await client.connect(clientSide);
  await client.listTools();
  const state = { calling: 0 };
  const call = async () => {
    state.calling++;
    try { return await client.callTool(LIST) as ToolResultLike; } finally { state.calling--; }
  };
  const close = async () => { await client.close(); await connection.close(); await core.close(); };
  return { state, call, close, connection };
}

/** A server whose collections wait until `held.release()`; `held.started` counts the collections begun. */
function heldServer(held: { started: number; release: () => void }) {
  return serve(() => new Promise<void>((r) => { held.started++; held.release = r; }));
}

describe('the idle collection of a stdio server', () => {
  it('runs once the wire is quiet after a call, never during the call, once per idle period', async () => {
    const seen: Array<{ calling: number }> = [];
    const s = await serve(async () => { seen.push({ calling: s.state.calling }); });
    try {
      // A listing alone does not arm it: the opening's memory is what the first call needs.
      await sleep(IDLE_MS * 3);
      expect(seen).toEqual([]);
      // The call stays in flight four idle periods (the platform answers slowly): nothing runs meanwhile.
      sandbox.fault({ path: '/api/v4/projects/demo-group%2Fdemo-project/issues', delayMs: IDLE_MS * 4, times: 1 });
      const first = await s.call();
      expect(first.isError).toBeFalsy();
      expect(seen).toEqual([]);
      await until(() => seen.length === 1 || undefined);
      // Once per idle period: more quiet time collects nothing more.
      await sleep(IDLE_MS * 4);
      expect(seen).toEqual([{ calling: 0 }]);
      // The next call re-arms it.
      expect(text(await s.call())).toBe(text(first));
      await until(() => seen.length === 2 || undefined);
      expect(seen).toEqual([{ calling: 0 }, { calling: 0 }]);
    } finally {
      await s.close();
    }
  });

  it('holds a call arriving during a collection until it is over, then answers it normally', async () => {
    const held = { started: 0, release: () => {} };
    const s = await heldServer(held);
    try {
      const first = await s.call();
      await until(() => held.started === 1 || undefined);
      sandbox.clearLog();
      let settled = false;
      const second = s.call().finally(() => { settled = true; });
      await sleep(IDLE_MS * 3);
      // Held: not served, nothing sent to the platform.
      expect(settled).toBe(false);
      expect(apiRequests(sandbox)).toEqual([]);
      held.release();
      const answer = await second;
      expect(answer.isError).toBeFalsy();
      expect(text(answer)).toBe(text(first));
      expect(apiRequests(sandbox).map((e) => e.path)).toEqual(['/api/v4/projects/demo-group%2Fdemo-project/issues']);
      // The held call was a call: once quiet again, one more collection.
      await until(() => held.started === 2 || undefined);
    } finally {
      held.release();
      await s.close();
    }
  });

  it('drains a call held by a collection before the process may end', async () => {
    const held = { started: 0, release: () => {} };
    const s = await heldServer(held);
    try {
      const first = await s.call();
      await until(() => held.started === 1 || undefined);
      const second = s.call();
      // As when stdin closes right after a request: the drain must wait for the held call's answer.
      let drained = false;
      const drain = s.connection.drained(30_000).then(() => { drained = true; });
      await sleep(IDLE_MS * 3);
      expect(drained).toBe(false);
      held.release();
      await drain;
      expect(text(await second)).toBe(text(first));
    } finally {
      held.release();
      await s.close();
    }
  });

  it('collects at most once per spacing, however many idle periods', async () => {
    let collections = 0;
    const s = await serve(async () => { collections++; }, 60_000);
    try {
      await s.call();
      await until(() => collections === 1 || undefined);
      await s.call();
      await sleep(IDLE_MS * 4);
      expect(collections).toBe(1);
    } finally {
      await s.close();
    }
  });
});

describe('the collection the stdio process uses', () => {
  it('shrinks the young generation', async () => {
    const newSpace = () => getHeapSpaceStatistics().find((sp) => sp.space_name === 'new_space')!.space_size;
    // Objects surviving a few scavenges each: V8 grows the young generation for them.
    let survivors: object[] = [];
    for (let round = 0; round < 60; round++) survivors = Array.from({ length: 20_000 }, (_, i) => ({ i, round }));
    expect(survivors).toHaveLength(20_000);
    const before = newSpace();
    await IDLE_COLLECTION.collect();
    expect(newSpace()).toBeLessThan(before);
  });

  it('leaves a stdio process answering calls after it has run', async () => {
    const server = await startServer({ sandbox });
    try {
      const first = await server.call(LIST.name, LIST.arguments);
      expect(first.isError).toBeFalsy();
      // Past the quiet time: the process has collected (the timer is the process's own, not stubbed).
      await sleep(IDLE_COLLECTION.idleMs + 500);
      const again = await server.call(LIST.name, LIST.arguments);
      expect(text(again)).toBe(text(first));
      // Nothing logged at error level or above (pino's 50 and 60).
      expect(server.stderr()).not.toMatch(/"level":[56]0/);
    } finally {
      await server.close();
    }
  });
});

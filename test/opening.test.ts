// The stdio opening answered before the MCP SDK has loaded (src/server/opening.ts, issue #31): its
// initialize and first tools/list answers are byte for byte the SDK server's own, for every protocol
// version the SDK supports, every surface and every token kind; what arrives before the SDK is ready is
// answered, in order; and the SDK's answer to the replayed initialize is compared and never sent twice.
import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, InMemoryTransport, type Transport } from '@modelcontextprotocol/client';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/server';
import { GRANULAR_TOKEN, READONLY_TOKEN, READUSER_TOKEN, SANDBOX_TOKEN } from '../src/sandbox/index.js';
import { createStdioCore, type StdioCore } from '../src/server/stdio.js';
import { INITIALIZE_VERSIONS, startOpening } from '../src/server/opening.js';
import { serveSession, type StdioConnection } from '../src/server/stdio-serve.js';
import { CLI, until, withSandbox } from './helpers/harness.js';
import { configure } from './helpers/inproc.js';

const sandbox = await withSandbox();
afterAll(() => sandbox.close());

type Message = Parameters<Transport['send']>[0];
interface Served { send(m: object): Promise<void>; answer(id: number): Promise<string>; lines: string[]; log: () => string; close(): Promise<void> }

/**
 * One connection as a client sees it: every message the server sends, as JSON text, in order.
 * `sdkOnly`: the SDK's server alone on the connection (what the opening must match), after the start-up reads.
 */
async function serve(o: { token?: string; env?: Record<string, string>; sdkOnly?: boolean }): Promise<Served> {
  let logged = '';
  const env = { FORGE_TOKEN: o.token ?? SANDBOX_TOKEN, FORGE_URL: sandbox.url, ...o.env };
  const { config, log } = await configure([], env, (line) => { logged += line; });
  const core: StdioCore = createStdioCore(config, log, { cwd: process.cwd(), env });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const lines: string[] = [];
  clientSide.onmessage = (m) => { lines.push(JSON.stringify(m)); };
  await clientSide.start();
  let connection: StdioConnection;
  if (o.sdkOnly) {
    await core.ready;
    connection = serveSession(core.session, log, serverSide);
  } else {
    connection = await core.serve(serverSide);
  }
  return {
    send: (m) => clientSide.send(m as Message),
    answer: (id) => until(() => lines.find((l) => (JSON.parse(l) as { id?: unknown }).id === id), 30_000),
    lines,
    log: () => logged,
    close: async () => { await connection.close(); await core.close(); },
  };
}

const initialize = (protocolVersion: string, capabilities: object = {}) => ({
  jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion, capabilities, clientInfo: { name: 'opening-test', version: '1' } },
});

/** initialize, initialized, tools/list: the two answers as sent. */
async function opening(o: Parameters<typeof serve>[0], version: string, capabilities?: object): Promise<string[]> {
  const s = await serve(o);
  try {
    await s.send(initialize(version, capabilities));
    const init = await s.answer(1);
    await s.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    await s.send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    const list = await s.answer(2);
    expect(s.lines).toHaveLength(2);
    return [init, list];
  } finally {
    await s.close();
  }
}

const APPS = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };

describe('initialize and the first tools/list, answered before the SDK loads, are the SDK\'s answers', () => {
  it('negotiates the versions the SDK\'s initialize negotiates, latest first', () => {
    expect(INITIALIZE_VERSIONS).toEqual(SUPPORTED_PROTOCOL_VERSIONS.filter((v) => v < '2026-07-28'));
  });

  for (const version of [...SUPPORTED_PROTOCOL_VERSIONS.filter((v) => v < '2026-07-28'), '2099-01-01', 'not-a-version']) {
    it(`byte for byte at protocol version ${version}`, async () => {
      const early = await opening({}, version);
      expect(early).toEqual(await opening({ sdkOnly: true }, version));
      expect(JSON.parse(early[0]).result.protocolVersion).toBe(INITIALIZE_VERSIONS.includes(version) ? version : INITIALIZE_VERSIONS[0]);
    }, 60_000);
  }

  for (const surface of ['dynamic', 'meta', 'individual']) {
    for (const [kind, token] of [['api', SANDBOX_TOKEN], ['read-only', READONLY_TOKEN], ['fine-grained', GRANULAR_TOKEN]] as const) {
      it(`byte for byte on the ${surface} surface with a ${kind} token`, async () => {
        const o = { token, env: { FORGE_MCP_TOOL_SURFACE: surface } };
        const early = await opening(o, INITIALIZE_VERSIONS[0]);
        expect(early).toEqual(await opening({ ...o, sdkOnly: true }, INITIALIZE_VERSIONS[0]));
        expect(JSON.parse(early[1]).result.tools.length).toBeGreaterThan(1);
      }, 120_000);
    }
  }

  it('byte for byte for a client that renders MCP App views (its two tools listed too)', async () => {
    const early = await opening({}, INITIALIZE_VERSIONS[0], APPS);
    expect(early).toEqual(await opening({ sdkOnly: true }, INITIALIZE_VERSIONS[0], APPS));
    expect((JSON.parse(early[1]).result.tools as { name: string }[]).map((t) => t.name)).toEqual(['forge_find_action', 'forge_execute_action', 'forge_show', 'forge_view_action']);
  }, 60_000);

  it('a token below the minimum scopes gets the SDK\'s refusal of the listing', async () => {
    const early = await opening({ token: READUSER_TOKEN }, INITIALIZE_VERSIONS[0]);
    expect(early).toEqual(await opening({ token: READUSER_TOKEN, sdkOnly: true }, INITIALIZE_VERSIONS[0]));
    expect(JSON.parse(early[1]).error.code).toBe(-40300);
  }, 60_000);

  it('the 2026-07-28 era (server/discover, then enveloped requests) is the SDK\'s own, the same as without the opening', async () => {
    const modern = async (sdkOnly: boolean): Promise<string[]> => {
      const env = { FORGE_TOKEN: SANDBOX_TOKEN, FORGE_URL: sandbox.url };
      const { config, log } = await configure([], env, () => undefined);
      const core = createStdioCore(config, log, { cwd: process.cwd(), env });
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      const lines: string[] = [];
      const recording: Transport = {
        start: () => clientSide.start(),
        send: (m, opts) => clientSide.send(m, opts),
        close: () => clientSide.close(),
        set onmessage(h) { clientSide.onmessage = (m, extra) => { lines.push(JSON.stringify(m)); h?.(m, extra); }; },
        get onmessage() { return clientSide.onmessage; },
        set onclose(h) { clientSide.onclose = h; },
        get onclose() { return clientSide.onclose; },
        set onerror(h) { clientSide.onerror = h; },
        get onerror() { return clientSide.onerror; },
      };
      if (sdkOnly) await core.ready;
      const connection = sdkOnly ? serveSession(core.session, log, serverSide) : await core.serve(serverSide);
      const client = new Client({ name: 'opening-test', version: '1' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } } as never);
      try {
        await client.connect(recording);
        await client.listTools();
        return lines;
      } finally {
        await client.close();
        await connection.close();
        await core.close();
      }
    };
    const early = await modern(false);
    expect(early).toEqual(await modern(true));
    expect(JSON.parse(early[0]).result.supportedVersions).toEqual(['2026-07-28']);
  }, 60_000);
});

describe('what arrives before the SDK is ready', () => {
  it('is answered after the opening\'s two answers, delivered in order; the replayed initialize is answered once', async () => {
    const s = await serve({});
    try {
      // All at once: nothing waits for an answer.
      await s.send(initialize(INITIALIZE_VERSIONS[0]));
      await s.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
      await s.send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
      await s.send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'forge_execute_action', arguments: { action: 'issue.list', params: { project_id: 'demo-group/demo-project' } } } });
      // Pings are answered as soon as they are delivered: their answers show the order of delivery.
      for (const id of [4, 5, 6, 7]) await s.send({ jsonrpc: '2.0', id, method: 'ping' });
      await s.send({ jsonrpc: '2.0', id: 8, method: 'no/such-method' });
      await until(() => (s.lines.length >= 8 ? true : undefined), 30_000);
      const answers = s.lines.map((l) => JSON.parse(l) as { id: number; result?: Record<string, unknown>; error?: { code: number } });
      const byId = new Map(answers.map((a) => [a.id, a]));
      expect(answers.slice(0, 2).map((a) => a.id)).toEqual([1, 2]);
      expect(answers.map((a) => a.id).filter((id) => id >= 4 && id <= 7)).toEqual([4, 5, 6, 7]);
      expect(answers.map((a) => a.id).sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      expect((byId.get(3)?.result as { isError?: boolean }).isError).toBeFalsy();
      expect(byId.get(4)?.result).toEqual({});
      expect(byId.get(8)?.error?.code).toBe(-32601);
      expect(s.log()).not.toMatch(/differs from the SDK/);
    } finally {
      await s.close();
    }
  }, 60_000);

  it('a tools/call as the first message after initialize is answered (no listing first)', async () => {
    const s = await serve({});
    try {
      await s.send(initialize(INITIALIZE_VERSIONS[0]));
      await s.answer(1);
      await s.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
      await s.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'forge_execute_action', arguments: { action: 'issue.list', params: { project_id: 'demo-group/demo-project' } } } });
      const call = JSON.parse(await s.answer(2)) as { result: { isError?: boolean; content: { text: string }[] } };
      expect(call.result.isError).toBeFalsy();
      expect(call.result.content[0].text).toMatch(/Issues/);
      expect(s.lines).toHaveLength(2);
    } finally {
      await s.close();
    }
  }, 60_000);

  it('a request before initialize goes to the SDK\'s server, which answers it as it always did', async () => {
    const early = await serve({});
    const sdk = await serve({ sdkOnly: true });
    try {
      for (const s of [early, sdk]) {
        await s.send({ jsonrpc: '2.0', id: 7, method: 'ping' });
        await s.answer(7);
      }
      expect(early.lines).toEqual(sdk.lines);
    } finally {
      await early.close();
      await sdk.close();
    }
  }, 60_000);
});

describe('the replayed initialize', () => {
  it('an SDK answer that differs from the one sent is logged once at warn and never sent', async () => {
    let logged = '';
    const env = { FORGE_TOKEN: SANDBOX_TOKEN, FORGE_URL: sandbox.url };
    const { config, log } = await configure([], env, (line) => { logged += line; });
    const core = createStdioCore(config, log, { cwd: process.cwd(), env });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const lines: string[] = [];
    clientSide.onmessage = (m) => { lines.push(JSON.stringify(m)); };
    await clientSide.start();
    // A stand-in for the SDK's server whose initialize answer names another version of the server.
    const connection = await startOpening(core.session, serverSide, log, async (transport) => {
      transport.onmessage = (m) => {
        const r = m as { id?: number; method?: string };
        if (r.method === 'initialize') void transport.send({ result: { protocolVersion: INITIALIZE_VERSIONS[0], serverInfo: { name: 'forge-mcp-server', version: 'other' } }, jsonrpc: '2.0', id: r.id } as never);
        else if (r.id !== undefined) void transport.send({ result: {}, jsonrpc: '2.0', id: r.id } as never);
      };
      return { drained: async () => undefined, close: () => transport.close() };
    });
    try {
      await clientSide.send(initialize(INITIALIZE_VERSIONS[0]) as Message);
      await until(() => lines[0]);
      await clientSide.send({ jsonrpc: '2.0', id: 2, method: 'ping' } as Message);
      await until(() => lines[1]);
      await until(() => (/differs from the SDK/.test(logged) ? true : undefined));
      expect(lines.map((l) => (JSON.parse(l) as { id: number }).id)).toEqual([1, 2]);
      expect(JSON.parse(lines[0]).result.serverInfo.version).not.toBe('other');
      expect(logged.match(/differs from the SDK/g)).toHaveLength(1);
    } finally {
      await connection.close();
      await core.close();
    }
  }, 60_000);
});

describe('over stdio (the built server)', () => {
  it('writes the SDK\'s initialize and tools/list lines, byte for byte', async () => {
    const home = mkdtempSync(join(tmpdir(), 'forge-home-'));
    const child = spawn(process.execPath, [CLI], { cwd: home, env: { PATH: process.env.PATH ?? '', HOME: home, FORGE_TOKEN: SANDBOX_TOKEN, FORGE_URL: sandbox.url, FORGE_MCP_LOG_LEVEL: 'warn' }, stdio: ['pipe', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => { out += d.toString('utf8'); });
    const lines = () => out.split('\n').filter(Boolean);
    try {
      child.stdin.write(`${JSON.stringify(initialize(INITIALIZE_VERSIONS[0]))}\n`);
      await until(() => lines()[0], 30_000);
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' })}\n`);
      await until(() => lines()[1], 30_000);
      expect(lines()).toEqual(await opening({ sdkOnly: true }, INITIALIZE_VERSIONS[0]));
    } finally {
      child.stdin.end();
      await new Promise((r) => child.once('exit', r));
    }
  }, 60_000);
});

// End-to-end harness: the built server as a child process over stdio, driven by the SDK Client,
// against the sandbox instance started in the test process on loopback.
import { afterAll, beforeAll } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, type Transport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { startSandbox, SANDBOX_TOKEN, type Sandbox, type SandboxOptions } from '../../src/sandbox/index.js';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CLI = join(ROOT, 'dist', 'bundle', 'cli.js');

/** Every token value the suite uses, for the leak scan. */
export const secretsInUse = new Set<string>();
/** Everything servers wrote to stderr, and every result they answered, in this test file. */
export const stderrChunks: string[] = [];
export const answers: string[] = [];

export interface ToolResultLike {
  content: Array<{ type: string; text?: string; annotations?: { audience?: string[] }; resource?: { uri: string; text?: string } }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

export interface Running {
  client: Client;
  transport: Transport;
  stderr: () => string;
  call: (name: string, args?: Record<string, unknown> | unknown) => Promise<ToolResultLike>;
  close: () => Promise<void>;
}

export interface StartOptions {
  sandbox: Sandbox;
  token?: string;
  env?: Record<string, string>;
  args?: string[];
  capabilities?: Record<string, unknown>;
  onElicit?: (params: { message: string }) => Promise<{ action: 'accept' | 'decline' | 'cancel'; content?: Record<string, unknown> }>;
  /** Speak protocol revision 2026-07-28 (input requests instead of server→client requests). */
  modern?: boolean;
  /** Client name sent in clientInfo (default e2e). */
  clientName?: string;
}

/** The SDK client both harnesses drive: the test's client name, capabilities, revision and elicitation answer. */
export function newClient(o: Pick<StartOptions, 'clientName' | 'capabilities' | 'modern' | 'onElicit'>): Client {
  const client = new Client({ name: o.clientName ?? 'e2e', version: '1.0.0' }, {
    capabilities: (o.capabilities ?? {}) as never,
    ...(o.modern ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {}),
  } as never);
  if (o.onElicit) {
    const handler = o.onElicit;
    client.setRequestHandler('elicitation/create', async (req) => handler(req.params as { message: string }) as never);
  }
  return client;
}

/** A tool call whose answer (or error) is recorded for the leak scan. */
export function recordedCall(client: Client): Running['call'] {
  return async (name, args) => {
    try {
      const r = (await client.callTool({ name, arguments: (args ?? {}) as Record<string, unknown> })) as ToolResultLike;
      answers.push(JSON.stringify(r));
      return r;
    } catch (e) {
      answers.push(String((e as Error).message));
      throw e;
    }
  };
}

export async function startServer(o: StartOptions): Promise<Running> {
  const token = o.token ?? SANDBOX_TOKEN;
  if (token) secretsInUse.add(token);
  const home = mkdtempSync(join(tmpdir(), 'forge-home-'));
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, ...(o.args ?? [])],
    env: { PATH: process.env.PATH ?? '', HOME: home, FORGE_TOKEN: token, FORGE_URL: o.sandbox.url, FORGE_MCP_LOG_LEVEL: 'info', ...o.env },
    stderr: 'pipe',
    // A working directory of its own: nothing the server writes relative to it lands in the repository.
    cwd: home,
  });
  let err = '';
  transport.stderr?.on('data', (d: Buffer) => { err += d.toString(); stderrChunks.push(d.toString()); });
  const client = newClient(o);
  await client.connect(transport);
  await client.listTools().catch(() => undefined);
  // The dynamic surface's listing waits for the scope read alone: the server says (at INFO) when all its
  // start-up reads are done, and only then do the sandbox log and the server's log start clean.
  await startupReadsSettled(() => err, o.env?.FORGE_MCP_LOG_LEVEL);
  o.sandbox.clearLog();
  return {
    client,
    transport,
    stderr: () => err,
    call: recordedCall(client),
    close: async () => { await client.close(); },
  };
}

/** The INFO line a stdio server says once its start-up reads are done (src/server/stdio.ts). */
const STARTUP_READS_SETTLED = 'start-up reads settled';

/** Waits for the server's line saying its start-up reads are done (they are bounded by 5 s). */
export async function startupReadsSettled(stderr: () => string, level = 'info'): Promise<void> {
  if (!['trace', 'debug', 'info'].includes(level)) throw new Error(`startServer needs a log level of info or lower (not ${level}) to know when the start-up reads are done`);
  await until(() => (stderr().includes(STARTUP_READS_SETTLED) ? true : undefined), 10_000);
}

export async function withSandbox(opts?: SandboxOptions): Promise<Sandbox> {
  return startSandbox(opts);
}

/** A fresh sandbox for one test file (or describe block): started before its tests, closed after them. */
export function sandboxPerFile(opts?: SandboxOptions): { readonly sb: Sandbox } {
  const on = {} as { sb: Sandbox };
  beforeAll(async () => { on.sb = await withSandbox(opts); });
  afterAll(async () => { await on.sb?.close(); });
  return on;
}

/** Lists the demo project's issues through a client on `transport`, as a configured client would, then closes it. */
export async function listDemoIssues(transport: Transport, clientName: string): Promise<string> {
  const client = new Client({ name: clientName, version: '1.0.0' });
  await client.connect(transport);
  try {
    const r = await client.callTool({ name: 'forge_execute_action', arguments: { action: 'issue.list', params: { project_id: 'demo-group/demo-project' } } }) as ToolResultLike;
    if (r.isError) throw new Error(`issue.list answered an error: ${text(r)}`);
    return r.content[0]!.text!;
  } finally {
    await client.close();
  }
}

export const text = (r: ToolResultLike): string => r.content.map((c) => c.text ?? '').join('\n');

/** Requests that reached the sandbox's API origin. */
export const apiRequests = (sb: Sandbox) => sb.log.filter((e) => e.origin === 'api');

/** Polls `what` every 50 ms until it returns a value, or fails after `ms`. */
export async function until<T>(what: () => T | undefined, ms = 5_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = what();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

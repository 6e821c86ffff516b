// In-process harness: the same server the CLI builds (configuration read from argv and env by the
// same loader, the same stdio core and SDK era handling), but inside the test process, connected to
// the SDK client by the SDK's in-memory transport. No child process: for tests of tool behaviour.
// Start-up, the stdio wire, the CLI, signals and the terminal stay with the process harness.
// Log lines go to a sink read into the same stderr record the leak scan reads (never process stderr).
import { afterAll, beforeAll } from 'vitest';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InMemoryTransport } from '@modelcontextprotocol/client';
import { loadConfig, type Config } from '../../src/config/index.js';
import { createLogger, type Logger } from '../../src/observe/log.js';
import { createStdioCore } from '../../src/server/stdio.js';
import { SANDBOX_TOKEN, type Sandbox, type SandboxOptions } from '../../src/sandbox/index.js';
import { buildSearchIndex } from '../../src/surfaces/dynamic.js';
import { newClient, recordedCall, sandboxPerFile, secretsInUse, stderrChunks, type Running, type StartOptions } from './harness.js';

function readFileOrUndefined(path: string): string | undefined {
  try { return readFileSync(path, 'utf8'); } catch { return undefined; }
}

/** Reads a configuration the way the CLI does (argv, env, a home of its own) and a logger writing into `sink`. */
export async function configure(argv: string[], env: Record<string, string>, sink: (line: string) => void): Promise<{ config: Config; log: Logger; home: string }> {
  const home = mkdtempSync(join(tmpdir(), 'forge-home-'));
  const fullEnv = { HOME: home, FORGE_MCP_LOG_LEVEL: 'info', ...env };
  const loaded = loadConfig({ argv, env: fullEnv, homeDir: home, cwd: home, readFile: readFileOrUndefined, fileExists: existsSync, stdinIsPipe: true });
  if (!loaded.ok) throw new Error(`configuration refused: ${loaded.message}`);
  if ('exit' in loaded) throw new Error(`configuration asks to exit (${loaded.exit})`);
  const log = await createLogger(loaded.config.logLevel, { sink: { write: sink } });
  for (const w of loaded.warnings) log.warn(w);
  for (const n of loaded.notices) log.info(n);
  return { config: loaded.config, log, home };
}

let searchBuilt = false;

/** `startServer` of harness.ts, with the server built in this process. */
export async function startInProcess(o: StartOptions): Promise<Running> {
  const token = o.token ?? SANDBOX_TOKEN;
  if (token) secretsInUse.add(token);
  let err = '';
  const env: Record<string, string> = { FORGE_TOKEN: token, FORGE_URL: o.sandbox.url, ...o.env };
  const { config, log } = await configure(o.args ?? [], env, (line) => { err += line; stderrChunks.push(line); });
  // The process harness's server reads this process's cwd for local file paths, as the CLI does.
  const core = createStdioCore(config, log, { cwd: process.cwd(), env });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const connection = await core.serve(serverSide);
  const client = newClient(o);
  await client.connect(clientSide);
  const listed = await client.listTools().catch(() => undefined);
  // The dynamic surface's listing waits for the scope read alone: wait for all the start-up reads, so
  // the tests' sandbox log and the server's log start clean.
  await core.ready;
  // The dynamic surface makes its find index on the first find; from src/ (no index file beside it) that
  // is a build of about a second of CPU in the event loop this process shares with the sandbox and every
  // other server (a later test's retry waits and start-up bound would stretch): built here, once per process, first.
  if (!searchBuilt && listed?.tools.some((t) => t.name === 'forge_find_action')) {
    searchBuilt = true;
    await buildSearchIndex();
  }
  o.sandbox.clearLog();
  return {
    client,
    transport: clientSide,
    stderr: () => err,
    call: recordedCall(client),
    close: async () => {
      await client.close();
      await connection.close();
      await core.close();
    },
  };
}

/** How `sandboxServer` starts the server (token, environment, client) and, under `sandbox`, the sandbox. */
export interface SandboxServerOptions extends Omit<StartOptions, 'sandbox'> {
  sandbox?: SandboxOptions;
}

/**
 * A fresh sandbox and an in-process server over it for one test file (or describe block): started before
 * its tests, closed after them. The hooks register where this is called, so a `beforeAll` written after it
 * runs once both are up.
 */
export function sandboxServer(o: SandboxServerOptions = {}): { readonly sb: Sandbox; readonly srv: Running } {
  const { sandbox, ...server } = o;
  // Its hooks run first, and (after hooks run in reverse) its close last: the server closes before its sandbox.
  const on = sandboxPerFile(sandbox) as { sb: Sandbox; srv: Running };
  beforeAll(async () => { on.srv = await startInProcess({ ...server, sandbox: on.sb }); });
  afterAll(async () => { await on.srv?.close(); });
  return on;
}

/** The sandbox's own answer, straight from its REST API (JSON body, the demo token unless another is given). */
export function sandboxApi(on: { readonly sb: Sandbox }) {
  return async (path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<{ status: number; body: any }> => {
    const res = await fetch(`${on.sb.url}/api/v4${path}`, {
      method: init.method ?? 'GET',
      headers: { 'private-token': init.token ?? SANDBOX_TOKEN, ...(init.body ? { 'content-type': 'application/json' } : {}) },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    const raw = await res.text();
    return { status: res.status, body: raw ? JSON.parse(raw) : undefined };
  };
}

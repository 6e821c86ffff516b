// The built server over stdio started in a directory of the test's choosing (local file paths are
// relative to it), with a home directory of its own: for tests of local file reads and writes.
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { SANDBOX_TOKEN, type Sandbox } from '../../src/sandbox/index.js';
import { CLI, newClient, recordedCall, secretsInUse, startupReadsSettled, stderrChunks, type StartOptions, type ToolResultLike } from './harness.js';

export interface LocalServer {
  stderr: () => string;
  /** forge_execute_action (dynamic surface), with an optional top-level confirm. */
  call: (action: string, params: Record<string, unknown>, confirm?: boolean) => Promise<ToolResultLike>;
  /** Any tool by name (individual and meta surfaces). */
  tool: (name: string, args: Record<string, unknown>) => Promise<ToolResultLike>;
  close: () => Promise<void>;
}

export async function serverIn(sb: Sandbox, cwd: string, home: string, env: Record<string, string> = {}, o: Pick<StartOptions, 'capabilities' | 'onElicit'> = {}): Promise<LocalServer> {
  secretsInUse.add(SANDBOX_TOKEN);
  let err = '';
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI],
    env: { PATH: process.env.PATH ?? '', HOME: home, FORGE_TOKEN: SANDBOX_TOKEN, FORGE_URL: sb.url, FORGE_MCP_LOG_LEVEL: 'info', ...env },
    stderr: 'pipe',
    cwd,
  });
  transport.stderr?.on('data', (d: Buffer) => { err += d.toString(); stderrChunks.push(d.toString()); });
  const client = newClient({ clientName: 'localpath', ...o });
  await client.connect(transport);
  await client.listTools();
  // The start-up reads (version, tier) land in the sandbox log on their own time: a test that clears the log and
  // asserts a call sent nothing must start after them (under load they came after the clear).
  await startupReadsSettled(() => err, env.FORGE_MCP_LOG_LEVEL);
  const tool = recordedCall(client);
  return {
    stderr: () => err,
    call: (action, params, confirm) => tool('forge_execute_action', { action, params, ...(confirm === undefined ? {} : { confirm }) }),
    tool,
    close: () => client.close(),
  };
}

// What `forge-mcp-server --http --sandbox` prints (loaded only then: it names the sandbox's demo tokens).
import { SANDBOX_TOKEN as SANDBOX_DEMO_TOKEN, READONLY_TOKEN as SANDBOX_READONLY_TOKEN } from '../sandbox/tokens.js';

/**
 * The bound address as a client on this machine reaches it: a wildcard bind (`--http-addr :8080`,
 * as in the container) is reached on loopback, which the Host check always admits; `http://[::]` is
 * no address a client can use.
 */
function reachable(address: string): string {
  const u = new URL(address);
  if (u.hostname === '[::]' || u.hostname === '0.0.0.0') u.hostname = '127.0.0.1';
  return u.origin;
}

/** What `forge-mcp-server --http --sandbox` prints: the demo tokens, a ready curl line and a client snippet. */
export function httpSandboxGuide(address: string): string {
  // A unix socket (an --http-addr path) is reached by curl through --unix-socket; editors take URLs only.
  const socket = !address.startsWith('http');
  const url = socket ? 'http://localhost/mcp' : `${reachable(address)}/mcp`;
  const list = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'forge_execute_action', arguments: { action: 'issue.list', params: { project_id: 'demo-group/demo-project' } } } });
  const vscode = JSON.stringify({ servers: { gitlab: { type: 'http', url, headers: { 'PRIVATE-TOKEN': SANDBOX_DEMO_TOKEN } } } }, null, 2);
  const where = socket ? `the unix socket ${address}` : url;
  return [
    '',
    'Forge MCP Server — HTTP mode on the sandbox (a simulated GitLab instance with demo data).',
    '',
    `Endpoint: ${where}`,
    `Demo tokens (sandbox only): ${SANDBOX_DEMO_TOKEN} (api), ${SANDBOX_READONLY_TOKEN} (read_api)`,
    '',
    'Try it:',
    `curl -s ${socket ? `--unix-socket '${address}' ` : ''}${url} -H 'PRIVATE-TOKEN: ${SANDBOX_DEMO_TOKEN}' -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream' -H 'MCP-Protocol-Version: 2025-06-18' -d '${list}'`,
    '',
    ...(socket ? [] : ['VS Code (.vscode/mcp.json):', vscode, '']),
    `Waiting for MCP clients at ${where}. Ctrl+C quits.`,
    '',
  ].join('\n') + '\n';
}

// What `forge-mcp-server --http --sandbox` prints (loaded only then: it names the sandbox's demo tokens).
import { SANDBOX_TOKEN as SANDBOX_DEMO_TOKEN, READONLY_TOKEN as SANDBOX_READONLY_TOKEN } from '../sandbox/tokens.js';

/** What `forge-mcp-server --http --sandbox` prints: the demo tokens, a ready curl line and a client snippet. */
export function httpSandboxGuide(address: string): string {
  const url = address.startsWith('http') ? `${address}/mcp` : address;
  const list = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'forge_execute_action', arguments: { action: 'issue.list', params: { project_id: 'demo-group/demo-project' } } } });
  const vscode = JSON.stringify({ servers: { gitlab: { type: 'http', url, headers: { 'PRIVATE-TOKEN': SANDBOX_DEMO_TOKEN } } } }, null, 2);
  return [
    '',
    'Forge MCP Server — HTTP mode on the sandbox (a simulated GitLab instance with demo data).',
    '',
    `Endpoint: ${url}`,
    `Demo tokens (sandbox only): ${SANDBOX_DEMO_TOKEN} (api), ${SANDBOX_READONLY_TOKEN} (read_api)`,
    '',
    'Try it:',
    `curl -s ${url} -H 'PRIVATE-TOKEN: ${SANDBOX_DEMO_TOKEN}' -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream' -H 'MCP-Protocol-Version: 2025-06-18' -d '${list}'`,
    '',
    'VS Code (.vscode/mcp.json):',
    vscode,
    '',
    `Waiting for MCP clients at ${url}. Ctrl+C quits.`,
    '',
  ].join('\n') + '\n';
}

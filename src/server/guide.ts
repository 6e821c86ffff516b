// What `forge-mcp-server --sandbox` prints when started in a terminal instead of by an MCP client.

export function sandboxGuide(): string {
  // The command that is running now, so the snippet works from a clone as well as from an install.
  const server = { command: process.execPath, args: [process.argv[1] ?? 'forge-mcp-server', '--sandbox'] };
  const snippet = JSON.stringify({ mcpServers: { forge: server } }, null, 2);
  // VS Code names the map `servers` and wants the transport type.
  const vscode = JSON.stringify({ servers: { forge: { type: 'stdio', ...server } } }, null, 2);
  const init = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'terminal', version: '1' } } });
  const inited = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' });
  const find = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'forge_find_action', arguments: { query: 'list open issues' } } });
  const run = JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'forge_execute_action', arguments: { action: 'issue.list', params: { project_id: 'demo-group/demo-project', state: 'opened' } } } });
  return [
    '',
    'Forge MCP Server — sandbox mode (a simulated GitLab instance with demo data; no account needed).',
    '',
    'This is an MCP server: an AI assistant starts it and talks to it over stdin/stdout.',
    'To use it from your assistant, add this to the client configuration (Claude Desktop, Cursor, ...):',
    '',
    snippet,
    '',
    'VS Code (.vscode/mcp.json):',
    '',
    vscode,
    '',
    'Or talk to it right here: paste these lines one at a time (JSON-RPC), then press Ctrl+D to quit.',
    '',
    init,
    inited,
    find,
    run,
    '',
  ].join('\n') + '\n';
}

/**
 * What a stdio server started in a terminal says once its start-up reads are done, so a person who
 * ran it by hand knows it is not hung: where it acts, as whom, and that it waits for a client.
 */
export function terminalStatus(instance: string, user: { username: string } | undefined): string {
  const where = user ? `Connected to ${instance} as @${user.username}.` : `Could not confirm the token at ${instance} yet (tool calls will say why).`;
  return `${where} Waiting for an MCP client on stdin: an AI assistant starts this command itself (see the README for its configuration). Ctrl+C quits.\n`;
}

/** Said at once when a stdio server starts in a terminal with a token, before the token is checked. */
export function terminalStarting(instance: string): string {
  return `\nForge MCP Server (stdio) — checking the token at ${instance}…\n`;
}

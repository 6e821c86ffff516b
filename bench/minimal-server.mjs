// The second floor of the per-call figure (issue #31): the least an MCP server on the same SDK does for the
// same call. One tool, forge_execute_action, taking the same arguments ({ action, params }); issue.list is a
// GET of /api/v4/projects/{project_id}/issues on FORGE_URL with FORGE_TOKEN, and the body comes back as
// one text block. No validation beyond the SDK's own, no rendering, no guardrails.
// The SDK's low-level Server (the one this project builds on) and its own stdio transport; node:http with a
// keep-alive agent, as the project's platform client sends (src/forge/direct.ts), so the two differ by
// what the project does around the request, not by the HTTP stack. Started by bench/lean.mjs.
import { request, Agent } from 'node:http';
import { Server } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';

const base = new URL(process.env.FORGE_URL ?? 'http://127.0.0.1:1');
const token = process.env.FORGE_TOKEN ?? '';
const agent = new Agent({ keepAlive: true, maxSockets: 4 });

function get(path) {
  return new Promise((resolve, reject) => {
    const req = request({ host: base.hostname, port: base.port, path, agent, headers: { 'private-token': token } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const server = new Server({ name: 'bench-minimal', version: '1' }, { capabilities: { tools: {} } });
server.setRequestHandler('tools/list', async () => ({
  tools: [{
    name: 'forge_execute_action',
    inputSchema: { type: 'object', properties: { action: { type: 'string' }, params: { type: 'object' } }, required: ['action'] },
  }],
}));
server.setRequestHandler('tools/call', async (req) => {
  const { action, params } = req.params.arguments ?? {};
  const project = params?.project_id;
  if (req.params.name !== 'forge_execute_action' || action !== 'issue.list' || project === undefined) {
    return { content: [{ type: 'text', text: 'only issue.list with params.project_id' }], isError: true };
  }
  const res = await get(`${base.pathname.replace(/\/$/, '')}/api/v4/projects/${encodeURIComponent(String(project))}/issues`);
  return { content: [{ type: 'text', text: res.text }], isError: res.status >= 400 };
});
await server.connect(new StdioServerTransport());

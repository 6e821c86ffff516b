// The one client-specific tweak on a stateless transport: with no client info, a user-agent starting
// codex-mcp-client/ gets annotation priorities written as 0 or 1 (SPEC "Limits").
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { SANDBOX_TOKEN, type Sandbox } from '../src/sandbox/index.js';
import { withSandbox } from './helpers/harness.js';
import { post, rpc, type HttpServer } from './helpers/http.js';
import { startHttpInProcess } from './helpers/inproc-http.js';

let sb: Sandbox;
let srv: HttpServer;
beforeAll(async () => { sb = await withSandbox(); srv = await startHttpInProcess(['--forge-url', sb.url]); });
afterAll(async () => { await srv.close(); await sb.close(); });

const call = rpc('tools/call', { name: 'forge_execute_action', arguments: { action: 'issue.get', params: { project_id: 1, issue_iid: 1 } } }, 3);
const priorities = (body: string): unknown[] => {
  const line = body.split('\n').find((l) => l.startsWith('data: ')) ?? body;
  const msg = JSON.parse(line.startsWith('data: ') ? line.slice(6) : line) as { result: { content: Array<{ annotations?: { priority?: number } }> } };
  return msg.result.content.map((c) => c.annotations?.priority);
};

describe('client compatibility on a stateless transport', () => {
  it('a request with no client info and a codex-mcp-client/ user-agent gets integer priorities; another user-agent keeps fractions', async () => {
    const base = { 'PRIVATE-TOKEN': SANDBOX_TOKEN, 'MCP-Protocol-Version': '2025-06-18' };
    const codex = await post(srv, { ...base, 'User-Agent': 'codex-mcp-client/0.40.0' }, call);
    expect(codex.status, codex.body).toBe(200);
    const other = await post(srv, { ...base, 'User-Agent': 'curl/8.0' }, call);
    expect(other.status, other.body).toBe(200);
    const a = priorities(codex.body);
    const b = priorities(other.body);
    expect(a.every((p) => p === 0 || p === 1)).toBe(true);
    expect(b.some((p) => typeof p === 'number' && p > 0 && p < 1)).toBe(true);
  });
});

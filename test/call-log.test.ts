// The per-call log line (issue #31: a warm call builds its fields only when the line is written): at info,
// each tools/call writes one `tool call` line with the tool, the action, the duration and the outcome; at
// warn, none. Drives the in-process server through the SDK client against the sandbox.
import { describe, it, expect } from 'vitest';
import { sandboxServer } from './helpers/inproc.js';

const atInfo = sandboxServer();
const atWarn = sandboxServer({ env: { FORGE_MCP_LOG_LEVEL: 'warn' } });

const LIST = { name: 'forge_execute_action', arguments: { action: 'issue.list', params: { project_id: 1, per_page: 2 } } };

/** The `tool call` lines written so far, parsed. */
function callLines(stderr: string): Array<Record<string, unknown>> {
  return stderr.split('\n').filter((l) => l.includes('"msg":"tool call"')).map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe('the tool call log line', () => {
  it('is written once per call at info, with the tool, action, duration and outcome', async () => {
    const before = callLines(atInfo.srv.stderr()).length;
    const ok = await atInfo.srv.client.callTool(LIST);
    expect(ok.isError).toBeFalsy();
    const failed = await atInfo.srv.client.callTool({ name: 'forge_execute_action', arguments: { action: 'issue.get', params: { project_id: 1, issue_iid: 999999 } } });
    expect(failed.isError).toBe(true);
    const lines = callLines(atInfo.srv.stderr()).slice(before);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: 30, tool: 'forge_execute_action', action: 'issue.list', is_error: false });
    expect(lines[1]).toMatchObject({ tool: 'forge_execute_action', action: 'issue.get', is_error: true });
    for (const l of lines) expect(Number.isInteger(l.duration_ms) && (l.duration_ms as number) >= 0).toBe(true);
  });

  it('is not written at warn', async () => {
    const r = await atWarn.srv.client.callTool(LIST);
    expect(r.isError).toBeFalsy();
    expect(callLines(atWarn.srv.stderr())).toEqual([]);
  });
});

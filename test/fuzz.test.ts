// Property test: random argument shapes on all three surfaces never crash the server, every
// malformed call gets an error result, and nothing malformed reaches the platform.
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { apiRequests, sandboxPerFile, type Running } from './helpers/harness.js';
import { startInProcess } from './helpers/inproc.js';

const on = sandboxPerFile();

const anyValue = fc.oneof(
  fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null),
  fc.array(fc.oneof(fc.string(), fc.integer()), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.string(), fc.integer()), { maxKeys: 3 }),
);
const keys = fc.oneof(fc.constantFrom('project_id', 'issue_iid', 'state', 'title', 'confirm', 'params', 'action', '__proto__', 'constructor', 'merge_request_iid'), fc.string({ maxLength: 12 }));
const argObject = fc.dictionary(keys, anyValue, { maxKeys: 5 });

/** A write may reach the platform only when the call carried the user's confirmation where its surface reads it. */
function confirmed(args: unknown): boolean {
  const a = args as { confirm?: unknown; params?: { confirm?: unknown } } | null;
  return !!a && typeof a === 'object' && (a.confirm === true || (typeof a.params === 'object' && a.params !== null && (a.params.confirm === true || a.params.confirm === 'true')));
}

async function check(srv: Running, name: string, args: unknown) {
  on.sb.clearLog();
  let result;
  try {
    result = await srv.call(name, args);
  } catch (e) {
    // A protocol-level refusal (unknown tool, invalid params) is an answer too; the process must live on.
    expect(String((e as Error).message)).toMatch(/Unknown tool|Invalid|MCP error/);
    return;
  }
  expect(Array.isArray(result.content)).toBe(true);
  if (result.isError) {
    expect(result.content).toHaveLength(1);
    expect(result.structuredContent).toBeUndefined();
  }
  if (!confirmed(args)) for (const e of apiRequests(on.sb)) expect(e.method).toBe('GET');
}

describe('random arguments', () => {
  it('dynamic surface', async () => {
    const srv = await startInProcess({ sandbox: on.sb });
    try {
      await fc.assert(fc.asyncProperty(
        fc.oneof(argObject, fc.record({ action: fc.constantFrom('issue.list', 'issue.get', 'project.get', 'issue.delete', 'nope', 'merge_request.get'), params: fc.oneof(argObject, anyValue) }), anyValue),
        async (args) => check(srv, 'forge_execute_action', args),
      ), { numRuns: 120 });
      await fc.assert(fc.asyncProperty(fc.oneof(argObject, fc.record({ query: fc.string() })), async (args) => check(srv, 'forge_find_action', args)), { numRuns: 60 });
      expect((await srv.client.listTools()).tools.length).toBe(2);
    } finally { await srv.close(); }
  });

  it('meta surface', async () => {
    const srv = await startInProcess({ sandbox: on.sb, env: { FORGE_MCP_TOOL_SURFACE: 'meta' } });
    try {
      await fc.assert(fc.asyncProperty(
        fc.oneof(argObject, fc.record({ action: fc.constantFrom('list', 'get', 'delete', 'zzz'), params: fc.oneof(argObject, anyValue) })),
        async (args) => check(srv, 'forge_issue', args),
      ), { numRuns: 120 });
    } finally { await srv.close(); }
  });

  it('individual surface', async () => {
    const srv = await startInProcess({ sandbox: on.sb, env: { FORGE_MCP_TOOL_SURFACE: 'individual' } });
    try {
      await fc.assert(fc.asyncProperty(fc.constantFrom('forge_issue_get', 'forge_issue_list', 'forge_project_get', 'forge_issue_delete'), fc.oneof(argObject, anyValue), async (name, args) => check(srv, name, args)), { numRuns: 150 });
    } finally { await srv.close(); }
  });
});

// Every action on every surface, a few cases each: each declared parameter given a value of the wrong
// type. The schema refuses it, so the answer is one error block with no stack trace or file path, and
// nothing reaches the platform; the server answers a ping after each surface.
describe('every action, wrong-typed arguments', async () => {
  const { catalog, loadCatalog } = await import('../src/catalog/index.js');
  const { ADMIN_TOKEN } = await import('../src/sandbox/index.js');
  await loadCatalog();
  const actions = catalog().actions.filter((a) => Object.keys(a.params).length > 0);
  const wrong = (type: string, pick: number): unknown => {
    const byType: Record<string, unknown[]> = {
      string: [{ x: 1 }, [1, 2], true], integer: ['abc', { x: 1 }, 1.5], number: ['abc', { x: 1 }, [1]],
      boolean: ['maybe', 7, { x: 1 }], array: [5, { x: 1 }, 'x'], object: [5, 'x', [1]],
    };
    const options = byType[type] ?? [{ x: 1 }];
    return options[pick % options.length];
  };
  const LEAK = /\bat [\w.<>]+ \(|node:internal|node_modules|\/work\/|\.[jt]s:\d+/;
  const surfaces = [
    ['dynamic', (a: (typeof actions)[number], p: unknown) => ['forge_execute_action', { action: a.id, params: p }]],
    ['meta', (a: (typeof actions)[number], p: unknown) => [`forge_${a.domain}`, { action: a.name, params: p }]],
    ['individual', (a: (typeof actions)[number], p: unknown) => [`forge_${a.domain}_${a.name}`, p]],
  ] as const;
  for (const [surface, callOf] of surfaces) {
    it(`${surface} surface: all ${actions.length} actions with parameters, three wrong types each`, async () => {
      const srv = await startInProcess({ sandbox: on.sb, token: ADMIN_TOKEN, env: { FORGE_MCP_TOOL_SURFACE: surface, FORGE_MCP_TIER: 'ultimate', FORGE_MCP_LOG_LEVEL: 'warn' } });
      try {
        on.sb.clearLog();
        for (const a of actions) for (const pick of [0, 1, 2]) {
          const params: Record<string, unknown> = {};
          for (const [name, spec] of Object.entries(a.params)) params[name] = wrong(spec.idOrPath ? 'string' : spec.type, pick);
          const [tool, args] = callOf(a, params) as [string, unknown];
          let r;
          try {
            r = await srv.call(tool, args);
          } catch (e) {
            const err = e as { code?: number; message: string };
            expect(err.code, err.message).not.toBe(-32603);
            expect(err.message).not.toMatch(LEAK);
            continue;
          }
          expect(r.isError, `${a.id}: ${JSON.stringify(r.content).slice(0, 200)}`).toBe(true);
          expect(r.content).toHaveLength(1);
          expect(r.content[0]!.text).not.toMatch(LEAK);
        }
        expect(apiRequests(on.sb).filter((e) => !e.path.startsWith('/api/v4/user') && !e.path.startsWith('/api/v4/personal_access_tokens') && !e.path.startsWith('/api/v4/version') && !e.path.startsWith('/api/v4/metadata'))).toEqual([]);
        await srv.client.ping();
      } finally { await srv.close(); }
    }, 120_000);
  }
});

// OpenTelemetry (src/observe/telemetry.ts, src/observe/otel.ts): with the standard OTLP variables set,
// a tool call through the MCP client exports its count and duration by tool and outcome, and a
// `tools/call <tool>` span whose child is the platform request span, to a local OTLP/HTTP receiver;
// over stdio (process env, OTLP/JSON) and in HTTP mode (OTLP/protobuf, the default), where /metrics
// serves the same instruments. No export body carries the token, the credential handle or an argument
// value. Off (no endpoint, or OTEL_SDK_DISABLED=true), nothing is exported and the SDK is not loaded.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { SANDBOX_TOKEN, type Sandbox } from '../src/sandbox/index.js';
import { ROOT, secretsInUse, startServer, until, withSandbox } from './helpers/harness.js';
import { callTool, connect, post, startHttpServer } from './helpers/http.js';
import { startReceiver, type Receiver, type SpanRecord } from './helpers/otlp.js';

// Argument values no attribute may carry.
const MARKER = 'zebra-quartz-telemetry-marker';
const TOOL = 'forge_execute_action';
const WRONG_TOKEN = 'glpat-telemetry-wrong-0417';

let sb: Sandbox;
let rx: Receiver;

beforeAll(async () => {
  sb = await withSandbox();
});
afterAll(async () => {
  await sb?.close();
});

const handleIn = (stderr: string): string => {
  const h = /"credential_hash":"([0-9a-f]{16})"/.exec(stderr)?.[1];
  expect(h).toBeDefined();
  return h as string;
};

/** Every raw export body, as text (protobuf strings are UTF-8 bytes on the wire). */
const rawBodies = () => rx.exports.map((e) => e.body.toString('latin1'));

function expectNothingSecret(handle: string): void {
  expect(rx.exports.length).toBeGreaterThan(0);
  for (const body of rawBodies()) {
    expect(body).not.toContain(SANDBOX_TOKEN);
    expect(body).not.toContain(handle);
    expect(body).not.toContain(MARKER);
  }
}

const point = (metric: string) => rx.points().find((p) => p.metric === metric);
const callPoint = (action: string, outcome: string) => rx.points().find((p) => p.metric === 'forge_mcp.tool.calls' && p.attributes.tool === TOOL && p.attributes.action === action && p.attributes.outcome === outcome);
const durationPoint = (outcome: string) => rx.points().find((p) => p.metric === 'forge_mcp.tool.duration' && p.attributes.tool === TOOL && p.attributes.outcome === outcome);
const callSpan = (action: string) => rx.spans().find((s) => s.name === `tools/call ${TOOL}` && s.attributes['forge_mcp.action'] === action);
const childrenOf = (parent: SpanRecord) => rx.spans().filter((s) => s.traceId === parent.traceId && s.parentSpanId === parent.spanId);

/** The issue.list call: a server span, with exactly one child, the GET it sent to the platform. */
function expectTracedCall(): void {
  const span = callSpan('issue.list') as SpanRecord;
  expect(span).toBeDefined();
  expect(span.kind).toBe(2); // SPAN_KIND_SERVER
  expect(span.parentSpanId).toBe('');
  expect(span.attributes).toEqual({ 'mcp.method.name': 'tools/call', 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': TOOL, 'forge_mcp.action': 'issue.list', 'forge_mcp.outcome': 'ok' });
  const children = childrenOf(span);
  expect(children).toHaveLength(1);
  expect(children[0].name).toBe('GET');
  expect(children[0].kind).toBe(3); // SPAN_KIND_CLIENT
  expect(children[0].attributes).toEqual({
    'http.request.method': 'GET', 'server.address': '127.0.0.1', 'server.port': Number(new URL(sb.url).port), 'url.scheme': 'http', 'forge_mcp.api': 'rest', 'http.response.status_code': 200,
  });
  // The not-found call failed at the platform: its span says so, its child carries the status.
  const failed = callSpan('issue.get') as SpanRecord;
  expect(failed.attributes['forge_mcp.outcome']).toBe('error');
  expect(failed.attributes['error.type']).toBe('tool_error');
  expect(childrenOf(failed).map((c) => c.attributes['http.response.status_code'])).toEqual([404]);
}

describe('OTLP export', () => {
  beforeAll(async () => {
    rx = await startReceiver();
  });
  afterAll(async () => {
    await rx?.close();
  });

  it('stdio (process env, http/json): counts and durations by tool and outcome, a tools/call span over its platform request, nothing secret', async () => {
    rx.exports.length = 0;
    const srv = await startServer({
      sandbox: sb,
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: rx.url, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_SERVICE_NAME: 'forge-under-test' },
    });
    try {
      expect((await srv.call(TOOL, { action: 'issue.list', params: { project_id: 1, search: MARKER } })).isError).toBeFalsy();
      expect((await srv.call(TOOL, { action: 'issue.get', params: { project_id: 1, issue_iid: 987_654 } })).isError).toBe(true);
      // Refused by validation (a required parameter is missing): nothing reaches the platform.
      expect((await srv.call(TOOL, { action: 'issue.get', params: { project_id: MARKER } })).isError).toBe(true);
    } finally {
      // Closing stdin ends the server, which flushes what it holds (the metric interval is a minute).
      await srv.close();
    }
    await until(() => (callPoint('issue.list', 'ok') && callSpan('issue.list') ? true : undefined), 15_000);

    expect(callPoint('issue.list', 'ok')?.value).toBe(1);
    expect(callPoint('issue.get', 'error')?.value).toBe(1);
    expect(callPoint('issue.get', 'refused')?.value).toBe(1);
    expect(durationPoint('ok')?.value).toBe(1);
    expect(durationPoint('error')?.value).toBe(1);
    expect(rx.exports.every((e) => e.contentType.startsWith('application/json'))).toBe(true);
    // OTEL_SERVICE_NAME overrides the default service name.
    expect(rx.spans()[0].resource['service.name']).toBe('forge-under-test');
    expectTracedCall();
    // The refused call has a span and no platform request under it.
    const refused = rx.spans().find((s) => s.attributes['forge_mcp.outcome'] === 'refused') as SpanRecord;
    expect(refused).toBeDefined();
    expect(childrenOf(refused)).toEqual([]);
    expectNothingSecret(handleIn(srv.stderr()));
  });

  it('HTTP mode (http/protobuf by default): the same signals, and /metrics serves the same instruments', async () => {
    rx.exports.length = 0;
    // Two calls in hand per token, one failed authentication per address and minute.
    const srv = await startHttpServer(['--forge-url', sb.url, '--rate-limit-rps', '0.01', '--rate-limit-burst', '2', '--auth-failure-limit', '1', '--auth-failure-window', '1m'], {
      OTEL_EXPORTER_OTLP_ENDPOINT: rx.url, OTEL_METRIC_EXPORT_INTERVAL: '300', OTEL_BSP_SCHEDULE_DELAY: '100',
    });
    let handle: string;
    try {
      const c = await connect(srv, { 'PRIVATE-TOKEN': SANDBOX_TOKEN });
      expect((await callTool(c, TOOL, { action: 'issue.list', params: { project_id: 1, search: MARKER } })).isError).toBeFalsy();
      expect((await callTool(c, TOOL, { action: 'issue.get', params: { project_id: 1, issue_iid: 987_654 } })).isError).toBe(true);
      expect((await callTool(c, TOOL, { action: 'project.get', params: { project_id: MARKER } })).isError).toBe(true);
      await c.close();
      // A wrong token, then the block of the address.
      secretsInUse.add(WRONG_TOKEN);
      expect((await post(srv, { 'PRIVATE-TOKEN': WRONG_TOKEN })).status).toBe(401);
      expect((await post(srv, { 'PRIVATE-TOKEN': WRONG_TOKEN })).status).toBe(429);

      const text = await (await fetch(`${srv.url}/metrics`)).text();
      expect(text).toMatch(/^forge_mcp_tool_calls_total\{tool="forge_execute_action",action="issue\.list",outcome="ok"\} 1$/m);
      expect(text).toMatch(/^forge_mcp_tool_calls_total\{tool="forge_execute_action",action="issue\.get",outcome="error"\} 1$/m);
      expect(text).toMatch(/^forge_mcp_tool_duration_count\{tool="forge_execute_action",outcome="ok"\} 1$/m);
      expect(text).toMatch(/^forge_mcp_tool_calls_total\{tool="forge_execute_action",action="project\.get",outcome="rate_limited"\} 1$/m);
      expect(text).toMatch(/^forge_mcp_rate_limit_refusals_total\{method="tools\/call",scope="entry"\} 1$/m);
      expect(text).toMatch(/^forge_mcp_auth_blocks_total\{budget="failure"\} 1$/m);
      expect(text).not.toContain(MARKER);
      expect(text).not.toContain(SANDBOX_TOKEN);

      // Exported on the interval, while the server runs.
      await until(() => (callPoint('issue.list', 'ok') && callPoint('issue.get', 'error') && callSpan('issue.get') && point('forge_mcp.auth.blocks') ? true : undefined), 15_000);
      handle = handleIn(srv.stderr());
    } finally {
      await srv.close();
    }
    expect(rx.exports.every((e) => e.contentType === 'application/x-protobuf')).toBe(true);
    expect(callPoint('issue.list', 'ok')?.value).toBe(1);
    expect(durationPoint('ok')?.value).toBe(1);
    expect(callPoint('project.get', 'rate_limited')?.value).toBe(1);
    expect(point('forge_mcp.rate_limit.refusals')?.attributes).toEqual({ method: 'tools/call', scope: 'entry' });
    expect(point('forge_mcp.rate_limit.refusals')?.value).toBe(1);
    expect(point('forge_mcp.auth.blocks')?.attributes).toEqual({ budget: 'failure' });
    expect(point('forge_mcp.auth.blocks')?.value).toBe(1);
    // The rate-limited call never reached the platform.
    expect(childrenOf(callSpan('project.get') as SpanRecord)).toEqual([]);
    expect(rx.spans().find((s) => s.name.startsWith('tools/call'))?.resource['service.name']).toBe('forge-mcp-server');
    expectTracedCall();
    expectNothingSecret(handle);
    for (const body of rawBodies()) expect(body).not.toContain(WRONG_TOKEN);
  });

  it('OTEL_SDK_DISABLED=true: nothing is exported although an endpoint is set', async () => {
    rx.exports.length = 0;
    const srv = await startServer({ sandbox: sb, env: { OTEL_EXPORTER_OTLP_ENDPOINT: rx.url, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_SDK_DISABLED: 'true' } });
    try {
      expect((await srv.call(TOOL, { action: 'issue.list', params: { project_id: 1 } })).isError).toBeFalsy();
    } finally {
      await srv.close();
    }
    expect(srv.stderr()).not.toContain('OpenTelemetry started');
    // The server has exited (a flush would have happened before it): the receiver heard nothing.
    await new Promise((r) => setTimeout(r, 300));
    expect(rx.exports).toEqual([]);
  });
});

describe('no cost when off', () => {
  it('the SDK is a chunk of its own: nothing of @opentelemetry is reachable from the entry but through src/observe/otel', () => {
    const meta = JSON.parse(readFileSync(join(ROOT, 'dist', 'bundle.meta.json'), 'utf8')) as {
      outputs: Record<string, { imports: Array<{ path: string; kind: string }>; inputs: Record<string, unknown>; entryPoint?: string }>;
    };
    const outputs = meta.outputs;
    const isOtelChunk = (o: string) => Object.keys(outputs[o].inputs).some((i) => i.endsWith('observe/otel.js'));
    const otelChunks = Object.keys(outputs).filter(isOtelChunk);
    expect(otelChunks).toHaveLength(1);
    // Everything the server can load (static and dynamic imports) without entering the OTel chunk.
    const seen = new Set<string>();
    const stack = ['dist/bundle/cli.js'];
    while (stack.length) {
      const o = stack.pop() as string;
      if (seen.has(o) || isOtelChunk(o)) continue;
      seen.add(o);
      for (const i of outputs[o].imports) if (outputs[i.path]) stack.push(i.path);
    }
    expect(seen.size).toBeGreaterThan(3);
    const otelInputs = [...seen].flatMap((o) => Object.keys(outputs[o].inputs).filter((i) => i.includes('@opentelemetry/')));
    expect(otelInputs).toEqual([]);
    // And the OTel chunk is imported only dynamically.
    for (const o of Object.keys(outputs)) {
      for (const i of outputs[o].imports) if (i.path === otelChunks[0]) expect(i.kind).toBe('dynamic-import');
    }
  });

  it('stdio without an endpoint starts no telemetry', async () => {
    const srv = await startServer({ sandbox: sb });
    try {
      expect((await srv.call(TOOL, { action: 'issue.list', params: { project_id: 1 } })).isError).toBeFalsy();
    } finally {
      await srv.close();
    }
    expect(srv.stderr()).not.toContain('OpenTelemetry started');
  });
});

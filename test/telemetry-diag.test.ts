// OpenTelemetry's own complaints in the log (issue #26): a collector that refuses every export with a
// body gives WARN lines of one short line each, without the SDK's stack and without the collector's
// body (it may echo what was sent, or carry the collector's own secrets).
import { createServer, type Server } from 'node:http';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { Sandbox } from '../src/sandbox/index.js';
import { startServer, withSandbox } from './helpers/harness.js';

const BODY_MARKER = 'COLLECTOR-BODY-7f3a';
let sb: Sandbox;
let collector: Server;
let url: string;
let refusals = 0;

beforeAll(async () => {
  sb = await withSandbox();
  collector = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      refusals++;
      res.writeHead(400, { 'content-type': 'text/plain' });
      res.end(`${BODY_MARKER} rejected\n    at collector internals (line two)`);
    });
  });
  await new Promise<void>((r) => collector.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(collector.address() as { port: number }).port}`;
});
afterAll(async () => {
  await new Promise<void>((r) => collector.close(() => r()));
  await sb?.close();
});

describe('OpenTelemetry diagnostics', () => {
  it('are one short WARN line each: no stack, no collector body', async () => {
    const srv = await startServer({ sandbox: sb, env: { OTEL_EXPORTER_OTLP_ENDPOINT: url, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' } });
    try {
      expect((await srv.call('forge_execute_action', { action: 'issue.list', params: { project_id: 1 } })).isError).toBeFalsy();
    } finally {
      // Closing stdin ends the server, which flushes traces and metrics to the refusing collector.
      await srv.close();
    }
    expect(refusals).toBeGreaterThan(0);
    const lines = srv.stderr().split('\n').filter((l) => l.includes('"component":"opentelemetry"'));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      const rec = JSON.parse(line) as { level: number; msg: string };
      expect(rec.level).toBe(40);
      expect(rec.msg.length).toBeLessThanOrEqual(201);
      expect(rec.msg).not.toContain('\n');
      expect(line).not.toMatch(/\bat \S+ \(|\\n\s+at /);
      expect(line).not.toContain(BODY_MARKER);
    }
  }, 30_000);
});

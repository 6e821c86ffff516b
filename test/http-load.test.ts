// HTTP mode under a small, bounded load on loopback: 200 concurrent tool calls over 20 credentials
// finish (served, or refused as busy past the held-call ceiling) and the process stays up.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { Sandbox } from '../src/sandbox/index.js';
import { CLI, answers, secretsInUse, stderrChunks, withSandbox } from './helpers/harness.js';

let sb: Sandbox;
let proc: ChildProcess;
let url: string;
let err = '';
const TOKENS = Array.from({ length: 20 }, (_, i) => `glpat-http-load-${String(i).padStart(2, '0')}-0200`);

beforeAll(async () => {
  sb = await withSandbox();
  for (const t of TOKENS) {
    sb.addToken(t, { kind: 'classic', scopes: ['api'], userId: 1 });
    secretsInUse.add(t);
  }
  const home = mkdtempSync(join(tmpdir(), 'forge-home-'));
  proc = spawn(process.execPath, [CLI, '--http', '--http-addr', '127.0.0.1:0', '--forge-url', sb.url], {
    cwd: home, env: { PATH: process.env.PATH ?? '', HOME: home, FORGE_MCP_LOG_LEVEL: 'info' }, stdio: ['ignore', 'ignore', 'pipe'],
  });
  url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listening line: ${err}`)), 15_000);
    proc.stderr?.on('data', (d: Buffer) => {
      err += d.toString();
      stderrChunks.push(d.toString());
      const m = /"address":"([^"]+)"[^\n]*"msg":"listening"/.exec(err);
      if (m) { clearTimeout(timer); resolve(m[1]); }
    });
    proc.once('exit', (code) => { clearTimeout(timer); reject(new Error(`exited ${code}: ${err}`)); });
  });
});

afterAll(async () => {
  if (proc && proc.exitCode === null) {
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGTERM');
    await exited;
  }
  await sb?.close();
});

/** One forge_execute_action call as a raw POST from credential i; the answer's status and body (kept for the leak scan). */
async function rawCall(i: number, action: string, params: Record<string, unknown>, timeoutMs: number): Promise<{ status: number; body: string }> {
  const r = await fetch(`${url}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'PRIVATE-TOKEN': TOKENS[i % TOKENS.length] },
    body: JSON.stringify({ jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: 'forge_execute_action', arguments: { action, params } } }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body = await r.text();
  answers.push(body);
  return { status: r.status, body };
}

describe('bounded concurrency', () => {
  it('finishes 200 concurrent tools/call over 20 tokens and stays up', async () => {
    const started = Date.now();
    const results = await Promise.all(Array.from({ length: 200 }, async (_, i) => {
      return rawCall(i, 'issue.list', { project_id: 1 }, 25_000);
    }));
    expect(Date.now() - started).toBeLessThan(25_000);
    for (const r of results) {
      if (r.status === 503) expect(r.body).toContain('This server is busy. Retry later.');
      else {
        expect(r.status).toBe(200);
        const data = r.body.split('\n').filter((l) => l.startsWith('data: ')).map((l) => l.slice(6));
        const msg = JSON.parse(data.length ? data[data.length - 1] : r.body) as { result?: { isError?: boolean } };
        expect(msg.result, r.body).toBeDefined();
        expect(msg.result?.isError, r.body).toBeFalsy();
      }
    }
    expect(results.filter((r) => r.status === 200).length).toBeGreaterThan(100);
    expect(proc.exitCode).toBeNull();
    const health = await fetch(`${url}/health`);
    expect(health.status).toBe(200);
    await health.text();
  });

  it('answers past the held-call ceiling 503 busy with Retry-After, closing the connection on protocol 2026-07-28', async () => {
    // Every held call waits on a slow platform answer, so 200 of them fill the 192 slots.
    sb.fault({ path: /\/api\/v4\/projects\/1\/issues$/, delayMs: 2_500, times: 400 });
    const call = (i: number) => rawCall(i, 'issue.list', { project_id: 1 }, 25_000).then((r) => r.status);
    const inFlight = Array.from({ length: 200 }, (_, i) => call(i));
    await new Promise((r) => setTimeout(r, 800));
    const u = new URL(url);
    const busy = await new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
      const req = httpRequest({
        host: u.hostname, port: Number(u.port), method: 'POST', path: '/mcp',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'PRIVATE-TOKEN': TOKENS[0], 'Mcp-Protocol-Version': '2026-07-28', 'Mcp-Method': 'tools/list' },
      }, (res) => {
        let b = '';
        res.on('data', (d: Buffer) => { b += d.toString(); });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: b }));
      });
      req.on('error', reject);
      req.end(JSON.stringify({ jsonrpc: '2.0', id: 'busy', method: 'tools/list', params: {} }));
    });
    expect(busy.status).toBe(503);
    expect(busy.headers.connection).toBe('close');
    expect(busy.headers['retry-after']).toBe('1');
    expect(JSON.parse(busy.body)).toEqual({ jsonrpc: '2.0', id: 'busy', error: { code: -32000, message: 'This server is busy. Retry later.' } });
    const statuses = await Promise.all(inFlight);
    sb.clearFaults();
    expect(statuses.filter((st) => st === 200).length).toBeGreaterThanOrEqual(150);
    expect(err).toMatch(/too many requests held across the process/);
    expect(proc.exitCode).toBeNull();
  });
});

describe('a thousand concurrent calls', () => {
  it('answers each one (served, or busy past the held-call ceiling) and stays up', async () => {
    const started = Date.now();
    const results = await Promise.all(Array.from({ length: 1000 }, async (_, i) => {
      return rawCall(i, 'issue.get', { project_id: 1, issue_iid: 1 }, 60_000);
    }));
    expect(Date.now() - started).toBeLessThan(60_000);
    const busy = results.filter((r) => r.status === 503);
    const served = results.filter((r) => r.status === 200);
    expect(busy.length + served.length).toBe(1000);
    for (const r of busy) expect(JSON.parse(r.body).error.message).toBe('This server is busy. Retry later.');
    for (const r of served) expect(r.body).toMatch(/"result"/);
    expect(served.length).toBeGreaterThanOrEqual(192);
    expect(proc.exitCode).toBeNull();
    expect((await fetch(`${url}/health`)).status).toBe(200);
  });
});

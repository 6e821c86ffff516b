// Stateful HTTP sessions (`--stateless=false`, SPEC "Stateful HTTP session", "Limits"): initialize
// opens a session bound to the credential, GET opens its stream, DELETE ends it, it expires after
// --session-timeout idle, and at most 96 exist across the process.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { ADMIN_TOKEN, READONLY_TOKEN, SANDBOX_TOKEN, type Sandbox } from '../src/sandbox/index.js';
import { secretsInUse, withSandbox } from './helpers/harness.js';
import { errorOf, INIT, messageOf, post, rpc, startHttpServer, type HttpServer } from './helpers/http.js';

let sb: Sandbox;
let srv: HttpServer;

beforeAll(async () => {
  sb = await withSandbox();
  srv = await startHttpServer(['--forge-url', sb.url, '--stateless=false', '--session-timeout', '3s', '--rate-limit-rps', '0']);
  // The dynamic surface makes its find index on the first find (the catalog tables and the index file
  // read, a pause on a loaded machine): a first find makes it now, so the pause never lands inside the
  // session-expiry timing below.
  const find = await post(srv, { 'PRIVATE-TOKEN': SANDBOX_TOKEN }, rpc('tools/call', { name: 'forge_find_action', arguments: { query: 'list the issues of project 1' } }));
  expect(find.status).toBe(200);
  expect(find.body).toContain('issue.list');
});
afterAll(async () => {
  await srv?.close();
  await sb?.close();
});

const PROTO = { 'Mcp-Protocol-Version': '2025-06-18' };

async function open(token: string): Promise<string> {
  const r = await post(srv, { 'PRIVATE-TOKEN': token }, INIT);
  expect(r.status).toBe(200);
  const sid = r.headers.get('mcp-session-id');
  expect(sid).toMatch(/^[0-9a-f-]{36}$/);
  const ack = await post(srv, { 'PRIVATE-TOKEN': token, 'Mcp-Session-Id': sid!, ...PROTO }, JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
  expect(ack.status).toBe(202);
  return sid!;
}

const listIn = (token: string, sid: string, id = 2) => post(srv, { 'PRIVATE-TOKEN': token, 'Mcp-Session-Id': sid, ...PROTO }, rpc('tools/list', {}, id));

describe('stateful sessions', () => {
  it('opens a session on initialize and serves requests that name it', async () => {
    const sid = await open(SANDBOX_TOKEN);
    const r = await listIn(SANDBOX_TOKEN, sid);
    expect(r.status).toBe(200);
    const msg = messageOf(r.body) as { result?: { tools?: Array<{ name: string }> } };
    expect(msg.result?.tools?.map((t) => t.name)).toEqual(['forge_find_action', 'forge_execute_action']);
  });

  it('answers a session id 404 to another credential, and serves a request naming no session statelessly', async () => {
    const sid = await open(SANDBOX_TOKEN);
    const stolen = await listIn(READONLY_TOKEN, sid);
    expect(stolen.status).toBe(404);
    expect(errorOf(stolen.body).error.message).toMatch(/^Session not found/);
    // A request naming no session is served statelessly (per-request transport), as 2026-07-28 clients expect.
    const plain = await post(srv, { 'PRIVATE-TOKEN': SANDBOX_TOKEN }, rpc('tools/list'));
    expect(plain.status).toBe(200);
  });

  it('opens the session event stream on GET', async () => {
    const sid = await open(SANDBOX_TOKEN);
    const ctl = new AbortController();
    const r = await fetch(`${srv.url}/mcp`, { headers: { accept: 'text/event-stream', 'PRIVATE-TOKEN': SANDBOX_TOKEN, 'Mcp-Session-Id': sid, ...PROTO }, signal: ctl.signal });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/text\/event-stream/);
    ctl.abort();
    const noId = await fetch(`${srv.url}/mcp`, { headers: { accept: 'text/event-stream', 'PRIVATE-TOKEN': SANDBOX_TOKEN } });
    expect(noId.status).toBe(400);
    await noId.text();
    const noCredential = await fetch(`${srv.url}/mcp`, { headers: { accept: 'text/event-stream', 'Mcp-Session-Id': sid } });
    expect(noCredential.status).toBe(401);
    await noCredential.text();
  });

  it('keeps Cache-Control: no-store on the session event stream and on answers sent as a stream', async () => {
    const sid = await open(SANDBOX_TOKEN);
    const listed = await listIn(SANDBOX_TOKEN, sid);
    expect(listed.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(listed.headers.get('cache-control')).toBe('no-store');
    const ctl = new AbortController();
    const r = await fetch(`${srv.url}/mcp`, { headers: { accept: 'text/event-stream', 'PRIVATE-TOKEN': SANDBOX_TOKEN, 'Mcp-Session-Id': sid, ...PROTO }, signal: ctl.signal });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.headers.get('x-frame-options')).toBe('DENY');
    ctl.abort();
  });

  it('ends a session on DELETE', async () => {
    const sid = await open(SANDBOX_TOKEN);
    const del = await fetch(`${srv.url}/mcp`, { method: 'DELETE', headers: { 'PRIVATE-TOKEN': SANDBOX_TOKEN, 'Mcp-Session-Id': sid, ...PROTO } });
    expect(del.status).toBe(200);
    await del.text();
    expect((await listIn(SANDBOX_TOKEN, sid)).status).toBe(404);
  });

  it('expires a session idle past --session-timeout, and keeps one in use', async () => {
    const idle = await open(SANDBOX_TOKEN);
    const busy = await open(SANDBOX_TOKEN);
    for (let i = 0; i < 5; i++) {
      await new Promise((r) => setTimeout(r, 900));
      expect((await listIn(SANDBOX_TOKEN, busy, 10 + i)).status).toBe(200);
    }
    expect((await listIn(SANDBOX_TOKEN, idle)).status).toBe(404);
  });

  it('refuses a session past 96 across the process with the busy answer, and serves again once one ends', async () => {
    const tokens = Array.from({ length: 4 }, (_, i) => `glpat-stateful-${i}-0300`);
    for (const t of tokens) {
      sb.addToken(t, { kind: 'classic', scopes: ['api'], userId: 1 });
      secretsInUse.add(t);
    }
    // Sessions opened by earlier tests count too: fill up to the ceiling.
    const opened: Array<{ token: string; sid: string }> = [];
    let refused: Awaited<ReturnType<typeof post>> | undefined;
    for (let i = 0; i < 120 && !refused; i++) {
      const token = tokens[i % tokens.length];
      const r = await post(srv, { 'PRIVATE-TOKEN': token }, INIT);
      if (r.status === 503) refused = r;
      else opened.push({ token, sid: r.headers.get('mcp-session-id')! });
    }
    expect(refused?.status).toBe(503);
    expect(refused?.headers.get('retry-after')).toBeTruthy();
    expect(errorOf(refused!.body).error.message).toBe('This server is busy. Retry later.');
    expect(opened.length).toBeGreaterThan(80);
    expect(opened.length).toBeLessThanOrEqual(96);
    expect(srv.stderr()).toMatch(/too many stateful sessions across the process/);
    // Stateless calls are still served meanwhile.
    expect((await post(srv, { 'PRIVATE-TOKEN': ADMIN_TOKEN }, rpc('tools/list'))).status).toBe(200);
    const first = opened[0];
    const del = await fetch(`${srv.url}/mcp`, { method: 'DELETE', headers: { 'PRIVATE-TOKEN': first.token, 'Mcp-Session-Id': first.sid, ...PROTO } });
    expect(del.status).toBe(200);
    await del.text();
    expect((await post(srv, { 'PRIVATE-TOKEN': first.token }, INIT)).status).toBe(200);
  });
});

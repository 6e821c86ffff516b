// Connections that cannot exhaust the server (issue #26): under a low descriptor limit, 300 slow
// sockets dripping their headers one byte at a time are cut to the per-address ceiling at once and
// closed (not half-closed) at the headers deadline however they drip, while a fresh connection from
// another address is served; the process-wide ceiling closes excess connections at once and logs them
// in summary; `Expect` is answered by the chain; event streams are capped per credential.
import { connect as connectSocket, type Socket } from 'node:net';
import { request as httpRequest } from 'node:http';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { IncomingMessage } from 'node:http';
import { SANDBOX_TOKEN, ADMIN_TOKEN, type Sandbox } from '../src/sandbox/index.js';
import { loadConfig } from '../src/config/index.js';
import { HostGuard } from '../src/http/guards.js';
import { MAX_STREAMS_PER_CREDENTIAL } from '../src/http/mcp-endpoint.js';
import { connectionCeilings, descriptorLimit } from '../src/http/connections.js';
import { withSandbox } from './helpers/harness.js';
import { connect, post, rawRequest, startHttpServer, type HttpServer } from './helpers/http.js';
import { startHttpInProcess } from './helpers/inproc-http.js';

let sb: Sandbox;
beforeAll(async () => { sb = await withSandbox(); });
afterAll(async () => { await sb?.close(); });

/** Polls `what` (sync or async) until it gives a value, for at most `ms`. */
async function eventually<T>(what: () => T | undefined | Promise<T | undefined>, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting (${ms} ms)`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

interface Slow { socket: Socket; closed: boolean; answer: string; stop(): void }

/** A client that opens a request and drips its headers one byte per `everyMs`, never finishing them. */
function slowSocket(url: string, everyMs: number): Slow {
  const u = new URL(url);
  // allowHalfOpen: a server that only half-closes (end) leaves this socket open while it drips on.
  const socket = connectSocket({ host: u.hostname, port: Number(u.port), allowHalfOpen: true });
  let timer: NodeJS.Timeout | undefined;
  const s: Slow = { socket, closed: false, answer: '', stop: () => { clearInterval(timer); socket.destroy(); } };
  socket.setEncoding('latin1');
  socket.on('data', (d: string) => { s.answer += d; });
  socket.on('error', () => undefined);
  socket.on('close', () => { s.closed = true; clearInterval(timer); });
  socket.on('connect', () => {
    socket.write(`POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${u.port}\r\nX-Drip: `);
    // The drip starts once the request line is out (a byte before it would be a malformed request).
    timer = setInterval(() => { if (!socket.destroyed && socket.writable) socket.write('a'); }, everyMs);
    timer.unref();
  });
  return s;
}

/** One POST of initialize on a connection of its own from `localAddress`. */
function postFrom(url: string, localAddress: string, headers: Record<string, string>): Promise<number> {
  const u = new URL(url);
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
  return new Promise((resolve, reject) => {
    const req = httpRequest({
      host: u.hostname, port: Number(u.port), localAddress, method: 'POST', path: '/mcp', agent: false,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'Content-Length': String(Buffer.byteLength(body)), ...headers },
    }, (res) => { res.resume(); res.on('end', () => resolve(res.statusCode ?? 0)); });
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error('no answer within 10 s')));
    req.end(body);
  });
}

describe('300 slow sockets under a descriptor limit of 256', () => {
  it('are cut to the per-address ceiling at once, closed at the headers deadline however they drip; a fresh client is served', async () => {
    // Derived from the descriptor limit: 192 connections across the process, 48 from one address.
    const srv = await startHttpServer(['--forge-url', sb.url, '--http-headers-timeout', '3s'], {}, { nofile: 256 });
    const slow: Slow[] = [];
    try {
      for (let i = 0; i < 300; i++) slow.push(slowSocket(srv.url, 250));
      // The excess is closed at once, before a byte is read.
      await eventually(() => slow.filter((s) => s.closed).length >= 300 - 48 || undefined, 10_000);
      expect(slow.filter((s) => !s.closed).length).toBeLessThanOrEqual(48);
      // A fresh connection (another address) is served while those are held.
      expect(await postFrom(srv.url, '127.0.0.2', { 'PRIVATE-TOKEN': SANDBOX_TOKEN })).toBe(200);
      // The drip does not extend the headers deadline: each is answered 408 and destroyed (its next
      // byte meets a closed socket), not left half-open.
      await eventually(() => slow.every((s) => s.closed) || undefined, 15_000);
      const answered = slow.filter((s) => s.answer !== '');
      expect(answered.length).toBeGreaterThan(0);
      for (const s of answered) {
        expect(s.answer, s.answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
        expect(s.answer).toMatch(/\r\nX-Content-Type-Options: nosniff\r\n/);
      }
      expect(srv.stderr()).toMatch(/"reason":"too many connections from one address"/);
      // The server still serves the first address once its connections are gone.
      expect(await postFrom(srv.url, '127.0.0.1', { 'PRIVATE-TOKEN': SANDBOX_TOKEN })).toBe(200);
      expect(srv.proc.exitCode).toBeNull();
    } finally {
      for (const s of slow) s.stop();
      await srv.close();
    }
  }, 60_000);
});

describe('a request body dripped past the request deadline', () => {
  it('is answered 408 once, from the first byte, and closed; the server serves on', async () => {
    const srv = await startHttpInProcess(['--forge-url', sb.url, '--http-request-timeout', '2s', '--http-headers-timeout', '2s']);
    const u = new URL(srv.url);
    const socket = connectSocket({ host: u.hostname, port: Number(u.port), allowHalfOpen: true });
    let answer = '';
    let closed = false;
    let timer: NodeJS.Timeout | undefined;
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => { answer += d; });
    socket.on('error', () => undefined);
    socket.on('close', () => { closed = true; clearInterval(timer); });
    try {
      socket.on('connect', () => {
        socket.write(`POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${u.port}\r\nPRIVATE-TOKEN: ${SANDBOX_TOKEN}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 1000\r\n\r\n{`);
        timer = setInterval(() => { if (!socket.destroyed && socket.writable) socket.write(' '); }, 200);
      });
      // The drip keeps bytes coming (its 1,000 bytes would take 200 s), yet the deadline runs from the first byte.
      await eventually(() => closed || undefined, 15_000);
      expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
      // One answer only: nothing written after it.
      expect(answer.match(/HTTP\/1\.1 /g)).toHaveLength(1);
      expect((await post(srv, { 'PRIVATE-TOKEN': SANDBOX_TOKEN })).status).toBe(200);
    } finally {
      clearInterval(timer);
      socket.destroy();
      await srv.close();
    }
  }, 30_000);
});

describe('connection ceilings from the descriptor limit', () => {
  it('are three quarters of it across the process and a quarter of that per address, unless the flags say', () => {
    const limits = (n: string) => `Limit                     Soft Limit           Hard Limit           Units\nMax open files            ${n}                 4096                 files\n`;
    expect(connectionCeilings(0, 0, descriptorLimit(() => limits('1024')))).toEqual({ max: 768, perAddress: 192 });
    expect(connectionCeilings(0, 0, descriptorLimit(() => limits('256')))).toEqual({ max: 192, perAddress: 48 });
    expect(connectionCeilings(100, 0, 1024)).toEqual({ max: 100, perAddress: 25 });
    expect(connectionCeilings(0, 7, 1024)).toEqual({ max: 768, perAddress: 7 });
    expect(descriptorLimit(() => { throw new Error('no /proc'); })).toBe(1024);
  });
});

describe('the process-wide connection ceiling', () => {
  it('closes connections past it at once, logs one summary line, and serves again once one is gone', async () => {
    const srv = await startHttpInProcess(['--forge-url', sb.url, '--max-connections', '5', '--max-connections-per-address', '100']);
    const held: Slow[] = [];
    try {
      for (let i = 0; i < 5; i++) held.push(slowSocket(srv.url, 1_000));
      await new Promise((r) => setTimeout(r, 300));
      expect(held.every((s) => !s.closed)).toBe(true);
      const refused: Slow[] = [];
      for (let i = 0; i < 20; i++) refused.push(slowSocket(srv.url, 1_000));
      await eventually(() => refused.every((s) => s.closed) || undefined, 10_000);
      expect(refused.every((s) => s.answer === '')).toBe(true);
      const lines = srv.stderr().split('\n').filter((l) => l.includes('too many connections across the process'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/"level":40/);
      held.pop()?.stop();
      await eventually(async () => (await post(srv, { 'PRIVATE-TOKEN': SANDBOX_TOKEN }).catch(() => ({ status: 0 }))).status === 200 || undefined, 10_000);
    } finally {
      for (const s of held) s.stop();
      await srv.close();
    }
  }, 30_000);
});

describe('Expect', () => {
  let srv: HttpServer;
  beforeAll(async () => { srv = await startHttpInProcess(['--forge-url', sb.url]); });
  afterAll(async () => { await srv?.close(); });

  it('an expectation other than 100-continue is answered 417 by the chain, with the security headers', async () => {
    const r = await rawRequest(srv, { method: 'POST', path: '/mcp', headers: { Expect: 'bogus', 'PRIVATE-TOKEN': SANDBOX_TOKEN, 'Content-Type': 'application/json' }, body: '{}' });
    expect(r.status).toBe(417);
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(r.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(r.body)).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.stringMatching(/^Expectation Failed/) } });
  });

  it('100-continue: the 100 comes when the body is read, after the Host check; a refused Host never gets it', async () => {
    const u = new URL(srv.url);
    const ask = (host: string) => new Promise<{ status: number; continued: boolean }>((resolve, reject) => {
      const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
      let continued = false;
      const req = httpRequest({
        host: u.hostname, port: Number(u.port), method: 'POST', path: '/mcp', agent: false,
        headers: { Host: host, Expect: '100-continue', 'PRIVATE-TOKEN': SANDBOX_TOKEN, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'Content-Length': String(Buffer.byteLength(body)) },
      }, (res: IncomingMessage) => { res.resume(); res.on('end', () => resolve({ status: res.statusCode ?? 0, continued })); });
      req.on('continue', () => { continued = true; req.end(body); });
      req.on('error', reject);
      req.flushHeaders();
    });
    expect(await ask(`localhost:${u.port}`)).toEqual({ status: 200, continued: true });
    expect(await ask('evil.example')).toEqual({ status: 403, continued: false });
  });
});

describe('event streams per credential', () => {
  it(`holds at most ${MAX_STREAMS_PER_CREDENTIAL} subscriptions/listen streams per credential, refused busy past it; another credential is not held by them`, async () => {
    const srv = await startHttpInProcess(['--forge-url', sb.url, '--rate-limit-burst', '100']);
    const c = await connect(srv, { 'PRIVATE-TOKEN': SANDBOX_TOKEN }, { modern: true });
    const other = await connect(srv, { 'PRIVATE-TOKEN': ADMIN_TOKEN }, { modern: true });
    try {
      const subs = [];
      for (let i = 0; i < MAX_STREAMS_PER_CREDENTIAL; i++) subs.push(await c.listen({ resourceSubscriptions: ['forge://project/1/issue/1'] }));
      await expect(c.listen({ resourceSubscriptions: ['forge://project/1/issue/1'] })).rejects.toThrow(/event streams/);
      const elsewhere = await other.listen({ resourceSubscriptions: ['forge://project/1/issue/1'] });
      await elsewhere.close();
      // A closed stream frees its place.
      await subs.pop()?.close();
      await eventually(async () => {
        try {
          subs.push(await c.listen({ resourceSubscriptions: ['forge://project/1/issue/1'] }));
          return true;
        } catch { return undefined; }
      }, 5_000);
      for (const s of subs) await s.close();
      expect(srv.stderr()).toMatch(/"reason":"too many event streams for one credential"/);
    } finally {
      await c.close();
      await other.close();
      await srv.close();
    }
  }, 30_000);
});

describe('/metrics and DNS rebinding', () => {
  const guard = (addr: string) => {
    const r = loadConfig({ argv: ['--http', '--http-addr', addr, '--forge-url', 'https://gitlab.example.com'], env: {}, homeDir: '/nohome', cwd: '/', readFile: () => undefined, fileExists: () => false });
    if (!r.ok || 'exit' in r) throw new Error('config refused');
    return new HostGuard(r.config);
  };
  const req = (host: string, localAddress: string) => ({ headers: { host }, socket: { localAddress } }) as unknown as IncomingMessage;

  it('on a wildcard bind, a connection from outside is served any Host, but /metrics only a declared host or an IP address', () => {
    const g = guard('0.0.0.0:8080');
    const outside = '192.0.2.2';
    expect(g.allows(req('rebound.attacker.example:8080', outside))).toBe(true);
    expect(g.named(req('rebound.attacker.example:8080', outside))).toBe(false);
    for (const ok of ['192.0.2.2:8080', '[fd00::2]:8080', 'localhost:8080', '10.1.2.3']) expect(g.named(req(ok, outside)), ok).toBe(true);
    expect(guard('mcp.example.com:8080').named(req('mcp.example.com:8080', outside))).toBe(true);
  });

  it('answers /metrics 403 for an undeclared name, and still serves it by address and /health as before', async () => {
    const srv = await startHttpServer(['--forge-url', sb.url]);
    try {
      const port = new URL(srv.url).port;
      expect((await rawRequest(srv, { method: 'GET', path: '/metrics', headers: { host: `127.0.0.1:${port}` } })).status).toBe(200);
      const refused = await rawRequest(srv, { method: 'GET', path: '/metrics', headers: { host: `rebound.attacker.example:${port}` } });
      expect(refused.status).toBe(403);
      expect(refused.headers['x-content-type-options']).toBe('nosniff');
      expect((await rawRequest(srv, { method: 'GET', path: '/health', headers: { host: `127.0.0.1:${port}` } })).status).toBe(200);
    } finally {
      await srv.close();
    }
  });
});

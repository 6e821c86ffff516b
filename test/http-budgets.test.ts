// HTTP mode end to end, the budgets and limits (SPEC "Address blocking (HTTP)", "Limits"): the failure
// and distinct-credential budgets, the per-credential rate limit, the pool cap, trusted proxies, slow
// clients and revalidation, against the sandbox. Servers are built in this process (helpers/inproc-http.ts),
// except where /metrics is read: the Prometheus instruments belong to a process (helpers/http.ts).
import { connect as connectSocket } from 'node:net';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { ADMIN_TOKEN, READUSER_TOKEN, SANDBOX_TOKEN, type Sandbox } from '../src/sandbox/index.js';
import { apiRequests, secretsInUse, withSandbox } from './helpers/harness.js';
import { errorOf, messageOf, post, rawRequest, rpc, startHttpServer, type HttpServer } from './helpers/http.js';
import { startHttpInProcess } from './helpers/inproc-http.js';

let sb: Sandbox;
/** A server with no trusted proxy, for the requests that come from a connection no proxy list names. */
let srv: HttpServer;
beforeAll(async () => {
  sb = await withSandbox();
  srv = await startHttpInProcess(['--forge-url', sb.url]);
});
afterAll(async () => {
  await srv?.close();
  await sb?.close();
});

describe('address failure budget', () => {
  let budgetSrv: HttpServer;
  beforeAll(async () => {
    budgetSrv = await startHttpServer(['--forge-url', sb.url, '--auth-failure-limit', '3', '--auth-failure-window', '1m']);
  });
  afterAll(async () => { await budgetSrv?.close(); });

  it('blocks an address after the limit with 429 and Retry-After, and still serves held credentials', async () => {
    expect((await post(budgetSrv, { 'PRIVATE-TOKEN': SANDBOX_TOKEN })).status).toBe(200); // held before the block
    for (let i = 0; i < 3; i++) {
      secretsInUse.add(`glpat-wrong-${i}-0104`);
      expect((await post(budgetSrv, { 'PRIVATE-TOKEN': `glpat-wrong-${i}-0104` })).status).toBe(401);
    }
    const blocked = await post(budgetSrv, { 'PRIVATE-TOKEN': 'glpat-wrong-0-0104' });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.headers.get('www-authenticate')).toBeNull();
    // A new valid credential is not checked from a blocked address; the held one is served.
    expect((await post(budgetSrv, { 'PRIVATE-TOKEN': ADMIN_TOKEN })).status).toBe(429);
    expect((await post(budgetSrv, { 'PRIVATE-TOKEN': SANDBOX_TOKEN }, rpc('tools/list'))).status).toBe(200);
    // The block is counted by the budget that refused, never by address.
    const metrics = await (await fetch(`${budgetSrv.url}/metrics`)).text();
    expect(metrics).toMatch(/^forge_mcp_auth_blocks_total\{budget="failure"\} 1$/m);
    expect(metrics).not.toMatch(/127\.0\.0\.1/);
  });
});

describe('what the failure budget does not count, and the per-credential rate limit', () => {
  let other: HttpServer;
  beforeAll(async () => {
    other = await startHttpInProcess(['--forge-url', sb.url, '--auth-failure-limit', '2', '--rate-limit-rps', '1', '--rate-limit-burst', '2']);
  });
  afterAll(async () => { await other?.close(); });

  it('never charges a door 403, a missing credential or an untrusted preflight', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await post(other, { 'PRIVATE-TOKEN': READUSER_TOKEN })).status).toBe(403);
      expect((await post(other, {})).status).toBe(401);
      await (await fetch(`${other.url}/mcp`, { method: 'OPTIONS', headers: { Origin: 'https://evil.example' } })).text();
    }
    expect((await post(other, { 'PRIVATE-TOKEN': SANDBOX_TOKEN })).status).toBe(200);
  });

  it('limits tool calls per pool entry with a tool error', async () => {
    const call = () => post(other, { 'PRIVATE-TOKEN': ADMIN_TOKEN }, rpc('tools/call', { name: 'forge_execute_action', arguments: { action: 'issue.list', params: { project_id: 1 } } }));
    const bodies: string[] = [];
    for (let i = 0; i < 4; i++) bodies.push((await call()).body);
    const limited = bodies.filter((b) => b.includes('rate limit exceeded for forge_execute_action'));
    expect(limited.length).toBeGreaterThanOrEqual(1);
    expect(messageOf(limited[0]).result?.isError).toBe(true);
    // Another credential has its own bucket.
    const mine = await post(other, { 'PRIVATE-TOKEN': SANDBOX_TOKEN }, rpc('tools/call', { name: 'forge_execute_action', arguments: { action: 'issue.list', params: { project_id: 1 } } }));
    expect(mine.body).not.toContain('rate limit exceeded');
  });
});

describe('pool cap', () => {
  let small: HttpServer;
  beforeAll(async () => {
    small = await startHttpInProcess(['--forge-url', sb.url, '--max-http-clients', '1']);
  });
  afterAll(async () => { await small?.close(); });

  it('evicts the least recently used entry past --max-http-clients, so its token is checked again', async () => {
    sb.clearLog();
    const userChecks = () => apiRequests(sb).filter((e) => e.path === '/api/v4/user').length;
    expect((await post(small, { 'PRIVATE-TOKEN': SANDBOX_TOKEN })).status).toBe(200);
    expect((await post(small, { 'PRIVATE-TOKEN': SANDBOX_TOKEN })).status).toBe(200);
    expect(userChecks()).toBe(1);
    expect((await post(small, { 'PRIVATE-TOKEN': ADMIN_TOKEN })).status).toBe(200);
    expect(userChecks()).toBe(2);
    expect((await post(small, { 'PRIVATE-TOKEN': SANDBOX_TOKEN })).status).toBe(200);
    expect(userChecks()).toBe(3);
    expect(small.stderr()).toMatch(/evicted \(pool full\)/);
  });
});

describe('trusted proxies', () => {
  let proxied: HttpServer;
  beforeAll(async () => {
    proxied = await startHttpInProcess(['--forge-url', sb.url, '--trusted-proxy-header', 'X-Forwarded-For', '--trusted-proxies', '127.0.0.1/32', '--auth-failure-limit', '2']);
  });
  afterAll(async () => { await proxied?.close(); });

  it('charges the rightmost X-Forwarded-For entry that is not a listed proxy', async () => {
    const bad = (xff: string, i: number) => post(proxied, { 'PRIVATE-TOKEN': `glpat-proxied-bad-${i}-0400`, 'X-Forwarded-For': xff });
    expect((await bad('203.0.113.5, 198.51.100.7', 1)).status).toBe(401);
    expect((await bad('10.9.9.9, 198.51.100.7, 127.0.0.1', 2)).status).toBe(401);
    // Two failures charged to 198.51.100.7: it is blocked, while another forwarded client is not.
    expect((await bad('198.51.100.7', 3)).status).toBe(429);
    expect((await bad('198.51.100.8', 4)).status).toBe(401);
    expect((await post(proxied, { 'PRIVATE-TOKEN': SANDBOX_TOKEN, 'X-Forwarded-For': '198.51.100.9' })).status).toBe(200);
  });

  it('judges the Host a trusted proxy forwards (on /metrics: /health answers whatever the Host)', async () => {
    const port = new URL(proxied.url).port;
    const upstream = { host: `backend.internal:${port}` };
    expect((await rawRequest(proxied, { method: 'GET', path: '/metrics', headers: upstream })).status).toBe(403);
    expect((await rawRequest(proxied, { method: 'GET', path: '/metrics', headers: { ...upstream, 'x-forwarded-host': `localhost:${port}` } })).status).toBe(200);
    expect((await rawRequest(proxied, { method: 'GET', path: '/metrics', headers: { ...upstream, 'x-forwarded-host': 'evil.example' } })).status).toBe(403);
    // From a connection that is not a listed proxy, X-Forwarded-Host is not believed.
    expect((await rawRequest(srv, { method: 'GET', path: '/metrics', headers: { host: `backend.internal:${new URL(srv.url).port}`, 'x-forwarded-host': 'localhost' } })).status).toBe(403);
  });
});

describe('slow clients (--http-idle-timeout)', () => {
  it('keeps an idle keep-alive connection open at the default (0 = off), past Node\'s own 5-second timeout', async () => {
    const u = new URL(srv.url);
    const sock = connectSocket({ host: u.hostname, port: Number(u.port) });
    const received: string[] = [];
    let closed = false;
    sock.on('data', (d: Buffer) => received.push(d.toString()));
    sock.on('error', () => undefined);
    sock.on('close', () => { closed = true; });
    const ask = () => sock.write(`GET /health HTTP/1.1\r\nHost: localhost:${u.port}\r\nConnection: keep-alive\r\n\r\n`);
    const answered = async (n: number) => {
      for (let i = 0; i < 200 && received.join('').split('HTTP/1.1 200').length - 1 < n; i++) await new Promise((r) => setTimeout(r, 25));
      return received.join('').split('HTTP/1.1 200').length - 1;
    };
    try {
      ask();
      expect(await answered(1)).toBe(1);
      // No idle deadline is announced to the client, and none is kept.
      expect(received.join('')).not.toMatch(/^Keep-Alive:/im);
      await new Promise((r) => setTimeout(r, 6_000));
      expect(closed).toBe(false);
      ask();
      expect(await answered(2)).toBe(2);
    } finally {
      sock.destroy();
    }
  });

  it('closes a connection that stays silent mid-request, and serves a prompt client', async () => {
    const idle = await startHttpInProcess(['--forge-url', sb.url, '--http-idle-timeout', '500ms']);
    try {
      const u = new URL(idle.url);
      const started = Date.now();
      const closedAfter = await new Promise<number>((resolve, reject) => {
        const sock = connectSocket({ host: u.hostname, port: Number(u.port) }, () => {
          sock.write(`POST /mcp HTTP/1.1\r\nHost: localhost:${u.port}\r\nContent-Type: application/json\r\n`);
        });
        sock.on('error', () => undefined);
        sock.on('close', () => resolve(Date.now() - started));
        setTimeout(() => reject(new Error('the silent connection was not closed')), 10_000).unref();
      });
      expect(closedAfter).toBeLessThan(5_000);
      expect((await post(idle, { 'PRIVATE-TOKEN': SANDBOX_TOKEN }, rpc('tools/list'))).status).toBe(200);
    } finally {
      await idle.close();
    }
  });
});

describe('revalidation', () => {
  it('re-reads the scopes after --revalidate-interval and ends the entry of a token now below read_api', async () => {
    const reval = await startHttpInProcess(['--forge-url', sb.url, '--revalidate-interval', '1s']);
    const t = 'glpat-revalidated-0600';
    sb.addToken(t, { kind: 'classic', scopes: ['api'], userId: 1 });
    secretsInUse.add(t);
    try {
      expect((await post(reval, { 'PRIVATE-TOKEN': t }, rpc('tools/list'))).status).toBe(200);
      sb.state.tokens.get(t)!.scopes = ['read_user'];
      await new Promise((r) => setTimeout(r, 1_100));
      sb.clearLog();
      // This request is still served from the entry; it starts the re-read.
      expect((await post(reval, { 'PRIVATE-TOKEN': t }, rpc('tools/list'))).status).toBe(200);
      await new Promise((r) => setTimeout(r, 300));
      expect(apiRequests(sb).some((e) => e.path.endsWith('/personal_access_tokens/self'))).toBe(true);
      const after = await post(reval, { 'PRIVATE-TOKEN': t }, rpc('tools/list'));
      expect(after.status).toBe(403);
      expect(errorOf(after.body).error.code).toBe(-40300);
      expect(reval.stderr()).toMatch(/scopes below the read_api minimum at revalidation/);
    } finally {
      await reval.close();
    }
  });
});

describe('distinct-credential budget', () => {
  it('blocks an address after N distinct refused tokens for one window; the failure budget at 0 is off', async () => {
    const d = await startHttpServer(['--forge-url', sb.url, '--auth-failure-limit', '0', '--auth-distinct-token-limit', '3', '--auth-distinct-token-window', '1m']);
    try {
      // One refused token again and again: the failure budget is off, the distinct budget counts it once.
      for (let i = 0; i < 12; i++) expect((await post(d, { 'PRIVATE-TOKEN': 'glpat-distinct-same-0700' })).status).toBe(401);
      expect((await post(d, { 'PRIVATE-TOKEN': 'glpat-distinct-a-0700' })).status).toBe(401);
      expect((await post(d, { 'PRIVATE-TOKEN': 'glpat-distinct-b-0700' })).status).toBe(401);
      const blocked = await post(d, { 'PRIVATE-TOKEN': 'glpat-distinct-c-0700' });
      expect(blocked.status).toBe(429);
      const wait = Number(blocked.headers.get('retry-after'));
      expect(wait).toBeGreaterThan(50);
      expect(wait).toBeLessThanOrEqual(60);
      const metrics = await (await fetch(`${d.url}/metrics`)).text();
      expect(metrics).toMatch(/^forge_mcp_auth_blocks_total\{budget="distinct"\} 1$/m);
    } finally {
      await d.close();
    }
  });
});

// HTTP mode end to end: the `--http` server (built in this process, listening on loopback) against
// the sandbox, driven by the SDK client over Streamable HTTP with a credential header, and by raw
// requests for the status and header rows (SPEC "Service endpoints (HTTP mode)", "Authentication
// failures on HTTP", "Instance selection", "Host and origin checks"). Budgets and limits: http-budgets.test.ts.
import { connect as connectSocket } from 'node:net';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { READONLY_TOKEN, READUSER_TOKEN, SANDBOX_TOKEN, type Sandbox } from '../src/sandbox/index.js';
import { apiRequests, secretsInUse, text, withSandbox, type ToolResultLike } from './helpers/harness.js';
import { ACCEPT, callTool, connect, errorOf, INIT, messageOf, post, rawRequest, rpc, type HttpServer } from './helpers/http.js';
import { startHttpInProcess } from './helpers/inproc-http.js';

let sb: Sandbox;
let srv: HttpServer;

const TRUSTED = 'https://app.example.com';

/** Raw bytes on a fresh connection (for requests no HTTP client will send), read until the server closes it. */
function rawExchange(s: HttpServer, bytes: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const u = new URL(s.url);
  return new Promise((resolve, reject) => {
    let got = '';
    const sock = connectSocket({ host: u.hostname, port: Number(u.port) }, () => sock.write(bytes));
    sock.on('data', (d: Buffer) => { got += d.toString(); });
    sock.on('error', reject);
    sock.on('end', () => {
      sock.end();
      const [head, ...rest] = got.split('\r\n\r\n');
      const [statusLine, ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const l of lines) headers[l.slice(0, l.indexOf(':')).toLowerCase()] = l.slice(l.indexOf(':') + 1).trim();
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    setTimeout(() => reject(new Error(`no answer: ${got}`)), 10_000).unref();
  });
}

const expectSecurityHeaders = (get: (name: string) => string | null | undefined) => {
  expect(get('x-content-type-options')).toBe('nosniff');
  expect(get('x-frame-options')).toBe('DENY');
  expect(get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(get('referrer-policy')).toBe('no-referrer');
  expect(get('cache-control')).toBe('no-store');
};
beforeAll(async () => {
  sb = await withSandbox();
  srv = await startHttpInProcess(['--forge-url', sb.url, '--trusted-origins', 'https://app.example.com', '--max-request-body-bytes', '65536']);
});
afterAll(async () => {
  await srv?.close();
  await sb?.close();
});

describe('serving MCP per credential', () => {
  it('serves two tokens their own catalog: the read-only token gets the read-only surface', async () => {
    const full = await connect(srv, { 'PRIVATE-TOKEN': SANDBOX_TOKEN });
    const ro = await connect(srv, { Authorization: `Bearer ${READONLY_TOKEN}` });
    try {
      const a = await callTool(full, 'forge_find_action', { query: 'create an issue in a project' });
      const b = await callTool(ro, 'forge_find_action', { query: 'create an issue in a project' });
      const ids = (r: ToolResultLike) => (r.structuredContent?.results as Array<{ id: string }>).map((x) => x.id);
      expect(ids(a)).toContain('issue.create');
      expect(ids(b)).not.toContain('issue.create');
      sb.clearLog();
      const listed = await callTool(ro, 'forge_execute_action', { action: 'issue.list', params: { project_id: 'demo-group/demo-project' } });
      expect(listed.isError, text(listed)).toBeFalsy();
      const calls = apiRequests(sb).filter((e) => e.path.endsWith('/issues'));
      expect(calls).toHaveLength(1);
      expect(calls[0].headers.authorization).toBe(`Bearer ${READONLY_TOKEN}`);
      const write = await callTool(ro, 'forge_execute_action', { action: 'issue.create', params: { project_id: 1, title: 'x' } });
      expect(write.isError).toBe(true);
      expect(text(write)).toMatch(/not available to this session/);
      const tools = await full.listTools();
      expect(tools.tools.map((t) => t.name)).toEqual(['forge_find_action', 'forge_execute_action']);
    } finally {
      await full.close();
      await ro.close();
    }
  });

  it('checks a new credential once with GET /api/v4/user, then serves it from the pool', async () => {
    sb.addToken('glpat-http-pool-check-0100', { kind: 'classic', scopes: ['api'], userId: 1 });
    secretsInUse.add('glpat-http-pool-check-0100');
    sb.clearLog();
    const h = { 'PRIVATE-TOKEN': 'glpat-http-pool-check-0100' };
    expect((await post(srv, h)).status).toBe(200);
    expect((await post(srv, h, rpc('tools/list', {}, 2))).status).toBe(200);
    const userChecks = apiRequests(sb).filter((e) => e.path === '/api/v4/user');
    expect(userChecks).toHaveLength(1);
    expect(apiRequests(sb).filter((e) => e.path === '/api/v4/personal_access_tokens/self')).toHaveLength(1);
    expect(srv.stderr()).toMatch(/"credential_hash":"[0-9a-f]{16}"[^\n]*credential admitted/);
  });

  it('lets PRIVATE-TOKEN win over Authorization: Bearer', async () => {
    sb.clearLog();
    const r = await post(srv, { 'PRIVATE-TOKEN': SANDBOX_TOKEN, Authorization: 'Bearer glpat-not-a-real-token-9999' }, rpc('tools/list'));
    secretsInUse.add('glpat-not-a-real-token-9999');
    expect(r.status).toBe(200);
    expect(r.body).toContain('forge_execute_action');
  });

  it('ends a pool entry when the platform refuses its token on a call', async () => {
    const t = 'glpat-http-revoked-later-0101';
    sb.addToken(t, { kind: 'classic', scopes: ['api'], userId: 1 });
    secretsInUse.add(t);
    const client = await connect(srv, { 'PRIVATE-TOKEN': t });
    try {
      expect((await callTool(client, 'forge_execute_action', { action: 'issue.list', params: { project_id: 1 } })).isError).toBeFalsy();
      sb.state.tokens.get(t)!.revoked = true;
      const r = await callTool(client, 'forge_execute_action', { action: 'issue.list', params: { project_id: 1 } });
      expect(r.isError).toBe(true);
    } finally {
      await client.close().catch(() => undefined);
    }
    const after = await post(srv, { 'PRIVATE-TOKEN': t }, rpc('tools/list'));
    expect(after.status).toBe(401);
    expect(srv.stderr()).toMatch(/pool entry ended/);
  });
});

describe('authentication failures', () => {
  it('answers a request without a credential 401 with a Bearer challenge naming both headers', async () => {
    const r = await post(srv, {});
    expect(r.status).toBe(401);
    // SPEC's Bearer challenge, with RFC 6750 parameters naming the accepted headers (issue #16).
    expect(r.headers.get('www-authenticate')).toBe('Bearer error="invalid_token", error_description="Send a GitLab access token in the PRIVATE-TOKEN header or as Authorization: Bearer <token>"');
    const e = errorOf(r.body);
    expect(e.error.message).toContain('PRIVATE-TOKEN');
    expect(e.error.message).toContain('Authorization: Bearer');
    expect(e.id).toBe(1);
    expect((await post(srv, { 'PRIVATE-TOKEN': '' })).status).toBe(401);
  });

  it('answers a token the platform refuses 401 saying so', async () => {
    secretsInUse.add('glpat-unknown-token-0102');
    const r = await post(srv, { 'PRIVATE-TOKEN': 'glpat-unknown-token-0102' });
    expect(r.status).toBe(401);
    expect(r.headers.get('www-authenticate')).toBe('Bearer error="invalid_token", error_description="The platform rejected the token; send a valid, unexpired GitLab access token in the PRIVATE-TOKEN header or as Authorization: Bearer <token>"');
    expect(errorOf(r.body).error.message).toMatch(/^the platform rejected the token/);
  });

  it('answers a token below read_api 403 -40300 and remembers it', async () => {
    sb.clearLog();
    const r = await post(srv, { 'PRIVATE-TOKEN': READUSER_TOKEN });
    expect(r.status).toBe(403);
    const e = errorOf(r.body);
    expect(e.error.code).toBe(-40300);
    expect(e.error.message).toMatch(/neither the read_api nor the api scope/);
    sb.clearLog();
    expect((await post(srv, { 'PRIVATE-TOKEN': READUSER_TOKEN })).status).toBe(403);
    expect(apiRequests(sb)).toHaveLength(0);
  });

  it('admits a token when its instance cannot be reached at all, and its calls report the instance unreachable', async () => {
    // A port nothing listens on: connection refused at the door's check.
    const dead = await startHttpInProcess(['--forge-url', 'http://127.0.0.1:9']);
    try {
      const c = await connect(dead, { 'PRIVATE-TOKEN': SANDBOX_TOKEN });
      try {
        expect((await c.listTools()).tools).toHaveLength(2);
        const r = await callTool(c, 'forge_execute_action', { action: 'project.get', params: { project_id: 1 } });
        expect(r.isError).toBe(true);
        expect(text(r)).toMatch(/^projectGet: GitLab server is unreachable \(connection refused\)/);
      } finally {
        await c.close();
      }
      expect(dead.stderr()).toMatch(/the instance is unreachable; token admitted unverified/);
    } finally {
      await dead.close();
    }
  });

  it('answers 503 with Retry-After when the platform cannot check the token', async () => {
    const t = 'glpat-http-outage-0103';
    sb.addToken(t, { kind: 'classic', scopes: ['api'], userId: 1 });
    secretsInUse.add(t);
    sb.fault({ method: 'GET', path: '/api/v4/user', status: 503, times: 3 });
    try {
      const r = await post(srv, { 'PRIVATE-TOKEN': t });
      expect(r.status).toBe(503);
      expect(r.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(errorOf(r.body).error.message).toMatch(/the token has not been rejected/);
    } finally {
      sb.clearFaults();
    }
    // Not remembered: once the platform answers, the token is admitted.
    expect((await post(srv, { 'PRIVATE-TOKEN': t })).status).toBe(200);
  });
});

describe('protections and headers', () => {
  it('puts the security headers on every response', async () => {
    for (const r of [await fetch(`${srv.url}/health`), await fetch(`${srv.url}/mcp`, { method: 'POST', body: INIT }), await fetch(`${srv.url}/nope`)]) {
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('x-frame-options')).toBe('DENY');
      expect(r.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(r.headers.get('referrer-policy')).toBe('no-referrer');
      expect(r.headers.get('cache-control')).toBe('no-store');
      await r.text();
    }
  });

  it('answers /health without a credential', async () => {
    const r = await fetch(`${srv.url}/health`);
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ status: 'ok' });
  });

  it('answers GET and DELETE on /mcp 405 in stateless mode', async () => {
    expect((await fetch(`${srv.url}/mcp`, { headers: { accept: 'text/event-stream', 'PRIVATE-TOKEN': SANDBOX_TOKEN } })).status).toBe(405);
    expect((await fetch(`${srv.url}/mcp`, { method: 'DELETE', headers: { 'PRIVATE-TOKEN': SANDBOX_TOKEN } })).status).toBe(405);
  });

  it('refuses an undeclared Host 403 on every route but GET /health (probes send any Host; it reveals nothing)', async () => {
    const port = new URL(srv.url).port;
    expect((await rawRequest(srv, { method: 'GET', path: '/health', headers: { host: `evil.example:${port}` } })).status).toBe(200);
    for (const path of ['/metrics', '/mcp']) {
      const r = await rawRequest(srv, { method: path === '/mcp' ? 'POST' : 'GET', path, headers: { host: `evil.example:${port}`, 'content-type': 'application/json', accept: ACCEPT, 'private-token': SANDBOX_TOKEN }, body: path === '/mcp' ? INIT : undefined });
      expect(r.status).toBe(403);
      expect(r.headers['x-frame-options']).toBe('DENY');
    }
    expect((await rawRequest(srv, { method: 'GET', path: '/metrics', headers: { host: `localhost:${port}` } })).status).toBe(200);
  });

  it('refuses a cross-origin request with 403 -40300 carrying the request id', async () => {
    const r = await post(srv, { 'PRIVATE-TOKEN': SANDBOX_TOKEN, Origin: 'https://evil.example' }, rpc('tools/list', {}, 'abc'));
    expect(r.status).toBe(403);
    const e = errorOf(r.body);
    expect(e.error).toEqual({ code: -40300, message: 'the Origin header names an origin the deployment does not trust' });
    expect(e.id).toBe('abc');
    expect(r.headers.get('access-control-allow-origin')).toBeNull();
    const site = await post(srv, { 'PRIVATE-TOKEN': SANDBOX_TOKEN, 'Sec-Fetch-Site': 'cross-site' }, rpc('tools/list'));
    expect(site.status).toBe(403);
    // Same-origin by Sec-Fetch-Site, or an Origin naming this very host, is served.
    expect((await post(srv, { 'PRIVATE-TOKEN': SANDBOX_TOKEN, 'Sec-Fetch-Site': 'same-origin' }, rpc('tools/list'))).status).toBe(200);
    expect((await post(srv, { 'PRIVATE-TOKEN': SANDBOX_TOKEN, Origin: srv.url }, rpc('tools/list'))).status).toBe(200);
    // Cross-origin POST to another route is refused too.
    expect((await fetch(`${srv.url}/health`, { method: 'POST', headers: { Origin: 'https://evil.example' } })).status).toBe(403);
  });

  it('serves a trusted origin with CORS headers and answers its preflight', async () => {
    const origin = 'https://app.example.com';
    const pre = await fetch(`${srv.url}/mcp`, { method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'private-token, content-type' } });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe(origin);
    expect(pre.headers.get('access-control-allow-methods')).toBe('GET, POST, DELETE, OPTIONS');
    const allow = pre.headers.get('access-control-allow-headers') ?? '';
    for (const h of ['Authorization', 'Content-Type', 'Accept', 'If-None-Match', 'Mcp-Session-Id', 'Mcp-Protocol-Version', 'Last-Event-ID', 'Mcp-Method', 'Mcp-Name', 'Mcp-Param-Action', 'PRIVATE-TOKEN']) expect(allow).toContain(h);
    expect(allow).not.toContain('FORGE-URL'); // one published instance: the header changes nothing
    expect(pre.headers.get('access-control-expose-headers')).toBe('Mcp-Session-Id, Mcp-Protocol-Version, WWW-Authenticate, Retry-After, ETag');
    expect(pre.headers.get('access-control-max-age')).toBe('86400');
    expect(pre.headers.get('vary')).toBe('Origin, Access-Control-Request-Method, Access-Control-Request-Headers');
    const r = await post(srv, { 'PRIVATE-TOKEN': SANDBOX_TOKEN, Origin: origin, 'Sec-Fetch-Site': 'cross-site' }, rpc('tools/list'));
    expect(r.status).toBe(200);
    expect(r.headers.get('access-control-allow-origin')).toBe(origin);
    expect(r.headers.get('access-control-expose-headers')).toContain('WWW-Authenticate');
    // An untrusted preflight gets no CORS header and is not charged as a failed authentication.
    const bad = await fetch(`${srv.url}/mcp`, { method: 'OPTIONS', headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' } });
    expect(bad.status).not.toBe(204);
    expect(bad.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('keeps Cache-Control: no-store on an answer sent as an event stream', async () => {
    const r = await post(srv, { 'PRIVATE-TOKEN': SANDBOX_TOKEN }, rpc('tools/list'));
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expectSecurityHeaders((n) => r.headers.get(n));
  });

  it('answers a malformed HTTP request like every other refusal: security headers, a JSON-RPC error, Connection: close', async () => {
    const port = new URL(srv.url).port;
    const badLine = await rawExchange(srv, 'NOT AN HTTP REQUEST\r\n\r\n');
    expect(badLine.status).toBe(400);
    expectSecurityHeaders((n) => badLine.headers[n]);
    expect(badLine.headers.connection).toBe('close');
    expect(badLine.headers['content-type']).toBe('application/json');
    expect(JSON.parse(badLine.body)).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.stringMatching(/^Bad Request: the HTTP request is malformed/) } });
    const big = await rawExchange(srv, `GET /health HTTP/1.1\r\nHost: localhost:${port}\r\nX-Padding: ${'a'.repeat(17_000)}\r\n\r\n`);
    expect(big.status).toBe(431);
    expectSecurityHeaders((n) => big.headers[n]);
    expect(big.headers.connection).toBe('close');
    const e = JSON.parse(big.body) as { id: unknown; error: { code: number; message: string } };
    expect(e.id).toBeNull();
    expect(e.error.message).toMatch(/^Request Header Fields Too Large: the request headers exceed \d+ bytes/);
    // The server is still up.
    expect((await fetch(`${srv.url}/health`)).status).toBe(200);
  });

  it('gives a trusted origin the CORS headers on the early refusals too (body too large, invalid JSON, nesting)', async () => {
    const h = { 'PRIVATE-TOKEN': SANDBOX_TOKEN, Origin: TRUSTED, 'Sec-Fetch-Site': 'cross-site' };
    const nested = `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"x":${'['.repeat(120)}${']'.repeat(120)}}}`;
    for (const [body, status] of [[rpc('tools/list', { pad: 'x'.repeat(70_000) }), 413], ['{not json', 400], [nested, 400]] as const) {
      const r = await post(srv, h, body);
      expect(r.status).toBe(status);
      expect(r.headers.get('access-control-allow-origin')).toBe(TRUSTED);
      expect(r.headers.get('access-control-expose-headers')).toBe('Mcp-Session-Id, Mcp-Protocol-Version, WWW-Authenticate, Retry-After, ETag');
      expectSecurityHeaders((n) => r.headers.get(n));
    }
  });

  it('answers a body over the limit 413 with a JSON-RPC error', async () => {
    const big = rpc('tools/list', { pad: 'x'.repeat(70_000) });
    const r = await post(srv, { 'PRIVATE-TOKEN': SANDBOX_TOKEN }, big);
    expect(r.status).toBe(413);
    expect(errorOf(r.body).error.message).toMatch(/too large/i);
  });

  it('answers JSON nested deeper than 100 levels 400, and serves 100', async () => {
    const nest = (n: number) => '['.repeat(n) + ']'.repeat(n);
    // The request object is one level, params another: 98 more make 100, 99 more make 101.
    const body = (n: number) => `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"forge_find_action","arguments":{"query":"issues","x":${nest(n)}}}}`;
    const deep = await post(srv, { 'PRIVATE-TOKEN': SANDBOX_TOKEN }, body(98));
    expect(deep.status).toBe(400);
    expect(errorOf(deep.body).error.message).toMatch(/nested deeper than 100/);
    const ok = await post(srv, { 'PRIVATE-TOKEN': SANDBOX_TOKEN }, body(97));
    expect(ok.status).toBe(200);
  });
});

describe('instance selection (FORGE-URL)', () => {
  it('ignores the header with one published instance', async () => {
    const r = await post(srv, { 'PRIVATE-TOKEN': SANDBOX_TOKEN, 'FORGE-URL': 'https://elsewhere.example' }, rpc('tools/list'));
    expect(r.status).toBe(200);
    expect(srv.stderr()).toMatch(/FORGE-URL header ignored/);
  });

  it('answers a malformed header 400 even with one published instance', async () => {
    for (const bad of ['not a url', 'ftp://gitlab.example.com', '/relative/path']) {
      const r = await post(srv, { 'PRIVATE-TOKEN': SANDBOX_TOKEN, 'FORGE-URL': bad }, rpc('tools/list', {}, 'sel'));
      expect(r.status).toBe(400);
      const e = errorOf(r.body);
      expect(e.error.code).toBe(-32600);
      expect(e.error.message).toMatch(/^the FORGE-URL header is malformed/);
      expect(e.id).toBe('sel');
    }
    // A well-formed header naming another instance is still ignored.
    expect((await post(srv, { 'PRIVATE-TOKEN': SANDBOX_TOKEN, 'FORGE-URL': 'https://elsewhere.example:8443/gitlab' }, rpc('tools/list'))).status).toBe(200);
  });

  describe('several published instances', () => {
    let sb2: Sandbox;
    let multi: HttpServer;
    beforeAll(async () => {
      sb2 = await withSandbox();
      multi = await startHttpInProcess(['--forge-url', `${sb.url},${sb2.url}`]);
    });
    afterAll(async () => {
      await multi?.close();
      await sb2?.close();
    });

    it('requires the header and routes to the instance it names', async () => {
      expect((await post(multi, { 'PRIVATE-TOKEN': SANDBOX_TOKEN })).status).toBe(400);
      const other = await post(multi, { 'PRIVATE-TOKEN': SANDBOX_TOKEN, 'FORGE-URL': 'https://gitlab.example.com' });
      expect(other.status).toBe(400);
      expect(errorOf(other.body).error.message).toMatch(/does not publish/);
      expect((await post(multi, { 'PRIVATE-TOKEN': SANDBOX_TOKEN, 'FORGE-URL': 'not a url' })).status).toBe(400);
      sb2.clearLog();
      sb.clearLog();
      const r = await post(multi, { 'PRIVATE-TOKEN': SANDBOX_TOKEN, 'FORGE-URL': `${sb2.url}/` }, rpc('tools/list'));
      expect(r.status).toBe(200);
      expect(apiRequests(sb2).some((e) => e.path === '/api/v4/user')).toBe(true);
      expect(apiRequests(sb)).toHaveLength(0);
      const pre = await fetch(`${multi.url}/mcp`, { method: 'OPTIONS', headers: { Origin: multi.url } });
      expect(pre.status).not.toBe(204); // no trusted origin configured here
    });
  });

  describe('any instance (--allow-any-forge-url)', () => {
    let anySrv: HttpServer;
    let strictSrv: HttpServer;
    beforeAll(async () => {
      anySrv = await startHttpInProcess(['--allow-any-forge-url', '--allow-private-instances']);
      strictSrv = await startHttpInProcess(['--allow-any-forge-url']);
    });
    afterAll(async () => {
      await anySrv?.close();
      await strictSrv?.close();
    });

    it('requires a well-formed header and serves the instance it names', async () => {
      expect((await post(anySrv, { 'PRIVATE-TOKEN': SANDBOX_TOKEN })).status).toBe(400);
      expect((await post(anySrv, { 'PRIVATE-TOKEN': SANDBOX_TOKEN, 'FORGE-URL': 'ftp://x' })).status).toBe(400);
      const r = await post(anySrv, { 'PRIVATE-TOKEN': SANDBOX_TOKEN, 'FORGE-URL': sb.url }, rpc('tools/list'));
      expect(r.status).toBe(200);
    });

    it('applies the outbound checks to a caller-named instance', async () => {
      sb.clearLog();
      const r = await post(strictSrv, { 'PRIVATE-TOKEN': SANDBOX_TOKEN, 'FORGE-URL': sb.url }, rpc('tools/list'));
      expect(r.status).toBe(403);
      expect(errorOf(r.body).error.message).toMatch(/refuses to connect/);
      expect(apiRequests(sb)).toHaveLength(0);
    });
  });
});

describe('public documents', () => {
  it('serves the two server cards, cacheable for an hour, revalidated by ETag', async () => {
    let etag = '';
    for (const path of ['/.well-known/mcp/server-card.json', '/.well-known/mcp.json']) {
      const r = await fetch(`${srv.url}${path}`);
      expect(r.status).toBe(200);
      expect(r.headers.get('cache-control')).toBe('public, max-age=3600');
      expect(r.headers.get('x-frame-options')).toBe('DENY');
      const card = (await r.json()) as { name: string; remotes: Array<{ type: string; url: string }>; authentication: { schemes: string[] } };
      expect(card.name).toBe('io.github.forge-mcp/forge-mcp-server'); // the registry name (package.json mcpName)
      expect(card.remotes).toEqual([{ type: 'streamable-http', url: `${srv.url}/mcp` }]);
      expect(card.authentication.schemes).toEqual(['bearer', 'private-token']);
      etag = r.headers.get('etag') ?? '';
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      const again = await fetch(`${srv.url}${path}`, { headers: { 'If-None-Match': etag } });
      expect(again.status).toBe(304);
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('cache-control')).toBe('public, max-age=3600');
      expect(await again.text()).toBe('');
      expect((await fetch(`${srv.url}${path}`, { headers: { 'If-None-Match': '"stale"' } })).status).toBe(200);
      // A trusted origin may read it from a browser; another gets no CORS header.
      const trusted = await fetch(`${srv.url}${path}`, { headers: { Origin: 'https://app.example.com' } });
      expect(trusted.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
      const untrusted = await fetch(`${srv.url}${path}`, { headers: { Origin: 'https://evil.example' } });
      expect(untrusted.headers.get('access-control-allow-origin')).toBeNull();
      // A shared cache must not hand the untrusted (header-less) copy to a trusted origin.
      expect(untrusted.headers.get('vary')).toMatch(/Origin/);
      expect(r.headers.get('vary')).toMatch(/Origin/);
    }
  });

  it('answers the OAuth metadata document 404 in legacy mode', async () => {
    const r = await fetch(`${srv.url}/.well-known/oauth-protected-resource`);
    expect(r.status).toBe(404);
    expect(r.headers.get('cache-control')).toBe('no-store');
  });
});

describe('JSON-RPC shapes and protocol 2026-07-28 headers', () => {
  const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {}, 'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' } };
  const modern = (method: string, params: Record<string, unknown>, id = 7) => JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta: META } });
  const H = { 'PRIVATE-TOKEN': SANDBOX_TOKEN, 'Mcp-Protocol-Version': '2026-07-28' };

  it('answers each call of a batch mixing a valid and an invalid call', async () => {
    const r = await post(srv, { 'PRIVATE-TOKEN': SANDBOX_TOKEN }, JSON.stringify([
      { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} },
      { jsonrpc: '2.0', id: 2, method: 'no/such/method', params: {} },
    ]));
    expect(r.status).toBe(200);
    const msgs = r.body.split('\n').filter((l) => l.startsWith('data: ')).map((l) => JSON.parse(l.slice(6)) as { id: number; result?: unknown; error?: { code: number } });
    expect(msgs.find((m) => m.id === 1)?.result).toBeDefined();
    expect(msgs.find((m) => m.id === 2)?.error?.code).toBe(-32601);
  });

  it('requires Mcp-Method and Mcp-Name to match the body', async () => {
    const list = modern('tools/list', {});
    expect((await post(srv, H, list)).status).toBe(400);
    expect((await post(srv, { ...H, 'Mcp-Method': 'tools/call' }, list)).status).toBe(400);
    expect((await post(srv, { ...H, 'Mcp-Method': 'tools/list' }, list)).status).toBe(200);
    const call = modern('tools/call', { name: 'forge_find_action', arguments: { query: 'list issues' } });
    const noName = await post(srv, { ...H, 'Mcp-Method': 'tools/call' }, call);
    expect(noName.status).toBe(400);
    expect(errorOf(noName.body).error.message).toMatch(/Mcp-Name header is absent/);
    expect((await post(srv, { ...H, 'Mcp-Method': 'tools/call', 'Mcp-Name': 'forge_find_action' }, call)).status).toBe(200);
  });

  it('refuses an Mcp-Param-Action that names another action than the body runs, before anything reaches the platform', async () => {
    const call = modern('tools/call', { name: 'forge_execute_action', arguments: { action: 'issue.list', params: { project_id: 1 } } });
    const h = { ...H, 'Mcp-Method': 'tools/call', 'Mcp-Name': 'forge_execute_action' };
    sb.clearLog();
    const wrong = await post(srv, { ...h, 'Mcp-Param-Action': 'project.delete' }, call);
    expect(wrong.status).toBe(400);
    expect(errorOf(wrong.body).error.message).toBe('Bad Request: the request headers and body disagree: the body runs action issue.list but the Mcp-Param-Action header names project.delete');
    expect(apiRequests(sb).filter((e) => e.path.endsWith('/issues'))).toHaveLength(0);
    const right = await post(srv, { ...h, 'Mcp-Param-Action': 'issue.list' }, call);
    expect(right.status).toBe(200);
    expect(messageOf(right.body).result?.isError).toBeFalsy();
  });
});

describe('concurrent verifications', () => {
  it('checks at most 16 new tokens at once; a token that waits 5 s for a slot gets 503, uncached and uncharged', async () => {
    const tokens = Array.from({ length: 20 }, (_, i) => `glpat-verify-slot-${String(i).padStart(2, '0')}-0500`);
    for (const t of tokens) {
      sb.addToken(t, { kind: 'classic', scopes: ['api'], userId: 1 });
      secretsInUse.add(t);
    }
    // Each check takes 6.5 s: the 16 first hold every slot past the 5-second wait of the others.
    sb.fault({ method: 'GET', path: '/api/v4/user', delayMs: 6_500, times: 16 });
    try {
      const results = await Promise.all(tokens.map((t) => post(srv, { 'PRIVATE-TOKEN': t })));
      const waited = results.filter((r) => r.status === 503);
      expect(results.filter((r) => r.status === 200)).toHaveLength(16);
      expect(waited).toHaveLength(4);
      for (const r of waited) {
        expect(r.headers.get('retry-after')).toBeTruthy();
        expect(errorOf(r.body).error.message).toMatch(/Too many new credentials are being checked at once; the token has not been rejected/);
      }
    } finally {
      sb.clearFaults();
    }
    // Not remembered: the same token is admitted once a slot is free.
    expect((await post(srv, { 'PRIVATE-TOKEN': tokens[19] })).status).toBe(200);
    expect(srv.stderr()).toMatch(/credential verification saturated/);
  }, 30_000);
});

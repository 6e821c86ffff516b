// One middleware path (issue #12 move 2): every route of the table src/http/routes.ts exports, on
// every method it serves, and every refusal path (404, 405, Host, Origin, 413, nesting, busy, the
// door's 401/403, Node's clientError 400, the event stream whose Cache-Control the SDK writes)
// answers with the chain's marks: the security headers, `no-store` (or the public policy of a
// public document), and the CORS headers when the Origin is trusted. The built server runs against
// the sandbox on loopback; the chain itself is also driven in process with a table of our own, to
// show a route added to a table gets the marks without doing anything for them.
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect as connectSocket, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { loadConfig } from '../src/config/index.js';
import { createLogger } from '../src/observe/log.js';
import { createChain, type Handler, type Stage } from '../src/http/chain.js';
import { CORS_EXPOSE_HEADERS } from '../src/http/replies.js';
import { routeFor, routeTable, type HandlerName, type Route, type StageName } from '../src/http/routes.js';
import { READUSER_TOKEN, SANDBOX_TOKEN, type Sandbox } from '../src/sandbox/index.js';
import { answers, secretsInUse, withSandbox } from './helpers/harness.js';
import { ACCEPT, INIT, rpc, startHttpServer, type HttpServer } from './helpers/http.js';

const TRUSTED = 'https://app.example.com';
const UNTRUSTED = 'https://evil.example.net';
const OAUTH_TOKEN = 'gloas-routes-api-token-0201';
const UNKNOWN_TOKEN = 'glpat-routes-never-issued-0202';
const MAX_BODY = 65_536;

interface Answer { status: number; headers: IncomingHttpHeaders; body: string }
interface Ask { method: string; path: string; headers?: Record<string, string>; body?: string; headersOnly?: boolean }

/** One request with the headers we choose (Host and Origin included); `headersOnly` stops at the head (event streams). */
function ask(base: HttpServer | string, a: Ask): Promise<Answer> {
  const u = new URL(typeof base === 'string' ? base : base.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: u.hostname, port: Number(u.port), method: a.method, path: a.path, headers: a.headers ?? {} }, (res) => {
      if (a.headersOnly) {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: '' });
        res.destroy();
        return;
      }
      let b = '';
      res.on('data', (d: Buffer) => { b += d.toString(); });
      res.on('end', () => { answers.push(b); resolve({ status: res.statusCode ?? 0, headers: res.headers, body: b }); });
    });
    req.on('error', reject);
    req.end(a.body);
  });
}

/** The chain's marks: the security headers and the Cache-Control policy; CORS exactly when the Origin was trusted. */
function expectMarks(r: Pick<Answer, 'headers'>, opts: { cors: boolean; publicDocument?: boolean }, what: string): void {
  const h = r.headers;
  expect(h['x-content-type-options'], what).toBe('nosniff');
  expect(h['x-frame-options'], what).toBe('DENY');
  expect(h['content-security-policy'], what).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(h['referrer-policy'], what).toBe('no-referrer');
  expect(h['cache-control'], what).toBe(opts.publicDocument ? 'public, max-age=3600' : 'no-store');
  if (opts.cors) {
    expect(h['access-control-allow-origin'], what).toBe(TRUSTED);
    expect(h['access-control-expose-headers'], what).toBe(CORS_EXPOSE_HEADERS);
    expect(h.vary, what).toMatch(/\bOrigin\b/);
  } else {
    expect(h['access-control-allow-origin'], what).toBeUndefined();
  }
}

const rpcCode = (r: Answer): number => (JSON.parse(r.body) as { error: { code: number } }).error.code;

/** The configuration the server runs with, as the server itself loads it (the route table depends on it). */
function configOf(args: string[]) {
  const r = loadConfig({ argv: ['--http', '--http-addr', '127.0.0.1:0', ...args], env: {}, homeDir: tmpdir(), cwd: tmpdir(), readFile: () => undefined, fileExists: () => false });
  if (!r.ok || !('config' in r)) throw new Error(`configuration refused: ${JSON.stringify(r)}`);
  return r.config;
}

let sb: Sandbox;
// Legacy authentication, stateless; OAuth authentication with stateful sessions: together they serve every route.
let legacy: HttpServer;
let oauth: HttpServer;
let legacyArgs: string[];
let oauthArgs: string[];

beforeAll(async () => {
  sb = await withSandbox();
  sb.addToken(OAUTH_TOKEN, { kind: 'oauth', scopes: ['api'], userId: 1, applicationUid: 'app-forge' });
  for (const t of [SANDBOX_TOKEN, READUSER_TOKEN, OAUTH_TOKEN, UNKNOWN_TOKEN]) secretsInUse.add(t);
  legacyArgs = ['--forge-url', sb.url, '--trusted-origins', TRUSTED, '--max-request-body-bytes', String(MAX_BODY)];
  oauthArgs = ['--auth-mode', 'oauth', '--forge-url', sb.url, '--stateless=false', '--trusted-origins', TRUSTED];
  [legacy, oauth] = await Promise.all([startHttpServer(legacyArgs), startHttpServer(oauthArgs)]);
});
afterAll(async () => {
  await Promise.all([legacy?.close(), oauth?.close()]);
  await sb?.close();
});

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** Every (path, method) a route serves: its own methods, or for '*' each method no earlier route at that path takes. */
function samplesOf(table: readonly Route[], route: Route): Array<{ path: string; method: string }> {
  const paths = route.paths === '*' ? ['/no-such-route'] : route.paths;
  return paths.flatMap((path) => {
    const methods = route.methods === '*' ? METHODS : route.methods;
    return methods.filter((method) => routeFor(table, method, path) === route).map((method) => ({ path, method }));
  });
}

/**
 * How each handler is reached and what it answers. Typed by handler name: a handler added to the
 * table without a row here fails the type check, and a route without a row fails below.
 */
const PROBES: Record<HandlerName, (route: Route, credential: Record<string, string>) => { headers?: Record<string, string>; body?: string; status: number; allow?: string }> = {
  'mcp-preflight': () => ({ headers: { 'Access-Control-Request-Method': 'POST' }, status: 204 }),
  'mcp-call': (_, credential) => ({ headers: { ...credential, 'Content-Type': 'application/json', Accept: ACCEPT }, body: rpc('ping', {}, 'probe'), status: 200 }),
  // Reached through the door: without Mcp-Session-Id the handler asks for one.
  'mcp-session': (_, credential) => ({ headers: { ...credential, Accept: 'text/event-stream' }, status: 400 }),
  'resource-metadata': () => ({ status: 200 }),
  'server-card': () => ({ status: 200 }),
  metrics: () => ({ status: 200 }),
  health: () => ({ status: 200 }),
  // With the credential: a stateless GET /mcp passes the door first (401 without one, http-challenge.test.ts).
  'method-not-allowed': (route, credential) => ({ headers: credential, status: 405, allow: route.refusal?.allow }),
  'not-found': () => ({ status: 404 }),
};

describe('the route table, route by route', () => {
  const servers = (): Array<{ srv: HttpServer; args: string[]; credential: Record<string, string> }> => [
    { srv: legacy, args: legacyArgs, credential: { 'PRIVATE-TOKEN': SANDBOX_TOKEN } },
    { srv: oauth, args: oauthArgs, credential: { Authorization: `Bearer ${OAUTH_TOKEN}` } },
  ];

  it('serves every route of both configurations, on every method it takes, with the marks and CORS for a trusted Origin', async () => {
    const seen = new Set<HandlerName>();
    for (const { srv, args, credential } of servers()) {
      const table = routeTable(configOf(args));
      for (const route of table) {
        const samples = samplesOf(table, route);
        expect(samples.length, `route ${route.name} is reachable`).toBeGreaterThan(0);
        for (const { path, method } of samples) {
          const probe = PROBES[route.handler](route, credential);
          const what = `${method} ${path} (route ${route.name})`;
          const r = await ask(srv, { method, path, headers: { Origin: TRUSTED, ...probe.headers }, body: probe.body });
          expect(r.status, `${what}: ${r.body}`).toBe(probe.status);
          if (probe.allow !== undefined) expect(r.headers.allow, what).toBe(probe.allow);
          expectMarks(r, { cors: true, publicDocument: route.stages.includes('public-document') }, what);
          seen.add(route.handler);
        }
      }
    }
    // The two configurations reach every handler the chain has.
    expect([...seen].sort()).toEqual(Object.keys(PROBES).sort());
  });

  it('checks the Origin of every route but the preflight: a write from an untrusted origin is refused before the route', async () => {
    for (const { srv, args, credential } of servers()) {
      const table = routeTable(configOf(args));
      for (const route of table) {
        if (route.handler === 'mcp-preflight') continue;
        expect(route.stages.some((s) => s === 'origin' || s === 'origin-on-writes') || route.methods !== '*' && route.methods.every((m) => m === 'GET' || m === 'HEAD'), route.name).toBe(true);
        for (const { path, method } of samplesOf(table, route).filter((s) => s.method === 'POST' || s.method === 'DELETE')) {
          const probe = PROBES[route.handler](route, credential);
          const r = await ask(srv, { method, path, headers: { ...probe.headers, Origin: UNTRUSTED, 'Sec-Fetch-Site': 'cross-site' }, body: probe.body });
          const what = `${method} ${path} (route ${route.name}) from ${UNTRUSTED}`;
          expect(r.status, `${what}: ${r.body}`).toBe(403);
          expect(rpcCode(r), what).toBe(-40300);
          expectMarks(r, { cors: false }, what);
        }
      }
    }
  });
});

describe('every refusal path passes the chain', () => {
  const post = (srv: HttpServer, headers: Record<string, string>, body: string) =>
    ask(srv, { method: 'POST', path: '/mcp', headers: { Origin: TRUSTED, 'Content-Type': 'application/json', Accept: ACCEPT, ...headers }, body });

  it('404 on an unknown path, 405 on a wrong method (the MCP endpoint and a document)', async () => {
    const notFound = await ask(legacy, { method: 'GET', path: '/nowhere', headers: { Origin: TRUSTED } });
    expect(notFound.status).toBe(404);
    expectMarks(notFound, { cors: true }, '404');
    const probe = await ask(legacy, { method: 'GET', path: '/.well-known/oauth-authorization-server', headers: { Origin: TRUSTED } });
    expect(JSON.parse(probe.body)).toMatchObject({ error: 'not found', error_description: expect.stringMatching(/does not sign in with OAuth/) });
    expectMarks(probe, { cors: true }, '404 sign-in probe');
    for (const [srv, path, allow] of [[legacy, '/mcp', 'POST, OPTIONS'], [oauth, '/mcp', 'GET, POST, DELETE, OPTIONS'], [legacy, '/health', 'GET']] as const) {
      const r = await ask(srv, { method: 'PUT', path, headers: { Origin: TRUSTED } });
      expect(r.status).toBe(405);
      expect(r.headers.allow).toBe(allow);
      expectMarks(r, { cors: true }, `405 ${path}`);
    }
    // An untrusted preflight is not answered as CORS.
    const preflight = await ask(legacy, { method: 'OPTIONS', path: '/mcp', headers: { Origin: UNTRUSTED, 'Access-Control-Request-Method': 'POST' } });
    expect(preflight.status).toBe(405);
    expectMarks(preflight, { cors: false }, 'untrusted preflight');
  });

  it('403 on a Host the deployment does not serve, before any route; GET /health answers whatever the Host (probes)', async () => {
    for (const method of ['GET', 'HEAD']) {
      const health = await ask(legacy, { method, path: '/health', headers: { Host: 'attacker.example.org', Origin: TRUSTED } });
      expect(health.status, method).toBe(200);
    }
    // Only the health route is exempt (a route flag), not the path: another method on it is checked.
    for (const [method, path] of [['GET', '/mcp'], ['GET', '/metrics'], ['GET', '/nowhere'], ['POST', '/health']]) {
      const r = await ask(legacy, { method, path, headers: { Host: 'attacker.example.org', Origin: TRUSTED } });
      expect(r.status, `${method} ${path}`).toBe(403);
      expect(JSON.parse(r.body).error.message).toMatch(/Host header/);
      expectMarks(r, { cors: true }, `Host refused on ${path}`);
    }
  });

  it('403 on an untrusted Origin at the MCP endpoint, carrying the request id', async () => {
    const r = await post(legacy, { 'PRIVATE-TOKEN': SANDBOX_TOKEN, Origin: UNTRUSTED, 'Sec-Fetch-Site': 'cross-site' }, rpc('tools/list', {}, 'cross'));
    expect(r.status).toBe(403);
    expect(JSON.parse(r.body)).toMatchObject({ id: 'cross', error: { code: -40300 } });
    expectMarks(r, { cors: false }, 'Origin refused');
  });

  it('413 on a body over the limit, 400 on nesting, invalid JSON and a Mcp-Param-Action mismatch', async () => {
    const h = { 'PRIVATE-TOKEN': SANDBOX_TOKEN };
    const big = await post(legacy, h, rpc('tools/list', { pad: 'x'.repeat(MAX_BODY) }));
    expect(big.status).toBe(413);
    expect(big.headers.connection).toBe('close');
    expectMarks(big, { cors: true }, '413');
    const deep = await post(legacy, h, `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"x":${'['.repeat(120)}${']'.repeat(120)}}}`);
    expect(deep.status).toBe(400);
    expect(JSON.parse(deep.body).error.message).toMatch(/nested deeper than 100/);
    expectMarks(deep, { cors: true }, 'too deep');
    const garbled = await post(legacy, h, '{not json');
    expect([garbled.status, rpcCode(garbled)]).toEqual([400, -32700]);
    expectMarks(garbled, { cors: true }, 'parse error');
    const mismatch = await post(legacy, { ...h, 'Mcp-Param-Action': 'issue.create' }, rpc('tools/list'));
    expect([mismatch.status, rpcCode(mismatch)]).toEqual([400, -32020]);
    expectMarks(mismatch, { cors: true }, 'Mcp-Param-Action');
  });

  it('401 and 403 at the door: no credential, a refused token, a token below read_api, PRIVATE-TOKEN in OAuth mode', async () => {
    const cases: Array<[HttpServer, Record<string, string>, number, string]> = [
      [legacy, {}, 401, 'no credential'],
      [legacy, { 'PRIVATE-TOKEN': UNKNOWN_TOKEN }, 401, 'refused token'],
      [legacy, { 'PRIVATE-TOKEN': READUSER_TOKEN }, 403, 'below read_api'],
      [oauth, {}, 401, 'no bearer (OAuth)'],
      [oauth, { 'PRIVATE-TOKEN': SANDBOX_TOKEN }, 401, 'PRIVATE-TOKEN (OAuth)'],
    ];
    for (const [srv, h, status, what] of cases) {
      const r = await post(srv, h, INIT);
      expect(r.status, what).toBe(status);
      if (status === 401) expect(r.headers['www-authenticate'], what).toMatch(/^Bearer /);
      expectMarks(r, { cors: true }, what);
    }
  });

  it('503 busy past the held-call ceiling: one batch holding 193 calls', async () => {
    const batch = JSON.stringify(Array.from({ length: 193 }, (_, i) => ({ jsonrpc: '2.0', id: i + 1, method: 'ping' })));
    const r = await post(legacy, { 'PRIVATE-TOKEN': SANDBOX_TOKEN }, batch);
    expect(r.status).toBe(503);
    expect(r.headers['retry-after']).toBe('1');
    expect(JSON.parse(r.body).error.message).toBe('This server is busy. Retry later.');
    expectMarks(r, { cors: true }, 'busy');
  });

  it('the event stream of a stateful session: no-store over the SDK\'s no-cache, and the CORS headers', async () => {
    const bearer = { Authorization: `Bearer ${OAUTH_TOKEN}` };
    const opened = await post(oauth, bearer, INIT);
    expect(opened.status).toBe(200);
    const sid = opened.headers['mcp-session-id'] as string;
    expect(sid).toMatch(/^[0-9a-f-]{36}$/);
    const proto = { 'Mcp-Protocol-Version': '2025-06-18', 'Mcp-Session-Id': sid };
    expect((await post(oauth, { ...bearer, ...proto }, JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }))).status).toBe(202);
    const stream = await ask(oauth, { method: 'GET', path: '/mcp', headers: { ...bearer, ...proto, Origin: TRUSTED, Accept: 'text/event-stream' }, headersOnly: true });
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    expectMarks(stream, { cors: true }, 'event stream');
    const ended = await ask(oauth, { method: 'DELETE', path: '/mcp', headers: { ...bearer, ...proto, Origin: TRUSTED } });
    expect(ended.status).toBe(200);
    expectMarks(ended, { cors: true }, 'session deleted');
  });

  it('400 on a request Node cannot parse (clientError), with the security headers on the raw answer', async () => {
    const u = new URL(legacy.url);
    const raw = await new Promise<string>((resolve, reject) => {
      let got = '';
      const sock = connectSocket({ host: u.hostname, port: Number(u.port) }, () => sock.write('NOT A REQUEST LINE\r\n\r\n'));
      sock.on('data', (d: Buffer) => { got += d.toString(); });
      sock.on('error', reject);
      sock.on('end', () => resolve(got));
      setTimeout(() => reject(new Error(`no answer: ${got}`)), 10_000).unref();
    });
    const [head, body] = raw.split('\r\n\r\n');
    const [statusLine, ...lines] = head.split('\r\n');
    expect(statusLine).toBe('HTTP/1.1 400 Bad Request');
    const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
    expectMarks({ headers }, { cors: false }, 'clientError');
    expect(headers.connection).toBe('close');
    expect(JSON.parse(body)).toMatchObject({ id: null, error: { code: -32600 } });
  });
});

describe('the chain itself', () => {
  /** A table of our own: a route whose handler writes raw headers, the catch-all, and the stages that record their order. */
  async function chainWith(routes: Route[], ran: string[], overrides: Partial<Record<StageName, Stage>> = {}): Promise<{ server: Server; url: string }> {
    const stage = (name: StageName): Stage => () => { ran.push(name); return true; };
    const all = ['origin', 'origin-on-writes', 'request-body', 'param-action', 'credential', 'busy', 'listen', 'public-document'] as const;
    const stages = { ...Object.fromEntries(all.map((s) => [s, stage(s)])), ...overrides } as Record<StageName, Stage>;
    const raw: Handler = (x) => {
      // Writes as a careless route would: its own Cache-Control, nothing else.
      x.res.writeHead(200, { 'Content-Type': 'text/plain', 'Cache-Control': 'public, max-age=60' });
      x.res.end('raw');
    };
    const handlers = Object.fromEntries(Object.keys(PROBES).map((h) => [h, raw])) as Record<HandlerName, Handler>;
    const chain = createChain({ routes, stages, handlers, trustedOrigin: (req) => (req.headers.origin === TRUSTED ? TRUSTED : undefined), hostAllowed: () => true, log: await createLogger('silent') });
    const server = createServer(chain);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  }

  const catchAll: Route = { name: 'not-found', paths: '*', methods: '*', stages: [], handler: 'not-found' };

  it('gives a newly added route the marks and runs its stages in the table\'s order, though its handler writes raw headers', async () => {
    const ran: string[] = [];
    const { server, url } = await chainWith([{ name: 'added', paths: ['/added'], methods: ['GET'], stages: ['busy', 'origin'], handler: 'health' }, catchAll], ran);
    try {
      const r = await ask(url, { method: 'GET', path: '/added', headers: { Origin: TRUSTED } });
      expect([r.status, r.body]).toEqual([200, 'raw']);
      expectMarks(r, { cors: true }, 'added route');
      expect(ran).toEqual(['busy', 'origin']);
    } finally {
      server.close();
    }
  });

  it('answers 500 (prepared) when a stage stops a request without answering it', async () => {
    const ran: string[] = [];
    const { server, url } = await chainWith([{ name: 'silent-stage', paths: ['/silent'], methods: ['GET'], stages: ['credential'], handler: 'health' }, catchAll], ran, { credential: () => false });
    try {
      const r = await ask(url, { method: 'GET', path: '/silent', headers: { Origin: TRUSTED } });
      expect(r.status).toBe(500);
      expect(JSON.parse(r.body)).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32603, message: 'Internal error' } });
      expectMarks(r, { cors: true }, 'stage without an answer');
    } finally {
      server.close();
    }
  });

  it('refuses at construction a table naming a handler or stage it lacks, or without a catch-all route', async () => {
    const log = await createLogger('silent');
    const base = { trustedOrigin: () => undefined, hostAllowed: () => true, log };
    const handlers = { health: () => undefined } as unknown as Record<HandlerName, Handler>;
    const stages = {} as Record<StageName, Stage>;
    expect(() => createChain({ ...base, handlers, stages, routes: [{ ...catchAll, handler: 'metrics' }] })).toThrow(/names no handler/);
    expect(() => createChain({ ...base, handlers, stages, routes: [{ ...catchAll, handler: 'health', stages: ['busy'] }] })).toThrow(/names no stage/);
    expect(() => createChain({ ...base, handlers, stages, routes: [{ ...catchAll, paths: ['/health'], handler: 'health' }] })).toThrow(/must end with a route for any path/);
  });
});

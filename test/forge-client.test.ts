// The platform client against tiny node:http servers on 127.0.0.1: requests, retries, redirects,
// outbound checks, deadline vs cancel, and no-answer failure kinds.
import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { connect as netConnect, type AddressInfo } from 'node:net';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createForgeClient, deadlineSignal, DeadlineError, ForgeNetworkError, rateLimitWaitMs, requestLine, type ForgeClientOptions } from '../src/forge/client.js';
import { OutboundPolicy, isTierA, isTierB, judgeAddress, normalizeIp } from '../src/forge/outbound.js';
import { redactSecrets } from '../src/forge/redact.js';
import { networkKindOf } from '../src/forge/errors.js';
import type { ForgeClient } from '../src/forge/types.js';
import { requireOpenssl } from './helpers/openssl.js';

const TOKEN = 'glpat-test-secret-token-0123456789';

interface Recorded {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

interface TestServer {
  port: number;
  url: string;
  requests: Recorded[];
  close(): Promise<void>;
}

type Handler = (req: IncomingMessage, res: ServerResponse, n: number, body: string) => void;

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!().catch(() => undefined);
});

async function serve(handler: Handler): Promise<TestServer> {
  const requests: Recorded[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handler(req, res, requests.length, body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as AddressInfo).port;
  const close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  cleanups.push(close);
  return { port, url: `http://127.0.0.1:${port}`, requests, close };
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** A resolver mapping names to addresses, counting calls per name. */
function resolver(map: Record<string, string | string[] | NodeJS.ErrnoException>) {
  const calls: Record<string, number> = {};
  const lookup = async (hostname: string) => {
    calls[hostname] = (calls[hostname] ?? 0) + 1;
    const v = map[hostname];
    if (v === undefined) {
      const e = new Error(`getaddrinfo ENOTFOUND ${hostname}`) as NodeJS.ErrnoException;
      e.code = 'ENOTFOUND';
      throw e;
    }
    if (v instanceof Error) throw v;
    return (Array.isArray(v) ? v : [v]).map((address) => ({ address, family: (address.includes(':') ? 6 : 4) as 4 | 6 }));
  };
  return { lookup, calls };
}

function client(opts: Partial<ForgeClientOptions> & { baseUrl: string }): ForgeClient {
  const c = createForgeClient({ token: TOKEN, retryDelaysMs: [20, 40], ...opts });
  cleanups.push(() => c.close());
  return c;
}

async function failure(p: Promise<unknown>): Promise<ForgeNetworkError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ForgeNetworkError);
    expect(String((e as Error).message)).not.toContain(TOKEN);
    return e as ForgeNetworkError;
  }
  throw new Error('expected the request to fail');
}

describe('requests', () => {
  it('sends REST with the token, query string and JSON body, and parses JSON', async () => {
    const s = await serve((_req, res) => json(res, 201, { id: 7 }, { 'x-total': '1' }));
    const c = client({ baseUrl: `${s.url}/` });
    expect(c.baseUrl).toBe(s.url);
    const res = await c.send({ method: 'POST', path: '/projects/group%2Fproj/issues', query: { state: 'opened', labels: ['a', 'b'], confidential: false }, body: { title: 'Hi' } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: 7 });
    expect(res.headers['x-total']).toBe('1');
    expect(res.url).toBe(`${s.url}/api/v4/projects/group%2Fproj/issues?state=opened&labels%5B%5D=a&labels%5B%5D=b&confidential=false`);
    const r = s.requests[0];
    expect(r.method).toBe('POST');
    expect(r.url).toBe('/api/v4/projects/group%2Fproj/issues?state=opened&labels%5B%5D=a&labels%5B%5D=b&confidential=false');
    expect(r.headers['private-token']).toBe(TOKEN);
    expect(r.headers.authorization).toBeUndefined();
    expect(r.headers['content-type']).toBe('application/json');
    expect(r.headers['user-agent']).toBe('forge-mcp-server');
    expect(JSON.parse(r.body)).toEqual({ title: 'Hi' });
  });

  it('sends the token as Authorization: Bearer when asked', async () => {
    const s = await serve((_req, res) => json(res, 200, []));
    const c = client({ baseUrl: s.url, tokenHeader: 'bearer', userAgent: 'ua-test' });
    await c.send({ method: 'GET', path: '/user' });
    expect(s.requests[0].headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(s.requests[0].headers['private-token']).toBeUndefined();
    expect(s.requests[0].headers['user-agent']).toBe('ua-test');
  });

  it('sends GraphQL as POST JSON to /api/graphql', async () => {
    const s = await serve((_req, res) => json(res, 200, { data: { project: { id: 'gid://x/Project/1' } } }));
    const c = client({ baseUrl: s.url });
    const res = await c.send({ method: 'POST', path: '/graphql', graphql: { query: 'query($p: ID!) { project(fullPath: $p) { id } }', variables: { p: 'g/p' } } });
    expect(res.status).toBe(200);
    expect(s.requests[0].url).toBe('/api/graphql');
    expect(s.requests[0].method).toBe('POST');
    expect(s.requests[0].headers['content-type']).toBe('application/json');
    expect(JSON.parse(s.requests[0].body)).toEqual({ query: 'query($p: ID!) { project(fullPath: $p) { id } }', variables: { p: 'g/p' } });
  });

  it('is lenient with invalid JSON and returns text when asked', async () => {
    const s = await serve((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(req.url?.includes('bad') ? '{not json' : '{"a":1}');
    });
    const c = client({ baseUrl: s.url });
    expect((await c.send({ method: 'GET', path: '/bad' })).body).toBe('{not json');
    expect((await c.send({ method: 'GET', path: '/good', asText: true })).body).toBe('{"a":1}');
    expect((await c.send({ method: 'GET', path: '/good' })).body).toEqual({ a: 1 });
  });

  it('sends a multipart FormData body, re-sendable on 429', async () => {
    const s = await serve((_req, res, n) => (n === 1 ? json(res, 429, {}) : json(res, 201, { ok: true })));
    const form = new FormData();
    form.append('name', 'pkg');
    form.append('file', new Blob([new Uint8Array([1, 2, 3, 250])]), 'data.bin');
    const res = await client({ baseUrl: s.url }).send({ method: 'POST', path: '/projects/1/uploads', body: form });
    expect(res.status).toBe(201);
    expect(s.requests).toHaveLength(2);
    for (const r of s.requests) {
      expect(r.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      expect(r.body).toContain('name="file"; filename="data.bin"');
      expect(r.body).toContain('pkg');
    }
  });

  it('returns bytes for a successful asBytes answer, parsed JSON for a refusal', async () => {
    const bytes = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0xff, 0x00, 0xc3]);
    const s = await serve((req, res) => {
      if (req.url?.includes('missing')) return json(res, 404, { message: '404 File Not Found' });
      res.writeHead(200, { 'content-type': 'application/zip' });
      res.end(bytes);
    });
    const c = client({ baseUrl: s.url });
    const ok = await c.send({ method: 'GET', path: '/jobs/1/artifacts', asBytes: true });
    expect(Buffer.isBuffer(ok.body)).toBe(true);
    expect((ok.body as Buffer).equals(bytes)).toBe(true);
    const missing = await c.send({ method: 'GET', path: '/jobs/missing/artifacts', asBytes: true });
    expect(missing.body).toEqual({ message: '404 File Not Found' });
    const text = await c.send({ method: 'GET', path: '/missing/raw', asText: true });
    expect(text.body).toEqual({ message: '404 File Not Found' });
  });

  it('resolves for every HTTP status', async () => {
    const s = await serve((_req, res) => json(res, 404, { message: '404 Not Found' }));
    const c = client({ baseUrl: s.url });
    const res = await c.send({ method: 'GET', path: '/projects/1' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: '404 Not Found' });
  });
});

describe('retries', () => {
  it('re-sends a 429 twice for any method (3 sends)', async () => {
    const s = await serve((_req, res) => json(res, 429, { message: 'Retry later' }));
    const c = client({ baseUrl: s.url });
    const res = await c.send({ method: 'POST', path: '/projects', body: { name: 'x' } });
    expect(res.status).toBe(429);
    expect(s.requests).toHaveLength(3);
  });

  it('re-sends a GET answered 502 (3 sends)', async () => {
    const s = await serve((_req, res) => json(res, 502, { message: 'Bad Gateway' }));
    const res = await client({ baseUrl: s.url }).send({ method: 'GET', path: '/projects' });
    expect(res.status).toBe(502);
    expect(s.requests).toHaveLength(3);
  });

  it.each(['PUT', 'DELETE', 'HEAD', 'OPTIONS'])('re-sends a %s answered 503', async (method) => {
    const s = await serve((_req, res) => json(res, 503, {}));
    const res = await client({ baseUrl: s.url }).send({ method, path: '/x' });
    expect(res.status).toBe(503);
    expect(s.requests).toHaveLength(3);
  });

  it('never re-sends a POST or PATCH answered 5xx (1 send)', async () => {
    const s = await serve((_req, res) => json(res, 502, {}));
    const c = client({ baseUrl: s.url });
    expect((await c.send({ method: 'POST', path: '/projects', body: {} })).status).toBe(502);
    expect(s.requests).toHaveLength(1);
    expect((await c.send({ method: 'PATCH', path: '/projects/1', body: {} })).status).toBe(502);
    expect(s.requests).toHaveLength(2);
  });

  it('never re-sends GraphQL answered 5xx', async () => {
    const s = await serve((_req, res) => json(res, 500, {}));
    await client({ baseUrl: s.url }).send({ method: 'POST', path: '/graphql', graphql: { query: '{ currentUser { id } }', variables: {} } });
    expect(s.requests).toHaveLength(1);
  });

  it('never re-sends a 501, even for GET', async () => {
    const s = await serve((_req, res) => json(res, 501, {}));
    expect((await client({ baseUrl: s.url }).send({ method: 'GET', path: '/x' })).status).toBe(501);
    expect(s.requests).toHaveLength(1);
  });

  it('does not re-send other 4xx', async () => {
    const s = await serve((_req, res) => json(res, 401, { message: '401 Unauthorized' }));
    expect((await client({ baseUrl: s.url }).send({ method: 'GET', path: '/x' })).status).toBe(401);
    expect(s.requests).toHaveLength(1);
  });

  it('returns the answer once a re-send succeeds', async () => {
    const s = await serve((_req, res, n) => (n === 1 ? json(res, 500, {}) : json(res, 200, { ok: true })));
    const res = await client({ baseUrl: s.url }).send({ method: 'GET', path: '/x' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(s.requests).toHaveLength(2);
  });

  it('re-sends a GET whose connection broke without a status, never a POST', async () => {
    const s = await serve((req) => req.socket.destroy());
    const c = client({ baseUrl: s.url });
    const e1 = await failure(c.send({ method: 'GET', path: '/x' }));
    expect(e1.kind).toBe('network');
    expect(s.requests).toHaveLength(3);
    const e2 = await failure(c.send({ method: 'POST', path: '/x', body: {} }));
    expect(e2.kind).toBe('network');
    expect(s.requests).toHaveLength(4);
  });

  it('waits about 0.7 s then 1.4 s by default', async () => {
    const s = await serve((_req, res, n) => (n < 3 ? json(res, 503, {}) : json(res, 200, {})));
    const c = createForgeClient({ baseUrl: s.url, token: TOKEN });
    cleanups.push(() => c.close());
    const t0 = Date.now();
    const res = await c.send({ method: 'GET', path: '/x' });
    const elapsed = Date.now() - t0;
    expect(res.status).toBe(200);
    expect(s.requests).toHaveLength(3);
    expect(elapsed).toBeGreaterThanOrEqual(2000); // 0.7 + 1.4 (- timer slack)
    expect(elapsed).toBeLessThan(2100 + 2 * 300 + 500);
  });

  it('honours RateLimit-Reset when it is later than the scheduled wait', async () => {
    let resetAt = 0;
    const s = await serve((_req, res, n) => {
      if (n === 1) {
        resetAt = Math.ceil(Date.now() / 1000) + 1;
        json(res, 429, { message: 'Retry later' }, { 'ratelimit-reset': String(resetAt) });
      } else json(res, 200, {});
    });
    const t0 = Date.now();
    const res = await client({ baseUrl: s.url }).send({ method: 'GET', path: '/x' });
    expect(res.status).toBe(200);
    expect(Date.now()).toBeGreaterThanOrEqual(resetAt * 1000 - 20);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(900);
  });

  it('never waits more than 5 s for a rate limit', async () => {
    const s = await serve((_req, res, n) => {
      if (n === 1) json(res, 429, {}, { 'ratelimit-reset': String(Math.floor(Date.now() / 1000) + 3600), 'retry-after': '3600' });
      else json(res, 200, {});
    });
    const t0 = Date.now();
    const res = await client({ baseUrl: s.url }).send({ method: 'GET', path: '/x' });
    const elapsed = Date.now() - t0;
    expect(res.status).toBe(200);
    expect(elapsed).toBeGreaterThanOrEqual(4900);
    expect(elapsed).toBeLessThan(5600);
  });

  it('reads RateLimit-Reset and Retry-After', () => {
    const now = 1_700_000_000_000;
    expect(rateLimitWaitMs({ 'ratelimit-reset': String(now / 1000 + 3) }, now)).toBe(3000);
    expect(rateLimitWaitMs({ 'retry-after': '2' }, now)).toBe(2000);
    expect(rateLimitWaitMs({ 'retry-after': new Date(now + 4000).toUTCString() }, now)).toBe(4000);
    expect(rateLimitWaitMs({}, now)).toBe(0);
  });

  it('stops at once when aborted during a wait', async () => {
    const s = await serve((_req, res) => json(res, 429, {}));
    const c = client({ baseUrl: s.url, retryDelaysMs: [3000, 3000] });
    const ctl = new AbortController();
    setTimeout(() => ctl.abort(), 150);
    const t0 = Date.now();
    const e = await failure(c.send({ method: 'GET', path: '/x', signal: ctl.signal }));
    expect(e.kind).toBe('canceled');
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(s.requests).toHaveLength(1);
  });

  it('re-sends when the connection is refused, for any method', async () => {
    const s = await serve(() => undefined);
    const port = s.port;
    await s.close();
    const r = resolver({ 'forge.test': '127.0.0.1' });
    const c = client({ baseUrl: `http://forge.test:${port}`, lookup: r.lookup });
    const e = await failure(c.send({ method: 'POST', path: '/projects', body: { a: 1 } }));
    expect(e.kind).toBe('connection-refused');
    expect(e.method).toBe('POST');
    expect(e.url).toBe(`http://forge.test:${port}/api/v4/projects`);
    expect(r.calls['forge.test']).toBe(3);
  });

  it('re-sends on a temporary DNS failure but not on an unknown host', async () => {
    const again = new Error('getaddrinfo EAI_AGAIN forge.test') as NodeJS.ErrnoException;
    again.code = 'EAI_AGAIN';
    const r = resolver({ 'flaky.test': again });
    const c = client({ baseUrl: 'http://flaky.test', lookup: r.lookup });
    expect((await failure(c.send({ method: 'GET', path: '/x' }))).kind).toBe('dns');
    expect(r.calls['flaky.test']).toBe(3);
    const c2 = client({ baseUrl: 'http://nowhere.test', lookup: r.lookup });
    expect((await failure(c2.send({ method: 'GET', path: '/x' }))).kind).toBe('dns');
    expect(r.calls['nowhere.test']).toBe(1);
  });
});

describe('redirects', () => {
  it('drops credential headers once a hop leaves the instance host, keeps them on the same host and subdomains', async () => {
    const storage = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('artifact bytes');
    });
    const forge = await serve((req, res) => {
      if (req.url?.includes('/same')) {
        res.writeHead(302, { location: '/api/v4/final' });
        return res.end();
      }
      if (req.url?.includes('/sub')) {
        res.writeHead(302, { location: `http://api.forge.test:${forge.port}/api/v4/final` });
        return res.end();
      }
      if (req.url?.includes('/away')) {
        res.writeHead(302, { location: `http://storage.test:${storage.port}/blob?sig=abc` });
        return res.end();
      }
      json(res, 200, { final: true });
    });
    const r = resolver({ 'forge.test': '127.0.0.1', 'api.forge.test': '127.0.0.1', 'storage.test': '127.0.0.1' });
    const c = client({ baseUrl: `http://forge.test:${forge.port}`, lookup: r.lookup });

    const same = await c.send({ method: 'GET', path: '/same' });
    expect(same.body).toEqual({ final: true });
    expect(forge.requests[1].headers['private-token']).toBe(TOKEN);

    const sub = await c.send({ method: 'GET', path: '/sub' });
    expect(sub.url).toBe(`http://api.forge.test:${forge.port}/api/v4/final`);
    expect(forge.requests[3].headers['private-token']).toBe(TOKEN);

    const away = await c.send({ method: 'GET', path: '/away', asText: true });
    expect(away.status).toBe(200);
    expect(away.body).toBe('artifact bytes');
    expect(away.url).toBe(`http://storage.test:${storage.port}/blob?sig=abc`);
    expect(storage.requests).toHaveLength(1);
    expect(storage.requests[0].headers['private-token']).toBeUndefined();
    expect(storage.requests[0].headers.authorization).toBeUndefined();
  });

  it('drops Authorization too when the token is sent as Bearer', async () => {
    const storage = await serve((_req, res) => json(res, 200, {}));
    const forge = await serve((_req, res) => {
      res.writeHead(307, { location: `http://storage.test:${storage.port}/x` });
      res.end();
    });
    const r = resolver({ 'forge.test': '127.0.0.1', 'storage.test': '127.0.0.1' });
    await client({ baseUrl: `http://forge.test:${forge.port}`, lookup: r.lookup, tokenHeader: 'bearer' }).send({ method: 'GET', path: '/x' });
    expect(forge.requests[0].headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(storage.requests[0].headers.authorization).toBeUndefined();
  });

  it('turns a 303 (and a 302 after POST) into a GET without body; 307 keeps method and body', async () => {
    const forge = await serve((req, res) => {
      const u = req.url ?? '';
      if (u.endsWith('/s303')) {
        res.writeHead(303, { location: '/api/v4/done' });
        return res.end();
      }
      if (u.endsWith('/s302')) {
        res.writeHead(302, { location: '/api/v4/done' });
        return res.end();
      }
      if (u.endsWith('/s307')) {
        res.writeHead(307, { location: '/api/v4/done' });
        return res.end();
      }
      json(res, 200, { method: req.method });
    });
    const c = client({ baseUrl: forge.url });
    expect((await c.send({ method: 'POST', path: '/s303', body: { a: 1 } })).body).toEqual({ method: 'GET' });
    expect(forge.requests[1].body).toBe('');
    expect(forge.requests[1].headers['content-type']).toBeUndefined();
    expect((await c.send({ method: 'POST', path: '/s302', body: { a: 1 } })).body).toEqual({ method: 'GET' });
    expect((await c.send({ method: 'POST', path: '/s307', body: { a: 1 } })).body).toEqual({ method: 'POST' });
    expect(JSON.parse(forge.requests[5].body)).toEqual({ a: 1 });
  });

  it('follows at most 10 hops', async () => {
    const forge = await serve((req, res) => {
      const m = /\/hop\/(\d+)\/(\d+)$/.exec(req.url ?? '');
      if (m && Number(m[1]) < Number(m[2])) {
        res.writeHead(302, { location: `/api/v4/hop/${Number(m[1]) + 1}/${m[2]}` });
        return res.end();
      }
      json(res, 200, { at: req.url });
    });
    const c = client({ baseUrl: forge.url });
    const ok = await c.send({ method: 'GET', path: '/hop/0/10' });
    expect(ok.status).toBe(200);
    expect(forge.requests).toHaveLength(11);
    const e = await failure(c.send({ method: 'GET', path: '/hop/0/11' }));
    expect(e.kind).toBe('network');
    expect(e.message).toContain('stopped after 10 redirects');
    // A redirect loop is not a re-send case: one chain only.
    expect(forge.requests).toHaveLength(11 + 11);
  });

  it('refuses a redirect to a metadata address before dispatch', async () => {
    const forge = await serve((_req, res) => {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      res.end();
    });
    const e = await failure(client({ baseUrl: forge.url }).send({ method: 'GET', path: '/x' }));
    expect(e.kind).toBe('refused-destination');
    expect(e.address).toBe('169.254.169.254');
  });

  it('allows a redirect to a private address when the instance itself resolves to one', async () => {
    const storage = await serve((_req, res) => json(res, 200, { ok: 1 }));
    const forge = await serve((_req, res) => {
      res.writeHead(302, { location: `http://storage.test:${storage.port}/x` });
      res.end();
    });
    const r = resolver({ 'forge.test': '127.0.0.1', 'storage.test': '127.0.0.1' });
    const res = await client({ baseUrl: `http://forge.test:${forge.port}`, lookup: r.lookup }).send({ method: 'GET', path: '/x' });
    expect(res.body).toEqual({ ok: 1 });
  });

  it('refuses a redirect hop resolving to a metadata address (tier A), even for the operator instance', async () => {
    const forge = await serve((_req, res) => {
      res.writeHead(302, { location: 'http://meta.test/x' });
      res.end();
    });
    const r = resolver({ 'meta.test': '169.254.170.2' });
    const e = await failure(client({ baseUrl: forge.url, lookup: r.lookup }).send({ method: 'GET', path: '/x' }));
    expect(e.kind).toBe('refused-destination');
    expect(e.address).toBe('169.254.170.2');
    expect(r.calls['meta.test']).toBe(1);
  });
});

describe('outbound checks', () => {
  it('refuses a caller-named instance resolving to a private address before any connection', async () => {
    const r = resolver({ 'caller.test': '10.0.0.5' });
    const t0 = Date.now();
    const e = await failure(client({ baseUrl: 'http://caller.test', operatorNamed: false, lookup: r.lookup }).send({ method: 'GET', path: '/user' }));
    expect(e.kind).toBe('refused-destination');
    expect(e.address).toBe('10.0.0.5');
    expect(e.message).toContain('10.0.0.5');
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(r.calls['caller.test']).toBe(1); // not re-sent
  });

  it('refuses a caller-named loopback instance by IP literal without reaching the server', async () => {
    const s = await serve((_req, res) => json(res, 200, {}));
    const e = await failure(client({ baseUrl: s.url, operatorNamed: false }).send({ method: 'GET', path: '/user' }));
    expect(e.kind).toBe('refused-destination');
    expect(s.requests).toHaveLength(0);
  });

  it('allows a caller-named private instance with allowPrivate', async () => {
    const s = await serve((_req, res) => json(res, 200, { id: 1 }));
    const r = resolver({ 'caller.test': '127.0.0.1' });
    const res = await client({ baseUrl: `http://caller.test:${s.port}`, operatorNamed: false, allowPrivate: true, lookup: r.lookup }).send({ method: 'GET', path: '/user' });
    expect(res.body).toEqual({ id: 1 });
    const res2 = await client({ baseUrl: s.url, operatorNamed: false, allowPrivate: true }).send({ method: 'GET', path: '/user' });
    expect(res2.status).toBe(200);
  });

  it('never checks an operator-named loopback instance (tier B)', async () => {
    const s = await serve((_req, res) => json(res, 200, { id: 1 }));
    const r = resolver({ 'localhost.test': '127.0.0.1' });
    expect((await client({ baseUrl: `http://localhost.test:${s.port}`, lookup: r.lookup }).send({ method: 'GET', path: '/user' })).status).toBe(200);
    expect((await client({ baseUrl: s.url }).send({ method: 'GET', path: '/user' })).status).toBe(200);
  });

  it('always refuses a metadata address, even operator-named and with allowPrivate', async () => {
    const r = resolver({ 'meta.test': '169.254.169.254', 'meta6.test': 'fd00:ec2::254', 'ali.test': '100.100.100.200' });
    for (const host of ['meta.test', 'meta6.test', 'ali.test']) {
      const e = await failure(client({ baseUrl: `http://${host}`, allowPrivate: true, lookup: r.lookup }).send({ method: 'GET', path: '/x' }));
      expect(e.kind).toBe('refused-destination');
    }
  });

  it('refuses an IP-literal metadata URL before dispatch, without a lookup', async () => {
    const r = resolver({});
    for (const base of ['http://169.254.169.254', 'http://[::ffff:169.254.169.254]', 'http://[fd00:ec2::254]', 'http://2852039166']) {
      const t0 = Date.now();
      const e = await failure(client({ baseUrl: base, allowPrivate: true, lookup: r.lookup }).send({ method: 'GET', path: '/x' }));
      expect(e.kind).toBe('refused-destination');
      expect(Date.now() - t0).toBeLessThan(200);
    }
    expect(Object.keys(r.calls)).toHaveLength(0);
  });

  it('drops refused addresses and connects to an allowed one', async () => {
    const s = await serve((_req, res) => json(res, 200, { ok: true }));
    const r = resolver({ 'mixed.test': ['169.254.169.254', '127.0.0.1'] });
    const res = await client({ baseUrl: `http://mixed.test:${s.port}`, lookup: r.lookup }).send({ method: 'GET', path: '/x' });
    expect(res.body).toEqual({ ok: true });
  });

  it('classifies addresses into tiers', () => {
    for (const a of ['169.254.169.254', '169.254.170.2', 'fd00:ec2::254', '100.100.100.200', '::ffff:169.254.169.254', '::ffff:a9fe:a9fe']) expect(isTierA(a)).toBe(true);
    for (const a of ['127.0.0.1', '127.9.9.9', '::1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', 'fc00::1', 'fd12::1', '100.64.0.1', '100.127.255.254', '169.254.1.1', 'fe80::1', '0.0.0.0', '::', '::ffff:10.0.0.1', '[::1]', 'fe80::1%eth0'])
      expect(isTierB(a)).toBe(true);
    for (const a of ['8.8.8.8', '172.32.0.1', '100.128.0.1', '2001:4860:4860::8888', '192.169.0.1']) {
      expect(isTierA(a)).toBe(false);
      expect(isTierB(a)).toBe(false);
    }
    expect(normalizeIp('[::ffff:7f00:1]')).toEqual({ ip: '127.0.0.1', family: 'ipv4' });
    expect(normalizeIp('gitlab.example.com')).toBeNull();
    expect(judgeAddress('10.0.0.1', false)).toEqual({ refused: false });
    expect(judgeAddress('10.0.0.1', true)).toMatchObject({ refused: true, tier: 'B' });
    expect(judgeAddress('169.254.169.254', false)).toMatchObject({ refused: true, tier: 'A' });
  });

  it('applies tier B to a redirect hop that left a public instance', () => {
    const p = new OutboundPolicy({ instanceHost: 'gitlab.example.com', operatorNamed: true, allowPrivate: false });
    expect(p.judge('gitlab.example.com', '203.0.113.10').refused).toBe(false);
    expect(p.judge('storage.example.net', '10.0.0.9')).toMatchObject({ refused: true, tier: 'B' });
    expect(p.judge('storage.example.net', '198.51.100.7').refused).toBe(false);
    // Once the instance resolves to a private address, redirects to private addresses are allowed.
    const q = new OutboundPolicy({ instanceHost: 'gitlab.internal', operatorNamed: true, allowPrivate: false });
    expect(q.judge('gitlab.internal', '10.1.1.1').refused).toBe(false);
    expect(q.judge('minio.internal', '10.1.1.2').refused).toBe(false);
    expect(q.judge('minio.internal', '169.254.169.254').refused).toBe(true);
    // A caller-named instance is checked; the opt-out lifts tier B only.
    const caller = new OutboundPolicy({ instanceHost: 'x.example', operatorNamed: false, allowPrivate: false });
    expect(caller.judge('x.example', '192.168.0.10').refused).toBe(true);
    expect(caller.judge('elsewhere.example', '192.168.0.10').refused).toBe(true);
    const optOut = new OutboundPolicy({ instanceHost: 'x.example', operatorNamed: false, allowPrivate: true });
    expect(optOut.judge('x.example', '192.168.0.10').refused).toBe(false);
    expect(optOut.judge('x.example', '100.100.100.200').refused).toBe(true);
  });
});

describe('deadline and cancel', () => {
  async function slow(): Promise<TestServer> {
    return serve((_req, res) => setTimeout(() => json(res, 200, {}), 3000));
  }

  it('a deadline signal fails with kind deadline', async () => {
    const s = await slow();
    const t0 = Date.now();
    const e = await failure(client({ baseUrl: s.url }).send({ method: 'GET', path: '/x', signal: deadlineSignal(150) }));
    expect(e.kind).toBe('deadline');
    expect(Date.now() - t0).toBeLessThan(1500);
    expect(s.requests).toHaveLength(1);
  });

  it('a client abort fails with kind canceled', async () => {
    const s = await slow();
    const ctl = new AbortController();
    setTimeout(() => ctl.abort(), 100);
    const e = await failure(client({ baseUrl: s.url }).send({ method: 'GET', path: '/x', signal: deadlineSignal(60_000, ctl.signal) }));
    expect(e.kind).toBe('canceled');
  });

  it('deadlineSignal carries a DeadlineError reason and follows its parent', async () => {
    const d = deadlineSignal(10);
    await new Promise((r) => setTimeout(r, 40));
    expect(d.aborted).toBe(true);
    expect(d.reason).toBeInstanceOf(DeadlineError);
    expect((d.reason as Error).name).toBe('DeadlineError');
    expect(networkKindOf(d.reason)).toBe('deadline');
    const parent = new AbortController();
    const child = deadlineSignal(60_000, parent.signal);
    parent.abort();
    expect(child.aborted).toBe(true);
    expect(networkKindOf(child.reason)).toBe('canceled');
    expect(deadlineSignal(0).aborted).toBe(false);
  });

  it('an already aborted signal sends nothing', async () => {
    const s = await serve((_req, res) => json(res, 200, {}));
    const ctl = new AbortController();
    ctl.abort();
    const e = await failure(client({ baseUrl: s.url }).send({ method: 'GET', path: '/x', signal: ctl.signal }));
    expect(e.kind).toBe('canceled');
    expect(s.requests).toHaveLength(0);
  });
});

describe('default resolver', () => {
  it('resolves localhost through DNS for an operator-named instance', async () => {
    const s = await serve((_req, res) => json(res, 200, { ok: true }));
    const res = await client({ baseUrl: `http://localhost:${s.port}` }).send({ method: 'GET', path: '/x' });
    expect(res.body).toEqual({ ok: true });
  });

  it('refuses localhost for a caller-named instance', async () => {
    const s = await serve((_req, res) => json(res, 200, {}));
    const e = await failure(client({ baseUrl: `http://localhost:${s.port}`, operatorNamed: false }).send({ method: 'GET', path: '/x' }));
    expect(e.kind).toBe('refused-destination');
    expect(s.requests).toHaveLength(0);
  });
});

describe('TLS', () => {
  function selfSigned(): { dir: string; key: string; cert: string; certFile: string } {
    requireOpenssl();
    const dir = mkdtempSync(join(tmpdir(), 'forge-tls-'));
    const keyFile = join(dir, 'key.pem');
    const certFile = join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', keyFile, '-out', certFile, '-days', '2', '-subj', '/CN=forge.test', '-addext', 'subjectAltName=DNS:forge.test,IP:127.0.0.1'],
      { stdio: 'ignore' },
    );
    return { dir, key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8'), certFile };
  }

  it('verifies by default, accepts an SSL_CERT_FILE bundle, and can skip verification', async () => {
    const tls = selfSigned();
    cleanups.push(async () => rmSync(tls.dir, { recursive: true, force: true }));
    let hits = 0;
    const server = createHttpsServer({ key: tls.key, cert: tls.cert }, (_req, res) => {
      hits++;
      json(res, 200, { secure: true });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    cleanups.push(() => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }));
    const port = (server.address() as AddressInfo).port;
    const r = resolver({ 'forge.test': '127.0.0.1' });
    const base = `https://forge.test:${port}`;

    const e = await failure(client({ baseUrl: base, lookup: r.lookup }).send({ method: 'GET', path: '/x' }));
    expect(e.kind).toBe('tls');
    expect(r.calls['forge.test']).toBe(1); // a certificate failure is not re-sent
    expect(hits).toBe(0);

    const withCa = await client({ baseUrl: base, lookup: r.lookup, caFile: tls.certFile }).send({ method: 'GET', path: '/x' });
    expect(withCa.body).toEqual({ secure: true });

    const skipped = await client({ baseUrl: base, lookup: r.lookup, skipTlsVerify: true }).send({ method: 'GET', path: '/x' });
    expect(skipped.status).toBe(200);

    expect(() => createForgeClient({ baseUrl: base, token: TOKEN, caFile: join(tls.dir, 'missing.pem') })).toThrow(/SSL_CERT_FILE/);
  });

  it('drops credential headers when a hop goes from https to http on the same host', async () => {
    const tls = selfSigned();
    cleanups.push(async () => rmSync(tls.dir, { recursive: true, force: true }));
    const plain = await serve((_req, res) => json(res, 200, { plain: true }));
    const seen: Array<string | undefined> = [];
    const server = createHttpsServer({ key: tls.key, cert: tls.cert }, (req, res) => {
      seen.push(req.headers['private-token'] as string | undefined);
      if (req.url?.endsWith('/down')) {
        res.writeHead(302, { location: `http://forge.test:${plain.port}/plain` });
        return res.end();
      }
      if (req.url?.endsWith('/final-secure')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('{}');
      }
      res.writeHead(302, { location: '/api/v4/final-secure' });
      res.end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    cleanups.push(() => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }));
    const port = (server.address() as AddressInfo).port;
    const r = resolver({ 'forge.test': '127.0.0.1' });
    const c = client({ baseUrl: `https://forge.test:${port}`, lookup: r.lookup, caFile: tls.certFile });
    expect((await c.send({ method: 'GET', path: '/down' })).body).toEqual({ plain: true });
    expect(seen[0]).toBe(TOKEN);
    expect(plain.requests[0].headers['private-token']).toBeUndefined();
    await c.send({ method: 'GET', path: '/same' });
    expect(seen.slice(1)).toEqual([TOKEN, TOKEN]);
  });
});

describe('behind an outbound proxy', () => {
  /** A CONNECT proxy that sends every destination to 127.0.0.1 and records what it was asked. */
  async function proxy(): Promise<{ url: string; asked: string[] }> {
    const asked: string[] = [];
    const server = createServer((_req, res) => {
      res.writeHead(405);
      res.end();
    });
    server.on('connect', (req: IncomingMessage, socket, head: Buffer) => {
      asked.push(req.url ?? '');
      const port = Number((req.url ?? '').split(':').pop());
      const upstream = netConnect(port, '127.0.0.1', () => {
        socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.write(head);
        upstream.pipe(socket);
        socket.pipe(upstream);
      });
      upstream.on('error', () => socket.destroy());
      socket.on('error', () => upstream.destroy());
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    cleanups.push(() => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked };
  }

  function withProxyEnv<T>(proxyUrl: string, make: () => T): T {
    const saved = { HTTP_PROXY: process.env.HTTP_PROXY, HTTPS_PROXY: process.env.HTTPS_PROXY, NO_PROXY: process.env.NO_PROXY };
    process.env.HTTP_PROXY = proxyUrl;
    process.env.HTTPS_PROXY = proxyUrl;
    delete process.env.NO_PROXY;
    try {
      return make();
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  }

  it('sends through the proxy (a loopback proxy passes: only tier A applies to it)', async () => {
    const s = await serve((_req, res) => json(res, 200, { via: 'proxy' }));
    const p = await proxy();
    const r = resolver({});
    const c = withProxyEnv(p.url, () => client({ baseUrl: `http://caller-named.test:${s.port}`, operatorNamed: false, lookup: r.lookup }));
    const res = await c.send({ method: 'GET', path: '/x' });
    expect(res.body).toEqual({ via: 'proxy' });
    expect(p.asked).toEqual([`caller-named.test:${s.port}`]);
    expect(s.requests[0].headers['private-token']).toBe(TOKEN);
  });

  it('checks a named proxy after DNS resolution for tier A only', async () => {
    const s = await serve((_req, res) => json(res, 200, { ok: true }));
    const p = await proxy();
    const proxyPort = new URL(p.url).port;
    const r = resolver({ 'proxy.test': '127.0.0.1', 'meta-proxy.test': '169.254.169.254' });
    const c = withProxyEnv(`http://proxy.test:${proxyPort}`, () => client({ baseUrl: `http://dest.test:${s.port}`, lookup: r.lookup }));
    expect((await c.send({ method: 'GET', path: '/x' })).status).toBe(200);
    expect(r.calls['proxy.test']).toBe(1);
    expect(r.calls['dest.test']).toBeUndefined();
    const bad = withProxyEnv(`http://meta-proxy.test:${proxyPort}`, () => client({ baseUrl: `http://dest.test:${s.port}`, lookup: r.lookup }));
    expect((await failure(bad.send({ method: 'GET', path: '/x' }))).kind).toBe('refused-destination');
    const literal = withProxyEnv('http://169.254.169.254:3128', () => client({ baseUrl: `http://dest.test:${s.port}`, lookup: r.lookup }));
    expect((await failure(literal.send({ method: 'GET', path: '/x' }))).kind).toBe('refused-destination');
    expect(s.requests).toHaveLength(1);
  });

  it('a proxy that refuses the tunnel is a network error reaching the platform, not a cancel, and nothing was sent', async () => {
    const server = createServer((_req, res) => { res.writeHead(405); res.end(); });
    server.on('connect', (_req: IncomingMessage, socket) => { socket.end('HTTP/1.1 502 Bad Gateway\r\n\r\n'); });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    cleanups.push(() => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }));
    const c = withProxyEnv(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, () => client({ baseUrl: 'http://gitlab.example.com', operatorNamed: true }));
    const e = await failure(c.send({ method: 'POST', path: '/projects/1/issues', body: { title: 'x' } }));
    expect(e.kind).toBe('network');
    expect(e.beforeSend).toBe(true);
    expect(e.message).toMatch(/the outbound proxy refused the tunnel \(502\)/);
  });

  it('judges a destination that spells an address before sending', async () => {
    const p = await proxy();
    for (const [base, operatorNamed] of [['http://169.254.169.254', true], ['http://10.0.0.5:8080', false]] as const) {
      const c = withProxyEnv(p.url, () => client({ baseUrl: base, operatorNamed }));
      expect((await failure(c.send({ method: 'GET', path: '/x' }))).kind).toBe('refused-destination');
    }
    expect(p.asked).toEqual([]);
  });
});

describe('secrets', () => {
  it('never puts the token in an error or the request line', async () => {
    const r = resolver({});
    const e = await failure(client({ baseUrl: 'http://user:pw@missing.test/', lookup: r.lookup }).send({ method: 'GET', path: '/x', query: { private_token: TOKEN } }));
    expect(e.kind).toBe('dns');
    expect(e.url).toBe('http://missing.test/api/v4/x');
    expect(JSON.stringify(e)).not.toContain(TOKEN);
    expect(requestLine(`https://h.example/api/v4/x?private_token=${TOKEN}#f`)).toBe('https://h.example/api/v4/x');
  });

  it('redactSecrets scrubs plain, encoded and base64 forms', () => {
    const t = 'a+b/c=secret';
    const text = `x ${t} y ${encodeURIComponent(t)} z ${Buffer.from(t).toString('base64')}`;
    const out = redactSecrets(text, [t, undefined, '']);
    expect(out).not.toContain(t);
    expect(out).not.toContain(encodeURIComponent(t));
    expect(out.match(/\[redacted\]/g)).toHaveLength(3);
    expect(redactSecrets('abc', ['ab'])).toBe('abc');
  });
});

// The platform client against tiny node:http servers on 127.0.0.1: requests and retries.
// Redirects and outbound checks: forge-client-outbound.test.ts; deadline, cancel, TLS, proxy and
// secrets: forge-client-transport.test.ts.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createForgeClient, rateLimitWaitMs } from '../src/forge/client.js';
import { client, closeAll, failure, json, onCleanup, resolver, serve, TOKEN } from './helpers/forge-servers.js';

describe('requests', () => {
  afterEach(closeAll);

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
  afterEach(closeAll);

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

// The three real waits (2.1 s, ~1 s, 5 s) overlap: each test has its own server and client, and
// nothing is closed until all three have ended.
describe.concurrent('waits', () => {
  afterAll(closeAll);

  it('waits about 0.7 s then 1.4 s by default', async () => {
    const s = await serve((_req, res, n) => (n < 3 ? json(res, 503, {}) : json(res, 200, {})));
    const c = createForgeClient({ baseUrl: s.url, token: TOKEN });
    onCleanup(() => c.close());
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
});

// The platform client against tiny node:http servers on 127.0.0.1: redirects, outbound checks and the
// default resolver.
import { afterEach, describe, expect, it } from 'vitest';
import { OutboundPolicy, isTierA, isTierB, judgeAddress, normalizeIp } from '../src/forge/outbound.js';
import { client, closeAll, failure, json, resolver, serve, TOKEN } from './helpers/forge-servers.js';

afterEach(closeAll);

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
    const c = client({ baseUrl: s.url, operatorNamed: false });
    // The second send meets the instance's kept verdict: refused alike.
    for (let i = 0; i < 2; i++) expect((await failure(c.send({ method: 'GET', path: '/user' }))).kind).toBe('refused-destination');
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

  it('judges an IP-literal URL before dispatch: the instance host keeps its verdict, every other host is judged on its own', () => {
    const caller = new OutboundPolicy({ instanceHost: '127.0.0.1', operatorNamed: false, allowPrivate: false });
    for (let i = 0; i < 2; i++) expect(caller.judgeUrl(new URL('http://127.0.0.1:8080/api/v4/user'))).toMatchObject({ refused: true, tier: 'B', address: '127.0.0.1' });
    expect(caller.judgeUrl(new URL('http://10.0.0.9/x'))).toMatchObject({ refused: true, tier: 'B', address: '10.0.0.9' });
    const operator = new OutboundPolicy({ instanceHost: '127.0.0.1', operatorNamed: true, allowPrivate: false });
    for (let i = 0; i < 2; i++) expect(operator.judgeUrl(new URL('http://127.0.0.1:8080/api/v4/user'))).toEqual({ refused: false, address: '127.0.0.1' });
    // The instance is private: a redirect to another private address is allowed, a metadata address never.
    expect(operator.judgeUrl(new URL('http://10.0.0.9/x'))).toEqual({ refused: false, address: '10.0.0.9' });
    expect(operator.judgeUrl(new URL('http://[::ffff:169.254.169.254]/x'))).toMatchObject({ refused: true, tier: 'A', address: '169.254.169.254' });
    // A name is judged at its lookup.
    expect(operator.judgeUrl(new URL('http://storage.example.net/x'))).toBeNull();
    const named = new OutboundPolicy({ instanceHost: 'gitlab.example.com', operatorNamed: false, allowPrivate: false });
    for (let i = 0; i < 2; i++) expect(named.judgeUrl(new URL('https://GitLab.example.com/api/v4/user'))).toBeNull();
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

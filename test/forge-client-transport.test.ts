// The platform client against tiny node:http(s) servers on 127.0.0.1: deadline vs cancel, TLS, an
// outbound proxy, no-answer failure kinds, and secrets kept out of errors.
import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { connect as netConnect, type AddressInfo } from 'node:net';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createForgeClient, deadlineSignal, DeadlineError, requestLine } from '../src/forge/client.js';
import { redactSecrets } from '../src/forge/redact.js';
import { networkKindOf } from '../src/forge/errors.js';
import { requireOpenssl } from './helpers/openssl.js';
import { client, closeAll, failure, json, onCleanup, resolver, serve, TOKEN, type TestServer } from './helpers/forge-servers.js';

afterEach(closeAll);

describe('deadline and cancel', () => {
  async function slow(): Promise<TestServer> {
    return serve((_req, res) => setTimeout(() => json(res, 200, {}), 3000));
  }

  it('a deadline signal fails with kind deadline', async () => {
    const s = await slow();
    const t0 = Date.now();
    const e = await failure(client({ baseUrl: s.url }).send({ method: 'GET', path: '/x', signal: deadlineSignal(150).signal }));
    expect(e.kind).toBe('deadline');
    expect(Date.now() - t0).toBeLessThan(1500);
    expect(s.requests).toHaveLength(1);
  });

  it('a client abort fails with kind canceled', async () => {
    const s = await slow();
    const ctl = new AbortController();
    setTimeout(() => ctl.abort(), 100);
    const e = await failure(client({ baseUrl: s.url }).send({ method: 'GET', path: '/x', signal: deadlineSignal(60_000, ctl.signal).signal }));
    expect(e.kind).toBe('canceled');
  });

  it('deadlineSignal carries a DeadlineError reason and follows its parent', async () => {
    const d = deadlineSignal(10).signal;
    await new Promise((r) => setTimeout(r, 40));
    expect(d.aborted).toBe(true);
    expect(d.reason).toBeInstanceOf(DeadlineError);
    expect((d.reason as Error).name).toBe('DeadlineError');
    expect(networkKindOf(d.reason)).toBe('deadline');
    const parent = new AbortController();
    const child = deadlineSignal(60_000, parent.signal).signal;
    parent.abort();
    expect(child.aborted).toBe(true);
    expect(networkKindOf(child.reason)).toBe('canceled');
    expect(deadlineSignal(0).signal.aborted).toBe(false);
  });

  it('an ended deadline neither fires nor follows its parent', async () => {
    const parent = new AbortController();
    const d = deadlineSignal(10, parent.signal);
    d.end();
    parent.abort();
    await new Promise((r) => setTimeout(r, 40));
    expect(d.signal.aborted).toBe(false);
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
    onCleanup(async () => rmSync(tls.dir, { recursive: true, force: true }));
    let hits = 0;
    const server = createHttpsServer({ key: tls.key, cert: tls.cert }, (_req, res) => {
      hits++;
      json(res, 200, { secure: true });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    onCleanup(() => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }));
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
    onCleanup(async () => rmSync(tls.dir, { recursive: true, force: true }));
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
    onCleanup(() => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }));
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
    onCleanup(() => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }));
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
    onCleanup(() => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }));
    const c = withProxyEnv(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, () => client({ baseUrl: 'http://gitlab.example.com', operatorNamed: true }));
    const e = await failure(c.send({ method: 'POST', path: '/projects/1/issues', body: { title: 'x' } }));
    expect(e.kind).toBe('network');
    expect(e.beforeSend).toBe(true);
    expect(e.message).toMatch(/the outbound proxy refused the tunnel \(502\)/);
  });

  it('refuses a proxy variable that is no http(s) URL when the client opens, without repeating it', () => {
    for (const value of ['http//user:pr0xy-secret@proxy.test:3128', 'proxy.test:3128']) {
      let message = '';
      try {
        withProxyEnv(value, () => client({ baseUrl: 'https://gitlab.example.com' }));
      } catch (e) {
        message = (e as Error).message;
      }
      expect(message).toBe('HTTP_PROXY is not an http:// or https:// URL');
    }
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

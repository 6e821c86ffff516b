// The platform client's direct transport (no proxy variable set), against tiny node:http servers on
// 127.0.0.1: one kept-alive connection pool per instance shared by every credential and closed with
// its last client, a cancel that ends the request on the wire, the failure codes the error texts
// name, and a server process that never loads undici for a direct request (only behind a proxy).
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { getEventListeners } from 'node:events';
import { createForgeClient, deadlineSignal } from '../src/forge/client.js';
import { openDirectTransport } from '../src/forge/direct.js';
import { failedBeforeSend, networkKindOf } from '../src/forge/errors.js';
import { OutboundPolicy, defaultResolver } from '../src/forge/outbound.js';
import { SANDBOX_TOKEN } from '../src/sandbox/index.js';
import { ROOT, startServer, text, until, withSandbox } from './helpers/harness.js';
import { client, closeAll, failure, json, onCleanup, serve, TOKEN } from './helpers/forge-servers.js';

afterEach(closeAll);

describe('connections', () => {
  it('sends one client\'s requests over one kept-alive connection', async () => {
    const s = await serve((_req, res) => json(res, 200, {}));
    const c = client({ baseUrl: s.url });
    for (let i = 0; i < 3; i++) expect((await c.send({ method: 'GET', path: '/x' })).status).toBe(200);
    expect(s.connections).toHaveLength(1);
    expect(new Set(s.requests.map((r) => r.clientPort)).size).toBe(1);
  });

  it('shares the connections of an instance between credentials, and closes them with the last client', async () => {
    const s = await serve((_req, res) => json(res, 200, {}));
    const first = createForgeClient({ baseUrl: s.url, token: TOKEN });
    const second = createForgeClient({ baseUrl: s.url, token: 'glpat-second-credential-0000' });
    onCleanup(() => first.close());
    onCleanup(() => second.close());
    await first.send({ method: 'GET', path: '/a' });
    await second.send({ method: 'GET', path: '/b' });
    expect(s.requests.map((r) => r.headers['private-token'])).toEqual([TOKEN, 'glpat-second-credential-0000']);
    expect(s.connections).toHaveLength(1);

    await first.close();
    await new Promise((r) => setTimeout(r, 100));
    expect(s.connections[0].closed).toBe(false);
    await second.send({ method: 'GET', path: '/c' });
    expect(s.connections).toHaveLength(1);

    await second.close();
    await until(() => s.connections[0].closed || undefined, 2_000);
  });

  it('holds at most maxConnections sockets to a destination; the other requests wait their turn', async () => {
    let open = 0;
    let most = 0;
    const s = await serve((_req, res) => {
      most = Math.max(most, ++open);
      setTimeout(() => { open--; json(res, 200, {}); }, 50);
    });
    const c = client({ baseUrl: s.url, maxConnections: 2 });
    const answers = await Promise.all(Array.from({ length: 6 }, () => c.send({ method: 'GET', path: '/x' })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(most).toBe(2);
    expect(s.connections).toHaveLength(2);
  });

  it('a cancel ends the request on the wire, and the next request opens a new connection', async () => {
    const s = await serve((req, res) => {
      if (req.url?.endsWith('/slow')) return; // never answered
      json(res, 200, {});
    });
    const c = client({ baseUrl: s.url });
    const ctl = new AbortController();
    const pending = failure(c.send({ method: 'GET', path: '/slow', signal: deadlineSignal(60_000, ctl.signal).signal }));
    await until(() => s.requests.length || undefined, 2_000);
    ctl.abort();
    expect((await pending).kind).toBe('canceled');
    await until(() => s.connections[0].closed || undefined, 2_000);
    expect((await c.send({ method: 'GET', path: '/x' })).status).toBe(200);
    expect(s.connections).toHaveLength(2);
    expect(s.requests).toHaveLength(2);
  });

  it('an answer\'s headers: names lowercased, a repeated one joined with ", " in order, one named like an Object property kept as sent', async () => {
    const s = await serve((_req, res) => {
      res.setHeader('X-Multi', ['one', 'two']);
      res.setHeader('Link', ['<a>; rel="next"', '<b>; rel="last"']);
      res.setHeader('constructor', 'c');
      json(res, 200, {}, { 'X-Total': '3' });
    });
    const r = await client({ baseUrl: s.url }).send({ method: 'GET', path: '/x' });
    expect(r.headers['x-multi']).toBe('one, two');
    expect(r.headers.link).toBe('<a>; rel="next", <b>; rel="last"');
    expect(r.headers['x-total']).toBe('3');
    expect(Object.hasOwn(r.headers, 'constructor') && r.headers.constructor).toBe('c');
  });

  it('an action deadline follows its parent with one listener and puts none on its own signal; ended, it holds none (issue #31)', () => {
    const parent = new AbortController();
    const ended = deadlineSignal(60_000, parent.signal);
    expect(getEventListeners(parent.signal, 'abort')).toHaveLength(1);
    expect(getEventListeners(ended.signal, 'abort')).toHaveLength(0);
    ended.end();
    expect(getEventListeners(parent.signal, 'abort')).toHaveLength(0);
    // Still following: a cancel aborts the deadline with the cancel's reason.
    const live = deadlineSignal(60_000, parent.signal);
    parent.abort(new Error('canceled by the client'));
    expect(live.signal.aborted).toBe(true);
    expect((live.signal.reason as Error).message).toBe('canceled by the client');
    live.end();
    expect(ended.signal.aborted).toBe(false);
  });

  it('a signal that outlives its requests keeps no listener of theirs, and still cancels the next one', async () => {
    const s = await serve((req, res) => {
      if (req.url?.endsWith('/slow')) return; // never answered
      json(res, 200, {});
    });
    const c = client({ baseUrl: s.url });
    const ctl = new AbortController();
    for (let i = 0; i < 5; i++) expect((await c.send({ method: 'GET', path: '/x', signal: ctl.signal })).status).toBe(200);
    expect(getEventListeners(ctl.signal, 'abort')).toHaveLength(0);
    const pending = failure(c.send({ method: 'GET', path: '/slow', signal: ctl.signal }));
    await until(() => s.requests.length === 6 || undefined, 2_000);
    expect(getEventListeners(ctl.signal, 'abort')).toHaveLength(1);
    ctl.abort();
    expect((await pending).kind).toBe('canceled');
    expect(getEventListeners(ctl.signal, 'abort')).toHaveLength(0);
  });
});

describe('failures keep the codes the error texts name', () => {
  it('a connection closed before the headers, or in the middle of the body, is UND_ERR_SOCKET', async () => {
    const s = await serve((req, res) => {
      if (req.url?.endsWith('/cut')) {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
        res.write('{"partial":');
        setTimeout(() => req.socket.destroy(), 20);
        return;
      }
      req.socket.destroy();
    });
    const c = client({ baseUrl: s.url });
    const before = await failure(c.send({ method: 'POST', path: '/x', body: {} }));
    expect(before).toMatchObject({ kind: 'network', code: 'UND_ERR_SOCKET', beforeSend: false });
    expect(before.message).toBe(`POST ${s.url}/api/v4/x: UND_ERR_SOCKET`);
    expect(s.requests).toHaveLength(1);
    const cut = await failure(c.send({ method: 'POST', path: '/cut', body: {} }));
    expect(cut).toMatchObject({ kind: 'network', code: 'UND_ERR_SOCKET' });
    expect(s.requests).toHaveLength(2);
  });

  it('an answer whose headers do not come in time is UND_ERR_HEADERS_TIMEOUT, a timeout re-sent for a GET', async () => {
    const s = await serve(() => undefined);
    const e = await failure(client({ baseUrl: s.url, headersTimeoutMs: 150 }).send({ method: 'GET', path: '/x' }));
    expect(e).toMatchObject({ kind: 'timeout', code: 'UND_ERR_HEADERS_TIMEOUT' });
    expect(e.message).toBe(`GET ${s.url}/api/v4/x: UND_ERR_HEADERS_TIMEOUT`);
    expect(s.requests).toHaveLength(3);
  });

  /** The direct transport alone, with short limits (the client's are undici's: 10 s to connect, 300 s between body chunks). */
  function transport() {
    const lookup = new OutboundPolicy({ instanceHost: '127.0.0.1', operatorNamed: true, allowPrivate: false }).lookupHook(defaultResolver);
    const t = openDirectTransport({ lookup, proxyLookup: lookup, tls: { rejectUnauthorized: true }, maxConnections: 4, keepAliveMs: 1_000, connectTimeoutMs: 150, bodyTimeoutMs: 150 });
    onCleanup(() => t.close());
    return t;
  }
  const sendFailure = (p: Promise<unknown>) => p.then(() => { throw new Error('expected the request to fail'); }, (e: unknown) => e as NodeJS.ErrnoException);

  it('a TLS handshake that never ends is UND_ERR_CONNECT_TIMEOUT: a timeout before anything was sent', async () => {
    const silent = createTcpServer((socket) => socket.resume()); // reads the TLS hello, never answers it
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', () => r()));
    onCleanup(() => new Promise<void>((r) => silent.close(() => r())));
    const url = new URL(`https://127.0.0.1:${(silent.address() as AddressInfo).port}/api/v4/x`);
    const e = await sendFailure(transport().send({ url, method: 'POST', headers: {}, body: '{}' }));
    expect(e.code).toBe('UND_ERR_CONNECT_TIMEOUT');
    expect(networkKindOf(e)).toBe('timeout');
    expect(failedBeforeSend(e)).toBe(true);
  });

  it('a body that stops coming is UND_ERR_BODY_TIMEOUT', async () => {
    const s = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"partial":');
    });
    const e = await sendFailure(transport().send({ url: new URL(`${s.url}/api/v4/x`), method: 'GET', headers: {}, body: undefined }));
    expect(e.code).toBe('UND_ERR_BODY_TIMEOUT');
    expect(networkKindOf(e)).toBe('timeout');
    expect(failedBeforeSend(e)).toBe(false);
  });

  it('reads a body as text as a fetch would: a byte order mark dropped, then JSON', async () => {
    const s = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"id":1}')]));
    });
    expect((await client({ baseUrl: s.url }).send({ method: 'GET', path: '/x' })).body).toEqual({ id: 1 });
  });
});

describe('a server process loads undici only behind an outbound proxy', () => {
  // Preloaded into the server: a module hook that writes down every file the process loads.
  const HOOKS = "import{appendFileSync}from'node:fs';export async function load(u,c,n){if(u.startsWith('file:'))appendFileSync(process.env.FORGE_TEST_MODULES,u+'\\n');return n(u,c)}";
  const PRELOAD = `import{register}from'node:module';register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(HOOKS)}`)})`;
  const meta = JSON.parse(readFileSync(join(ROOT, 'dist', 'bundle.meta.json'), 'utf8')) as { outputs: Record<string, { inputs: Record<string, unknown> }> };
  /** The bundle's files that hold any of undici's modules. */
  const undiciChunks = Object.entries(meta.outputs)
    .filter(([, o]) => Object.keys(o.inputs).some((i) => i.startsWith('node_modules/undici/')))
    .map(([file]) => pathToFileURL(join(ROOT, file)).href);

  async function loadedAfterACall(env: Record<string, string>): Promise<string[]> {
    const dir = mkdtempSync(join(tmpdir(), 'forge-modules-'));
    onCleanup(async () => rmSync(dir, { recursive: true, force: true }));
    const modules = join(dir, 'modules.txt');
    const sb = await withSandbox();
    onCleanup(() => sb.close());
    const srv = await startServer({ sandbox: sb, env: { NODE_OPTIONS: `--import=data:text/javascript,${encodeURIComponent(PRELOAD)}`, FORGE_TEST_MODULES: modules, ...env } });
    onCleanup(() => srv.close());
    const r = await srv.call('forge_execute_action', { action: 'issue.list', params: { project_id: 1 } });
    expect(r.isError, text(r)).toBeFalsy();
    expect(sb.log.filter((e) => e.origin === 'api').map((e) => [e.path, e.headers['private-token']])).toEqual([['/api/v4/projects/1/issues', SANDBOX_TOKEN]]);
    return readFileSync(modules, 'utf8').split('\n').filter(Boolean);
  }

  it('a direct call never loads a bundle file that holds undici', async () => {
    expect(undiciChunks.length).toBeGreaterThan(0);
    const loaded = await loadedAfterACall({});
    expect(loaded.some((u) => u.endsWith('/dist/bundle/cli.js'))).toBe(true);
    expect(loaded.filter((u) => undiciChunks.includes(u))).toEqual([]);
  });

  it('with a proxy variable set it does (the instance is in NO_PROXY: the call goes direct through undici)', async () => {
    const loaded = await loadedAfterACall({ HTTP_PROXY: 'http://127.0.0.1:9', NO_PROXY: '127.0.0.1' });
    expect(loaded.filter((u) => undiciChunks.includes(u)).length).toBeGreaterThan(0);
  });
});

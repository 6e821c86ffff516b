// SPEC "Failures without a platform answer" and "Outbound connections" end to end: the server (built
// in this process; behind a proxy, the built server over stdio) against the sandbox, a closed port,
// an unresolvable name, a TLS mismatch, names given to loopback servers through the test-only
// FORGE_MCP_TEST_HOSTS resolver override, and an outbound CONNECT proxy (behind which the instance's
// name is never resolved by the server).
import { describe, it, expect, beforeAll, afterAll, afterEach } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { connect, createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FaultRule, Sandbox } from '../src/sandbox/index.js';
import { SANDBOX_TOKEN } from '../src/sandbox/index.js';
import { PRIVATE_INSTANCES_SUGGESTION } from '../src/forge/classify.js';
import { apiRequests, startServer, text, withSandbox, type Running, type ToolResultLike } from './helpers/harness.js';
import { startInProcess } from './helpers/inproc.js';
import { requireOpenssl } from './helpers/openssl.js';

let sb: Sandbox;
let apiPort: number;
let storagePort: number;
const cleanups: Array<() => Promise<void> | void> = [];
beforeAll(async () => {
  sb = await withSandbox();
  apiPort = Number(new URL(sb.url).port);
  storagePort = Number(new URL(sb.storageUrl).port);
});
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
  await sb?.close();
});
afterEach(() => { sb.clearFaults(); });

const ISSUES = '/api/v4/projects/:id/issues';
const ISSUES_1 = '/api/v4/projects/1/issues';
// Artifact downloads redirect to object storage (the storage origin); job logs are served by the API itself.
const ARTIFACT_2021 = '/api/v4/projects/1/jobs/2021/artifacts/dist%2Findex.js';
const ARTIFACT = { project_id: 1, job_id: 2021, artifact_path: 'dist/index.js' };
const REFUSED = 'this server refused to connect to that address, so the request never left the process';

/**
 * A server for one describe block, closed with it. In this process, except behind a proxy: the
 * platform client reads HTTP_PROXY from its process's environment, so that server is a process of its own.
 */
async function serverFor(env: Record<string, string>, forgeUrl?: string): Promise<Running> {
  const start = 'HTTP_PROXY' in env ? startServer : startInProcess;
  const srv = await start({ sandbox: sb, env: { ...(forgeUrl ? { FORGE_URL: forgeUrl } : {}), ...env } });
  cleanups.push(() => srv.close());
  return srv;
}

async function exec(srv: Running, action: string, params: Record<string, unknown>, faults: FaultRule[] = []): Promise<ToolResultLike> {
  sb.clearFaults();
  for (const f of faults) sb.fault(f);
  sb.clearLog();
  return srv.call('forge_execute_action', { action, params });
}

function failure(r: ToolResultLike): string {
  expect(r.isError, text(r)).toBe(true);
  expect(r.structuredContent).toBeUndefined();
  expect(r.content).toHaveLength(1);
  const t = text(r);
  expect(t).not.toContain('\n');
  return t;
}

const storageRequests = () => sb.log.filter((e) => e.origin === 'storage');

async function closedPort(): Promise<number> {
  const s = createNetServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const sockets = new Set<Socket>();
  server.on('connection', (s: Socket) => { sockets.add(s); s.on('close', () => sockets.delete(s)); });
  cleanups.push(() => new Promise<void>((r) => {
    for (const s of sockets) s.destroy();
    server.close(() => r());
  }));
  return (server.address() as AddressInfo).port;
}

describe('failures without a platform answer', () => {
  it('connection refused: "GitLab server is unreachable (connection refused)"; failed before sending, so a POST is re-sent too', async () => {
    const port = await closedPort();
    const srv = await serverFor({}, `http://127.0.0.1:${port}`);
    const list = failure(await exec(srv, 'issue.list', { project_id: 1 }));
    expect(list).toBe(
      'issueList: GitLab server is unreachable (connection refused). Check FORGE_URL and that the instance is running and reachable from this machine: ' +
        `GET http://127.0.0.1:${port}${ISSUES_1}: ECONNREFUSED`,
    );
    const started = Date.now();
    const create = failure(await exec(srv, 'issue.create', { project_id: 1, title: 'x' }));
    // Two re-sends: waits of ~0.7 s and ~1.4 s.
    expect(Date.now() - started).toBeGreaterThanOrEqual(2050);
    expect(create).toMatch(/^issueCreate: GitLab server is unreachable \(connection refused\)\. /);
    expect(create).not.toContain('read it back');
    expect(apiRequests(sb)).toHaveLength(0);
  });

  it('DNS failure: "GitLab server hostname could not be resolved (DNS error)"', async () => {
    const srv = await serverFor({}, 'http://forge-mcp-e2e.invalid');
    const t = failure(await exec(srv, 'issue.list', { project_id: 1 }));
    expect(t).toMatch(
      /^issueList: GitLab server hostname could not be resolved \(DNS error\)\. Check FORGE_URL for typos and this machine's DNS settings: GET http:\/\/forge-mcp-e2e\.invalid\/api\/v4\/projects\/1\/issues: E[A-Z_]+$/,
    );
    expect(apiRequests(sb)).toHaveLength(0);
  });

  it('TLS handshake: https:// pointed at the plain-HTTP sandbox port fails the handshake, nothing reaches the platform', async () => {
    const srv = await serverFor({}, sb.url.replace('http:', 'https:'));
    const t = failure(await exec(srv, 'issue.list', { project_id: 1 }));
    expect(t).toBe(
      'issueList: TLS/SSL handshake failed. If the instance uses a private or self-signed certificate, point SSL_CERT_FILE at a trusted CA bundle; ' +
        `for development only, FORGE_MCP_SKIP_TLS_VERIFY=true (--skip-tls-verify) turns verification off: GET ${sb.url.replace('http:', 'https:')}${ISSUES_1}: ECONNRESET`,
    );
    expect(sb.log).toHaveLength(0);
  });
});

describe('TLS with a self-signed certificate (an https front of the sandbox)', () => {
  let base: string;
  let certFile: string;
  let connections = 0;
  beforeAll(async () => {
    requireOpenssl();
    const dir = mkdtempSync(join(tmpdir(), 'forge-e2e-tls-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const keyFile = join(dir, 'key.pem');
    certFile = join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', keyFile, '-out', certFile, '-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
      { stdio: 'ignore' },
    );
    const front = createHttpsServer({ key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8') }, (req, res) => {
      const up = httpRequest({ host: '127.0.0.1', port: apiPort, method: req.method, path: req.url, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      up.on('error', () => res.destroy());
      req.pipe(up);
    });
    front.on('connection', () => { connections++; });
    base = `https://127.0.0.1:${await listen(front)}`;
  });

  it('verified by default: "TLS/SSL handshake failed", one connection (not re-sent), nothing reaches the platform', async () => {
    const srv = await serverFor({}, base);
    connections = 0;
    const t = failure(await exec(srv, 'issue.list', { project_id: 1 }));
    expect(t).toMatch(/^issueList: TLS\/SSL handshake failed\. If the instance uses a private or self-signed certificate, point SSL_CERT_FILE at a trusted CA bundle; for development only, FORGE_MCP_SKIP_TLS_VERIFY=true/);
    expect(t).toMatch(new RegExp(`: GET ${base.replace(/[.]/g, '\\.')}/api/v4/projects/1/issues: [A-Z_]+$`));
    expect(connections).toBe(1);
    expect(sb.log).toHaveLength(0);
  });

  it('SSL_CERT_FILE naming the certificate makes it trusted', async () => {
    const srv = await serverFor({ SSL_CERT_FILE: certFile }, base);
    const r = await exec(srv, 'issue.list', { project_id: 1 });
    expect(r.isError, text(r)).toBeFalsy();
    expect(apiRequests(sb).map((e) => `${e.method} ${e.path} ${e.headers['private-token'] === SANDBOX_TOKEN}`)).toEqual([`GET ${ISSUES_1} true`]);
  });

  it('FORGE_MCP_SKIP_TLS_VERIFY=true turns verification off', async () => {
    const srv = await serverFor({ FORGE_MCP_SKIP_TLS_VERIFY: 'true' }, base);
    const r = await exec(srv, 'issue.list', { project_id: 1 });
    expect(r.isError, text(r)).toBeFalsy();
    expect(apiRequests(sb)).toHaveLength(1);
  });
});

describe('redirects', () => {
  let srv: Running;
  beforeAll(async () => { srv = await serverFor({}); });

  it('a redirect to the storage origin (another port) carries no PRIVATE-TOKEN or Authorization', async () => {
    const r = await exec(srv, 'job.download_single_artifact', ARTIFACT);
    expect(r.isError, text(r)).toBeFalsy();
    expect(text(r)).toContain("import { login } from './auth/login.js';");
    expect(apiRequests(sb).map((e) => `${e.method} ${e.path} ${e.status} ${e.headers['private-token'] === SANDBOX_TOKEN}`)).toEqual([`GET ${ARTIFACT_2021} 302 true`]);
    const storage = storageRequests();
    expect(storage.map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual(['GET /artifacts/2021/files/dist/index.js 200']);
    expect(storage[0].headers).not.toHaveProperty('private-token');
    expect(storage[0].headers).not.toHaveProperty('authorization');
    expect(storage[0].headers).not.toHaveProperty('sudo');
    expect(storage[0].headers).not.toHaveProperty('job-token');
  });

  it('a redirect on the instance itself keeps the credential', async () => {
    const r = await exec(srv, 'issue.list', { project_id: 1 }, [{ method: 'GET', path: ISSUES, redirectTo: `${sb.url}${ISSUES_1}?moved=1`, times: 1 }]);
    expect(r.isError, text(r)).toBeFalsy();
    const reqs = apiRequests(sb);
    expect(reqs.map((e) => e.status)).toEqual([302, 200]);
    for (const e of reqs) expect(e.headers['private-token']).toBe(SANDBOX_TOKEN);
  });

  it('follows ten hops', async () => {
    const r = await exec(srv, 'issue.list', { project_id: 1 }, [{ method: 'GET', path: ISSUES, redirectTo: `${sb.url}${ISSUES_1}`, times: 10 }]);
    expect(r.isError, text(r)).toBeFalsy();
    expect(apiRequests(sb).map((e) => e.status)).toEqual([...Array.from({ length: 10 }, () => 302), 200]);
  });

  it('a chain over ten hops is a network error, and the chain is not re-sent', async () => {
    const r = await exec(srv, 'issue.list', { project_id: 1 }, [{ method: 'GET', path: ISSUES, redirectTo: `${sb.url}${ISSUES_1}` }]);
    expect(failure(r)).toBe(`issueList: network error reaching GitLab (Get): GET ${sb.url}${ISSUES_1}: stopped after 10 redirects`);
    expect(apiRequests(sb).map((e) => e.status)).toEqual(Array.from({ length: 11 }, () => 302));
  });
});

describe('outbound checks with named hosts (FORGE_MCP_TEST_HOSTS)', () => {
  const HOSTS = 'forge.test=127.0.0.1,api.forge.test=127.0.0.1,metadata.test=169.254.169.254';

  it('an operator-named instance resolving to a private address is never checked; a subdomain hop keeps the credential', async () => {
    const srv = await serverFor({ FORGE_MCP_TEST_HOSTS: HOSTS }, `http://forge.test:${apiPort}`);
    const r = await exec(srv, 'issue.list', { project_id: 1 });
    expect(r.isError, text(r)).toBeFalsy();
    const [req] = apiRequests(sb);
    expect(req.headers.host).toBe(`forge.test:${apiPort}`);
    expect(req.headers['private-token']).toBe(SANDBOX_TOKEN);

    const sub = await exec(srv, 'issue.list', { project_id: 1 }, [{ method: 'GET', path: ISSUES, redirectTo: `http://api.forge.test:${apiPort}${ISSUES_1}`, times: 1 }]);
    expect(sub.isError, text(sub)).toBeFalsy();
    expect(apiRequests(sb).map((e) => `${e.headers.host} ${e.status} ${e.headers['private-token'] === SANDBOX_TOKEN}`)).toEqual([
      `forge.test:${apiPort} 302 true`,
      `api.forge.test:${apiPort} 200 true`,
    ]);
  });

  it('a redirect leaving the (private) instance for a private address is allowed without the flag, and drops the credential', async () => {
    const srv = await serverFor({ FORGE_MCP_TEST_HOSTS: HOSTS }, `http://forge.test:${apiPort}`);
    const r = await exec(srv, 'job.download_single_artifact', ARTIFACT);
    expect(r.isError, text(r)).toBeFalsy();
    expect(apiRequests(sb)[0].headers['private-token']).toBe(SANDBOX_TOKEN);
    const storage = storageRequests();
    expect(storage.map((e) => `${e.headers.host} ${e.path} ${e.status}`)).toEqual([`127.0.0.1:${storagePort} /artifacts/2021/files/dist/index.js 200`]);
    expect(storage[0].headers).not.toHaveProperty('private-token');
    expect(storage[0].headers).not.toHaveProperty('authorization');
  });

  for (const allowPrivate of [false, true]) {
    it(`a redirect to a name resolving to a metadata address is refused${allowPrivate ? ', even with FORGE_MCP_ALLOW_PRIVATE_INSTANCES' : ''}`, async () => {
      const srv = await serverFor({ FORGE_MCP_TEST_HOSTS: HOSTS, ...(allowPrivate ? { FORGE_MCP_ALLOW_PRIVATE_INSTANCES: 'true' } : {}) }, `http://forge.test:${apiPort}`);
      const r = await exec(srv, 'issue.list', { project_id: 1 }, [{ method: 'GET', path: ISSUES, redirectTo: `http://metadata.test:${apiPort}/x`, times: 3 }]);
      expect(failure(r)).toBe(
        `issueList: ${REFUSED}. Suggestion: ${PRIVATE_INSTANCES_SUGGESTION}: GET http://forge.test:${apiPort}${ISSUES_1}: destination 169.254.169.254 refused by the outbound check (cloud metadata address)`,
      );
      expect(PRIVATE_INSTANCES_SUGGESTION).toMatch(/--allow-private-instances.*metadata addresses stay refused/);
      // Only the instance's 302 arrived; the refused hop never left the process and nothing was re-sent.
      expect(sb.log.map((e) => `${e.origin} ${e.method} ${e.path} ${e.status}`)).toEqual([`api GET ${ISSUES_1} 302`]);
    });
  }

  it('tier A applies to every connection, the operator-named instance too', async () => {
    const srv = await serverFor({ FORGE_MCP_TEST_HOSTS: HOSTS }, `http://metadata.test:${apiPort}`);
    const t = failure(await exec(srv, 'issue.list', { project_id: 1 }));
    expect(t).toBe(
      `issueList: ${REFUSED}. Suggestion: ${PRIVATE_INSTANCES_SUGGESTION}: GET http://metadata.test:${apiPort}${ISSUES_1}: destination 169.254.169.254 refused by the outbound check (cloud metadata address)`,
    );
    expect(sb.log).toHaveLength(0);
  });
});

describe('behind an outbound proxy (HTTP_PROXY)', () => {
  // A CONNECT proxy on loopback that tunnels to the sandbox's API or storage port, whatever host is
  // asked for: the instance can carry a public-looking name the server never resolves itself.
  const tunnels: string[] = [];
  let proxyUrl: string;
  beforeAll(async () => {
    const proxy = createHttpServer((_req, res) => { res.writeHead(405).end(); });
    proxy.on('connect', (req, socket: Socket, head: Buffer) => {
      const target = req.url ?? '';
      tunnels.push(target);
      const port = Number(target.slice(target.lastIndexOf(':') + 1));
      if (port !== apiPort && port !== storagePort) {
        socket.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
        return;
      }
      const upstream = connect(port, '127.0.0.1', () => {
        socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        if (head.length) upstream.write(head);
        upstream.pipe(socket);
        socket.pipe(upstream);
      });
      upstream.on('error', () => socket.destroy());
      socket.on('error', () => upstream.destroy());
      socket.on('close', () => upstream.destroy());
    });
    proxyUrl = `http://127.0.0.1:${await listen(proxy)}`;
  });
  const instance = () => `http://gitlab.example.com:${apiPort}`;

  it('only tier A applies to the proxy connection: a loopback proxy serves the instance', async () => {
    const srv = await serverFor({ HTTP_PROXY: proxyUrl }, instance());
    const r = await exec(srv, 'issue.list', { project_id: 1 });
    expect(r.isError, text(r)).toBeFalsy();
    expect(tunnels).toContain(`gitlab.example.com:${apiPort}`);
    const [req] = apiRequests(sb);
    expect(req.headers.host).toBe(`gitlab.example.com:${apiPort}`);
    expect(req.headers['private-token']).toBe(SANDBOX_TOKEN);
  });

  it('a redirect hop that left the instance for a spelled private address is refused (tier B), never re-sent', async () => {
    const srv = await serverFor({ HTTP_PROXY: proxyUrl }, instance());
    tunnels.length = 0;
    const t = failure(await exec(srv, 'job.download_single_artifact', ARTIFACT));
    expect(t).toBe(
      `jobDownloadSingleArtifact: ${REFUSED}. Suggestion: ${PRIVATE_INSTANCES_SUGGESTION}: GET http://127.0.0.1:${storagePort}/artifacts/2021/files/dist/index.js: destination 127.0.0.1 refused by the outbound check (private, loopback or link-local address)`,
    );
    expect(apiRequests(sb).map((e) => `${e.path} ${e.status}`)).toEqual([`${ARTIFACT_2021} 302`]);
    expect(storageRequests()).toHaveLength(0);
    expect(tunnels.filter((x) => x.endsWith(`:${storagePort}`))).toEqual([]);

    const meta = failure(await exec(srv, 'issue.list', { project_id: 1 }, [{ method: 'GET', path: ISSUES, redirectTo: 'http://169.254.169.254/latest/meta-data/iam/', times: 3 }]));
    expect(meta).toBe(
      `issueList: ${REFUSED}. Suggestion: ${PRIVATE_INSTANCES_SUGGESTION}: GET http://169.254.169.254/latest/meta-data/iam/: destination 169.254.169.254 refused by the outbound check (cloud metadata address)`,
    );
    expect(apiRequests(sb)).toHaveLength(1);
  });

  it('--allow-private-instances lets the private hop through (without the credential); metadata stays refused', async () => {
    const srv = await serverFor({ HTTP_PROXY: proxyUrl, FORGE_MCP_ALLOW_PRIVATE_INSTANCES: 'true' }, instance());
    tunnels.length = 0;
    const r = await exec(srv, 'job.download_single_artifact', ARTIFACT);
    expect(r.isError, text(r)).toBeFalsy();
    expect(tunnels).toContain(`127.0.0.1:${storagePort}`);
    const storage = storageRequests();
    expect(storage.map((e) => `${e.path} ${e.status}`)).toEqual(['/artifacts/2021/files/dist/index.js 200']);
    expect(storage[0].headers).not.toHaveProperty('private-token');

    const meta = failure(await exec(srv, 'issue.list', { project_id: 1 }, [{ method: 'GET', path: ISSUES, redirectTo: 'http://169.254.169.254/latest/meta-data/', times: 1 }]));
    expect(meta).toMatch(new RegExp(`^issueList: ${REFUSED}\\. Suggestion: `));
    expect(meta).toContain('destination 169.254.169.254 refused by the outbound check (cloud metadata address)');
  });

  it('a proxy URL that spells a metadata address is refused (tier A), nothing is sent', async () => {
    const srv = await serverFor({ HTTP_PROXY: 'http://169.254.169.254:8080' });
    const t = failure(await exec(srv, 'issue.list', { project_id: 1 }));
    expect(t).toBe(
      `issueList: ${REFUSED}. Suggestion: ${PRIVATE_INSTANCES_SUGGESTION}: GET ${sb.url}${ISSUES_1}: destination 169.254.169.254 refused by the outbound check (cloud metadata address (outbound proxy))`,
    );
    expect(sb.log).toHaveLength(0);
  });
});

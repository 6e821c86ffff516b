// HTTP listener transports (SPEC "HTTP flags"): TLS with --tls-cert/--tls-key (TLS 1.2 floor), and a
// unix socket with --http-socket-mode, where the Host allow-list does not apply.
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect as tlsConnect } from 'node:tls';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { Agent } from 'undici';
import { SANDBOX_TOKEN, type Sandbox } from '../src/sandbox/index.js';
import { ROOT, withSandbox } from './helpers/harness.js';
import { INIT, startHttpServer } from './helpers/http.js';

const CERT = join(ROOT, 'test', 'fixtures', 'tls', 'localhost.crt');
const KEY = join(ROOT, 'test', 'fixtures', 'tls', 'localhost.key');
const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'PRIVATE-TOKEN': SANDBOX_TOKEN };

let sb: Sandbox;
beforeAll(async () => { sb = await withSandbox(); });
afterAll(async () => { await sb?.close(); });

describe('TLS', () => {
  it('serves MCP over https with the given certificate, and refuses a client below TLS 1.2', async () => {
    const srv = await startHttpServer(['--forge-url', sb.url, '--tls-cert', CERT, '--tls-key', KEY]);
    try {
      expect(srv.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      const dispatcher = new Agent({ connect: { ca: readFileSync(CERT) } });
      const r = await fetch(`${srv.url}/mcp`, { method: 'POST', headers: HEADERS, body: INIT, dispatcher } as RequestInit);
      expect(r.status).toBe(200);
      expect(await r.text()).toMatch(/forge-mcp-server/);
      await dispatcher.close();
      const u = new URL(srv.url);
      const old = await new Promise<string>((resolve) => {
        const s = tlsConnect({ host: u.hostname, port: Number(u.port), ca: readFileSync(CERT), minVersion: 'TLSv1', maxVersion: 'TLSv1.1' });
        s.once('secureConnect', () => { s.destroy(); resolve('connected'); });
        s.once('error', (e) => resolve(`refused: ${e.message}`));
      });
      expect(old).toMatch(/^refused/);
    } finally {
      await srv.close();
    }
  });
});

describe('unix socket', () => {
  it('binds the path with --http-socket-mode and serves any Host there', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'forge-sock-')), 'mcp.sock');
    const srv = await startHttpServer(['--forge-url', sb.url, '--http-addr', path, '--http-socket-mode', '0600']);
    try {
      expect(srv.url).toBe(path);
      expect(statSync(path).isSocket()).toBe(true);
      expect(statSync(path).mode & 0o777).toBe(0o600);
      const r = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest({ socketPath: path, method: 'POST', path: '/mcp', headers: { ...HEADERS, host: 'anything.example' } }, (res) => {
          let b = '';
          res.on('data', (d: Buffer) => { b += d.toString(); });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: b }));
        });
        req.on('error', reject);
        req.end(INIT);
      });
      expect(r.status).toBe(200);
    } finally {
      await srv.close();
    }
  });
});

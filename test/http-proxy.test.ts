// Trusted proxies (SPEC "Trusted proxies", issue #26): behind a listed proxy the charged address is
// the rightmost hop of the configured header that is not itself a listed proxy, for `Forwarded`
// (RFC 7239 `for=`, quoted IPv6 with ports) and `X-Real-IP` as for `X-Forwarded-For`; a hop that is
// no IP address charges the peer; a long header is read from its tail. A client spoofing the header
// from behind the proxy never moves its charges elsewhere.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { SANDBOX_TOKEN, type Sandbox } from '../src/sandbox/index.js';
import { forwardedHops, MAX_FORWARDED_CHARS } from '../src/http/guards.js';
import { withSandbox } from './helpers/harness.js';
import { post, type HttpServer } from './helpers/http.js';
import { startHttpInProcess } from './helpers/inproc-http.js';

let sb: Sandbox;
beforeAll(async () => { sb = await withSandbox(); });
afterAll(async () => { await sb?.close(); });

const behindProxy = (headerName: string) =>
  startHttpInProcess(['--forge-url', sb.url, '--trusted-proxy-header', headerName, '--trusted-proxies', '127.0.0.1/32,10.0.0.0/8', '--auth-failure-limit', '2']);

let n = 0;
const refused = (srv: HttpServer, headers: Record<string, string>) => post(srv, { 'PRIVATE-TOKEN': `glpat-spoof-${n++}-000000`, ...headers });

describe('forwardedHops', () => {
  it('reads RFC 7239 for= values: quoted, bracketed IPv6 with ports, IPv4 with ports, other parameters around', () => {
    expect(forwardedHops('forwarded', 'for=192.0.2.60;proto=http;by=203.0.113.43, For="[2001:db8:cafe::17]:4711", proto=https;for="198.51.100.1:80"'))
      .toEqual(['192.0.2.60', '2001:db8:cafe::17', '198.51.100.1']);
    expect(forwardedHops('forwarded', 'for=unknown, for=_hidden, for="[::ffff:10.1.2.3]", for=[2001:db8::1, by=1.2.3.4'))
      .toEqual([undefined, undefined, '10.1.2.3', undefined, undefined]);
  });

  it('reads X-Forwarded-For and X-Real-IP entries, with ports, and refuses what is no address', () => {
    expect(forwardedHops('x-real-ip', ' 203.0.113.9 ')).toEqual(['203.0.113.9']);
    expect(forwardedHops('x-forwarded-for', '203.0.113.9:5555, [2001:db8::2]:443, 2001:db8::3, evil<script>, 300.1.1.1'))
      .toEqual(['203.0.113.9', '2001:db8::2', '2001:db8::3', undefined, undefined]);
  });

  it('reads only the tail of a long header, dropping the hop it cut', () => {
    const long = `${'9.9.9.9, '.repeat(1000)}203.0.113.77`;
    const hops = forwardedHops('x-forwarded-for', long);
    expect(hops.at(-1)).toBe('203.0.113.77');
    expect(hops.length).toBeLessThanOrEqual(MAX_FORWARDED_CHARS / 9 + 1);
    expect(hops.every((h) => h === '9.9.9.9' || h === '203.0.113.77')).toBe(true);
  });
});

describe('Forwarded behind a trusted proxy', () => {
  let srv: HttpServer;
  beforeAll(async () => { srv = await behindProxy('Forwarded'); });
  afterAll(async () => { await srv?.close(); });

  it('charges the hop the proxy appended, whatever the client wrote to its left', async () => {
    // The client spoofs for=203.0.113.1 and for=203.0.113.2; the proxy appends the address it saw.
    expect((await refused(srv, { Forwarded: 'for=203.0.113.1, for="[2001:db8::7]:4711";proto=https' })).status).toBe(401);
    expect((await refused(srv, { Forwarded: 'for=203.0.113.2;proto=http, for="[2001:db8::7]:5000", for=10.1.1.1' })).status).toBe(401);
    expect((await refused(srv, { Forwarded: 'for="[2001:db8::7]"' })).status).toBe(429);
    // The spoofed addresses were never charged.
    expect((await refused(srv, { Forwarded: 'for=203.0.113.1' })).status).toBe(401);
    expect((await post(srv, { 'PRIVATE-TOKEN': SANDBOX_TOKEN, Forwarded: 'for=203.0.113.1, for="[2001:db8::8]"' })).status).toBe(200);
  });

  it('charges the proxy connection when the hop names no address', async () => {
    const other = await behindProxy('Forwarded');
    try {
      expect((await refused(other, { Forwarded: 'for=unknown' })).status).toBe(401);
      expect((await refused(other, { Forwarded: `for="${'x'.repeat(6000)}"` })).status).toBe(401);
      // Both were charged to 127.0.0.1, the peer: it is blocked, with or without the header.
      expect((await refused(other, {})).status).toBe(429);
      expect((await refused(other, { Forwarded: 'for=198.51.100.50' })).status).toBe(401);
    } finally {
      await other.close();
    }
  });
});

describe('X-Real-IP behind a trusted proxy', () => {
  let srv: HttpServer;
  beforeAll(async () => { srv = await behindProxy('X-Real-IP'); });
  afterAll(async () => { await srv?.close(); });

  it('charges the address the proxy set, and the peer for garbage', async () => {
    expect((await refused(srv, { 'X-Real-IP': '198.51.100.20' })).status).toBe(401);
    expect((await refused(srv, { 'X-Real-IP': '198.51.100.20:1234' })).status).toBe(401);
    expect((await refused(srv, { 'X-Real-IP': '198.51.100.20' })).status).toBe(429);
    expect((await refused(srv, { 'X-Real-IP': 'a'.repeat(6000) })).status).toBe(401);
    expect((await refused(srv, { 'X-Real-IP': 'not an address' })).status).toBe(401);
    expect((await refused(srv, {})).status).toBe(429);
  });
});

// Host and origin checks (SPEC "Host and origin checks") and the charged client address
// (SPEC "Trusted proxies").
import { BlockList, isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';
import type { Config } from '../config/index.js';
import { normalizeIp } from '../forge/outbound.js';

/** An IPv4-mapped IPv6 address (`::ffff:10.0.0.1`) as the IPv4 address it maps. */
const plainAddress = (addr: string): string => normalizeIp(addr)?.ip ?? addr;
import { isLoopbackHost } from '../config/values.js';

const stripBrackets = (h: string): string => h.replace(/^\[|\]$/g, '').toLowerCase();

/** The hostname of a Host header value (port dropped, IPv6 brackets removed), lowercase. */
function hostnameOfHost(host: string): string {
  const h = host.trim();
  if (h.startsWith('[')) {
    const end = h.indexOf(']');
    return stripBrackets(end > 0 ? h.slice(0, end + 1) : h);
  }
  const colon = h.indexOf(':');
  return (colon >= 0 ? h.slice(0, colon) : h).toLowerCase();
}

const WILDCARD = new Set(['', '0.0.0.0', '::', '0:0:0:0:0:0:0:0']);

export class HostGuard {
  private readonly declared = new Set<string>(['localhost', '127.0.0.1', '::1']);
  private readonly skip: boolean;
  private readonly wildcard: boolean;

  constructor(config: Config) {
    const l = config.httpListen;
    this.skip = l.kind === 'unix';
    this.wildcard = l.kind === 'tcp' && WILDCARD.has(l.host);
    if (l.kind === 'tcp' && !this.wildcard) this.declared.add(stripBrackets(l.host));
    if (config.publicUrl) this.declared.add(stripBrackets(new URL(config.publicUrl).hostname));
  }

  /**
   * Whether the request's Host may be served. A request a trusted proxy relayed is judged by the
   * host that hop forwards (`X-Forwarded-Host`) when it sends one: the proxy's own upstream name in
   * Host is not what the browser asked for.
   */
  allows(req: IncomingMessage, viaTrustedProxy = false): boolean {
    if (this.skip) return true;
    const host = this.hostOf(req, viaTrustedProxy);
    if (host === undefined || host === '') return true;
    if (this.declared.has(hostnameOfHost(host))) return true;
    // A wildcard bind refuses an undeclared Host only on a connection accepted over loopback.
    if (this.wildcard) return !isLoopbackHost(req.socket.localAddress ?? '');
    return false;
  }

  /**
   * Stricter, for the unauthenticated service data (/metrics): the Host names a declared host or is
   * an IP address, whatever the bind. A browser led there by a rebound DNS name sends that name.
   */
  named(req: IncomingMessage, viaTrustedProxy = false): boolean {
    if (this.skip) return true;
    const host = this.hostOf(req, viaTrustedProxy);
    if (host === undefined || host === '') return true;
    const name = hostnameOfHost(host);
    return this.declared.has(name) || isIP(name) !== 0;
  }

  private hostOf(req: IncomingMessage, viaTrustedProxy: boolean): string | undefined {
    const forwarded = viaTrustedProxy ? header(req, 'x-forwarded-host')?.split(',')[0]?.trim() : undefined;
    return forwarded || req.headers.host;
  }
}

export class OriginGuard {
  private readonly any: boolean;
  private readonly origins: Set<string>;
  private readonly bare: string[];

  constructor(trusted: readonly string[]) {
    this.any = trusted.includes('*');
    this.origins = new Set(trusted.filter((t) => t.includes('://')).map((t) => t.toLowerCase()));
    this.bare = trusted.filter((t) => t !== '*' && !t.includes('://')).map((t) => t.toLowerCase());
  }

  get acceptsAny(): boolean { return this.any; }

  /** Whether a browser Origin value names a trusted origin. */
  trusted(origin: string | undefined): boolean {
    if (!origin) return false;
    if (this.any) return true;
    let u: URL;
    try { u = new URL(origin); } catch { return false; }
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return false;
    if (this.origins.has(u.origin.toLowerCase())) return true;
    const host = u.host.toLowerCase();
    const hostname = u.hostname.toLowerCase();
    // A bare IP entry with a port names that host and port; without one, that address on any port.
    return this.bare.some((b) => b === host || b === hostname);
  }

  /** The cross-origin table: true when the request is refused. */
  refuses(req: IncomingMessage): boolean {
    if (this.any) return false;
    const origin = header(req, 'origin');
    const site = header(req, 'sec-fetch-site')?.toLowerCase();
    if (site !== undefined) {
      if (site === 'none' || site === 'same-origin') return false;
      return !this.trusted(origin);
    }
    if (origin === undefined) return false;
    let originHost: string | undefined;
    try { originHost = new URL(origin).host.toLowerCase(); } catch { originHost = undefined; }
    const host = header(req, 'host')?.toLowerCase();
    if (originHost !== undefined && host !== undefined && originHost === host) return false;
    return !this.trusted(origin);
  }
}

export function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** The address a request is charged to: the peer, or what a trusted proxy forwards. */
export class AddressOf {
  private readonly list: BlockList | undefined;
  private readonly headerName: string | undefined;

  constructor(config: Config) {
    if (config.trustedProxyHeader && config.trustedProxies.length) {
      const list = new BlockList();
      for (const p of config.trustedProxies) {
        const slash = p.indexOf('/');
        const addr = slash >= 0 ? p.slice(0, slash) : p;
        const type = isIP(addr) === 6 ? 'ipv6' : 'ipv4';
        if (slash >= 0) list.addSubnet(addr, Number(p.slice(slash + 1)), type);
        else list.addAddress(addr, type);
      }
      this.list = list;
      this.headerName = config.trustedProxyHeader.toLowerCase();
    }
  }

  private listed(addr: string): boolean {
    if (!this.list) return false;
    const a = plainAddress(addr);
    const family = isIP(a);
    if (family === 0) return false;
    return this.list.check(a, family === 6 ? 'ipv6' : 'ipv4');
  }

  /** Whether an address is a listed trusted proxy. */
  isListedProxy(addr: string): boolean {
    return this.listed(addr);
  }

  /** Whether the connection comes from a listed proxy. */
  viaTrustedProxy(req: IncomingMessage): boolean {
    return this.list !== undefined && this.listed(plainAddress(req.socket.remoteAddress ?? ''));
  }

  /**
   * The address charged: the peer, or on a connection from a listed proxy the rightmost hop of the
   * header that is not itself a listed proxy (each proxy appends the address it saw, so hops to the
   * left of the nearest untrusted one are the client's own words). `Forwarded` (RFC 7239) hops are
   * its `for=` values; `X-Forwarded-For` and `X-Real-IP` hops are their comma-separated entries. A hop
   * that is not an IP address (`unknown`, an obfuscated name, garbage) charges the peer instead.
   */
  of(req: IncomingMessage): string {
    const peer = plainAddress(req.socket.remoteAddress ?? 'unknown');
    if (!this.headerName || !this.listed(peer)) return peer;
    const raw = req.headers[this.headerName];
    const value = Array.isArray(raw) ? raw.join(',') : raw;
    if (!value) return peer;
    const hops = forwardedHops(this.headerName, value);
    for (let i = hops.length - 1; i >= 0; i--) {
      const hop = hops[i];
      if (hop === undefined) return peer;
      if (!this.listed(hop)) return hop;
    }
    // Every hop is a listed proxy: the leftmost one is as far as the chain goes.
    return hops[0] ?? peer;
  }
}

/** Only the tail of a forwarded header is read: the hops a trusted proxy appended are at its end. */
export const MAX_FORWARDED_CHARS = 1024;

/**
 * The hops of a forwarded header, left to right, each an IP address or undefined when the hop names
 * none. A header longer than MAX_FORWARDED_CHARS is read from its last MAX_FORWARDED_CHARS characters,
 * the first (cut) hop dropped.
 */
export function forwardedHops(headerName: string, value: string): Array<string | undefined> {
  let text = value;
  let cut = false;
  if (text.length > MAX_FORWARDED_CHARS) {
    text = text.slice(-MAX_FORWARDED_CHARS);
    cut = true;
  }
  const parts = text.split(',');
  if (cut) parts.shift();
  const forwarded = headerName === 'forwarded';
  return parts.map((p) => p.trim()).filter((p) => p !== '').map((p) => addressOfHop(forwarded ? forParameter(p) : p));
}

/** The `for=` value of one RFC 7239 forwarded-element (`for=192.0.2.1;proto=https`), unquoted. */
function forParameter(element: string): string | undefined {
  for (const pair of element.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0 || pair.slice(0, eq).trim().toLowerCase() !== 'for') continue;
    const v = pair.slice(eq + 1).trim();
    return v.length >= 2 && v.startsWith('"') && v.endsWith('"') ? v.slice(1, -1).replace(/\\(.)/g, '$1') : v;
  }
  return undefined;
}

/** An IP address from a hop (`192.0.2.1`, `192.0.2.1:4711`, `[2001:db8::1]`, `[2001:db8::1]:4711`, `2001:db8::1`), else undefined. */
function addressOfHop(hop: string | undefined): string | undefined {
  if (hop === undefined) return undefined;
  let h = hop.trim();
  if (h.startsWith('[')) {
    const end = h.indexOf(']');
    if (end < 0 || !/^(?::\d{1,5})?$/.test(h.slice(end + 1))) return undefined;
    h = h.slice(1, end);
    return isIP(h) === 6 ? plainAddress(h) : undefined;
  }
  // IPv4 with a port: exactly one colon.
  const colon = h.indexOf(':');
  if (colon > 0 && colon === h.lastIndexOf(':') && /^\d{1,5}$/.test(h.slice(colon + 1))) h = h.slice(0, colon);
  return isIP(h) ? plainAddress(h) : undefined;
}

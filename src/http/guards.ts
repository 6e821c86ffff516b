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
    // /health reveals nothing (`{"status":"ok"}`), and probes (kubelet, load balancers) send the pod's
    // address or whatever they were configured with as Host: it is served whatever the Host.
    if ((req.method === 'GET' || req.method === 'HEAD') && req.url?.split('?')[0] === '/health') return true;
    const forwarded = viaTrustedProxy ? header(req, 'x-forwarded-host')?.split(',')[0]?.trim() : undefined;
    const host = forwarded || req.headers.host;
    if (host === undefined || host === '') return true;
    if (this.declared.has(hostnameOfHost(host))) return true;
    // A wildcard bind refuses an undeclared Host only on a connection accepted over loopback.
    if (this.wildcard) return !isLoopbackHost(req.socket.localAddress ?? '');
    return false;
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

  /** Whether the connection comes from a listed proxy. */
  viaTrustedProxy(req: IncomingMessage): boolean {
    return this.list !== undefined && this.listed(plainAddress(req.socket.remoteAddress ?? ''));
  }

  of(req: IncomingMessage): string {
    const peer = plainAddress(req.socket.remoteAddress ?? 'unknown');
    if (!this.headerName || !this.listed(peer)) return peer;
    const raw = req.headers[this.headerName];
    const value = Array.isArray(raw) ? raw.join(',') : raw;
    if (!value) return peer;
    const hops = value.split(',').map((x) => x.trim()).filter((x) => x !== '');
    if (this.headerName === 'x-forwarded-for') {
      // The rightmost entry not itself a listed proxy.
      for (let i = hops.length - 1; i >= 0; i--) if (!this.listed(hops[i])) return hops[i];
      return hops[0] ?? peer;
    }
    return hops[0] ?? peer;
  }
}

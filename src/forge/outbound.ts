// Outbound destination checks (SPEC "Outbound connections"). Tier A (cloud metadata) is refused on
// every connection; tier B (loopback, private, CGNAT, link-local, unspecified) is refused for an
// instance the caller named and for a redirect hop that left the instance host, unless the operator
// opted out or the configured instance itself resolves to a private address.
import { BlockList, isIP, type LookupFunction as NetLookupFunction } from 'node:net';
import { lookup as dnsLookup } from 'node:dns';
import { REFUSED_DESTINATION_CODE } from './errors.js';

export type Resolver = (hostname: string) => Promise<Array<{ address: string; family: 4 | 6 }>>;

// Each with its family written out: asking isIP of an IPv6 text at load compiles Node's IPv6 pattern,
// tens of milliseconds on every start's path to its first reads (issue #31).
const TIER_A_ADDRESSES: ReadonlyArray<readonly [string, 'ipv4' | 'ipv6']> = [
  ['169.254.169.254', 'ipv4'], ['169.254.170.2', 'ipv4'], ['fd00:ec2::254', 'ipv6'], ['100.100.100.200', 'ipv4'],
];

const tierA = new BlockList();
for (const [address, family] of TIER_A_ADDRESSES) tierA.addAddress(address, family);

/** Tier B ranges as [network, prefix, family]. */
const TIER_B_RANGES: ReadonlyArray<readonly [string, number, 'ipv4' | 'ipv6']> = [
  ['127.0.0.0', 8, 'ipv4'], // loopback
  ['10.0.0.0', 8, 'ipv4'], // RFC 1918
  ['172.16.0.0', 12, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'], // CGNAT
  ['169.254.0.0', 16, 'ipv4'], // link-local
  ['0.0.0.0', 8, 'ipv4'], // unspecified / "this network"
  ['::1', 128, 'ipv6'], // loopback
  ['::', 128, 'ipv6'], // unspecified
  ['fc00::', 7, 'ipv6'], // unique-local
  ['fe80::', 10, 'ipv6'], // link-local
];
const tierB = new BlockList();
for (const [net, prefix, family] of TIER_B_RANGES) tierB.addSubnet(net, prefix, family);

export interface NormalizedIp {
  ip: string;
  family: 'ipv4' | 'ipv6';
}

/** Strips URL brackets and zone ids, maps IPv4-mapped IPv6 to IPv4. Null when not an IP literal. */
export function normalizeIp(raw: string): NormalizedIp | null {
  let s = raw.trim();
  if (s.startsWith('[') && s.endsWith(']')) s = s.slice(1, -1);
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  const fam = isIP(s);
  if (fam === 4) return { ip: s, family: 'ipv4' };
  if (fam !== 6) return null;
  const lower = s.toLowerCase();
  const dotted = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower) ?? /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted && isIP(dotted[1]) === 4) return { ip: dotted[1], family: 'ipv4' };
  const hex = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const hi = parseInt(hex[1], 16);
    const lo = parseInt(hex[2], 16);
    return { ip: `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`, family: 'ipv4' };
  }
  return { ip: lower, family: 'ipv6' };
}

export function isTierA(address: string): boolean {
  const n = normalizeIp(address);
  return !!n && tierA.check(n.ip, n.family);
}

export function isTierB(address: string): boolean {
  const n = normalizeIp(address);
  return !!n && tierB.check(n.ip, n.family);
}

export type Verdict = { refused: false } | { refused: true; tier: 'A' | 'B'; reason: string };

/** A URL's verdict, with the address it spells; null when its host is a name (judged at lookup). */
type UrlVerdict = Readonly<Verdict & { address?: string }> | null;

const ALLOWED: Verdict = { refused: false };

/** Judges one address; tier B only when `applyTierB`. A non-IP string is never refused here. */
export function judgeAddress(address: string, applyTierB: boolean): Verdict {
  if (isTierA(address)) return { refused: true, tier: 'A', reason: 'cloud metadata address' };
  if (applyTierB && isTierB(address)) return { refused: true, tier: 'B', reason: 'private, loopback or link-local address' };
  return ALLOWED;
}

export interface OutboundPolicyOptions {
  /** Hostname of the configured instance (lowercase, no brackets). */
  instanceHost: string;
  /** The operator configured this instance: never tier-B-checked. */
  operatorNamed: boolean;
  /** --allow-private-instances: tier B off. */
  allowPrivate: boolean;
}

interface RefusedLookupError extends Error {
  code: string;
  address: string;
  hostname: string;
}

function refusedError(hostname: string, address: string, reason: string): RefusedLookupError {
  const err = new Error(`outbound check refused ${address} (${reason})`) as RefusedLookupError;
  err.code = REFUSED_DESTINATION_CODE;
  err.address = address;
  err.hostname = hostname;
  return err;
}

function bareHostname(hostname: string): string {
  const h = hostname.toLowerCase();
  return h.startsWith('[') && h.endsWith(']') ? h.slice(1, -1) : h;
}

export type LookupFunction = NetLookupFunction;

export const defaultResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => {
      if (err) reject(err);
      else resolve(addresses.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 })));
    });
  });

export class OutboundPolicy {
  readonly instanceHost: string;
  readonly operatorNamed: boolean;
  readonly allowPrivate: boolean;
  /** The configured instance resolves to a private address: redirects to private addresses are allowed. */
  instancePrivate: boolean;
  private instanceVerdict: UrlVerdict | undefined;

  constructor(opts: OutboundPolicyOptions) {
    this.instanceHost = bareHostname(opts.instanceHost);
    this.operatorNamed = opts.operatorNamed;
    this.allowPrivate = opts.allowPrivate;
    const literal = normalizeIp(this.instanceHost);
    this.instancePrivate = !!literal && isTierB(literal.ip) && (this.operatorNamed || this.allowPrivate);
  }

  /** Whether tier B applies to a connection to this hostname. */
  tierBApplies(hostname: string): boolean {
    if (this.allowPrivate) return false;
    if (bareHostname(hostname) === this.instanceHost) return !this.operatorNamed;
    // A redirect hop that left the instance host.
    return !this.instancePrivate;
  }

  /** Judges one resolved (or literal) address of a hostname. */
  judge(hostname: string, address: string): Verdict {
    const verdict = judgeAddress(address, this.tierBApplies(hostname));
    if (!verdict.refused && bareHostname(hostname) === this.instanceHost && isTierB(address)) this.instancePrivate = true;
    return verdict;
  }

  /** Before dispatch: a URL that spells an IP address never reaches a lookup hook. */
  judgeUrl(url: URL): UrlVerdict {
    // Every request asks about the instance host, and its verdict never changes (tier B for it hangs on fixed options).
    const instance = bareHostname(url.hostname) === this.instanceHost;
    if (instance && this.instanceVerdict !== undefined) return this.instanceVerdict;
    const n = normalizeIp(url.hostname);
    const verdict = n ? { ...this.judge(url.hostname, n.ip), address: n.ip } : null;
    if (instance) this.instanceVerdict = verdict;
    return verdict;
  }

  /**
   * A `lookup` for net/tls.connect: resolves, then checks once per resolved address. Refused
   * addresses are dropped; when none is left the connection fails with code EFORGEREFUSED.
   * `tierAOnly` is used for the connection to an outbound proxy.
   */
  lookupHook(resolver: Resolver, tierAOnly = false): LookupFunction {
    return (hostname, options, callback) => {
      const opts: { family?: unknown; all?: boolean } = typeof options === 'number' ? { family: options } : (options ?? {});
      const wantFamily = opts.family === 4 || opts.family === 'IPv4' ? 4 : opts.family === 6 || opts.family === 'IPv6' ? 6 : 0;
      resolver(hostname).then(
        (resolved) => {
          const candidates = wantFamily ? resolved.filter((a) => a.family === wantFamily) : resolved;
          const allowed: Array<{ address: string; family: number }> = [];
          let firstRefusal: { address: string; reason: string } | undefined;
          for (const a of candidates) {
            const verdict = tierAOnly ? judgeAddress(a.address, false) : this.judge(hostname, a.address);
            if (verdict.refused) firstRefusal ??= { address: a.address, reason: verdict.reason };
            else allowed.push({ address: a.address, family: a.family });
          }
          if (allowed.length === 0) {
            if (firstRefusal) return callback(refusedError(hostname, firstRefusal.address, firstRefusal.reason), '');
            const err = new Error(`getaddrinfo ENOTFOUND ${hostname}`) as NodeJS.ErrnoException;
            err.code = 'ENOTFOUND';
            return callback(err, '');
          }
          if (opts.all) callback(null, allowed);
          else callback(null, allowed[0].address, allowed[0].family);
        },
        (err: NodeJS.ErrnoException) => callback(err, ''),
      );
    };
  }
}

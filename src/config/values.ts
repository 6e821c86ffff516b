// Parsers for configuration values. Each returns the value, or a string saying what is wrong.
import { isIP } from 'node:net';

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };
const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const bad = <T>(error: string): Parsed<T> => ({ ok: false, error });

export const MINUTE = 60_000;
const KIB = 1024;
export const MIB = 1024 * 1024;

// ---------------------------------------------------------------------------------------------
// Booleans

const TRUTHY = new Set(['1', 'true', 'yes', 'on']);
const FALSY = new Set(['0', 'false', 'no', 'off', '']);

/** true/false/1/0/yes/no/on/off (any case); empty reads as false. */
export function parseBool(raw: string): Parsed<boolean> {
  const v = raw.trim().toLowerCase();
  if (TRUTHY.has(v)) return ok(true);
  if (FALSY.has(v)) return ok(false);
  return bad('expected true or false (also 1/0, yes/no, on/off)');
}

/** The YOLO switches are truthy only for 1, true or yes; anything else keeps confirmations on. */
export function isYoloTruthy(raw: string | undefined): boolean {
  return raw !== undefined && ['1', 'true', 'yes'].includes(raw.trim().toLowerCase());
}

// ---------------------------------------------------------------------------------------------
// Durations and sizes

const DURATION_UNITS: Record<string, number> = { ns: 1e-6, us: 1e-3, 'µs': 1e-3, 'μs': 1e-3, ms: 1, s: 1000, m: MINUTE, h: 60 * MINUTE };

/** Go-style durations (`65m`, `30s`, `1h30m`, `1.5h`, `250ms`) or a plain number of seconds. Returns milliseconds. */
export function parseDuration(raw: string): Parsed<number> {
  const s = raw.trim();
  if (s === '') return bad('empty duration');
  if (/^\d+(\.\d+)?$/.test(s)) return ok(Math.round(Number(s) * 1000));
  const re = /(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h)/gy;
  let total = 0;
  let pos = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(s)) !== null) {
    total += Number(m[1]) * DURATION_UNITS[m[2]];
    pos = re.lastIndex;
  }
  if (pos !== s.length || pos === 0) return bad('expected a duration such as 30s, 65m or 1h30m (or a number of seconds)');
  return ok(Math.round(total));
}

const SIZE_UNITS: Record<string, number> = {
  '': 1, b: 1,
  kb: 1000, mb: 1000 ** 2, gb: 1000 ** 3, tb: 1000 ** 4,
  k: KIB, m: MIB, g: KIB ** 3, t: KIB ** 4,
  kib: KIB, mib: MIB, gib: KIB ** 3, tib: KIB ** 4,
};

/** A byte count: `1048576`, `10MB` (10^7), `5MiB` (5×2^20), `512k` (binary). */
export function parseSize(raw: string): Parsed<number> {
  const m = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(raw.trim());
  if (!m || !(m[2].toLowerCase() in SIZE_UNITS)) return bad('expected a size in bytes, or with a unit such as 10MB or 5MiB');
  return ok(Math.floor(Number(m[1]) * SIZE_UNITS[m[2].toLowerCase()]));
}

export function parseNonNegativeInt(raw: string): Parsed<number> {
  const s = raw.trim();
  if (!/^\d+$/.test(s)) return bad('expected a whole number');
  const n = Number(s);
  return Number.isSafeInteger(n) ? ok(n) : bad('number too large');
}

export function parseNonNegativeNumber(raw: string): Parsed<number> {
  const s = raw.trim();
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(s)) return bad('expected a number of zero or more');
  return ok(Number(s));
}

/** A unix permission mode written in octal: 0660, 660, 0o660. */
export function parseFileMode(raw: string): Parsed<number> {
  const s = raw.trim().replace(/^0o/i, '');
  if (!/^[0-7]{1,4}$/.test(s)) return bad('expected an octal file mode such as 0660');
  const n = parseInt(s, 8);
  return n <= 0o777 ? ok(n) : bad('expected an octal file mode no higher than 0777');
}

/** Split on commas and trim; empty items are dropped. */
export function splitList(raw: string): string[] {
  return raw.split(',').map((x) => x.trim()).filter((x) => x !== '');
}

// ---------------------------------------------------------------------------------------------
// Addresses

export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  if (h === 'localhost') return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  if (isIP(h) === 6) return h === '::1' || h === '0:0:0:0:0:0:0:1' || /^::ffff:127\./.test(h);
  return false;
}

/**
 * The canonical form of an instance address: http or https, lowercase host, no default port, no
 * trailing slash, no credentials, query or fragment. A trailing `/api/v4` is dropped.
 */
export function canonicalForgeUrl(raw: string): Parsed<string> {
  const s = raw.trim();
  if (!/^https?:\/\//i.test(s)) return bad('expected an http:// or https:// address');
  let u: URL;
  try { u = new URL(s); } catch { return bad('not a valid URL'); }
  if (!u.hostname) return bad('the address names no host');
  if (u.username || u.password) return bad('the address must not carry credentials');
  if (s.includes('?')) return bad('the address must not carry a query');
  if (s.includes('#')) return bad('the address must not carry a fragment');
  let path = u.pathname.replace(/\/+$/, '');
  path = path.replace(/\/api\/v4$/i, '');
  return ok(`${u.protocol}//${u.host}${path}`);
}

/** A service address (`--public-url`, `--resource-documentation`): http(s), no credentials, query or fragment; no trailing slash. */
export function parseServiceUrl(raw: string): Parsed<string> {
  const s = raw.trim();
  if (!/^https?:\/\//i.test(s)) return bad('expected an http:// or https:// address');
  let u: URL;
  try { u = new URL(s); } catch { return bad('not a valid URL'); }
  if (!u.hostname) return bad('the address names no host');
  if (u.username || u.password) return bad('the address must not carry credentials');
  if (s.includes('?') || s.includes('#')) return bad('the address must not carry a query or fragment');
  return ok(`${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, '')}`);
}

export function originOf(url: string): string {
  return new URL(url).origin;
}

/** An address or CIDR range for `--trusted-proxies`. */
export function parseAddressOrCidr(raw: string): Parsed<string> {
  const s = raw.trim();
  const slash = s.indexOf('/');
  const addr = slash >= 0 ? s.slice(0, slash) : s;
  const family = isIP(addr);
  if (family === 0) return bad('not an IP address or CIDR range');
  if (slash >= 0) {
    const prefix = s.slice(slash + 1);
    if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > (family === 4 ? 32 : 128)) return bad('CIDR prefix length out of range');
  }
  return ok(s.toLowerCase());
}

/**
 * A `--trusted-origins` entry: `*`, an origin `scheme://host[:port]` (returned in its serialized form),
 * or a bare IP address with an optional port (returned as given, lowercased).
 */
export function parseTrustedOrigin(raw: string): Parsed<string> {
  const s = raw.trim();
  if (s === '*') return ok('*');
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(s)) {
    let u: URL;
    try { u = new URL(s); } catch { return bad('not a valid origin'); }
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return bad('an origin is http:// or https://');
    if (!u.hostname || u.username || u.password) return bad('an origin is scheme://host[:port]');
    if (s.includes('?') || s.includes('#') || (u.pathname !== '/' && u.pathname !== '')) return bad('an origin carries no path, query or fragment');
    return ok(u.origin);
  }
  const v6 = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(s);
  if (v6) {
    if (isIP(v6[1]) !== 6 || (v6[2] !== undefined && Number(v6[2]) > 65535)) return bad('not a valid IPv6 address with port');
    return ok(s.toLowerCase());
  }
  const v4 = /^([0-9.]+)(?::(\d{1,5}))?$/.exec(s);
  if (v4 && isIP(v4[1]) === 4 && (v4[2] === undefined || Number(v4[2]) <= 65535)) return ok(s);
  return bad('expected scheme://host[:port], or a bare IP address with port');
}

/** `--http-addr`: `host:port`, `:port`, `[v6]:port`, or a filesystem path (contains '/') for a unix socket. */
export function parseHttpAddr(raw: string): Parsed<{ kind: 'tcp'; host: string; port: number; loopback: boolean } | { kind: 'unix'; path: string }> {
  const s = raw.trim();
  if (s.includes('/')) return ok({ kind: 'unix', path: s });
  const m = /^(?:\[([^\]]+)\]|([^:[\]]*)):(\d{1,5})$/.exec(s);
  if (!m) return bad('expected host:port, :port, [IPv6]:port, or a unix socket path');
  const port = Number(m[3]);
  if (port > 65535) return bad('port out of range');
  const host = m[1] ?? m[2];
  if (m[1] !== undefined && isIP(m[1]) !== 6) return bad('not a valid IPv6 address');
  if (m[2] !== undefined && m[2] !== '' && isIP(m[2]) === 0 && !/^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$/.test(m[2])) return bad('not a valid host name');
  return ok({ kind: 'tcp', host, port, loopback: host !== '' && isLoopbackHost(host) });
}

/** An HTTP header name (RFC 9110 token). */
export function isHeaderName(s: string): boolean {
  return /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(s);
}

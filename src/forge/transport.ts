// How one request travels to the platform, under the client's redirects, re-sends and error
// classification (src/forge/client.ts): straight through Node's own http/https (src/forge/direct.ts,
// the usual case), or through an outbound proxy named by HTTP(S)_PROXY (src/forge/proxy.ts, undici,
// loaded only then). One interface, so the client has one code path for both.
import type { LookupFunction } from './outbound.js';

export interface WireRequest {
  url: URL;
  method: string;
  /** Lowercase names; the credential header among them until a redirect hop drops it. */
  headers: Record<string, string>;
  body: string | Buffer | undefined;
  signal?: AbortSignal;
}

/** The platform's answer, read whole. */
export interface WireAnswer {
  status: number;
  /** Lowercase names; a repeated header joined with ", ". */
  headers: Record<string, string>;
  body: Buffer;
}

export interface Transport {
  /** One request, no redirects followed. Rejects when no answer came (the error carries its code). */
  send(req: WireRequest): Promise<WireAnswer>;
  /** Closes the connections once the requests in flight are done. */
  close(): Promise<void>;
}

export interface TransportOptions {
  /** Connections to the platform (and redirect hops): the outbound policy's full check. */
  lookup: LookupFunction;
  /** The connection to an outbound proxy: tier A only. */
  proxyLookup: LookupFunction;
  /** caPem: the SSL_CERT_FILE bundle, added to the default roots. */
  tls: { rejectUnauthorized: boolean; caPem?: string };
  /** Connections per destination (host and port), shared by every credential. */
  maxConnections: number;
  /** Idle connections are kept this long for the next request. */
  keepAliveMs: number;
  /** Test hooks: the wait for an answer's headers; on the direct transport also for a connection, and between body chunks. */
  headersTimeoutMs?: number;
  connectTimeoutMs?: number;
  bodyTimeoutMs?: number;
}

/** HTTP_PROXY and HTTPS_PROXY as read when the transport opened ('' when unset); NO_PROXY is read per request. */
export interface ProxyUrls { httpProxy: string; httpsProxy: string }

/** Response headers as one string each: a repeated header joined with ", ". */
export function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    if (v === undefined) continue;
    out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

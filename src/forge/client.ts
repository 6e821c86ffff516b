// The platform client: REST (/api/v4) and GraphQL (/api/graphql) over one transport per platform
// instance, shared by every credential (the credential is a per-request header; at most
// --max-platform-connections sockets per destination, kept alive), with the re-send policy of SPEC
// "Retries", manual redirects that drop credentials once a hop leaves the instance, and the outbound
// destination checks of SPEC "Outbound connections". Direct requests go through Node's own http/https
// (src/forge/direct.ts); with a proxy variable set, through undici's proxy agent (src/forge/proxy.ts).
import { readFileSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import type { ForgeClient, ForgeRequest, ForgeResponse } from './types.js';
import {
  DeadlineError,
  ForgeNetworkError,
  REFUSED_DESTINATION_CODE,
  errorCode,
  failedBeforeSend,
  isDeadlineReason,
  networkKindOf,
  proxyRefusal,
} from './errors.js';
import { OutboundPolicy, defaultResolver, isTierA, normalizeIp, type Resolver } from './outbound.js';
import { redactSecrets } from './redact.js';
import { openDirectTransport } from './direct.js';
import type { ProxyUrls, Transport, TransportOptions } from './transport.js';
import { observeRequest } from '../observe/telemetry.js';

export { DeadlineError, ForgeNetworkError,  } from './errors.js';

export interface ForgeClientOptions {
  /** Instance address, e.g. https://gitlab.example.com (no /api/v4). */
  baseUrl: string;
  /** Sent as PRIVATE-TOKEN, or as Authorization: Bearer when tokenHeader is 'bearer'. */
  token: string;
  tokenHeader?: 'private-token' | 'bearer';
  /** Default true: the operator configured this instance (FORGE_URL/--forge-url); never tier-B-checked. */
  operatorNamed?: boolean;
  /** --allow-private-instances. */
  allowPrivate?: boolean;
  skipTlsVerify?: boolean;
  /** SSL_CERT_FILE: a CA bundle added to the default roots. */
  caFile?: string;
  /** Test hook: a programmable resolver. Default: dns.lookup with all addresses. */
  lookup?: Resolver;
  /** Test hook: how long to wait for an answer's headers (300 s otherwise). */
  headersTimeoutMs?: number;
  userAgent?: string;
  /** Default [700, 1400]; up to 300 ms jitter is added; never more than 5000 ms per wait. */
  retryDelaysMs?: [number, number];
  /** Connections held to the instance, shared by every client with the same connection settings. */
  maxConnections?: number;
}

const DEFAULT_MAX_CONNECTIONS = 64;
/** Idle sockets are kept this long for the next request (the platform's own keep-alive may be shorter). */
const KEEP_ALIVE_MS = 30_000;

/** One instance's connections and the outbound policy they were opened under. */
interface Shared {
  readonly transport: Transport;
  readonly policy: OutboundPolicy;
  readonly refusedProxy: string | undefined;
  users: number;
}

/** Transports by instance and connection settings: one per instance, whatever the number of credentials. */
const sharedTransports = new Map<string, Shared>();

const PROXY_VARIABLES = [['http_proxy', 'HTTP_PROXY'], ['https_proxy', 'HTTPS_PROXY']] as const;

/** The transport through an outbound proxy: undici (~50 ms to load, and it compiles WebAssembly), loaded on the first request. */
function proxyTransport(opts: TransportOptions & { proxies: ProxyUrls }): Transport {
  let loaded: Promise<Transport> | undefined;
  const open = (): Promise<Transport> => (loaded ??= import('./proxy.js').then((m) => m.openProxyTransport(opts)));
  return {
    send: async (req) => (await open()).send(req),
    close: async () => {
      if (loaded) await (await loaded).close();
    },
  };
}

function openShared(base: URL, opts: ForgeClientOptions): Shared {
  const policy = new OutboundPolicy({ instanceHost: base.hostname, operatorNamed: opts.operatorNamed ?? true, allowPrivate: !!opts.allowPrivate });
  const resolver = opts.lookup ?? defaultResolver;
  let caPem: string | undefined;
  if (opts.caFile) {
    try {
      caPem = readFileSync(opts.caFile, 'utf8');
    } catch (e) {
      throw new Error(`cannot read the CA bundle named by SSL_CERT_FILE (${opts.caFile}): ${(e as Error).message}`);
    }
  }
  let refusedProxy: string | undefined;
  const proxies = { httpProxy: '', httpsProxy: '' };
  for (const [lower, upper] of PROXY_VARIABLES) {
    const proxyUrl = process.env[lower] ?? process.env[upper];
    if (!proxyUrl) continue;
    proxies[lower === 'http_proxy' ? 'httpProxy' : 'httpsProxy'] = proxyUrl;
    let proxy: URL | undefined;
    try {
      proxy = new URL(proxyUrl);
    } catch {
      // Refused below.
    }
    // Refused here, before any request, as undici's proxy agent would (the value may carry the proxy's password: never repeated).
    if (proxy?.protocol !== 'http:' && proxy?.protocol !== 'https:') throw new Error(`${process.env[lower] ? lower : upper} is not an http:// or https:// URL`);
    // A proxy that spells a metadata address never reaches a lookup hook: refuse it here (tier A).
    const ip = normalizeIp(proxy.hostname);
    if (ip && isTierA(ip.ip)) refusedProxy = ip.ip;
  }
  const transportOptions: TransportOptions = {
    lookup: policy.lookupHook(resolver),
    proxyLookup: policy.lookupHook(resolver, true),
    tls: { rejectUnauthorized: !opts.skipTlsVerify, caPem },
    maxConnections: Math.max(1, opts.maxConnections ?? DEFAULT_MAX_CONNECTIONS),
    keepAliveMs: KEEP_ALIVE_MS,
    headersTimeoutMs: opts.headersTimeoutMs,
  };
  const proxied = proxies.httpProxy || proxies.httpsProxy;
  // The proxy agent loads on the first request: it gets the variables as they are now.
  const transport = proxied ? proxyTransport({ ...transportOptions, proxies }) : openDirectTransport(transportOptions);
  return { transport, policy, refusedProxy, users: 0 };
}

/**
 * The transport for an instance and its connection settings, shared with every client that has the
 * same ones (the outbound checks are the same for all of them). A test resolver gets its own.
 */
function acquireShared(base: URL, opts: ForgeClientOptions): { shared: Shared; release: () => Promise<void> } {
  const id = opts.lookup ? undefined : JSON.stringify([
    base.origin, opts.operatorNamed ?? true, !!opts.allowPrivate, !!opts.skipTlsVerify, opts.caFile ?? '', opts.headersTimeoutMs ?? 0, opts.maxConnections ?? 0,
  ]);
  let shared = id === undefined ? undefined : sharedTransports.get(id);
  if (!shared) {
    shared = openShared(base, opts);
    if (id !== undefined) sharedTransports.set(id, shared);
  }
  const s = shared;
  s.users++;
  let released = false;
  return {
    shared: s,
    release: async () => {
      if (released) return;
      released = true;
      if (--s.users > 0) return;
      // The last client of this instance: its sockets close once their requests are done.
      if (id !== undefined && sharedTransports.get(id) === s) sharedTransports.delete(id);
      await s.transport.close();
    },
  };
}

/** At most two re-sends. */
const MAX_SENDS = 3;
const MAX_REDIRECTS = 10;
const DEFAULT_RETRY_DELAYS_MS: readonly [number, number] = [700, 1400];
const RETRY_JITTER_MS = 300;
const MAX_RETRY_WAIT_MS = 5000;
/** Request headers that carry a credential: dropped once a redirect hop leaves the instance. */
const CREDENTIAL_HEADERS: readonly string[] = ['private-token', 'authorization', 'sudo', 'job-token'];
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Code of a redirect chain the client gave up on (too many hops, unusable Location): never re-sent. */
const REDIRECT_FAILURE_CODE = 'EFORGEREDIRECT';

/** An action's deadline: its signal, and `end` to release it once the action is done. */
export interface Deadline {
  readonly signal: AbortSignal;
  /** Clears the timer and unhooks the parent: a finished call holds nothing until its deadline would have passed. */
  end(): void;
}

const NOTHING_TO_END = (): void => undefined;

/** The longest timer Node keeps: a longer one (or NaN) fires after 1 ms. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * A signal that aborts with a DeadlineError after `ms`, or with the parent's reason when the parent
 * aborts first (a client cancel). `ms` <= 0 or non-finite means no deadline. The parent is followed by
 * a listener removed on `end` (not AbortSignal.any, whose link cannot be undone).
 */
export function deadlineSignal(ms: number, parent?: AbortSignal): Deadline {
  if (!Number.isFinite(ms) || ms <= 0) return { signal: parent ?? new AbortController().signal, end: NOTHING_TO_END };
  if (parent?.aborted) return { signal: parent, end: NOTHING_TO_END };
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(new DeadlineError(`the action deadline of ${Math.round(ms)} ms was exceeded`)), Math.min(ms, MAX_TIMER_MS));
  timer.unref?.();
  const follow = (): void => ctl.abort(parent?.reason);
  parent?.addEventListener('abort', follow, { once: true });
  // Every caller ends its deadline in a `finally`: no listener of its own to end it on abort (one fewer per call).
  const end = (): void => {
    clearTimeout(timer);
    parent?.removeEventListener('abort', follow);
  };
  return { signal: ctl.signal, end };
}

/** scheme://host/path: the only part of a URL ever repeated in an error. */
export function requestLine(url: string | URL): string {
  try {
    const u = typeof url === 'string' ? new URL(url) : url;
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return String(url).replace(/[?#].*$/s, '').replace(/\/\/[^/@]*@/, '//');
  }
}

/** The instance address without credentials, query, trailing slash or /api/v4. */
function trimBase(baseUrl: string): { url: URL; text: string } {
  const u = new URL(baseUrl);
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error(`unsupported instance URL scheme ${u.protocol}`);
  u.username = '';
  u.password = '';
  u.search = '';
  u.hash = '';
  const path = u.pathname.replace(/\/+$/, '').replace(/\/api\/v4$/, '');
  return { url: u, text: `${u.protocol}//${u.host}${path}` };
}

function encodeQuery(query: ForgeRequest['query']): string {
  if (!query) return '';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      const name = key.endsWith('[]') ? key : `${key}[]`;
      for (const v of value) parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(v))}`);
    } else {
      parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
    }
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** Appends an encoded query (`?a=1`) to a URL that may already carry one. */
function joinQuery(url: string, query: string): string {
  if (!query) return url;
  return url.includes('?') ? `${url}&${query.slice(1)}` : `${url}${query}`;
}

/** Decodes as a fetch body's text() does: a leading byte order mark dropped, malformed bytes replaced. */
const UTF8 = new TextDecoder();

function parseBody(text: string, contentType: string, asText: boolean | undefined): unknown {
  if (asText) return text;
  if (text === '') return null;
  const looksJson = /json/i.test(contentType) || (!contentType && /^\s*[[{]/.test(text));
  if (!looksJson) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Milliseconds until the platform says a rate limit resets (RateLimit-Reset epoch seconds, or Retry-After). */
export function rateLimitWaitMs(headers: Record<string, string>, now = Date.now()): number {
  let wait = 0;
  const reset = headers['ratelimit-reset'];
  if (reset && /^\d+(\.\d+)?$/.test(reset.trim())) {
    const n = Number(reset.trim());
    // An epoch timestamp (the platform's form); a small number is read as delta seconds.
    wait = Math.max(wait, n > 1_000_000_000 ? n * 1000 - now : n * 1000);
  }
  const retryAfter = headers['retry-after'];
  if (retryAfter) {
    const t = retryAfter.trim();
    if (/^\d+(\.\d+)?$/.test(t)) wait = Math.max(wait, Number(t) * 1000);
    else {
      const at = Date.parse(t);
      if (!Number.isNaN(at)) wait = Math.max(wait, at - now);
    }
  }
  return Math.max(0, wait);
}

/** Waits `ms`; an abort rejects with the signal's own reason (a deadline stays a deadline, not an AbortError). */
/** Every wait of the server: abortable, and never shorter than asked because the timer overflowed. */
export async function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  const bounded = Number.isNaN(ms) ? 0 : Math.min(Math.max(ms, 0), MAX_TIMER_MS);
  try {
    await delay(bounded, undefined, { signal });
  } catch (err) {
    throw signal?.aborted ? signal.reason : err;
  }
}

function isSubdomainOrSame(host: string, base: string): boolean {
  const h = host.toLowerCase();
  const b = base.toLowerCase();
  return h === b || h.endsWith(`.${b}`);
}

/** The port a URL connects to (explicit, or the scheme's default). */
function effectivePort(u: URL): string {
  return u.port || (u.protocol === 'https:' ? '443' : '80');
}

interface PreparedBody {
  body: string | Buffer | undefined;
  contentType: string | undefined;
}

type FormDataLike = { entries(): IterableIterator<[string, unknown]> };

function isFormData(v: unknown): v is FormDataLike {
  return typeof v === 'object' && v !== null && (v as { [Symbol.toStringTag]?: unknown })[Symbol.toStringTag] === 'FormData' && typeof (v as FormDataLike).entries === 'function';
}

/**
 * Encodes a multipart body once, into bytes that can be re-sent (retries, 307/308) unchanged. Any
 * FormData (Node's global one or undici's) is copied into undici's own class first: the two
 * undici copies do not recognise each other's instances. The whole of undici is loaded here, on the
 * first upload, not at start.
 */
async function encodeMultipart(form: FormDataLike): Promise<PreparedBody> {
  const { FormData: UndiciFormData, Response: UndiciResponse } = await import('undici');
  const copy = new UndiciFormData();
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') copy.append(name, value);
    else copy.append(name, value as Blob, (value as { name?: string }).name || undefined);
  }
  const encoded = new UndiciResponse(copy);
  return { body: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type') ?? undefined };
}

const NO_BODY: PreparedBody = Object.freeze({ body: undefined, contentType: undefined });

async function prepareBody(req: ForgeRequest): Promise<PreparedBody> {
  if (req.graphql) return { body: JSON.stringify({ query: req.graphql.query, variables: req.graphql.variables ?? {} }), contentType: 'application/json' };
  const b = req.body;
  if (b === undefined || b === null) return { body: undefined, contentType: undefined };
  if (typeof b === 'string') return { body: b, contentType: 'text/plain; charset=utf-8' };
  if (isFormData(b)) return encodeMultipart(b);
  if (Buffer.isBuffer(b)) return { body: b, contentType: 'application/octet-stream' };
  if (b instanceof Uint8Array) return { body: Buffer.from(b), contentType: 'application/octet-stream' };
  return { body: JSON.stringify(b), contentType: 'application/json' };
}

class Client implements ForgeClient {
  readonly baseUrl: string;
  private readonly base: URL;
  private readonly token: string;
  private readonly tokenHeader: 'private-token' | 'bearer';
  private readonly userAgent: string;
  private readonly delays: [number, number];
  private readonly policy: OutboundPolicy;
  private readonly transport: Transport;
  private readonly refusedProxy: string | undefined;
  private readonly release: () => Promise<void>;

  constructor(opts: ForgeClientOptions) {
    const trimmed = trimBase(opts.baseUrl);
    this.base = trimmed.url;
    this.baseUrl = trimmed.text;
    this.token = opts.token;
    this.tokenHeader = opts.tokenHeader ?? 'private-token';
    this.userAgent = opts.userAgent ?? 'forge-mcp-server';
    this.delays = opts.retryDelaysMs ?? [DEFAULT_RETRY_DELAYS_MS[0], DEFAULT_RETRY_DELAYS_MS[1]];
    const { shared, release } = acquireShared(this.base, opts);
    this.policy = shared.policy;
    this.transport = shared.transport;
    this.refusedProxy = shared.refusedProxy;
    this.release = release;
  }

  async send(req: ForgeRequest): Promise<ForgeResponse> {
    const method = (req.graphql ? 'POST' : req.method || 'GET').toUpperCase();
    const url = req.graphql
      ? new URL(`${this.baseUrl}/api/graphql`)
      : new URL(joinQuery(`${this.baseUrl}${req.root ? '' : '/api/v4'}${req.path.startsWith('/') ? req.path : `/${req.path}`}`, encodeQuery(req.query)));
    // Most requests (reads) carry no body: no promise to wait on for one.
    const prepared = !req.graphql && (req.body === undefined || req.body === null) ? NO_BODY : await prepareBody(req);
    const signal = req.signal;

    for (let attempt = 0; ; attempt++) {
      let res: ForgeResponse | undefined;
      let failure: ForgeNetworkError | undefined;
      try {
        res = await observeRequest({ method, graphql: !!req.graphql, server: this.base, attempt }, () => this.followRedirects(method, url, prepared, req.asText, req.asBytes, signal));
      } catch (err) {
        failure = this.toNetworkError(err, method, url, signal);
      }
      const canResend = attempt < MAX_SENDS - 1;
      if (res) {
        if (!canResend) return res;
        if (res.status === 429) {
          await this.wait(attempt, rateLimitWaitMs(res.headers), method, url, signal);
          continue;
        }
        if (res.status >= 500 && res.status !== 501 && IDEMPOTENT_METHODS.has(method) && !req.graphql) {
          await this.wait(attempt, 0, method, url, signal);
          continue;
        }
        return res;
      }
      const f = failure as ForgeNetworkError;
      if (canResend && this.shouldResendFailure(f, method, !!req.graphql)) {
        await this.wait(attempt, 0, method, url, signal);
        continue;
      }
      throw f;
    }
  }

  async close(): Promise<void> {
    await this.release();
  }

  private shouldResendFailure(f: ForgeNetworkError, method: string, graphql: boolean): boolean {
    if (f.kind === 'canceled' || f.kind === 'deadline' || f.kind === 'refused-destination') return false;
    // Connection failed before sending: any method.
    if (f.beforeSend) return true;
    // No status (the connection broke after sending): only idempotent methods.
    if (f.code === REDIRECT_FAILURE_CODE) return false;
    if ((f.kind === 'network' || f.kind === 'timeout') && !graphql && IDEMPOTENT_METHODS.has(method)) return true;
    return false;
  }

  private async wait(attempt: number, floorMs: number, method: string, url: URL, signal?: AbortSignal): Promise<void> {
    const base = this.delays[Math.min(attempt, this.delays.length - 1)];
    const ms = Math.min(Math.max(base, floorMs) + Math.random() * RETRY_JITTER_MS, MAX_RETRY_WAIT_MS);
    try {
      await sleep(ms, signal);
    } catch (err) {
      throw this.toNetworkError(err, method, url, signal);
    }
  }

  private refused(method: string, url: URL, address: string, reason: string): ForgeNetworkError {
    return new ForgeNetworkError({
      kind: 'refused-destination',
      method,
      url: requestLine(url),
      detail: `destination ${address} refused by the outbound check (${reason})`,
      code: REFUSED_DESTINATION_CODE,
      address,
    });
  }

  /** One send, following redirects by hand. Resolves with the final answer; rejects without one. */
  private async followRedirects(method0: string, url0: URL, prepared: PreparedBody, asText: boolean | undefined, asBytes: boolean | undefined, signal?: AbortSignal): Promise<ForgeResponse> {
    let method = method0;
    let url = url0;
    let body = prepared.body;
    const headers: Record<string, string> = {
      'user-agent': this.userAgent,
      accept: asText || asBytes ? '*/*' : 'application/json',
    };
    if (this.tokenHeader === 'bearer') headers.authorization = `Bearer ${this.token}`;
    else headers['private-token'] = this.token;
    if (prepared.contentType && body !== undefined) headers['content-type'] = prepared.contentType;
    let credentialsDropped = false;

    for (let hop = 0; ; hop++) {
      if (signal?.aborted) throw signal.reason;
      if (this.refusedProxy) throw this.refused(method, url, this.refusedProxy, 'cloud metadata address (outbound proxy)');
      const verdict = this.policy.judgeUrl(url);
      if (verdict && verdict.refused) throw this.refused(method, url, verdict.address ?? url.hostname, verdict.reason);

      const answer = await this.transport.send({ url, method, headers, body, signal });
      const resHeaders = answer.headers;
      const location = resHeaders.location;
      if (REDIRECT_STATUSES.has(answer.status) && location) {
        if (hop + 1 > MAX_REDIRECTS) {
          throw new ForgeNetworkError({ kind: 'network', method, url: requestLine(url), detail: `stopped after ${MAX_REDIRECTS} redirects`, code: REDIRECT_FAILURE_CODE });
        }
        let next: URL;
        try {
          next = new URL(location, url);
        } catch {
          throw new ForgeNetworkError({ kind: 'network', method, url: requestLine(url), detail: 'redirect to an invalid location', code: REDIRECT_FAILURE_CODE });
        }
        if (next.protocol !== 'http:' && next.protocol !== 'https:') {
          throw new ForgeNetworkError({ kind: 'network', method, url: requestLine(url), detail: `redirect to an unsupported scheme ${next.protocol}`, code: REDIRECT_FAILURE_CODE });
        }
        const status = answer.status;
        if ((status === 303 && method !== 'HEAD') || ((status === 301 || status === 302) && method === 'POST')) {
          method = 'GET';
          body = undefined;
          delete headers['content-type'];
        }
        // Another port is another service (object storage on the instance's machine): it gets no credential either.
        const leftInstance = !isSubdomainOrSame(next.hostname, this.base.hostname) || effectivePort(next) !== effectivePort(this.base);
        const downgraded = url.protocol === 'https:' && next.protocol === 'http:';
        if (!credentialsDropped && (leftInstance || downgraded)) {
          for (const h of CREDENTIAL_HEADERS) delete headers[h];
          credentialsDropped = true;
        }
        next.username = '';
        next.password = '';
        url = next;
        continue;
      }
      // asBytes/asText shape a successful answer; a refusal is always read as the platform wrote it (JSON when JSON).
      const failed = answer.status >= 400;
      if (asBytes && !failed) return { status: answer.status, headers: resHeaders, body: answer.body, url: url.href };
      const text = UTF8.decode(answer.body);
      return { status: answer.status, headers: resHeaders, body: parseBody(text, resHeaders['content-type'] ?? '', asText && !failed), url: url.href };
    }
  }

  private toNetworkError(err: unknown, method: string, url: URL, signal?: AbortSignal): ForgeNetworkError {
    if (err instanceof ForgeNetworkError) return err;
    const line = requestLine(url);
    if (signal?.aborted) {
      const deadline = isDeadlineReason(signal.reason);
      return new ForgeNetworkError({ kind: deadline ? 'deadline' : 'canceled', method, url: line, detail: deadline ? 'deadline exceeded' : 'canceled by the client' });
    }
    const code = errorCode(err);
    if (code === REFUSED_DESTINATION_CODE) {
      const e = err as { address?: string; message?: string };
      const reason = /\(([^)]*)\)\s*$/.exec(e.message ?? '')?.[1] ?? 'refused';
      return this.refused(method, url, e.address ?? url.hostname, reason);
    }
    const kind = networkKindOf(err);
    const proxied = proxyRefusal(err);
    const detail = proxied !== undefined ? `the outbound proxy refused the tunnel (${proxied})` : code ?? (kind === 'unexpected' ? 'unexpected error' : kind);
    return new ForgeNetworkError({ kind, method, url: line, detail: redactSecrets(detail, [this.token]), code, beforeSend: failedBeforeSend(err) });
  }
}

export function createForgeClient(opts: ForgeClientOptions): ForgeClient {
  return new Client(opts);
}

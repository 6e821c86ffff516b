// The transport straight to the platform, through Node's own http/https: a keep-alive agent per
// scheme for each shared instance, the outbound policy's lookup on every new connection (redirect hops
// included). No proxy variable set is the usual case; undici would cost ~50 ms to load and compile
// WebAssembly on its first request, in every process, for the same per-request latency.
// undici's time limits are kept, and a failure undici named by its own code keeps that code: the
// error texts (src/forge/classify.ts) and the re-send rules (src/forge/errors.ts) read it.
import type { ClientRequest, IncomingMessage, RequestOptions } from 'node:http';
import type * as Https from 'node:https';
import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import type * as Tls from 'node:tls';
import type { Transport, TransportOptions, WireAnswer, WireRequest } from './transport.js';
import { nodeHttp } from './node-http.js';

/** A connection (DNS, TCP and TLS handshake) gets 10 s: undici's connect timeout. */
const CONNECT_TIMEOUT_MS = 10_000;
/** undici's defaults: 300 s for an answer's headers, 300 s between two chunks of its body. */
const HEADERS_TIMEOUT_MS = 300_000;
const BODY_TIMEOUT_MS = 300_000;

type Request = (options: RequestOptions, callback?: (res: IncomingMessage) => void) => ClientRequest;

/** node:https and node:tls load with the first https connection: an http instance never needs them. */
const builtin = createRequire(import.meta.url);

function wireError(code: string, message: string): NodeJS.ErrnoException {
  const err = new Error(message) as NodeJS.ErrnoException;
  err.code = code;
  return err;
}

/** As Node names a request its signal ended: the client reads the signal itself (a cancel, or the deadline). */
function aborted(signal: AbortSignal): Error {
  return Object.assign(new Error('The operation was aborted', { cause: signal.reason }), { name: 'AbortError', code: 'ABORT_ERR' });
}

/** The connection closed before the whole answer came: Node says "socket hang up" or "aborted", undici UND_ERR_SOCKET. */
const closedEarly = (): NodeJS.ErrnoException => wireError('UND_ERR_SOCKET', 'other side closed');

function fromNode(err: unknown): unknown {
  const e = err as NodeJS.ErrnoException;
  if (e?.code === 'ECONNRESET' && (e.message === 'socket hang up' || e.message === 'aborted')) return closedEarly();
  return err;
}

export function openDirectTransport(o: TransportOptions): Transport {
  const common = { keepAlive: true, maxSockets: o.maxConnections, timeout: o.keepAliveMs, scheduling: 'lifo' as const, lookup: o.lookup };
  const http = { agent: new nodeHttp.Agent(common), request: nodeHttp.request as Request };
  let https: typeof http | undefined;
  const secure = (): typeof http => {
    if (https) return https;
    const { Agent, request } = builtin('node:https') as typeof Https;
    const ca = o.tls.caPem ? [...(builtin('node:tls') as typeof Tls).rootCertificates, o.tls.caPem] : undefined;
    return (https = { agent: new Agent({ ...common, rejectUnauthorized: o.tls.rejectUnauthorized, ...(ca ? { ca } : {}) }), request });
  };
  const headersTimeoutMs = o.headersTimeoutMs ?? HEADERS_TIMEOUT_MS;
  const connectTimeoutMs = o.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
  const bodyTimeoutMs = o.bodyTimeoutMs ?? BODY_TIMEOUT_MS;
  let inFlight = 0;
  let closing: (() => void) | undefined;
  let closed: Promise<void> | undefined;
  const destroyWhenIdle = (): void => {
    if (!closing || inFlight > 0) return;
    http.agent.destroy();
    https?.agent.destroy();
    closing();
  };

  const send = (r: WireRequest): Promise<WireAnswer> =>
    new Promise((resolve, reject) => {
      const url = r.url;
      const tls = url.protocol === 'https:';
      // Node reads the headers without changing them: a request without a body sends the caller's own.
      const headers = r.body === undefined ? r.headers : { ...r.headers, 'content-length': String(Buffer.byteLength(r.body)) };
      const { agent, request } = tls ? secure() : http;
      const signal = r.signal;
      if (signal?.aborted) return reject(aborted(signal));
      // The options Node would make of the URL (urlToHttpOptions), made here: no second object merged per request.
      const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
      const req = request({ protocol: url.protocol, hostname, port: url.port === '' ? undefined : Number(url.port), path: url.pathname + url.search, method: r.method, headers, agent });
      inFlight++;
      // A cancel or the deadline ends the request on the wire. One listener, removed when the request settles:
      // Node's own `signal` option also follows the request's end with several listeners per request.
      const abort = (): void => {
        req.destroy(aborted(signal!));
      };
      signal?.addEventListener('abort', abort, { once: true });
      let timer: NodeJS.Timeout | undefined;
      let settled = false;
      const settle = (): boolean => {
        if (settled) return false;
        settled = true;
        signal?.removeEventListener('abort', abort);
        clearTimeout(timer);
        inFlight--;
        destroyWhenIdle();
        return true;
      };
      const fail = (err: unknown): void => {
        if (settle()) reject(fromNode(err));
      };
      /** One limit at a time: connecting, then waiting for headers, then between body chunks. */
      const limit = (ms: number, code: string, message: string): void => {
        clearTimeout(timer);
        timer = setTimeout(() => req.destroy(wireError(code, message)), ms);
        timer.unref();
      };
      req.on('error', fail);
      req.on('socket', (socket: Socket) => {
        const waitHeaders = () => limit(headersTimeoutMs, 'UND_ERR_HEADERS_TIMEOUT', 'Headers Timeout Error');
        // A kept-alive socket is connected already; a new one is timed until its TLS handshake is done.
        if (!socket.connecting) return waitHeaders();
        limit(connectTimeoutMs, 'UND_ERR_CONNECT_TIMEOUT', 'Connect Timeout Error');
        socket.once(tls ? 'secureConnect' : 'connect', waitHeaders);
      });
      req.on('response', (res: IncomingMessage) => {
        limit(bodyTimeoutMs, 'UND_ERR_BODY_TIMEOUT', 'Body Timeout Error');
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          timer?.refresh();
        });
        res.on('end', () => {
          // An answer read in one chunk (most are) is not copied again.
          if (settle()) resolve({ status: res.statusCode ?? 0, headers: headerRecord(res.rawHeaders), body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks) });
        });
        res.on('error', fail);
        // 'close' follows every 'end': an Error (its stack captured) is built only when the answer was cut short.
        res.on('close', () => {
          if (!settled) fail(closedEarly());
        });
      });
      req.end(r.body);
    });

  return {
    send,
    close: () =>
      (closed ??= new Promise<void>((resolve) => {
        closing = resolve;
        destroyWhenIdle();
      })),
  };
}

/**
 * An answer's headers from Node's raw list: names lowercased, a repeated one joined with ", " (as
 * flattenHeaders), without the array per header that `headersDistinct` builds first.
 */
function headerRecord(raw: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    // Own keys only: a header named like an Object property (`constructor`) starts its own entry.
    out[name] = Object.hasOwn(out, name) ? `${out[name]}, ${raw[i + 1]!}` : raw[i + 1]!;
  }
  return out;
}

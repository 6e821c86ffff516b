// The listening socket of HTTP mode: HTTP or HTTPS, its deadlines and idle timeouts, Node's
// clientError answered through the chain's raw refusal, `Expect` answered by the chain rather than by
// Node, a TCP address or a Unix socket (SPEC "Service endpoints (HTTP mode)").
import { chmodSync, existsSync, readFileSync, statSync, unlinkSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Config } from '../config/index.js';
import type { Logger } from '../observe/log.js';
import { answerUnparsed } from './chain.js';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** How often Node checks the deadlines of requests in progress: a deadline is kept to about this much. */
const DEADLINE_CHECK_MS = 1_000;

export interface ListenParts {
  /** The request listener: every request Node parses. */
  readonly chain: Listener;
  /** A request whose `Expect` is not `100-continue`: answered 417 by the chain. */
  readonly expectationFailed: Listener;
  /** Called before the server listens (connection ceilings). */
  prepare(server: Server): void;
}

/** Opens the server with the chain as its only request listener; resolves once it listens. */
export async function listen(config: Config, log: Logger, parts: ListenParts): Promise<{ server: Server; address: string }> {
  // Absolute deadlines from a request's first byte (llhttp records when a message starts): a client
  // dripping one byte at a time cannot extend them, as it extends an idle timeout.
  const requestTimeout = config.httpRequestTimeoutMs;
  const headersTimeout = Math.min(config.httpHeadersTimeoutMs, requestTimeout, config.httpIdleTimeoutMs > 0 ? config.httpIdleTimeoutMs + 1_000 : Infinity);
  const deadlines = { requestTimeout, headersTimeout, connectionsCheckingInterval: DEADLINE_CHECK_MS };
  const server: Server = config.tlsCert && config.tlsKey
    ? createHttpsServer({ ...deadlines, cert: readFileSync(config.tlsCert), key: readFileSync(config.tlsKey), minVersion: 'TLSv1.2' }, parts.chain)
    : createHttpServer(deadlines, parts.chain);
  // A connection silent this long is closed: between requests, and a slow client mid-request
  // (an event stream stays alive through its 25-second keep-alive frames when the timeout is longer).
  // At 0 it is off, Node's own 5-second keep-alive timeout included: that one closed connections a
  // client was about to reuse ("other side closed" on a loaded machine). Idle connections stay
  // bounded by the connection ceilings (connections.ts).
  server.keepAliveTimeout = config.httpIdleTimeoutMs;
  server.timeout = config.httpIdleTimeoutMs;
  server.on('clientError', answerUnparsed);
  // `Expect: 100-continue` goes through the chain too: the 100 is sent when the body is read
  // (readBody), so a refusal before it (Host, a declared size over the limit) comes before the client sends its body.
  server.on('checkContinue', parts.chain);
  server.on('checkExpectation', parts.expectationFailed);
  parts.prepare(server);

  const l = config.httpListen;
  if (l.kind === 'unix' && existsSync(l.path)) {
    // A stale socket from an earlier run; anything else at that path is left alone (listen fails).
    try { if (statSync(l.path).isSocket()) unlinkSync(l.path); } catch { /* listen reports it */ }
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    if (l.kind === 'unix') server.listen(l.path, () => resolve());
    else server.listen(l.port, l.host === '' ? undefined : l.host.replace(/^\[|\]$/g, ''), () => resolve());
  });
  if (l.kind === 'unix') {
    chmodSync(l.path, config.httpSocketMode);
    log.info({ address: l.path, socket: l.path }, 'listening');
    return { server, address: l.path };
  }
  const a = server.address() as AddressInfo;
  const host = a.family === 'IPv6' || a.address.includes(':') ? `[${a.address}]` : a.address;
  const address = `${config.tlsCert ? 'https' : 'http'}://${host}:${a.port}`;
  log.info({ address, port: a.port, instances: config.forgeUrls.length ? config.forgeUrls : 'any (FORGE-URL header)' }, 'listening');
  return { server, address };
}

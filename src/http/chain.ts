// The one middleware path of HTTP mode: every request Node parses is answered by a route of the
// table (routes.ts) after the chain prepared its response (security headers, CORS for a trusted
// Origin, a Cache-Control no later writer loosens) and checked its Host; the route's own stages
// (origin, body limits, credential, busy, metering) run next, in the table's order, then its
// handler. A handler only ever sees the prepared response; a request Node cannot parse is answered
// by `answerUnparsed` with the same security headers.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from '../observe/log.js';
import type { PoolEntry } from './pool.js';
import { FORBIDDEN_CODE, INVALID_REQUEST_CODE, prepareResponse, rpcError, unparsedRequestAnswer, type PreparedResponse, type RpcId } from './replies.js';
import { routeFor, type HandlerName, type Route, type StageName } from './routes.js';

/** One request on its way through the chain; stages fill in what later stages and the handler read. */
export interface Exchange {
  readonly req: IncomingMessage;
  readonly res: PreparedResponse;
  /** Upper-case method and the path without its query string. */
  readonly method: string;
  readonly path: string;
  readonly route: Route;
  /** The request's Origin when the deployment trusts it (the CORS headers name it). */
  readonly trustedOrigin: string | undefined;
  /** The JSON-RPC id refusals carry (set by `request-body`; null before). */
  id: RpcId;
  /** The parsed JSON-RPC body (set by `request-body`). */
  body?: unknown;
  /** The admitted credential's pool entry (set by `credential`). */
  entry?: PoolEntry;
}

/** A stage answers the request itself (a refusal) and returns false, or returns true to go on. */
export type Stage = (x: Exchange) => boolean | Promise<boolean>;
export type Handler = (x: Exchange) => void | Promise<void>;

export interface ChainParts {
  readonly routes: readonly Route[];
  readonly stages: Readonly<Record<StageName, Stage>>;
  readonly handlers: Readonly<Record<HandlerName, Handler>>;
  /** The request's Origin if the deployment trusts it, else undefined. */
  trustedOrigin(req: IncomingMessage): string | undefined;
  /** Whether the request's Host may be served (SPEC "Host and origin checks"). */
  hostAllowed(req: IncomingMessage): boolean;
  readonly log: Logger;
}

const HOST_REFUSED = 'the Host header names a host this deployment does not serve';

/** The pool entry the `credential` stage admitted; a route without that stage has none. */
export function entryOf(x: Exchange): PoolEntry {
  if (!x.entry) throw new Error(`route ${x.route.name} reads a credential without the credential stage`);
  return x.entry;
}

/**
 * The request listener. It refuses at construction a table naming a stage or handler it does not
 * have, or not ending with a route for any path and method (every request must find a route).
 */
export function createChain(parts: ChainParts): (req: IncomingMessage, res: ServerResponse) => void {
  const { routes, stages, handlers, log } = parts;
  for (const r of routes) {
    if (typeof handlers[r.handler] !== 'function') throw new Error(`route ${r.name} names no handler the chain has (${r.handler})`);
    for (const s of r.stages) if (typeof stages[s] !== 'function') throw new Error(`route ${r.name} names no stage the chain has (${s})`);
    if (r.handler === 'method-not-allowed' && !r.refusal) throw new Error(`route ${r.name} answers 405 without an Allow header`);
  }
  const last = routes[routes.length - 1];
  if (last?.paths !== '*' || last.methods !== '*') throw new Error('the route table must end with a route for any path and method');

  const serve = async (req: IncomingMessage, res: PreparedResponse, trustedOrigin: string | undefined): Promise<void> => {
    const method = (req.method ?? 'GET').toUpperCase();
    const path = (req.url ?? '/').split('?')[0];
    // The table ends with a catch-all route (checked above).
    const route = routeFor(routes, method, path) as Route;
    if (!route.anyHost && !parts.hostAllowed(req)) {
      rpcError(res, 403, FORBIDDEN_CODE, HOST_REFUSED);
      return;
    }
    const x: Exchange = { req, res, method, path, route, trustedOrigin, id: null };
    for (const s of route.stages) {
      if (await stages[s](x)) continue;
      // A stage that stops the request has answered it; one that did not would leave it hanging.
      if (!res.headersSent) throw new Error(`stage ${s} of route ${route.name} stopped without answering`);
      return;
    }
    await handlers[route.handler](x);
  };

  return (req, raw) => {
    let res: PreparedResponse | undefined;
    (async () => {
      // Before anything can write: every answer, refusals included, carries the same headers.
      const trustedOrigin = parts.trustedOrigin(req);
      res = prepareResponse(raw, trustedOrigin);
      await serve(req, res, trustedOrigin);
    })().catch((err: unknown) => {
      log.error({ error: (err as Error)?.message ?? String(err) }, 'request failed');
      if (raw.headersSent) raw.end();
      else rpcError(res ?? prepareResponse(raw, undefined), 500, -32603, 'Internal error');
    });
  };
}

/**
 * A request whose `Expect` names anything but `100-continue`: Node would answer its own bare 417;
 * this one carries the security headers (and CORS for a trusted Origin) as every other answer, and
 * closes the connection (the body was never asked for).
 */
export function expectationFailed(trustedOrigin: ChainParts['trustedOrigin']): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, raw) => {
    const res = prepareResponse(raw, trustedOrigin(req));
    rpcError(res, 417, INVALID_REQUEST_CODE, 'Expectation Failed: the only expectation this server meets is Expect: 100-continue', { headers: { Connection: 'close' } });
  };
}

/** A refused connection's socket is destroyed once its answer is written, or after this long at most. */
const UNPARSED_LINGER_MS = 2_000;

/**
 * Node's `clientError`: a request it could not parse (bad request line, headers too large, too
 * slow) has no request or response object, so the refusal goes on the socket as raw bytes carrying
 * the same security headers. As Node's own handler does: no bytes on a connection whose response is
 * already under way (they would corrupt it), nor to a peer that is gone. Either way the socket is
 * destroyed, not half-closed: a client that never closes its side would hold the descriptor.
 */
export function answerUnparsed(err: Error & { code?: string; reason?: unknown }, socket: Socket): void {
  const answering = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent === true;
  if (!socket.writable || answering || err.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  socket.end(unparsedRequestAnswer(err), () => socket.destroy());
  setTimeout(() => socket.destroy(), UNPARSED_LINGER_MS).unref();
}

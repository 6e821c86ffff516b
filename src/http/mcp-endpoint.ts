// The MCP endpoint (`/mcp`) of HTTP mode: its preflight, its POST (body limits, the
// Mcp-Param-Action check, the held-call ceiling, subscriptions/listen metering, then the SDK's
// handler, per request or on a stateful session) and the GET/DELETE of stateful sessions.
// SPEC "Service endpoints (HTTP mode)", "Limits", "Stateful HTTP session".
import { toNodeHandler } from '@modelcontextprotocol/node';
import type { Config } from '../config/index.js';
import type { Logger } from '../observe/log.js';
import { meter, RATE_LIMITED_CODE } from '../pipeline/meter.js';
import { jsonDepth } from '../server/json-depth.js';
import { watchesOf } from '../server/watch.js';
import { HEADER_MISMATCH_CODE, heldCallsOf, isInitialize, listenRequest, paramActionMismatch, readBody } from './body.js';
import { entryOf, type Exchange, type Handler, type Stage } from './chain.js';
import { header } from './guards.js';
import type { PoolEntry } from './pool.js';
import {
  CORS_ALLOW_METHODS, CORS_EXPOSE_HEADERS, INVALID_REQUEST_CODE, PARSE_ERROR_CODE, SERVER_ERROR_CODE,
  corsAllowHeaders, jsonReply, requestIdOf, rpcError, type RpcId,
} from './replies.js';
import type { HandlerName, StageName } from './routes.js';
import type { RefusalNote } from './refusal-log.js';
import type { StatefulSessions } from './sessions.js';

/** Held calls at once (SPEC "Limits": 192 under a descriptor limit of 1024). */
export const MAX_HELD_CALLS = 192;
/**
 * Event streams one credential holds open at once: subscriptions/listen streams and the GET streams
 * of stateful sessions. Not held calls (SPEC "Limits"), but each holds a connection for as long as it
 * lasts; counted like held calls, refused like them (503 busy, no rate-limit token spent).
 */
export const MAX_STREAMS_PER_CREDENTIAL = 16;
const MAX_JSON_DEPTH = 100;

const MODERN_PROTOCOL = '2026-07-28';
const BUSY_MESSAGE = 'This server is busy. Retry later.';
const STREAMS_MESSAGE = `This credential already holds ${MAX_STREAMS_PER_CREDENTIAL} event streams open (subscriptions/listen, session streams); close one, or retry later.`;

/** The busy refusal: 503 with Retry-After, closing the connection on protocol 2026-07-28. No rate-limit token is spent. */
function busyReply(x: Exchange, retryAfter: string, message = BUSY_MESSAGE): void {
  const modern = header(x.req, 'mcp-protocol-version')?.trim() === MODERN_PROTOCOL;
  rpcError(x.res, 503, SERVER_ERROR_CODE, message, { id: x.id, headers: { 'Retry-After': retryAfter, ...(modern ? { Connection: 'close' } : {}) } });
}

export interface McpEndpointParts {
  readonly config: Config;
  readonly log: Logger;
  /** Stateful sessions (--stateless=false), else undefined. */
  readonly sessions: StatefulSessions | undefined;
  readonly noteRefusal: RefusalNote;
}

export function createMcpEndpoint({ config, log, sessions, noteRefusal }: McpEndpointParts): {
  stages: Pick<Record<StageName, Stage>, 'request-body' | 'param-action' | 'busy' | 'listen'>;
  handlers: Pick<Record<HandlerName, Handler>, 'mcp-preflight' | 'mcp-call' | 'mcp-session'>;
} {
  const allowHeaders = corsAllowHeaders(config.authMode !== 'oauth', config.allowAnyForgeUrl || config.forgeUrls.length > 1);
  let held = 0;
  // One Node adapter per pool entry, built on its first request instead of on every request.
  const adapters = new WeakMap<PoolEntry['handler'], ReturnType<typeof toNodeHandler>>();
  const adapterOf = (handler: PoolEntry['handler']): ReturnType<typeof toNodeHandler> => {
    let adapter = adapters.get(handler);
    if (!adapter) {
      adapter = toNodeHandler(handler, { maxRequestBodySize: config.maxRequestBodyBytes, onerror: (e) => log.warn({ error: e.message }, 'mcp request failed') });
      adapters.set(handler, adapter);
    }
    return adapter;
  };

  /** A stateful session's request: `initialize` opens one; anything else names one with Mcp-Session-Id. */
  const serveStateful = async (sessions: StatefulSessions, entry: PoolEntry, x: Exchange): Promise<void> => {
    const { req, res, id } = x;
    const sid = header(req, 'mcp-session-id');
    if (sid === undefined) {
      if (req.method !== 'POST') {
        rpcError(res, 400, INVALID_REQUEST_CODE, 'Bad Request: the Mcp-Session-Id header is required (open a session with initialize first)', { id });
        return;
      }
      if (!(await sessions.open(entry, req, res, x.body))) {
        noteRefusal('too many stateful sessions across the process', { ceiling: sessions.max });
        busyReply(x, '5');
      }
      return;
    }
    // An unknown id, an expired one, or one opened by another credential: the same answer.
    const live = sessions.find(sid, entry.key);
    if (!live) {
      rpcError(res, 404, -32001, 'Session not found: it expired, was deleted, or belongs to another credential; open a new one with initialize', { id });
      return;
    }
    await sessions.serve(live, req, res, x.body);
  };

  /**
   * Counts an event stream against its credential's ceiling until its response closes; false when
   * the ceiling is reached (answered 503 busy).
   */
  const holdStream = (x: Exchange, entry: PoolEntry): boolean => {
    if (entry.streams >= MAX_STREAMS_PER_CREDENTIAL) {
      noteRefusal('too many event streams for one credential', { ceiling: MAX_STREAMS_PER_CREDENTIAL });
      busyReply(x, '5', STREAMS_MESSAGE);
      return false;
    }
    entry.streams++;
    x.res.once('close', () => { entry.streams--; });
    return true;
  };

  return {
    stages: {
      'request-body': async (x) => {
        const body = await readBody(x.req, x.res, config.maxRequestBodyBytes);
        if (!body.ok) {
          if (body.fault === 'too-large') {
            rpcError(x.res, 413, SERVER_ERROR_CODE, `Request body too large: at most ${config.maxRequestBodyBytes} bytes are accepted`, { headers: { Connection: 'close' } });
          } else if (!x.res.headersSent && !x.res.writableEnded && !x.req.socket.destroyed) rpcError(x.res, 400, INVALID_REQUEST_CODE, 'the request body could not be read');
          return false;
        }
        if (jsonDepth(body.text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
          rpcError(x.res, 400, INVALID_REQUEST_CODE, `Invalid Request: JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
          return false;
        }
        try {
          x.body = JSON.parse(body.text);
        } catch {
          rpcError(x.res, 400, PARSE_ERROR_CODE, 'Parse error: the request body is not valid JSON');
          return false;
        }
        x.id = requestIdOf(x.body);
        return true;
      },

      'param-action': (x) => {
        const mismatch = paramActionMismatch(x.req, x.body);
        if (mismatch) rpcError(x.res, 400, HEADER_MISMATCH_CODE, `Bad Request: the request headers and body disagree: ${mismatch}`, { id: x.id });
        return !mismatch;
      },

      busy: (x) => {
        const calls = heldCallsOf(x.body);
        if (held + calls <= MAX_HELD_CALLS) return true;
        noteRefusal('too many requests held across the process', { held, ceiling: MAX_HELD_CALLS });
        busyReply(x, '1');
        return false;
      },

      /**
       * subscriptions/listen (2026-07-28): metered like a call, then every object URI it names is
       * watched for as long as the stream stays open; the SDK's listen router filters and delivers.
       */
      listen: async (x) => {
        const listen = listenRequest(x.body);
        if (!listen) return true;
        const entry = entryOf(x);
        const s = entry.session;
        if (!holdStream(x, entry)) return false;
        const refusedAnswer = (message: string, code: number, id: RpcId): false => {
          jsonReply(x.res, 200, { jsonrpc: '2.0', id, error: { code, message } });
          return false;
        };
        const refused = await meter(s, 'subscriptions/listen');
        if (refused !== undefined) return refusedAnswer(refused, RATE_LIMITED_CODE, listen.id);
        const watches = watchesOf(s);
        const started: string[] = [];
        // The minimal capability surface advertises no resource subscriptions: the SDK honours none, so nothing is polled.
        for (const uri of config.capabilitySurface === 'minimal' ? [] : listen.uris) {
          const w = await watches.subscribe(uri, entry.listenChannel);
          if (!w.ok) {
            for (const u of started) watches.unsubscribe(u, entry.listenChannel);
            return refusedAnswer(w.message, -32602, listen.id);
          }
          started.push(uri);
        }
        x.res.once('close', () => { for (const u of started) watches.unsubscribe(u, entry.listenChannel); });
        return true;
      },
    },

    handlers: {
      'mcp-preflight': (x) => {
        // An untrusted preflight is passed down (not answered as CORS, never charged).
        if (x.trustedOrigin === undefined) {
          rpcError(x.res, 405, INVALID_REQUEST_CODE, 'Method not allowed.', { headers: { Allow: 'POST, OPTIONS' } });
          return;
        }
        x.res.writeHead(204, {
          'Access-Control-Allow-Origin': x.trustedOrigin,
          'Access-Control-Allow-Methods': CORS_ALLOW_METHODS,
          'Access-Control-Allow-Headers': allowHeaders,
          'Access-Control-Expose-Headers': CORS_EXPOSE_HEADERS,
          'Access-Control-Max-Age': '86400',
          Vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
        });
        x.res.end();
      },

      'mcp-call': async (x) => {
        const entry = entryOf(x);
        const calls = heldCallsOf(x.body);
        held += calls;
        entry.inFlight++;
        try {
          if (sessions && (header(x.req, 'mcp-session-id') !== undefined || isInitialize(x.body))) await serveStateful(sessions, entry, x);
          else await adapterOf(entry.handler)(x.req, x.res, x.body);
        } finally {
          held -= calls;
          entry.inFlight--;
        }
      },

      /** GET (event stream) and DELETE (end) of a stateful session: routed only when sessions exist. */
      'mcp-session': async (x) => {
        const entry = entryOf(x);
        if (!sessions) throw new Error('the mcp-session route is served without stateful sessions');
        if (x.method === 'GET' && !holdStream(x, entry)) return;
        entry.inFlight++;
        try {
          await serveStateful(sessions, entry, x);
        } finally {
          entry.inFlight--;
        }
      },
    },
  };
}

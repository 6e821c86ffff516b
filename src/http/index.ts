// HTTP mode (legacy authentication): each request carries its own credential; a pool holds one
// session per (instance, token). SPEC "Service endpoints (HTTP mode)", "Authentication failures on
// HTTP", "Instance selection", "Host and origin checks", "Address blocking (HTTP)", "Limits".
import { chmodSync, existsSync, readFileSync, statSync, unlinkSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from '@modelcontextprotocol/node';
import type { Config } from '../config/index.js';
import { canonicalForgeUrl } from '../config/values.js';
import type { Logger } from '../observe/log.js';
import { credentialHandle } from '../observe/log.js';
import { admit, type Admission } from './admit.js';
import { Slots } from './budget.js';
import { openSharedState } from './state/index.js';
import { AddressOf, HostGuard, OriginGuard, header } from './guards.js';
import { CARD_PATHS, serveCard } from './cards.js';
import { renderMetrics } from '../observe/metrics.js';
import { meter, RATE_LIMITED_CODE, setMeterLog } from '../pipeline/meter.js';
import { watchesOf } from '../server/watch.js';
import { metadataPath, oauthChallenge, protectedResourceMetadata, resourceDocumentation } from './oauth.js';
import { Pool, poolKey, type PoolEntry } from './pool.js';
import { StatefulSessions } from './sessions.js';
import { HEADER_MISMATCH_CODE, heldCallsOf, isInitialize, listenRequest, paramActionMismatch, readBody } from './body.js';
import { jsonDepth } from '../server/json-depth.js';
import {
  CORS_ALLOW_METHODS, CORS_EXPOSE_HEADERS, FORBIDDEN_CODE, INVALID_REQUEST_CODE, PARSE_ERROR_CODE, SERVER_ERROR_CODE, TOO_MANY_CODE, UNAUTHORIZED_CODE,
  NO_OAUTH_SIGN_IN, corsAllowHeaders, isOAuthProbe, jsonReply, legacyChallenge, markPublicDocument, prepareResponse, requestIdOf, retryAfterSeconds, rpcError, unparsedRequestAnswer, type RpcId,
} from './replies.js';

/** Held calls at once (SPEC "Limits": 192 under a descriptor limit of 1024). */
const MAX_HELD_CALLS = 192;
const MAX_JSON_DEPTH = 100;
/** An entry admitted without a check (instance unreachable) is checked again after this long. */
const UNVERIFIED_TTL_MS = 30_000;
/** Stateful sessions across the process: half the held-call ceiling (SPEC "Limits"). */
const MAX_STATEFUL_SESSIONS = MAX_HELD_CALLS / 2;
/** Concurrent verifications of new tokens, process-wide, and how long a new token waits for a slot. */
const VERIFY_SLOTS = 16;
const VERIFY_WAIT_MS = 5_000;

const MODERN_PROTOCOL = '2026-07-28';
const BUSY_MESSAGE = 'This server is busy. Retry later.';
const CROSS_ORIGIN_MESSAGE = 'the Origin header names an origin the deployment does not trust';
const NO_BEARER_MESSAGE = 'Authentication required: send an access token as Authorization: Bearer <token> (OAuth sign-in, or a personal access token).';
const NO_CREDENTIAL_MESSAGE =
  'Authentication required: send the access token in the PRIVATE-TOKEN header or as Authorization: Bearer <token>.';
const REFUSED_MESSAGE =
  'the platform rejected the token: send a valid, unexpired access token issued by the target instance (PRIVATE-TOKEN header or Authorization: Bearer).';
/** OAuth mode answers PRIVATE-TOKEN 401 itself, so its refusal names only the header it reads. */
const REFUSED_BEARER_MESSAGE =
  'the platform rejected the token: send a valid, unexpired access token issued by the target instance as Authorization: Bearer <token>.';

export interface HttpHandle {
  /** The bound address (`http://host:port` or the socket path). */
  address: string;
  close(): Promise<void>;
}

/** The busy refusal: 503 with Retry-After, closing the connection on protocol 2026-07-28. No rate-limit token is spent. */
function busyReply(req: IncomingMessage, res: ServerResponse, id: RpcId, retryAfter: string): void {
  const modern = header(req, 'mcp-protocol-version')?.trim() === MODERN_PROTOCOL;
  rpcError(res, 503, SERVER_ERROR_CODE, BUSY_MESSAGE, { id, headers: { 'Retry-After': retryAfter, ...(modern ? { Connection: 'close' } : {}) } });
}

export async function startHttp(config: Config, log: Logger): Promise<HttpHandle> {
  const oauth = config.authMode === 'oauth';
  setMeterLog(log);

  // Stateful sessions (--stateless=false): at most half the held-call ceiling across the process.
  const sessions = config.stateless ? undefined : new StatefulSessions(MAX_STATEFUL_SESSIONS, config.sessionTimeoutMs, log, config.maxRequestBodyBytes);
  // Budgets, refusal memories, identities and the per-entry buckets: in process, or shared in Redis.
  const state = await openSharedState(config, log);
  const pool = new Pool(config, log, {
    holds: (key) => (sessions ? sessions.countFor(key) > 0 : false),
    ended: (key) => sessions?.closeFor(key),
    buckets: state.kind === 'in-process' ? undefined : state,
  });
  const verifySlots = new Slots(VERIFY_SLOTS);
  const pending = new Map<string, Promise<Admission>>();
  const hosts = new HostGuard(config);
  const origins = new OriginGuard(config.trustedOrigins);
  const addressOf = new AddressOf(config);
  const forgeUrlHeaderMatters = config.allowAnyForgeUrl || config.forgeUrls.length > 1;
  const allowHeaders = corsAllowHeaders(!oauth, forgeUrlHeaderMatters);
  const prmPath = metadataPath(config);
  let held = 0;
  let forgeUrlIgnoredLogged = false;

  /** Which instance a request goes to (SPEC "Instance selection"). */
  const selectInstance = (req: IncomingMessage): { ok: true; instance: string; operatorNamed: boolean } | { ok: false; status: number; message: string } => {
    const raw = header(req, 'forge-url');
    const named = raw === undefined || raw.trim() === '' ? undefined : canonicalForgeUrl(raw);
    // Malformed is 400 even where the header is otherwise ignored (one instance): a client bug worth surfacing.
    if (named && !named.ok) return { ok: false, status: 400, message: `the FORGE-URL header is malformed: ${named.error}` };
    if (config.forgeUrls.length === 1) {
      if (raw !== undefined && !forgeUrlIgnoredLogged) {
        forgeUrlIgnoredLogged = true;
        log.info({ instance: config.forgeUrls[0] }, 'FORGE-URL header ignored: this deployment publishes one instance');
      }
      return { ok: true, instance: config.forgeUrls[0], operatorNamed: true };
    }
    if (!named) {
      return { ok: false, status: 400, message: config.allowAnyForgeUrl ? 'the FORGE-URL header is required: name the instance to act on (for example https://gitlab.example.com)' : 'the FORGE-URL header is required: name one of the instances this deployment publishes' };
    }
    if (config.allowAnyForgeUrl) return { ok: true, instance: named.value, operatorNamed: false };
    if (!config.forgeUrls.includes(named.value)) {
      // OAuth mode names the published instances (a client may pick one to sign in at); legacy mode does not.
      return oauth
        ? { ok: false, status: 403, message: `the FORGE-URL header names an instance this deployment does not publish; published instances: ${config.forgeUrls.join(', ')}` }
        : { ok: false, status: 400, message: 'the FORGE-URL header names an instance this deployment does not publish' };
    }
    return { ok: true, instance: named.value, operatorNamed: true };
  };

  /** One admission per key at a time; a new token waits for a verification slot, a cached identity never does. */
  const admitOnce = (key: string, input: Omit<Parameters<typeof admit>[0], 'onRefused'>, needsSlot: boolean): Promise<Admission> => {
    const existing = pending.get(key);
    if (existing) return existing;
    const p = (async (): Promise<Admission> => {
      if (needsSlot && !(await verifySlots.acquire(VERIFY_WAIT_MS))) {
        log.warn({ reason: 'credential verification saturated' }, 'request refused');
        return { kind: 'unavailable', retryAfter: '5', message: 'Too many new credentials are being checked at once; the token has not been rejected. Retry later.' };
      }
      try {
        return await admit({ ...input, onRefused: () => pool.drop(key, 'the platform refused the token on a call') });
      } catch (err) {
        log.error({ error: (err as Error).message }, 'session could not be built');
        return { kind: 'unavailable', retryAfter: '5', message: 'A session could not be initialized for this token; the token has not been rejected. Retry later.' };
      } finally {
        if (needsSlot) verifySlots.release();
      }
    })().finally(() => pending.delete(key));
    pending.set(key, p);
    return p;
  };

  const tooMany = (res: ServerResponse, id: RpcId, ms: number): void =>
    rpcError(res, 429, TOO_MANY_CODE, 'Too many failed authentications from this address; retry later.', { id, headers: { 'Retry-After': retryAfterSeconds(ms) } });

  /** 401: the platform refused the token (charged by the caller). */
  const refusedReply = (req: IncomingMessage, res: ServerResponse, id: RpcId): void =>
    rpcError(res, 401, UNAUTHORIZED_CODE, oauth ? REFUSED_BEARER_MESSAGE : REFUSED_MESSAGE, {
      id, headers: { 'WWW-Authenticate': oauth ? oauthChallenge(config, req, { error: 'invalid_token', error_description: 'The platform rejected the token' }) : legacyChallenge('refused') },
    });

  /** 403: accepted by the platform, not admissible (never charged). */
  const forbiddenReply = (req: IncomingMessage, res: ServerResponse, id: RpcId, reason: 'scope' | 'user-read', message: string): void =>
    rpcError(res, 403, FORBIDDEN_CODE, message, {
      id,
      headers: oauth ? {
        'WWW-Authenticate': oauthChallenge(config, req, {
          error: 'insufficient_scope',
          error_description: reason === 'scope' ? 'The token carries neither the read_api nor the api scope' : 'The token may not read its own user (grant User: Read, or use a classic token)',
          scope: 'read_api',
        }),
      } : {},
    });

  /** 401: OAuth application pin (never charged). */
  const pinReply = (req: IncomingMessage, res: ServerResponse, id: RpcId, message: string): void =>
    rpcError(res, 401, UNAUTHORIZED_CODE, message, {
      id, headers: { 'WWW-Authenticate': oauthChallenge(config, req, { error: 'invalid_token', error_description: 'The token was not issued to an OAuth application this deployment admits', error_uri: resourceDocumentation(config) }) },
    });

  /**
   * The door: reads the credential, selects the instance, admits the token (or serves it from the
   * pool) and answers every refusal itself. Returns the pool entry to serve, or undefined when answered.
   */
  const door = async (req: IncomingMessage, res: ServerResponse, id: RpcId): Promise<PoolEntry | undefined> => {
    // Legacy: PRIVATE-TOKEN wins over Authorization: Bearer. OAuth: Bearer only.
    const pt = header(req, 'private-token')?.trim();
    const authz = header(req, 'authorization')?.trim();
    const bearer = authz && /^bearer\s+/i.test(authz) ? authz.replace(/^bearer\s+/i, '').trim() : undefined;
    const address = addressOf.of(req);
    if (oauth && pt) {
      rpcError(res, 401, UNAUTHORIZED_CODE, 'The PRIVATE-TOKEN header is not accepted by this deployment (OAuth mode): send the access token as Authorization: Bearer <token>.', {
        id, headers: { 'WWW-Authenticate': oauthChallenge(config, req) },
      });
      return undefined;
    }
    const token = oauth ? bearer : pt ? pt : bearer ? bearer : undefined;
    const via = pt ? 'private-token' as const : 'bearer' as const;
    if (!token) {
      const blocked = await state.blockedFor(address);
      if (blocked > 0) tooMany(res, id, blocked);
      else rpcError(res, 401, UNAUTHORIZED_CODE, oauth ? NO_BEARER_MESSAGE : NO_CREDENTIAL_MESSAGE, { id, headers: { 'WWW-Authenticate': oauth ? oauthChallenge(config, req) : legacyChallenge('missing') } });
      return undefined;
    }

    const sel = selectInstance(req);
    if (!sel.ok) {
      rpcError(res, sel.status, sel.status === 403 ? FORBIDDEN_CODE : INVALID_REQUEST_CODE, sel.message, { id });
      return undefined;
    }
    const key = poolKey(sel.instance, token);
    const identity = oauth ? await state.identity(key) : undefined;
    const pooled = pool.use(key);
    // Held: a pooled session (legacy), or a cached identity with a pooled session (OAuth).
    if (pooled && (!oauth || identity)) return pooled;

    // A blocked address does not cut off held credentials, but gets nothing new checked.
    const blocked = await state.blockedFor(address);
    if (blocked > 0) {
      tooMany(res, id, blocked);
      return undefined;
    }
    const remembered = await state.refusal(key);
    if (remembered) {
      switch (remembered.kind) {
        case 'refused':
          await state.charge(address, key);
          refusedReply(req, res, id);
          return undefined;
        case 'forbidden':
          forbiddenReply(req, res, id, remembered.reason, remembered.message);
          return undefined;
        case 'pin-refused':
          pinReply(req, res, id, remembered.message);
          return undefined;
      }
    }
    const a = await admitOnce(key, {
      config, log: log.child({ credential_hash: credentialHandle(token) }), instance: sel.instance, token, via, operatorNamed: sel.operatorNamed,
      ...(oauth ? { oauth: { pin: config.oauthClientUids, ...(identity ? { cached: identity } : {}) } } : {}),
    }, !identity);
    switch (a.kind) {
      case 'refused':
        await state.rememberRefusal(key, { kind: 'refused' });
        await state.charge(address, key);
        log.info({ credential_hash: credentialHandle(token), address, instance: sel.instance }, 'credential refused by the platform');
        refusedReply(req, res, id);
        return undefined;
      case 'forbidden':
        // A verdict reached during an introspection outage is answered but never remembered.
        if (!a.transient) await state.rememberRefusal(key, { kind: 'forbidden', reason: a.reason, message: a.message });
        forbiddenReply(req, res, id, a.reason, a.message);
        return undefined;
      case 'pin-refused':
        await state.rememberRefusal(key, { kind: 'pin-refused', message: a.message });
        pinReply(req, res, id, a.message);
        return undefined;
      case 'unavailable':
        rpcError(res, 503, SERVER_ERROR_CODE, a.message, { id, headers: { 'Retry-After': a.retryAfter ?? '5' } });
        return undefined;
      case 'destination':
        rpcError(res, 403, FORBIDDEN_CODE, a.message, { id });
        return undefined;
      case 'admitted': {
        if (oauth) await state.rememberIdentity(key, a.identity);
        const current = pool.use(key);
        // Requests that waited on the same admission share its entry.
        if (current?.session === a.session) return current;
        // An entry built meanwhile is kept in legacy mode; in OAuth mode a re-verified identity replaces it.
        if (current && !oauth) {
          await a.client.close().catch(() => undefined);
          return current;
        }
        try {
          return pool.add(key, sel.instance, a.client, a.session, a.verified === false ? UNVERIFIED_TTL_MS : undefined);
        } catch (err) {
          log.error({ error: (err as Error).message }, 'session could not be built');
          await a.client.close().catch(() => undefined);
          rpcError(res, 503, SERVER_ERROR_CODE, 'A session could not be initialized for this token; the token has not been rejected. Retry later.', { id, headers: { 'Retry-After': '5' } });
          return undefined;
        }
      }
    }
  };

  const serveMcpPost = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const body = await readBody(req, config.maxRequestBodyBytes);
    if (!body.ok) {
      if (body.tooLarge) {
        rpcError(res, 413, SERVER_ERROR_CODE, `Request body too large: at most ${config.maxRequestBodyBytes} bytes are accepted`, { headers: { Connection: 'close' } });
      } else rpcError(res, 400, INVALID_REQUEST_CODE, 'the request body could not be read');
      return;
    }
    if (jsonDepth(body.text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
      rpcError(res, 400, INVALID_REQUEST_CODE, `Invalid Request: JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.text);
    } catch {
      rpcError(res, 400, PARSE_ERROR_CODE, 'Parse error: the request body is not valid JSON');
      return;
    }
    const id: RpcId = requestIdOf(parsed);
    if (origins.refuses(req)) {
      rpcError(res, 403, FORBIDDEN_CODE, CROSS_ORIGIN_MESSAGE, { id });
      return;
    }

    const actionMismatch = paramActionMismatch(req, parsed);
    if (actionMismatch) {
      rpcError(res, 400, HEADER_MISMATCH_CODE, `Bad Request: the request headers and body disagree: ${actionMismatch}`, { id });
      return;
    }

    const entry = await door(req, res, id);
    if (!entry) return;

    const calls = heldCallsOf(parsed);
    if (held + calls > MAX_HELD_CALLS) {
      log.warn({ reason: 'too many requests held across the process', held, ceiling: MAX_HELD_CALLS }, 'request refused');
      busyReply(req, res, id, '1');
      return;
    }
    const listen = listenRequest(parsed);
    if (listen && !(await admitListen(entry, req, res, listen))) return;
    held += calls;
    entry.inFlight++;
    try {
      if (sessions && (header(req, 'mcp-session-id') !== undefined || isInitialize(parsed))) await serveStateful(sessions, entry, req, res, id, parsed);
      else {
        await toNodeHandler(entry.handler, {
          maxRequestBodySize: config.maxRequestBodyBytes,
          onerror: (e) => log.warn({ error: e.message }, 'mcp request failed'),
        })(req, res, parsed);
      }
    } finally {
      held -= calls;
      entry.inFlight--;
    }
  };

  /**
   * subscriptions/listen (2026-07-28): metered like a call, then every object URI it names is
   * watched for as long as the stream stays open; the SDK's listen router filters and delivers.
   * Answers (and returns false) when refused.
   */
  const admitListen = async (entry: PoolEntry, req: IncomingMessage, res: ServerResponse, listen: { id: RpcId; uris: string[] }): Promise<boolean> => {
    const s = entry.session;
    const refused = await meter(s, 'subscriptions/listen');
    if (refused !== undefined) {
      jsonReply(res, 200, { jsonrpc: '2.0', id: listen.id, error: { code: RATE_LIMITED_CODE, message: refused } });
      return false;
    }
    const watches = watchesOf(s);
    const started: string[] = [];
    // The minimal capability surface advertises no resource subscriptions: the SDK honours none, so nothing is polled.
    for (const uri of config.capabilitySurface === 'minimal' ? [] : listen.uris) {
      const w = await watches.subscribe(uri, entry.listenChannel);
      if (!w.ok) {
        for (const u of started) watches.unsubscribe(u, entry.listenChannel);
        jsonReply(res, 200, { jsonrpc: '2.0', id: listen.id, error: { code: -32602, message: w.message } });
        return false;
      }
      started.push(uri);
    }
    res.once('close', () => { for (const u of started) watches.unsubscribe(u, entry.listenChannel); });
    return true;
  };

  /** A stateful session's request: `initialize` opens one; anything else names one with Mcp-Session-Id. */
  const serveStateful = async (sessions: StatefulSessions, entry: PoolEntry, req: IncomingMessage, res: ServerResponse, id: RpcId, body?: unknown): Promise<void> => {
    const sid = header(req, 'mcp-session-id');
    if (sid === undefined) {
      if (req.method !== 'POST') {
        rpcError(res, 400, INVALID_REQUEST_CODE, 'Bad Request: the Mcp-Session-Id header is required (open a session with initialize first)', { id });
        return;
      }
      if (!(await sessions.open(entry, req, res, body))) {
        log.warn({ reason: 'too many stateful sessions across the process', ceiling: sessions.max }, 'request refused');
        busyReply(req, res, id, '5');
      }
      return;
    }
    // An unknown id, an expired one, or one opened by another credential: the same answer.
    const live = sessions.find(sid, entry.key);
    if (!live) {
      rpcError(res, 404, -32001, 'Session not found: it expired, was deleted, or belongs to another credential; open a new one with initialize', { id });
      return;
    }
    await sessions.serve(live, req, res, body);
  };

  /** GET (event stream) and DELETE (end) of a stateful session. */
  const serveSessionVerb = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const entry = await door(req, res, null);
    if (!entry || !sessions) return;
    entry.inFlight++;
    try {
      await serveStateful(sessions, entry, req, res, null);
    } finally {
      entry.inFlight--;
    }
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // Before any route writes: every answer, refusals included, carries the same headers (and CORS for a trusted Origin).
    const origin = header(req, 'origin');
    prepareResponse(res, origin !== undefined && origins.trusted(origin) ? origin : undefined);
    if (!hosts.allows(req, addressOf.viaTrustedProxy(req))) {
      rpcError(res, 403, FORBIDDEN_CODE, 'the Host header names a host this deployment does not serve');
      return;
    }
    const method = (req.method ?? 'GET').toUpperCase();
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/mcp') {
      if (method === 'OPTIONS') {
        if (origin !== undefined && origins.trusted(origin)) {
          res.writeHead(204, {
            'Access-Control-Allow-Origin': origin,
            'Access-Control-Allow-Methods': CORS_ALLOW_METHODS,
            'Access-Control-Allow-Headers': allowHeaders,
            'Access-Control-Expose-Headers': CORS_EXPOSE_HEADERS,
            'Access-Control-Max-Age': '86400',
            Vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
          });
          res.end();
          return;
        }
        // An untrusted preflight is passed down (not answered as CORS, never charged).
        rpcError(res, 405, INVALID_REQUEST_CODE, 'Method not allowed.', { headers: { Allow: 'POST, OPTIONS' } });
        return;
      }
      if (method === 'POST') {
        await serveMcpPost(req, res);
        return;
      }
      if (origins.refuses(req)) {
        rpcError(res, 403, FORBIDDEN_CODE, CROSS_ORIGIN_MESSAGE);
        return;
      }
      if (sessions && (method === 'GET' || method === 'DELETE')) {
        await serveSessionVerb(req, res);
        return;
      }
      rpcError(res, 405, INVALID_REQUEST_CODE, sessions ? 'Method not allowed.' : 'Method not allowed: this server is stateless (POST only).', {
        headers: { Allow: sessions ? 'GET, POST, DELETE, OPTIONS' : 'POST, OPTIONS' },
      });
      return;
    }
    if ((method === 'POST' || method === 'DELETE') && origins.refuses(req)) {
      rpcError(res, 403, FORBIDDEN_CODE, CROSS_ORIGIN_MESSAGE);
      return;
    }
    if (path === prmPath || path === `${prmPath}/mcp`) {
      // OAuth mode only (else 404). `/mcp` appended is where RFC 9728 clients look for the endpoint's own document.
      if (!oauth) jsonReply(res, 404, { error: 'not found', error_description: NO_OAUTH_SIGN_IN });
      else if (method === 'GET' || method === 'HEAD') {
        markPublicDocument(res);
        jsonReply(res, 200, protectedResourceMetadata(config, req));
      } else rpcError(res, 405, INVALID_REQUEST_CODE, 'Method not allowed.', { headers: { Allow: 'GET' } });
      return;
    }
    if (CARD_PATHS.includes(path)) {
      if (method === 'GET' || method === 'HEAD') serveCard(config, req, res);
      else rpcError(res, 405, INVALID_REQUEST_CODE, 'Method not allowed.', { headers: { Allow: 'GET' } });
      return;
    }
    if (path === '/metrics' && (method === 'GET' || method === 'HEAD')) {
      const body = await renderMetrics();
      res.writeHead(200, { 'Content-Type': 'text/plain; version=0.0.4', 'Content-Length': String(Buffer.byteLength(body)) });
      res.end(method === 'HEAD' ? undefined : body);
      return;
    }
    if (path === '/health') {
      if (method === 'GET' || method === 'HEAD') jsonReply(res, 200, { status: 'ok' });
      else rpcError(res, 405, INVALID_REQUEST_CODE, 'Method not allowed.', { headers: { Allow: 'GET' } });
      return;
    }
    jsonReply(res, 404, !oauth && isOAuthProbe(path) ? { error: 'not found', error_description: NO_OAUTH_SIGN_IN } : { error: 'not found' });
  };

  const listener = (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch((err: unknown) => {
      log.error({ error: (err as Error)?.message ?? String(err) }, 'request failed');
      if (!res.headersSent) rpcError(res, 500, -32603, 'Internal error');
      else res.end();
    });
  };

  const server: Server = config.tlsCert && config.tlsKey
    ? createHttpsServer({ cert: readFileSync(config.tlsCert), key: readFileSync(config.tlsKey), minVersion: 'TLSv1.2' }, listener)
    : createHttpServer(listener);
  if (config.httpIdleTimeoutMs > 0) {
    // A connection silent this long is closed: between requests, and a slow client mid-request
    // (an event stream stays alive through its 25-second keep-alive frames when the timeout is longer).
    server.keepAliveTimeout = config.httpIdleTimeoutMs;
    server.timeout = config.httpIdleTimeoutMs;
    server.headersTimeout = Math.min(server.headersTimeout, config.httpIdleTimeoutMs + 1_000);
  }
  server.on('clientError', (err: Error & { code?: string; reason?: unknown }, socket) => {
    // As Node's own handler does: no bytes on a connection whose response is already under way
    // (they would corrupt it), nor to a peer that is gone.
    const answering = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent === true;
    if (socket.writable && !answering && err.code !== 'ECONNRESET') socket.end(unparsedRequestAnswer(err));
    else socket.destroy();
  });

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
  const scheme = config.tlsCert ? 'https' : 'http';
  let address: string;
  if (l.kind === 'unix') {
    chmodSync(l.path, config.httpSocketMode);
    address = l.path;
    log.info({ address: l.path, socket: l.path }, 'listening');
  } else {
    const a = server.address() as AddressInfo;
    const host = a.family === 'IPv6' || a.address.includes(':') ? `[${a.address}]` : a.address;
    address = `${scheme}://${host}:${a.port}`;
    log.info({ address, port: a.port, instances: config.forgeUrls.length ? config.forgeUrls : 'any (FORGE-URL header)' }, 'listening');
  }

  const close = async (): Promise<void> => {
    await new Promise<void>((r) => {
      server.close(() => r());
      server.closeAllConnections?.();
    });
    await sessions?.closeAll();
    await pool.closeAll();
    await state.close();
  };
  return { address, close };
}

// Answers the HTTP layer writes itself (before MCP handling): JSON-RPC error bodies, the security
// headers every response carries, and CORS headers for trusted origins.
import { maxHeaderSize, STATUS_CODES, type ServerResponse } from 'node:http';

/** JSON-RPC code of a refusal by authority (cross-origin, scopes below the minimum). */
export const FORBIDDEN_CODE = -40300;
/** JSON-RPC code of an authentication failure (no credential, refused token). */
export const UNAUTHORIZED_CODE = -32001;
/** JSON-RPC code of a rate or budget refusal. */
export const TOO_MANY_CODE = -42900;
export const INVALID_REQUEST_CODE = -32600;
export const PARSE_ERROR_CODE = -32700;
export const SERVER_ERROR_CODE = -32000;

export type RpcId = string | number | null;

declare const PREPARED: unique symbol;
/**
 * A response the middleware chain has prepared (src/http/chain.ts): only prepareResponse makes one,
 * and every writer here takes one, so no route can answer on a response the chain did not see.
 */
export type PreparedResponse = ServerResponse & { readonly [PREPARED]: true };

const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
});

/** The public documents (OAuth metadata, server cards) may be cached by anyone for an hour. */
const PUBLIC_CACHE = 'public, max-age=3600';

export const CORS_EXPOSE_HEADERS = 'Mcp-Session-Id, Mcp-Protocol-Version, WWW-Authenticate, Retry-After, ETag';
export const CORS_ALLOW_METHODS = 'GET, POST, DELETE, OPTIONS';
const BASE_ALLOW_HEADERS = [
  'Authorization', 'Content-Type', 'Accept', 'If-None-Match', 'Mcp-Session-Id', 'Mcp-Protocol-Version', 'Last-Event-ID', 'Mcp-Method', 'Mcp-Name', 'Mcp-Param-Action',
];

/** Access-Control-Allow-Headers: PRIVATE-TOKEN only in legacy mode, FORGE-URL only when the header can change the instance. */
export function corsAllowHeaders(legacy: boolean, forgeUrlHeader: boolean): string {
  return [...BASE_ALLOW_HEADERS, ...(legacy ? ['PRIVATE-TOKEN'] : []), ...(forgeUrlHeader ? ['FORGE-URL'] : [])].join(', ');
}

/**
 * `WWW-Authenticate` of legacy mode's 401s: SPEC's Bearer challenge ("Authentication failures on
 * HTTP") with RFC 6750 parameters naming the accepted headers, so a client that answers every 401
 * with OAuth discovery still leaves the reason in its logs. RFC 6750 §3.1 advises no error code when
 * no credential came; one is sent anyway, so a missing and a refused token read alike to a client.
 */
export function legacyChallenge(reason: 'missing' | 'refused'): string {
  const description = reason === 'missing'
    ? 'Send a GitLab access token in the PRIVATE-TOKEN header or as Authorization: Bearer <token>'
    : 'The platform rejected the token; send a valid, unexpired GitLab access token in the PRIVATE-TOKEN header or as Authorization: Bearer <token>';
  return `Bearer error="invalid_token", error_description="${description}"`;
}

/**
 * Where an OAuth client looks to sign in (RFC 8414 and 9728 discovery, dynamic client registration,
 * the authorize and token endpoints). In token mode these are 404, and MCP Inspector and mcp-remote
 * show that 404's body to the user when their sign-in fails: it says how to authenticate instead.
 */
export function isOAuthProbe(path: string): boolean {
  return /^\/\.well-known\/(?:oauth-authorization-server|openid-configuration|oauth-protected-resource)(?:\/|$)/.test(path) || ['/register', '/authorize', '/token'].includes(path);
}

export const NO_OAUTH_SIGN_IN =
  'This server does not sign in with OAuth: configure your client to send a GitLab access token in the PRIVATE-TOKEN header or as Authorization: Bearer <token>';
/**
 * The same probe carrying a token (clients send their configured headers on sign-in probes too): a
 * client probes after the MCP endpoint's 401, which for a token sent means GitLab rejected it.
 */
export const NO_OAUTH_SIGN_IN_TOKEN_SENT =
  'This server does not sign in with OAuth, and your client did send an access token: GitLab rejected it (the MCP endpoint answered 401). Send a valid, unexpired GitLab access token issued by the instance this server publishes, in the PRIVATE-TOKEN header or as Authorization: Bearer <token>';

/** Responses serving a public document: the only ones whose Cache-Control is not `no-store`. */
const publicDocuments = new WeakSet<ServerResponse>();

/** Marks the response as a public document (server card, OAuth metadata): cacheable by anyone for an hour. */
export function markPublicDocument(res: PreparedResponse): void {
  publicDocuments.add(res);
  res.setHeader('Cache-Control', PUBLIC_CACHE);
  // Shared caches keep it: the CORS headers depend on the Origin, whether or not this one is trusted.
  res.setHeader('Vary', 'Origin');
}

/** A writeHead headers argument (object or flat [name, value, ...] list) without its Cache-Control. */
function withoutCacheControl(arg: unknown): unknown {
  const isCacheControl = (k: unknown) => String(k).toLowerCase() === 'cache-control';
  if (Array.isArray(arg)) return arg.filter((_, i) => !isCacheControl(arg[i - (i % 2)]));
  if (arg && typeof arg === 'object') return Object.fromEntries(Object.entries(arg).filter(([k]) => !isCacheControl(k)));
  return arg; // the status code or status message
}

/**
 * Run first on every response, so refusals and answers alike carry the same headers: the security
 * headers, CORS when the request's Origin is trusted (`trustedOrigin`), and a Cache-Control no later
 * writer can loosen. The SDK writes its event streams with `no-cache, no-transform`; every path to
 * the wire (an explicit writeHead, or the implicit one of a first write) goes through writeHead, so
 * it is wrapped to put `no-store` back (or the public policy of a marked document).
 */
export function prepareResponse(res: ServerResponse, trustedOrigin: string | undefined): PreparedResponse {
  for (const [k, v] of Object.entries(SECURITY_HEADERS)) res.setHeader(k, v);
  if (trustedOrigin !== undefined) {
    res.setHeader('Access-Control-Allow-Origin', trustedOrigin);
    res.setHeader('Access-Control-Expose-Headers', CORS_EXPOSE_HEADERS);
    res.setHeader('Vary', 'Origin');
  }
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    this.setHeader('Cache-Control', publicDocuments.has(this) ? PUBLIC_CACHE : 'no-store');
    return Reflect.apply(writeHead, this, args.map(withoutCacheControl)) as ServerResponse;
  } as ServerResponse['writeHead'];
  return res as PreparedResponse;
}

/** The id of a JSON-RPC request body, when it is a single request carrying one. */
export function requestIdOf(body: unknown): RpcId {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const id = (body as { id?: unknown }).id;
    if (typeof id === 'string' || typeof id === 'number') return id;
  }
  return null;
}

const rpcErrorBody = (id: RpcId, code: number, message: string): string => JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } });

export function rpcError(res: PreparedResponse, status: number, code: number, message: string, opts: { id?: RpcId; headers?: Record<string, string> } = {}): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const body = rpcErrorBody(opts.id ?? null, code, message);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)), ...opts.headers });
  res.end(body);
}

export function jsonReply(res: PreparedResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)), ...headers });
  res.end(body);
}

/** Seconds for a Retry-After header (at least 1). */
export function retryAfterSeconds(ms: number): string {
  return String(Math.max(1, Math.ceil(ms / 1000)));
}

/**
 * The answer to a request Node could not parse (bad request line, headers over the size limit, too
 * slow): no request or response object exists, so the refusal every other route writes (security
 * headers, JSON-RPC error) is put on the socket as raw bytes, and the connection is closed.
 */
export function unparsedRequestAnswer(err: { code?: string; reason?: unknown }): string {
  const [status, message] =
    err.code === 'HPE_HEADER_OVERFLOW' ? [431, `Request Header Fields Too Large: the request headers exceed ${maxHeaderSize} bytes`]
    : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'Request Timeout: the request was not received in time']
    // llhttp's reason is a fixed description of the fault (for example "Invalid method encountered").
    : [400, `Bad Request: the HTTP request is malformed${typeof err.reason === 'string' ? ` (${err.reason.slice(0, 120)})` : ''}`];
  const body = rpcErrorBody(null, INVALID_REQUEST_CODE, message);
  const headers = { ...SECURITY_HEADERS, 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)), Connection: 'close' };
  return `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n${body}`;
}

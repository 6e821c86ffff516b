// Answers the HTTP layer writes itself (before MCP handling): JSON-RPC error bodies, the security
// headers every response carries, and CORS headers for trusted origins.
import type { ServerResponse } from 'node:http';

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

export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
});

/** The public documents (OAuth metadata, server cards) may be cached by anyone for an hour. */
export const PUBLIC_CACHE = 'public, max-age=3600';

export const CORS_EXPOSE_HEADERS = 'Mcp-Session-Id, Mcp-Protocol-Version, WWW-Authenticate, Retry-After, ETag';
export const CORS_ALLOW_METHODS = 'GET, POST, DELETE, OPTIONS';
const BASE_ALLOW_HEADERS = [
  'Authorization', 'Content-Type', 'Accept', 'If-None-Match', 'Mcp-Session-Id', 'Mcp-Protocol-Version', 'Last-Event-ID', 'Mcp-Method', 'Mcp-Name', 'Mcp-Param-Action',
];

/** Access-Control-Allow-Headers: PRIVATE-TOKEN only in legacy mode, FORGE-URL only when the header can change the instance. */
export function corsAllowHeaders(legacy: boolean, forgeUrlHeader: boolean): string {
  return [...BASE_ALLOW_HEADERS, ...(legacy ? ['PRIVATE-TOKEN'] : []), ...(forgeUrlHeader ? ['FORGE-URL'] : [])].join(', ');
}

export function setSecurityHeaders(res: ServerResponse): void {
  for (const [k, v] of Object.entries(SECURITY_HEADERS)) res.setHeader(k, v);
}

/** The id of a JSON-RPC request body, when it is a single request carrying one. */
export function requestIdOf(body: unknown): RpcId {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const id = (body as { id?: unknown }).id;
    if (typeof id === 'string' || typeof id === 'number') return id;
  }
  return null;
}

export function rpcError(res: ServerResponse, status: number, code: number, message: string, opts: { id?: RpcId; headers?: Record<string, string> } = {}): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const body = JSON.stringify({ jsonrpc: '2.0', id: opts.id ?? null, error: { code, message } });
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)), ...opts.headers });
  res.end(body);
}

export function jsonReply(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)), ...headers });
  res.end(body);
}

/** Seconds for a Retry-After header (at least 1). */
export function retryAfterSeconds(ms: number): string {
  return String(Math.max(1, Math.ceil(ms / 1000)));
}

// The route table of HTTP mode (SPEC "Service endpoints (HTTP mode)"): every answer the server
// gives comes from one of these routes, through the middleware chain (chain.ts). A route names
// its paths, its methods, the stages it passes after the chain's own (security headers, CORS,
// Host check), and its handler. Order matters: the first route matching path and method serves.
import type { Config } from '../config/index.js';
import { CARD_PATHS } from './cards.js';
import { metadataPath } from './oauth.js';

/**
 * Stages a route may pass before its handler, in the order listed on the route:
 * - `origin`: the cross-origin table (SPEC "Host and origin checks"), on every method;
 * - `origin-on-writes`: the same table on POST and DELETE only (the public documents stay readable);
 * - `request-body`: the body limits (SPEC "Limits": size 413, JSON nesting depth, parse error);
 * - `param-action`: the 2026-07-28 Mcp-Param-Action header agrees with the body;
 * - `credential`: the door (SPEC "Authentication failures on HTTP", "Instance selection");
 * - `busy`: the held-call ceiling (SPEC "Limits"), answered 503 busy;
 * - `listen`: subscriptions/listen metered and its watches started;
 * - `public-document`: cacheable by anyone for an hour (server cards, OAuth metadata);
 * - `named-host`: the Host names a declared host or is an IP address, also on a wildcard bind (DNS
 *   rebinding needs a name the attacker controls; a scraper reaching a container by address sends one).
 */
export type StageName = 'origin' | 'origin-on-writes' | 'request-body' | 'param-action' | 'credential' | 'busy' | 'listen' | 'public-document' | 'named-host';

export type HandlerName =
  | 'mcp-preflight' | 'mcp-call' | 'mcp-session' | 'resource-metadata' | 'server-card' | 'metrics' | 'health'
  | 'method-not-allowed' | 'not-found';

export interface Route {
  /** Unique, for logs and tests. */
  readonly name: string;
  /** Exact paths (query string excluded), or '*' for any path. */
  readonly paths: readonly string[] | '*';
  /** Upper-case methods, or '*' for any method. */
  readonly methods: readonly string[] | '*';
  readonly stages: readonly StageName[];
  readonly handler: HandlerName;
  /**
   * Served whatever the Host header names (no Host check, SPEC "Host and origin checks"): only for
   * an answer that reveals nothing, asked by probes that send an address or any configured name.
   */
  readonly anyHost?: true;
  /** The 405 answer of a `method-not-allowed` route: its Allow header and message. */
  readonly refusal?: { readonly allow: string; readonly message: string };
}

const READ = ['GET', 'HEAD'] as const;
const NOT_ALLOWED = 'Method not allowed.';
const GET_ONLY = { allow: 'GET', message: NOT_ALLOWED };
const STATELESS_REFUSAL = { allow: 'POST, OPTIONS', message: 'Method not allowed: this server is stateless (POST only).' };

/** The table this configuration serves: stateful sessions and OAuth mode add routes. */
export function routeTable(config: Config): readonly Route[] {
  const stateful = !config.stateless;
  const oauth = config.authMode === 'oauth';
  const prm = metadataPath(config);
  return [
    // The MCP endpoint. Its preflight is answered before any check (an untrusted one gets 405).
    { name: 'mcp-preflight', paths: ['/mcp'], methods: ['OPTIONS'], stages: [], handler: 'mcp-preflight' },
    // The origin is judged after the body is read, so a cross-origin refusal carries the request id.
    { name: 'mcp-call', paths: ['/mcp'], methods: ['POST'], stages: ['request-body', 'origin', 'param-action', 'credential', 'busy', 'listen'], handler: 'mcp-call' },
    ...(stateful ? [{ name: 'mcp-session', paths: ['/mcp'], methods: ['GET', 'DELETE'], stages: ['origin', 'credential'], handler: 'mcp-session' } as const] : []),
    // Stateless: a client opening an event stream without a valid credential is told 401 and why (a
    // client falling back to SSE shows that last answer), a valid one that streams are not served.
    ...(stateful ? [] : [{ name: 'mcp-stream-stateless', paths: ['/mcp'], methods: ['GET'], stages: ['origin', 'credential'], handler: 'method-not-allowed', refusal: STATELESS_REFUSAL } as const]),
    {
      name: 'mcp-other-method', paths: ['/mcp'], methods: '*', stages: ['origin'], handler: 'method-not-allowed',
      refusal: stateful ? { allow: 'GET, POST, DELETE, OPTIONS', message: NOT_ALLOWED } : STATELESS_REFUSAL,
    },
    // OAuth mode only (else the not-found route's sign-in hint). `/mcp` appended is where RFC 9728
    // clients look for the endpoint's own document.
    ...(oauth ? [
      { name: 'resource-metadata', paths: [prm, `${prm}/mcp`], methods: READ, stages: ['public-document'], handler: 'resource-metadata' } as const,
      { name: 'resource-metadata-other-method', paths: [prm, `${prm}/mcp`], methods: '*', stages: ['origin-on-writes'], handler: 'method-not-allowed', refusal: GET_ONLY } as const,
    ] : []),
    { name: 'server-card', paths: CARD_PATHS, methods: READ, stages: ['public-document'], handler: 'server-card' },
    { name: 'server-card-other-method', paths: CARD_PATHS, methods: '*', stages: ['origin-on-writes'], handler: 'method-not-allowed', refusal: GET_ONLY },
    // Another method on /metrics is not found (the path is not advertised for anything else). It is
    // unauthenticated: a wildcard bind's Host rule would let a rebound DNS name read it.
    { name: 'metrics', paths: ['/metrics'], methods: READ, stages: ['named-host'], handler: 'metrics' },
    // `{"status":"ok"}` reveals nothing, and probes (kubelet, load balancers) send the pod's address or
    // whatever they were configured with as Host.
    { name: 'health', paths: ['/health'], methods: READ, stages: [], handler: 'health', anyHost: true },
    { name: 'health-other-method', paths: ['/health'], methods: '*', stages: ['origin-on-writes'], handler: 'method-not-allowed', refusal: GET_ONLY },
    { name: 'not-found', paths: '*', methods: '*', stages: ['origin-on-writes'], handler: 'not-found' },
  ];
}

/** The route serving a request: the first whose paths and methods both match. */
export function routeFor(routes: readonly Route[], method: string, path: string): Route | undefined {
  return routes.find((r) => (r.paths === '*' || r.paths.includes(path)) && (r.methods === '*' || r.methods.includes(method)));
}

// The error contract (SPEC "Errors") as one pure function: any failed platform request becomes
// `<operation>: <classification> (<platform message>). Suggestion: <hint>: <cause>`.
// SPEC "Classification by HTTP status", "Failures without a platform answer", "The two causes of 401", "GraphQL errors", "Hint rules", "Error text safety", "Organizations enforcing fine-grained tokens".
import { nodeHttp } from './node-http.js';
import type { ForgeResponse } from './types.js';
import { networkKindOf, ForgeNetworkError, type ForgeNetworkErrorKind } from './errors.js';

const PLATFORM = 'GitLab';
/** The platform's message is cut at this many UTF-8 bytes. */
export const PLATFORM_MESSAGE_MAX_BYTES = 2048;
/** The joined GraphQL error list is cut at this many UTF-8 bytes. */
export const GRAPHQL_ERRORS_MAX_BYTES = 2048;

export interface FailureContext {
  /** Handler label, e.g. 'issueList'. */
  operation: string;
  /** The action's own hints (its catalog entry's `errorHints`). */
  errorHints?: ErrorHints;
  /** Request line; only method, scheme, host and path are ever repeated. */
  method: string;
  url: string;
  graphql?: boolean;
  /** For GraphQL: whether the document was a query or a mutation (default: mutation wording only when known). */
  graphqlKind?: 'query' | 'mutation';
  /** false for an action that only reads though it POSTs (a search, a query): no read-back advice. */
  writes?: boolean;
  /** When the platform answered. */
  response?: ForgeResponse;
  /** When it did not (ForgeNetworkError or anything). */
  error?: unknown;
  /** The session's token is fine-grained: a GraphQL 404 may mean the grant does not reach the object. */
  fineGrained?: boolean;
}

// ---------------------------------------------------------------------------------------------
// Classification texts

const CLASSIFICATION: Readonly<Record<number, string>> = {
  400: 'bad request: check your input parameters',
  401:
    'unauthorized: either the token is invalid or expired, or it is valid but lacks a permission this route requires (some routes answer a missing permission with 401); ' +
    'if the same token works for other calls, this is a permission refusal, not a bad token',
  403:
    'access denied: your token lacks the required permissions. Possible causes: a missing API scope (api, or read_api for reads), ' +
    'an insufficient role (some operations need Maintainer or Owner), or a feature restricted by instance administrator settings',
  404: 'not found: the resource does not exist, the token has no access to it, or the feature needs a higher tier (Premium or Ultimate)',
  405: "method not allowed: the action cannot be performed in the resource's current state (for example closed, merged, archived or protected)",
  409: 'conflict: the resource already exists, or its state conflicts with this request',
  422: `validation failed: ${PLATFORM} refused the data as invalid`,
  429: `rate limited: ${PLATFORM} throttled this request, which was already sent three times; wait before retrying`,
  500: `${PLATFORM} internal server error: the failure is on the ${PLATFORM} side`,
  502: `${PLATFORM} is temporarily unavailable (bad gateway): try again shortly`,
  503: `${PLATFORM} is under maintenance or overloaded (service unavailable): try again shortly`,
};

export const AUTHENTICATION_FAILED = `authentication failed: ${PLATFORM} rejected the token itself as invalid, expired, revoked or without the api or read_api scope`;

const GRAPHQL_NOT_FOUND = `not found: ${PLATFORM} could not find it, or the token may not see it; a fine-grained token sees only what its grant covers`;
/** A GraphQL HTTP 404 in a session whose token is not fine-grained: the grant sentence would mislead. */
const GRAPHQL_NOT_FOUND_CLASSIC = `not found: ${PLATFORM} could not find it, or the token may not see it`;

const NO_ANSWER = {
  canceled: 'the request was canceled by the client',
  deadline: 'the request exceeded its deadline and was canceled',
  refusedDestination: 'this server refused to connect to that address, so the request never left the process',
  connectionRefused: `${PLATFORM} server is unreachable (connection refused). Check FORGE_URL and that the instance is running and reachable from this machine`,
  dns: `${PLATFORM} server hostname could not be resolved (DNS error). Check FORGE_URL for typos and this machine's DNS settings`,
  timeout: `Request to ${PLATFORM} timed out. The instance may be slow, overloaded or unreachable; try again, or check FORGE_URL and the network path`,
  tls:
    'TLS/SSL handshake failed. If the instance uses a private or self-signed certificate, point SSL_CERT_FILE at a trusted CA bundle; ' +
    'for development only, FORGE_MCP_SKIP_TLS_VERIFY=true (--skip-tls-verify) turns verification off',
  unexpected: 'unexpected error',
} as const;

function networkErrorClassification(method: string): string {
  const m = method.toUpperCase();
  return `network error reaching ${PLATFORM} (${m.charAt(0)}${m.slice(1).toLowerCase()})`;
}

export const PRIVATE_INSTANCES_SUGGESTION =
  'if this instance (or the address it redirected to) is meant to be on a private or loopback network, start the server with --allow-private-instances ' +
  '(FORGE_MCP_ALLOW_PRIVATE_INSTANCES=true); cloud metadata addresses stay refused even with that flag';

const CLASSIC_WAY_OUT = 'a classic token (an existing one, on an instance that no longer lets you create them), where the group does not refuse classic tokens';

/** The classification of a status alone (REST reading, no body evidence). */
export function classifyStatus(status: number): string {
  return CLASSIFICATION[status] ?? `${PLATFORM} returned HTTP ${status}`;
}

function statusText(status: number): string {
  return nodeHttp.STATUS_CODES[status] ?? 'Unknown Status';
}

// ---------------------------------------------------------------------------------------------
// Per-action hints

/**
 * An action's own error hints, declared in its catalog entry (`errorHints`): what a status means on
 * that route, or a cause every failure of it may have.
 */
export interface ErrorHints {
  /** Added to a 401 or 403 that may be a permission refusal: what each status means on this route. */
  permission?: { 401: string; 403: string };
  /** Added to every failure of the action. */
  always?: string;
  /** Added to every 401, whatever its cause (e.g. the call rotated its own token). */
  unauthorized?: string;
  /** Added to a 404: what else a missing answer means on this route (a direct-member read of someone who inherits access). */
  notFound?: string;
  /** Added to a 400 whose message says this (GitLab's words, e.g. `valid line code`): what causes it on this route. */
  badRequest?: { says: string; hint: string };
}

// ---------------------------------------------------------------------------------------------
// Error text safety

/** One line: control characters removed, whitespace runs collapsed. */
export function flattenText(text: string): string {
  return text
    .replace(/[\r\n\t\v\f\u0085\u2028\u2029]+/g, ' ')
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, '')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** Cut at `maxBytes` UTF-8 bytes without splitting a character. */
export function cutUtf8(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text, 'utf8') <= maxBytes) return text;
  let bytes = 0;
  let out = '';
  for (const ch of text) {
    const n = Buffer.byteLength(ch, 'utf8');
    if (bytes + n > maxBytes) break;
    bytes += n;
    out += ch;
  }
  return out;
}

export function safeText(text: string, maxBytes = PLATFORM_MESSAGE_MAX_BYTES): string {
  return cutUtf8(flattenText(text), maxBytes);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** `{"title": ["can't be blank"]}` → `title can't be blank`; arrays joined. */
function renderMessageValue(value: unknown, prefix = ''): string[] {
  if (value === null || value === undefined) return [];
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    const s = String(value);
    return [prefix ? `${prefix} ${s}` : s];
  }
  if (Array.isArray(value)) return value.flatMap((v) => renderMessageValue(v, prefix));
  if (isObject(value)) return Object.entries(value).flatMap(([k, v]) => renderMessageValue(v, prefix ? `${prefix}.${k}` : k));
  return [];
}

const COMPOSED_KEYS = new Set(['message', 'error', 'error_description']);
const ORBIT_QUOTED_CODES = new Set(['compile_error', 'validation_error']);

function isOrbitQuery(method: string, url: string): boolean {
  if (method.toUpperCase() !== 'POST') return false;
  try {
    return new URL(url).pathname.replace(/\/+$/, '').endsWith('/api/v4/orbit/query');
  } catch {
    return false;
  }
}

/**
 * The message the platform composed, flattened and cut; undefined when there is none or the body
 * is one the platform did not compose (non-JSON, or a key other than message/error/error_description).
 */
export function platformMessage(body: unknown, method: string, url: string): string | undefined {
  if (!isObject(body)) return undefined;
  const keys = Object.keys(body);
  if (keys.length === 0) return undefined;
  if (!keys.every((k) => COMPOSED_KEYS.has(k))) {
    // Orbit exception: exactly a string code and a string message, code compile_error/validation_error.
    if (
      isOrbitQuery(method, url) &&
      keys.length === 2 &&
      keys.includes('code') &&
      keys.includes('message') &&
      typeof body.code === 'string' &&
      typeof body.message === 'string' &&
      ORBIT_QUOTED_CODES.has(body.code)
    ) {
      return safeText(`${body.code}: ${body.message}`) || undefined;
    }
    return undefined;
  }
  const parts: string[] = [];
  const msg = renderMessageValue(body.message).join('; ');
  if (msg) parts.push(msg);
  const err = typeof body.error === 'string' ? body.error : renderMessageValue(body.error).join('; ');
  const desc = typeof body.error_description === 'string' ? body.error_description : renderMessageValue(body.error_description).join('; ');
  if (err && desc) parts.push(`${err}: ${desc}`);
  else if (err || desc) parts.push(err || desc);
  const text = safeText(parts.join('; '));
  return text || undefined;
}

/** True when the message says nothing beyond the status (`404 Not Found`, `Forbidden`, `401`). */
function repeatsStatus(message: string, status: number): boolean {
  // Letters and digits of any script: a message in another language says more than the status.
  const norm = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  const m = norm(message);
  const text = norm(statusText(status));
  return m === '' || m === String(status) || m === text || m === `${status} ${text}`;
}

/** Each `errors[].message` of a GraphQL body, flattened; undefined when the body must be dropped. */
function graphqlErrorMessages(body: unknown): string[] | undefined {
  if (!isObject(body)) return undefined;
  if (!Object.keys(body).every((k) => k === 'data' || k === 'errors' || k === 'extensions')) return undefined;
  if (!Array.isArray(body.errors)) return undefined;
  const out: string[] = [];
  for (const e of body.errors) {
    const m = isObject(e) ? e.message : e;
    if (typeof m === 'string') {
      const f = flattenText(m);
      if (f) out.push(f);
    }
  }
  return out;
}

function joinCapped(messages: string[], sep: string): string {
  return cutUtf8(messages.join(sep), GRAPHQL_ERRORS_MAX_BYTES);
}

// ---------------------------------------------------------------------------------------------
// Evidence read from the answer

const RFC6750_CODES = new Set(['invalid_request', 'invalid_token', 'insufficient_scope', 'insufficient_granular_scope']);

function wwwAuthenticateError(headers: Record<string, string>): string | undefined {
  const h = headers['www-authenticate'];
  if (!h) return undefined;
  return /\berror\s*=\s*"?([A-Za-z_]+)"?/.exec(h)?.[1];
}

/** The RFC 6750 error code of a REST answer (body `error` or WWW-Authenticate), if any. */
function rfc6750Code(res: ForgeResponse): string | undefined {
  const body = res.body;
  if (isObject(body) && typeof body.error === 'string' && RFC6750_CODES.has(body.error)) return body.error;
  const fromHeader = wwwAuthenticateError(res.headers ?? {});
  return fromHeader && RFC6750_CODES.has(fromHeader) ? fromHeader : undefined;
}

const ACCOUNT_REFUSALS: readonly RegExp[] = [
  /\bblocked\b/i,
  /\bdeactivated\b/i,
  /pending[ _]approval/i,
  /\binternal users?\b/i,
  /terms of (service|use)|accept the terms|terms not accepted/i,
  /\b(e-?mail)\b.{0,40}\b(not (been )?confirmed|unconfirmed|confirm)/i,
  /\b(confirm|unconfirmed)\b.{0,40}\be-?mail\b/i,
  /password (has )?expired|expired password|password is expired/i,
];

/** The platform refused the account itself (blocked, deactivated, pending approval, ...). */
function refusesAccount(text: string | undefined): boolean {
  return !!text && ACCOUNT_REFUSALS.some((re) => re.test(text));
}

function rawMessageText(body: unknown): string {
  if (typeof body === 'string') return body.slice(0, 4096);
  if (!isObject(body)) return '';
  return [body.message, body.error, body.error_description]
    .flatMap((v) => renderMessageValue(v))
    .join(' ')
    .slice(0, 4096);
}

export type FineGrainedSentence =
  | { kind: 'requires'; boundary?: string; permission: string }
  | { kind: 'unsupported' }
  | { kind: 'not-enabled' };

const FINE_GRAINED_WORD = /fine[- ]grained|granular/i;

/** Reads the platform's fine-grained refusal sentence (each errors[] entry is read whole). */
export function parseFineGrainedSentence(sentence: string): FineGrainedSentence | null {
  const s = flattenText(sentence);
  if (!FINE_GRAINED_WORD.test(s)) return null;
  if (/not yet supported|not yet (been )?enabled|not (been )?enabled for/i.test(s)) return { kind: 'not-enabled' };
  if (/does not support|do not support|doesn't support|not supported|declares? no (fine[- ]grained|granular) permission/i.test(s)) return { kind: 'unsupported' };
  const bracket = /\[([^\]]+)\]/.exec(s);
  if (bracket && /requires?|required|needs?|missing|listed/i.test(s)) {
    const before = s.slice(0, bracket.index);
    const boundary = /\b(project|group|user|instance)\b(?![\s\S]*\b(?:project|group|user|instance)\b)/i.exec(before)?.[1];
    return { kind: 'requires', boundary, permission: cutUtf8(bracket[1].trim(), 512) };
  }
  return null;
}

function fineGrainedClassification(parsed: FineGrainedSentence | null): string {
  if (parsed?.kind === 'requires') {
    const b = parsed.boundary ? `${parsed.boundary} ` : '';
    return (
      `access denied: this call needs the fine-grained ${b}permission [${parsed.permission}], which this token was not granted; ` +
      `a grant cannot be changed, so use a new fine-grained token that includes it, or ${CLASSIC_WAY_OUT}; ` +
      'a classic token refused this way is under a group that requires fine-grained tokens'
    );
  }
  if (parsed?.kind === 'unsupported') {
    return `access denied: no fine-grained permission is declared for this operation, so no fine-grained token can call it; use ${CLASSIC_WAY_OUT}`;
  }
  if (parsed?.kind === 'not-enabled') {
    return `access denied: fine-grained tokens are not enabled for this token's user (a feature flag); use ${CLASSIC_WAY_OUT}, or ask the administrator to enable them`;
  }
  return (
    'access denied: this call needs a fine-grained permission this token was not granted; ' +
    `a grant cannot be changed, so use a new fine-grained token that includes it, or ${CLASSIC_WAY_OUT}; ` +
    'a classic token refused this way is under a group that requires fine-grained tokens'
  );
}

const GRAPHQL_NOT_FOUND_ENTRY = /^\s*404\b.*not found|^\s*not found\s*$/i;

// ---------------------------------------------------------------------------------------------
// Failure detection

/** status >= 400, or a GraphQL 2xx with errors and a null data field (or no usable body). */
export function isFailure(res: ForgeResponse, graphql: boolean): boolean {
  if (res.status >= 400) return true;
  if (!graphql || res.status < 200 || res.status >= 300) return false;
  const body = res.body;
  if (!isObject(body)) return true;
  const errors = body.errors;
  if (!Array.isArray(errors) || errors.length === 0) return false;
  const data = body.data;
  if (data === null || data === undefined) return true;
  if (isObject(data)) return Object.values(data).some((v) => v === null);
  return false;
}

// ---------------------------------------------------------------------------------------------
// The message

function requestLine(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return url.replace(/[?#].*$/s, '').replace(/\/\/[^/@]*@/, '//');
  }
}

function assemble(operation: string, classification: string, platformMsg: string | undefined, hint: string | undefined, cause: string | undefined): string {
  let s = `${operation}: ${classification}`;
  if (platformMsg) s += ` (${platformMsg})`;
  if (hint) s += `. Suggestion: ${hint}`;
  if (cause) s += `: ${cause}`;
  return s;
}

function isReadMethod(method: string): boolean {
  const m = method.toUpperCase();
  return m === 'GET' || m === 'HEAD' || m === 'OPTIONS';
}

/** What a 5xx tells the assistant about re-sending. */
function serverErrorNote(status: number, method: string, graphql: boolean, graphqlKind: 'query' | 'mutation' | undefined, writes?: boolean): string {
  const m = method.toUpperCase();
  if (graphql) {
    if (graphqlKind === 'query' || writes === false) return 'GraphQL requests are not re-sent';
    return 'this write was not re-sent and may have been applied: read it back before writing again';
  }
  if (writes === false && !isReadMethod(m)) return 'the request was not re-sent';
  const resent = status !== 501 && (m === 'GET' || m === 'HEAD' || m === 'PUT' || m === 'DELETE' || m === 'OPTIONS');
  if (isReadMethod(m)) return resent ? 'the request was already sent three times' : 'the request was not re-sent';
  if (resent) return 'this write was sent three times and may have been applied: read it back before writing again';
  return 'this write was not re-sent and may have been applied: read it back before writing again';
}

interface HintFacts {
  status?: number;
  permissionRefusalPossible: boolean;
}

function composeHint(ctx: FailureContext, facts: HintFacts): string | undefined {
  const parts: string[] = [];
  const status = facts.status;
  const hints = ctx.errorHints;
  if (hints?.permission && (status === 401 || status === 403) && facts.permissionRefusalPossible) parts.push(hints.permission[status]);
  if (hints?.always) parts.push(hints.always);
  if (status === 401 && hints?.unauthorized) parts.push(hints.unauthorized);
  if (status === 404 && hints?.notFound) parts.push(hints.notFound);
  if (status === 400 && hints?.badRequest && JSON.stringify(ctx.response?.body ?? '').includes(hints.badRequest.says)) parts.push(hints.badRequest.hint);
  const unique = [...new Set(parts)];
  return unique.length ? unique.join('; ') : undefined;
}

function describeNoAnswer(ctx: FailureContext): string {
  const kind: ForgeNetworkErrorKind = networkKindOf(ctx.error);
  const method = (ctx.error instanceof ForgeNetworkError ? ctx.error.method : ctx.method) || 'GET';
  const line = requestLine(ctx.error instanceof ForgeNetworkError && ctx.error.url ? ctx.error.url : ctx.url);
  const detail = ctx.error instanceof ForgeNetworkError ? safeText(ctx.error.detail, 512) : kind === 'unexpected' ? '' : kind;
  const cause = `${method.toUpperCase()} ${line}${detail ? `: ${detail}` : ''}`;

  if (kind === 'canceled') return assemble(ctx.operation, NO_ANSWER.canceled, undefined, undefined, cause);
  if (kind === 'deadline') return assemble(ctx.operation, NO_ANSWER.deadline, undefined, undefined, cause);
  if (kind === 'refused-destination') return assemble(ctx.operation, NO_ANSWER.refusedDestination, undefined, PRIVATE_INSTANCES_SUGGESTION, cause);

  let classification: string;
  switch (kind) {
    case 'connection-refused':
      classification = NO_ANSWER.connectionRefused;
      break;
    case 'dns':
      classification = NO_ANSWER.dns;
      break;
    case 'timeout':
      classification = NO_ANSWER.timeout;
      break;
    case 'tls':
      classification = NO_ANSWER.tls;
      break;
    case 'network':
      classification = networkErrorClassification(method);
      break;
    default:
      classification = NO_ANSWER.unexpected;
  }
  // A write whose connection broke after sending may have been applied.
  const sentMaybe = (kind === 'network' || kind === 'timeout') && !isReadMethod(method) && ctx.writes !== false && !(ctx.error instanceof ForgeNetworkError && ctx.error.beforeSend);
  if (sentMaybe) classification += '; the write may have reached the instance: read it back before writing again';
  const hint = composeHint(ctx, { permissionRefusalPossible: false });
  return assemble(ctx.operation, classification, undefined, hint, cause);
}

/** The embedded sandbox's refusal of a route it does not simulate (501, or a GraphQL error entry). */
const SANDBOX_REFUSAL = /^not simulated by the sandbox: (.+)$/;

/** A read the sandbox serves, refused for params it would not apply: `GET /projects/:id/issues with a, b`. */
const UNSIMULATED_PARAMS = /^(\S+ \S+) with ([\w, [\]]+)$/;

/** The request a sandbox refusal names (`POST /projects/:id/...`, `GraphQL mutation x`), if the answer is one. */
function sandboxRefusal(res: ForgeResponse, graphql: boolean): string | undefined {
  const body = res.body;
  if (!isObject(body)) return undefined;
  const messages = graphql ? graphqlErrorMessages(body) ?? [] : res.status === 501 && typeof body.message === 'string' ? [body.message] : [];
  for (const m of messages) {
    const hit = SANDBOX_REFUSAL.exec(m);
    if (hit) return safeText(hit[1], 512);
  }
  return undefined;
}

/** The message of a failed platform request (SPEC "Errors"). */
export function describeFailure(ctx: FailureContext): string {
  const res = ctx.response;
  if (!res) return describeNoAnswer(ctx);
  const unsimulated = sandboxRefusal(res, !!ctx.graphql);
  const params = unsimulated ? UNSIMULATED_PARAMS.exec(unsimulated) : null;
  if (params) {
    const one = !params[2].includes(',');
    return `${ctx.operation}: the sandbox does not simulate the param${one ? '' : 's'} ${params[2]} of this action; against a ${PLATFORM} instance it calls ${params[1]} with ${one ? 'it' : 'them'}. Leave ${one ? 'it' : 'them'} out to run here.`;
  }
  if (unsimulated) return `${ctx.operation}: the sandbox does not simulate this action; against a ${PLATFORM} instance it calls ${unsimulated}`;

  const graphql = !!ctx.graphql;
  const status = res.status;
  const method = (ctx.method || 'GET').toUpperCase();
  const line = requestLine(res.url || ctx.url);
  const restMsg = platformMessage(res.body, method, res.url || ctx.url);
  const shownMsg = restMsg && !repeatsStatus(restMsg, status) ? restMsg : undefined;
  const gqlMessages = graphql ? graphqlErrorMessages(res.body) : undefined;

  // GraphQL answered 2xx with errors: no status to classify by.
  if (graphql && status < 300) {
    const messages = gqlMessages ?? [];
    const fgEntry = messages.map((m) => ({ m, parsed: parseFineGrainedSentence(m) })).find((e) => e.parsed);
    const listLabel = ctx.graphqlKind === 'query' ? 'GraphQL errors' : fgEntry || ctx.graphqlKind === 'mutation' ? 'mutation errors' : 'GraphQL errors';
    const joined = gqlMessages === undefined ? (isObject(res.body) ? `${PLATFORM} answered errors it did not describe` : `${PLATFORM} did not answer with JSON`) : joinCapped(messages, '; ');
    const cause = `${ctx.operation} ${listLabel}: ${joined}`;
    if (fgEntry) return assemble(ctx.operation, fineGrainedClassification(fgEntry.parsed), undefined, undefined, cause);
    if (messages.some((m) => GRAPHQL_NOT_FOUND_ENTRY.test(m))) {
      const hint = composeHint(ctx, { status: 404, permissionRefusalPossible: false });
      return assemble(ctx.operation, GRAPHQL_NOT_FOUND, undefined, hint, 'failed to execute GraphQL query: 404 Not Found');
    }
    const hint = composeHint(ctx, { permissionRefusalPossible: false });
    return assemble(ctx.operation, NO_ANSWER.unexpected, undefined, hint, cause);
  }

  // Fine-grained refusal over REST: a 403 carrying insufficient_granular_scope (the code alone is enough).
  const code = graphql ? undefined : rfc6750Code(res);
  if (!graphql && status === 403 && code === 'insufficient_granular_scope') {
    const body = res.body;
    const sentence = restMsg && isObject(body) && typeof body.error_description === 'string' ? body.error_description : restMsg && isObject(body) && typeof body.message === 'string' ? body.message : undefined;
    const parsed = sentence ? parseFineGrainedSentence(sentence) : null;
    const cause = `${method} ${line}: ${status} ${statusText(status)}${restMsg ? `: ${restMsg}` : ''}`;
    return assemble(ctx.operation, fineGrainedClassification(parsed), undefined, undefined, cause);
  }
  // Fine-grained refusal sentence in a GraphQL error status answer.
  if (graphql && gqlMessages) {
    const fg = gqlMessages.map((m) => parseFineGrainedSentence(m)).find(Boolean);
    if (fg) {
      const cause = `${method} ${line}: ${status} ${statusText(status)} (GraphQL errors: ${joinCapped(gqlMessages, ', ')})`;
      return assemble(ctx.operation, fineGrainedClassification(fg), undefined, undefined, cause);
    }
  }

  // Classification by status.
  const tokenRefused = status === 401 && (graphql || code === 'invalid_token');
  const accountRefused = (status === 401 || status === 403) && refusesAccount(rawMessageText(res.body));
  const permissionRefusalPossible = !graphql && (status === 401 || status === 403) && !code && !accountRefused && !tokenRefused;

  let classification: string;
  if (status === 401) classification = tokenRefused ? AUTHENTICATION_FAILED : CLASSIFICATION[401];
  else if (status === 404 && graphql) classification = ctx.fineGrained ? GRAPHQL_NOT_FOUND : GRAPHQL_NOT_FOUND_CLASSIC;
  else classification = classifyStatus(status);
  if (status >= 500) classification += `; ${serverErrorNote(status, method, graphql, ctx.graphqlKind, ctx.writes)}`;

  let cause: string;
  if (status === 404) cause = graphql ? 'failed to execute GraphQL query: 404 Not Found' : '404 Not Found';
  else if (graphql && gqlMessages && gqlMessages.length) cause = `${method} ${line}: ${status} ${statusText(status)} (GraphQL errors: ${joinCapped(gqlMessages, ', ')})`;
  else cause = `${method} ${line}: ${status} ${statusText(status)}${shownMsg ? `: ${shownMsg}` : ''}`;
  const parenthesized = graphql && gqlMessages && gqlMessages.length ? undefined : shownMsg;
  const hint = composeHint(ctx, { status, permissionRefusalPossible });
  return assemble(ctx.operation, classification, parenthesized, hint, cause);
}

/**
 * A refused mutation that answered 200 with its reasons in the payload's own `errors` list (or any
 * GraphQL error list a handler read itself): `<operation>: unexpected error: <operation> mutation errors: <m>; <m>`,
 * or the fine-grained description when an entry is the platform's fine-grained sentence.
 */
export function describeGraphqlErrors(operation: string, errors: unknown[], kind: 'query' | 'mutation' = 'mutation'): string {
  const messages = errors
    .map((e) => (isObject(e) ? e.message : e))
    .filter((m): m is string | number => typeof m === 'string' || typeof m === 'number')
    .map((m) => flattenText(String(m)))
    .filter(Boolean);
  const label = kind === 'query' ? 'GraphQL errors' : 'mutation errors';
  const cause = `${operation} ${label}: ${joinCapped(messages, '; ')}`;
  const fg = messages.map((m) => parseFineGrainedSentence(m)).find(Boolean);
  if (fg) return assemble(operation, fineGrainedClassification(fg), undefined, undefined, cause);
  return assemble(operation, NO_ANSWER.unexpected, undefined, undefined, cause);
}

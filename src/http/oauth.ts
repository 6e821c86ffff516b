// OAuth mode (SPEC "OAuth mode"): scope introspection of a bearer token, the identity cache, the
// protected-resource metadata document and the challenges that point clients at it.
import type { IncomingMessage } from 'node:http';
import type { Config } from '../config/index.js';
import type { ForgeClient, ForgeResponse } from '../forge/types.js';
import type { TokenKind } from '../session/session.js';
import { ExpiringMap } from './expiring.js';

/** What the verifier learned about a token; no token material. */
export interface Identity {
  userId?: number;
  username?: string;
  kind: TokenKind;
  /** null: not described (fine-grained token without Personal Access Token: Read). */
  scopes: string[] | null;
  /** true when neither introspection endpoint answered and `api` was assumed. */
  assumed: boolean;
  /** Epoch ms the token itself expires, when the platform said. */
  tokenExpiresAt?: number;
}

export type Introspection =
  | { kind: 'described'; identity: Identity; applicationUid?: string }
  /**
   * Neither endpoint describes the token and one refused it: it reads as carrying no scope.
   * `infoUnanswered`: /oauth/token/info itself had an outage (5xx, timeout), so the verdict is not remembered.
   */
  | { kind: 'no-scope'; infoUnanswered: boolean }
  /** Nothing answered (404, 5xx, timeout). */
  | { kind: 'unanswered' }
  /** The platform throttled the introspection: never cached. */
  | { kind: 'throttled'; retryAfter?: string };

const INTROSPECT_TIMEOUT_MS = 10_000;

const scopesOf = (v: unknown): string[] => {
  if (Array.isArray(v)) return v.filter((x): x is string => typeof x === 'string');
  if (typeof v === 'string') return v.split(/\s+/).filter((x) => x !== '');
  return [];
};

/** A PAT's `expires_at` is a date (YYYY-MM-DD, the token stops working at its start) or a timestamp. */
function patExpiry(v: unknown): number | undefined {
  if (typeof v !== 'string' || v === '') return undefined;
  const at = Date.parse(v.length === 10 ? `${v}T00:00:00Z` : v);
  return Number.isFinite(at) ? at : undefined;
}

const retryAfterOf = (r: ForgeResponse): string | undefined => {
  const v = r.headers['retry-after']?.trim();
  return v && /^\d{1,6}$/.test(v) ? v : undefined;
};

async function ask(client: ForgeClient, path: string, root: boolean): Promise<ForgeResponse | undefined> {
  try {
    return await client.send({ method: 'GET', path, root, signal: AbortSignal.timeout(INTROSPECT_TIMEOUT_MS) });
  } catch {
    return undefined;
  }
}

/**
 * Scope introspection: `/personal_access_tokens/self` for a personal access token, then
 * `/oauth/token/info` for an OAuth token. A 403 carrying `insufficient_granular_scope` at the self
 * endpoint still reveals a fine-grained token (its grant is judged per call).
 */
export async function introspect(client: ForgeClient): Promise<Introspection> {
  const self = await ask(client, '/personal_access_tokens/self', false);
  if (self?.status === 200 && self.body && typeof self.body === 'object' && Array.isArray((self.body as { scopes?: unknown }).scopes)) {
    const b = self.body as { scopes: unknown; expires_at?: unknown };
    const scopes = scopesOf(b.scopes);
    const kind: TokenKind = scopes.length === 1 && scopes[0] === 'granular' ? 'fine_grained' : 'classic';
    return { kind: 'described', identity: { kind, scopes, assumed: false, tokenExpiresAt: patExpiry(b.expires_at) } };
  }
  if (self?.status === 403 && (self.body as { error?: unknown } | null)?.error === 'insufficient_granular_scope') {
    return { kind: 'described', identity: { kind: 'fine_grained', scopes: null, assumed: false } };
  }
  const info = await ask(client, '/oauth/token/info', true);
  if (info?.status === 200 && info.body && typeof info.body === 'object') {
    const b = info.body as { scope?: unknown; scopes?: unknown; expires_in?: unknown; expires_in_seconds?: unknown; application?: { uid?: unknown } | null };
    const expiresIn = typeof b.expires_in === 'number' ? b.expires_in : typeof b.expires_in_seconds === 'number' ? b.expires_in_seconds : undefined;
    const uid = typeof b.application?.uid === 'string' ? b.application.uid : undefined;
    return {
      kind: 'described',
      identity: { kind: 'oauth', scopes: scopesOf(b.scope ?? b.scopes), assumed: false, tokenExpiresAt: expiresIn !== undefined ? Date.now() + expiresIn * 1000 : undefined },
      ...(uid ? { applicationUid: uid } : {}),
    };
  }
  if (self?.status === 429 || info?.status === 429) return { kind: 'throttled', retryAfter: (info && retryAfterOf(info)) ?? (self && retryAfterOf(self)) };
  const refused = (r: ForgeResponse | undefined) => r?.status === 401 || r?.status === 403;
  if (refused(self) || refused(info)) return { kind: 'no-scope', infoUnanswered: !info || info.status >= 500 };
  return { kind: 'unanswered' };
}

/** Whether the scopes meet the admission minimum (`read_api`); a fine-grained token is unknown authority. */
export function admissible(i: Identity): boolean {
  if (i.kind === 'fine_grained' || i.scopes === null) return true;
  return i.scopes.includes('api') || i.scopes.includes('read_api');
}

/**
 * Verified identities keyed by the SHA-256 digest of instance plus token: TTL `--oauth-cache-ttl`,
 * never past the token's own expiry; at most 10,000; when full, an expired identity is replaced,
 * else the least recently used.
 */
export class IdentityCache {
  private readonly map: ExpiringMap<Identity>;

  constructor(private readonly ttlMs: number, max = 10_000, private readonly now: () => number = Date.now) {
    this.map = new ExpiringMap<Identity>(max, now);
  }

  get size(): number { return this.map.size; }

  get(key: string): Identity | undefined {
    return this.map.get(key);
  }

  /** How long an identity may be kept: the TTL, never past the token's own expiry. */
  ttlFor(identity: Identity): number {
    return Math.min(this.ttlMs, (identity.tokenExpiresAt ?? Number.POSITIVE_INFINITY) - this.now());
  }

  /** `capMs`: what is left of an identity another replica verified (Redis). */
  put(key: string, identity: Identity, capMs = Number.POSITIVE_INFINITY): void {
    this.map.set(key, identity, Math.min(capMs, this.ttlFor(identity)));
  }
}

/** The one scope OAuth mode publishes and challenges name: `api`, or `read_api` under read-only or safe mode. */
export function publishedScope(config: Config): 'api' | 'read_api' {
  return config.readOnly || config.safeMode ? 'read_api' : 'api';
}

/** The service's own address: `--public-url`, else the scheme and Host of the request. */
export function baseUrlOf(config: Config, req: IncomingMessage): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '');
  const tls = !!config.tlsCert;
  const host = req.headers.host && /^[A-Za-z0-9.\-[\]:]+$/.test(req.headers.host) ? req.headers.host : 'localhost';
  return `${tls ? 'https' : 'http'}://${host}`;
}

/** Path of the protected-resource metadata document: `--public-url`'s path appended at the host root. */
export function metadataPath(config: Config): string {
  const path = config.publicUrl ? new URL(config.publicUrl).pathname.replace(/\/+$/, '') : '';
  return `/.well-known/oauth-protected-resource${path}`;
}

export function metadataUrl(config: Config, req: IncomingMessage): string {
  const base = config.publicUrl ? new URL(config.publicUrl).origin : baseUrlOf(config, req);
  return `${base}${metadataPath(config)}`;
}

/** Where the resource documentation lives (`--resource-documentation`, else the project's README). */
const DEFAULT_RESOURCE_DOCUMENTATION = 'https://www.npmjs.com/package/forge-mcp-server';
export const resourceDocumentation = (config: Config): string => config.resourceDocumentation ?? DEFAULT_RESOURCE_DOCUMENTATION;

/** The OAuth protected-resource metadata document (RFC 9728). */
export function protectedResourceMetadata(config: Config, req: IncomingMessage): Record<string, unknown> {
  return {
    resource: baseUrlOf(config, req),
    authorization_servers: [...config.forgeUrls],
    scopes_supported: [publishedScope(config)],
    bearer_methods_supported: ['header'],
    resource_documentation: resourceDocumentation(config),
  };
}

const quoted = (v: string): string => `"${v.replace(/["\\\r\n]/g, ' ')}"`;

/** `WWW-Authenticate` for OAuth mode; `fields` are added after the resource metadata and scope. */
export function oauthChallenge(config: Config, req: IncomingMessage, fields: Record<string, string> = {}): string {
  const all: Record<string, string> = { ...fields };
  all.resource_metadata ??= metadataUrl(config, req);
  all.scope ??= publishedScope(config);
  return 'Bearer ' + Object.entries(all).map(([k, v]) => `${k}=${quoted(v)}`).join(', ');
}

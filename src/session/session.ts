// A session: who is calling (token kind, scopes), on which instance, with which options.
// Built once (stdio: at start; HTTP: per pool entry) and shared by every call.
// SPEC "Platform endpoints the service calls", "Startup permissions of a fine-grained token", "Admission minimum and scope effects".
import type { Config } from '../config/index.js';
import type { Tier } from '../catalog/define.js';
import type { ForgeClient } from '../forge/types.js';
import type { Logger } from '../observe/log.js';
import { metersFor } from './meters.js';
import { evaluateGrant } from './grant.js';
import { readVersion } from './version.js';
import type { Session, TokenKind } from './types.js';

export type {  Session, TokenKind } from './types.js';
export { isHostedInstance,  } from './version.js';

const ADMIN_SCOPE = 'admin_mode';

export function newSession(config: Config, client: ForgeClient, log: Logger): Session {
  return {
    config,
    client,
    log,
    auth: { kind: 'unknown', scopes: null, detected: false },
    tier: config.tier ?? 'free',
    meters: metersFor(config),
    lastActivity: Date.now(),
  };
}

/**
 * The reads every session makes before serving its first catalog method: token kind and scopes,
 * instance release, tier. Bounded: after `boundMs` the session serves what it knows (nothing filtered
 * when the scopes are still unknown). Sets and returns `s.ready`.
 */
export function startSessionReads(s: Session, boundMs: number, extra: Array<Promise<void>> = []): Promise<void> {
  // Scopes already known (OAuth mode's verifier described the token) are not asked again.
  const scopes = s.auth.detected ? Promise.resolve() : detectScopes(s);
  const reads = Promise.all([...extra, scopes, readVersion(s), detectTier(s)]).then(() => undefined);
  const bound = new Promise<void>((r) => setTimeout(r, boundMs).unref());
  s.scopesRead = Promise.race([scopes, bound]);
  s.ready = Promise.race([reads, bound]);
  return s.ready;
}

/** Scopes allow writes: `api`, or scopes unknown (the platform judges), or scope filtering switched off. */
export function scopesAllowWrites(s: Session): boolean {
  if (s.config.ignoreScopes || s.auth.scopes === null) return true;
  if (s.auth.kind === 'fine_grained') return true; // unknown authority, never read-only
  return s.auth.scopes.includes('api');
}

export function hasAdminMode(s: Session): boolean {
  if (s.auth.scopes === null || s.auth.kind === 'fine_grained') return true;
  return s.auth.scopes.includes(ADMIN_SCOPE);
}

/** Scopes were read and carry neither `read_api` nor `api`: every catalog method is refused. */
export function belowMinimum(s: Session): boolean {
  const sc = s.auth.scopes;
  if (sc === null || s.auth.kind === 'fine_grained') return false;
  return !sc.includes('api') && !sc.includes('read_api');
}

/**
 * Reads the token kind and scopes at /personal_access_tokens/self. A refusal or an answer without
 * scopes leaves them unknown (nothing filtered) and says so at WARN.
 */
export async function detectScopes(s: Session): Promise<void> {
  if (s.auth.kind === 'oauth') return detectOAuthScopes(s);
  try {
    const res = await s.client.send({ method: 'GET', path: '/personal_access_tokens/self', signal: AbortSignal.timeout(15_000) });
    const body = res.body as { scopes?: unknown; id?: unknown } | null;
    if (res.status === 200 && body && Array.isArray(body.scopes)) {
      const scopes = body.scopes.filter((x): x is string => typeof x === 'string');
      const kind: TokenKind = scopes.length === 1 && scopes[0] === 'granular' ? 'fine_grained' : 'classic';
      const wasUnknown = !s.auth.detected;
      s.auth = { kind, scopes, detected: true };
      if (wasUnknown) s.log.info({ token_kind: kind }, 'token kind learned');
      if (kind === 'fine_grained') await evaluateGrant(s, typeof body.id === 'number' ? body.id : undefined);
      return;
    }
    if (res.status === 403 && (body as { error?: unknown } | null)?.error === 'insufficient_granular_scope') {
      // A refusal of the self description still reveals a fine-grained token: it cannot read its grant.
      s.auth = { kind: 'fine_grained', scopes: null, detected: true };
      await evaluateGrant(s, undefined);
      return;
    }
    if (res.status === 401 || res.status === 403) {
      // The platform refused the self-description: an OAuth token or one without the permission.
      s.auth = { kind: 'unknown', scopes: null, detected: true };
      s.log.warn({ status: res.status }, 'scope detection failed: the platform refused the token self-description; serving the whole catalog');
      return;
    }
    unanswered(s, { status: res.status });
  } catch (err) {
    unanswered(s, { error: (err as Error).message });
  }
}

const warnedUnknown = new WeakSet<Session>();

/** Scope detection unanswered: WARN the first time, DEBUG on every later re-ask that is still unanswered. */
function unanswered(s: Session, fields: Record<string, unknown>): void {
  if (warnedUnknown.has(s)) {
    s.log.debug(fields, 'token kind still unknown');
    return;
  }
  warnedUnknown.add(s);
  s.log.warn(fields, 'scope detection failed; serving the whole catalog, the platform judges every call');
}

/** An OAuth token describes itself at /oauth/token/info; an unanswered re-read keeps what was known. */
async function detectOAuthScopes(s: Session): Promise<void> {
  try {
    const res = await s.client.send({ method: 'GET', path: '/oauth/token/info', root: true, signal: AbortSignal.timeout(15_000) });
    const scope = (res.body as { scope?: unknown } | null)?.scope;
    if (res.status === 200 && (Array.isArray(scope) || typeof scope === 'string')) {
      const scopes = (Array.isArray(scope) ? scope : scope.split(/\s+/)).filter((x): x is string => typeof x === 'string' && x !== '');
      s.auth = { kind: 'oauth', scopes, detected: true };
      return;
    }
    s.log.debug({ status: res.status }, 'OAuth scopes re-read unanswered; keeping what was known');
  } catch (err) {
    s.log.debug({ error: (err as Error).message }, 'OAuth scopes re-read unanswered; keeping what was known');
  }
}

const PLAN_TIER: Array<[RegExp, Tier]> = [[/ultimate|gold|opensource/i, 'ultimate'], [/premium|silver/i, 'premium']];
const planTier = (plan: unknown): Tier | undefined => (typeof plan === 'string' ? PLAN_TIER.find(([re]) => re.test(plan))?.[1] : undefined);
const higher = (a: Tier, b: Tier | undefined): Tier => (b === 'ultimate' || (b === 'premium' && a === 'free') ? b : a);

/**
 * Tier detection when FORGE_MCP_TIER does not pin it: the instance license (readable by an
 * administrator), else the plans of the namespaces the token administers. Unreadable → Free.
 */
async function detectTier(s: Session): Promise<void> {
  if (s.config.tier) return;
  let tier: Tier = 'free';
  try {
    const lic = await s.client.send({ method: 'GET', path: '/license', signal: AbortSignal.timeout(15_000) });
    if (lic.status === 200) tier = higher(tier, planTier((lic.body as { plan?: unknown } | null)?.plan));
    if (tier !== 'ultimate') {
      const ns = await s.client.send({ method: 'GET', path: '/namespaces', query: { owned_only: true, per_page: 100 }, signal: AbortSignal.timeout(15_000) });
      if (ns.status === 200 && Array.isArray(ns.body)) for (const n of ns.body as Array<{ plan?: unknown }>) tier = higher(tier, planTier(n?.plan));
    }
  } catch {
    // Unreachable: stay on Free until a restart; FORGE_MCP_TIER pins it.
  }
  if (tier !== s.tier) s.log.info({ tier }, 'tier detected');
  s.tier = tier;
}
// Legacy mode admission (SPEC "Legacy mode admission", "Authentication failures on HTTP"): a new
// credential is checked with GET /api/v4/user against its instance, then its session is built the
// way stdio builds one (scopes, version, tier).
// SPEC "Credentials".
import type { Config } from '../config/index.js';
import { createForgeClient } from '../forge/client.js';
import { networkKindOf } from '../forge/errors.js';
import { platformMessage, safeText } from '../forge/classify.js';
import type { ForgeClient, ForgeResponse } from '../forge/types.js';
import type { Logger } from '../observe/log.js';
import { belowMinimum, newSession, startSessionReads, type Session } from '../session/session.js';
import { admissible, introspect, type Identity } from './oauth.js';

export type Admission =
  /** `verified: false`: the instance could not be reached, so the token was not checked (legacy mode). */
  | { kind: 'admitted'; client: ForgeClient; session: Session; identity: Identity; verified?: false }
  /** The platform refused the token (401): charged, remembered. */
  | { kind: 'refused' }
  /** Accepted by the platform but not admissible (below read_api, no User: Read): 403, remembered, not charged. */
  | { kind: 'forbidden'; reason: 'scope' | 'user-read'; message: string; transient?: boolean }
  /** OAuth mode with --oauth-client-uid: the token names no admitted application. 401, remembered, not charged. */
  | { kind: 'pin-refused'; message: string }
  /** Nothing definitive: throttled, unreachable, 5xx. 503, neither charged nor remembered. */
  | { kind: 'unavailable'; retryAfter?: string; message: string }
  /** The outbound checks refused the instance the request names. */
  | { kind: 'destination'; message: string };

const BELOW_MINIMUM_MESSAGE =
  'The token carries neither the read_api nor the api scope; this server needs at least read_api. Create a token with read_api (read-only) or api.';

const CHECK_TIMEOUT_MS = 15_000;
/** No connection at all (as opposed to a slow or failing answer, which is a 503). */
const UNREACHABLE = new Set(['connection-refused', 'dns', 'tls']);
const STARTUP_READS_MS = 5_000;

export interface AdmitInput {
  config: Config;
  log: Logger;
  instance: string;
  token: string;
  /** The header the caller used; the same form is sent to the platform. */
  via: 'private-token' | 'bearer';
  /** false when the FORGE-URL header named the instance (--allow-any-forge-url): tier-B outbound checks apply. */
  operatorNamed: boolean;
  /** Called when a call on this credential is refused by the platform (401): the pool entry ends. */
  onRefused: () => void;
  /** OAuth mode: the admitted applications (empty: any), and the identity already verified, if cached. */
  oauth?: { pin: readonly string[]; cached?: Identity };
}

const pinUnanswered = (instance: string): Extract<Admission, { kind: 'unavailable' }> => ({
  kind: 'unavailable', retryAfter: '5',
  message: `The instance ${instance} did not answer the token introspection needed to check the OAuth application; the token has not been rejected. Retry later.`,
});

const scopeList = (scopes: readonly string[] | null): string => (scopes && scopes.length ? scopes.join(', ') : 'none');

export async function admit(i: AdmitInput): Promise<Admission> {
  const raw = createForgeClient({
    baseUrl: i.instance,
    token: i.token,
    tokenHeader: i.via,
    operatorNamed: i.operatorNamed,
    allowPrivate: i.config.allowPrivateInstances,
    skipTlsVerify: i.config.skipTlsVerify,
    caFile: i.config.caFile,
    userAgent: 'forge-mcp-server',
    // One pool of connections per instance, shared by every credential.
    maxConnections: i.config.maxPlatformConnections,
  });
  let refusedOnCall = false;
  // A token the platform refuses on a call ends its entry: the next request passes the door again.
  const client: ForgeClient = {
    baseUrl: raw.baseUrl,
    send: async (req) => {
      const res = await raw.send(req);
      if (res.status === 401 && !refusedOnCall) {
        refusedOnCall = true;
        i.onRefused();
      }
      return res;
    },
    close: () => raw.close(),
  };
  const fail = async (a: Exclude<Admission, { kind: 'admitted' }>): Promise<Admission> => {
    await raw.close().catch(() => undefined);
    return a;
  };

  let res: ForgeResponse;
  try {
    res = await raw.send({ method: 'GET', path: '/user', signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
  } catch (err) {
    if (networkKindOf(err) === 'refused-destination') {
      return fail({ kind: 'destination', message: `this server refuses to connect to the instance ${i.instance}: ${safeText((err as Error).message, 300)}` });
    }
    const kind = networkKindOf(err);
    if (!i.oauth && UNREACHABLE.has(kind)) {
      // Legacy mode admits a token it cannot check when the instance cannot be reached at all: its
      // calls then report the unreachable instance (the platform still judges every call).
      i.log.warn({ instance: i.instance, failure: kind }, 'credential check: the instance is unreachable; token admitted unverified for a short while');
      const session = newSession(i.config, client, i.log);
      await startSessionReads(session, STARTUP_READS_MS);
      return { kind: 'admitted', client, session, identity: { kind: 'unknown', scopes: null, assumed: false }, verified: false };
    }
    i.log.warn({ instance: i.instance, error: safeText((err as Error).message, 300) }, 'credential check: the instance did not answer');
    return fail({ kind: 'unavailable', retryAfter: '5', message: `The instance ${i.instance} did not answer the credential check; the token has not been rejected. Retry later.` });
  }
  if (res.status === 401) return fail({ kind: 'refused' });
  if (res.status === 403 && (res.body as { error?: unknown } | null)?.error === 'insufficient_scope') {
    // A classic or OAuth scope refusal (for example the `mcp` scope alone), not a missing User: Read.
    const seen = i.oauth ? await introspect(raw) : undefined;
    const scopes = seen?.kind === 'described' ? seen.identity.scopes : null;
    return fail({ kind: 'forbidden', reason: 'scope', message: `${BELOW_MINIMUM_MESSAGE}${scopes ? ` The token carries: ${scopeList(scopes)}.` : ''}` });
  }
  if (res.status === 403) {
    const quoted = platformMessage(res.body, 'GET', res.url) ?? '403 Forbidden';
    return fail({
      kind: 'forbidden',
      reason: 'user-read',
      message: `The platform accepted the token and refused it permission to read its own user: "${safeText(quoted, 512)}". ` +
        'Grant the token the User: Read permission (fine-grained token), or use a classic token with read_api or api.',
    });
  }
  if (res.status === 429 || res.status >= 500 || res.status !== 200) {
    const retryAfter = res.headers['retry-after'] && /^\d{1,6}$/.test(res.headers['retry-after'].trim()) ? res.headers['retry-after'].trim() : '5';
    const what = res.status === 429 ? 'throttled the credential check' : `answered the credential check with status ${res.status}`;
    return fail({ kind: 'unavailable', retryAfter, message: `The instance ${i.instance} ${what}; the token has not been rejected. Retry later.` });
  }

  const u = res.body as { id?: unknown; username?: unknown } | null;
  const user = u && typeof u.id === 'number' && typeof u.username === 'string' ? { id: u.id, username: u.username } : undefined;

  // OAuth mode: what the token may do is learned before MCP handling (SPEC "OAuth mode").
  let identity: Identity | undefined = i.oauth?.cached;
  if (i.oauth && !identity) {
    const seen = await introspect(raw);
    switch (seen.kind) {
      case 'throttled':
        return fail({ kind: 'unavailable', retryAfter: seen.retryAfter ?? '5', message: `The instance ${i.instance} throttled the token introspection; the token has not been rejected. Retry later.` });
      case 'no-scope':
        if (seen.infoUnanswered && i.oauth.pin.length) return fail(pinUnanswered(i.instance));
        return fail({
          kind: 'forbidden', reason: 'scope', transient: seen.infoUnanswered,
          message: `${BELOW_MINIMUM_MESSAGE} The platform did not describe this token, so it reads as carrying no scope.`,
        });
      case 'unanswered':
        if (i.oauth.pin.length) return fail(pinUnanswered(i.instance));
        {
        i.log.debug({ instance: i.instance }, 'token introspection unanswered: admitted on an assumed api scope');
        identity = { kind: 'unknown', scopes: ['api'], assumed: true };
        }
        break;
      case 'described':
        if (i.oauth.pin.length && !(seen.identity.kind === 'oauth' && seen.applicationUid !== undefined && i.oauth.pin.includes(seen.applicationUid))) {
          return fail({
            kind: 'pin-refused',
            message: seen.identity.kind === 'oauth'
              ? 'This deployment admits only tokens issued to its own OAuth applications, and this token was issued to another application (or names none). Sign in again through the application this deployment names.'
              : 'This deployment admits only OAuth tokens issued to its own OAuth applications; a personal access token is not accepted here. Sign in through the application this deployment names.',
          });
        }
        identity = seen.identity;
        break;
    }
    if (!admissible(identity)) {
      return fail({ kind: 'forbidden', reason: 'scope', message: `${BELOW_MINIMUM_MESSAGE} The token carries: ${scopeList(identity.scopes)}.` });
    }
  }
  identity ??= { kind: 'unknown', scopes: null, assumed: false };
  if (user) identity = { ...identity, userId: user.id, username: user.username };

  // i.log already names the credential by its handle.
  const session = newSession(i.config, client, i.log);
  if (user) session.user = user;
  // A described identity is the session's auth; an assumed one makes the session ask the self endpoint itself.
  if (i.oauth && !identity.assumed) session.auth = { kind: identity.kind, scopes: identity.scopes, detected: true };
  await startSessionReads(session, STARTUP_READS_MS);
  if (belowMinimum(session)) return fail({ kind: 'forbidden', reason: 'scope', message: `${BELOW_MINIMUM_MESSAGE} The token carries: ${scopeList(session.auth.scopes)}.` });
  session.log.info({ instance: i.instance, ...(session.user ? { username: session.user.username } : {}), tier: session.tier }, 'credential admitted');
  return { kind: 'admitted', client, session, identity };
}

// Legacy mode admission (SPEC "Legacy mode admission", "Authentication failures on HTTP"): a new
// credential is checked with GET /api/v4/user against its instance, then its session is built the
// way stdio builds one (scopes, version, tier).
import type { Config } from '../config/index.js';
import { createForgeClient } from '../forge/client.js';
import { networkKindOf } from '../forge/errors.js';
import { platformMessage, safeText } from '../forge/classify.js';
import type { ForgeClient, ForgeResponse } from '../forge/types.js';
import type { Logger } from '../observe/log.js';
import { credentialHandle } from '../observe/log.js';
import { belowMinimum, newSession, startSessionReads, type Session } from '../server/session.js';

export type Admission =
  | { kind: 'admitted'; client: ForgeClient; session: Session }
  /** The platform refused the token (401): charged, remembered. */
  | { kind: 'refused' }
  /** Accepted by the platform but not admissible (below read_api, no User: Read): 403, remembered, not charged. */
  | { kind: 'forbidden'; message: string }
  /** Nothing definitive: throttled, unreachable, 5xx. 503, neither charged nor remembered. */
  | { kind: 'unavailable'; retryAfter?: string; message: string }
  /** The outbound checks refused the instance the request names. */
  | { kind: 'destination'; message: string };

export const BELOW_MINIMUM_MESSAGE =
  'The token carries neither the read_api nor the api scope; this server needs at least read_api. Create a token with read_api (read-only) or api.';

const CHECK_TIMEOUT_MS = 15_000;
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
}

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
    i.log.warn({ instance: i.instance, error: safeText((err as Error).message, 300) }, 'credential check: the instance did not answer');
    return fail({ kind: 'unavailable', retryAfter: '5', message: `The instance ${i.instance} did not answer the credential check; the token has not been rejected. Retry later.` });
  }
  if (res.status === 401) return fail({ kind: 'refused' });
  if (res.status === 403) {
    const quoted = platformMessage(res.body, 'GET', res.url) ?? '403 Forbidden';
    return fail({
      kind: 'forbidden',
      message: `The platform accepted the token and refused it permission to read its own user: "${safeText(quoted, 512)}". ` +
        'Grant the token the User: Read permission (fine-grained token), or use a classic token with read_api or api.',
    });
  }
  if (res.status === 429 || res.status >= 500 || res.status !== 200) {
    const retryAfter = res.headers['retry-after'] && /^\d{1,6}$/.test(res.headers['retry-after'].trim()) ? res.headers['retry-after'].trim() : '5';
    const what = res.status === 429 ? 'throttled the credential check' : `answered the credential check with status ${res.status}`;
    return fail({ kind: 'unavailable', retryAfter, message: `The instance ${i.instance} ${what}; the token has not been rejected. Retry later.` });
  }

  const handle = credentialHandle(i.token);
  const session = newSession(i.config, client, i.log.child({ credential_hash: handle }));
  const u = res.body as { id?: unknown; username?: unknown } | null;
  if (u && typeof u.id === 'number' && typeof u.username === 'string') session.user = { id: u.id, username: u.username };
  await startSessionReads(session, STARTUP_READS_MS);
  if (belowMinimum(session)) return fail({ kind: 'forbidden', message: BELOW_MINIMUM_MESSAGE });
  session.log.info({ instance: i.instance, ...(session.user ? { username: session.user.username } : {}), tier: session.tier }, 'credential admitted');
  return { kind: 'admitted', client, session };
}

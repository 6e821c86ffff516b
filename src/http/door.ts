// The credential door of HTTP mode (legacy and OAuth authentication): reads the credential,
// selects the instance, admits the token (or serves it from the pool) and answers every refusal
// itself. SPEC "Authentication failures on HTTP", "Instance selection", "Address blocking (HTTP)".
import type { IncomingMessage } from 'node:http';
import type { Config } from '../config/index.js';
import { canonicalForgeUrl } from '../config/values.js';
import type { Logger } from '../observe/log.js';
import { credentialHandle } from '../observe/log.js';
import { admit, type Admission } from './admit.js';
import { Slots } from './budget.js';
import type { SharedState } from './state/index.js';
import { type AddressOf, header } from './guards.js';
import { oauthChallenge, resourceDocumentation } from './oauth.js';
import type { RefusalNote } from './refusal-log.js';
import { type Pool, poolKey, type PoolEntry } from './pool.js';
import {
  FORBIDDEN_CODE, INVALID_REQUEST_CODE, SERVER_ERROR_CODE, TOO_MANY_CODE, UNAUTHORIZED_CODE,
  legacyChallenge, retryAfterSeconds, rpcError, type PreparedResponse, type RpcId,
} from './replies.js';

/** An entry admitted without a check (instance unreachable) is checked again after this long. */
const UNVERIFIED_TTL_MS = 30_000;
/** Concurrent verifications of new tokens, process-wide, and how long a new token waits for a slot. */
const VERIFY_SLOTS = 16;
const VERIFY_WAIT_MS = 5_000;

const NO_BEARER_MESSAGE = 'Authentication required: send an access token as Authorization: Bearer <token> (OAuth sign-in, or a personal access token).';
const NO_CREDENTIAL_MESSAGE =
  'Authentication required: send the access token in the PRIVATE-TOKEN header or as Authorization: Bearer <token>.';
const REFUSED_MESSAGE =
  'the platform rejected the token: send a valid, unexpired access token issued by the target instance (PRIVATE-TOKEN header or Authorization: Bearer).';
/** OAuth mode answers PRIVATE-TOKEN 401 itself, so its refusal names only the header it reads. */
const REFUSED_BEARER_MESSAGE =
  'the platform rejected the token: send a valid, unexpired access token issued by the target instance as Authorization: Bearer <token>.';

export interface DoorParts {
  readonly config: Config;
  readonly log: Logger;
  readonly state: SharedState;
  readonly pool: Pool;
  readonly addressOf: AddressOf;
  readonly noteRefusal: RefusalNote;
}

/**
 * The door: the pool entry to serve, or undefined when it answered a refusal itself (401, 403,
 * 429, 400 on instance selection, 503 when nothing definitive was learnt).
 */
export type Door = (req: IncomingMessage, res: PreparedResponse, id: RpcId) => Promise<PoolEntry | undefined>;

export function createDoor({ config, log, state, pool, addressOf, noteRefusal }: DoorParts): Door {
  const oauth = config.authMode === 'oauth';
  const verifySlots = new Slots(VERIFY_SLOTS);
  const pending = new Map<string, Promise<Admission>>();
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
        noteRefusal('credential verification saturated');
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

  const tooMany = (res: PreparedResponse, id: RpcId, ms: number): void =>
    rpcError(res, 429, TOO_MANY_CODE, 'Too many failed authentications from this address; retry later.', { id, headers: { 'Retry-After': retryAfterSeconds(ms) } });

  /** 401: the platform refused the token (charged by the caller). */
  const refusedReply = (req: IncomingMessage, res: PreparedResponse, id: RpcId): void =>
    rpcError(res, 401, UNAUTHORIZED_CODE, oauth ? REFUSED_BEARER_MESSAGE : REFUSED_MESSAGE, {
      id, headers: { 'WWW-Authenticate': oauth ? oauthChallenge(config, req, { error: 'invalid_token', error_description: 'The platform rejected the token' }) : legacyChallenge('refused') },
    });

  /** 403: accepted by the platform, not admissible (never charged). */
  const forbiddenReply = (req: IncomingMessage, res: PreparedResponse, id: RpcId, reason: 'scope' | 'user-read', message: string): void =>
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
  const pinReply = (req: IncomingMessage, res: PreparedResponse, id: RpcId, message: string): void =>
    rpcError(res, 401, UNAUTHORIZED_CODE, message, {
      id, headers: { 'WWW-Authenticate': oauthChallenge(config, req, { error: 'invalid_token', error_description: 'The token was not issued to an OAuth application this deployment admits', error_uri: resourceDocumentation(config) }) },
    });

  return async (req, res, id) => {
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
}

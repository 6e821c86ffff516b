// What a session is: the caller's credential kind and scopes, the instance, the grant state. Types
// only, so every part of the session layer and everything above it can name them without a cycle.
// SPEC "Token kinds".
import type { Config } from '../config/index.js';
import type { Tier } from '../catalog/define.js';
import type { ForgeClient } from '../forge/types.js';
import type { Logger } from '../observe/log.js';
import type { Meters } from './meters.js';

/** What the session needs of its resource watches (the server layer builds them). */
export interface WatchRegistry {
  readonly size: number;
  unsubscribe(uri: string, channel: unknown): void;
  dropChannel(channel: unknown): void;
  closeAll(): void;
  /** Activity after an idle spell: every watch returns to full speed. */
  rescheduleAll(): void;
}

export type TokenKind = 'classic' | 'fine_grained' | 'oauth' | 'unknown';

interface AuthState {
  kind: TokenKind;
  /** null when the scopes could not be read: nothing is filtered and the token counts as able to write. */
  scopes: string[] | null;
  /** The platform answered the self-description (false → re-ask on the first successful call). */
  detected: boolean;
}

export interface Session {
  readonly config: Config;
  readonly client: ForgeClient;
  readonly log: Logger;
  auth: AuthState;
  tier: Tier;
  /** Per-credential buckets of the metered methods; empty when rate limiting is off. */
  readonly meters: Meters;
  /** The user, when known (for log lines). */
  user?: { id: number; username: string };
  /** The release the instance reported at GET /version (a release number of at most 64 bytes), when readable. */
  version?: string;
  /** How the last version read went, when it gave no version: refused (no Metadata: Read), unanswered, or not a release number. */
  versionProblem?: 'refused' | 'unanswered' | 'malformed';
  /** Settles when the start-up reads (identity, scopes, version) are done or timed out. */
  ready?: Promise<void>;
  /** Settles when the scope read of the start-up reads (with a fine-grained token's grant) is done or timed out. */
  scopesRead?: Promise<void>;
  /** Epoch ms of the last tool call or resource read (watch polling slows after 30 idle minutes). */
  lastActivity: number;
  /** Resource watches, created on first subscription (src/server/watch.ts). */
  watches?: WatchRegistry;
  /** Fine-grained tokens: the grant's phase (B evaluated, A fallback); undefined for other kinds. */
  grant?: GrantState;
}

export type GrantState =
  | { phase: 'B'; granted: ReadonlySet<string>; prerelease: boolean }
  | { phase: 'A'; reason: FallbackReason; unrecorded?: readonly string[]; because?: string };

export type FallbackReason =
  | 'grant-unreadable' | 'version-unreadable' | 'version-outside-record' | 'grant-unrecorded' | 'grant-too-large' | 'grant-unclear' | 'grant-unanswered';


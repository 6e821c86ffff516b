// Public types of the sandbox instance, and the small internal request/reply shapes its routes share.
import type { IncomingHttpHeaders } from 'node:http';
import type { SandboxState, UserRec } from './state.js';
import type { TokenRec, TokenSpec } from './token-types.js';

export type { GranularScope, TokenRec, TokenSpec } from './token-types.js';

export interface FaultRule {
  method?: string;
  path: string | RegExp;
  /** Restrict the rule to one origin (default: both). */
  origin?: 'api' | 'storage';
  graphqlOperation?: string;
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  delayMs?: number;
  reset?: 'before-headers' | 'after-headers';
  redirectTo?: string;
  times?: number;
}

export interface RequestLogEntry {
  origin: 'api' | 'storage';
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string>;
  body: unknown;
  status: number;
}

export interface SandboxOptions {
  tokens?: Record<string, TokenSpec>;
  /** Instance license on an Ultimate plan (namespaces report plan `ultimate`, /license answers). Default false. */
  licensed?: boolean;
  version?: string;
  /** Admin Mode enforced: admin routes also need the `admin_mode` scope. Default false. */
  adminMode?: boolean;
  /**
   * Test-only: routes the sandbox does not simulate answer an invented, plausible shape instead of
   * the 501 refusal (the contract, fuzz and sweep tests that need every route to answer). Never on in --sandbox.
   */
  placeholders?: boolean;
}

export interface Sandbox {
  url: string;
  storageUrl: string;
  log: RequestLogEntry[];
  clearLog(): void;
  fault(rule: FaultRule): void;
  clearFaults(): void;
  addToken(token: string, spec: TokenSpec): void;
  state: SandboxState;
  close(): Promise<void>;
}

/** What a route handler answers. `body` is sent as JSON unless `text` (text or bytes) is given. */
export interface Reply {
  status: number;
  body?: unknown;
  text?: string | Buffer;
  contentType?: string;
  headers?: Record<string, string>;
}

export type Query = Record<string, string | string[]>;

/** An authenticated API request as the routes see it. */
export interface Ctx {
  method: string;
  /** The path as received, without the query (percent-encoding kept). */
  rawPath: string;
  /** Segments after /api/v4, percent-decoded one by one (so `group%2Fproject` stays one segment). */
  segs: string[];
  query: Query;
  /** Query and body merged (body wins); `key[]` keys folded into `key`. */
  params: Record<string, unknown>;
  body: unknown;
  /** The request body as received (package uploads). */
  rawBody: Buffer;
  headers: IncomingHttpHeaders;
  state: SandboxState;
  user: UserRec;
  token: TokenRec;
}

export type Handler = (ctx: Ctx, p: Record<string, string>) => Reply;

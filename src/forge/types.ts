// The contract between the call pipeline and the platform client.

export interface ForgeRequest {
  method: string;
  /** Path relative to /api/v4, already percent-encoded (e.g. `/projects/group%2Fproj/issues`). Ignored for GraphQL. */
  path: string;
  query?: Record<string, string | number | boolean | Array<string | number>>;
  /** JSON body (objects) or raw text. */
  body?: unknown;
  /** GraphQL request: body is `{ query, variables }` and goes to `/api/graphql`. */
  graphql?: { query: string; variables: Record<string, unknown> };
  /** Aborted by client cancellation or the action deadline. */
  signal?: AbortSignal;
  /** Path relative to the instance root instead of /api/v4 (`/oauth/token/info`). */
  root?: boolean;
  /** Return the body as text even when JSON (job traces, raw files). */
  asText?: boolean;
  /** Return the body as a Buffer (downloads written to a local file). */
  asBytes?: boolean;
}

export interface ForgeResponse {
  status: number;
  headers: Record<string, string>;
  /** Parsed JSON when the answer is JSON (and asText is not set), else text. */
  body: unknown;
  /** Final URL after redirects. */
  url: string;
}

export interface ForgeClient {
  /** The configured instance, e.g. `https://gitlab.example.com` (no trailing slash, no /api/v4). */
  readonly baseUrl: string;
  /** Sends one request (with retries and redirects). Resolves for every HTTP status; rejects only without an answer. */
  send(req: ForgeRequest): Promise<ForgeResponse>;
  close(): Promise<void>;
}

// The shape of a loaded configuration and of the loader's answer.

export type Transport = 'stdio' | 'http';
type ToolSurface = 'dynamic' | 'meta' | 'individual';
type MetaParamSchema = 'open' | 'full';
type Tier = 'free' | 'premium' | 'ultimate';
type CapabilitySurface = 'full' | 'minimal';
type AuthMode = 'legacy' | 'oauth';
type LogLevel = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal' | 'silent';

/** Where the HTTP listener binds: a TCP host and port (host '' = every interface) or a unix socket. */
export type HttpListen =
  | { readonly kind: 'tcp'; readonly host: string; readonly port: number; readonly loopback: boolean }
  | { readonly kind: 'unix'; readonly path: string };

interface RateLimit {
  /** Requests per second per credential; 0 turns rate limiting off. */
  readonly rps: number;
  readonly burst: number;
}

export interface Config {
  // ---- both transports ----
  readonly transport: Transport;
  /** `--sandbox`: an embedded simulated instance and its demo token (no FORGE_TOKEN needed). */
  readonly sandbox: boolean;
  /** FORGE_TOKEN (environment, else the env file). Always undefined in HTTP mode: each request carries its own. */
  readonly token: string | undefined;
  /** The stdio instance in canonical form: FORGE_URL, else https://gitlab.com. */
  readonly forgeUrl: string;
  /** The absolute path of the env file that was read, if any. */
  readonly envFile: string | undefined;
  readonly toolSurface: ToolSurface;
  readonly metaParamSchema: MetaParamSchema;
  readonly readOnly: boolean;
  readonly safeMode: boolean;
  /** Tool names (or canonical action IDs) removed from every surface. */
  readonly excludeTools: readonly string[];
  /** Skip confirmation of destructive actions (FORGE_MCP_YOLO_MODE, else AUTOPILOT). */
  readonly yolo: boolean;
  readonly ignoreScopes: boolean;
  readonly skipTlsVerify: boolean;
  readonly logLevel: LogLevel;
  readonly actionTimeoutMs: number;
  readonly rateLimit: RateLimit;
  readonly embeddedResources: boolean;
  /** Extra directories for local path arguments (absolute), from every FORGE_MCP_ALLOWED_*_DIRS variable. */
  readonly allowedDirs: readonly string[];
  /** Largest local file read for an upload, in bytes. */
  readonly uploadMaxFileSize: number;
  readonly allowPrivateInstances: boolean;
  /** The one client-specific response tweak (off with FORGE_MCP_CLIENT_COMPAT=off). */
  readonly clientCompat: boolean;
  /** Admitted OAuth application UIDs; empty = no pin. */
  readonly oauthClientUids: readonly string[];
  /** Forced tier; undefined = Free on stdio, detection in HTTP. */
  readonly tier: Tier | undefined;
  readonly capabilitySurface: CapabilitySurface;
  /** SSL_CERT_FILE: a CA bundle for the instance's certificate. */
  readonly caFile: string | undefined;
  /** Connections held to each platform instance, shared by every credential. */
  readonly maxPlatformConnections: number;

  // ---- HTTP mode (defaults are present on stdio too, unused there) ----
  /** Instances published by `--forge-url`, canonical, deduplicated. */
  readonly forgeUrls: readonly string[];
  readonly allowAnyForgeUrl: boolean;
  /** `--http-addr` as given (default ':8080'); a value containing '/' is a unix socket path. */
  readonly httpAddr: string;
  readonly httpListen: HttpListen;
  readonly httpSocketMode: number;
  readonly tlsCert: string | undefined;
  readonly tlsKey: string | undefined;
  readonly authMode: AuthMode;
  /** `--public-url` without trailing slash. */
  readonly publicUrl: string | undefined;
  readonly maxHttpClients: number;
  /** Idle timeout of a stateful session; 0 = never. */
  readonly sessionTimeoutMs: number;
  readonly stateless: boolean;
  /** 0 = off. */
  readonly httpIdleTimeoutMs: number;
  readonly maxRequestBodyBytes: number;
  /**
   * Client connections at once across the process, and from one address (listed trusted proxies
   * exempt); 0 = derived from the descriptor limit (src/http/connections.ts).
   */
  readonly maxConnections: number;
  readonly maxConnectionsPerAddress: number;
  /** Absolute deadlines from a request's first byte: its headers, and the whole request with its body. */
  readonly httpHeadersTimeoutMs: number;
  readonly httpRequestTimeoutMs: number;
  /** Re-check of a credential's scopes and grant; 0 disables. On stdio always 15 minutes. */
  readonly revalidateIntervalMs: number;
  readonly trustedProxyHeader: string | undefined;
  /** Addresses or CIDR ranges whose forwarded header is believed. */
  readonly trustedProxies: readonly string[];
  /**
   * Trusted browser origins: each `--trusted-origins` entry (URL entries as `scheme://host[:port]`,
   * bare IP entries as given, or '*') plus the origin of `--public-url`.
   */
  readonly trustedOrigins: readonly string[];
  readonly authFailureLimit: number;
  readonly authFailureWindowMs: number;
  readonly authDistinctTokenLimit: number;
  readonly authDistinctTokenWindowMs: number;
  readonly oauthCacheTtlMs: number;
  readonly resourceDocumentation: string | undefined;
  /** `--redis-url` / FORGE_MCP_REDIS_URL: state shared by replicas (HTTP only). May hold a password: never logged. */
  readonly redisUrl: string | undefined;
}

export interface LoadInput {
  argv: string[];
  env: Record<string, string | undefined>;
  homeDir: string;
  cwd: string;
  readFile: (path: string) => string | undefined;
  fileExists: (path: string) => boolean;
  /** Whether stdin is a pipe (not a terminal); `--transport auto` serves HTTP when false. Unknown counts as a pipe. */
  stdinIsPipe?: boolean;
}

export type LoadResult =
  | { ok: true; config: Config; warnings: string[]; notices: string[] }
  | { ok: false; exitCode: number; message: string }
  | { ok: true; exit: 'help' | 'version'; output: string };

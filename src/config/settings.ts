// The settings table: one entry per setting, the only place a flag, a variable, a default or a help
// line is written. It drives argv parsing (flags.ts), `--help` (help.ts), the environment reads and the
// Config construction (load.ts), and the configuration tables of docs/ (doc-tables.ts, `npm run
// docs-config`). SPEC "Configuration".
import type { Config } from './types.js';
import {
  bool, caBundle, choice, count, duration, durationBetween, fileMode, httpAddr, instances, names, origins, path, proxies, rate, redisUrl,
  serviceUrl, size, trimmed, type Reader,
} from './readers.js';
import { MIB, MINUTE } from './values.js';

/** Where a setting applies: stdio only, HTTP mode only (stdio keeps the default and reads nothing), or both. */
type Mode = 'stdio' | 'http' | 'both';
type FlagKind = 'bool' | 'value' | 'list';
/**
 * any: read on both transports. http: read in HTTP mode only (stdio ignores it with a notice).
 * http-refused: read in HTTP mode only, and refused on stdio (it would silently not apply).
 */
type FlagScope = 'any' | 'http' | 'http-refused';

interface FlagFacet {
  readonly name: string;
  readonly kind: FlagKind;
  readonly scope: FlagScope;
  /** Placeholder for the value in the help text. */
  readonly arg?: string;
  /** Default as shown in the help text. */
  readonly def: string;
  readonly help: string;
}

interface EnvFacet {
  readonly name: string;
  /**
   * The row of `--help`'s variable table: its default and text fall back to the flag's; `after` places
   * the row after another variable's. false: the variable is named only beside its flag.
   */
  readonly help?: false | { readonly def?: string; readonly text?: string; readonly after?: string };
}

/** A Config field, or one of the two numbers of `rateLimit`. */
type SettingKey = Exclude<keyof Config, 'rateLimit' | 'httpListen'> | 'rateLimit.rps' | 'rateLimit.burst';
type ValueOf<K extends SettingKey> = K extends keyof Config ? Config[K] : number;

export interface Setting {
  /** Where the value lands in Config; absent for `--help`, `--version` and the variables src/observe reads. */
  readonly key?: SettingKey;
  readonly mode: Mode;
  readonly flag?: FlagFacet;
  readonly env?: EnvFacet;
  /** A second variable read when the first is unset (AUTOPILOT for FORGE_MCP_YOLO_MODE). */
  readonly fallback?: EnvFacet;
  /** The value may hold a credential: never quoted in a message, never logged. */
  readonly secret?: true;
  /** Read from the flag or the variable by the loader's one rule; absent: built by a rule of its own in load.ts. */
  readonly read?: Reader<unknown>;
  /** OpenTelemetry: read by the SDK (src/observe) from the process environment, documented here. */
  readonly telemetry?: true;
  /** The README's row: default (Markdown) and meaning; both fall back to the help text. */
  readonly readme?: { readonly def?: string; readonly text?: string };
}

/** An entry whose reader's value type is checked against its Config field. */
function setting<K extends SettingKey>(key: K, s: Omit<Setting, 'key' | 'read'> & { read?: Reader<ValueOf<K>> }): Setting {
  return { ...s, key } as Setting;
}

const bothFlag = (name: string, kind: FlagKind, def: string, help: string, arg?: string): FlagFacet => ({ name, kind, scope: 'any', def, help, ...(arg ? { arg } : {}) });
const httpFlag = (name: string, kind: FlagKind, def: string, help: string, arg?: string, scope: FlagScope = 'http'): FlagFacet => ({ name, kind, scope, def, help, ...(arg ? { arg } : {}) });
const otel = (name: string, def: string, text: string, secret = false): Setting =>
  ({ mode: 'both', env: { name, help: false }, telemetry: true, readme: { def, text }, ...(secret ? { secret: true } : {}) });

const TOOL_SURFACES = ['dynamic', 'meta', 'individual'] as const;
const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;

// Order: the order of the flag tables of `--help` (both-transport flags, then HTTP flags) and of its
// variable table (each `after` aside), and the order of the README's rows.
export const SETTINGS: readonly Setting[] = [
  { mode: 'both', flag: bothFlag('help', 'bool', '', 'Print this help and exit'), readme: { def: '—', text: 'Print every flag and variable, and exit' } },
  { mode: 'both', flag: bothFlag('version', 'bool', '', 'Print the version and exit'), readme: { def: '—' } },
  setting('transport', { mode: 'both', flag: bothFlag('http', 'bool', 'false', 'Serve HTTP (multi-tenant) instead of stdio') }),
  setting('transport', { mode: 'both', flag: bothFlag('transport', 'value', 'stdio', 'auto serves HTTP when stdin is not a pipe', 'stdio|http|auto'), readme: { text: '`stdio`, `http`, or `auto` (HTTP when stdin is not a pipe)' } }),
  setting('sandbox', { mode: 'both', flag: bothFlag('sandbox', 'bool', 'false', 'Run against an embedded simulated instance with a demo token') }),
  setting('sandbox', { mode: 'stdio', flag: bothFlag('sandbox-without-token', 'bool', 'false', 'Use the embedded sandbox only when no FORGE_TOKEN is found (npm start)') }),
  setting('token', {
    mode: 'stdio', secret: true, env: { name: 'FORGE_TOKEN', help: { def: 'required on stdio', text: 'The token the server acts with (stdio only)' } },
    readme: { def: '— (required on stdio)', text: 'The token the server acts with (HTTP mode: each request carries its own)' },
  }),
  setting('forgeUrl', { mode: 'stdio', env: { name: 'FORGE_URL', help: { def: 'https://gitlab.com', text: 'Instance address (stdio)' } }, readme: { text: 'Instance address' } }),
  setting('envFile', {
    mode: 'both', env: { name: 'FORGE_MCP_ENV_FILE', help: { def: '~/.forge-mcp-server.env', text: 'Absolute path of a dotenv file read for settings; the environment wins over it' } },
    readme: { text: 'Absolute path of a dotenv file to read settings from; the environment wins over it (a `.env` in the working directory is not read)' },
  }),
  setting('toolSurface', {
    mode: 'both', env: { name: 'FORGE_MCP_TOOL_SURFACE', help: { def: 'dynamic', text: 'dynamic, meta or individual' } }, read: choice(TOOL_SURFACES, 'dynamic'),
    readme: { text: '`dynamic`, `meta` or `individual` (see [Tool surfaces](tool-surfaces.md))' },
  }),
  setting('metaParamSchema', {
    mode: 'both', env: { name: 'FORGE_MCP_META_PARAM_SCHEMA', help: { def: 'open', text: 'full closes the meta tools\' params schema' } }, read: choice(['open', 'full'], 'open'),
    readme: { text: '`full` closes the meta tools\' `params` schema' },
  }),
  setting('readOnly', { mode: 'both', flag: httpFlag('read-only', 'bool', 'false', 'Remove every write action', undefined, 'http-refused'), env: { name: 'FORGE_MCP_READ_ONLY' }, read: bool(false) }),
  setting('safeMode', {
    mode: 'both', flag: httpFlag('safe-mode', 'bool', 'false', 'Preview writes instead of running them', undefined, 'http-refused'), env: { name: 'FORGE_MCP_SAFE_MODE' }, read: bool(false),
    readme: { text: 'Writes return a preview card instead of running' },
  }),
  setting('excludeTools', {
    mode: 'both', flag: httpFlag('exclude-tools', 'list', 'none', 'Comma-separated tool names or action IDs to remove', 'names', 'http-refused'), env: { name: 'FORGE_MCP_EXCLUDE_TOOLS' },
    readme: { text: 'Comma-separated tool names (or canonical IDs) to remove; the variable\'s and the flag\'s add up' },
  }),
  setting('forgeUrls', {
    mode: 'http', flag: httpFlag('forge-url', 'list', 'none', 'Published instance; repeatable or comma-separated', 'url', 'http-refused'), read: instances(),
    readme: { text: 'Published instance; repeatable or comma-separated (one is required, or `--allow-any-forge-url`)' },
  }),
  setting('allowAnyForgeUrl', { mode: 'http', flag: httpFlag('allow-any-forge-url', 'bool', 'false', 'Let the FORGE-URL header name any instance (loopback or unix socket bind, legacy mode)'), read: bool(false) }),
  setting('httpAddr', { mode: 'http', flag: httpFlag('http-addr', 'value', ':8080', 'Listen address (all interfaces by default); a path binds a unix socket', 'addr'), read: httpAddr(':8080') }),
  setting('httpSocketMode', { mode: 'http', flag: httpFlag('http-socket-mode', 'value', '0660', 'Permissions of the unix socket', 'mode'), read: fileMode(0o660) }),
  setting('tlsCert', { mode: 'http', flag: httpFlag('tls-cert', 'value', 'none', 'TLS certificate (with --tls-key; TLS 1.2 minimum)', 'file'), read: path() }),
  setting('tlsKey', { mode: 'http', flag: httpFlag('tls-key', 'value', 'none', 'TLS private key (with --tls-cert)', 'file'), read: path() }),
  setting('authMode', {
    mode: 'http', flag: httpFlag('auth-mode', 'value', 'legacy', 'How requests authenticate', 'legacy|oauth'), read: choice(['legacy', 'oauth'], 'legacy'),
    readme: { text: '`legacy` (a token per request) or `oauth`' },
  }),
  setting('publicUrl', { mode: 'http', flag: httpFlag('public-url', 'value', 'none', 'The address clients reach this service at', 'url'), read: serviceUrl() }),
  setting('yolo', {
    mode: 'both', env: { name: 'FORGE_MCP_YOLO_MODE', help: { def: 'false', text: '1, true or yes skips confirmation of destructive actions' } },
    fallback: { name: 'AUTOPILOT', help: { def: 'false', text: 'Read as FORGE_MCP_YOLO_MODE when that is unset' } },
    readme: { text: '`1`/`true`/`yes` skips confirmation of destructive actions' },
  }),
  setting('logLevel', {
    mode: 'both', flag: bothFlag('log-level', 'value', 'info', 'trace, debug, info, warn, error, fatal or silent (logs go to stderr)', 'level'),
    env: { name: 'FORGE_MCP_LOG_LEVEL', help: { text: 'Log level; debug adds detail', after: 'SSL_CERT_FILE' } }, read: choice(LOG_LEVELS, 'info'),
    readme: { text: 'Log level (logs go to stderr): `trace`, `debug` (adds detail), `info`, `warn`, `error`, `fatal` or `silent`' },
  }),
  setting('ignoreScopes', { mode: 'both', flag: bothFlag('ignore-scopes', 'bool', 'false', 'Skip the scope filter and read-only narrowing only'), env: { name: 'FORGE_MCP_IGNORE_SCOPES' }, read: bool(false) }),
  setting('skipTlsVerify', {
    mode: 'both', flag: bothFlag('skip-tls-verify', 'bool', 'false', 'Disable certificate verification toward the platform'), env: { name: 'FORGE_MCP_SKIP_TLS_VERIFY' }, read: bool(false),
    readme: { text: 'Disables certificate verification toward the platform (development only)' },
  }),
  setting('caFile', { mode: 'both', env: { name: 'SSL_CERT_FILE', help: { def: 'none', text: 'CA bundle for the instance\'s certificate' } }, read: caBundle() }),
  setting('actionTimeoutMs', {
    mode: 'both', env: { name: 'FORGE_MCP_ACTION_TIMEOUT', help: { def: '65m', text: 'Per-action deadline (30s, 65m, 1h30m, or seconds)' } },
    read: duration(65 * MINUTE, 'the per-action deadline must be longer than zero'),
  }),
  setting('tier', {
    mode: 'both', flag: httpFlag('tier', 'value', 'detected', 'premium or ultimate forces the Enterprise catalog', 'tier'),
    env: { name: 'FORGE_MCP_TIER', help: { def: 'free', after: 'FORGE_MCP_OAUTH_CLIENT_UID' } }, read: choice(['free', 'premium', 'ultimate'], undefined),
    readme: { def: 'free (stdio), detected (HTTP)', text: '`premium` or `ultimate` adds the Enterprise catalog' },
  }),
  setting('rateLimit.rps', {
    mode: 'both', flag: httpFlag('rate-limit-rps', 'value', '10', 'Per-credential requests per second; 0 disables', 'n'),
    env: { name: 'FORGE_MCP_RATE_LIMIT_RPS', help: { def: '0 stdio, 10 HTTP' } }, read: rate((http) => (http ? 10 : 0)),
    readme: { def: '0 (off) on stdio, 10 in HTTP mode' },
  }),
  setting('rateLimit.burst', {
    mode: 'both', flag: httpFlag('rate-limit-burst', 'value', '40', 'Per-credential burst', 'n'),
    env: { name: 'FORGE_MCP_RATE_LIMIT_BURST', help: { def: '0 stdio, 40 HTTP' } }, read: count((http) => (http ? 40 : 0)),
    readme: { def: '0 on stdio, 40 in HTTP mode', text: 'Per-credential burst of the token bucket' },
  }),
  setting('embeddedResources', { mode: 'both', flag: bothFlag('embedded-resources', 'bool', 'true', 'false stops get results embedding the object as a second block'), env: { name: 'FORGE_MCP_EMBEDDED_RESOURCES' }, read: bool(true) }),
  setting('allowedDirs', {
    mode: 'both', env: { name: 'FORGE_MCP_ALLOWED_*_DIRS', help: { def: 'none', text: 'Extra directories for local file arguments (separated by the path delimiter or commas)' } },
    readme: { text: 'Extra directories for local file arguments (any name between `ALLOWED_` and `_DIRS`; separated by the path delimiter or commas)' },
  }),
  setting('uploadMaxFileSize', {
    mode: 'both', env: { name: 'FORGE_MCP_UPLOAD_MAX_FILE_SIZE', help: { def: '100MiB', text: 'Largest local file read (bytes, or 10MB, 5MiB)' } },
    read: size(100 * MIB, 'the limit must be at least one byte'),
  }),
  setting('allowPrivateInstances', {
    mode: 'both', flag: bothFlag('allow-private-instances', 'bool', 'false', 'Allow private addresses for caller-named instances and redirect hops'), env: { name: 'FORGE_MCP_ALLOW_PRIVATE_INSTANCES' }, read: bool(false),
  }),
  setting('clientCompat', { mode: 'both', env: { name: 'FORGE_MCP_CLIENT_COMPAT', help: { def: 'on', text: 'off turns off the one client-specific response tweak' } }, read: bool(true) }),
  setting('oauthClientUids', {
    mode: 'both', flag: httpFlag('oauth-client-uid', 'list', 'none', 'Comma-separated OAuth application UIDs admitted (OAuth mode)', 'uids'),
    env: { name: 'FORGE_MCP_OAUTH_CLIENT_UID', help: { text: 'Comma-separated OAuth application UIDs admitted (HTTP OAuth mode)' } }, read: names(),
  }),
  setting('capabilitySurface', {
    mode: 'both', env: { name: 'FORGE_MCP_CAPABILITY_SURFACE', help: { def: 'full', text: 'minimal does not advertise resources.subscribe' } },
    read: choice(['full', 'minimal'], 'full'), readme: { text: '`minimal` does not advertise resource subscriptions' },
  }),
  setting('maxPlatformConnections', {
    mode: 'http', flag: httpFlag('max-platform-connections', 'value', '64', 'Connections to each platform instance, shared by every credential', 'n'),
    env: { name: 'FORGE_MCP_MAX_PLATFORM_CONNECTIONS', help: false }, read: count(64, 1),
  }),
  setting('maxHttpClients', { mode: 'http', flag: httpFlag('max-http-clients', 'value', '100', 'Pool entries (one per credential and instance)', 'n'), read: count(100, 1) }),
  setting('sessionTimeoutMs', { mode: 'http', flag: httpFlag('session-timeout', 'value', '30m', 'Idle timeout of a stateful session; 0 = never', 'duration'), read: duration(30 * MINUTE) }),
  setting('stateless', { mode: 'http', flag: httpFlag('stateless', 'bool', 'true', '--stateless=false keeps sessions'), read: bool(true) }),
  setting('httpIdleTimeoutMs', { mode: 'http', flag: httpFlag('http-idle-timeout', 'value', '0', 'Idle timeout of a keep-alive connection; 0 = off', 'duration'), read: duration(0) }),
  // Connections and deadlines (issue #26): descriptors cannot be held by clients that never finish a request.
  setting('maxConnections', {
    mode: 'http', flag: httpFlag('max-connections', 'value', '0', 'Client connections open at once, past it a new one is closed; 0 = 3/4 of the descriptor limit', 'n'), read: count(0),
  }),
  setting('maxConnectionsPerAddress', {
    mode: 'http', flag: httpFlag('max-connections-per-address', 'value', '0', 'The same from one address (listed proxies exempt); 0 = 1/4 of --max-connections', 'n'),
    read: count(0),
  }),
  setting('httpHeadersTimeoutMs', {
    mode: 'http', flag: httpFlag('http-headers-timeout', 'value', '10s', 'Deadline for a request\'s headers, from its first byte', 'duration'),
    read: duration(10_000, 'the deadline must be longer than zero'),
  }),
  setting('httpRequestTimeoutMs', {
    mode: 'http', flag: httpFlag('http-request-timeout', 'value', '60s', 'Deadline for a whole request with its body, from its first byte', 'duration'),
    read: duration(60_000, 'the deadline must be longer than zero'),
  }),
  setting('maxRequestBodyBytes', { mode: 'http', flag: httpFlag('max-request-body-bytes', 'value', '4MiB', 'Largest request body', 'size'), read: size(4 * MIB, 'expected at least one byte') }),
  setting('revalidateIntervalMs', { mode: 'http', flag: httpFlag('revalidate-interval', 'value', '15m', 'Re-check of a credential; 0 disables', 'duration'), read: duration(15 * MINUTE) }),
  setting('trustedProxyHeader', { mode: 'http', flag: httpFlag('trusted-proxy-header', 'value', 'none', 'Client-address header set by a trusted proxy (with --trusted-proxies)', 'name'), read: trimmed() }),
  setting('trustedProxies', { mode: 'http', flag: httpFlag('trusted-proxies', 'list', 'none', 'Proxy addresses or CIDR ranges (with --trusted-proxy-header)', 'addrs'), read: proxies() }),
  setting('trustedOrigins', {
    mode: 'http', flag: httpFlag('trusted-origins', 'list', 'none', 'Browser origins allowed cross-origin; * disables the protection', 'origins'), read: origins(),
    readme: { text: 'Browser origins allowed cross-origin (the `--public-url` origin is always trusted); `*` disables the protection' },
  }),
  // 0 turns a budget off (SPEC "Address blocking").
  setting('authFailureLimit', { mode: 'http', flag: httpFlag('auth-failure-limit', 'value', '10', 'Failed authentications per address per window', 'n'), read: count(10) }),
  setting('authFailureWindowMs', { mode: 'http', flag: httpFlag('auth-failure-window', 'value', '1m', 'Window of the failure limit', 'duration'), read: duration(MINUTE, 'the window must be longer than zero') }),
  setting('authDistinctTokenLimit', { mode: 'http', flag: httpFlag('auth-distinct-token-limit', 'value', '50', 'Distinct credentials per address per window', 'n'), read: count(50) }),
  setting('authDistinctTokenWindowMs', {
    mode: 'http', flag: httpFlag('auth-distinct-token-window', 'value', '10m', 'Window of the distinct-credential limit', 'duration'), read: duration(10 * MINUTE, 'the window must be longer than zero'),
  }),
  setting('oauthCacheTtlMs', {
    mode: 'http', flag: httpFlag('oauth-cache-ttl', 'value', '15m', 'Identity cache TTL, 1m to 2h (OAuth mode)', 'duration'),
    read: durationBetween(15 * MINUTE, MINUTE, 120 * MINUTE, 'the identity cache TTL must be between 1m and 2h'),
  }),
  setting('redisUrl', {
    mode: 'http', secret: true, flag: httpFlag('redis-url', 'value', 'none', 'Redis shared by several replicas (redis:// or rediss://); default in-process state', 'url'),
    env: { name: 'FORGE_MCP_REDIS_URL', help: false }, read: redisUrl(),
    readme: { def: '— (in process)', text: 'Redis shared by several replicas (limits, budgets, refusals, identities); `redis://` or `rediss://`; refused on stdio' },
  }),
  setting('resourceDocumentation', { mode: 'http', flag: httpFlag('resource-documentation', 'value', 'none', 'Documentation address published in OAuth metadata', 'url'), read: serviceUrl() }),

  // OpenTelemetry (SPEC "Logs and metrics"): the standard variables, read by the SDK.
  otel('OTEL_EXPORTER_OTLP_ENDPOINT', '—', 'Collector address for traces and metrics; without an endpoint nothing is exported or loaded'),
  otel('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', '—', 'Collector address for traces only'),
  otel('OTEL_EXPORTER_OTLP_METRICS_ENDPOINT', '—', 'Collector address for metrics only'),
  otel('OTEL_EXPORTER_OTLP_PROTOCOL', '`http/protobuf`', '`http/protobuf` or `http/json`; `grpc` is not supported (the signal is not exported and a WARN line says so)'),
  otel('OTEL_EXPORTER_OTLP_TRACES_PROTOCOL', '—', 'Protocol of traces, over `OTEL_EXPORTER_OTLP_PROTOCOL`'),
  otel('OTEL_EXPORTER_OTLP_METRICS_PROTOCOL', '—', 'Protocol of metrics, over `OTEL_EXPORTER_OTLP_PROTOCOL`'),
  otel('OTEL_EXPORTER_OTLP_HEADERS', '—', 'Headers sent to the collector (they may carry its credentials); with `…_TIMEOUT`, `…_COMPRESSION` and the TLS variables, read by the exporters', true),
  otel('OTEL_SERVICE_NAME', '`forge-mcp-server`', 'Service name of every signal'),
  otel('OTEL_RESOURCE_ATTRIBUTES', '—', 'Extra resource attributes (`key=value,…`)'),
  otel('OTEL_METRIC_EXPORT_INTERVAL', '`60000` (ms)', 'Metrics export interval'),
  otel('OTEL_METRIC_EXPORT_TIMEOUT', '`30000` (ms)', 'Metrics export timeout (at most the interval)'),
  otel('OTEL_BSP_SCHEDULE_DELAY', '`5000` (ms)', 'Delay between two span batches'),
  otel('OTEL_BSP_EXPORT_TIMEOUT', '`30000` (ms)', 'Span export timeout'),
  otel('OTEL_TRACES_SAMPLER', '`parentbased_always_on`', '`always_on`, `always_off`, `traceidratio`, `parentbased_always_on`, `parentbased_always_off` or `parentbased_traceidratio`'),
  otel('OTEL_TRACES_SAMPLER_ARG', '`1`', 'Ratio of the `…traceidratio` samplers, 0 to 1'),
  otel('OTEL_TRACES_EXPORTER', '—', '`none` exports no traces'),
  otel('OTEL_METRICS_EXPORTER', '—', '`none` exports no metrics to the collector (`/metrics` still serves them)'),
  otel('OTEL_SDK_DISABLED', '`false`', '`true` exports nothing'),
];

/** A command-line flag, with the variable read when it is absent. */
export interface FlagSpec extends FlagFacet {
  readonly env?: string;
}

/** Every flag, in the order of the table. */
export const FLAGS: readonly FlagSpec[] = SETTINGS.flatMap((s) => (s.flag ? [{ ...s.flag, ...(s.env ? { env: s.env.name } : {}) }] : []));

export interface EnvVarSpec {
  readonly name: string;
  readonly def: string;
  readonly help: string;
}

/** The variables of `--help`'s table, in its order. */
export const ENV_VARS: readonly EnvVarSpec[] = (() => {
  const rows: EnvVarSpec[] = [];
  const later: Array<[string, EnvVarSpec]> = [];
  for (const s of SETTINGS) {
    for (const e of [s.env, s.fallback]) {
      if (!e || e.help === false) continue;
      const row = { name: e.name, def: e.help?.def ?? s.flag?.def ?? 'none', help: e.help?.text ?? s.flag?.help ?? '' };
      if (e.help?.after) later.push([e.help.after, row]);
      else rows.push(row);
    }
  }
  for (const [after, row] of later) rows.splice(rows.findIndex((r) => r.name === after) + 1, 0, row);
  return rows;
})();

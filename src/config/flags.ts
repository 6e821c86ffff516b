// The command-line flags: one table drives parsing and the help text.
// SPEC "Configuration".

type FlagKind = 'bool' | 'value' | 'list';
/**
 * any: read on both transports. http: read in HTTP mode only (stdio ignores it with a notice).
 * http-refused: read in HTTP mode only, and refused on stdio (it would silently not apply).
 */
type FlagScope = 'any' | 'http' | 'http-refused';

export interface FlagSpec {
  readonly name: string;
  readonly kind: FlagKind;
  readonly scope: FlagScope;
  /** Placeholder for the value in the help text. */
  readonly arg?: string;
  /** The environment variable read when the flag is absent. */
  readonly env?: string;
  /** Default as shown in the help text. */
  readonly def: string;
  readonly help: string;
}

export const FLAGS: readonly FlagSpec[] = [
  // Both transports
  { name: 'help', kind: 'bool', scope: 'any', def: '', help: 'Print this help and exit' },
  { name: 'version', kind: 'bool', scope: 'any', def: '', help: 'Print the version and exit' },
  { name: 'http', kind: 'bool', scope: 'any', def: 'false', help: 'Serve HTTP (multi-tenant) instead of stdio' },
  { name: 'transport', kind: 'value', scope: 'any', arg: 'stdio|http|auto', def: 'stdio', help: 'auto serves HTTP when stdin is not a pipe' },
  { name: 'sandbox', kind: 'bool', scope: 'any', def: 'false', help: 'Run against an embedded simulated instance with a demo token' },
  { name: 'sandbox-without-token', kind: 'bool', scope: 'any', def: 'false', help: 'Use the embedded sandbox only when no FORGE_TOKEN is found (npm start)' },
  { name: 'log-level', kind: 'value', scope: 'any', arg: 'level', env: 'FORGE_MCP_LOG_LEVEL', def: 'info', help: 'trace, debug, info, warn, error, fatal or silent (logs go to stderr)' },
  { name: 'ignore-scopes', kind: 'bool', scope: 'any', env: 'FORGE_MCP_IGNORE_SCOPES', def: 'false', help: 'Skip the scope filter and read-only narrowing only' },
  { name: 'skip-tls-verify', kind: 'bool', scope: 'any', env: 'FORGE_MCP_SKIP_TLS_VERIFY', def: 'false', help: 'Disable certificate verification toward the platform' },
  { name: 'embedded-resources', kind: 'bool', scope: 'any', env: 'FORGE_MCP_EMBEDDED_RESOURCES', def: 'true', help: 'false stops get results embedding the object as a second block' },
  { name: 'allow-private-instances', kind: 'bool', scope: 'any', env: 'FORGE_MCP_ALLOW_PRIVATE_INSTANCES', def: 'false', help: 'Allow private addresses for caller-named instances and redirect hops' },
  // HTTP mode only; refused on stdio
  { name: 'read-only', kind: 'bool', scope: 'http-refused', env: 'FORGE_MCP_READ_ONLY', def: 'false', help: 'Remove every write action' },
  { name: 'safe-mode', kind: 'bool', scope: 'http-refused', env: 'FORGE_MCP_SAFE_MODE', def: 'false', help: 'Preview writes instead of running them' },
  { name: 'exclude-tools', kind: 'list', scope: 'http-refused', arg: 'names', env: 'FORGE_MCP_EXCLUDE_TOOLS', def: 'none', help: 'Comma-separated tool names or action IDs to remove' },
  { name: 'forge-url', kind: 'list', scope: 'http-refused', arg: 'url', def: 'none', help: 'Published instance; repeatable or comma-separated' },
  // HTTP mode only; ignored on stdio
  { name: 'allow-any-forge-url', kind: 'bool', scope: 'http', def: 'false', help: 'Let the FORGE-URL header name any instance (loopback or unix socket bind, legacy mode)' },
  { name: 'http-addr', kind: 'value', scope: 'http', arg: 'addr', def: ':8080', help: 'Listen address (all interfaces by default); a path binds a unix socket' },
  { name: 'http-socket-mode', kind: 'value', scope: 'http', arg: 'mode', def: '0660', help: 'Permissions of the unix socket' },
  { name: 'tls-cert', kind: 'value', scope: 'http', arg: 'file', def: 'none', help: 'TLS certificate (with --tls-key; TLS 1.2 minimum)' },
  { name: 'tls-key', kind: 'value', scope: 'http', arg: 'file', def: 'none', help: 'TLS private key (with --tls-cert)' },
  { name: 'auth-mode', kind: 'value', scope: 'http', arg: 'legacy|oauth', def: 'legacy', help: 'How requests authenticate' },
  { name: 'public-url', kind: 'value', scope: 'http', arg: 'url', def: 'none', help: 'The address clients reach this service at' },
  { name: 'tier', kind: 'value', scope: 'http', arg: 'tier', env: 'FORGE_MCP_TIER', def: 'detected', help: 'premium or ultimate forces the Enterprise catalog' },
  { name: 'rate-limit-rps', kind: 'value', scope: 'http', arg: 'n', env: 'FORGE_MCP_RATE_LIMIT_RPS', def: '10', help: 'Per-credential requests per second; 0 disables' },
  { name: 'rate-limit-burst', kind: 'value', scope: 'http', arg: 'n', env: 'FORGE_MCP_RATE_LIMIT_BURST', def: '40', help: 'Per-credential burst' },
  { name: 'oauth-client-uid', kind: 'list', scope: 'http', arg: 'uids', env: 'FORGE_MCP_OAUTH_CLIENT_UID', def: 'none', help: 'Comma-separated OAuth application UIDs admitted (OAuth mode)' },
  { name: 'max-platform-connections', kind: 'value', scope: 'http', arg: 'n', env: 'FORGE_MCP_MAX_PLATFORM_CONNECTIONS', def: '64', help: 'Connections to each platform instance, shared by every credential' },
  { name: 'max-http-clients', kind: 'value', scope: 'http', arg: 'n', def: '100', help: 'Pool entries (one per credential and instance)' },
  { name: 'session-timeout', kind: 'value', scope: 'http', arg: 'duration', def: '30m', help: 'Idle timeout of a stateful session; 0 = never' },
  { name: 'stateless', kind: 'bool', scope: 'http', def: 'true', help: '--stateless=false keeps sessions' },
  { name: 'http-idle-timeout', kind: 'value', scope: 'http', arg: 'duration', def: '0', help: 'Idle timeout of a keep-alive connection; 0 = off' },
  { name: 'max-request-body-bytes', kind: 'value', scope: 'http', arg: 'size', def: '4MiB', help: 'Largest request body' },
  { name: 'revalidate-interval', kind: 'value', scope: 'http', arg: 'duration', def: '15m', help: 'Re-check of a credential; 0 disables' },
  { name: 'trusted-proxy-header', kind: 'value', scope: 'http', arg: 'name', def: 'none', help: 'Client-address header set by a trusted proxy (with --trusted-proxies)' },
  { name: 'trusted-proxies', kind: 'list', scope: 'http', arg: 'addrs', def: 'none', help: 'Proxy addresses or CIDR ranges (with --trusted-proxy-header)' },
  { name: 'trusted-origins', kind: 'list', scope: 'http', arg: 'origins', def: 'none', help: 'Browser origins allowed cross-origin; * disables the protection' },
  { name: 'auth-failure-limit', kind: 'value', scope: 'http', arg: 'n', def: '10', help: 'Failed authentications per address per window' },
  { name: 'auth-failure-window', kind: 'value', scope: 'http', arg: 'duration', def: '1m', help: 'Window of the failure limit' },
  { name: 'auth-distinct-token-limit', kind: 'value', scope: 'http', arg: 'n', def: '50', help: 'Distinct credentials per address per window' },
  { name: 'auth-distinct-token-window', kind: 'value', scope: 'http', arg: 'duration', def: '10m', help: 'Window of the distinct-credential limit' },
  { name: 'oauth-cache-ttl', kind: 'value', scope: 'http', arg: 'duration', def: '15m', help: 'Identity cache TTL, 1m to 2h (OAuth mode)' },
  { name: 'redis-url', kind: 'value', scope: 'http', arg: 'url', env: 'FORGE_MCP_REDIS_URL', def: 'none', help: 'Redis shared by several replicas (redis:// or rediss://); default in-process state' },
  { name: 'resource-documentation', kind: 'value', scope: 'http', arg: 'url', def: 'none', help: 'Documentation address published in OAuth metadata' },
];

const BY_NAME = new Map(FLAGS.map((f) => [f.name, f]));

export interface ParsedArgs {
  /** Flag name → values in order of appearance (booleans as 'true'/'false'; lists already comma-split). */
  readonly values: ReadonlyMap<string, string[]>;
}

export type ArgvResult = { ok: true; args: ParsedArgs } | { ok: false; message: string };

const USAGE_HINT = 'usage: forge-mcp-server [--http] [flags]; run forge-mcp-server --help for every flag and variable';

const BOOL_WORDS: Record<string, string> = { true: 'true', '1': 'true', yes: 'true', on: 'true', false: 'false', '0': 'false', no: 'false', off: 'false' };

/** `--flag value`, `--flag=value`; booleans `--flag` or `--flag=true|false`. */
export function parseArgv(argv: readonly string[]): ArgvResult {
  const values = new Map<string, string[]>();
  const push = (name: string, v: string) => {
    const list = values.get(name) ?? [];
    list.push(v);
    values.set(name, list);
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '-h') { push('help', 'true'); continue; }
    if (!arg.startsWith('--') || arg === '--') {
      const prev = argv[i - 1];
      const prevSpec = prev?.startsWith('--') && !prev.includes('=') ? BY_NAME.get(prev.slice(2)) : undefined;
      const hint = prevSpec?.kind === 'bool' ? ` (a boolean flag takes its value after '=': ${prev}=${arg})` : '';
      return { ok: false, message: `unexpected argument "${arg}"${hint}\n${USAGE_HINT}` };
    }
    const eq = arg.indexOf('=');
    const name = eq >= 0 ? arg.slice(2, eq) : arg.slice(2);
    const inline = eq >= 0 ? arg.slice(eq + 1) : undefined;
    const spec = BY_NAME.get(name);
    if (!spec) {
      const extra = name === 'enterprise'
        ? ' (removed: FORGE_MCP_TIER on stdio, --tier in HTTP mode force the Enterprise catalog)'
        : '';
      return { ok: false, message: `unknown flag --${name}${extra}\n${USAGE_HINT}` };
    }
    if (spec.kind === 'bool') {
      if (inline === undefined) { push(name, 'true'); continue; }
      const word = BOOL_WORDS[inline.trim().toLowerCase()];
      if (!word) return { ok: false, message: `--${name} takes true or false, not "${inline}"\n${USAGE_HINT}` };
      push(name, word);
      continue;
    }
    let value = inline;
    if (value === undefined) {
      const next = argv[i + 1];
      if (next === undefined || (next.startsWith('--') && next.length > 2)) {
        return { ok: false, message: `--${name} needs a value (--${name} <${spec.arg ?? 'value'}> or --${name}=<${spec.arg ?? 'value'}>)\n${USAGE_HINT}` };
      }
      value = next;
      i++;
    }
    if (spec.kind === 'list') {
      const items = value.split(',').map((x) => x.trim()).filter((x) => x !== '');
      if (!values.has(name)) values.set(name, []);
      for (const item of items) push(name, item);
    } else {
      push(name, value);
    }
  }
  return { ok: true, args: { values } };
}

/** The last value given for a flag, or undefined. */
export function lastValue(args: ParsedArgs, name: string): string | undefined {
  const v = args.values.get(name);
  return v && v.length ? v[v.length - 1] : undefined;
}

export function has(args: ParsedArgs, name: string): boolean {
  return args.values.has(name);
}

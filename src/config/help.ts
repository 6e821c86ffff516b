// `--help`: every flag and variable with its default, in aligned columns.
import { FLAGS, type FlagSpec } from './flags.js';

export const VERSION = '0.1.0';
/** The server's name in the MCP registry (package.json `mcpName`, server.json `name`, the server card). */
export const REGISTRY_NAME = 'io.github.forge-mcp/forge-mcp-server';

export interface EnvVarSpec {
  readonly name: string;
  readonly def: string;
  readonly help: string;
}

export const ENV_VARS: readonly EnvVarSpec[] = [
  { name: 'FORGE_TOKEN', def: 'required on stdio', help: 'The token the server acts with (stdio only)' },
  { name: 'FORGE_URL', def: 'https://gitlab.com', help: 'Instance address (stdio)' },
  { name: 'FORGE_MCP_ENV_FILE', def: '~/.forge-mcp-server.env', help: 'Absolute path of a dotenv file read for settings; the environment wins over it' },
  { name: 'FORGE_MCP_TOOL_SURFACE', def: 'dynamic', help: 'dynamic, meta or individual' },
  { name: 'FORGE_MCP_META_PARAM_SCHEMA', def: 'open', help: 'full closes the meta tools\' params schema' },
  { name: 'FORGE_MCP_READ_ONLY', def: 'false', help: 'Remove every write action' },
  { name: 'FORGE_MCP_SAFE_MODE', def: 'false', help: 'Preview writes instead of running them' },
  { name: 'FORGE_MCP_EXCLUDE_TOOLS', def: 'none', help: 'Comma-separated tool names or action IDs to remove' },
  { name: 'FORGE_MCP_YOLO_MODE', def: 'false', help: '1, true or yes skips confirmation of destructive actions' },
  { name: 'AUTOPILOT', def: 'false', help: 'Read as FORGE_MCP_YOLO_MODE when that is unset' },
  { name: 'FORGE_MCP_IGNORE_SCOPES', def: 'false', help: 'Skip the scope filter and read-only narrowing only' },
  { name: 'FORGE_MCP_SKIP_TLS_VERIFY', def: 'false', help: 'Disable certificate verification toward the platform' },
  { name: 'SSL_CERT_FILE', def: 'none', help: 'CA bundle for the instance\'s certificate' },
  { name: 'FORGE_MCP_LOG_LEVEL', def: 'info', help: 'Log level; debug adds detail' },
  { name: 'FORGE_MCP_ACTION_TIMEOUT', def: '65m', help: 'Per-action deadline (30s, 65m, 1h30m, or seconds)' },
  { name: 'FORGE_MCP_RATE_LIMIT_RPS', def: '0 stdio, 10 HTTP', help: 'Per-credential requests per second; 0 disables' },
  { name: 'FORGE_MCP_RATE_LIMIT_BURST', def: '0 stdio, 40 HTTP', help: 'Per-credential burst' },
  { name: 'FORGE_MCP_EMBEDDED_RESOURCES', def: 'true', help: 'false stops get results embedding the object as a second block' },
  { name: 'FORGE_MCP_ALLOWED_*_DIRS', def: 'none', help: 'Extra directories for local file arguments (separated by the path delimiter or commas)' },
  { name: 'FORGE_MCP_UPLOAD_MAX_FILE_SIZE', def: '100MiB', help: 'Largest local file read (bytes, or 10MB, 5MiB)' },
  { name: 'FORGE_MCP_ALLOW_PRIVATE_INSTANCES', def: 'false', help: 'Allow private addresses for caller-named instances and redirect hops' },
  { name: 'FORGE_MCP_CLIENT_COMPAT', def: 'on', help: 'off turns off the one client-specific response tweak' },
  { name: 'FORGE_MCP_OAUTH_CLIENT_UID', def: 'none', help: 'Comma-separated OAuth application UIDs admitted (HTTP OAuth mode)' },
  { name: 'FORGE_MCP_TIER', def: 'free', help: 'premium or ultimate forces the Enterprise catalog' },
  { name: 'FORGE_MCP_CAPABILITY_SURFACE', def: 'full', help: 'minimal does not advertise resources.subscribe' },
];

function flagLabel(f: FlagSpec): string {
  const base = f.name === 'help' ? '--help, -h' : `--${f.name}`;
  if (f.kind === 'bool') return f.name === 'help' || f.name === 'version' ? base : `${base}[=true|false]`;
  return `${base} <${f.arg ?? 'value'}>`;
}

function table(rows: Array<[string, string, string]>): string {
  const w0 = Math.max(...rows.map((r) => r[0].length));
  const w1 = Math.max(...rows.map((r) => r[1].length));
  return rows.map(([a, b, c]) => `  ${a.padEnd(w0)}  ${b.padEnd(w1)}  ${c}`.trimEnd()).join('\n');
}

function flagRows(fs: readonly FlagSpec[]): Array<[string, string, string]> {
  return fs.map((f) => [flagLabel(f), f.def, f.env ? `${f.help} (${f.env})` : f.help]);
}

function buildHelp(): string {
  const header: [string, string, string] = ['', 'default', ''];
  const common = FLAGS.filter((f) => f.scope === 'any');
  const http = FLAGS.filter((f) => f.scope !== 'any');
  return [
    `forge-mcp-server ${VERSION}: an MCP server that acts on a GitLab-style platform with the caller's token`,
    '',
    'Usage:',
    '  forge-mcp-server                 stdio: one person, one token (FORGE_TOKEN)',
    '  forge-mcp-server --http [flags]  HTTP: multi-tenant, each request carries its own credential',
    '  forge-mcp-server --sandbox       stdio against an embedded simulated instance (no token needed)',
    '  forge-mcp-server --http --sandbox  HTTP, the embedded instance published (demo tokens printed)',
    '',
    'Flags (both transports; --flag value or --flag=value):',
    table([header, ...flagRows(common)]),
    '',
    'HTTP mode flags (on stdio --read-only, --safe-mode, --exclude-tools and --forge-url are refused;',
    'set the variable in the client\'s env block instead; the other HTTP flags are ignored):',
    table([header, ...flagRows(http)]),
    '',
    'Environment variables (also read from ~/.forge-mcp-server.env or FORGE_MCP_ENV_FILE; a .env in the',
    'working directory is not read):',
    table([header, ...ENV_VARS.map((v): [string, string, string] => [v.name, v.def, v.help])]),
    '',
    'Durations: 30s, 65m, 1h30m (or plain seconds). Sizes: bytes, or 10MB, 5MiB.',
    'Exit status: 0 after --help or --version, 1 when the configuration is refused, 2 on a usage error.',
  ].join('\n');
}

export const HELP_TEXT: string = buildHelp();

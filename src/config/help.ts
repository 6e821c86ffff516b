// `--help`: every flag and variable of the settings table with its default, in aligned columns.
import { ENV_VARS, FLAGS, type FlagSpec } from './settings.js';

export const VERSION = '0.1.0';
/** The server's name in the MCP registry (package.json `mcpName`, server.json `name`, the server card). */
export const REGISTRY_NAME = 'io.github.forge-mcp/forge-mcp-server';

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
    '  forge-mcp-server --http --sandbox  HTTP on 127.0.0.1:8080, the embedded instance published (demo tokens printed)',
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

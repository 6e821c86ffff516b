// The configuration loader: defaults, parsing, env-file precedence, retired spellings and every
// start-up refusal. The loader is pure, so every case injects its argv, environment and files.
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ENV_VARS, FLAGS, HELP_TEXT, VERSION, canonicalForgeUrl, loadConfig, parseDotenv, parseDuration, parseSize, parseTrustedOrigin,
  type Config, type LoadResult,
} from '../src/config/index.js';
import { specConfiguration } from './helpers/reference.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const HOME = '/home/ada';
const CWD = '/work/project';
const HOME_FILE = `${HOME}/.forge-mcp-server.env`;
const MIN = 60_000;
const MIB = 1024 * 1024;

interface Case {
  argv?: string[];
  env?: Record<string, string | undefined>;
  files?: Record<string, string>;
  stdinIsPipe?: boolean;
}

function run(c: Case = {}): LoadResult {
  const files = c.files ?? {};
  return loadConfig({
    argv: c.argv ?? [],
    env: c.env ?? {},
    homeDir: HOME,
    cwd: CWD,
    readFile: (p) => files[p],
    fileExists: (p) => p in files,
    stdinIsPipe: c.stdinIsPipe,
  });
}

type Loaded = { config: Config; warnings: string[]; notices: string[] };
function loaded(c: Case = {}): Loaded {
  const r = run(c);
  if (!r.ok) throw new Error(`expected a config, got refusal (exit ${r.exitCode}): ${r.message}`);
  if ('exit' in r) throw new Error(`expected a config, got ${r.exit}`);
  return r;
}
const cfg = (c: Case = {}): Config => loaded(c).config;
function refusal(c: Case): { exitCode: number; message: string } {
  const r = run(c);
  if (r.ok) throw new Error('expected a refusal, got a config');
  return r;
}

/** stdio with a token: the common base. */
const TOKEN = { FORGE_TOKEN: 'glpat-test-token' };
/** HTTP with one published instance. */
const HTTP = ['--http', '--forge-url', 'https://gitlab.example.com'];

// ---------------------------------------------------------------------------------------------

describe('defaults', () => {
  const stdio = () => cfg({ env: TOKEN });
  const http = () => cfg({ argv: HTTP });
  it.each<[keyof Config, unknown]>([
    ['transport', 'stdio'],
    ['sandbox', false],
    ['token', 'glpat-test-token'],
    ['forgeUrl', 'https://gitlab.com'],
    ['forgeUrls', []],
    ['allowAnyForgeUrl', false],
    ['toolSurface', 'dynamic'],
    ['metaParamSchema', 'open'],
    ['readOnly', false],
    ['safeMode', false],
    ['excludeTools', []],
    ['yolo', false],
    ['ignoreScopes', false],
    ['skipTlsVerify', false],
    ['logLevel', 'info'],
    ['actionTimeoutMs', 65 * MIN],
    ['rateLimit', { rps: 0, burst: 0 }],
    ['embeddedResources', true],
    ['allowedDirs', []],
    ['uploadMaxFileSize', 100 * MIB],
    ['allowPrivateInstances', false],
    ['clientCompat', true],
    ['oauthClientUids', []],
    ['tier', undefined],
    ['capabilitySurface', 'full'],
    ['caFile', undefined],
    ['envFile', undefined],
    ['revalidateIntervalMs', 15 * MIN],
  ])('stdio %s', (key, value) => {
    expect(stdio()[key]).toEqual(value);
  });

  it.each<[keyof Config, unknown]>([
    ['transport', 'http'],
    ['token', undefined],
    ['forgeUrls', ['https://gitlab.example.com']],
    ['rateLimit', { rps: 10, burst: 40 }],
    ['httpAddr', ':8080'],
    ['httpListen', { kind: 'tcp', host: '', port: 8080, loopback: false }],
    ['httpSocketMode', 0o660],
    ['tlsCert', undefined],
    ['tlsKey', undefined],
    ['authMode', 'legacy'],
    ['publicUrl', undefined],
    ['maxHttpClients', 100],
    ['sessionTimeoutMs', 30 * MIN],
    ['stateless', true],
    ['httpIdleTimeoutMs', 0],
    ['maxRequestBodyBytes', 4 * MIB],
    ['revalidateIntervalMs', 15 * MIN],
    ['trustedProxyHeader', undefined],
    ['trustedProxies', []],
    ['trustedOrigins', []],
    ['authFailureLimit', 10],
    ['authFailureWindowMs', MIN],
    ['authDistinctTokenLimit', 50],
    ['authDistinctTokenWindowMs', 10 * MIN],
    ['oauthCacheTtlMs', 15 * MIN],
    ['resourceDocumentation', undefined],
    ['tier', undefined],
  ])('http %s', (key, value) => {
    expect(http()[key]).toEqual(value);
  });

  it('no warnings or notices on a plain start', () => {
    const r = loaded({ env: TOKEN });
    expect(r.warnings).toEqual([]);
    expect(r.notices).toEqual([]);
  });
});

describe('the config is frozen', () => {
  it('top level, nested objects and arrays', () => {
    const c = cfg({ env: { ...TOKEN, FORGE_MCP_EXCLUDE_TOOLS: 'a,b' } });
    expect(Object.isFrozen(c)).toBe(true);
    expect(Object.isFrozen(c.rateLimit)).toBe(true);
    expect(Object.isFrozen(c.excludeTools)).toBe(true);
    expect(Object.isFrozen(c.httpListen)).toBe(true);
    expect(() => { (c as { readOnly: boolean }).readOnly = true; }).toThrow(TypeError);
    expect(() => { (c.excludeTools as string[]).push('x'); }).toThrow(TypeError);
  });
});

describe('purity', () => {
  it('reads only the injected environment', () => {
    const saved = process.env.FORGE_TOKEN;
    process.env.FORGE_TOKEN = 'from-process-env';
    try {
      expect(refusal({ env: {} }).message).toMatch(/FORGE_TOKEN is required/);
    } finally {
      if (saved === undefined) delete process.env.FORGE_TOKEN; else process.env.FORGE_TOKEN = saved;
    }
  });
});

// ---------------------------------------------------------------------------------------------

describe('transport', () => {
  it.each<[string[], boolean | undefined, 'stdio' | 'http']>([
    [[], undefined, 'stdio'],
    [[], false, 'stdio'],
    [['--http'], true, 'http'],
    [['--http=true'], true, 'http'],
    [['--http=false'], true, 'stdio'],
    [['--transport', 'http'], true, 'http'],
    [['--transport=stdio'], false, 'stdio'],
    [['--transport', 'auto'], true, 'stdio'],
    [['--transport', 'auto'], false, 'http'],
    [['--transport', 'auto'], undefined, 'stdio'],
    [['--transport=AUTO'], false, 'http'],
    [['--http', '--transport', 'auto'], true, 'http'],
  ])('%j with stdinIsPipe=%s → %s', (argv, pipe, transport) => {
    const extra = transport === 'http' ? ['--forge-url', 'https://gitlab.example.com'] : [];
    expect(cfg({ argv: [...argv, ...extra], env: TOKEN, stdinIsPipe: pipe }).transport).toBe(transport);
  });

  it('refuses an unknown transport (usage, exit 2)', () => {
    const r = refusal({ argv: ['--transport', 'grpc'], env: TOKEN });
    expect(r.exitCode).toBe(2);
    expect(r.message).toMatch(/stdio, http, auto/);
  });

  it('refuses --http with --transport stdio', () => {
    const r = refusal({ argv: ['--http', '--transport=stdio'], env: TOKEN });
    expect(r.exitCode).toBe(2);
    expect(r.message).toMatch(/contradict/);
  });
});

describe('flag syntax', () => {
  it.each<[string[]]>([
    [['--log-level', 'debug']],
    [['--log-level=debug']],
  ])('value flag %j', (argv) => {
    expect(cfg({ argv, env: TOKEN }).logLevel).toBe('debug');
  });

  it.each<[string[], boolean]>([
    [['--ignore-scopes'], true],
    [['--ignore-scopes=true'], true],
    [['--ignore-scopes=false'], false],
    [['--ignore-scopes=1'], true],
    [['--ignore-scopes=no'], false],
    [['--ignore-scopes', '--ignore-scopes=false'], false],
  ])('boolean flag %j → %s', (argv, value) => {
    expect(cfg({ argv, env: TOKEN }).ignoreScopes).toBe(value);
  });

  it.each<[string[], RegExp]>([
    [['--nope'], /unknown flag --nope/],
    [['--enterprise'], /unknown flag --enterprise.*FORGE_MCP_TIER/],
    [['--enterprise=true'], /unknown flag --enterprise/],
    [['-x'], /unexpected argument "-x"/],
    [['serve'], /unexpected argument "serve"/],
    [['--log-level'], /--log-level needs a value/],
    [['--log-level', '--http'], /--log-level needs a value/],
    [['--ignore-scopes=maybe'], /--ignore-scopes takes true or false/],
    [['--stateless', 'false'], /--stateless=false/],
  ])('%j is a usage error (exit 2) with a hint', (argv, pattern) => {
    const r = refusal({ argv, env: TOKEN });
    expect(r.exitCode).toBe(2);
    expect(r.message).toMatch(pattern);
    expect(r.message).toMatch(/usage: forge-mcp-server .*--help/);
  });
});

describe('--help and --version', () => {
  it.each([['--help'], ['-h']])('%s prints the help', (flag) => {
    const r = run({ argv: [flag] });
    expect(r).toEqual({ ok: true, exit: 'help', output: HELP_TEXT });
  });

  it('--help wins over refusals elsewhere (no token, retired variable)', () => {
    expect(run({ argv: ['--help'], env: { READ_ONLY: '1' } })).toMatchObject({ exit: 'help' });
  });

  it('--version prints the version', () => {
    const r = run({ argv: ['--version'] });
    expect(r).toEqual({ ok: true, exit: 'version', output: `forge-mcp-server ${VERSION}` });
  });

  it('VERSION matches package.json', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(VERSION).toBe(pkg.version);
  });

  it('lists every flag with its default', () => {
    for (const f of FLAGS) {
      const line = HELP_TEXT.split('\n').find((l) => l.startsWith(`  --${f.name}`));
      expect(line, `--${f.name}`).toBeDefined();
      if (f.def) expect(line).toContain(` ${f.def} `);
    }
  });

  it('lists every variable with its default', () => {
    for (const v of ENV_VARS) {
      const line = HELP_TEXT.split('\n').find((l) => l.startsWith(`  ${v.name} `));
      expect(line, v.name).toBeDefined();
      expect(line).toContain(` ${v.def} `);
    }
  });

  const SPEC_CONFIGURATION_VARIABLES = [
    'FORGE_TOKEN', 'FORGE_URL', 'FORGE_MCP_ENV_FILE', 'FORGE_MCP_READ_ONLY', 'FORGE_MCP_SAFE_MODE', 'FORGE_MCP_EXCLUDE_TOOLS',
    'FORGE_MCP_YOLO_MODE', 'AUTOPILOT', 'FORGE_MCP_IGNORE_SCOPES', 'FORGE_MCP_SKIP_TLS_VERIFY', 'FORGE_MCP_LOG_LEVEL',
    'FORGE_MCP_ACTION_TIMEOUT', 'FORGE_MCP_RATE_LIMIT_RPS', 'FORGE_MCP_RATE_LIMIT_BURST', 'FORGE_MCP_EMBEDDED_RESOURCES',
    'FORGE_MCP_META_PARAM_SCHEMA', 'FORGE_MCP_ALLOWED_*_DIRS', 'FORGE_MCP_UPLOAD_MAX_FILE_SIZE', 'FORGE_MCP_ALLOW_PRIVATE_INSTANCES',
    'FORGE_MCP_CLIENT_COMPAT', 'FORGE_MCP_OAUTH_CLIENT_UID', 'FORGE_MCP_TOOL_SURFACE', 'FORGE_MCP_TIER', 'FORGE_MCP_CAPABILITY_SURFACE',
    'SSL_CERT_FILE',
  ];
  const SPEC_FLAGS = [
    'read-only', 'safe-mode', 'exclude-tools', 'ignore-scopes', 'skip-tls-verify', 'log-level', 'rate-limit-rps', 'rate-limit-burst',
    'embedded-resources', 'allow-private-instances', 'oauth-client-uid', 'http', 'transport', 'sandbox', 'tier', 'http-addr',
    'http-socket-mode', 'tls-cert', 'tls-key', 'auth-mode', 'public-url', 'forge-url', 'allow-any-forge-url', 'max-http-clients',
    'session-timeout', 'stateless', 'http-idle-timeout', 'max-request-body-bytes', 'revalidate-interval', 'trusted-proxy-header',
    'trusted-proxies', 'trusted-origins', 'auth-failure-limit', 'auth-failure-window', 'auth-distinct-token-limit',
    'auth-distinct-token-window', 'oauth-cache-ttl', 'resource-documentation',
  ];

  it.each(SPEC_CONFIGURATION_VARIABLES)('help names %s', (name) => {
    expect(HELP_TEXT).toMatch(new RegExp(`^  ${name.replace(/\*/g, '\\*')} `, 'm'));
  });

  it.each(SPEC_FLAGS)('help names --%s', (name) => {
    expect(HELP_TEXT).toMatch(new RegExp(`^  --${name}[ [=]`, 'm'));
  });

  it('help names every FORGE_MCP_ variable and flag of SPEC.md\'s Configuration section (test/fixtures/reference/spec-configuration.tsv)', () => {
    const { variables, flags } = specConfiguration();
    expect(variables.length).toBeGreaterThan(15);
    expect(flags.length).toBeGreaterThan(15);
    for (const v of variables) expect(HELP_TEXT, v).toMatch(new RegExp(`^  ${v.replace(/\*/g, '\\*')} `, 'm'));
    for (const f of flags) expect(HELP_TEXT, `--${f}`).toMatch(new RegExp(`^  --${f}[ [=]`, 'm'));
  });

  it('columns are aligned within each table', () => {
    const sections = HELP_TEXT.split('\n\n');
    for (const section of sections) {
      const lines = section.split('\n');
      const head = lines.findIndex((l) => /^\s+default$/.test(l));
      if (head < 0) continue;
      const col = lines[head].indexOf('default');
      for (const l of lines.slice(head + 1)) {
        expect(l.slice(0, col).endsWith('  ') || l.length <= col, l).toBe(true);
        expect(l[col - 1], l).toBe(' ');
      }
    }
  });
});

// ---------------------------------------------------------------------------------------------

describe('FORGE_TOKEN and the env file', () => {
  it('missing on stdio: refusal exit 1 saying the token is required and how to set it', () => {
    const r = refusal({});
    expect(r.exitCode).toBe(1);
    expect(r.message).toMatch(/FORGE_TOKEN is required/);
    expect(r.message).toMatch(/env block/);
    expect(r.message).toMatch(/~\/\.forge-mcp-server\.env/);
    expect(r.message).toMatch(/FORGE_MCP_ENV_FILE/);
    expect(r.message).toMatch(/--sandbox/);
  });

  it.each([[''], ['   ']])('an empty FORGE_TOKEN (%j) counts as missing', (v) => {
    expect(refusal({ env: { FORGE_TOKEN: v } }).message).toMatch(/FORGE_TOKEN is required/);
  });

  it('--sandbox needs no token', () => {
    const c = cfg({ argv: ['--sandbox'] });
    expect(c.sandbox).toBe(true);
    expect(c.token).toBeUndefined();
  });

  it('HTTP mode needs no token, and ignores one that is set (with a notice)', () => {
    expect(cfg({ argv: HTTP }).token).toBeUndefined();
    const r = loaded({ argv: HTTP, env: TOKEN });
    expect(r.config.token).toBeUndefined();
    expect(r.notices.join('\n')).toMatch(/FORGE_TOKEN is not used in HTTP mode/);
  });

  it('is read from ~/.forge-mcp-server.env', () => {
    const c = cfg({ files: { [HOME_FILE]: 'FORGE_TOKEN=from-home-file\n' } });
    expect(c.token).toBe('from-home-file');
    expect(c.envFile).toBe(HOME_FILE);
  });

  it('is read from the file named by FORGE_MCP_ENV_FILE, and then the home file is not read', () => {
    const c = cfg({
      env: { FORGE_MCP_ENV_FILE: '/etc/forge/mcp.env' },
      files: { '/etc/forge/mcp.env': 'FORGE_TOKEN=from-named-file', [HOME_FILE]: 'FORGE_TOKEN=from-home-file\nFORGE_MCP_READ_ONLY=true' },
    });
    expect(c.token).toBe('from-named-file');
    expect(c.readOnly).toBe(false);
    expect(c.envFile).toBe('/etc/forge/mcp.env');
  });

  it.each([['relative/mcp.env'], ['./mcp.env'], ['mcp.env']])('refuses a relative FORGE_MCP_ENV_FILE (%s)', (p) => {
    const r = refusal({ env: { ...TOKEN, FORGE_MCP_ENV_FILE: p } });
    expect(r.exitCode).toBe(1);
    expect(r.message).toMatch(/FORGE_MCP_ENV_FILE.*must be an absolute path/);
  });

  it('refuses a FORGE_MCP_ENV_FILE that cannot be read', () => {
    const r = refusal({ env: { ...TOKEN, FORGE_MCP_ENV_FILE: '/nowhere/mcp.env' } });
    expect(r.exitCode).toBe(1);
    expect(r.message).toMatch(/FORGE_MCP_ENV_FILE.*cannot be read/);
  });

  it('the real environment wins over the env file, key by key', () => {
    const c = cfg({
      env: { FORGE_TOKEN: 'from-env', FORGE_MCP_TOOL_SURFACE: 'meta' },
      files: { [HOME_FILE]: 'FORGE_TOKEN=from-file\nFORGE_MCP_TOOL_SURFACE=individual\nFORGE_MCP_SAFE_MODE=true\n' },
    });
    expect(c.token).toBe('from-env');
    expect(c.toolSurface).toBe('meta');
    expect(c.safeMode).toBe(true);
  });

  it('other settings come from the env file too', () => {
    const c = cfg({ files: { [HOME_FILE]: 'FORGE_TOKEN=t\nFORGE_URL=https://gitlab.example.com/\nFORGE_MCP_LOG_LEVEL=debug' } });
    expect(c.forgeUrl).toBe('https://gitlab.example.com');
    expect(c.logLevel).toBe('debug');
  });

  it('malformed lines are skipped with a warning naming line numbers, never the content', () => {
    const r = loaded({ files: { [HOME_FILE]: 'FORGE_TOKEN=t\nthis is not a setting glpat-secret\n' } });
    expect(r.config.token).toBe('t');
    expect(r.warnings.join('\n')).toMatch(/line 2 is not KEY=VALUE/);
    expect(r.warnings.join('\n')).not.toMatch(/glpat-secret/);
  });

  it('an existing but unreadable home file is a warning, not a refusal', () => {
    const r = loadConfig({ argv: [], env: TOKEN, homeDir: HOME, cwd: CWD, readFile: () => undefined, fileExists: (p) => p === HOME_FILE });
    expect(r.ok && 'config' in r && r.warnings.join('\n')).toMatch(/cannot be read/);
  });
});

describe('dotenv syntax', () => {
  it.each<[string, Record<string, string>]>([
    ['A=1', { A: '1' }],
    ['A = 1 ', { A: '1' }],
    ['export A=1', { A: '1' }],
    ['# comment\n\nA=1\n  # indented comment', { A: '1' }],
    ['A="two words"', { A: 'two words' }],
    ["A='single # not a comment'", { A: 'single # not a comment' }],
    ['A="x # not a comment" # comment', { A: 'x # not a comment' }],
    ['A=value # comment', { A: 'value' }],
    ['A=val#ue', { A: 'val#ue' }],
    ['A="line1\\nline2"', { A: 'line1\nline2' }],
    ["A='raw\\n'", { A: 'raw\\n' }],
    ['A="multi\nline"', { A: 'multi\nline' }],
    ['A=', { A: '' }],
    ['A=""', { A: '' }],
    ['A=1\r\nB=2\r\n', { A: '1', B: '2' }],
    ['\uFEFFA=1', { A: '1' }],
    ['A=1\nA=2', { A: '2' }],
    ['A=x=y', { A: 'x=y' }],
    ['A="say \\"hi\\""', { A: 'say "hi"' }],
  ])('%j', (text, values) => {
    expect(parseDotenv(text).values).toEqual(values);
  });

  it.each<[string, number[]]>([
    ['garbage', [1]],
    ['A=1\n=2\n3B=x', [2, 3]],
    ['A="unterminated', [1]],
  ])('bad lines in %j', (text, bad) => {
    expect(parseDotenv(text).badLines).toEqual(bad);
  });
});

describe('.env in the working directory', () => {
  it('is not read, and is named in a warning', () => {
    const read: string[] = [];
    const files: Record<string, string> = { [`${CWD}/.env`]: 'FORGE_TOKEN=from-dotenv\nFORGE_MCP_READ_ONLY=true' };
    const r = loadConfig({ argv: [], env: TOKEN, homeDir: HOME, cwd: CWD, readFile: (p) => { read.push(p); return files[p]; }, fileExists: (p) => p in files });
    if (!r.ok || !('config' in r)) throw new Error('expected a config');
    expect(read).not.toContain(`${CWD}/.env`);
    expect(r.config.token).toBe('glpat-test-token');
    expect(r.config.readOnly).toBe(false);
    expect(r.warnings).toHaveLength(1);
    expect(r.warnings[0]).toContain(`${CWD}/.env`);
    expect(r.warnings[0]).toMatch(/is not read/);
    expect(r.warnings[0]).toMatch(/~\/\.forge-mcp-server\.env|FORGE_MCP_ENV_FILE/);
  });

  it('a missing token is still refused when only .env holds it', () => {
    expect(refusal({ files: { [`${CWD}/.env`]: 'FORGE_TOKEN=x' } }).message).toMatch(/FORGE_TOKEN is required/);
  });

  it('is read when FORGE_MCP_ENV_FILE names it explicitly, and then not warned about', () => {
    const r = loaded({ env: { FORGE_MCP_ENV_FILE: `${CWD}/.env` }, files: { [`${CWD}/.env`]: 'FORGE_TOKEN=named' } });
    expect(r.config.token).toBe('named');
    expect(r.warnings).toEqual([]);
  });

  it('no warning without a .env', () => {
    expect(loaded({ env: TOKEN }).warnings).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------

describe('FORGE_URL', () => {
  it.each<[string, string]>([
    ['https://gitlab.example.com', 'https://gitlab.example.com'],
    ['https://GitLab.Example.COM/', 'https://gitlab.example.com'],
    ['https://gitlab.example.com:443', 'https://gitlab.example.com'],
    ['http://gitlab.example.com:80/', 'http://gitlab.example.com'],
    ['https://gitlab.example.com:8443/', 'https://gitlab.example.com:8443'],
    ['https://example.com/gitlab/', 'https://example.com/gitlab'],
    ['https://gitlab.example.com/api/v4', 'https://gitlab.example.com'],
    ['  https://gitlab.example.com  ', 'https://gitlab.example.com'],
    ['http://127.0.0.1:3000', 'http://127.0.0.1:3000'],
    ['http://[::1]:3000/', 'http://[::1]:3000'],
  ])('%j → %s', (raw, canonical) => {
    expect(cfg({ env: { ...TOKEN, FORGE_URL: raw } }).forgeUrl).toBe(canonical);
  });

  it('empty means the default', () => {
    expect(cfg({ env: { ...TOKEN, FORGE_URL: '' } }).forgeUrl).toBe('https://gitlab.com');
  });

  it.each([
    ['gitlab.example.com'],
    ['ftp://gitlab.example.com'],
    ['https://user:pass@gitlab.example.com'],
    ['https://token@gitlab.example.com'],
    ['https://gitlab.example.com/?a=1'],
    ['https://gitlab.example.com/#top'],
    ['https://'],
    ['not a url'],
  ])('refuses %j (exit 1, names FORGE_URL)', (raw) => {
    const r = refusal({ env: { ...TOKEN, FORGE_URL: raw } });
    expect(r.exitCode).toBe(1);
    expect(r.message).toMatch(/^FORGE_URL=.* is not a valid instance address/);
  });

  it('a malformed FORGE_URL is refused in HTTP mode too', () => {
    expect(refusal({ argv: HTTP, env: { FORGE_URL: 'nope' } }).message).toMatch(/FORGE_URL/);
  });

  it('credentials in a refused URL are never echoed', () => {
    expect(canonicalForgeUrl('https://u:p@x.example').ok).toBe(false);
    const m1 = refusal({ env: { ...TOKEN, FORGE_URL: 'https://ada:glpat-secret@gitlab.example.com' } }).message;
    const m2 = refusal({ argv: ['--http', '--forge-url', 'https://ada:glpat-secret@gitlab.example.com'] }).message;
    const m3 = refusal({ argv: ['--forge-url', 'https://glpat-secret@gitlab.example.com'], env: TOKEN }).message;
    const m4 = refusal({ argv: [...HTTP, '--public-url', 'https://ada:glpat-secret@mcp.example.com'] }).message;
    for (const m of [m1, m2, m3, m4]) {
      expect(m).not.toContain('glpat-secret');
      expect(m).toContain('<credentials>@');
    }
  });

  it('the token never appears in any refusal', () => {
    const secret = 'glpat-never-print-me';
    const cases: Case[] = [
      { env: { FORGE_TOKEN: secret, READ_ONLY: '1' } },
      { argv: ['--read-only'], env: { FORGE_TOKEN: secret } },
      { env: { FORGE_TOKEN: secret, FORGE_URL: 'bad' } },
      { env: { FORGE_TOKEN: secret, FORGE_MCP_TOOL_SURFACE: 'x' } },
      { files: { [HOME_FILE]: `FORGE_TOKEN=${secret}\nMETA_TOOLS=1` } },
    ];
    for (const c of cases) expect(refusal(c).message).not.toContain(secret);
  });
});

// ---------------------------------------------------------------------------------------------

describe('retired spellings', () => {
  const RETIRED: Array<[string, string]> = [
    ['READ_ONLY', 'FORGE_MCP_READ_ONLY'],
    ['FORGE_READ_ONLY', 'FORGE_MCP_READ_ONLY'],
    ['SAFE_MODE', 'FORGE_MCP_SAFE_MODE'],
    ['FORGE_SAFE_MODE', 'FORGE_MCP_SAFE_MODE'],
    ['EXCLUDE_TOOLS', 'FORGE_MCP_EXCLUDE_TOOLS'],
    ['FORGE_EXCLUDE_TOOLS', 'FORGE_MCP_EXCLUDE_TOOLS'],
    ['META_TOOLS', 'FORGE_MCP_TOOL_SURFACE'],
  ];

  it.each(RETIRED)('%s in the environment → exit 1 naming %s', (old, replacement) => {
    const r = refusal({ env: { ...TOKEN, [old]: 'true' } });
    expect(r.exitCode).toBe(1);
    expect(r.message).toContain(old);
    expect(r.message).toContain(`set ${replacement} instead`);
  });

  it.each(RETIRED)('%s in the home env file → exit 1 naming %s and the file', (old, replacement) => {
    const r = refusal({ env: TOKEN, files: { [HOME_FILE]: `${old}=1\n` } });
    expect(r.exitCode).toBe(1);
    expect(r.message).toContain(`set ${replacement} instead`);
    expect(r.message).toContain(HOME_FILE);
  });

  it.each(RETIRED)('%s in the FORGE_MCP_ENV_FILE file → exit 1', (old) => {
    const r = refusal({ env: { ...TOKEN, FORGE_MCP_ENV_FILE: '/srv/mcp.env' }, files: { '/srv/mcp.env': `export ${old}="x"` } });
    expect(r.exitCode).toBe(1);
    expect(r.message).toContain(old);
  });

  it.each([['EXCLUDE_TOOLS'], ['FORGE_EXCLUDE_TOOLS'], ['READ_ONLY']])('%s set to empty is still refused (environment and file)', (old) => {
    expect(refusal({ env: { ...TOKEN, [old]: '' } }).exitCode).toBe(1);
    expect(refusal({ env: TOKEN, files: { [HOME_FILE]: `${old}=\n` } }).exitCode).toBe(1);
  });

  it('also refused in HTTP mode and when the new variable is set too', () => {
    expect(refusal({ argv: HTTP, env: { SAFE_MODE: '1' } }).message).toMatch(/FORGE_MCP_SAFE_MODE/);
    expect(refusal({ env: { ...TOKEN, READ_ONLY: '1', FORGE_MCP_READ_ONLY: '1' } }).message).toMatch(/READ_ONLY/);
  });

  it('names every retired variable set, one line each', () => {
    const r = refusal({ env: { ...TOKEN, READ_ONLY: '1', META_TOOLS: 'true' } });
    const lines = r.message.split('\n');
    expect(lines).toHaveLength(2);
    expect(r.message).toMatch(/READ_ONLY.*FORGE_MCP_READ_ONLY/);
    expect(r.message).toMatch(/META_TOOLS.*FORGE_MCP_TOOL_SURFACE/);
  });

  it('comes before the missing-token refusal', () => {
    expect(refusal({ env: { EXCLUDE_TOOLS: '' } }).message).toMatch(/EXCLUDE_TOOLS/);
  });

  it('FORGE_ENTERPRISE is ignored with a notice naming FORGE_MCP_TIER', () => {
    const r = loaded({ env: { ...TOKEN, FORGE_ENTERPRISE: 'true' } });
    expect(r.config.tier).toBeUndefined();
    expect(r.notices.join('\n')).toMatch(/FORGE_ENTERPRISE is ignored.*FORGE_MCP_TIER/);
  });
});

// ---------------------------------------------------------------------------------------------

describe('stdio refusals of HTTP-only flags', () => {
  it.each<[string[], string]>([
    [['--read-only'], 'FORGE_MCP_READ_ONLY'],
    [['--read-only=true'], 'FORGE_MCP_READ_ONLY'],
    [['--read-only=false'], 'FORGE_MCP_READ_ONLY'],
    [['--safe-mode'], 'FORGE_MCP_SAFE_MODE'],
    [['--exclude-tools', 'forge_issue_delete'], 'FORGE_MCP_EXCLUDE_TOOLS'],
    [['--exclude-tools=a,b'], 'FORGE_MCP_EXCLUDE_TOOLS'],
  ])('%j → exit 1 naming %s for the env block', (argv, variable) => {
    const r = refusal({ argv, env: TOKEN });
    expect(r.exitCode).toBe(1);
    expect(r.message).toContain(variable);
    expect(r.message).toMatch(/env block/);
    expect(r.message).toMatch(/HTTP mode only/);
  });

  it.each<[string[], Record<string, string>]>([
    [['--read-only'], { FORGE_MCP_READ_ONLY: 'true' }],
    [['--safe-mode'], { FORGE_MCP_SAFE_MODE: '1' }],
    [['--exclude-tools', 'x'], { FORGE_MCP_EXCLUDE_TOOLS: 'x' }],
  ])('%j is refused even when the variable is already set', (argv, env) => {
    expect(refusal({ argv, env: { ...TOKEN, ...env } }).exitCode).toBe(1);
  });

  it('comes before the missing-token refusal', () => {
    expect(refusal({ argv: ['--read-only'] }).message).toMatch(/--read-only/);
  });

  it.each<[Record<string, string>, string[]]>([
    [{}, ['--forge-url', 'https://gitlab.example.com']],
    [{ FORGE_URL: 'https://gitlab.example.com' }, ['--forge-url', 'https://gitlab.com']],
    [{ FORGE_URL: 'https://gitlab.example.com' }, ['--forge-url=https://gitlab.example.com,https://other.example.com']],
    [{}, ['--forge-url', 'not-a-url']],
  ])('--forge-url naming another instance than %j is refused (names FORGE_URL)', (env, argv) => {
    const r = refusal({ argv, env: { ...TOKEN, ...env } });
    expect(r.exitCode).toBe(1);
    expect(r.message).toMatch(/--forge-url/);
    expect(r.message).toMatch(/FORGE_URL/);
  });

  it.each<[Record<string, string>, string[]]>([
    [{}, ['--forge-url', 'https://gitlab.com']],
    [{}, ['--forge-url=https://GITLAB.com:443/']],
    [{ FORGE_URL: 'https://gitlab.example.com/' }, ['--forge-url', 'https://gitlab.example.com']],
    [{ FORGE_URL: 'https://gitlab.example.com' }, ['--forge-url', 'https://gitlab.example.com', '--forge-url=https://Gitlab.Example.com/']],
  ])('--forge-url equal to the stdio instance (%j) is accepted', (env, argv) => {
    expect(cfg({ argv, env: { ...TOKEN, ...env } }).transport).toBe('stdio');
  });

  it('--rate-limit-* flags are ignored on stdio with a notice; the variables apply', () => {
    const r = loaded({ argv: ['--rate-limit-rps', '5', '--rate-limit-burst=9'], env: { ...TOKEN, FORGE_MCP_RATE_LIMIT_RPS: '2', FORGE_MCP_RATE_LIMIT_BURST: '4' } });
    expect(r.config.rateLimit).toEqual({ rps: 2, burst: 4 });
    expect(r.notices.join('\n')).toMatch(/--rate-limit-rps and --rate-limit-burst are read in HTTP mode only; stdio ignores them/);
  });

  it('a single --rate-limit flag on stdio: notice, default off', () => {
    const r = loaded({ argv: ['--rate-limit-rps=5'], env: TOKEN });
    expect(r.config.rateLimit).toEqual({ rps: 0, burst: 0 });
    expect(r.notices.join('\n')).toMatch(/--rate-limit-rps is read in HTTP mode only; stdio ignores it/);
  });

  it('other HTTP flags are ignored on stdio with a notice and keep their defaults', () => {
    const r = loaded({ argv: ['--http-addr', '127.0.0.1:1', '--tier=ultimate', '--stateless=false'], env: TOKEN });
    expect(r.config.httpAddr).toBe(':8080');
    expect(r.config.tier).toBeUndefined();
    expect(r.config.stateless).toBe(true);
    expect(r.notices.join('\n')).toMatch(/--http-addr, --tier, --stateless: read in HTTP mode only.*FORGE_MCP_TIER/);
  });
});

// ---------------------------------------------------------------------------------------------

describe('HTTP mode', () => {
  it.each<[string[], Record<string, string>, Partial<Config>]>([
    [['--read-only'], {}, { readOnly: true }],
    [['--read-only=false'], { FORGE_MCP_READ_ONLY: 'true' }, { readOnly: false }],
    [[], { FORGE_MCP_READ_ONLY: 'true' }, { readOnly: true }],
    [['--safe-mode'], {}, { safeMode: true }],
    [[], { FORGE_MCP_SAFE_MODE: 'yes' }, { safeMode: true }],
    [['--exclude-tools', 'forge_issue_delete,forge_project'], {}, { excludeTools: ['forge_issue_delete', 'forge_project'] }],
    [['--exclude-tools=a', '--exclude-tools', 'b'], { FORGE_MCP_EXCLUDE_TOOLS: 'c, a' }, { excludeTools: ['c', 'a', 'b'] }],
    [['--tier', 'premium'], {}, { tier: 'premium' }],
    [[], { FORGE_MCP_TIER: 'ultimate' }, { tier: 'ultimate' }],
    [['--rate-limit-rps', '0'], {}, { rateLimit: { rps: 0, burst: 40 } }],
    [['--rate-limit-rps=2.5', '--rate-limit-burst=7'], { FORGE_MCP_RATE_LIMIT_RPS: '1' }, { rateLimit: { rps: 2.5, burst: 7 } }],
    [[], { FORGE_MCP_RATE_LIMIT_RPS: '3' }, { rateLimit: { rps: 3, burst: 40 } }],
    [['--stateless=false'], {}, { stateless: false }],
    [['--session-timeout', '0'], {}, { sessionTimeoutMs: 0 }],
    [['--session-timeout=1h'], {}, { sessionTimeoutMs: 60 * MIN }],
    [['--http-idle-timeout', '90s'], {}, { httpIdleTimeoutMs: 90_000 }],
    [['--revalidate-interval', '0'], {}, { revalidateIntervalMs: 0 }],
    [['--max-http-clients', '7'], {}, { maxHttpClients: 7 }],
    [['--max-request-body-bytes', '1MiB'], {}, { maxRequestBodyBytes: MIB }],
    [['--max-request-body-bytes=65536'], {}, { maxRequestBodyBytes: 65536 }],
    [['--auth-failure-limit', '3', '--auth-failure-window', '30s'], {}, { authFailureLimit: 3, authFailureWindowMs: 30_000 }],
    [['--auth-distinct-token-limit=5', '--auth-distinct-token-window=1h'], {}, { authDistinctTokenLimit: 5, authDistinctTokenWindowMs: 60 * MIN }],
    [['--oauth-cache-ttl', '1m'], {}, { oauthCacheTtlMs: MIN }],
    [['--oauth-cache-ttl', '2h'], {}, { oauthCacheTtlMs: 120 * MIN }],
    [['--http-addr', '127.0.0.1:9000'], {}, { httpAddr: '127.0.0.1:9000', httpListen: { kind: 'tcp', host: '127.0.0.1', port: 9000, loopback: true } }],
    [['--http-addr=[::1]:9000'], {}, { httpListen: { kind: 'tcp', host: '::1', port: 9000, loopback: true } }],
    [['--http-addr', '0.0.0.0:80'], {}, { httpListen: { kind: 'tcp', host: '0.0.0.0', port: 80, loopback: false } }],
    [['--http-addr', '/run/forge/mcp.sock'], {}, { httpListen: { kind: 'unix', path: '/run/forge/mcp.sock' } }],
    [['--http-socket-mode', '0600'], {}, { httpSocketMode: 0o600 }],
    [['--http-socket-mode=660'], {}, { httpSocketMode: 0o660 }],
    [['--auth-mode', 'oauth'], {}, { authMode: 'oauth' }],
    [['--public-url', 'https://mcp.example.com/'], {}, { publicUrl: 'https://mcp.example.com', trustedOrigins: ['https://mcp.example.com'] }],
    [['--resource-documentation', 'https://docs.example.com/mcp'], {}, { resourceDocumentation: 'https://docs.example.com/mcp' }],
    [['--oauth-client-uid', 'a1,b2', '--oauth-client-uid=c3'], {}, { oauthClientUids: ['a1', 'b2', 'c3'] }],
    [[], { FORGE_MCP_OAUTH_CLIENT_UID: 'x, y' }, { oauthClientUids: ['x', 'y'] }],
    [['--log-level', 'warn'], { FORGE_MCP_LOG_LEVEL: 'debug' }, { logLevel: 'warn' }],
  ])('%j with %j', (argv, env, expected) => {
    expect(cfg({ argv: [...HTTP, ...argv], env })).toMatchObject(expected);
  });

  describe('published instances', () => {
    it.each<[string[], string[]]>([
      [['--forge-url', 'https://a.example.com'], ['https://a.example.com']],
      [['--forge-url', 'https://a.example.com', '--forge-url=https://B.example.com/'], ['https://a.example.com', 'https://b.example.com']],
      [['--forge-url', 'https://a.example.com, https://b.example.com'], ['https://a.example.com', 'https://b.example.com']],
      [['--forge-url', 'https://a.example.com', '--forge-url', 'https://A.example.com:443/'], ['https://a.example.com']],
    ])('%j → %j', (argv, urls) => {
      expect(cfg({ argv: ['--http', ...argv] }).forgeUrls).toEqual(urls);
    });

    it('none, and no --allow-any-forge-url: the server refuses to start', () => {
      const r = refusal({ argv: ['--http'] });
      expect(r.exitCode).toBe(1);
      expect(r.message).toMatch(/the server refuses to start/);
      expect(r.message).toMatch(/--forge-url/);
    });

    it('a malformed --forge-url is refused', () => {
      expect(refusal({ argv: ['--http', '--forge-url', 'https://x.example/?q'] }).message).toMatch(/--forge-url.*not a valid instance address/);
    });

    it.each([['127.0.0.1:8080'], ['localhost:8080'], ['[::1]:8080'], ['/run/forge.sock'], ['./forge.sock']])('--allow-any-forge-url binding %s is accepted', (addr) => {
      const c = cfg({ argv: ['--http', '--allow-any-forge-url', '--http-addr', addr] });
      expect(c.allowAnyForgeUrl).toBe(true);
      expect(c.forgeUrls).toEqual([]);
    });

    it.each([[':8080'], ['0.0.0.0:8080'], ['192.168.1.10:8080'], ['[::]:8080']])('--allow-any-forge-url binding %s is refused', (addr) => {
      const r = refusal({ argv: ['--http', '--allow-any-forge-url', `--http-addr=${addr}`] });
      expect(r.exitCode).toBe(1);
      expect(r.message).toMatch(/--allow-any-forge-url is accepted only when --http-addr binds loopback or a unix socket/);
    });

    it('--allow-any-forge-url on the default bind (all interfaces) is refused', () => {
      expect(refusal({ argv: ['--http', '--allow-any-forge-url'] }).message).toMatch(/loopback or a unix socket/);
    });

    it('--allow-any-forge-url is never accepted in OAuth mode', () => {
      const r = refusal({ argv: ['--http', '--allow-any-forge-url', '--http-addr', '127.0.0.1:8080', '--auth-mode=oauth'] });
      expect(r.message).toMatch(/--allow-any-forge-url is never accepted with --auth-mode=oauth/);
    });

    it('--allow-any-forge-url with --forge-url is refused', () => {
      const r = refusal({ argv: [...HTTP, '--allow-any-forge-url', '--http-addr', '127.0.0.1:8080'] });
      expect(r.message).toMatch(/exclude each other/);
    });
  });

  describe('OAuth mode', () => {
    it.each([['http://gitlab.example.com'], ['http://10.0.0.5']])('refuses the non-https instance %s', (url) => {
      const r = refusal({ argv: ['--http', '--auth-mode', 'oauth', '--forge-url', url] });
      expect(r.exitCode).toBe(1);
      expect(r.message).toMatch(/--auth-mode=oauth refuses the non-https instance/);
    });

    it.each([['http://localhost:3000'], ['http://127.0.0.1:3000'], ['http://[::1]:3000']])('accepts the loopback http instance %s', (url) => {
      expect(cfg({ argv: ['--http', '--auth-mode', 'oauth', '--forge-url', url] }).authMode).toBe('oauth');
    });

    it('refuses --skip-tls-verify with a non-loopback instance (flag or variable)', () => {
      expect(refusal({ argv: ['--http', '--auth-mode=oauth', '--forge-url', 'https://gitlab.example.com', '--skip-tls-verify'] }).message).toMatch(/--skip-tls-verify/);
      expect(refusal({ argv: ['--http', '--auth-mode=oauth', '--forge-url', 'https://gitlab.example.com'], env: { FORGE_MCP_SKIP_TLS_VERIFY: 'true' } }).message).toMatch(/--skip-tls-verify/);
    });

    it('accepts --skip-tls-verify with a loopback instance', () => {
      expect(cfg({ argv: ['--http', '--auth-mode=oauth', '--forge-url', 'https://127.0.0.1:8443', '--skip-tls-verify'] }).skipTlsVerify).toBe(true);
    });

    it('legacy mode accepts http instances and --skip-tls-verify (with a warning)', () => {
      const r = loaded({ argv: ['--http', '--forge-url', 'http://gitlab.internal', '--skip-tls-verify'] });
      expect(r.config.forgeUrls).toEqual(['http://gitlab.internal']);
      expect(r.warnings.join('\n')).toMatch(/certificate verification/);
    });

    it.each([['basic'], ['OAUTH2']])('refuses --auth-mode %s', (mode) => {
      expect(refusal({ argv: [...HTTP, '--auth-mode', mode] }).message).toMatch(/--auth-mode=.*accepted values: legacy, oauth/);
    });

    it.each([['30s'], ['59s'], ['2h1s'], ['3h'], ['0']])('refuses --oauth-cache-ttl %s (1m to 2h)', (ttl) => {
      const r = refusal({ argv: [...HTTP, '--oauth-cache-ttl', ttl] });
      expect(r.exitCode).toBe(1);
      expect(r.message).toMatch(/--oauth-cache-ttl.*between 1m and 2h/);
    });
  });

  describe('TLS', () => {
    const files = { '/tls/cert.pem': 'x', '/tls/key.pem': 'y' };
    it('both given', () => {
      const c = cfg({ argv: [...HTTP, '--tls-cert', '/tls/cert.pem', '--tls-key=/tls/key.pem'], files });
      expect([c.tlsCert, c.tlsKey]).toEqual(['/tls/cert.pem', '/tls/key.pem']);
    });
    it.each<[string[], RegExp]>([
      [['--tls-cert', '/tls/cert.pem'], /--tls-cert was given without --tls-key/],
      [['--tls-key', '/tls/key.pem'], /--tls-key was given without --tls-cert/],
    ])('only one of them: %j', (argv, pattern) => {
      const r = refusal({ argv: [...HTTP, ...argv], files });
      expect(r.message).toMatch(/--tls-cert and --tls-key go together/);
      expect(r.message).toMatch(pattern);
    });
    it('a missing file is refused', () => {
      expect(refusal({ argv: [...HTTP, '--tls-cert', '/tls/nope.pem', '--tls-key=/tls/key.pem'], files }).message).toMatch(/--tls-cert.*names no readable file/);
    });
  });

  describe('trusted proxies', () => {
    it.each<[string, string[]]>([
      ['10.0.0.1', ['10.0.0.1']],
      ['10.0.0.0/8, 192.168.0.0/16', ['10.0.0.0/8', '192.168.0.0/16']],
      ['::1,fd00::/8', ['::1', 'fd00::/8']],
      ['0.0.0.0/0', ['0.0.0.0/0']],
    ])('--trusted-proxies %s', (list, parsed) => {
      const c = cfg({ argv: [...HTTP, '--trusted-proxy-header', 'X-Forwarded-For', '--trusted-proxies', list] });
      expect(c.trustedProxies).toEqual(parsed);
      expect(c.trustedProxyHeader).toBe('X-Forwarded-For');
    });

    it.each<[string[], RegExp]>([
      [['--trusted-proxy-header', 'X-Real-IP'], /--trusted-proxy-header was given without --trusted-proxies/],
      [['--trusted-proxies', '10.0.0.1'], /--trusted-proxies was given without --trusted-proxy-header/],
    ])('one without the other is refused: %j', (argv, pattern) => {
      const r = refusal({ argv: [...HTTP, ...argv] });
      expect(r.exitCode).toBe(1);
      expect(r.message).toMatch(/go together/);
      expect(r.message).toMatch(pattern);
    });

    it.each([['10.0.0.256'], ['10.0.0.0/33'], ['fd00::/129'], ['proxy.example.com'], ['10.0.0.0/x']])('invalid entry %s is refused', (entry) => {
      const r = refusal({ argv: [...HTTP, '--trusted-proxy-header', 'X-Real-IP', '--trusted-proxies', entry] });
      expect(r.message).toMatch(/--trusted-proxies entry/);
    });

    it('an invalid header name is refused', () => {
      expect(refusal({ argv: [...HTTP, '--trusted-proxy-header', 'X Real IP', '--trusted-proxies', '10.0.0.1'] }).message).toMatch(/not a valid header name/);
    });
  });

  describe('trusted origins', () => {
    it.each<[string, string[]]>([
      ['https://app.example.com', ['https://app.example.com']],
      ['https://App.Example.com:443/', ['https://app.example.com']],
      ['http://localhost:3000,https://b.example.com:8443', ['http://localhost:3000', 'https://b.example.com:8443']],
      ['192.168.1.5:3000', ['192.168.1.5:3000']],
      ['[::1]:3000', ['[::1]:3000']],
    ])('--trusted-origins %s', (list, parsed) => {
      expect(cfg({ argv: [...HTTP, '--trusted-origins', list] }).trustedOrigins).toEqual(parsed);
    });

    it('* is accepted with a warning', () => {
      const r = loaded({ argv: [...HTTP, '--trusted-origins=*'] });
      expect(r.config.trustedOrigins).toEqual(['*']);
      expect(r.warnings.join('\n')).toMatch(/--trusted-origins includes \*.*cross-origin protection is off/);
    });

    it.each([['app.example.com'], ['https://app.example.com/path'], ['ftp://x.example'], ['https://x.example?q=1'], ['999.1.1.1:80'], ['localhost:3000'], ['10.0.0.1:99999']])('malformed entry %s fails startup', (entry) => {
      const r = refusal({ argv: [...HTTP, '--trusted-origins', entry] });
      expect(r.exitCode).toBe(1);
      expect(r.message).toMatch(/--trusted-origins entry .* is malformed/);
    });

    it('the --public-url origin is trusted too', () => {
      const c = cfg({ argv: [...HTTP, '--trusted-origins', 'https://a.example.com', '--public-url', 'https://mcp.example.com/base/'] });
      expect(c.trustedOrigins).toEqual(['https://a.example.com', 'https://mcp.example.com']);
      expect(c.publicUrl).toBe('https://mcp.example.com/base');
    });
  });

  it.each<[string[], RegExp]>([
    [['--http-addr', 'nonsense'], /--http-addr/],
    [['--http-addr', ':70000'], /--http-addr/],
    [['--http-socket-mode', '999'], /--http-socket-mode/],
    [['--max-http-clients', '0'], /--max-http-clients.*at least 1/],
    [['--max-http-clients', '-1'], /--max-http-clients/],
    [['--session-timeout', '5 minutes'], /--session-timeout.*duration/],
    [['--max-request-body-bytes', '4 parsecs'], /--max-request-body-bytes/],
    [['--auth-failure-window', '0'], /--auth-failure-window.*longer than zero/],
    [['--rate-limit-rps', 'fast'], /--rate-limit-rps/],
    [['--rate-limit-burst', '1.5'], /--rate-limit-burst/],
    [['--tier', 'gold'], /--tier=.*accepted values: free, premium, ultimate/],
    [['--public-url', 'mcp.example.com'], /--public-url/],
    [['--resource-documentation', 'https://docs.example.com/#x'], /--resource-documentation/],
  ])('invalid value %j is refused (exit 1)', (argv, pattern) => {
    const r = refusal({ argv: [...HTTP, ...argv] });
    expect(r.exitCode).toBe(1);
    expect(r.message).toMatch(pattern);
  });
});

// ---------------------------------------------------------------------------------------------

describe('tool surface and other enumerations', () => {
  it.each<[string, string]>([['dynamic', 'dynamic'], ['meta', 'meta'], ['individual', 'individual'], ['META', 'meta'], [' individual ', 'individual'], ['', 'dynamic']])('FORGE_MCP_TOOL_SURFACE=%j → %s', (v, surface) => {
    expect(cfg({ env: { ...TOKEN, FORGE_MCP_TOOL_SURFACE: v } }).toolSurface).toBe(surface);
  });

  it('an invalid surface is refused naming the accepted values', () => {
    const r = refusal({ env: { ...TOKEN, FORGE_MCP_TOOL_SURFACE: 'all' } });
    expect(r.exitCode).toBe(1);
    expect(r.message).toMatch(/FORGE_MCP_TOOL_SURFACE="all" is not accepted; accepted values: dynamic, meta, individual/);
  });

  it.each<[string, Record<string, string>, Partial<Config>]>([
    ['meta param schema full', { FORGE_MCP_META_PARAM_SCHEMA: 'full' }, { metaParamSchema: 'full' }],
    ['capability surface minimal', { FORGE_MCP_CAPABILITY_SURFACE: 'minimal' }, { capabilitySurface: 'minimal' }],
    ['tier premium (stdio)', { FORGE_MCP_TIER: 'premium' }, { tier: 'premium' }],
    ['tier free', { FORGE_MCP_TIER: 'free' }, { tier: 'free' }],
    ['log level debug', { FORGE_MCP_LOG_LEVEL: 'DEBUG' }, { logLevel: 'debug' }],
  ])('%s', (_name, env, expected) => {
    expect(cfg({ env: { ...TOKEN, ...env } })).toMatchObject(expected);
  });

  it.each<[string, string, RegExp]>([
    ['FORGE_MCP_META_PARAM_SCHEMA', 'closed', /accepted values: open, full/],
    ['FORGE_MCP_CAPABILITY_SURFACE', 'tiny', /accepted values: full, minimal/],
    ['FORGE_MCP_TIER', 'enterprise', /accepted values: free, premium, ultimate/],
    ['FORGE_MCP_LOG_LEVEL', 'verbose', /accepted values: trace, debug, info, warn, error, fatal, silent/],
  ])('%s=%s is refused', (name, value, pattern) => {
    const r = refusal({ env: { ...TOKEN, [name]: value } });
    expect(r.exitCode).toBe(1);
    expect(r.message).toContain(name);
    expect(r.message).toMatch(pattern);
  });

  it('--log-level wins over FORGE_MCP_LOG_LEVEL, and is validated', () => {
    expect(cfg({ argv: ['--log-level', 'error'], env: { ...TOKEN, FORGE_MCP_LOG_LEVEL: 'debug' } }).logLevel).toBe('error');
    expect(refusal({ argv: ['--log-level=loud'], env: TOKEN }).message).toMatch(/--log-level="loud"/);
  });
});

describe('switches', () => {
  it.each<[Record<string, string>, boolean]>([
    [{}, false],
    [{ FORGE_MCP_YOLO_MODE: '1' }, true],
    [{ FORGE_MCP_YOLO_MODE: 'true' }, true],
    [{ FORGE_MCP_YOLO_MODE: 'YES' }, true],
    [{ FORGE_MCP_YOLO_MODE: 'on' }, false],
    [{ FORGE_MCP_YOLO_MODE: '0' }, false],
    [{ AUTOPILOT: 'true' }, true],
    [{ AUTOPILOT: 'yes' }, true],
    [{ AUTOPILOT: 'nah' }, false],
    [{ FORGE_MCP_YOLO_MODE: 'false', AUTOPILOT: 'true' }, false],
    [{ FORGE_MCP_YOLO_MODE: '1', AUTOPILOT: 'false' }, true],
  ])('yolo with %j → %s', (env, yolo) => {
    expect(cfg({ env: { ...TOKEN, ...env } }).yolo).toBe(yolo);
  });

  it.each<[string, keyof Config, unknown]>([
    ['FORGE_MCP_READ_ONLY=true', 'readOnly', true],
    ['FORGE_MCP_READ_ONLY=0', 'readOnly', false],
    ['FORGE_MCP_SAFE_MODE=yes', 'safeMode', true],
    ['FORGE_MCP_IGNORE_SCOPES=1', 'ignoreScopes', true],
    ['FORGE_MCP_SKIP_TLS_VERIFY=true', 'skipTlsVerify', true],
    ['FORGE_MCP_EMBEDDED_RESOURCES=false', 'embeddedResources', false],
    ['FORGE_MCP_ALLOW_PRIVATE_INSTANCES=true', 'allowPrivateInstances', true],
    ['FORGE_MCP_CLIENT_COMPAT=off', 'clientCompat', false],
    ['FORGE_MCP_CLIENT_COMPAT=on', 'clientCompat', true],
    ['FORGE_MCP_EXCLUDE_TOOLS=forge_issue_delete, issue.create,,', 'excludeTools', ['forge_issue_delete', 'issue.create']],
  ])('%s', (assignment, key, value) => {
    const [name, v] = assignment.split(/=(.*)/s);
    expect(cfg({ env: { ...TOKEN, [name]: v } })[key]).toEqual(value);
  });

  it.each<[string[], keyof Config, unknown]>([
    [['--ignore-scopes'], 'ignoreScopes', true],
    [['--skip-tls-verify'], 'skipTlsVerify', true],
    [['--embedded-resources=false'], 'embeddedResources', false],
    [['--allow-private-instances'], 'allowPrivateInstances', true],
  ])('stdio reads %j', (argv, key, value) => {
    expect(cfg({ argv, env: TOKEN })[key]).toEqual(value);
  });

  it('a flag wins over its variable', () => {
    expect(cfg({ argv: ['--embedded-resources=true'], env: { ...TOKEN, FORGE_MCP_EMBEDDED_RESOURCES: 'false' } }).embeddedResources).toBe(true);
  });

  it('an unreadable boolean is refused naming the variable', () => {
    const r = refusal({ env: { ...TOKEN, FORGE_MCP_READ_ONLY: 'sure' } });
    expect(r.exitCode).toBe(1);
    expect(r.message).toMatch(/FORGE_MCP_READ_ONLY="sure" is not valid: expected true or false/);
  });
});

// ---------------------------------------------------------------------------------------------

describe('durations', () => {
  it.each<[string, number]>([
    ['65m', 65 * MIN],
    ['30s', 30_000],
    ['1h30m', 90 * MIN],
    ['1h', 60 * MIN],
    ['1.5h', 90 * MIN],
    ['250ms', 250],
    ['1m30s', 90_000],
    ['2h0m0s', 120 * MIN],
    ['90', 90_000],
    ['0', 0],
    ['0.5', 500],
    ['1500us', 2],
  ])('%s → %d ms', (raw, ms) => {
    expect(parseDuration(raw)).toEqual({ ok: true, value: ms });
  });

  it.each([[''], ['m'], ['10x'], ['-5s'], ['1h 30m'], ['ten minutes'], ['5d']])('%j is refused', (raw) => {
    expect(parseDuration(raw).ok).toBe(false);
  });

  it.each<[string, number]>([['30s', 30_000], ['1h30m', 90 * MIN], ['120', 120_000]])('FORGE_MCP_ACTION_TIMEOUT=%s', (raw, ms) => {
    expect(cfg({ env: { ...TOKEN, FORGE_MCP_ACTION_TIMEOUT: raw } }).actionTimeoutMs).toBe(ms);
  });

  it.each([['soon'], ['0'], ['0s']])('FORGE_MCP_ACTION_TIMEOUT=%s is refused', (raw) => {
    const r = refusal({ env: { ...TOKEN, FORGE_MCP_ACTION_TIMEOUT: raw } });
    expect(r.exitCode).toBe(1);
    expect(r.message).toMatch(/FORGE_MCP_ACTION_TIMEOUT/);
  });
});

describe('sizes', () => {
  it.each<[string, number]>([
    ['1048576', MIB],
    ['10MB', 10_000_000],
    ['5MiB', 5 * MIB],
    ['5mib', 5 * MIB],
    ['1GiB', 1024 * MIB],
    ['1GB', 1e9],
    ['512KiB', 512 * 1024],
    ['64kb', 64_000],
    ['512k', 512 * 1024],
    ['2M', 2 * MIB],
    ['100B', 100],
    ['1.5MiB', 1.5 * MIB],
    ['10 MB', 10_000_000],
  ])('%s → %d bytes', (raw, bytes) => {
    expect(parseSize(raw)).toEqual({ ok: true, value: bytes });
  });

  it.each([[''], ['MB'], ['-1'], ['10XB'], ['ten']])('%j is refused', (raw) => {
    expect(parseSize(raw).ok).toBe(false);
  });

  it.each<[string, number]>([['10MB', 10_000_000], ['5MiB', 5 * MIB], ['2048', 2048]])('FORGE_MCP_UPLOAD_MAX_FILE_SIZE=%s', (raw, bytes) => {
    expect(cfg({ env: { ...TOKEN, FORGE_MCP_UPLOAD_MAX_FILE_SIZE: raw } }).uploadMaxFileSize).toBe(bytes);
  });

  it.each([['big'], ['0']])('FORGE_MCP_UPLOAD_MAX_FILE_SIZE=%s is refused', (raw) => {
    expect(refusal({ env: { ...TOKEN, FORGE_MCP_UPLOAD_MAX_FILE_SIZE: raw } }).message).toMatch(/FORGE_MCP_UPLOAD_MAX_FILE_SIZE/);
  });
});

describe('allowed directories', () => {
  it('every FORGE_MCP_ALLOWED_*_DIRS variable, split on the path delimiter and commas', () => {
    const c = cfg({
      env: {
        ...TOKEN,
        FORGE_MCP_ALLOWED_UPLOAD_DIRS: `/data/in${delimiter}/data/shared`,
        FORGE_MCP_ALLOWED_DOWNLOAD_DIRS: '/data/out, ~/exports',
        FORGE_MCP_ALLOWED_X_Y_DIRS: 'relative/dir',
        FORGE_MCP_ALLOWED_DIRS: '/data/plain',
        FORGE_MCP_ALLOWED_NOPE: '/not/read',
        FORGE_MCP_ALLOWED_UPLOAD_DIR: '/not/read/either',
      },
    });
    expect([...c.allowedDirs].sort()).toEqual(
      ['/data/in', '/data/shared', '/data/out', `${HOME}/exports`, `${CWD}/relative/dir`, '/data/plain'].sort(),
    );
  });

  it('also from the env file', () => {
    expect(cfg({ env: TOKEN, files: { [HOME_FILE]: 'FORGE_MCP_ALLOWED_WORK_DIRS=/srv/work' } }).allowedDirs).toEqual(['/srv/work']);
  });
});

describe('SSL_CERT_FILE', () => {
  it('names the CA bundle', () => {
    expect(cfg({ env: { ...TOKEN, SSL_CERT_FILE: '/etc/ssl/ca.pem' }, files: { '/etc/ssl/ca.pem': 'pem' } }).caFile).toBe('/etc/ssl/ca.pem');
  });
  it('a missing file is refused', () => {
    const r = refusal({ env: { ...TOKEN, SSL_CERT_FILE: '/etc/ssl/missing.pem' } });
    expect(r.exitCode).toBe(1);
    expect(r.message).toMatch(/SSL_CERT_FILE.*names no readable file/);
  });
});

describe('value parsers', () => {
  it.each<[string, string | false]>([
    ['https://a.example', 'https://a.example'],
    ['http://127.0.0.1:5173', 'http://127.0.0.1:5173'],
    ['10.1.2.3:8080', '10.1.2.3:8080'],
    ['10.1.2.3', '10.1.2.3'],
    ['*', '*'],
    ['https://a.example/x', false],
    ['a.example:80', false],
  ])('trusted origin %j', (raw, expected) => {
    const r = parseTrustedOrigin(raw);
    expect(r.ok ? r.value : false).toBe(expected);
  });
});

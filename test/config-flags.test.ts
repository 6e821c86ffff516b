// The configuration loader, flags and start: defaults, the frozen result, purity, the transport,
// flag syntax, --help and --version. The loader is pure, so every case injects its argv, environment
// and files (test/helpers/config-cases.ts).
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENV_VARS, FLAGS, HELP_TEXT, VERSION, type Config } from '../src/config/index.js';
import { MIN, MIB, run, loaded, cfg, refusal, TOKEN, HTTP } from './helpers/config-cases.js';
import { specConfiguration } from './helpers/reference.js';
import { ROOT } from './helpers/harness.js';

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

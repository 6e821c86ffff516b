// The configuration loader, values: enumerations, switches, durations, sizes, allowed directories,
// SSL_CERT_FILE and the value parsers.
import { describe, it, expect } from 'vitest';
import { delimiter } from 'node:path';
import { parseDuration, parseSize, parseTrustedOrigin, type Config } from '../src/config/index.js';
import { HOME, CWD, HOME_FILE, MIN, MIB, cfg, refusal, TOKEN } from './helpers/config-cases.js';

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

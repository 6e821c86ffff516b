// The configuration loader, its environment: FORGE_TOKEN and the env file, dotenv syntax, a .env in
// the working directory, FORGE_URL and the retired spellings.
import { describe, it, expect } from 'vitest';
import { canonicalForgeUrl, loadConfig, parseDotenv } from '../src/config/index.js';
import { HOME, CWD, HOME_FILE, loaded, cfg, refusal, TOKEN, HTTP, type Case } from './helpers/config-cases.js';

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

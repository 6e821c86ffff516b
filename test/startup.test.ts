// Start-up over stdio: refusals with their exit codes and messages, help and version, notices,
// env files, and the newcomer's --sandbox run.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { Sandbox } from '../src/sandbox/index.js';
import { READONLY_TOKEN, SANDBOX_TOKEN } from '../src/sandbox/index.js';
import { CLI, ROOT, secretsInUse, startServer, stderrChunks, withSandbox } from './helpers/harness.js';

let sb: Sandbox;
beforeAll(async () => { sb = await withSandbox(); });
afterAll(async () => { await sb.close(); });

function run(args: string[], env: Record<string, string> = {}, cwd?: string) {
  const home = mkdtempSync(join(tmpdir(), 'forge-home-'));
  cwd ??= home;
  const r = spawnSync(process.execPath, [CLI, ...args], { env: { PATH: process.env.PATH ?? '', HOME: home, ...env }, cwd, input: '', encoding: 'utf8', timeout: 15_000 });
  stderrChunks.push(r.stderr, r.stdout);
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('stdio refusals (exit 1, nothing served)', () => {
  it('a missing token stops the start with a message that it is required', () => {
    const r = run([]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/FORGE_TOKEN is required/);
    expect(r.stdout).toBe('');
  });

  it('an invalid FORGE_URL stops the start', () => {
    const r = run([], { FORGE_TOKEN: SANDBOX_TOKEN, FORGE_URL: 'not a url' });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/FORGE_URL="not a url" is not a valid instance address/);
  });

  for (const [name, value, replacement] of [
    ['READ_ONLY', 'true', 'FORGE_MCP_READ_ONLY'],
    ['SAFE_MODE', '1', 'FORGE_MCP_SAFE_MODE'],
    ['EXCLUDE_TOOLS', '', 'FORGE_MCP_EXCLUDE_TOOLS'],
    ['META_TOOLS', 'true', 'FORGE_MCP_TOOL_SURFACE'],
  ] as const) {
    it(`the retired ${name} (set to "${value}") exits 1 naming ${replacement}`, () => {
      const r = run([], { FORGE_TOKEN: SANDBOX_TOKEN, FORGE_URL: sb.url, [name]: value });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(replacement);
    });
  }

  it('a retired spelling in the env file is refused too', () => {
    const dir = mkdtempSync(join(tmpdir(), 'forge-env-'));
    writeFileSync(join(dir, 'forge.env'), `FORGE_TOKEN=${SANDBOX_TOKEN}\nSAFE_MODE=true\n`);
    const r = run([], { FORGE_URL: sb.url, FORGE_MCP_ENV_FILE: join(dir, 'forge.env') });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('FORGE_MCP_SAFE_MODE');
  });

  for (const [flag, variable] of [['--read-only', 'FORGE_MCP_READ_ONLY'], ['--safe-mode', 'FORGE_MCP_SAFE_MODE'], ['--exclude-tools=forge_issue_delete', 'FORGE_MCP_EXCLUDE_TOOLS']] as const) {
    it(`${flag} on stdio exits 1 naming ${variable}, even when the variable is set`, () => {
      const r = run([flag], { FORGE_TOKEN: SANDBOX_TOKEN, FORGE_URL: sb.url, [variable]: 'true' });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(variable);
    });
  }

  it('--forge-url naming another instance exits 1 naming FORGE_URL', () => {
    const r = run(['--forge-url', 'https://other.example.com'], { FORGE_TOKEN: SANDBOX_TOKEN, FORGE_URL: sb.url });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('FORGE_URL');
  });

  it('FORGE_ENTERPRISE is ignored, not refused; there is no --enterprise flag', () => {
    expect(run(['--enterprise'], { FORGE_TOKEN: SANDBOX_TOKEN }).code).toBe(2);
  });
});

describe('help and version', () => {
  it('--help lists every setting', () => {
    const r = run(['--help']);
    expect(r.code).toBe(0);
    for (const v of ['FORGE_TOKEN', 'FORGE_URL', 'FORGE_MCP_TOOL_SURFACE', 'FORGE_MCP_READ_ONLY', 'FORGE_MCP_SAFE_MODE', 'FORGE_MCP_YOLO_MODE', 'FORGE_MCP_ACTION_TIMEOUT', '--http', '--sandbox']) expect(r.stdout).toContain(v);
  });
  it('--version prints the package version', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const r = run(['--version']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(pkg.version);
  });
});

describe('start-up lines and env files', () => {
  it('names a .env in the working directory at WARN and does not read it', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'forge-cwd-'));
    writeFileSync(join(cwd, '.env'), 'FORGE_MCP_READ_ONLY=true\n');
    const transport = new StdioClientTransport({ command: process.execPath, args: [CLI], cwd, env: { PATH: process.env.PATH ?? '', HOME: cwd, FORGE_TOKEN: SANDBOX_TOKEN, FORGE_URL: sb.url, FORGE_MCP_TOOL_SURFACE: 'individual' }, stderr: 'pipe' });
    secretsInUse.add(SANDBOX_TOKEN);
    let err = '';
    transport.stderr?.on('data', (d: Buffer) => { err += d.toString(); stderrChunks.push(d.toString()); });
    const client = new Client({ name: 't', version: '1' });
    await client.connect(transport);
    try {
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).toContain('forge_issue_create');
      expect(err).toMatch(/"level":40.*\.env in the working directory is not read/);
    } finally { await client.close(); }
  });

  it('reads the token from FORGE_MCP_ENV_FILE and says on stdio that --rate-limit-* flags are ignored', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'forge-env-'));
    writeFileSync(join(dir, 'forge.env'), `FORGE_TOKEN=${READONLY_TOKEN}\n`);
    const srv = await startServer({ sandbox: sb, token: '', env: { FORGE_TOKEN: '', FORGE_MCP_ENV_FILE: join(dir, 'forge.env'), FORGE_MCP_TOOL_SURFACE: 'individual' }, args: ['--rate-limit-rps', '5'] });
    secretsInUse.add(READONLY_TOKEN);
    try {
      const names = (await srv.client.listTools()).tools.map((t) => t.name);
      // The env file's read_api token: the read-only surface.
      expect(names).toContain('forge_issue_list');
      expect(names).not.toContain('forge_issue_create');
      expect(srv.stderr()).toMatch(/--rate-limit-rps is read in HTTP mode only; stdio ignores it/);
    } finally { await srv.close(); }
  });

  it('FORGE_MCP_CAPABILITY_SURFACE=minimal does not advertise resources.subscribe', async () => {
    const srv = await startServer({ sandbox: sb, env: { FORGE_MCP_CAPABILITY_SURFACE: 'minimal' } });
    try {
      expect(srv.client.getServerCapabilities()?.resources?.subscribe).toBeFalsy();
    } finally { await srv.close(); }
  });
});

describe('--sandbox: a first run with no account', () => {
  it('serves every surface against the embedded instance without FORGE_TOKEN', async () => {
    const home = mkdtempSync(join(tmpdir(), 'forge-home-'));
    const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, '--sandbox'], env: { PATH: process.env.PATH ?? '', HOME: home }, stderr: 'pipe' });
    transport.stderr?.on('data', (d: Buffer) => stderrChunks.push(d.toString()));
    secretsInUse.add(SANDBOX_TOKEN);
    const client = new Client({ name: 't', version: '1' });
    await client.connect(transport);
    try {
      const r = await client.callTool({ name: 'forge_execute_action', arguments: { action: 'issue.list', params: { project_id: 'demo-group/demo-project', state: 'opened' } } }) as { isError?: boolean; content: Array<{ text?: string }> };
      expect(r.isError).toBeFalsy();
      expect(r.content[0].text).toMatch(/\|/);
    } finally { await client.close(); }
  });
});

describe('npm start (--sandbox-without-token)', () => {
  it('uses the sandbox when no token is found, and the configured instance when one is', async () => {
    const none = run(['--sandbox-without-token', '--version']);
    expect(none.code).toBe(0);
    const withToken = await startServer({ sandbox: sb, args: ['--sandbox-without-token'] });
    try {
      sb.clearLog();
      const r = await withToken.call('forge_execute_action', { action: 'project.get', params: { project_id: 1 } });
      expect(r.isError).toBeFalsy();
      // The call reached the test's sandbox (the configured FORGE_URL), not an embedded one.
      expect(sb.log.some((e) => e.path === '/api/v4/projects/1')).toBe(true);
    } finally { await withToken.close(); }
    const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, '--sandbox-without-token'], env: { PATH: process.env.PATH ?? '', HOME: mkdtempSync(join(tmpdir(), 'forge-home-')) }, stderr: 'pipe' });
    transport.stderr?.on('data', (d: Buffer) => stderrChunks.push(d.toString()));
    const client = new Client({ name: 't', version: '1' });
    await client.connect(transport);
    try {
      const r = await client.callTool({ name: 'forge_execute_action', arguments: { action: 'project.get', params: { project_id: 'demo-group/demo-project' } } }) as { isError?: boolean };
      expect(r.isError).toBeFalsy();
    } finally { await client.close(); }
  });
});

describe('stdin closed right after the last request', () => {
  it('answers every request already received, then exits 0', async () => {
    const home = mkdtempSync(join(tmpdir(), 'forge-home-'));
    const lines = [
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'pipe', version: '1' } } },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'forge_execute_action', arguments: { action: 'issue.list', params: { project_id: 'demo-group/demo-project' } } } },
    ].map((l) => JSON.stringify(l)).join('\n') + '\n';
    const { spawn } = await import('node:child_process');
    const proc = spawn(process.execPath, [CLI], {
      cwd: home, env: { PATH: process.env.PATH ?? '', HOME: home, FORGE_TOKEN: SANDBOX_TOKEN, FORGE_URL: sb.url, FORGE_MCP_LOG_LEVEL: 'warn' }, stdio: ['pipe', 'pipe', 'ignore'],
    });
    let out = '';
    proc.stdout.on('data', (d: Buffer) => { out += d.toString(); });
    proc.stdin.end(lines);
    const code = await new Promise<number | null>((resolve) => proc.once('exit', resolve));
    expect(code).toBe(0);
    const answers = out.trim().split('\n').map((l) => JSON.parse(l) as { id: number; result?: { isError?: boolean } });
    expect(answers.map((a) => a.id)).toEqual([1, 2]);
    expect(answers[1].result?.isError).toBeFalsy();
  });
});

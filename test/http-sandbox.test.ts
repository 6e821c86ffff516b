// `--http --sandbox`: the embedded simulated instance served as the one published instance, with the
// demo tokens, a ready curl line and a client snippet printed for a first try.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { loadConfig } from '../src/config/index.js';
import { CLI, listDemoIssues, until } from './helpers/harness.js';
import { startHttpServer, type HttpServer } from './helpers/http.js';

let srv: HttpServer;
beforeAll(async () => { srv = await startHttpServer(['--sandbox']); });
afterAll(async () => { await srv.close(); });

/** The printed guide's lines: the endpoint, the api demo token, the curl line and the VS Code snippet. */
function printed(out: string) {
  const endpoint = /^Endpoint: (\S+)$/m.exec(out)?.[1];
  const token = /Demo tokens \(sandbox only\): (\S+) \(api\)/.exec(out)?.[1];
  const curl = out.split('\n').find((l) => l.startsWith('curl -s '));
  const at = out.indexOf('VS Code (.vscode/mcp.json):\n');
  const rest = at < 0 ? '' : out.slice(at + 'VS Code (.vscode/mcp.json):\n'.length);
  const snippet = at < 0 ? undefined : JSON.parse(rest.slice(0, rest.indexOf('\n}\n') + 2)) as { servers: { gitlab: { type: string; url: string; headers: Record<string, string> } } };
  return { endpoint, token, curl, snippet };
}

/** The printed curl line run as printed, by a shell; the issue list it asks for. */
function runCurl(curl: string): string {
  const out = execFileSync('sh', ['-c', curl], { encoding: 'utf8', timeout: 15_000 });
  const data = JSON.parse(out.split('\n').find((l) => l.startsWith('data: '))!.slice(6)) as { result: { isError?: boolean; content: Array<{ text: string }> } };
  expect(data.result.isError).toBeFalsy();
  return data.result.content[0]!.text;
}

/** The SDK client on the snippet's URL and headers, as an editor configured with it would connect. */
async function listIssuesWithSnippet(snippet: { servers: { gitlab: { url: string; headers: Record<string, string> } } }): Promise<string> {
  const { url, headers } = snippet.servers.gitlab;
  return listDemoIssues(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }), 'snippet');
}

describe('HTTP mode on the sandbox', () => {
  it('prints the endpoint, the demo tokens, a curl line and a VS Code snippet; the curl line works run verbatim, the snippet with an SDK client', async () => {
    await new Promise((r) => setTimeout(r, 200));
    const { endpoint, token, curl, snippet } = printed(srv.stderr());
    expect(endpoint).toBe(`${srv.url}/mcp`);
    expect(token).toMatch(/^glpat-sandbox-/);
    expect(curl).toContain(`PRIVATE-TOKEN: ${token}`);
    expect(runCurl(curl!)).toMatch(/^## Issues/);
    expect(snippet).toEqual({ servers: { gitlab: { type: 'http', url: `${srv.url}/mcp`, headers: { 'PRIVATE-TOKEN': token } } } });
    expect(await listIssuesWithSnippet(snippet!)).toMatch(/^## Issues/);
  });

  it('bound on every interface (--http-addr :0, as the container binds), prints a loopback address whose lines work verbatim, not http://[::]', async () => {
    const wild = await startHttpServer(['--http-addr', ':0', '--sandbox']);
    try {
      await until(() => (wild.stderr().includes('Waiting for MCP clients') ? true : undefined));
      const port = new URL(wild.url.replace('[::]', '127.0.0.1').replace('0.0.0.0', '127.0.0.1')).port;
      const { endpoint, curl, snippet } = printed(wild.stderr());
      expect(endpoint).toBe(`http://127.0.0.1:${port}/mcp`);
      expect(runCurl(curl!)).toMatch(/^## Issues/);
      expect(snippet?.servers.gitlab.url).toBe(`http://127.0.0.1:${port}/mcp`);
      expect(await listIssuesWithSnippet(snippet!)).toMatch(/^## Issues/);
    } finally {
      await wild.close();
    }
  });

  it('listens on 127.0.0.1:8080 unless --http-addr is given; without --sandbox the default stays every interface', () => {
    const load = (...argv: string[]) => {
      const r = loadConfig({ argv: ['--http', ...argv], env: {}, homeDir: '/nohome', cwd: '/', readFile: () => undefined, fileExists: () => false });
      if (!r.ok || 'exit' in r) throw new Error(String(!r.ok && r.message));
      return { addr: r.config.httpAddr, listen: r.config.httpListen };
    };
    expect(load('--sandbox')).toEqual({ addr: '127.0.0.1:8080', listen: { kind: 'tcp', host: '127.0.0.1', port: 8080, loopback: true } });
    expect(load('--sandbox', '--http-addr', ':9090').listen).toMatchObject({ kind: 'tcp', host: '', port: 9090, loopback: false });
    expect(load('--forge-url', 'https://gitlab.example.com').listen).toMatchObject({ kind: 'tcp', host: '', port: 8080, loopback: false });
  });

  it('on a unix socket, prints a curl line through --unix-socket that works verbatim', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'forge-sock-'));
    const sock = join(dir, 'forge.sock');
    const proc = spawn(process.execPath, [CLI, '--http', '--sandbox', '--http-addr', sock], { cwd: dir, env: { PATH: process.env.PATH ?? '', HOME: dir }, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    proc.stderr.on('data', (d: Buffer) => { err += d.toString(); });
    try {
      await until(() => (err.includes('Waiting for MCP clients') ? true : undefined), 15_000);
      const { curl, snippet } = printed(err);
      expect(err).toContain(`Endpoint: the unix socket ${sock}`);
      expect(snippet).toBeUndefined();
      expect(runCurl(curl!)).toMatch(/^## Issues/);
    } finally {
      proc.kill('SIGTERM');
      await new Promise((r) => proc.once('exit', r));
    }
  });

  it('refuses --sandbox with --forge-url, and with OAuth mode, before listening', () => {
    const home = mkdtempSync(join(tmpdir(), 'forge-home-'));
    const run = (...args: string[]) => spawnSync(process.execPath, [CLI, '--http', '--http-addr', '127.0.0.1:0', '--sandbox', ...args], { cwd: home, env: { PATH: process.env.PATH ?? '', HOME: home }, encoding: 'utf8', timeout: 15_000 });
    const both = run('--forge-url', 'https://gitlab.example.com');
    expect(both.status).toBe(1);
    expect(both.stderr).toMatch(/--sandbox serves the embedded simulated instance; it excludes --forge-url/);
    const oauth = run('--auth-mode', 'oauth');
    expect(oauth.status).toBe(1);
    expect(oauth.stderr).toBe('forge-mcp-server: --sandbox is not served with --auth-mode=oauth (the sandbox has no OAuth applications); use the default token mode\n');
  });
});

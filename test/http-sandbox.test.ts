// `--http --sandbox`: the embedded simulated instance served as the one published instance, with the
// demo tokens, a ready curl line and a client snippet printed for a first try.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI } from './helpers/harness.js';
import { startHttpServer, type HttpServer } from './helpers/http.js';

let srv: HttpServer;
beforeAll(async () => { srv = await startHttpServer(['--sandbox']); });
afterAll(async () => { await srv.close(); });

describe('HTTP mode on the sandbox', () => {
  it('prints the endpoint, the demo tokens, a curl line and a VS Code snippet; the printed curl request works', async () => {
    await new Promise((r) => setTimeout(r, 200));
    const out = srv.stderr();
    expect(out).toContain(`Endpoint: ${srv.url}/mcp`);
    const token = /Demo tokens \(sandbox only\): (\S+) \(api\)/.exec(out)?.[1];
    expect(token).toMatch(/^glpat-sandbox-/);
    const curl = out.split('\n').find((l) => l.startsWith('curl -s '))!;
    expect(curl).toContain(`PRIVATE-TOKEN: ${token}`);
    const body = /-d '(.*)'$/.exec(curl)![1]!;
    const headers = Object.fromEntries([...curl.matchAll(/-H '([^:]+): ([^']+)'/g)].map((m) => [m[1]!, m[2]!]));
    const r = await fetch(`${srv.url}/mcp`, { method: 'POST', headers, body });
    expect(r.status).toBe(200);
    const text = await r.text();
    const data = JSON.parse(text.split('\n').find((l) => l.startsWith('data: '))!.slice(6)) as { result: { isError?: boolean; content: Array<{ text: string }> } };
    expect(data.result.isError).toBeFalsy();
    expect(data.result.content[0]!.text).toMatch(/^## Issues/);
    const snippet = out.slice(out.indexOf('VS Code (.vscode/mcp.json):') + 'VS Code (.vscode/mcp.json):'.length).trim();
    expect(JSON.parse(snippet.slice(0, snippet.lastIndexOf('}') + 1))).toEqual({ servers: { gitlab: { type: 'http', url: `${srv.url}/mcp`, headers: { 'PRIVATE-TOKEN': token } } } });
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

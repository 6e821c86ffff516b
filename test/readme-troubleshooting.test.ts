// The README's troubleshooting table quotes what a newcomer really sees: each message it quotes is
// produced here by the server, in the situation the row describes (no token, a refused token, an old
// variable, an HTTP-mode flag on stdio, a foreign Host, no or a refused token over HTTP, an OAuth
// sign-in probe, a port in use).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../src/sandbox/index.js';
import { CLI, ROOT, startServer, text, until, withSandbox } from './helpers/harness.js';
import { post, rawRequest, startHttpServer, type HttpProcess } from './helpers/http.js';

const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const section = README.slice(README.indexOf('## Troubleshooting'), README.indexOf('\n## ', README.indexOf('## Troubleshooting')));
/** The messages the table quotes: code spans of its first column that are sentences, not names or commands. */
const quoted = section.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| You see'))
  .flatMap((row) => [...row.split(' | ')[0]!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!.replace(/…$/, '')))
  .filter((t) => t.split(' ').length >= 4 && !t.startsWith('forge-mcp-server '));

const WRONG_TOKEN = 'glpat-readme-wrong-token-0000000000';
let sb: Sandbox;
let http: HttpProcess;
beforeAll(async () => { [sb, http] = await Promise.all([withSandbox(), startHttpServer(['--sandbox'])]); });
afterAll(async () => { await Promise.all([sb.close(), http.close()]); });

/** What a stdio start that stops at once prints (stdout and stderr), bounded in time. */
function stdioStart(args: string[], env: Record<string, string>): string {
  const home = mkdtempSync(join(tmpdir(), 'forge-trouble-'));
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: home, env: { PATH: process.env.PATH ?? '', HOME: home, ...env }, input: '', encoding: 'utf8', timeout: 15_000 });
  expect(r.status).not.toBe(0);
  return r.stdout + r.stderr;
}

/** What a second HTTP server says when its port is taken; the README writes the port as 8080. */
async function portInUse(): Promise<string> {
  const holder = createServer();
  await new Promise<void>((r) => holder.listen(0, '127.0.0.1', r));
  const port = (holder.address() as AddressInfo).port;
  const home = mkdtempSync(join(tmpdir(), 'forge-trouble-'));
  const proc = spawn(process.execPath, [CLI, '--http', '--sandbox', '--http-addr', `127.0.0.1:${port}`], { cwd: home, env: { PATH: process.env.PATH ?? '', HOME: home }, stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  proc.stderr.on('data', (d: Buffer) => { err += d.toString(); });
  const exited = new Promise<number | null>((r) => proc.on('exit', (code) => r(code)));
  try {
    await until(() => (err.includes('EADDRINUSE') ? true : undefined), 15_000);
    // The failed start ends the process with status 1 (it once kept running on the sandbox it had started).
    expect(await Promise.race([exited, new Promise((r) => setTimeout(() => r('still running'), 10_000))])).toBe(1);
    return err.replaceAll(`127.0.0.1:${port}`, '127.0.0.1:8080');
  } finally {
    proc.kill('SIGTERM');
    holder.close();
  }
}

describe('README troubleshooting', () => {
  it('quotes messages the server prints, in the situations its rows describe', async () => {
    expect(quoted.length).toBeGreaterThanOrEqual(9);
    const said: string[] = [];
    // stdio: no token anywhere; an old variable; an HTTP-mode flag.
    said.push(stdioStart([], {}));
    said.push(stdioStart([], { READ_ONLY: 'true', FORGE_TOKEN: WRONG_TOKEN, FORGE_URL: sb.url }));
    said.push(stdioStart(['--read-only'], { FORGE_TOKEN: WRONG_TOKEN, FORGE_URL: sb.url }));
    // stdio with a token the instance refuses: the start-up WARN and the tool result.
    const s = await startServer({ sandbox: sb, token: WRONG_TOKEN });
    try {
      said.push(text(await s.call('forge_execute_action', { action: 'issue.list', params: { project_id: 'demo-group/demo-project' } })), s.stderr());
    } finally {
      await s.close();
    }
    // HTTP mode: a foreign Host, no token, a refused token, an OAuth sign-in probe, a port in use.
    const foreign = await rawRequest(http, { method: 'POST', path: '/mcp', headers: { host: 'forge.example.org', 'content-type': 'application/json' }, body: '{}' });
    expect(foreign.status).toBe(403);
    said.push(foreign.body);
    for (const headers of [{}, { 'PRIVATE-TOKEN': WRONG_TOKEN }] as Array<Record<string, string>>) {
      const r = await post(http, headers);
      expect(r.status).toBe(401);
      said.push(r.headers.get('www-authenticate') ?? '', r.body);
    }
    said.push((await post(http, {}, '{}', '/register')).body);
    said.push(await portInUse());

    const all = said.join('\n');
    for (const t of quoted) expect(all, t).toContain(t);
  }, 90_000);
});

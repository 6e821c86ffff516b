// The server started by hand in a terminal (a real pseudo-terminal, from util-linux `script`): short
// readable log lines instead of JSON, and a sentence saying where it acts and that it waits for an MCP
// client on stdin. Started by a client (pipes), stderr stays JSON lines.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI, until, withSandbox } from './helpers/harness.js';
import { SANDBOX_TOKEN, type Sandbox } from '../src/sandbox/index.js';

let sb: Sandbox;
beforeAll(async () => { sb = await withSandbox(); });
afterAll(async () => { await sb.close(); });

const ESC = String.fromCharCode(27);
const plain = (s: string) => s.replace(new RegExp(`${ESC}\\[[0-9;]*m`, 'g'), '').replace(/\r/g, '');
const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

interface Run { out: () => string; proc: ChildProcess; stop: () => Promise<void> }

/** Runs the CLI with `env`; in a pseudo-terminal (stdin, stdout and stderr) when `tty`, else on pipes. */
function run(args: string[], env: Record<string, string>, tty: boolean): Run {
  const home = mkdtempSync(join(tmpdir(), 'forge-home-'));
  const fullEnv = { PATH: process.env.PATH ?? '', HOME: home, TERM: 'xterm', ...env };
  const command = [process.execPath, CLI, ...args];
  const proc = tty
    ? spawn('script', ['-qfec', command.map(shellQuote).join(' '), '/dev/null'], { cwd: home, env: fullEnv, stdio: ['pipe', 'pipe', 'pipe'], detached: true })
    : spawn(command[0]!, command.slice(1), { cwd: home, env: fullEnv, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => { out += d.toString(); });
  proc.stderr!.on('data', (d: Buffer) => { out += d.toString(); });
  return {
    out: () => plain(out),
    proc,
    stop: async () => {
      if (proc.exitCode !== null) return;
      const exited = new Promise((r) => proc.once('exit', r));
      process.kill(-proc.pid!, 'SIGTERM');
      await exited;
    },
  };
}

describe('in a terminal', () => {
  it('with a token: says it checks the token, then where it is connected and that it waits for a client; logs are readable lines', async () => {
    const r = run([], { FORGE_TOKEN: SANDBOX_TOKEN, FORGE_URL: sb.url }, true);
    try {
      const out = await until(() => (r.out().includes('Waiting for an MCP client') ? r.out() : undefined), 20_000);
      expect(out).toContain(`Forge MCP Server (stdio) — checking the token at ${sb.url}…`);
      expect(out).toContain(`Connected to ${sb.url} as @demo. Waiting for an MCP client on stdin: an AI assistant starts this command itself`);
      expect(out).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: local file paths allowed under these directories \{"roots":\[/m);
      expect(out).not.toContain('"level":');
      expect(out).not.toContain('credential_hash');
      expect(out).not.toContain(SANDBOX_TOKEN);
    } finally {
      await r.stop();
    }
  });

  it('on the sandbox: the guide, readable logs, then the connection and the wait', async () => {
    const r = run(['--sandbox'], {}, true);
    try {
      const out = await until(() => (r.out().includes('Waiting for an MCP client') ? r.out() : undefined), 20_000);
      expect(out).toContain('Forge MCP Server — sandbox mode');
      expect(out).toMatch(/INFO: sandbox instance started \(simulated GitLab on loopback, demo token\)/);
      expect(out).toMatch(/Connected to http:\/\/127\.0\.0\.1:\d+ as @demo\. Waiting for an MCP client on stdin/);
      expect(out).not.toContain('"level":');
    } finally {
      await r.stop();
    }
  });

  it('a token the instance refuses: says it could not be confirmed, and still waits', async () => {
    const r = run([], { FORGE_TOKEN: 'glpat-terminal-refused-0000', FORGE_URL: sb.url }, true);
    try {
      const out = await until(() => (r.out().includes('Waiting for an MCP client') ? r.out() : undefined), 20_000);
      expect(out).toContain(`Could not confirm the token at ${sb.url} yet (tool calls will say why). Waiting for an MCP client on stdin`);
    } finally {
      await r.stop();
    }
  });
});

describe('started by a client (pipes)', () => {
  it('writes JSON log lines and no terminal sentences', async () => {
    const r = run([], { FORGE_TOKEN: SANDBOX_TOKEN, FORGE_URL: sb.url }, false);
    try {
      const out = await until(() => (r.out().includes('local file paths allowed') ? r.out() : undefined), 20_000);
      await new Promise((res) => setTimeout(res, 500));
      const lines = r.out().split('\n').filter(Boolean);
      for (const l of lines) expect(() => JSON.parse(l) as unknown, l).not.toThrow();
      expect(out).not.toContain('Waiting for an MCP client');
      expect(out).not.toContain('checking the token');
    } finally {
      await r.stop();
    }
  });
});

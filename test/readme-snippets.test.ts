// What the README shows is copied by newcomers as it is, so it runs as it is: every shell command of
// the README is run (servers against the sandbox, bounded in time; `claude` through a stand-in that
// hands its server command on), and every JSON client snippet parses and starts a server an SDK client
// uses. The snippets of docs/ are checked for form: JSON parses, TOML is well formed, token
// placeholders are quoted in shell lines.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_TOKEN, type Sandbox } from '../src/sandbox/index.js';
import { apiRequests, CLI, listDemoIssues, ROOT, withSandbox } from './helpers/harness.js';

const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const DOCS = ['README.md', 'docs/install.md', 'docs/http-mode.md'].map((p) => ({ page: p, text: readFileSync(join(ROOT, p), 'utf8') }));
const blocks = (text: string, lang: string) => [...text.matchAll(new RegExp('^```' + lang + '\\n([\\s\\S]*?)^```', 'gm'))].map((m) => m[1]!);
/** The README's shell commands: comments and blank lines dropped, `\` continuations joined. */
const commands = blocks(README, 'sh').flatMap((b) => b.replace(/\\\n\s*/g, '').split('\n')).map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));

/** Where the README tells the reader to put the path of their clone. */
const CLONE = '/absolute/path/to/forge-mcp-server';
const INSTANCE = 'https://gitlab.example.com';
const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

interface ServerDef { type?: string; command: string; args?: string[]; env?: Record<string, string> }
interface Snippet { mcpServers?: Record<string, ServerDef>; servers?: Record<string, ServerDef>; inputs?: Array<{ id: string; type: string; password?: boolean }> }

let sb: Sandbox;
beforeAll(async () => { sb = await withSandbox(); });
afterAll(async () => { await sb.close(); });

/**
 * The snippet's server as this machine runs it: `node` is the test's Node.js, the clone placeholder
 * is this checkout, the token placeholder (or VS Code input) the sandbox's demo token and the example
 * instance the sandbox. Anything else in the snippet fails the test.
 */
function resolve(def: ServerDef, inputs: Snippet['inputs'] = []): { command: string; args: string[]; env: Record<string, string> } {
  expect(def.command).toBe('node');
  const args = (def.args ?? []).map((a) => a.replace(CLONE, ROOT));
  expect(args[0]).toBe(CLI);
  expect(existsSync(args[0]!)).toBe(true);
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(def.env ?? {})) {
    expect(['FORGE_TOKEN', 'FORGE_URL']).toContain(k);
    if (k === 'FORGE_URL') { expect(v).toBe(INSTANCE); env[k] = sb.url; continue; }
    const input = /^\$\{input:([\w-]+)\}$/.exec(v)?.[1];
    if (input) expect(inputs.find((i) => i.id === input)).toMatchObject({ type: 'promptString', password: true });
    else expect(v).toBe('<ACCESS_TOKEN>');
    env[k] = SANDBOX_TOKEN;
  }
  return { command: process.execPath, args, env };
}

/** Starts the server as a client would, lists the demo project's issues through it, and stops it. */
async function listIssues(server: { command: string; args: string[]; env: Record<string, string> }): Promise<string> {
  const home = mkdtempSync(join(tmpdir(), 'forge-readme-'));
  const transport = new StdioClientTransport({ ...server, env: { PATH: process.env.PATH ?? '', HOME: home, ...server.env }, cwd: home, stderr: 'pipe' });
  return listDemoIssues(transport, 'readme');
}

/** Runs a server that was given the token: the answer came from the sandbox, through its API. */
async function expectServes(server: ReturnType<typeof resolve>): Promise<void> {
  sb.clearLog();
  expect(await listIssues(server)).toMatch(/^## Issues/);
  if (server.env.FORGE_URL) expect(apiRequests(sb).length).toBeGreaterThan(0);
  else expect(server.args).toContain('--sandbox');
}

describe('README shell commands', () => {
  it('are the ones this test runs, nothing else', () => {
    const known = (c: string) => c === 'npm ci && npm start' || c === 'npm test' || c === 'echo "$PWD/dist/bundle/cli.js"' || c.startsWith('claude mcp add ');
    expect(commands.filter((c) => !known(c))).toEqual([]);
    expect(commands.slice(0, 2)).toEqual(['npm ci && npm start', 'npm test']);
  });

  it('npm ci builds (prepare) and npm start, without a token, serves the sandbox on stdio (its banner aside)', async () => {
    expect(existsSync(join(ROOT, 'package-lock.json'))).toBe(true);
    expect(scripts.prepare).toBe('npm run build');
    const home = mkdtempSync(join(tmpdir(), 'forge-readme-'));
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: home };
    delete env.FORGE_TOKEN;
    delete env.FORGE_URL;
    // `npm start` as typed: by a shell, in the clone; npm's own banner lines precede the JSON-RPC ones.
    // Its own process group, so the shell, npm and the server all stop at the end.
    const child = spawn('sh', ['-c', 'npm start'], { cwd: ROOT, env, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    try {
      let out = '';
      const answered = new Promise<{ result: { content: Array<{ text: string }> } }>((done, fail) => {
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const line = out.split('\n').find((l) => l.startsWith('{') && l.includes('"id":2'));
          if (line) done(JSON.parse(line) as never);
        });
        child.on('exit', (code) => fail(new Error(`npm start ended (${code}): ${out}`)));
        setTimeout(() => fail(new Error(`no answer within 20 s: ${out}`)), 20_000);
      });
      const send = (m: object) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...m })}\n`);
      send({ id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'readme', version: '1' } } });
      send({ method: 'notifications/initialized' });
      send({ id: 2, method: 'tools/call', params: { name: 'forge_execute_action', arguments: { action: 'issue.list', params: { project_id: 'demo-group/demo-project' } } } });
      expect((await answered).result.content[0]!.text).toMatch(/^## Issues/);
    } finally {
      process.kill(-child.pid!, 'SIGTERM');
    }
  });

  it('npm test is the whole suite, starting with the check of the system tools', () => {
    expect(scripts.test).toMatch(/^node scripts\/preflight\.mjs && .*vitest run$/);
  });

  it('echo "$PWD/dist/bundle/cli.js", run in the clone, prints the absolute path of the built server', () => {
    const out = execFileSync('sh', ['-c', 'echo "$PWD/dist/bundle/cli.js"'], { cwd: ROOT, encoding: 'utf8' });
    expect(out).toBe(`${CLI}\n`);
    expect(existsSync(out.trim())).toBe(true);
  });

  it('every `claude mcp add` line, run by a shell, hands Claude Code a server command that serves', async () => {
    // A stand-in `claude` first on PATH: it prints the arguments the shell gave it.
    const bin = mkdtempSync(join(tmpdir(), 'forge-claude-'));
    writeFileSync(join(bin, 'claude'), `#!${process.execPath}\nprocess.stdout.write(JSON.stringify(process.argv.slice(2)));\n`);
    chmodSync(join(bin, 'claude'), 0o755);
    const lines = commands.filter((c) => c.startsWith('claude mcp add '));
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) {
      const argv = JSON.parse(execFileSync('sh', ['-c', line], { env: { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}` }, encoding: 'utf8', timeout: 10_000 })) as string[];
      const dash = argv.indexOf('--');
      expect(argv.slice(0, 3), line).toEqual(['mcp', 'add', 'gitlab']);
      const options = argv.slice(3, dash);
      const env: Record<string, string> = {};
      for (let i = 0; i < options.length; i += 2) {
        expect(options[i], line).toBe('--env');
        const [k, ...v] = options[i + 1]!.split('=');
        env[k!] = v.join('=');
      }
      const [command, ...args] = argv.slice(dash + 1);
      await expectServes(resolve({ command: command!, args, env }));
    }
  }, 60_000);
});

describe('README JSON client snippets', () => {
  const snippets = blocks(README, 'json').map((b) => JSON.parse(b) as Snippet);

  it('parse, each naming one server under the key its client reads (VS Code: servers with a type)', () => {
    expect(snippets.length).toBe(4);
    for (const s of snippets) {
      const servers = s.servers ?? s.mcpServers;
      expect(Object.keys(s).filter((k) => k !== 'inputs')).toHaveLength(1);
      expect(Object.keys(servers!)).toEqual(['gitlab']);
      if (s.servers) expect(s.servers.gitlab!.type).toBe('stdio');
      else expect(s.mcpServers!.gitlab!.type).toBeUndefined();
    }
  });

  it('start a server an MCP client uses: the sandbox ones on the sandbox, the token ones on the instance they name', async () => {
    const defs = snippets.map((s) => resolve((s.servers ?? s.mcpServers)!.gitlab!, s.inputs));
    expect(defs.filter((d) => d.env.FORGE_TOKEN).length).toBe(2);
    for (const d of defs) await expectServes(d);
  }, 60_000);
});

describe('snippets of the README and docs/', () => {
  it('every JSON block is valid JSON, and VS Code blocks use "servers"', () => {
    for (const { page, text } of DOCS) {
      for (const b of blocks(text, 'json')) {
        const v = JSON.parse(b) as Record<string, unknown>;
        if ('servers' in v) expect(v, page).not.toHaveProperty('mcpServers');
        const servers = (v.servers ?? v.mcpServers) as Record<string, { type?: string; url?: string }> | undefined;
        for (const s of Object.values(servers ?? {})) if (s.type === 'http') expect(s.url, page).toMatch(/^https?:\/\/.+\/mcp$/);
      }
    }
  });

  it('every TOML block is key = value lines under [tables], quotes balanced', () => {
    const toml = DOCS.flatMap(({ text }) => blocks(text, 'toml'));
    expect(toml.length).toBeGreaterThan(0);
    for (const b of toml) {
      for (const line of b.split('\n').filter((l) => l.trim())) {
        expect(line, line).toMatch(/^\[[\w.]+\]$|^[\w-]+ = .+$/);
        expect((line.match(/"/g) ?? []).length % 2, line).toBe(0);
      }
    }
  });

  it('every shell line passing a token placeholder quotes it', () => {
    const lines = DOCS.flatMap(({ text }) => blocks(text, 'sh')).flatMap((b) => b.split('\n')).filter((l) => l.includes('<ACCESS_TOKEN>'));
    expect(lines.length).toBeGreaterThan(3);
    // Inside quotes when an odd number of ' or " precede it on the line (else < and > are redirections).
    const quoted = (l: string) => {
      const before = l.slice(0, l.indexOf('<ACCESS_TOKEN>'));
      return (before.split("'").length - 1) % 2 === 1 || (before.split('"').length - 1) % 2 === 1;
    };
    for (const l of lines) expect(quoted(l), l).toBe(true);
  });
});

describe('the terminal guide of --sandbox', () => {
  it('prints valid snippets: mcpServers for Claude Desktop and Cursor, servers with a type for VS Code', async () => {
    const { sandboxGuide } = await import('../src/server/guide.js');
    const text = sandboxGuide();
    const first = text.indexOf('{');
    const vsAt = text.indexOf('VS Code (.vscode/mcp.json):');
    const claude = JSON.parse(text.slice(first, text.lastIndexOf('}', vsAt) + 1)) as Record<string, unknown>;
    expect(Object.keys(claude)).toEqual(['mcpServers']);
    const rest = text.slice(vsAt);
    const vscode = JSON.parse(rest.slice(rest.indexOf('{'), rest.indexOf('\n}\n') + 2)) as { servers: { forge: { type: string } } };
    expect(vscode.servers.forge.type).toBe('stdio');
  });
});

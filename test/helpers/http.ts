// HTTP-mode test helpers: the built server (`--http`) as a child process on loopback, the SDK client
// over Streamable HTTP with a credential header, and raw requests for status and header rows.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { answers, CLI, secretsInUse, stderrChunks, type ToolResultLike } from './harness.js';

export interface HttpServer { url: string; stderr: () => string; close: () => Promise<void> }
export interface HttpProcess extends HttpServer { proc: ChildProcess }

/** `nofile`: the server runs under that descriptor limit (prlimit), as a host with a low `ulimit -n`. */
export async function startHttpServer(args: string[], env: Record<string, string> = {}, opts: { nofile?: number } = {}): Promise<HttpProcess> {
  const home = mkdtempSync(join(tmpdir(), 'forge-home-'));
  const command = [process.execPath, CLI, '--http', '--http-addr', '127.0.0.1:0', ...args];
  if (opts.nofile !== undefined) command.unshift('prlimit', `--nofile=${opts.nofile}:${opts.nofile}`, '--');
  const proc = spawn(command[0]!, command.slice(1), {
    cwd: home, env: { PATH: process.env.PATH ?? '', HOME: home, FORGE_MCP_LOG_LEVEL: 'info', ...env }, stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listening line within 15 s: ${err}`)), 15_000);
    proc.stderr?.on('data', (d: Buffer) => {
      err += d.toString();
      stderrChunks.push(d.toString());
      for (const line of err.split('\n')) {
        if (!line.includes('"listening"')) continue;
        const rec = JSON.parse(line) as { msg: string; address?: string };
        if (rec.msg === 'listening' && rec.address) { clearTimeout(timer); resolve(rec.address); }
      }
    });
    proc.once('exit', (code) => { clearTimeout(timer); reject(new Error(`server exited with ${code}: ${err}`)); });
  });
  return {
    url, proc, stderr: () => err,
    close: async () => {
      if (proc.exitCode !== null) return;
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGTERM');
      await exited;
    },
  };
}

export async function connect(srv: HttpServer, headers: Record<string, string>, opts: { modern?: boolean } = {}): Promise<Client> {
  for (const v of Object.values(headers)) secretsInUse.add(v.replace(/^Bearer /, ''));
  const transport = new StreamableHTTPClientTransport(new URL(`${srv.url}/mcp`), { requestInit: { headers } });
  const client = new Client({ name: 'http-e2e', version: '1.0.0' }, opts.modern ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {});
  await client.connect(transport);
  return client;
}

export async function callTool(client: Client, name: string, args: Record<string, unknown>): Promise<ToolResultLike> {
  const r = (await client.callTool({ name, arguments: args })) as ToolResultLike;
  answers.push(JSON.stringify(r));
  return r;
}

export const ACCEPT = 'application/json, text/event-stream';
export const rpc = (method: string, params: unknown = {}, id: number | string = 1) => JSON.stringify({ jsonrpc: '2.0', id, method, params });
export const INIT = rpc('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } });

export async function post(srv: HttpServer, headers: Record<string, string>, body = INIT, path = '/mcp'): Promise<{ status: number; headers: Headers; body: string }> {
  const r = await fetch(`${srv.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', accept: ACCEPT, ...headers }, body });
  const t = await r.text();
  answers.push(t);
  return { status: r.status, headers: r.headers, body: t };
}

/** A raw request with a Host header of our choosing (fetch does not let a caller set Host). */
export function rawRequest(srv: HttpServer, opts: { method: string; path: string; headers: Record<string, string>; body?: string }): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const u = new URL(srv.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: u.hostname, port: Number(u.port), method: opts.method, path: opts.path, headers: opts.headers }, (res) => {
      let b = '';
      res.on('data', (d: Buffer) => { b += d.toString(); });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: b }));
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** The JSON-RPC message of an answer sent as JSON or as a one-event stream. */
export const messageOf = (body: string): { result?: { isError?: boolean }; error?: unknown } => {
  const data = body.split('\n').filter((l) => l.startsWith('data: ')).map((l) => l.slice(6));
  return JSON.parse(data.length ? data[data.length - 1] : body) as { result?: { isError?: boolean } };
};

export const errorOf = (body: string) => (JSON.parse(body) as { error: { code: number; message: string }; id: unknown });


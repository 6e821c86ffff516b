// stdio answers every line it cannot process (JSON-RPC 2.0): the client never waits for a time-out.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SANDBOX_TOKEN, type Sandbox } from '../src/sandbox/index.js';
import { CLI, withSandbox } from './helpers/harness.js';

let sb: Sandbox;
beforeAll(async () => { sb = await withSandbox(); });
afterAll(async () => { await sb.close(); });

/** Writes raw lines to a fresh server and collects the JSON answers until `count` arrived. */
async function exchange(lines: string[], count: number): Promise<Array<Record<string, unknown>>> {
  const home = mkdtempSync(join(tmpdir(), 'forge-home-'));
  const child = spawn(process.execPath, [CLI], { cwd: home, env: { PATH: process.env.PATH ?? '', HOME: home, FORGE_TOKEN: SANDBOX_TOKEN, FORGE_URL: sb.url, FORGE_MCP_LOG_LEVEL: 'warn' }, stdio: ['pipe', 'pipe', 'pipe'] });
  const out: Array<Record<string, unknown>> = [];
  let buf = '';
  const done = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`only ${out.length} of ${count} answers: ${JSON.stringify(out)}`)), 20_000);
    child.stdout.on('data', (d: Buffer) => {
      buf += d.toString();
      let nl;
      while ((nl = buf.indexOf('\n')) >= 0) {
        out.push(JSON.parse(buf.slice(0, nl)) as Record<string, unknown>);
        buf = buf.slice(nl + 1);
      }
      if (out.length >= count) { clearTimeout(timer); resolve(); }
    });
  });
  for (const l of lines) child.stdin.write(`${l}\n`);
  try { await done; } finally { child.stdin.end(); child.kill(); }
  return out;
}

const ping = (id: number) => JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' });
const err = (id: unknown, code: number, message: RegExp) => ({ jsonrpc: '2.0', id, error: { code, message: expect.stringMatching(message) } });

describe('stdio JSON-RPC robustness', () => {
  it('answers invalid JSON, invalid requests and batches, then goes on serving', async () => {
    const answers = await exchange([
      'not json',
      JSON.stringify({ jsonrpc: '2.0', id: null, method: 'ping' }),
      JSON.stringify([{ jsonrpc: '2.0', id: 1, method: 'ping' }]),
      JSON.stringify({ jsonrpc: '1.0', id: 2, method: 'ping' }),
      JSON.stringify({ id: 3, method: 'ping' }),
      JSON.stringify({ jsonrpc: '2.0', id: 4, method: 5 }),
      JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'ping', params: 3 }),
      JSON.stringify({ jsonrpc: '2.0', id: { a: 1 }, method: 'ping' }),
      ping(6),
    ], 9);
    expect(answers).toEqual([
      err(null, -32700, /^Parse error/),
      err(null, -32600, /id must be a string or a number/),
      err(null, -32600, /batches are not supported/),
      err(2, -32600, /jsonrpc must be "2\.0"/),
      err(3, -32600, /jsonrpc must be "2\.0"/),
      err(4, -32600, /method must be a string/),
      err(5, -32600, /params must be an object/),
      err(null, -32600, /id must be a string or a number/),
      { jsonrpc: '2.0', id: 6, result: {} },
    ]);
  });

  it('refuses arguments nested 5,000 deep with -32600, not a stack overflow', async () => {
    const deep = `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"forge_find_action","arguments":{"query":${'['.repeat(5000)}${']'.repeat(5000)}}}}`;
    expect(await exchange([deep, ping(8)], 2)).toEqual([err(7, -32600, /nested deeper than 64 levels/), { jsonrpc: '2.0', id: 8, result: {} }]);
  });

  it('reads a message split across writes, several in one write, and a last one without its newline when stdin ends', async () => {
    const home = mkdtempSync(join(tmpdir(), 'forge-home-'));
    const child = spawn(process.execPath, [CLI], { cwd: home, env: { PATH: process.env.PATH ?? '', HOME: home, FORGE_TOKEN: SANDBOX_TOKEN, FORGE_URL: sb.url, FORGE_MCP_LOG_LEVEL: 'warn' }, stdio: ['pipe', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => { out += d.toString(); });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const first = ping(11);
    child.stdin.write(first.slice(0, 10));
    await new Promise((r) => setTimeout(r, 200));
    child.stdin.write(`${first.slice(10)}\n${ping(12)}\n\n${ping(13)}`);
    child.stdin.end();
    await exited;
    expect(out.split('\n').filter(Boolean).map((l) => JSON.parse(l) as unknown)).toEqual([11, 12, 13].map((id) => ({ jsonrpc: '2.0', id, result: {} })));
  });

  it('answers a line over the size limit and keeps serving (no silent exit)', async () => {
    const huge = JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'ping', params: { pad: 'x'.repeat(9 * 1024 * 1024) } });
    expect(await exchange([huge, ping(10)], 2)).toEqual([err(null, -32600, /at most 8388608 bytes/), { jsonrpc: '2.0', id: 10, result: {} }]);
  });
});

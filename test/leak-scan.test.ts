// The leak scan that runs after every test file (helpers/leak-setup.ts) must catch every form, and
// read what servers built in the test process log and answer.
import { describe, it, expect } from 'vitest';
import { SANDBOX_TOKEN } from '../src/sandbox/index.js';
import { answers, secretsInUse, stderrChunks, withSandbox } from './helpers/harness.js';
import { startInProcess } from './helpers/inproc.js';
import { startHttpInProcess } from './helpers/inproc-http.js';
import { findLeaks } from './helpers/leaks.js';

describe('findLeaks', () => {
  const secret = 'glpat-secret/value+1';
  it('finds a token written plainly, percent-encoded or base64-encoded', () => {
    expect(findLeaks([`token=${secret}`], [secret])).toHaveLength(1);
    expect(findLeaks([`/x?t=${encodeURIComponent(secret)}`], [secret])).toHaveLength(1);
    expect(findLeaks([Buffer.from(secret).toString('base64')], [secret])).toHaveLength(1);
  });
  it('stays quiet on clean output', () => {
    expect(findLeaks(['{"level":30,"credential_hash":"0123456789abcdef"}'], [secret])).toEqual([]);
  });
});

describe('servers built in this process feed the scan', () => {
  it('stdio core and HTTP listener: log lines reach the stderr record (never process stderr), answers and the token are recorded', async () => {
    const sb = await withSandbox();
    const written: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string | Uint8Array, ...rest: never[]) => { written.push(String(chunk)); return write(chunk, ...rest); }) as typeof process.stderr.write;
    const before = stderrChunks.length;
    try {
      const srv = await startInProcess({ sandbox: sb });
      try {
        await srv.call('forge_execute_action', { action: 'issue.list', params: { project_id: 1 } });
        expect(secretsInUse.has(SANDBOX_TOKEN)).toBe(true);
        expect(stderrChunks.slice(before).join('')).toContain('"msg":"local file paths allowed under these directories"');
        expect(srv.stderr()).toContain('local file paths allowed');
        expect(answers.at(-1)).toContain('Issues');
      } finally { await srv.close(); }
      const http = await startHttpInProcess(['--forge-url', sb.url]);
      try {
        expect(http.stderr()).toMatch(/"msg":"listening"/);
        expect(stderrChunks.join('')).toContain(http.url);
      } finally { await http.close(); }
      expect(written.filter((w) => w.includes('"level"'))).toEqual([]);
    } finally {
      process.stderr.write = write;
      await sb.close();
    }
  });
});

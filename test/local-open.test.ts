// Each local file is opened once and the opened descriptor is what gets checked (issue #26 item 2):
// the file approved by the path check and the bytes sent are the same file. The swap between the check
// and the read is made deterministic by the seam localfile.ts calls just before it opens the file.
import { describe, it, expect, afterEach } from 'vitest';
import { appendFileSync, mkdtempSync, mkdirSync, renameSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { SANDBOX_TOKEN } from '../src/sandbox/index.js';
import { localFileSeam } from '../src/pipeline/localfile.js';
import { apiRequests, text } from './helpers/harness.js';
import { sandboxServer } from './helpers/inproc.js';

// The user-facing sandbox stores project uploads; the request log holds what was sent.
const on = sandboxServer({ env: { FORGE_MCP_UPLOAD_MAX_FILE_SIZE: '1024' } });
afterEach(() => { localFileSeam.beforeOpen = undefined; });

const run = (action: string, params: Record<string, unknown>) => on.srv.call('forge_execute_action', { action, params });

/** A secret outside anything the call named (the environment file the attack read). */
function secret(): string {
  const p = join(mkdtempSync(join(tmpdir(), 'forge-secret-')), 'environ');
  writeFileSync(p, 'FORGE_TOKEN=not-for-upload\n');
  return p;
}

/** A work directory with `name` holding `content`. */
function fileIn(name: string, content: string | Buffer): { dir: string; path: string } {
  const dir = mkdtempSync(join(tmpdir(), 'forge-up-'));
  writeFileSync(join(dir, name), content);
  return { dir, path: join(dir, name) };
}

/** Runs `swap` once, when the file named `name` is about to be opened. */
function swapBeforeOpen(name: string, swap: (path: string) => void): void {
  localFileSeam.beforeOpen = (p) => {
    if (basename(p) !== name) return;
    localFileSeam.beforeOpen = undefined;
    swap(p);
  };
}

describe('project.upload reads the file the check approved, from one checked descriptor', () => {
  it('uploads an unchanged file', async () => {
    const { path } = fileIn('notes.txt', 'hello');
    on.sb.clearLog();
    const r = await run('project.upload', { project_id: 1, file_path: path });
    expect(r.isError, text(r)).toBeFalsy();
    expect(apiRequests(on.sb).map((e) => `${e.method} ${e.path}`)).toEqual(['POST /api/v4/projects/1/uploads']);
    // The sandbox stored the five bytes under the file's name.
    const stored = await (await fetch(`${on.sb.url}/api/v4/projects/1/uploads`, { headers: { 'private-token': SANDBOX_TOKEN } })).json();
    expect(stored[0]).toMatchObject({ filename: 'notes.txt', size: 5 });
  });

  it('refuses a file swapped for a symlink after the check (the token file stays home)', async () => {
    const { path } = fileIn('notes.txt', 'hello');
    const target = secret();
    swapBeforeOpen('notes.txt', (p) => { unlinkSync(p); symlinkSync(target, p); });
    on.sb.clearLog();
    const r = await run('project.upload', { project_id: 1, file_path: path });
    expect(r.isError).toBe(true);
    expect(text(r)).toBe(`projectUpload: file_path "${path}" became a symbolic link after it was checked; nothing was read`);
    expect(apiRequests(on.sb)).toHaveLength(0);
  });

  it('refuses a file replaced by another regular file after the check (same name, another inode)', async () => {
    const { dir, path } = fileIn('notes.txt', 'hello');
    writeFileSync(join(dir, 'other'), 'not this one');
    swapBeforeOpen('notes.txt', (p) => renameSync(join(dir, 'other'), p));
    on.sb.clearLog();
    const r = await run('project.upload', { project_id: 1, file_path: path });
    expect(text(r)).toBe(`projectUpload: file_path "${path}" was replaced by another file after it was checked; nothing was read`);
    expect(apiRequests(on.sb)).toHaveLength(0);
  });

  it('refuses a file replaced by a FIFO after the check, without blocking on it', async () => {
    const { path } = fileIn('notes.txt', 'hello');
    swapBeforeOpen('notes.txt', (p) => { unlinkSync(p); execFileSync('mkfifo', [p]); });
    on.sb.clearLog();
    const r = await run('project.upload', { project_id: 1, file_path: path });
    expect(text(r)).toBe(`projectUpload: file_path "${path}" is not a regular file`);
    expect(apiRequests(on.sb)).toHaveLength(0);
  });

  it('holds the size limit on the opened file: one that grew after the check is refused', async () => {
    const { path } = fileIn('notes.txt', 'hello');
    swapBeforeOpen('notes.txt', (p) => appendFileSync(p, Buffer.alloc(4096)));
    on.sb.clearLog();
    const r = await run('project.upload', { project_id: 1, file_path: path });
    expect(text(r)).toBe(`projectUpload: file_path "${path}" is 4101 bytes, over the upload limit of 1024 bytes (FORGE_MCP_UPLOAD_MAX_FILE_SIZE)`);
    expect(apiRequests(on.sb)).toHaveLength(0);
  });
});

describe('package.publish_directory opens each file once, just before its upload', () => {
  const publish = (dir: string, file_name = '*.bin') =>
    run('package.publish_directory', { project_id: 1, package_name: 'bundle', package_version: '1.0.0', file_name, directory_path: dir });
  const puts = () => apiRequests(on.sb).filter((e) => e.method === 'PUT').map((e) => basename(e.path));

  it('refuses a FIFO, a device symlink or a symlink among the matching files before sending anything', async () => {
    const fifo = mkdtempSync(join(tmpdir(), 'forge-pub-'));
    writeFileSync(join(fifo, 'a.bin'), 'a');
    execFileSync('mkfifo', [join(fifo, 'b.bin')]);
    const zero = mkdtempSync(join(tmpdir(), 'forge-pub-'));
    writeFileSync(join(zero, 'a.bin'), 'a');
    symlinkSync('/dev/zero', join(zero, 'z.bin'));
    const link = mkdtempSync(join(tmpdir(), 'forge-pub-'));
    symlinkSync(secret(), join(link, 'env.bin'));
    on.sb.clearLog();
    expect(text(await publish(fifo))).toBe('packagePublishDirectory: "b.bin" is not a regular file (a symbolic link, FIFO, socket or device); nothing was uploaded');
    expect(text(await publish(zero))).toBe('packagePublishDirectory: "z.bin" is not a regular file (a symbolic link, FIFO, socket or device); nothing was uploaded');
    expect(text(await publish(link))).toBe('packagePublishDirectory: "env.bin" is not a regular file (a symbolic link, FIFO, socket or device); nothing was uploaded');
    expect(apiRequests(on.sb)).toHaveLength(0);
  });

  it('skips subdirectories whose name matches, and publishes the regular files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'forge-pub-'));
    writeFileSync(join(dir, 'a.bin'), 'a');
    mkdirSync(join(dir, 'nested.bin'));
    on.sb.clearLog();
    const r = await publish(dir);
    expect(r.isError, text(r)).toBeFalsy();
    expect(puts()).toEqual(['a.bin']);
  });

  it('refuses a file swapped for a symlink to /dev/zero during the publish: the size limit and the check hold', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'forge-pub-'));
    writeFileSync(join(dir, 'a.bin'), 'a');
    writeFileSync(join(dir, 'b.bin'), 'b');
    swapBeforeOpen('b.bin', (p) => { unlinkSync(p); symlinkSync('/dev/zero', p); });
    on.sb.clearLog();
    const r = await publish(dir);
    expect(r.isError).toBe(true);
    expect(text(r)).toBe('packagePublishDirectory: "b.bin" became a symbolic link after it was checked; nothing was read (already done before this: a.bin)');
    expect(puts()).toEqual(['a.bin']);
  });

  it('refuses a file replaced by another during the publish, and one that grew past the limit', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'forge-pub-'));
    writeFileSync(join(dir, 'a.bin'), 'a');
    writeFileSync(join(dir, 'other'), 'x');
    swapBeforeOpen('a.bin', (p) => renameSync(join(dir, 'other'), p));
    on.sb.clearLog();
    expect(text(await publish(dir))).toBe('packagePublishDirectory: "a.bin" was replaced by another file after it was checked; nothing was read; nothing was uploaded');
    swapBeforeOpen('a.bin', (p) => appendFileSync(p, Buffer.alloc(2048)));
    expect(text(await publish(dir))).toBe('packagePublishDirectory: "a.bin" is 2049 bytes, over the upload limit of 1024 bytes (FORGE_MCP_UPLOAD_MAX_FILE_SIZE); nothing was uploaded');
    expect(puts()).toEqual([]);
  });
});

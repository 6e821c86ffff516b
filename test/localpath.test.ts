// Local paths hold wherever the server starts: a desktop client that starts it in / or the home
// directory must not make the disk, the process environment or a credential store uploadable.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, mkdirSync, writeFileSync, symlinkSync, readFileSync, lstatSync, readdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Sandbox } from '../src/sandbox/index.js';
import { localRoots, localPathParams } from '../src/pipeline/localpath.js';
import { catalog, loadCatalog } from '../src/catalog/index.js';
import { apiRequests, text, withSandbox } from './helpers/harness.js';
import { serverIn as startIn } from './helpers/local.js';

let sb: Sandbox;
beforeAll(async () => { sb = await withSandbox(); });
afterAll(async () => { await sb.close(); });

/** The built server over stdio, started in `cwd` with `home` as its home directory. */
const serverIn = (cwd: string, home: string, env: Record<string, string> = {}) => startIn(sb, cwd, home, env);

describe('local paths are catalog data (lint)', () => {
  it('every local file_path / directory_path / output_path declares what is done to it, and only local params do', async () => {
    await loadCatalog();
    const KIND: Record<string, string> = { file_path: 'read-file', directory_path: 'read-dir', output_path: 'write-file' };
    const bad: string[] = [];
    let declared = 0;
    for (const a of catalog().actions) {
      for (const [name, p] of Object.entries(a.params)) {
        if (p.local) declared++;
        if (p.local && p.in !== 'local') bad.push(`${a.id}.${name}: local path sent to the platform`);
        if (p.in === 'local' && KIND[name] && p.local !== KIND[name]) bad.push(`${a.id}.${name}: expected local: '${KIND[name]}', got ${String(p.local)}`);
        if (/^local path/i.test(p.description) && !p.local) bad.push(`${a.id}.${name}: described as a local path but not declared`);
      }
      if ((a.upload || a.download || a.handler === 'publish_directory') && !localPathParams(a).length && !a.buildsUrl) bad.push(`${a.id}: moves a file but declares no local path`);
      // A download may replace a file only when the call says so (and the user confirms): every one declares the flag.
      const writes = localPathParams(a).some(([, kind]) => kind === 'write-file');
      const overwrite = a.params.overwrite;
      if (writes && !(a.download && overwrite?.type === 'boolean' && overwrite.in === 'local' && !overwrite.required && overwrite.default === undefined)) bad.push(`${a.id}: writes a local file but declares no optional local boolean overwrite (or is not a download)`);
      if (!writes && overwrite?.in === 'local') bad.push(`${a.id}: a local overwrite flag without a file to write`);
    }
    expect(bad).toEqual([]);
    expect(declared).toBeGreaterThan(20);
  });
});

describe('the working directory as a root', () => {
  it('is refused when it is /, the home directory, a parent of it or a system directory', () => {
    const home = mkdtempSync(join(tmpdir(), 'forge-home-'));
    expect(localRoots('/', [], home).cwdRefused).toBe('it is the file system root');
    expect(localRoots(home, [], home).cwdRefused).toBe('it is the home directory');
    expect(localRoots(join(home, '..'), [], home).cwdRefused).toBe('it contains the home directory');
    expect(localRoots('/etc', [], home).cwdRefused).toBe('it is a system directory');
    expect(localRoots('/usr/share', [], home).cwdRefused).toBe('it is a system directory');
    const project = join(home, 'src', 'app');
    mkdirSync(project, { recursive: true });
    expect(localRoots(project, [], home)).toEqual({ roots: [project, expect.any(String)] });
  });
});

describe('started in / (as desktop clients do)', () => {
  it('never uploads the process environment, and says at start which roots are in force', async () => {
    const home = mkdtempSync(join(tmpdir(), 'forge-home-'));
    const srv = await serverIn('/', home);
    try {
      sb.clearLog();
      for (const p of ['/proc/self/environ', 'proc/self/environ', '/etc/hostname', '/sys/kernel/hostname']) {
        const r = await srv.call('project.upload', { project_id: 1, file_path: p });
        expect(r.isError, p).toBe(true);
        expect(text(r)).toMatch(/is in a place the server never reads or writes|resolves outside the allowed directories/);
      }
      expect(apiRequests(sb)).toHaveLength(0);
      expect(srv.stderr()).toMatch(/the working directory is not an allowed directory for local file paths: it is the file system root/);
      expect(srv.stderr()).toMatch(/local file paths allowed under these directories/);
    } finally { await srv.close(); }
  });
});

describe('started in the home directory', () => {
  it('refuses the env file, credential stores and dotfiles there, even when the home directory is allowed', async () => {
    const home = mkdtempSync(join(tmpdir(), 'forge-home-'));
    writeFileSync(join(home, '.forge-mcp-server.env'), `FORGE_MCP_LOG_LEVEL=info\n`);
    mkdirSync(join(home, '.ssh'));
    writeFileSync(join(home, '.ssh', 'id_ed25519'), 'PRIVATE KEY');
    mkdirSync(join(home, '.aws'));
    writeFileSync(join(home, '.aws', 'credentials'), 'aws');
    writeFileSync(join(home, '.netrc'), 'machine x password y');
    const named = join(mkdtempSync(join(tmpdir(), 'forge-envfile-')), 'settings.env');
    writeFileSync(named, 'FORGE_MCP_LOG_LEVEL=info\n');
    const srv = await serverIn(home, home, { FORGE_MCP_ALLOWED_UPLOAD_DIRS: home });
    const srv2 = await serverIn(home, home, { FORGE_MCP_ENV_FILE: named });
    try {
      sb.clearLog();
      for (const p of ['.forge-mcp-server.env', '.ssh/id_ed25519', join(home, '.aws', 'credentials'), '.netrc']) {
        const r = await srv.call('project.upload', { project_id: 1, file_path: p });
        expect(text(r), p).toMatch(/is in a place the server never reads or writes/);
      }
      expect(text(await srv2.call('project.upload', { project_id: 1, file_path: named }))).toMatch(/is in a place the server never reads or writes/);
      expect(apiRequests(sb)).toHaveLength(0);
      expect(srv2.stderr()).toMatch(/it is the home directory/);
    } finally { await srv.close(); await srv2.close(); }
  });
});

describe('files that are not regular files', () => {
  it('refuses a FIFO before opening it, for reading and for writing', async () => {
    const home = mkdtempSync(join(tmpdir(), 'forge-home-'));
    const work = mkdtempSync(join(tmpdir(), 'forge-work-'));
    execFileSync('mkfifo', [join(work, 'pipe')]);
    const srv = await serverIn(work, home);
    try {
      sb.clearLog();
      expect(text(await srv.call('project.upload', { project_id: 1, file_path: 'pipe' }))).toMatch(/is not a regular file/);
      expect(text(await srv.call('job.artifacts', { project_id: 1, job_id: 1, output_path: 'pipe' }))).toMatch(/exists and is not a regular file/);
      expect(apiRequests(sb)).toHaveLength(0);
    } finally { await srv.close(); }
  });

  it('a download never replaces a symlink at the output path nor writes through it, even with overwrite and confirm, and leaves no .part file', async () => {
    const home = mkdtempSync(join(tmpdir(), 'forge-home-'));
    const work = mkdtempSync(join(tmpdir(), 'forge-work-'));
    writeFileSync(join(work, 'target.txt'), 'keep me');
    symlinkSync(join(work, 'target.txt'), join(work, 'out.tar.gz'));
    const srv = await serverIn(work, home);
    try {
      sb.clearLog();
      for (const extra of [{}, { overwrite: true }]) {
        const r = await srv.call('job.artifacts', { project_id: 1, job_id: 2011, output_path: 'out.tar.gz', ...extra }, true);
        expect(text(r)).toBe('jobArtifacts: output_path "out.tar.gz" exists and is not a regular file');
      }
      expect(apiRequests(sb)).toHaveLength(0);
      expect(readFileSync(join(work, 'target.txt'), 'utf8')).toBe('keep me');
      expect(lstatSync(join(work, 'out.tar.gz')).isSymbolicLink()).toBe(true);
      expect(readdirSync(work).filter((f) => f.endsWith('.part'))).toEqual([]);
    } finally { await srv.close(); }
  });
});

describe('package.publish_directory', () => {
  const publish = (srv: Awaited<ReturnType<typeof serverIn>>, dir: string, file_name: string) =>
    srv.call('package.publish_directory', { project_id: 1, package_name: 'bundle', package_version: '1.0.0', file_name, directory_path: dir });

  it('skips dotfiles unless the pattern names them, and uploads one request per matching file', async () => {
    const home = mkdtempSync(join(tmpdir(), 'forge-home-'));
    const work = mkdtempSync(join(tmpdir(), 'forge-work-'));
    const dir = join(work, 'dist');
    mkdirSync(dir);
    writeFileSync(join(dir, 'app.tar.gz'), 'a');
    writeFileSync(join(dir, 'notes.txt'), 'n');
    writeFileSync(join(dir, '.env'), 'SECRET=1');
    const srv = await serverIn(work, home);
    try {
      sb.clearLog();
      const all = await publish(srv, 'dist', '*');
      expect(all.isError, text(all)).toBeFalsy();
      expect(apiRequests(sb).map((e) => e.path).sort()).toEqual(['/api/v4/projects/1/packages/generic/bundle/1.0.0/app.tar.gz', '/api/v4/projects/1/packages/generic/bundle/1.0.0/notes.txt']);
      sb.clearLog();
      const dot = await publish(srv, 'dist', '.env');
      expect(dot.isError, text(dot)).toBeFalsy();
      expect(apiRequests(sb).map((e) => e.path)).toEqual(['/api/v4/projects/1/packages/generic/bundle/1.0.0/.env']);
    } finally { await srv.close(); }
  });

  it('refuses before sending anything when one file is over the per-file limit or all of them over ten times it', async () => {
    const home = mkdtempSync(join(tmpdir(), 'forge-home-'));
    const work = mkdtempSync(join(tmpdir(), 'forge-work-'));
    mkdirSync(join(work, 'big'));
    writeFileSync(join(work, 'big', 'a.bin'), Buffer.alloc(2048));
    mkdirSync(join(work, 'many'));
    for (let i = 0; i < 11; i++) writeFileSync(join(work, 'many', `part${i}.bin`), Buffer.alloc(1000));
    const srv = await serverIn(work, home, { FORGE_MCP_UPLOAD_MAX_FILE_SIZE: '1024' });
    try {
      sb.clearLog();
      expect(text(await publish(srv, 'big', '*.bin'))).toMatch(/"a\.bin" is 2048 bytes, over the upload limit of 1024 bytes .*nothing was uploaded/);
      expect(text(await publish(srv, 'many', '*.bin'))).toMatch(/the 11 matching files hold 11000 bytes, over the limit of 10240 bytes for one publish/);
      expect(apiRequests(sb)).toHaveLength(0);
    } finally { await srv.close(); }
  });
});

describe('the temporary directory as a root (TMPDIR)', () => {
  it('is held to the working directory rule unless it is a shared temporary directory', () => {
    const home = join(mkdtempSync(join(tmpdir(), 'forge-home-')), 'me');
    mkdirSync(home);
    const project = mkdtempSync(join(tmpdir(), 'forge-work-'));
    expect(localRoots(project, [], home, '/').tmpRefused).toBe('it is the file system root');
    expect(localRoots(project, [], home, home).tmpRefused).toBe('it is the home directory');
    expect(localRoots(project, [], home, join(home, '..')).tmpRefused).toBe('it contains the home directory');
    expect(localRoots(project, [], home, '/etc').tmpRefused).toBe('it is a system directory');
    expect(localRoots(project, [], home, '/usr/lib').tmpRefused).toBe('it is a system directory');
    expect(localRoots(project, [], home, '/var').tmpRefused).toBe('it is a system directory');
    expect(localRoots(project, [], home, '/').roots).toEqual([project]);
    // The shared temporary directory stays a root (here it also holds the test's home directory).
    expect(localRoots(project, [], home, '/tmp')).toEqual({ roots: [project, '/tmp'] });
  });

  it('TMPDIR=/ does not make /etc/passwd uploadable, and the start says why', async () => {
    const home = mkdtempSync(join(tmpdir(), 'forge-home-'));
    const work = mkdtempSync(join(tmpdir(), 'forge-work-'));
    const srv = await serverIn(work, home, { TMPDIR: '/' });
    try {
      sb.clearLog();
      const r = await srv.call('project.upload', { project_id: 1, file_path: '/etc/passwd' });
      expect(r.isError).toBe(true);
      expect(text(r)).toBe('projectUpload: file_path "/etc/passwd" resolves outside the allowed directories (the working directory, the temporary directory and FORGE_MCP_ALLOWED_*_DIRS); move the file there or allow its directory');
      expect(apiRequests(sb)).toHaveLength(0);
      expect(srv.stderr()).toMatch(/the temporary directory \(TMPDIR\) is not an allowed directory for local file paths: it is the file system root/);
    } finally { await srv.close(); }
  });
});

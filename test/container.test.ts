// The Containerfile, built with buildah (chroot isolation) from base images assembled here (no image
// registry is reachable): the image holds only the bundle, runs as the non-root `node` user, declares
// the HEALTHCHECK on /health and HTTP mode on :8080, and its entry serves the sandbox over HTTP.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT, until } from './helpers/harness.js';
import { assembleBuildBase, assembleRuntimeBase } from './helpers/container-base.js';

const exec = promisify(execFile);
const tag = `ship-${process.pid}-${Date.now().toString(36)}`;
const IMAGE = `localhost/forge-mcp-server:${tag}`;
const RUNTIME_BASE = `localhost/forge-test-node:${tag}`;
const BUILD_BASE = `localhost/forge-test-node-build:${tag}`;
const work = mkdtempSync(join(tmpdir(), 'forge-container-'));
const containers: string[] = [];

const buildah = async (...args: string[]): Promise<string> => (await exec('buildah', args, { maxBuffer: 64 << 20 })).stdout;
const npmCache = async (): Promise<string> => (await exec('npm', ['config', 'get', 'cache'], { cwd: ROOT })).stdout.trim();

interface DockerConfig { User?: string; Entrypoint?: string[]; Cmd?: string[]; ExposedPorts?: Record<string, unknown>; Healthcheck?: { Test?: string[] }; WorkingDir?: string }
let config: DockerConfig;
let size = '';

beforeAll(async () => {
  const runtimeDir = join(work, 'runtime-base');
  const buildDir = join(work, 'build-base');
  assembleRuntimeBase(runtimeDir);
  await buildah('bud', '--isolation', 'chroot', '--quiet', '-f', join(runtimeDir, 'Containerfile'), '-t', RUNTIME_BASE, runtimeDir);
  assembleBuildBase(buildDir, RUNTIME_BASE);
  await buildah('bud', '--isolation', 'chroot', '--quiet', '-f', join(buildDir, 'Containerfile'), '-t', BUILD_BASE, buildDir);
  await buildah(
    'bud', '--isolation', 'chroot', '--quiet', '--format', 'docker', '--layers=false',
    '--build-arg', `NODE_IMAGE=${RUNTIME_BASE}`, '--build-arg', `BUILD_IMAGE=${BUILD_BASE}`,
    '--volume', `${await npmCache()}:/npm-cache`,
    '-f', join(ROOT, 'Containerfile'), '-t', IMAGE, ROOT,
  );
  const inspected = JSON.parse(await buildah('inspect', '--type', 'image', IMAGE)) as { Docker: { config: DockerConfig; size?: number } };
  config = inspected.Docker.config;
  size = (JSON.parse(await buildah('images', '--json', IMAGE)) as Array<{ size: string }>)[0]!.size;
}, 300_000);

afterAll(async () => {
  for (const c of containers) await buildah('rm', c).catch(() => undefined);
  for (const image of [IMAGE, BUILD_BASE, RUNTIME_BASE]) await buildah('rmi', '-f', image).catch(() => undefined);
  rmSync(work, { recursive: true, force: true });
}, 60_000);

async function container(): Promise<string> {
  const c = (await buildah('from', '--quiet', IMAGE)).trim();
  containers.push(c);
  return c;
}

/** Runs a command in a working container as the image's user; resolves with stdout. */
const inside = async (c: string, ...argv: string[]): Promise<string> => buildah('run', '--isolation', 'chroot', c, '--', ...argv);

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

describe('the container image', () => {
  it('declares HTTP mode on :8080 as the non-root node user, with a HEALTHCHECK on /health', () => {
    expect(config.User).toBe('node');
    expect(config.Entrypoint).toEqual(['node', '/app/dist/bundle/cli.js', '--http', '--http-addr', ':8080']);
    expect(config.Cmd).toEqual(['--forge-url', 'https://gitlab.com']);
    expect(Object.keys(config.ExposedPorts ?? {})).toEqual(['8080/tcp']);
    expect(config.Healthcheck?.Test?.[0]).toBe('CMD');
    expect(config.Healthcheck?.Test?.join(' ')).toContain("fetch('http://127.0.0.1:8080/health')");
    console.log(`[container] image size: ${size} (test base: the Node.js ${process.version} binary and its libraries)`);
  });

  it('holds only the bundle, its licence, notices and package.json under /app, owned by root and not writable, no node_modules', async () => {
    const c = await container();
    const listing = JSON.parse(await inside(c, 'node', '-e', `
      const fs = require('node:fs'), path = require('node:path');
      const walk = (d) => fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]);
      const files = walk('/app');
      const canWrite = (f) => { try { fs.writeFileSync(f, 'x'); return true; } catch { return false; } };
      const writable = canWrite('/app/probe') || canWrite('/tmp/probe');
      console.log(JSON.stringify({ uid: process.getuid(), files, bytes: files.reduce((n, f) => n + fs.statSync(f).size, 0), owners: [...new Set(files.map((f) => fs.statSync(f).uid))], writable }));
    `)) as { uid: number; files: string[]; bytes: number; owners: number[]; writable: boolean };
    console.log(`[container] /app: ${listing.files.length} files, ${(listing.bytes / 1e6).toFixed(2)} MB`);
    expect(listing.uid).toBe(1000);
    expect(listing.owners).toEqual([0]);
    expect(listing.writable).toBe(false);
    const top = listing.files.filter((f) => !f.startsWith('/app/dist/bundle/'));
    expect(top.sort()).toEqual(['/app/LICENSE', '/app/THIRD_PARTY_NOTICES', '/app/package.json']);
    expect(listing.files).toContain('/app/dist/bundle/cli.js');
    expect(listing.files.filter((f) => /node_modules|\.ts$|\.map$/.test(f))).toEqual([]);
    // The bundle is JavaScript (the catalog's functions as CommonJS), the catalog's data and the find index, written at build time (read on first need).
    expect(listing.files).toContain('/app/dist/bundle/find-index.bin');
    expect(listing.files.filter((f) => f.startsWith('/app/dist/bundle/') && !f.endsWith('.js')).sort()).toEqual(['/app/dist/bundle/catalog-functions.cjs', '/app/dist/bundle/catalog.jsonl', '/app/dist/bundle/find-index.bin']);
  });

  it('its entry serves the sandbox over HTTP with nothing writable: /health answers, the HEALTHCHECK command passes, a tool call works', async () => {
    const c = await container();
    const port = await freePort();
    // The image's own entry, with the arguments a `podman run IMAGE --sandbox` adds (and a free port, as
    // chroot isolation shares the host's network).
    const argv = [...config.Entrypoint!, '--sandbox', '--http-addr', `127.0.0.1:${port}`];
    const server: ChildProcess = spawn('buildah', ['run', '--isolation', 'chroot', c, '--', ...argv], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    server.stderr!.on('data', (d: Buffer) => { stderr += d.toString(); });
    try {
      const base = `http://127.0.0.1:${port}`;
      const deadline = Date.now() + 30_000;
      let health: Response | undefined;
      while (!health && Date.now() < deadline) {
        health = await fetch(`${base}/health`).catch(() => undefined);
        if (!health) await new Promise((r) => setTimeout(r, 250));
      }
      expect(health?.status, stderr).toBe(200);
      expect(await health!.json()).toEqual({ status: 'ok' });
      // The banner goes to stderr as the listener opens: on a loaded machine its bytes may reach this pipe after /health answered.
      await until(() => (stderr.includes(`Endpoint: ${base}/mcp`) ? true : undefined), 10_000).catch(() => undefined);
      expect(stderr).toContain(`Endpoint: ${base}/mcp`);

      const check = config.Healthcheck!.Test!.slice(1).map((a) => a.replace('127.0.0.1:8080', `127.0.0.1:${port}`));
      await expect(inside(c, ...check)).resolves.toBe('');

      const r = await fetch(`${base}/mcp`, {
        method: 'POST',
        headers: { 'PRIVATE-TOKEN': 'glpat-sandbox-demo-token-0001', 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': '2025-06-18' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'forge_execute_action', arguments: { action: 'issue.list', params: { project_id: 'demo-group/demo-project' } } } }),
      });
      expect(r.status).toBe(200);
      expect(await r.text()).toContain('## Issues');
    } finally {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    // With the server stopped, the HEALTHCHECK command fails.
    const stopped = config.Healthcheck!.Test!.slice(1).map((a) => a.replace('127.0.0.1:8080', `127.0.0.1:${port}`));
    await expect(inside(c, ...stopped)).rejects.toThrow();
  }, 90_000);
});

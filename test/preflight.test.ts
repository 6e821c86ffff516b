// The first step of `npm test` (scripts/preflight.mjs, issue #27): run with a PATH that lacks
// redis-server and holds a fake apt-get recording its arguments. As root it installs what is missing
// (the fake apt-get "installs" a stub) and goes on; as another user it stops at once with one message
// naming each missing tool and its install command per system. The root case runs as root (or as
// root of a user namespace for a developer who is not); the user case as `nobody` when root.
import { describe, it, expect, afterAll } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { ROOT } from './helpers/harness.js';

const PREFLIGHT = join(ROOT, 'scripts', 'preflight.mjs');
const scratch = mkdtempSync(join(tmpdir(), 'forge-preflight-'));
chmodSync(scratch, 0o755);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const isRoot = process.getuid?.() === 0;

/** A directory for PATH holding a stub of each tool named, and a fake apt-get exiting with `aptStatus`. */
function fakeBin(name: string, tools: string[], aptStatus = 0): { bin: string; aptLog: string } {
  const bin = join(scratch, name);
  mkdirSync(bin, { mode: 0o755 });
  const stub = (tool: string) => writeFileSync(join(bin, tool), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
  tools.forEach(stub);
  const aptLog = join(scratch, `${name}-apt.log`);
  writeFileSync(aptLog, '', { mode: 0o666 });
  chmodSync(aptLog, 0o666);
  // `apt-get install -y <package>…` leaves a stub per package (each package here names its tool).
  writeFileSync(join(bin, 'apt-get'), [
    '#!/bin/sh',
    `echo "$*" >> '${aptLog}'`,
    `[ ${aptStatus} -ne 0 ] && exit ${aptStatus}`,
    'if [ "$1" = install ]; then',
    '  shift; [ "$1" = -y ] && shift',
    `  for p in "$@"; do printf '#!/bin/sh\\nexit 0\\n' > '${bin}'/"$p"; /bin/chmod 755 '${bin}'/"$p"; done`,
    'fi',
    'exit 0',
    '',
  ].join('\n'), { mode: 0o755 });
  return { bin, aptLog };
}

const ALL_BUT_REDIS = ['openssl', 'curl', 'nginx', 'buildah', 'chromium'];
const run = (prefix: string[], bin: string, ...args: string[]) => {
  const cmd = [...prefix, process.execPath, PREFLIGHT, ...args];
  return spawnSync(cmd[0]!, cmd.slice(1), { env: { PATH: bin, HOME: scratch }, encoding: 'utf8', timeout: 20_000 });
};
/** A command of this machine by its full path (the preflight runs with a PATH of fakes only). */
const which = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' }).stdout.trim() || cmd;
// Root: as is, or root of a fresh user namespace. Not root: as is, or `nobody`.
const AS_ROOT = isRoot ? [] : [which('unshare'), '--user', '--map-root-user'];
const AS_USER = isRoot ? [which('setpriv'), '--reuid=65534', '--regid=65534', '--clear-groups'] : [];

const REDIS_HELP = [
  'preflight: npm test needs system tools that are missing here:',
  '  redis-server (the shared-state tests run a real Redis)',
  '    Debian/Ubuntu: sudo apt-get install -y redis-server',
  '    Fedora:        sudo dnf install -y redis',
  '    macOS:         brew install redis',
  'All at once on Debian/Ubuntu: sudo apt-get update && sudo apt-get install -y redis-server',
  'Then run npm test again (as root on Debian/Ubuntu, npm test installs them itself).',
  '',
].join('\n');

describe('scripts/preflight.mjs, the first step of npm test', () => {
  it('as root with apt-get: installs the missing redis-server (apt-get update, then install -y) and goes on', () => {
    const { bin, aptLog } = fakeBin('root', ALL_BUT_REDIS);
    const r = run(AS_ROOT, bin);
    expect(readFileSync(aptLog, 'utf8')).toBe('update\ninstall -y redis-server\n');
    expect(r.stderr).toBe('preflight: installing redis-server with apt-get (root on Debian/Ubuntu)\npreflight: openssl, curl, redis-server, nginx, buildah, chromium: present\n');
    expect(r.status).toBe(0);
  });

  it('as root, when apt-get fails: stops with the install commands', () => {
    const { bin, aptLog } = fakeBin('root-apt-fails', ALL_BUT_REDIS, 100);
    const r = run(AS_ROOT, bin);
    expect(readFileSync(aptLog, 'utf8')).toBe('update\n');
    expect(r.stderr).toBe(`preflight: installing redis-server with apt-get (root on Debian/Ubuntu)\npreflight: apt-get could not install redis-server\n${REDIS_HELP}`);
    expect(r.status).toBe(1);
  });

  it('as another user: never calls apt-get, stops with one message naming each missing tool and its install command on Debian/Ubuntu, Fedora and macOS', () => {
    const { bin, aptLog } = fakeBin('user', ['openssl', 'curl', 'nginx', 'chromium']);
    const r = run(AS_USER, bin);
    expect(readFileSync(aptLog, 'utf8')).toBe('');
    expect(r.stderr).toBe([
      'preflight: npm test needs system tools that are missing here:',
      '  redis-server (the shared-state tests run a real Redis)',
      '    Debian/Ubuntu: sudo apt-get install -y redis-server',
      '    Fedora:        sudo dnf install -y redis',
      '    macOS:         brew install redis',
      '  buildah (the container test builds the Containerfile)',
      '    Debian/Ubuntu: sudo apt-get install -y buildah',
      '    Fedora:        sudo dnf install -y buildah',
      '    macOS:         none: the Linux container build cannot run on macOS; run the rest with `npm run test:without-container` (CI runs everything)',
      'All at once on Debian/Ubuntu: sudo apt-get update && sudo apt-get install -y redis-server buildah',
      'Then run npm test again (as root on Debian/Ubuntu, npm test installs them itself).',
      '',
    ].join('\n'));
    expect(r.status).toBe(1);
  });

  it('as another user with rootless buildah and no subordinate ID range: says what to do', () => {
    const { bin } = fakeBin('rootless', [...ALL_BUT_REDIS, 'redis-server']);
    const r = run(AS_USER, bin);
    const user = isRoot ? 'nobody' : userInfo().username;
    const listed = (file: string) => existsSync(file) && readFileSync(file, 'utf8').split('\n').some((l) => [user, String(isRoot ? 65534 : process.getuid?.())].includes(l.split(':')[0]!));
    if (listed('/etc/subuid') && listed('/etc/subgid')) {
      expect(r.status).toBe(0);
      return;
    }
    expect(r.stderr).toBe([
      `preflight: buildah runs rootless here, and user ${user} has no subordinate ID range in /etc/subuid and /etc/subgid, so the container test cannot build.`,
      `Add one (once, as root): sudo usermod --add-subuids 100000-165535 --add-subgids 100000-165535 ${user}`,
      'or run npm test as root.',
      '',
    ].join('\n'));
    expect(r.status).toBe(1);
  });

  it('--without-container does not ask for buildah and says loudly that the run is not the full suite', () => {
    const { bin, aptLog } = fakeBin('without-container', ['openssl', 'curl', 'redis-server', 'nginx', 'chromium']);
    const r = run(AS_USER, bin, '--without-container');
    expect(readFileSync(aptLog, 'utf8')).toBe('');
    expect(r.stderr).toBe([
      'preflight: --without-container: test/container.test.ts (the Linux container build) is NOT run; this is not the full suite, CI runs it',
      'preflight: openssl, curl, redis-server, nginx, chromium: present',
      '',
    ].join('\n'));
    expect(r.status).toBe(0);
  });

  it('refuses an unknown argument', () => {
    const r = run([], fakeBin('unknown', []).bin, '--skip-everything');
    expect(r.stderr).toBe('preflight: unknown argument --skip-everything (accepted: --without-container)\n');
    expect(r.status).toBe(2);
  });
});

describe('every runner calls the README command, npm test, which starts with the preflight', () => {
  const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

  it('npm test runs the preflight before lint, typecheck, build and the suite; the reduced run is explicit', () => {
    expect(scripts.test).toBe('node scripts/preflight.mjs && npm run lint && npm run typecheck && npm run build && vitest run');
    expect(scripts['test:without-container']).toBe('node scripts/preflight.mjs --without-container && npm run lint && npm run typecheck && npm run build && vitest run');
    // vitest.config.ts leaves the container test out for that npm script only (npm names it in npm_lifecycle_event).
    const list = (event?: string) => execFileSync(process.execPath, [join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'list', '--filesOnly'], {
      cwd: ROOT, encoding: 'utf8', env: { ...process.env, npm_lifecycle_event: event ?? '' }, timeout: 60_000,
    });
    expect(list('test')).toContain('test/container.test.ts');
    expect(list('test:without-container')).not.toContain('test/container.test.ts');
    expect(list('test:without-container')).toContain('test/preflight.test.ts');
  });

  it('.ci/run installs nothing itself and runs npm test (twice: the machine\'s Node.js and Node.js 22)', () => {
    const ci = readFileSync(join(ROOT, '.ci', 'run'), 'utf8');
    expect(ci).not.toMatch(/apt-get (update|install)/);
    const commands = ci.split('\n').map((l) => l.trim()).filter((l) => !l.startsWith('#') && /\bnpm (ci|test|run)\b/.test(l));
    expect(commands).toEqual(['npm ci', 'timed "npm test on Node $(node --version)" npm test', 'timed "npm test on Node $(node --version)" npm test']);
  });

  it('the release workflow tests with npm test as root on Debian, where the preflight installs what is missing', () => {
    interface Step { run?: string }
    const wf = parseYaml(readFileSync(join(ROOT, '.github', 'workflows', 'release.yml'), 'utf8')) as {
      jobs: Record<string, { container?: { image: string; options?: string }; steps: Step[]; needs?: string }>;
    };
    const test = wf.jobs.test!;
    expect(test.container?.image).toMatch(/^docker\.io\/library\/node:20-bookworm(@sha256:[0-9a-f]{64})?$/);
    expect(test.steps.map((s) => s.run).filter(Boolean)).toEqual(['npm ci', 'npm test']);
    expect(wf.jobs.release!.needs).toBe('test');
    expect(wf.jobs.release!.steps.map((s) => s.run).filter((r) => r === 'npm test')).toEqual([]);
  });
});

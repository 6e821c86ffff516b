// The first step of `npm test`: the system tools the suite runs (the tests never skip without them)
// are checked in a second, before lint and build. As root where apt-get exists (Debian, Ubuntu, the
// CI machines) the missing ones are installed; anywhere else the run stops with one message naming
// each missing tool and how to install it on Debian/Ubuntu, Fedora and macOS.
//
//   node scripts/preflight.mjs                      every tool (npm test)
//   node scripts/preflight.mjs --without-container  all but buildah (npm run test:without-container),
//                                                    said loudly: it is not the full suite
import { spawnSync } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { delimiter, join } from 'node:path';

const NO_CONTAINER_ON_MACOS = 'none: the Linux container build cannot run on macOS; run the rest with `npm run test:without-container` (CI runs everything)';

/** What the suite runs, why, the commands that provide it and its package per system. */
const TOOLS = [
  { tool: 'openssl', why: 'the TLS tests make throwaway certificates', commands: ['openssl'], apt: 'openssl', dnf: 'openssl', brew: 'brew install openssl' },
  { tool: 'curl', why: 'the HTTP sandbox test runs the curl line the server prints, as printed', commands: ['curl'], apt: 'curl', dnf: 'curl', brew: 'brew install curl' },
  { tool: 'redis-server', why: 'the shared-state tests run a real Redis', commands: ['redis-server'], apt: 'redis-server', dnf: 'redis', brew: 'brew install redis' },
  { tool: 'nginx', why: 'the deployment test checks deploy/nginx.conf with nginx', commands: ['nginx'], apt: 'nginx', dnf: 'nginx', brew: 'brew install nginx' },
  { tool: 'buildah', why: 'the container test builds the Containerfile', commands: ['buildah'], apt: 'buildah', dnf: 'buildah', brew: NO_CONTAINER_ON_MACOS, container: true },
  {
    tool: 'chromium', why: 'the browser tests drive a headless Chromium', commands: ['chromium', 'chromium-browser'],
    macApp: '/Applications/Chromium.app/Contents/MacOS/Chromium', apt: 'chromium', dnf: 'chromium', brew: 'brew install --cask chromium',
  },
];

const executable = (file) => { try { accessSync(file, constants.X_OK); return true; } catch { return false; } };

/** The first of `names` found on PATH, else undefined. */
function onPath(names, env = process.env) {
  const dirs = (env.PATH ?? '').split(delimiter).filter(Boolean);
  for (const name of names) for (const dir of dirs) if (executable(join(dir, name))) return join(dir, name);
  return undefined;
}

const present = (t) => onPath(t.commands) !== undefined || (process.platform === 'darwin' && t.macApp !== undefined && executable(t.macApp));

/** The install line of each system for the missing tools, one per tool. */
function installHelp(missing) {
  const lines = ['npm test needs system tools that are missing here:'];
  for (const t of missing) {
    lines.push(`  ${t.tool} (${t.why})`);
    lines.push(`    Debian/Ubuntu: sudo apt-get install -y ${t.apt}`);
    lines.push(`    Fedora:        sudo dnf install -y ${t.dnf}`);
    lines.push(`    macOS:         ${t.brew}`);
  }
  lines.push(`All at once on Debian/Ubuntu: sudo apt-get update && sudo apt-get install -y ${missing.map((t) => t.apt).join(' ')}`);
  lines.push('Then run npm test again (as root on Debian/Ubuntu, npm test installs them itself).');
  return lines.join('\n');
}

/**
 * Rootless buildah needs a subordinate ID range for the user (/etc/subuid and /etc/subgid); without
 * one the container build fails deep inside the test. Undefined when all is well.
 */
function rootlessBuildahProblem() {
  if (process.platform !== 'linux' || process.getuid?.() === 0) return undefined;
  const { username, uid } = userInfo();
  const has = (file) => {
    let text = '';
    try { text = readFileSync(file, 'utf8'); } catch { return false; }
    return text.split('\n').some((l) => [username, String(uid)].includes(l.split(':')[0]));
  };
  if (has('/etc/subuid') && has('/etc/subgid')) return undefined;
  return [
    `buildah runs rootless here, and user ${username} has no subordinate ID range in /etc/subuid and /etc/subgid, so the container test cannot build.`,
    `Add one (once, as root): sudo usermod --add-subuids 100000-165535 --add-subgids 100000-165535 ${username}`,
    'or run npm test as root.',
  ].join('\n');
}

function say(message) { process.stderr.write(`preflight: ${message}\n`); }

function main(argv) {
  const unknown = argv.filter((a) => a !== '--without-container');
  if (unknown.length) { say(`unknown argument ${unknown[0]} (accepted: --without-container)`); return 2; }
  const withoutContainer = argv.includes('--without-container');
  const needed = TOOLS.filter((t) => !(withoutContainer && t.container));
  if (withoutContainer) say('--without-container: test/container.test.ts (the Linux container build) is NOT run; this is not the full suite, CI runs it');

  let missing = needed.filter((t) => !present(t));
  if (missing.length && process.platform === 'linux' && process.getuid?.() === 0 && onPath(['apt-get'])) {
    const packages = missing.map((t) => t.apt);
    say(`installing ${packages.join(', ')} with apt-get (root on Debian/Ubuntu)`);
    const apt = (...args) => spawnSync('apt-get', args, { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status;
    const status = apt('update') === 0 ? apt('install', '-y', ...packages) : 1;
    if (status !== 0) say(`apt-get could not install ${packages.join(' ')}`);
    missing = needed.filter((t) => !present(t));
  }
  if (missing.length) { say(installHelp(missing)); return 1; }

  const rootless = needed.some((t) => t.container) ? rootlessBuildahProblem() : undefined;
  if (rootless) { say(rootless); return 1; }
  say(`${needed.map((t) => t.tool).join(', ')}: present`);
  return 0;
}

process.exitCode = main(process.argv.slice(2));

// Base images for building the Containerfile where no image registry is reachable: `FROM scratch`
// with the Node.js binary running this test, the shared libraries it needs (read from ldd), a shell
// and /usr/bin/env for npm scripts, and /etc/passwd naming the `node` user (uid 1000) of the official
// images. The build base adds npm and prefers the host's npm cache to the registry.
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, realpathSync, symlinkSync, writeFileSync, cpSync } from 'node:fs';
import { dirname, join } from 'node:path';

const run = (cmd: string, args: string[]): string => execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** Absolute paths of the shared libraries (and loader) a binary loads, as ldd resolves them. */
function sharedLibraries(binary: string): string[] {
  return [...run('ldd', [binary]).matchAll(/(\/\S+) \(0x/g)].map((m) => m[1]!);
}

function copyInto(root: string, from: string, to = from): void {
  mkdirSync(join(root, dirname(to)), { recursive: true });
  copyFileSync(realpathSync(from), join(root, to));
  chmodSync(join(root, to), 0o755);
}

/** The directory of the npm that drives this machine's Node.js (its package root). */
function npmPackageDir(): string {
  const cli = realpathSync(run('sh', ['-c', 'command -v npm']).trim());
  return dirname(dirname(cli));
}

/** Writes `<dir>/rootfs` and `<dir>/Containerfile` of the runtime base: Node.js, a shell, env, the node user. */
export function assembleRuntimeBase(dir: string): void {
  const root = join(dir, 'rootfs');
  const node = realpathSync(process.execPath);
  const shell = realpathSync('/bin/sh');
  copyInto(root, node, '/usr/local/bin/node');
  copyInto(root, shell, '/bin/sh');
  copyInto(root, '/usr/bin/env');
  for (const lib of new Set([node, shell, '/usr/bin/env'].flatMap(sharedLibraries))) copyInto(root, lib);
  mkdirSync(join(root, 'etc'), { recursive: true });
  writeFileSync(join(root, 'etc/passwd'), 'root:x:0:0:root:/root:/bin/sh\nnode:x:1000:1000::/home/node:/bin/sh\n');
  writeFileSync(join(root, 'etc/group'), 'root:x:0:\nnode:x:1000:\n');
  // No directory the node user may write, /tmp included: the image must run as if its root were read-only.
  mkdirSync(join(root, 'tmp'), { recursive: true });
  chmodSync(join(root, 'tmp'), 0o755);
  writeFileSync(join(dir, 'Containerfile'), 'FROM scratch\nCOPY rootfs/ /\nENV PATH=/usr/local/bin:/usr/bin:/bin\n');
}

/** The build base: the runtime base plus this machine's npm, reading packages from the host's cache only. */
export function assembleBuildBase(dir: string, runtimeBase: string): void {
  const root = join(dir, 'rootfs');
  cpSync(npmPackageDir(), join(root, 'usr/local/lib/node_modules/npm'), { recursive: true });
  mkdirSync(join(root, 'usr/local/bin'), { recursive: true });
  symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', join(root, 'usr/local/bin/npm'));
  // npm ci reads the locked packages from the host's cache, mounted at /npm-cache (the registry only for a miss).
  writeFileSync(join(dir, 'Containerfile'), `FROM ${runtimeBase}\nCOPY rootfs/ /\nENV npm_config_cache=/npm-cache npm_config_prefer_offline=true npm_config_update_notifier=false\n`);
}

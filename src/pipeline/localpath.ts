// Local path arguments (SPEC "Argument validation" 5): resolved through symlinks, allowed only in the
// working directory, the OS temporary directory or an allowed directory; reads are regular files
// within the size limit. Over HTTP every caller-supplied local path is refused.
//
// Desktop clients often start servers in / or the home directory: there the working directory would
// make the whole disk (or every dotfile) uploadable, /proc/self/environ with the token included. So the
// working directory counts only when it is a real project directory (TMPDIR under the same rule), and
// some places are refused whatever the roots: the kernel's pseudo-files, the env files the server
// reads, credential stores.
//
// A download is a local write, and a planted file can run code (.git/config's core.fsmonitor, .envrc,
// .vscode/tasks.json, a shell rc file). So a written path never has a component below its root that
// starts with a dot (configuration and metadata, by convention), nor a version-control metadata
// directory anywhere (a parent folder named CVS excepted); and an existing file is replaced only when the call says `overwrite: true` and
// the user confirmed (src/pipeline/call.ts). A directory the user named in FORGE_MCP_ALLOWED_*_DIRS is
// the explicit allowlist: only the components below it are held to the rule.
import { lstatSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { homedir, tmpdir } from 'node:os';
import type { Action, ParamSpec } from '../catalog/define.js';

/** The working directory is never a root when it is one of these (or inside the first group). */
const SYSTEM_TREES = ['/proc', '/sys', '/dev', '/etc', '/boot', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32', '/usr', '/System', '/Library'];
const SYSTEM_DIRS = ['/', '/var', '/run', '/opt', '/srv', '/mnt', '/media', '/home', '/Users', '/root', '/snap', '/Applications', '/private', '/private/var', '/tmp'];
/** Refused whatever the roots (kernel pseudo-files and devices). */
const DENIED_TREES = ['/proc', '/sys', '/dev'];
/** Under the home directory: credential stores, refused whatever the roots. */
const HOME_SECRETS = ['.ssh', '.gnupg', '.netrc', '.docker/config.json', '.config/gcloud', '.aws', '.kube', '.git-credentials', '.npmrc', '.pypirc', '.config/gh', '.config/glab-cli', '.forge-mcp-server.env'];

export interface LocalRoots {
  roots: string[];
  /** Why the working directory is not a root, when it is not. */
  cwdRefused?: string;
  /** Why the temporary directory (TMPDIR) is not a root, when it is not. */
  tmpRefused?: string;
}

/** Why `dir` cannot be a root (the whole disk, the home directory or a system directory), or undefined. */
function refusedAsRoot(dir: string, home: string): string | undefined {
  if (dir === '/') return 'it is the file system root';
  if (dir === home) return 'it is the home directory';
  if (within(home, dir)) return 'it contains the home directory';
  if (SYSTEM_DIRS.includes(dir) || SYSTEM_TREES.some((t) => within(dir, t))) return 'it is a system directory';
  return undefined;
}

/** The shared temporary directories TMPDIR normally names (system directories as a working directory). */
const TEMP_DIRS = ['/tmp', '/private/tmp', '/var/tmp', '/private/var/tmp'];

/** The directories local paths may be in: the working directory (when it is a project directory), the temporary directory (under the same rule), the allowed ones. */
export function localRoots(cwd: string, allowedDirs: readonly string[], home = homedir(), temp = tmpdir()): LocalRoots {
  const h = real(home);
  const c = real(cwd);
  const t = real(temp);
  const cwdRefused = refusedAsRoot(c, h);
  // The shared temporary directories are what TMPDIR is for; any other value is held to the working directory's rule.
  const tmpRefused = TEMP_DIRS.includes(t) ? undefined : refusedAsRoot(t, h);
  const roots = [...(cwdRefused ? [] : [c]), ...(tmpRefused ? [] : [t]), ...allowedDirs.map(real)];
  return { roots: [...new Set(roots)], ...(cwdRefused ? { cwdRefused } : {}), ...(tmpRefused ? { tmpRefused } : {}) };
}

/** Version-control metadata directories (a write never goes into one, wherever it is; compared case-insensitively). */
const VCS_METADATA = new Set(['.git', '.hg', '.svn', '.bzr', '_darcs', '.jj', '.pijul', '.sl', 'cvs', '.fslckout', '_fossil_']);

/**
 * The component of a written path that makes it refused, if any: below its root, a dot name or a
 * version-control metadata name; in the root itself (a server started inside .git), a metadata name.
 */
function protectedComponent(path: string, root: string): string | undefined {
  // Trailing dots and spaces vanish on some filesystems (`.git.` is `.git` there).
  const vcs = (c: string) => VCS_METADATA.has(c.toLowerCase()) || VCS_METADATA.has(c.toLowerCase().replace(/[. ]+$/, ''));
  const below = relative(root, path).split(sep).find((c) => c.startsWith('.') || vcs(c));
  // A parent folder merely named CVS is common enough not to refuse a whole root over it.
  return below ?? root.split(sep).find((c) => vcs(c) && c.toLowerCase() !== 'cvs');
}

/** The places refused whatever the roots, for this home directory and env file. */
function deniedPaths(home = homedir(), envFile?: string): string[] {
  const h = real(home);
  return [...DENIED_TREES, ...HOME_SECRETS.map((p) => join(h, p)), ...(envFile ? [real(envFile)] : [])];
}

const localParamsOf = new WeakMap<Action, Array<[string, NonNullable<ParamSpec['local']>]>>();

/** The params the catalog declares as local paths (ParamSpec.local), with what is done to each (listed once per action). */
export function localPathParams(action: Action): ReadonlyArray<[string, NonNullable<ParamSpec['local']>]> {
  let list = localParamsOf.get(action);
  if (!list) {
    list = Object.entries(action.params).flatMap(([n, p]) => (p.local ? [[n, p.local] as [string, NonNullable<ParamSpec['local']>]] : []));
    localParamsOf.set(action, list);
  }
  return list;
}

function real(p: string): string {
  try { return realpathSync(p); } catch { return resolve(p); }
}

function within(child: string, root: string): boolean {
  return child === root || child.startsWith(root.endsWith(sep) ? root : root + sep);
}

export interface LocalPathPolicy {
  transport: 'stdio' | 'http';
  cwd: string;
  allowedDirs: readonly string[];
  maxFileSize: number;
  /** The env file the server read its settings from, refused like the credential stores. */
  envFile?: string;
  home?: string;
}

/** What the check approved for one local param, used by the transfer instead of the raw argument. */
export type ApprovedPath =
  | { kind: 'read-file'; path: string; dev: number; ino: number }
  | { kind: 'read-dir'; path: string }
  /** `exists`: a file is at the path now (replacing it needs `overwrite: true` and the user's confirmation). */
  | { kind: 'write-file'; dir: string; name: string; exists: boolean };

export type LocalCheck = { refusal: string } | { approved: Record<string, ApprovedPath> };

/** The output_path a call would write (a download given a local path), else undefined. */
export function localWriteOf(action: Action, params: Record<string, unknown>): string | undefined {
  const entry = localPathParams(action).find(([, kind]) => kind === 'write-file');
  const value = entry ? params[entry[0]] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** Checks every local path of the call; a refusal sentence, or what was approved (resolved paths, file identities). */
export function checkLocalPaths(action: Action, params: Record<string, unknown>, policy: LocalPathPolicy): LocalCheck {
  const approved: Record<string, ApprovedPath> = {};
  for (const [name, kind] of localPathParams(action)) {
    const value = params[name];
    if (typeof value !== 'string') continue;
    const refusal = (why: string) => ({ refusal: `${action.operation}: ${name} "${value}" ${why}` });
    if (policy.transport === 'http') {
      return { refusal: `${action.operation}: ${name} names a path on the server's machine, which HTTP mode never reads or writes; send the content as content_base64 instead` };
    }
    if (value === '' || value.includes('\0')) return refusal('is not a usable path');
    // Normalized (`a/../b` is `b`), relative to the working directory when not absolute.
    const abs = resolve(policy.cwd, value);
    const { roots } = localRoots(policy.cwd, policy.allowedDirs, policy.home);
    const writing = kind === 'write-file';
    // For a file to be written, resolve its directory only: the final name itself is never followed.
    const resolved = writing ? join(real(dirname(abs)), basename(abs)) : real(abs);
    if (deniedPaths(policy.home, policy.envFile).some((d) => within(resolved, d) || within(abs, d))) {
      return refusal('is in a place the server never reads or writes (system pseudo-files, devices, credential stores, its own settings file)');
    }
    const root = roots.filter((r) => within(resolved, r)).sort((a, b) => b.length - a.length)[0];
    if (!root) {
      return refusal('resolves outside the allowed directories (the working directory, the temporary directory and FORGE_MCP_ALLOWED_*_DIRS); move the file there or allow its directory');
    }
    if (writing) {
      const rawRoot = roots.filter((r) => within(abs, r)).sort((a, b) => b.length - a.length)[0];
      const hit = protectedComponent(resolved, root) ?? (rawRoot ? protectedComponent(abs, rawRoot) : undefined);
      if (hit) {
        return refusal(`goes into "${hit}": downloads never write version-control metadata or dot files and directories (editor, shell and tool configuration), which can run code; save it elsewhere`);
      }
      try {
        if (!statSync(dirname(resolved)).isDirectory()) return refusal('is in something that is not a directory');
      } catch {
        return refusal('is in a directory that does not exist');
      }
      let st;
      try { st = lstatSync(resolved); } catch { st = undefined; }
      // Never write into a FIFO, a device, a directory or a symlink's target: only a regular file is replaced.
      if (st && !st.isFile()) return refusal('exists and is not a regular file');
      if (st && params.overwrite !== true) return refusal('already exists; nothing was downloaded. To replace it, re-send with "overwrite": true (the user is asked to confirm), or choose another path');
      approved[name] = { kind, dir: dirname(resolved), name: basename(resolved), exists: !!st };
      continue;
    }
    let st;
    try { st = statSync(resolved); } catch { return refusal('does not exist'); }
    if (kind === 'read-file') {
      if (!st.isFile()) return refusal('is not a regular file');
      if (st.size > policy.maxFileSize) return refusal(`is ${st.size} bytes, over the upload limit of ${policy.maxFileSize} bytes (FORGE_MCP_UPLOAD_MAX_FILE_SIZE)`);
      approved[name] = { kind, path: resolved, dev: st.dev, ino: st.ino };
    } else {
      if (!st.isDirectory()) return refusal('is not a directory');
      approved[name] = { kind, path: resolved };
    }
  }
  return { approved };
}

// Local path arguments (SPEC "Argument validation" 5): resolved through symlinks, allowed only in the
// working directory, the OS temporary directory or an allowed directory; reads are regular files
// within the size limit. Over HTTP every caller-supplied local path is refused.
//
// Desktop clients often start servers in / or the home directory: there the working directory would
// make the whole disk (or every dotfile) uploadable, /proc/self/environ with the token included. So the
// working directory counts only when it is a real project directory, and some places are refused
// whatever the roots: the kernel's pseudo-files, the env files the server reads, credential stores.
import { realpathSync, statSync, existsSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve, sep } from 'node:path';
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
}

/** The directories local paths may be in: the working directory (when it is a project directory), the temporary directory, the allowed ones. */
export function localRoots(cwd: string, allowedDirs: readonly string[], home = homedir()): LocalRoots {
  const c = real(cwd);
  const h = real(home);
  let cwdRefused: string | undefined;
  if (c === '/') cwdRefused = 'it is the file system root';
  else if (c === h) cwdRefused = 'it is the home directory';
  else if (within(h, c)) cwdRefused = 'it contains the home directory';
  else if (SYSTEM_DIRS.includes(c) || SYSTEM_TREES.some((t) => within(c, t))) cwdRefused = 'it is a system directory';
  const roots = [...(cwdRefused ? [] : [c]), real(tmpdir()), ...allowedDirs.map(real)];
  return { roots: [...new Set(roots)], ...(cwdRefused ? { cwdRefused } : {}) };
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

/** null when every local path is acceptable, else the refusal sentence. */
export function checkLocalPaths(action: Action, params: Record<string, unknown>, policy: LocalPathPolicy): string | null {
  for (const [name, kind] of localPathParams(action)) {
    const value = params[name];
    if (typeof value !== 'string') continue;
    if (policy.transport === 'http') {
      return `${action.operation}: ${name} names a path on the server's machine, which HTTP mode never reads or writes; send the content as content_base64 instead`;
    }
    const abs = isAbsolute(value) ? value : resolve(policy.cwd, value);
    const { roots } = localRoots(policy.cwd, policy.allowedDirs, policy.home);
    const writing = kind === 'write-file';
    // For a file to be written, resolve its directory (the file may not exist yet).
    const resolved = writing && !existsSync(abs) ? resolve(real(dirname(abs)), abs.slice(dirname(abs).length + 1)) : real(abs);
    if (deniedPaths(policy.home, policy.envFile).some((d) => within(resolved, d) || within(abs, d))) {
      return `${action.operation}: ${name} "${value}" is in a place the server never reads or writes (system pseudo-files, devices, credential stores, its own settings file)`;
    }
    if (!roots.some((r) => within(resolved, r))) {
      return `${action.operation}: ${name} "${value}" resolves outside the allowed directories (the working directory, the temporary directory and FORGE_MCP_ALLOWED_*_DIRS); move the file there or allow its directory`;
    }
    if (!writing) {
      let st;
      try { st = statSync(resolved); } catch { return `${action.operation}: ${name} "${value}" does not exist`; }
      if (kind === 'read-file') {
        if (!st.isFile()) return `${action.operation}: ${name} "${value}" is not a regular file`;
        if (st.size > policy.maxFileSize) return `${action.operation}: ${name} "${value}" is ${st.size} bytes, over the upload limit of ${policy.maxFileSize} bytes (FORGE_MCP_UPLOAD_MAX_FILE_SIZE)`;
      } else if (!st.isDirectory()) {
        return `${action.operation}: ${name} "${value}" is not a directory`;
      }
    } else if (existsSync(resolved)) {
      // Never write into a FIFO, a device or a directory: only a regular file is replaced.
      let st;
      try { st = statSync(resolved); } catch { return `${action.operation}: ${name} "${value}" cannot be inspected`; }
      if (!st.isFile()) return `${action.operation}: ${name} "${value}" exists and is not a regular file`;
    }
  }
  return null;
}

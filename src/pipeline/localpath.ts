// Local path arguments (SPEC "Argument validation" 5): resolved through symlinks, allowed only in the
// working directory, the OS temporary directory or an allowed directory; reads are regular files
// within the size limit. Over HTTP every caller-supplied local path is refused.
import { realpathSync, statSync, existsSync } from 'node:fs';
import { dirname, isAbsolute, resolve, sep } from 'node:path';
import { tmpdir } from 'node:os';
import type { Action } from '../catalog/define.js';

export const LOCAL_PATH_PARAMS = ['file_path', 'directory_path', 'output_path'] as const;

/** A param is a local path when the catalog says so (its description starts with "Local path"). */
export function localPathParams(action: Action): string[] {
  return LOCAL_PATH_PARAMS.filter((n) => action.params[n] && /^local path/i.test(action.params[n].description));
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
}

/** null when every local path is acceptable, else the refusal sentence. */
export function checkLocalPaths(action: Action, params: Record<string, unknown>, policy: LocalPathPolicy): string | null {
  for (const name of localPathParams(action)) {
    const value = params[name];
    if (typeof value !== 'string') continue;
    if (policy.transport === 'http') {
      return `${action.operation}: ${name} names a path on the server's machine, which HTTP mode never reads or writes; send the content as content_base64 instead`;
    }
    const abs = isAbsolute(value) ? value : resolve(policy.cwd, value);
    const roots = [policy.cwd, tmpdir(), ...policy.allowedDirs].map(real);
    const writing = name === 'output_path';
    // For a file to be written, resolve its directory (the file may not exist yet).
    const resolved = writing && !existsSync(abs) ? resolve(real(dirname(abs)), abs.slice(dirname(abs).length + 1)) : real(abs);
    if (!roots.some((r) => within(resolved, r))) {
      return `${action.operation}: ${name} "${value}" resolves outside the allowed directories (the working directory, the temporary directory and FORGE_MCP_ALLOWED_*_DIRS); move the file there or allow its directory`;
    }
    if (name === 'file_path' || name === 'directory_path') {
      let st;
      try { st = statSync(resolved); } catch { return `${action.operation}: ${name} "${value}" does not exist`; }
      if (name === 'file_path') {
        if (!st.isFile()) return `${action.operation}: ${name} "${value}" is not a regular file`;
        if (st.size > policy.maxFileSize) return `${action.operation}: ${name} "${value}" is ${st.size} bytes, over the upload limit of ${policy.maxFileSize} bytes (FORGE_MCP_UPLOAD_MAX_FILE_SIZE)`;
      } else if (!st.isDirectory()) {
        return `${action.operation}: ${name} "${value}" is not a directory`;
      }
    }
  }
  return null;
}

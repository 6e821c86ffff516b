// Local files are opened once, and what is checked is the opened descriptor, never the name again:
// a path swapped for a symlink, a FIFO or another file between the check (localpath.ts) and the read is
// refused, and the size limit holds on the bytes actually read. Writes never follow a symlink and never
// replace a file unless the caller was allowed to (overwrite confirmed by the user).
import { closeSync, constants, copyFileSync, fstatSync, linkSync, openSync, readSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

/** The file a check approved: its device and inode, as `stat` saw them. */
export interface FileIdentity { dev: number; ino: number }

/**
 * Test seam: called with the path just before it is opened, after every check. The tests replace the file
 * here to prove the descriptor, not the name, is what gets checked. Never set outside tests.
 */
export const localFileSeam: { beforeOpen?: (path: string) => void } = {};

const READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);
const CHUNK = 64 * 1024;

/**
 * The file's bytes, read from one descriptor opened without following a final symlink (and without
 * blocking on a FIFO), after checking that descriptor: a regular file, the one approved, within `limit`
 * bytes. A string is the refusal; `label` names the file in it.
 */
export function readChecked(path: string, approved: FileIdentity, limit: number, label: string): Buffer | string {
  localFileSeam.beforeOpen?.(path);
  let fd: number;
  try {
    fd = openSync(path, READ_FLAGS);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') return `${label} became a symbolic link after it was checked; nothing was read`;
    if (code === 'ENOENT') return `${label} no longer exists`;
    return `${label} cannot be opened (${code ?? 'error'})`;
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return `${label} is not a regular file`;
    if (st.dev !== approved.dev || st.ino !== approved.ino) return `${label} was replaced by another file after it was checked; nothing was read`;
    if (st.size > limit) return `${label} is ${st.size} bytes, over the upload limit of ${limit} bytes (FORGE_MCP_UPLOAD_MAX_FILE_SIZE)`;
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(CHUNK);
      const n = readSync(fd, chunk, 0, CHUNK, null);
      if (n === 0) break;
      total += n;
      // The file may grow after fstat: the limit holds on what is read.
      if (total > limit) return `${label} grew past the upload limit of ${limit} bytes (FORGE_MCP_UPLOAD_MAX_FILE_SIZE) while it was read`;
      chunks.push(n === CHUNK ? chunk : chunk.subarray(0, n));
    }
    return Buffer.concat(chunks, total);
  } finally {
    closeSync(fd);
  }
}

/** Filesystems without hard links answer these to link(2). */
const NO_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EMLINK']);

/**
 * Writes `bytes` as `name` in `dir` (a directory realpath approved): first to a fresh temporary name
 * created exclusively (O_EXCL: nothing there is followed or reused), then moved into place in one step.
 * With `replace` the move is a rename (it replaces the entry itself, a symlink included, never its
 * target); without, a hard link that fails when the name exists (nothing is ever replaced).
 * Returns false when the name exists and `replace` is not allowed.
 */
export function writeNew(dir: string, name: string, bytes: Buffer, replace: boolean): boolean {
  const final = join(dir, name);
  const tmp = join(dir, `.${name}.${randomBytes(6).toString('hex')}.part`);
  const fd = openSync(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), 0o600);
  try {
    let off = 0;
    while (off < bytes.length) off += writeSync(fd, bytes, off, bytes.length - off);
  } catch (err) {
    closeSync(fd);
    unlinkQuietly(tmp);
    throw err;
  }
  closeSync(fd);
  if (replace) {
    renameSync(tmp, final);
    return true;
  }
  try {
    linkSync(tmp, final);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? '';
    if (code === 'EEXIST') { unlinkQuietly(tmp); return false; }
    if (!NO_LINKS.has(code)) { unlinkQuietly(tmp); throw e; }
    // No hard links here: an exclusive copy (fails on any existing name, a symlink included).
    try {
      copyFileSync(tmp, final, constants.COPYFILE_EXCL);
    } catch (c) {
      unlinkQuietly(tmp);
      if ((c as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw c;
    }
  }
  unlinkQuietly(tmp);
  return true;
}

function unlinkQuietly(path: string): void {
  try { unlinkSync(path); } catch { /* already gone */ }
}

// The sandbox's project export archive: a real tar.gz (ustar) holding the project's settings, labels,
// milestones, issues and repository, which the sandbox's import reads back. GitLab's own archives carry a
// git bundle the sandbox cannot read: `readArchive` returns undefined for anything it did not write.
import { gunzipSync, gzipSync } from 'node:zlib';

const BLOCK = 512;

function header(name: string, size: number, mtime: number): Buffer {
  const h = Buffer.alloc(BLOCK);
  const put = (s: string, at: number, len: number) => h.write(s.slice(0, len), at, len, 'utf8');
  const octal = (n: number, len: number) => n.toString(8).padStart(len - 1, '0');
  put(name, 0, 100);
  put(`${octal(0o644, 8)}\0`, 100, 8);
  put(`${octal(0, 8)}\0`, 108, 8);
  put(`${octal(0, 8)}\0`, 116, 8);
  put(`${octal(size, 12)}\0`, 124, 12);
  put(`${octal(mtime, 12)}\0`, 136, 12);
  put('        ', 148, 8);
  put('0', 156, 1);
  put('ustar\0', 257, 6);
  put('00', 263, 2);
  let sum = 0;
  for (const b of h) sum += b;
  put(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8);
  return h;
}

/** A gzipped ustar archive of the files, in the given order. */
export function writeArchive(files: Array<[name: string, content: string]>, at: Date): Buffer {
  const parts: Buffer[] = [];
  const mtime = Math.floor(at.getTime() / 1000);
  for (const [name, content] of files) {
    const data = Buffer.from(content, 'utf8');
    parts.push(header(name, data.length, mtime), data, Buffer.alloc((BLOCK - (data.length % BLOCK)) % BLOCK));
  }
  parts.push(Buffer.alloc(BLOCK * 2));
  return gzipSync(Buffer.concat(parts));
}

/** The files of a gzipped tar, or undefined when it is not one. */
export function readArchive(gz: Buffer): Map<string, string> | undefined {
  let tar: Buffer;
  try { tar = gunzipSync(gz); } catch { return undefined; }
  const files = new Map<string, string>();
  for (let at = 0; at + BLOCK <= tar.length;) {
    const h = tar.subarray(at, at + BLOCK);
    if (h.every((b) => b === 0)) break;
    const name = h.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
    const size = parseInt(h.subarray(124, 136).toString('utf8').replace(/\0.*$/s, '').trim() || '0', 8);
    if (!Number.isFinite(size) || size < 0 || at + BLOCK + size > tar.length) return undefined;
    if (h[156] === 0x30 || h[156] === 0) files.set(name, tar.subarray(at + BLOCK, at + BLOCK + size).toString('utf8'));
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  return files;
}

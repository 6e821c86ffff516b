// The sandbox's project export archive: a real tar.gz (ustar) holding the project's settings, labels,
// milestones, issues and repository, which the sandbox's import reads back. GitLab's own archives carry a
// git bundle the sandbox cannot read: `readArchive` returns undefined for anything it did not write.
import { gunzipSync, gzipSync } from 'node:zlib';
import { pad, tarHeader } from '../tar.js';

const BLOCK = 512;

/** A gzipped ustar archive of the files, in the given order. */
export function writeArchive(files: Array<[name: string, content: string]>, at: Date): Buffer {
  const parts: Buffer[] = [];
  const mtime = Math.floor(at.getTime() / 1000);
  for (const [name, content] of files) {
    const data = Buffer.from(content, 'utf8');
    parts.push(tarHeader(name, data.length, mtime, '0'), data, pad(data.length));
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
    const field = (from: number, len: number) => h.subarray(from, from + len).toString('utf8').replace(/\0.*$/s, '');
    // A long path is split between the prefix and the name fields (tar.ts).
    const name = [field(345, 155), field(0, 100)].filter(Boolean).join('/');
    const size = parseInt(h.subarray(124, 136).toString('utf8').replace(/\0.*$/s, '').trim() || '0', 8);
    if (!Number.isFinite(size) || size < 0 || at + BLOCK + size > tar.length) return undefined;
    if (h[156] === 0x30 || h[156] === 0) files.set(name, tar.subarray(at + BLOCK, at + BLOCK + size).toString('utf8'));
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  return files;
}

// Local file transfer for the actions that declare it: uploads read `file_path` (or decode
// `content_base64`), downloads write the answer to `output_path`. Paths were checked by localpath.ts.
import { readFileSync, openSync, writeSync, closeSync, renameSync, unlinkSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import type { Action } from '../catalog/define.js';
import type { ForgeRequest } from '../forge/types.js';

export type TransferProblem = string;

/** Puts the file into the request body; a string is the refusal sentence. */
export function attachUpload(action: Action, params: Record<string, unknown>, req: ForgeRequest): TransferProblem | undefined {
  const spec = action.upload;
  if (!spec) return undefined;
  let bytes: Buffer;
  let name: string;
  if (typeof params.file_path === 'string') {
    bytes = readFileSync(params.file_path);
    name = basename(params.file_path);
  } else if (typeof params.content_base64 === 'string') {
    if (!/^[A-Za-z0-9+/\r\n]*={0,2}\s*$/.test(params.content_base64)) return `${action.operation}: content_base64 is not valid base64`;
    bytes = Buffer.from(params.content_base64, 'base64');
    name = typeof params.file_name === 'string' ? params.file_name : 'upload.bin';
  } else {
    return `${action.operation}: give the file as file_path (a local path) or content_base64 (its content, base64-encoded)`;
  }
  if (spec.as === 'raw') {
    req.body = bytes;
  } else {
    const form = new FormData();
    for (const [k, v] of Object.entries((req.body as Record<string, unknown> | undefined) ?? {})) form.append(k, typeof v === 'string' ? v : JSON.stringify(v));
    form.append(spec.field, new Blob([new Uint8Array(bytes)]), name);
    req.body = form;
  }
  return undefined;
}

/** Writes a downloaded body next to its final name, then renames (never a half-written file). */
export function writeDownload(outputPath: string, body: unknown): number {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
  // A fresh, unguessable name created exclusively (O_EXCL: a symlink planted there is never followed),
  // then one atomic rename onto the final name.
  const tmp = join(dirname(outputPath), `.${basename(outputPath)}.${randomBytes(6).toString('hex')}.part`);
  const fd = openSync(tmp, 'wx', 0o600);
  try {
    let off = 0;
    while (off < bytes.length) off += writeSync(fd, bytes, off, bytes.length - off);
  } catch (err) {
    closeSync(fd);
    try { unlinkSync(tmp); } catch { /* already gone */ }
    throw err;
  }
  closeSync(fd);
  renameSync(tmp, outputPath);
  return bytes.length;
}

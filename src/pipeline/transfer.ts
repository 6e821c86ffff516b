// Local file transfer for the actions that declare it: uploads read `file_path` (or decode
// `content_base64`), downloads write the answer to `output_path`. Both use what localpath.ts approved
// (the resolved path and, for a read, the file's identity), through the one-open helpers of localfile.ts.
import { basename } from 'node:path';
import type { Action } from '../catalog/define.js';
import type { ForgeRequest } from '../forge/types.js';
import type { ApprovedPath } from './localpath.js';
import { readChecked, writeNew } from './localfile.js';

export type TransferProblem = string;

/**
 * What an upload's params say wrong on their own (no file given, content that is not base64): checked with the other
 * param checks, before anything (a project's short-name lookup included) reaches the platform.
 */
export function uploadProblem(action: Action, params: Record<string, unknown>): TransferProblem | undefined {
  if (!action.upload || typeof params.file_path === 'string') return undefined;
  if (typeof params.content_base64 !== 'string') return `${action.operation}: give the file as file_path (a local path) or content_base64 (its content, base64-encoded)`;
  if (!/^[A-Za-z0-9+/\r\n]*={0,2}\s*$/.test(params.content_base64)) return `${action.operation}: content_base64 is not valid base64`;
  return undefined;
}

/** Puts the file into the request body; a string is the refusal sentence. */
export function attachUpload(action: Action, params: Record<string, unknown>, req: ForgeRequest, approved: Record<string, ApprovedPath>, maxFileSize: number): TransferProblem | undefined {
  const spec = action.upload;
  if (!spec) return undefined;
  let bytes: Buffer;
  let name: string;
  const file = approved.file_path;
  if (typeof params.file_path === 'string') {
    // A local path the check did not approve is never read (fail closed).
    if (file?.kind !== 'read-file') return `${action.operation}: file_path "${params.file_path}" was not checked; nothing was sent`;
    const read = readChecked(file.path, file, maxFileSize, `${action.operation}: file_path "${params.file_path}"`);
    if (typeof read === 'string') return read;
    bytes = read;
    name = basename(params.file_path);
  } else {
    // The content was checked before anything was sent (uploadProblem): here it is only decoded.
    const problem = uploadProblem(action, params);
    if (problem) return problem;
    bytes = Buffer.from(params.content_base64 as string, 'base64');
    name = typeof params.file_name === 'string' ? params.file_name : 'upload.bin';
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

/**
 * Writes a downloaded body where the check approved (never half-written, never through a symlink).
 * An existing file is replaced only when `replace` (the call said overwrite and the user confirmed);
 * a file that appeared since the check is not. Returns the byte count, or the refusal sentence.
 */
export function writeDownload(action: Action, target: Extract<ApprovedPath, { kind: 'write-file' }>, shown: string, body: unknown, replace: boolean): number | string {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
  if (writeNew(target.dir, target.name, bytes, replace)) return bytes.length;
  return `${action.operation}: output_path "${shown}" appeared while the file was downloaded and was left as it is; nothing was written. To replace it, re-send with "overwrite": true (the user is asked to confirm)`;
}

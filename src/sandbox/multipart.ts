// multipart/form-data bodies (RFC 7578), as the upload routes receive them: each part's field name, file
// name when it is a file, and bytes.
import type { Ctx } from './types.js';

export interface Part { name: string; filename?: string; data: Buffer }

/** The parts of a multipart/form-data body (RFC 7578), or undefined when the body is not one. */
export function multipartParts(ctx: Ctx): Part[] | undefined {
  const type = String(ctx.headers['content-type'] ?? '');
  const b = /^multipart\/form-data;.*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(type);
  if (!b) return undefined;
  const delimiter = Buffer.from(`--${b[1] ?? b[2]}`);
  const body = ctx.rawBody;
  const parts: Part[] = [];
  let at = body.indexOf(delimiter);
  while (at >= 0) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, start);
    if (next < 0) break;
    const chunk = body.subarray(start + 2, next - 2);
    const split = chunk.indexOf('\r\n\r\n');
    if (split >= 0) {
      const head = chunk.subarray(0, split).toString('utf8');
      const disposition = /content-disposition:[^\r\n]*/i.exec(head)?.[0] ?? '';
      const name = /\bname="([^"]*)"/.exec(disposition)?.[1];
      const filename = /\bfilename="([^"]*)"/.exec(disposition)?.[1];
      if (name !== undefined) parts.push({ name, filename, data: chunk.subarray(split + 4) });
    }
    at = next;
  }
  return parts;
}

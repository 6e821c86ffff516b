// Code search hits (GET …/search?scope=blobs): GitLab answers each hit as a file path, a ref, the line the
// snippet starts at (`startline`) and the snippet. Shown as the file and its line numbers, with the snippet in
// a fence: the line an assistant quotes is then the line in the file, without reading the whole file again.
import type { Pagination, RenderInput, Rendered } from './types.js';
import { code, fence, heading, toText } from './contain.js';
import { boundLine, isRecord, isScalar, languageFor, num, posInt, type Rec } from './shared.js';
import { paginationLine } from './pagination.js';

/** At most this many lines, and this many characters of them, in one answer. */
const MAX_LINES = 300;
const MAX_CHARS = 20_000;

export function renderBlobs(input: RenderInput, list: unknown[]): Rendered {
  const pagination: Pagination | undefined = isRecord(input.pagination) ? input.pagination : undefined;
  const out: string[] = [`## Code search hits (${num(list.length)})`];
  const items: Rec[] = [];
  let lines = 0;
  let chars = 0;
  let cut = 0;
  for (const hit of list) {
    const h = isRecord(hit) ? hit : {};
    const path = toText(h.path ?? h.filename ?? '');
    const first = posInt(h.startline) ?? 1;
    // The snippet ends with a line break: it closes the last line, it is no empty line after it.
    const take = toText(h.data ?? '').replace(/\r?\n$/, '').split(/\r?\n/).map(boundLine);
    const text = take.join('\n');
    if (lines > 0 && (lines + take.length > MAX_LINES || chars + text.length > MAX_CHARS)) {
      cut = list.length - items.length;
      break;
    }
    const last = first + take.length - 1;
    const where = last === first ? `line ${num(first)}` : `lines ${num(first)}–${num(last)}`;
    const ref = isScalar(h.ref) ? ` at ${code(h.ref, 200)}` : '';
    out.push('', `### ${heading(`${path} · ${where}`, 300)}${ref}`, '', fence(`${text}\n`, languageFor(path)));
    items.push({ path, ref: h.ref ?? null, startline: first, end_line: last, ...(h.project_id !== undefined ? { project_id: h.project_id } : {}) });
    lines += take.length;
    chars += text.length;
  }
  if (cut > 0) out.push('', `(${num(cut)} more hits not shown to bound the answer; narrow the search or read fewer per page)`);
  if (pagination) out.push('', paginationLine(pagination));
  return { markdown: out.join('\n'), structured: { items, ...(pagination ? { pagination } : {}) } };
}

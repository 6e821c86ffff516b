// A file's blame (GET …/repository/files/:path/blame): GitLab answers ranges in file order, each the commit
// that last changed its lines and the lines. Shown as ranges numbered from the first line asked for, each
// with its commit (short sha, author, date, title) and its lines in a fence; bounded, saying how to read on.
import type { RenderInput, Rendered } from './types.js';
import { code, fence, heading, toText } from './contain.js';
import { actionOf, boundLine, isRecord, isScalar, languageFor, num, paramsOf, posInt, type Rec } from './shared.js';

/** At most this many lines, and this many characters of them, in one answer. */
const BLAME_MAX_LINES = 400;
const BLAME_MAX_CHARS = 30_000;

interface Range {
  start: number;
  end: number;
  commit: Rec;
  lines: string[];
}

/** A commit's title: GitLab's blame sends the whole message, not a title. */
function titleOf(c: Rec): string {
  if (isScalar(c.title) && c.title !== '') return toText(c.title);
  return toText(c.message ?? '').split(/\r?\n/)[0] ?? '';
}

const shortSha = (c: Rec): string => (isScalar(c.short_id) ? toText(c.short_id) : toText(c.id ?? '').slice(0, 8));
const dayOf = (c: Rec): string => toText(c.authored_date ?? c.committed_date ?? '').slice(0, 10);

export function renderBlame(input: RenderInput, list: unknown[]): Rendered {
  const params = paramsOf(input);
  const first = posInt(params.range_start) ?? 1;
  const ranges: Range[] = [];
  let next = first;
  for (const r of list) {
    const rec = isRecord(r) ? r : {};
    const lines = Array.isArray(rec.lines) ? rec.lines.map((l) => toText(l)) : [];
    if (lines.length === 0) continue;
    ranges.push({ start: next, end: next + lines.length - 1, commit: isRecord(rec.commit) ? rec.commit : {}, lines });
    next += lines.length;
  }
  const last = next - 1;
  const path = toText(params.file_path ?? '');
  const at = isScalar(params.ref) ? ` at ${code(params.ref, 200)}` : '';
  if (ranges.length === 0) return { markdown: `No lines to blame in ${code(path, 300)}${at}.`, structured: { file_path: path, ranges: [], total_lines: 0 } };

  const out: string[] = [`## ${heading(`Blame of ${path}`, 300)}`, '', `Lines ${num(first)}–${num(last)}${at}, in ${num(ranges.length)} range${ranges.length === 1 ? '' : 's'} by last change.`];
  const lang = languageFor(path);
  const shown: Rec[] = [];
  let lines = 0;
  let chars = 0;
  let cutAt: number | undefined;
  for (const r of ranges) {
    // Lines of this range that fit what is left of the bound (always at least one line).
    const take: string[] = [];
    for (const l of r.lines) {
      const line = boundLine(l);
      if ((lines > 0 || take.length > 0) && (lines + take.length >= BLAME_MAX_LINES || chars + line.length + 1 > BLAME_MAX_CHARS)) break;
      take.push(line);
      chars += line.length + 1;
    }
    if (take.length === 0) { cutAt = r.start; break; }
    const end = r.start + take.length - 1;
    const c = r.commit;
    const who = toText(c.author_name ?? '');
    const where = end === r.start ? `Line ${num(r.start)}` : `Lines ${num(r.start)}–${num(end)}`;
    // The fence drops one final line break: the added one keeps a last empty line (line numbers must stay true).
    out.push('', `### ${heading(`${where} · ${shortSha(c)} · ${who} · ${dayOf(c)} · ${titleOf(c)}`, 300)}`, '', fence(`${take.join('\n')}\n`, lang));
    shown.push({ start_line: r.start, end_line: end, commit: { id: c.id ?? null, author_name: c.author_name ?? null, authored_date: c.authored_date ?? null, title: titleOf(c) } });
    lines += take.length;
    if (end < r.end) { cutAt = end + 1; break; }
  }
  const structured: Rec = { file_path: path, start_line: first, end_line: last, total_lines: last - first + 1, ranges: shown };
  if (cutAt !== undefined) {
    const how = 'range_start' in actionOf(input).params
      ? `read them with range_start=${num(cutAt)} range_end=${num(Math.min(last, cutAt + BLAME_MAX_LINES - 1))}`
      : 'narrow the request to read them';
    out.push('', `(truncated: lines ${num(cutAt)}–${num(last)} not shown to bound the answer; ${how})`);
    structured.truncated = true;
    structured.next_line = cutAt;
  }
  return { markdown: out.join('\n'), structured };
}

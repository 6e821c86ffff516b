// Text answers: raw text, job traces (tail / byte offset), repository files (line ranges).
import type { Renderer } from './types.js';
import { code, fence, heading, inline, stripControl, toText } from './contain.js';
import { isRecord, present, posInt, nonNegInt, num, paramsOf, actionOf, withNextSteps, boundLine, splitLines, languageFor, Rec } from './shared.js';

// ---------------------------------------------------------------- text

const TEXT_MAX_CHARS = 50_000;

export const text: Renderer = (input) => {
  const params = paramsOf(input);
  const declares = actionOf(input).params;
  const raw = stripControl(input?.data).replace(/\r\n/g, '\n');
  const all = splitLines(raw);
  const total = all.length;
  const lang = languageFor(params.file_path ?? params.path ?? params.filepath);
  if (total === 0) return withNextSteps(input, { markdown: '(empty answer)', structured: { total_lines: 0, total_chars: 0, start_line: 0, end_line: 0 } });

  const start = Math.min(posInt(params.start_line) ?? 1, total + 1);
  if (start > total) {
    return withNextSteps(input, {
      markdown: `Line ${num(start)} is past the end of the text (${num(total)} lines).`,
      structured: { total_lines: total, total_chars: raw.length, start_line: 0, end_line: 0 },
    });
  }
  let end = Math.min(total, Math.max(start, posInt(params.end_line) ?? total));
  // Bound the answer: stop at the line where the budget runs out (always at least one line).
  let used = 0;
  const shown: string[] = [];
  for (let i = start - 1; i < end; i++) {
    const line = boundLine(all[i]);
    if (shown.length > 0 && used + line.length + 1 > TEXT_MAX_CHARS) {
      end = i;
      break;
    }
    shown.push(line);
    used += line.length + 1;
  }
  const whole = start === 1 && end === total;
  const lines: string[] = [];
  if (!whole) lines.push(`Lines ${num(start)}–${num(end)} of ${num(total)}.`, '');
  lines.push(fence(shown.join('\n'), lang));
  if (end < total) {
    const how = 'start_line' in declares ? `read more with start_line=${num(end + 1)}` : 'narrow the request to read the rest';
    lines.push('', `(truncated: ${num(total - end)} more lines not shown; ${how})`);
  }
  return withNextSteps(input, {
    markdown: lines.join('\n'),
    structured: { total_lines: total, total_chars: raw.length, start_line: start, end_line: end, truncated: end < total },
  });
};

// ---------------------------------------------------------------- job_trace

const DEFAULT_TAIL_LINES = 200;
const MAX_TAIL_LINES = 10_000;
const TRACE_MAX_CHARS = 60_000;

/** ANSI escape sequences: CSI, OSC, and two-character escapes. */
const ANSI = /\u001B\[[0-?]*[ -/]*[@-~]|\u001B\][^\u0007\u001B]*(?:\u0007|\u001B\\)?|\u001B[@-Z\\-_]|\u009B[0-?]*[ -/]*[@-~]/g;

export function stripAnsi(s: string): string {
  return s.replace(ANSI, '');
}

/** A log line as a terminal shows it: escapes removed, a carriage return overwrites what came before. */
function cleanLogLine(line: string): string {
  let s = stripAnsi(line);
  if (s.includes('\r')) {
    const parts = s.split('\r');
    s = [...parts].reverse().find((p) => p !== '') ?? '';
  }
  return boundLine(stripControl(s));
}

export const jobTrace: Renderer = (input) => {
  const params = paramsOf(input);
  const raw = typeof input?.data === 'string' ? input.data : toText(input?.data);
  const totalBytes = Buffer.byteLength(raw, 'utf8');
  const lines = raw.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const total = lines.length;
  const jobId = params.job_id;
  const title = jobId !== undefined ? `## Job ${inline(jobId, 40)} log` : '## Job log';

  if (total === 0) {
    return withNextSteps(input, {
      markdown: `${title}\n\nThe job log is empty (0 bytes).`,
      structured: { total_lines: 0, total_bytes: 0, start_line: 0, end_line: 0, next_offset: null },
    });
  }

  // Byte offset where each line starts.
  const starts: number[] = new Array(total + 1);
  let pos = 0;
  for (let i = 0; i < total; i++) {
    starts[i] = pos;
    pos += Buffer.byteLength(lines[i], 'utf8') + 1;
  }
  starts[total] = totalBytes;

  const tail = Math.min(MAX_TAIL_LINES, posInt(params.tail_lines) ?? DEFAULT_TAIL_LINES);
  const offset = nonNegInt(params.offset);
  let first: number;
  let last: number;
  if (offset !== undefined) {
    if (offset >= totalBytes) {
      return withNextSteps(input, {
        markdown: `${title}\n\nOffset ${num(offset)} is past the end of the log (${num(totalBytes)} bytes, ${num(total)} lines). Read the end with tail_lines=${num(tail)} and no offset.`,
        structured: { total_lines: total, total_bytes: totalBytes, start_line: 0, end_line: 0, next_offset: null },
      });
    }
    // The line holding the byte at `offset` (binary search over line starts).
    let lo = 0;
    let hi = total - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    first = lo;
    last = Math.min(total, first + tail) - 1;
  } else {
    last = total - 1;
    first = Math.max(0, total - tail);
  }

  // Bound the answer by characters: reading forward drops lines at the end, the tail drops them at the start.
  const shown: string[] = [];
  let used = 0;
  if (offset !== undefined) {
    for (let i = first; i <= last; i++) {
      const l = cleanLogLine(lines[i]);
      if (shown.length > 0 && used + l.length + 1 > TRACE_MAX_CHARS) { last = i - 1; break; }
      shown.push(l);
      used += l.length + 1;
    }
  } else {
    for (let i = last; i >= first; i--) {
      const l = cleanLogLine(lines[i]);
      if (shown.length > 0 && used + l.length + 1 > TRACE_MAX_CHARS) { first = i + 1; break; }
      shown.unshift(l);
      used += l.length + 1;
    }
  }

  const byteStart = starts[first];
  const byteEnd = starts[last + 1];
  const more = last + 1 < total;
  const out: string[] = [
    title,
    '',
    `Showing lines ${num(first + 1)}–${num(last + 1)} of ${num(total)} (bytes ${num(byteStart)}–${num(byteEnd)} of ${num(totalBytes)}).`,
    '',
    fence(shown.join('\n'), 'text'),
    '',
  ];
  if (more) out.push(`More: offset=${num(byteEnd)} reads the next lines (tail_lines sets how many, default ${num(DEFAULT_TAIL_LINES)}).`);
  if (first > 0) {
    const prevFirst = Math.max(0, first - tail);
    out.push(`Earlier lines: offset=${num(starts[prevFirst])} with tail_lines=${num(first - prevFirst)} reads lines ${num(prevFirst + 1)}–${num(first)}.`);
  }
  if (!more && first === 0) out.push('This is the whole log.');
  else if (!more) out.push('This is the end of the log.');
  return withNextSteps(input, {
    markdown: out.join('\n'),
    structured: { total_lines: total, total_bytes: totalBytes, start_line: first + 1, end_line: last + 1, next_offset: more ? byteEnd : null },
  });
};


// ---------------------------------------------------------------- file_content

const DEFAULT_FILE_LINES = 400;
const FILE_MAX_CHARS = 100_000;

function isBinary(buf: Buffer): boolean {
  const n = Math.min(buf.length, 8000);
  for (let i = 0; i < n; i++) if (buf[i] === 0) return true;
  return false;
}

export const fileContent: Renderer = (input) => {
  const params = paramsOf(input);
  const data = input?.data;
  const obj: Rec = isRecord(data) ? data : {};
  let bytes: Buffer;
  if (typeof data === 'string') bytes = Buffer.from(data, 'utf8');
  else if (typeof obj.content === 'string' && toText(obj.encoding).toLowerCase() === 'base64') bytes = Buffer.from(obj.content.replace(/\s+/g, ''), 'base64');
  else bytes = Buffer.from(toText(obj.content), 'utf8');

  const filePath = toText(obj.file_path ?? params.file_path ?? obj.file_name ?? '');
  const ref = obj.ref ?? params.ref;
  const size = typeof obj.size === 'number' ? obj.size : bytes.length;
  const base: Rec = {
    file_path: filePath,
    ref: ref === undefined ? null : toText(ref),
    size,
    blob_id: obj.blob_id === undefined ? null : toText(obj.blob_id),
  };
  if (obj.last_commit_id !== undefined) base.last_commit_id = toText(obj.last_commit_id);

  const meta: string[] = [];
  if (ref !== undefined) meta.push(`ref: ${code(ref, 200)}`);
  meta.push(`size: ${num(size)} bytes`);
  if (present(obj.blob_id)) meta.push(`blob_id: ${code(obj.blob_id, 80)}`);
  if (present(obj.last_commit_id)) meta.push(`last_commit_id: ${code(obj.last_commit_id, 80)}`);
  const head = [`## ${heading(filePath || 'File', 300)}`, '', meta.join(' · ')];

  if (isBinary(bytes)) {
    return withNextSteps(input, {
      markdown: [...head, '', `Binary file (${num(bytes.length)} bytes); content not shown.`].join('\n'),
      structured: { ...base, binary: true, total_lines: 0, start_line: 0, end_line: 0 },
    });
  }
  const all = splitLines(bytes.toString('utf8'));
  const total = all.length;
  if (total === 0) {
    return withNextSteps(input, { markdown: [...head, '', 'The file is empty.'].join('\n'), structured: { ...base, total_lines: 0, start_line: 0, end_line: 0 } });
  }
  const start = posInt(params.start_line) ?? 1;
  if (start > total) {
    return withNextSteps(input, {
      markdown: [...head, '', `start_line=${num(start)} is past the end of the file (${num(total)} lines).`].join('\n'),
      structured: { ...base, total_lines: total, start_line: 0, end_line: 0 },
    });
  }
  const requestedEnd = posInt(params.end_line);
  let end = Math.min(total, requestedEnd !== undefined && requestedEnd >= start ? requestedEnd : start + DEFAULT_FILE_LINES - 1);
  const shown: string[] = [];
  let used = 0;
  let budgetCut = false;
  for (let i = start - 1; i < end; i++) {
    const line = boundLine(all[i]);
    if (shown.length > 0 && used + line.length + 1 > FILE_MAX_CHARS) { end = i; budgetCut = true; break; }
    shown.push(line);
    used += line.length + 1;
  }
  const out = [...head, '', `Lines ${num(start)}–${num(end)} of ${num(total)}${budgetCut ? ' (stopped early to bound the answer)' : ''}.`, '', fence(shown.join('\n'), languageFor(filePath))];
  if (end < total) out.push('', `More: start_line=${num(end + 1)} end_line=${num(Math.min(total, end + DEFAULT_FILE_LINES))} reads the next lines.`);
  if (start > 1) out.push('', `Earlier lines: start_line=${num(Math.max(1, start - DEFAULT_FILE_LINES))} end_line=${num(start - 1)}.`);
  return withNextSteps(input, { markdown: out.join('\n'), structured: { ...base, total_lines: total, start_line: start, end_line: end } });
};


// Renderers: the platform's answer (never trusted to have its documented shape) → Markdown for the
// assistant plus structuredContent. Every platform-written string goes through src/render/contain.ts.
// Nothing is cut silently: every bound states what was left out and how to read it.
import type { Pagination, RenderInput, Rendered, Renderer } from './types.js';
import { cell, code, fence, heading, inline, linkCell, quote, stripControl, toText, wholeNumber } from './contain.js';
import { paginationLine } from './pagination.js';

// ---------------------------------------------------------------- shared helpers

type Rec = Record<string, unknown>;

function isRecord(v: unknown): v is Rec {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function isScalar(v: unknown): v is string | number | boolean | bigint {
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint';
}

function present(v: unknown): boolean {
  if (v === null || v === undefined || v === '') return false;
  if (Array.isArray(v)) return v.length > 0;
  return true;
}

/** A positive integer from a param (number or numeric string), else undefined. */
function posInt(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n >= 1 ? n : undefined;
}

/** A non-negative integer from a param, else undefined. */
function nonNegInt(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

const num = (n: number): string => wholeNumber(n);

function paramsOf(input: RenderInput): Rec {
  return isRecord(input?.params) ? input.params : {};
}

function actionOf(input: RenderInput): { id: string; domain: string; name: string; method: string; params: Rec; nextSteps?: readonly string[] } {
  const a = (isRecord(input?.action) ? input.action : {}) as Rec;
  return {
    id: typeof a.id === 'string' ? a.id : 'action',
    domain: typeof a.domain === 'string' ? a.domain : '',
    name: typeof a.name === 'string' ? a.name : '',
    method: typeof a.method === 'string' ? a.method.toUpperCase() : 'GET',
    params: isRecord(a.params) ? a.params : {},
    nextSteps: Array.isArray(a.nextSteps) ? (a.nextSteps as unknown[]).filter((s): s is string => typeof s === 'string') : undefined,
  };
}

function plural(word: string): string {
  if (!word) return 'results';
  if (/(s|x|z|ch|sh)$/.test(word)) return `${word}es`;
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  return `${word}s`;
}

/** What a list holds, from the action's name: `issue.list` → issues, `project.list_members` → members. */
function thingsOf(input: RenderInput): string {
  const a = actionOf(input);
  const m = /^list_(.+)$/.exec(a.name);
  if (m) return m[1].replace(/_/g, ' ');
  if (a.name === 'list' || a.name === 'search') return plural(a.domain.replace(/_/g, ' '));
  return 'results';
}

/** A nested object summarised by its username, name, title or id. */
function summary(v: unknown): string {
  if (isScalar(v)) return toText(v);
  if (Array.isArray(v)) {
    const parts = v.slice(0, 10).map(summary).filter(Boolean);
    return parts.join(', ') + (v.length > 10 ? ` (+${num(v.length - 10)} more)` : '');
  }
  if (!isRecord(v)) return '';
  if (typeof v.username === 'string' && v.username) return `@${v.username}`;
  for (const k of ['name', 'title', 'full_path', 'fullPath', 'path_with_namespace', 'tag_name', 'ref', 'key']) {
    if (isScalar(v[k]) && v[k] !== '') return toText(v[k]);
  }
  if (v.iid !== undefined && isScalar(v.iid)) return `#${toText(v.iid)}`;
  if (v.id !== undefined && isScalar(v.id)) return `id ${toText(v.id)}`;
  return '';
}

const SUMMARY_KEYS = ['id', 'iid', 'username', 'name', 'title', 'full_path', 'fullPath', 'path_with_namespace', 'tag_name', 'state', 'web_url', 'webUrl'];

/** A nested object trimmed to its identifying fields (for structuredContent). */
function trimNested(v: unknown): unknown {
  if (isScalar(v) || v === null) return v;
  if (Array.isArray(v)) return v.slice(0, 50).map(trimNested);
  if (!isRecord(v)) return null;
  const out: Rec = {};
  for (const k of SUMMARY_KEYS) if (isScalar(v[k])) out[k] = v[k];
  return out;
}

function nextStepsOf(input: RenderInput): string[] | undefined {
  const steps = actionOf(input).nextSteps;
  return steps && steps.length ? [...steps] : undefined;
}

/** Adds next_steps (structured and a Markdown line) when the action declares them. */
function withNextSteps(input: RenderInput, r: Rendered): Rendered {
  const steps = nextStepsOf(input);
  if (!steps) return r;
  return {
    markdown: `${r.markdown}\n\nNext steps: ${steps.map((s) => code(s, 120)).join(', ')}`,
    structured: { ...r.structured, next_steps: steps },
  };
}

/** Cuts a text to `max` characters at a line boundary when one is near. */
function cutText(text: string, max: number): { shown: string; rest: number } {
  if (text.length <= max) return { shown: text, rest: 0 };
  let end = max;
  const nl = text.lastIndexOf('\n', max);
  if (nl > max * 0.8) end = nl;
  // Never split a surrogate pair.
  const code0 = text.charCodeAt(end - 1);
  if (code0 >= 0xd800 && code0 <= 0xdbff) end -= 1;
  return { shown: text.slice(0, end), rest: text.length - end };
}

const MAX_LINE_CHARS = 2000;

/** One displayed line, cut visibly when very long. */
function boundLine(line: string): string {
  if (line.length <= MAX_LINE_CHARS) return line;
  return `${line.slice(0, MAX_LINE_CHARS)} … [line cut: ${num(line.length - MAX_LINE_CHARS)} more characters]`;
}

/** Text split into lines; a final line break does not open another line. */
function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

const LANGUAGES: Record<string, string> = {
  ts: 'typescript', tsx: 'tsx', mts: 'typescript', cts: 'typescript', js: 'javascript', mjs: 'javascript', cjs: 'javascript', jsx: 'jsx',
  py: 'python', rb: 'ruby', go: 'go', rs: 'rust', java: 'java', kt: 'kotlin', kts: 'kotlin', scala: 'scala', swift: 'swift',
  c: 'c', h: 'c', cc: 'cpp', cpp: 'cpp', cxx: 'cpp', hpp: 'cpp', cs: 'csharp', php: 'php', pl: 'perl', lua: 'lua', r: 'r',
  sh: 'bash', bash: 'bash', zsh: 'bash', fish: 'fish', ps1: 'powershell', bat: 'batch',
  json: 'json', yml: 'yaml', yaml: 'yaml', toml: 'toml', ini: 'ini', xml: 'xml', html: 'html', htm: 'html', css: 'css', scss: 'scss',
  md: 'markdown', markdown: 'markdown', sql: 'sql', graphql: 'graphql', gql: 'graphql', proto: 'protobuf', tf: 'hcl', hcl: 'hcl',
  vue: 'vue', svelte: 'svelte', dart: 'dart', ex: 'elixir', exs: 'elixir', erl: 'erlang', hs: 'haskell', clj: 'clojure', diff: 'diff', patch: 'diff',
};
const FILE_NAMES: Record<string, string> = { dockerfile: 'dockerfile', makefile: 'makefile', gemfile: 'ruby', rakefile: 'ruby', jenkinsfile: 'groovy' };

/** A code fence language from a file name's extension ('' when unknown). */
export function languageFor(path: unknown): string {
  const name = toText(path).split('/').pop()?.toLowerCase() ?? '';
  if (FILE_NAMES[name]) return FILE_NAMES[name];
  if (name.endsWith('.gitlab-ci.yml')) return 'yaml';
  const dot = name.lastIndexOf('.');
  if (dot < 0) return '';
  return LANGUAGES[name.slice(dot + 1)] ?? '';
}

// ---------------------------------------------------------------- generic

const IDENTIFIER_KEYS = [
  'id', 'iid', 'project_id', 'projectId', 'group_id', 'name', 'title', 'path_with_namespace', 'full_path', 'fullPath', 'username', 'tag_name',
  'state', 'ref', 'sha', 'short_id', 'status', 'web_url', 'webUrl', 'author', 'created_at', 'createdAt', 'updated_at', 'updatedAt',
];
const LONG_TEXT_KEYS = new Set(['description', 'body', 'note', 'message', 'content', 'text', 'release_description']);
const TITLE_KEYS = ['title', 'name', 'path_with_namespace', 'full_path', 'fullPath', 'tag_name', 'username', 'file_name', 'ref', 'short_id', 'sha'];
const MAX_FIELDS = 20;
const MAX_LONG_TEXT = 4000;

function isLongText(key: string, v: unknown): v is string {
  return typeof v === 'string' && (LONG_TEXT_KEYS.has(key) || v.length > 200 || /[\r\n]/.test(v));
}

/** The inline form of a field value (contained). */
function fieldValue(v: unknown): string {
  if (isScalar(v)) return inline(v, 300);
  if (Array.isArray(v)) {
    const shown = v.slice(0, 20).map((x) => (isScalar(x) ? toText(x) : summary(x))).filter(Boolean);
    const more = v.length > 20 ? ` (+${num(v.length - 20)} more)` : '';
    return inline(shown.join(', '), 600) + more;
  }
  if (isRecord(v)) {
    const s = summary(v);
    if (s) return inline(s, 200);
    const json = toText(v);
    if (json.length <= 160) return code(json);
    const keys = Object.keys(v);
    return `(object with ${num(keys.length)} fields: ${inline(keys.slice(0, 8).join(', '), 200)}${keys.length > 8 ? ', …' : ''})`;
  }
  return inline(v, 300);
}

function renderObject(input: RenderInput, obj: Rec): Rendered {
  const keys = Object.keys(obj);
  const ordered = [...IDENTIFIER_KEYS.filter((k) => k in obj), ...keys.filter((k) => !IDENTIFIER_KEYS.includes(k))];
  const titleKey = TITLE_KEYS.find((k) => isScalar(obj[k]) && obj[k] !== '');
  const title = titleKey ? heading(obj[titleKey], 200) : `Result of ${heading(actionOf(input).id, 120)}`;

  const lines: string[] = [`## ${title}`, ''];
  const structured: Rec = {};
  const longTexts: Array<[string, string]> = [];
  const hidden: string[] = [];
  let shownFields = 0;

  for (const key of ordered) {
    const v = obj[key];
    if (!present(v)) continue;
    if (isLongText(key, v)) {
      longTexts.push([key, v]);
      structured[key] = v;
      continue;
    }
    if (shownFields >= MAX_FIELDS) {
      hidden.push(key);
      continue;
    }
    shownFields++;
    lines.push(`- **${inline(key, 60)}**: ${fieldValue(v)}`);
    structured[key] = isScalar(v) ? v : trimNested(v);
  }
  if (shownFields === 0 && longTexts.length === 0) lines.push('(no fields)');
  if (hidden.length) {
    lines.push('', `Other fields (not shown): ${inline(hidden.slice(0, 40).join(', '), 1000)}${hidden.length > 40 ? ` and ${num(hidden.length - 40)} more` : ''}`);
  }
  for (const [key, text] of longTexts) {
    const { shown, rest } = cutText(stripControl(text), MAX_LONG_TEXT);
    lines.push('', `### ${heading(key, 60)}`, '', quote(shown));
    if (rest > 0) {
      lines.push('', `(truncated: ${num(rest)} more characters; read the full text in structuredContent.${inline(key, 60)} of this result)`);
    }
  }
  return { markdown: lines.join('\n'), structured };
}

interface Column {
  header: string;
  keys: string[];
  kind?: 'link' | 'person';
}

const COLUMN_GROUPS: Column[] = [
  { header: 'id', keys: ['id'] },
  { header: 'iid', keys: ['iid'] },
  { header: 'title', keys: ['title', 'name', 'tag_name', 'file_name', 'key'] },
  { header: 'username', keys: ['username'] },
  { header: 'path', keys: ['path_with_namespace', 'full_path', 'fullPath', 'path'] },
  { header: 'state', keys: ['state', 'status'] },
  { header: 'ref', keys: ['ref', 'source_branch', 'short_id'] },
  { header: 'author', keys: ['author', 'user', 'owner', 'author_name'], kind: 'person' },
  { header: 'web_url', keys: ['web_url', 'webUrl'], kind: 'link' },
  { header: 'created_at', keys: ['created_at', 'createdAt', 'updated_at', 'updatedAt'] },
];
const MAX_COLUMNS = 6;
const MIN_COLUMNS = 4;
const MAX_ROWS = 200;

function chooseColumns(items: Rec[]): Array<Column & { key: string }> {
  const sample = items.slice(0, 50);
  const has = (k: string) => sample.some((it) => present(it[k]));
  const chosen: Array<Column & { key: string }> = [];
  const used = new Set<string>();
  for (const g of COLUMN_GROUPS) {
    if (chosen.length >= MAX_COLUMNS) break;
    const key = g.keys.find((k) => has(k) && !used.has(k));
    if (!key) continue;
    chosen.push({ ...g, header: g.header === 'title' || g.header === 'path' || g.header === 'state' || g.header === 'ref' || g.header === 'created_at' ? key : g.header, key });
    used.add(key);
  }
  if (chosen.length < MIN_COLUMNS) {
    for (const k of Object.keys(sample[0] ?? {})) {
      if (chosen.length >= MIN_COLUMNS) break;
      if (used.has(k) || !sample.some((it) => isScalar(it[k]) && it[k] !== '')) continue;
      chosen.push({ header: k, keys: [k], key: k });
      used.add(k);
    }
  }
  return chosen;
}

function tableCell(col: Column & { key: string }, v: unknown): string {
  if (!present(v)) return '';
  if (col.kind === 'link') return linkCell('open', v, 300);
  if (col.kind === 'person') return cell(isRecord(v) ? summary(v) : summary(v), 60);
  if (isScalar(v)) return cell(v, 100);
  return cell(summary(v) || toText(v), 100);
}

function trimItem(item: Rec, columns: Array<{ key: string }>): Rec {
  const out: Rec = {};
  const keys = new Set([...IDENTIFIER_KEYS, ...columns.map((c) => c.key)]);
  for (const k of keys) {
    const v = item[k];
    if (v === undefined) continue;
    out[k] = isScalar(v) || v === null ? v : trimNested(v);
  }
  return out;
}

function renderList(input: RenderInput, list: unknown[]): Rendered {
  const things = thingsOf(input);
  const pagination: Pagination | undefined = isRecord(input.pagination) ? input.pagination : undefined;
  const pageLine = pagination ? paginationLine(pagination) : '';
  const structured: Rec = {};

  if (list.length === 0) {
    const md = [`No ${inline(things)} found.`, pageLine].filter(Boolean).join('\n\n');
    structured.items = [];
    if (pagination) structured.pagination = pagination;
    return { markdown: md, structured };
  }

  const shown = list.slice(0, MAX_ROWS);
  const omitted = list.length - shown.length;
  const lines: string[] = [`## ${heading(things.charAt(0).toUpperCase() + things.slice(1))} (${num(list.length)})`, ''];
  const records = shown.filter(isRecord);

  if (records.length === 0) {
    for (const v of shown) lines.push(`- ${fieldValue(v) || '(empty)'}`);
    structured.items = shown.map((v) => (isScalar(v) || v === null ? v : trimNested(v)));
  } else {
    const columns = chooseColumns(records);
    lines.push(`| ${columns.map((c) => cell(c.header, 40)).join(' | ')} |`);
    lines.push(`|${columns.map(() => '---').join('|')}|`);
    const items: unknown[] = [];
    for (const v of shown) {
      if (isRecord(v)) {
        lines.push(`| ${columns.map((c) => tableCell(c, v[c.key])).join(' | ')} |`);
        items.push(trimItem(v, columns));
      } else {
        lines.push(`| ${[cell(summary(v) || toText(v), 100), ...columns.slice(1).map(() => '')].join(' | ')} |`);
        items.push(isScalar(v) || v === null ? v : trimNested(v));
      }
    }
    structured.items = items;
  }
  if (omitted > 0) {
    lines.push('', `(${num(omitted)} more items not shown: the answer held ${num(list.length)}; narrow the request or page through it to see them)`);
    structured.omitted_items = omitted;
  }
  if (pageLine) lines.push('', pageLine);
  if (pagination) structured.pagination = pagination;
  return { markdown: lines.join('\n'), structured };
}

function renderEmpty(input: RenderInput): Rendered {
  return { markdown: actionOf(input).method === 'DELETE' ? 'Deleted.' : 'Done.', structured: { ok: true } };
}

const generic: Renderer = (input) => {
  const data = input?.data;
  let r: Rendered;
  if (data === null || data === undefined || (typeof data === 'string' && data.trim() === '')) r = renderEmpty(input);
  else if (typeof data === 'string') return text(input);
  else if (Array.isArray(data)) r = renderList(input, data);
  else if (isRecord(data)) r = renderObject(input, data);
  else r = { markdown: `Result: ${code(toText(data), 200)}`, structured: { value: isScalar(data) ? (typeof data === 'bigint' ? data.toString() : data) : toText(data) } };
  return withNextSteps(input, r);
};

// ---------------------------------------------------------------- text

const TEXT_MAX_CHARS = 50_000;

const text: Renderer = (input) => {
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

const jobTrace: Renderer = (input) => {
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

// ---------------------------------------------------------------- diff

const DEFAULT_FILES_PER_PAGE = 20;
const MAX_FILES_PER_PAGE = 100;
const DIFF_PAGE_MAX_CHARS = 100_000;
const DIFF_FILE_MIN_CHARS = 20_000;

function diffFilesOf(data: unknown): { files: unknown[]; context: Rec } | undefined {
  if (Array.isArray(data)) return { files: data, context: {} };
  if (isRecord(data)) {
    if (Array.isArray(data.diffs)) return { files: data.diffs, context: data };
    if (Array.isArray(data.changes)) return { files: data.changes, context: data };
  }
  return undefined;
}

function diffEntry(f: unknown): { old_path: string; new_path: string; new_file: boolean; deleted_file: boolean; renamed_file: boolean } {
  const r = isRecord(f) ? f : {};
  const newPath = toText(r.new_path ?? r.old_path ?? '');
  const oldPath = toText(r.old_path ?? r.new_path ?? '');
  return { old_path: oldPath, new_path: newPath, new_file: r.new_file === true, deleted_file: r.deleted_file === true, renamed_file: r.renamed_file === true };
}

const diff: Renderer = (input) => {
  const found = diffFilesOf(input?.data);
  if (!found) return generic(input);
  const params = paramsOf(input);
  const { files, context } = found;
  const total = files.length;
  const perPage = Math.min(MAX_FILES_PER_PAGE, posInt(params.files_per_page) ?? DEFAULT_FILES_PER_PAGE);
  const pages = Math.max(1, Math.ceil(total / perPage));
  const page = posInt(params.file_page) ?? 1;
  const entries = files.map(diffEntry);
  const pagination: Pagination | undefined = isRecord(input.pagination) ? input.pagination : undefined;
  const structured: Rec = { total_files: total, file_page: page, files_per_page: perPage, total_file_pages: pages, files: entries };
  if (pagination) structured.pagination = pagination;

  const out: string[] = [`## Diff: ${num(total)} file${total === 1 ? '' : 's'} changed`];
  if (Array.isArray(context.commits)) out.push('', `Commits compared: ${num(context.commits.length)}`);
  if (context.compare_same_ref === true) out.push('', 'Both refs point at the same commit.');
  if (context.compare_timeout === true) out.push('', 'The platform timed out computing this comparison; the file list may be incomplete.');

  if (total === 0) {
    out.push('', 'No file changes.');
    if (pagination) out.push('', paginationLine(pagination));
    return withNextSteps(input, { markdown: out.join('\n'), structured: { ...structured, start_file: 0, end_file: 0 } });
  }
  if (page > pages) {
    out.push('', `file_page=${num(page)} is past the last page (${num(pages)} pages of ${num(perPage)} files). Use file_page=1 to ${num(pages)}.`);
    return withNextSteps(input, { markdown: out.join('\n'), structured: { ...structured, start_file: 0, end_file: 0 } });
  }

  const firstIdx = (page - 1) * perPage;
  const lastIdx = Math.min(total, firstIdx + perPage) - 1;
  const onPage = lastIdx - firstIdx + 1;
  const perFileMax = Math.max(DIFF_FILE_MIN_CHARS, Math.floor(DIFF_PAGE_MAX_CHARS / onPage));
  out.push('', `Files ${num(firstIdx + 1)}–${num(lastIdx + 1)} of ${num(total)} (file_page ${num(page)} of ${num(pages)}, files_per_page=${num(perPage)}).`);

  let used = 0;
  for (let i = firstIdx; i <= lastIdx; i++) {
    const f = isRecord(files[i]) ? (files[i] as Rec) : {};
    const e = entries[i];
    const marks: string[] = [];
    if (e.new_file) marks.push('new file');
    if (e.deleted_file) marks.push('deleted');
    if (e.renamed_file && e.old_path !== e.new_path) marks.push(`renamed from ${code(e.old_path, 200)}`);
    if (isScalar(f.a_mode) && isScalar(f.b_mode) && f.a_mode !== f.b_mode && !e.new_file && !e.deleted_file) marks.push(`mode ${inline(f.a_mode, 10)} → ${inline(f.b_mode, 10)}`);
    const path = e.deleted_file ? e.old_path : e.new_path;
    out.push('', `### ${num(i + 1)}. ${heading(path || '(no path)', 300)}${marks.length ? ` (${marks.join(', ')})` : ''}`, '');
    const body = stripControl(f.diff);
    if (!body.trim()) {
      out.push(f.too_large === true ? '(no diff shown: the platform marks this file too large)' : f.collapsed === true ? '(no diff shown: the platform collapsed this file)' : '(no textual changes: binary file or mode change only)');
      continue;
    }
    if (used >= DIFF_PAGE_MAX_CHARS) {
      out.push(`(diff not shown to bound the answer; read it with file_page=${num(i + 1)} files_per_page=1)`);
      continue;
    }
    const { shown, rest } = cutText(body, perFileMax);
    out.push(fence(shown, 'diff'));
    used += shown.length;
    if (rest > 0) {
      out.push('', onPage > 1
        ? `(truncated: ${num(rest)} more characters of this file's diff; read it alone with file_page=${num(i + 1)} files_per_page=1)`
        : `(truncated: ${num(rest)} more characters of this file's diff; it exceeds what one answer shows, so read the file itself at both refs to see the rest)`);
    }
  }
  out.push('');
  out.push(lastIdx + 1 < total ? `Next: file_page=${num(page + 1)} (files ${num(lastIdx + 2)}–${num(Math.min(total, lastIdx + 1 + perPage))}).` : 'Last file page.');
  if (pagination) out.push('', paginationLine(pagination));
  return withNextSteps(input, { markdown: out.join('\n'), structured: { ...structured, start_file: firstIdx + 1, end_file: lastIdx + 1 } });
};

// ---------------------------------------------------------------- file_content

const DEFAULT_FILE_LINES = 400;
const FILE_MAX_CHARS = 100_000;

function isBinary(buf: Buffer): boolean {
  const n = Math.min(buf.length, 8000);
  for (let i = 0; i < n; i++) if (buf[i] === 0) return true;
  return false;
}

const fileContent: Renderer = (input) => {
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

// ---------------------------------------------------------------- registry

export const renderers: Record<string, Renderer> = {
  generic,
  job_trace: jobTrace,
  diff,
  file_content: fileContent,
  text,
};

export const RENDERER_NAMES: readonly string[] = Object.keys(renderers);

/** The local params (`in: 'local'`) each renderer reads; they are consumed here and never sent. */
export const RENDERER_LOCAL_PARAMS: Readonly<Record<string, readonly string[]>> = {
  generic: [],
  job_trace: ['tail_lines', 'offset'],
  diff: ['file_page', 'files_per_page'],
  file_content: ['start_line', 'end_line'],
  text: ['start_line', 'end_line'],
};

/** The renderer of an action (`generic` when none is named or the name is unknown). */
export function renderFor(name?: string): Renderer {
  const r = typeof name === 'string' && Object.prototype.hasOwnProperty.call(renderers, name) ? renderers[name] : undefined;
  return r ?? generic;
}

// File diffs, one heading and fence per file, paged by file.
import type { Pagination, Renderer } from './types.js';
import { cell, code, fence, heading, inline, stripControl, toText } from './contain.js';
import { paginationLine } from './pagination.js';
import { isRecord, isScalar, posInt, num, paramsOf, withNextSteps, cutText, Rec } from './shared.js';
import { generic, namedFields } from './generic.js';

// ---------------------------------------------------------------- diff

const DEFAULT_FILES_PER_PAGE = 20;
const MAX_FILES_PER_PAGE = 100;
const DIFF_PAGE_MAX_CHARS = 100_000;
const DIFF_FILE_MIN_CHARS = 20_000;

/** Runs of line numbers (`8, 12–14`), at most this many runs before the rest is counted. */
const MAX_RUNS = 12;
const runs = (ns: number[]): string => {
  const out: string[] = [];
  for (let i = 0; i < ns.length;) {
    let j = i;
    while (j + 1 < ns.length && ns[j + 1] === ns[j]! + 1) j++;
    out.push(i === j ? String(ns[i]) : `${ns[i]}–${ns[j]}`);
    i = j + 1;
  }
  return out.length > MAX_RUNS ? `${out.slice(0, MAX_RUNS).join(', ')} (+${out.length - MAX_RUNS} more runs)` : out.join(', ');
};

/**
 * The numbers of a file diff's changed lines, counted from its hunk headers: what a line comment names (an added
 * line by its new number, a removed one by its old). Trial assistants counted them from the hunk header themselves.
 */
function changedLines(body: string): string {
  const added: number[] = []; const removed: number[] = [];
  let oldNo = 0; let newNo = 0; let inHunk = false;
  for (const l of body.split('\n')) {
    const h = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(l);
    if (h) { oldNo = Number(h[1]); newNo = Number(h[2]); inHunk = true; continue; }
    if (!inHunk || l.startsWith('\\')) continue;
    if (l.startsWith('+')) added.push(newNo++);
    else if (l.startsWith('-')) removed.push(oldNo++);
    else { oldNo++; newNo++; }
  }
  const said = [added.length ? `added (new_line) ${runs(added)}` : '', removed.length ? `removed (old_line) ${runs(removed)}` : ''].filter(Boolean);
  return said.length ? `Changed lines: ${said.join('; ')}.` : '';
}

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

/** A comparison lists at most this many of its commits unless they are asked for (`fields: ["commits"]`). */
const MAX_COMMITS = 30;

/** The commits a comparison holds, oldest first as GitLab sends them: short sha, title, author, date; capped with a note. */
function commitTable(commits: unknown[], whole: boolean, params: Rec): { lines: string[]; value: unknown[] } {
  const shown = whole ? commits : commits.slice(0, MAX_COMMITS);
  const lines = ['', `### Commits (${num(commits.length)})`, '', '| sha | title | author | date |', '|---|---|---|---|'];
  const value: unknown[] = [];
  for (const c of shown) {
    const r = isRecord(c) ? c : {};
    const sha = isScalar(r.short_id) ? toText(r.short_id) : toText(r.id ?? '').slice(0, 8);
    const when = toText(r.authored_date ?? r.created_at ?? '');
    lines.push(`| ${cell(sha, 40)} | ${cell(r.title ?? '', 100)} | ${cell(r.author_name ?? '', 60)} | ${cell(when.slice(0, 16).replace('T', ' '), 20)} |`);
    value.push(whole ? c : { id: r.id ?? null, title: r.title ?? null, author_name: r.author_name ?? null, authored_date: r.authored_date ?? r.created_at ?? null });
  }
  if (shown.length < commits.length) {
    const range = isScalar(params.from) && isScalar(params.to) ? `, or repository.commit_list with ref_name=${code(`${toText(params.from)}..${toText(params.to)}`, 300)}` : '';
    lines.push('', `(${num(commits.length - shown.length)} more commits not shown; read them all with fields: ["commits"]${range})`);
  }
  return { lines, value };
}

export const diff: Renderer = (input) => {
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
  // Fields asked for (`fields`) beside the files: the commits whole, any other field of the answer as the generic renderer shows it.
  const named = input.show === 'all' ? Object.keys(context).filter((k) => k !== 'diffs' && k !== 'changes') : Array.isArray(input.show) ? [...input.show] : [];
  if (Array.isArray(context.commits)) {
    const commits = commitTable(context.commits, named.includes('commits'), params);
    out.push(...commits.lines);
    structured.commits = commits.value;
    structured.total_commits = context.commits.length;
  }
  const others = named.filter((k) => k !== 'commits' && k !== 'diffs' && k !== 'changes');
  if (others.length) out.push(...namedFields(context, new Set(others), structured));
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
    const numbers = changedLines(body);
    if (numbers) out.push(numbers, '');
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


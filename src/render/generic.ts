// The generic renderer: objects as key fields, arrays as compact tables with their pagination line.
import type { Pagination, RenderInput, Rendered, Renderer } from './types.js';
import { cell, code, heading, inline, linkCell, quote, stripControl, toText } from './contain.js';
import { paginationLine } from './pagination.js';
import { compactValue } from './compact.js';
import { isRecord, isScalar, present, num, actionOf, thingsOf, summary, withNextSteps, cutText, Rec } from './shared.js';
import { text } from './textual.js';

// ---------------------------------------------------------------- generic

const IDENTIFIER_KEYS = [
  'id', 'iid', 'project_id', 'projectId', 'group_id', 'name', 'title', 'path_with_namespace', 'full_path', 'fullPath', 'username', 'tag_name',
  'state', 'ref', 'sha', 'short_id', 'status', 'web_url', 'webUrl', 'author', 'created_at', 'createdAt', 'updated_at', 'updatedAt',
];
/**
 * The fields structuredContent keeps of a large object: what identifies it, its state, its people,
 * labels, milestone and branches. The other listed fields are in the Markdown, and the whole object
 * is read from its resource (resources/read of the embedded block's URI).
 */
const KEY_FIELDS: ReadonlySet<string> = new Set([...IDENTIFIER_KEYS, 'path', 'slug', 'key',
  'assignees', 'reviewers', 'labels', 'milestone', 'source_branch', 'target_branch', 'default_branch', 'visibility', 'archived', 'draft',
  'merge_status', 'detailed_merge_status', 'environment', 'pipeline_id', 'job_id', 'stage']);
/** An object listing at most this many fields is carried whole in structuredContent. */
const SMALL_OBJECT_FIELDS = 8;
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

/**
 * An object: its fields as a list (identifiers first, at most 20), long texts as quotes. structuredContent
 * carries the listed fields in compact form (src/render/compact.ts) — all of a small object's, the key
 * fields of a larger one — and a long text only when the Markdown cut it (issue #13 §2: ≤ 1.5× the Markdown).
 */
function renderObject(input: RenderInput, obj: Rec): Rendered {
  const keys = Object.keys(obj);
  const ordered = [...IDENTIFIER_KEYS.filter((k) => k in obj), ...keys.filter((k) => !IDENTIFIER_KEYS.includes(k))];
  const titleKey = TITLE_KEYS.find((k) => isScalar(obj[k]) && obj[k] !== '');
  const title = titleKey ? heading(obj[titleKey], 200) : `Result of ${heading(actionOf(input).id, 120)}`;

  const lines: string[] = [`## ${title}`, ''];
  const structured: Rec = {};
  const longTexts: Array<[string, string]> = [];
  const hidden: string[] = [];
  const listed: string[] = [];
  let shownFields = 0;

  for (const key of ordered) {
    const v = obj[key];
    if (!present(v)) continue;
    if (isLongText(key, v)) {
      longTexts.push([key, v]);
      continue;
    }
    if (shownFields >= MAX_FIELDS) {
      hidden.push(key);
      continue;
    }
    shownFields++;
    lines.push(`- **${inline(key, 60)}**: ${fieldValue(v)}`);
    listed.push(key);
  }
  const small = listed.length <= SMALL_OBJECT_FIELDS;
  for (const key of listed) if (small || KEY_FIELDS.has(key)) structured[key] = compactValue(obj[key]);
  if (shownFields === 0 && longTexts.length === 0) lines.push('(no fields)');
  if (hidden.length) {
    lines.push('', `Other fields (not shown): ${inline(hidden.slice(0, 40).join(', '), 1000)}${hidden.length > 40 ? ` and ${num(hidden.length - 40)} more` : ''}`);
  }
  for (const [key, text] of longTexts) {
    const { shown, rest } = cutText(stripControl(text), MAX_LONG_TEXT);
    lines.push('', `### ${heading(key, 60)}`, '', quote(shown));
    // A long text is in the Markdown only, unless the Markdown had to cut it: then the whole text is here.
    if (rest > 0) {
      structured[key] = text;
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

type ChosenColumn = Readonly<Column & { key: string }>;

/** Groups whose header names the key found (`name`, `full_path`, …) rather than the group. */
const KEY_HEADERS: ReadonlySet<string> = new Set(['title', 'path', 'state', 'ref', 'created_at']);
/** The column each group makes of each of its keys: built once, shared by every list rendered. */
const GROUP_COLUMNS: ReadonlyArray<ReadonlyArray<ChosenColumn>> = COLUMN_GROUPS.map((g) => g.keys.map((key) => ({ ...g, header: KEY_HEADERS.has(g.header) ? key : g.header, key })));

/** Whether any item of the sample has a value at `key` (plain loop: called for every candidate key). */
function anyPresent(sample: readonly Rec[], key: string): boolean {
  for (let i = 0; i < sample.length; i++) if (present(sample[i][key])) return true;
  return false;
}

function chooseColumns(items: Rec[]): ChosenColumn[] {
  const sample = items.length > 50 ? items.slice(0, 50) : items;
  const chosen: ChosenColumn[] = [];
  const used = new Set<string>();
  for (const columns of GROUP_COLUMNS) {
    if (chosen.length >= MAX_COLUMNS) break;
    const column = columns.find((c) => !used.has(c.key) && anyPresent(sample, c.key));
    if (!column) continue;
    chosen.push(column);
    used.add(column.key);
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

function tableCell(col: ChosenColumn, v: unknown): string {
  if (!present(v)) return '';
  if (col.kind === 'link') return linkCell('open', v, 300);
  if (col.kind === 'person') return cell(isRecord(v) ? summary(v) : summary(v), 60);
  if (isScalar(v)) return cell(v, 100);
  return cell(summary(v) || toText(v), 100);
}

/** The ids a list item keeps in structuredContent beside the table's columns. */
const ITEM_IDS = ['id', 'iid', 'project_id', 'group_id'];

/** The keys a list item keeps in structuredContent: its ids and the table's columns (chosen once per list). */
function itemKeys(columns: ReadonlyArray<{ key: string }>): string[] {
  return [...new Set([...ITEM_IDS, ...columns.map((c) => c.key)])];
}

function trimItem(item: Rec, keys: readonly string[]): Rec {
  const out: Rec = {};
  for (const k of keys) {
    const v = item[k];
    if (v !== undefined) out[k] = compactValue(v);
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
    structured.items = shown.map(compactValue);
  } else {
    const columns = chooseColumns(records);
    const keys = itemKeys(columns);
    lines.push(`| ${columns.map((c) => cell(c.header, 40)).join(' | ')} |`);
    lines.push(`|${columns.map(() => '---').join('|')}|`);
    const items: unknown[] = [];
    for (const v of shown) {
      if (isRecord(v)) {
        lines.push(`| ${columns.map((c) => tableCell(c, v[c.key])).join(' | ')} |`);
        items.push(trimItem(v, keys));
      } else {
        lines.push(`| ${[cell(summary(v) || toText(v), 100), ...columns.slice(1).map(() => '')].join(' | ')} |`);
        items.push(compactValue(v));
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

export const generic: Renderer = (input) => {
  const data = input?.data;
  let r: Rendered;
  if (data === null || data === undefined || (typeof data === 'string' && data.trim() === '')) r = renderEmpty(input);
  else if (typeof data === 'string') return text(input);
  else if (Array.isArray(data)) r = renderList(input, data);
  else if (isRecord(data)) r = renderObject(input, data);
  else r = { markdown: `Result: ${code(toText(data), 200)}`, structured: { value: isScalar(data) ? (typeof data === 'bigint' ? data.toString() : data) : toText(data) } };
  return withNextSteps(input, r);
};

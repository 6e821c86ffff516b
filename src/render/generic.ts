// The generic renderer: objects as key fields, arrays as compact tables with their pagination line.
import type { Pagination, RenderInput, Rendered, Renderer } from './types.js';
import { cell, code, fence, heading, inline, linkCell, quote, stripControl, toText } from './contain.js';
import { formatValue, projectOf, type Format, type Formatted } from './format.js';
import { kindOf, memberScope, ORDER_FIELDS, type Kind, type KindField } from './kinds.js';
import { notesOf, renderThreads } from './threads.js';
import { paginationLine } from './pagination.js';
import { compactValue } from './compact.js';
import { isRecord, isScalar, present, num, actionOf, paramsOf, thingsOf, summary, withNextSteps, cutText, Rec } from './shared.js';
import { text } from './textual.js';
import { renderBlame } from './blame.js';
import { renderBlobs } from './blobs.js';
import { renderTestReport } from './test-report.js';
import { filtersSent, ofWhat } from './filters.js';

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
/** Beside a kind's decision fields, at least this many others (its ids and dates) are listed. */
const MIN_OTHER_FIELDS = 4;
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
    // A pipeline or a commit nested in an object of no known kind, by identity and state (a commit's last_pipeline).
    if (kindOf(v)?.name === 'pipeline') return inline(formatValue('pipeline', v, v).text, 200);
    // A field of one object: the commit by its whole SHA, as a kind's commit field says it.
    if ('short_id' in v && 'title' in v) return inline(formatValue('commit', v, v, true).text, 300);
    const s = summary(v);
    if (s) return inline(s, 200);
    const json = toText(v);
    if (json.length <= 160) return code(json);
    const keys = Object.keys(v);
    return `(object with ${num(keys.length)} fields: ${inline(keys.slice(0, 8).join(', '), 200)}${keys.length > 8 ? ', …' : ''})`;
  }
  return inline(v, 300);
}

/** Formats whose empty value is said (`assignees: none`): an empty list there is an answer, not a gap. */
const SAID_WHEN_EMPTY: ReadonlySet<Format> = new Set<Format>(['people', 'labels', 'milestone', 'milestones', 'pipeline', 'artifacts', 'release', 'access_levels', 'unprotect_levels', 'event_target']);

/** A kind's decision field as shown (`card`: of one object, not a list's cell): its formatted reading, or undefined when the answer lacks it. */
function kindField(obj: Rec, kf: KindField, card = false): Formatted | undefined {
  // A dot path (`commit.committed_date`) reads inside a nested object.
  const dotted = kf.key.includes('.');
  const v = dotted ? at(obj, kf.key) : obj[kf.key];
  // One read: a value is there, or (rarely) the key says undefined.
  if (v === undefined && (dotted || !(kf.key in obj))) return undefined;
  if (!kf.format) return present(v) ? { text: isScalar(v) ? toText(v) : summary(v), value: compactValue(v) } : undefined;
  if (!present(v) && !SAID_WHEN_EMPTY.has(kf.format)) return undefined;
  return formatValue(kf.format, v, obj, card);
}

/**
 * An object: the decision fields of its kind first (src/render/kinds.ts), read by their format, then
 * identifiers and the rest up to 20 fields, long texts as quotes; the others listed by name.
 * structuredContent carries the decision fields and the listed fields in compact form (src/render/compact.ts) —
 * all of a small object's, the key fields of a larger one — and a long text only when the Markdown cut it
 * (issue #13 §2: ≤ 1.5× the Markdown). Fields asked for by name (`fields`) are shown whole in both.
 */
function renderObject(input: RenderInput, obj: Rec): Rendered {
  const kind = kindOf(obj);
  if (kind?.threads && notesOf(obj)) return renderThreads(input, obj);
  // Fields asked for by name are shown whole by the generic form below.
  if (kind?.testReport && input.show === undefined) return renderTestReport(input, obj);
  const keys = Object.keys(obj);
  const ordered = [...IDENTIFIER_KEYS.filter((k) => k in obj), ...keys.filter((k) => !IDENTIFIER_KEYS.includes(k))];
  const titleKey = [...(kind?.title ? [kind.title] : []), ...TITLE_KEYS].find((k) => isScalar(obj[k]) && obj[k] !== '');
  const title = titleKey ? heading(obj[titleKey], 200) : `Result of ${heading(actionOf(input).id, 120)}`;
  const all = input.show === 'all';
  const named = new Set(Array.isArray(input.show) ? input.show : []);

  const lines: string[] = [`## ${title}`, ''];
  const structured: Rec = {};
  scopeLine(input, kind, lines, structured);
  const longTexts: Array<[string, string]> = [];
  const hidden: string[] = [];
  const listed: string[] = [];
  const done = new Set<string>();
  for (const k of kind?.hides ?? []) if (!all && k in obj) { done.add(k); hidden.push(k); }
  let shownFields = 0;

  for (const kf of kind?.fields ?? []) {
    if (named.has(kf.key) || isLongText(kf.key, obj[kf.key])) continue;
    const r = kindField(obj, kf, true);
    if (!r) continue;
    done.add(kf.key);
    shownFields++;
    lines.push(`- **${inline(kf.key, 60)}**: ${inline(r.text, 600)}`);
    structured[kf.key] = r.value;
  }
  const kindShown = shownFields;
  // A write's answer says what it was asked to set (issue.update with discussion_locked, a hook's events),
  // beyond the field cap: the assistant reads the change back from this answer, not with a second call. The
  // catalog's `writes`, not the method: a search sent as POST only reads, and its params are filters.
  for (const key of input.action?.writes === true ? Object.keys(paramsOf(input)) : []) {
    if (done.has(key) || named.has(key) || IDENTIFIER_KEYS.includes(key) || !(key in obj) || isLongText(key, obj[key])) continue;
    done.add(key);
    shownFields++;
    lines.push(`- **${inline(key, 60)}**: ${present(obj[key]) ? fieldValue(obj[key]) : 'none'}`);
    structured[key] = compactValue(obj[key]);
  }
  for (const key of ordered) {
    const v = obj[key];
    if (done.has(key) || named.has(key) || !present(v)) continue;
    if (isLongText(key, v)) {
      longTexts.push([key, v]);
      continue;
    }
    if (!all && shownFields >= Math.max(MAX_FIELDS, kindShown + MIN_OTHER_FIELDS)) {
      hidden.push(key);
      continue;
    }
    shownFields++;
    lines.push(`- **${inline(key, 60)}**: ${all && !isScalar(v) ? code(toText(v)) : fieldValue(v)}`);
    listed.push(key);
  }
  // An object of a known kind keeps its decision fields and ids (issue #13 §2: all blocks ≤ 1.5× the Markdown).
  const small = listed.length <= SMALL_OBJECT_FIELDS;
  const keep = (key: string): boolean => all || (kind ? ITEM_IDS.includes(key) : small || KEY_FIELDS.has(key));
  for (const key of listed) if (keep(key)) structured[key] = all ? obj[key] : compactValue(obj[key]);
  if (shownFields === 0 && longTexts.length === 0 && named.size === 0) lines.push('(no fields)');
  if (hidden.length) {
    lines.push('', `Other fields (not shown): ${inline(hidden.slice(0, 40).join(', '), 1000)}${hidden.length > 40 ? ` and ${num(hidden.length - 40)} more` : ''}`);
  }
  for (const [key, text] of longTexts) {
    const { shown, rest } = all ? { shown: stripControl(text), rest: 0 } : cutText(stripControl(text), MAX_LONG_TEXT);
    lines.push('', `### ${heading(key, 60)}`, '', ...quoted(shown));
    // A long text is in the Markdown only, unless the Markdown had to cut it: then the whole text is here.
    if (rest > 0) {
      structured[key] = text;
      lines.push('', `(truncated: ${num(rest)} more characters; read the full text in structuredContent.${inline(key, 60)} of this result)`);
    }
  }
  lines.push(...namedFields(obj, named, structured));
  return { markdown: lines.join('\n'), structured };
}

/**
 * A platform text as quote lines (SPEC: multi-line bodies become quote lines), and, when the quote had to escape
 * something, a line saying which characters are the quote's: an assistant that edits the text (a wiki page, a
 * description) must not copy `\#` or `\[` back into it.
 */
function quoted(text: string): string[] {
  const q = quote(text);
  return /\\|&lt;/.test(q) ? [q, '', QUOTE_NOTE] : [q];
}
const QUOTE_NOTE = '(Quoted: a backslash before #, a bracket or a backslash is the quote\'s escape, not in the text; a less-than sign shows as &lt;.)';

/** The fields asked for by name, each whole: in the Markdown (a text as a quote, a number or flag on one line, anything else as JSON) and in structuredContent. */
export function namedFields(obj: Rec, named: ReadonlySet<string>, structured: Rec): string[] {
  const lines: string[] = [];
  const unknown: string[] = [];
  for (const key of named) {
    if (!(key in obj)) { unknown.push(key); continue; }
    const v = obj[key];
    structured[key] = v;
    // A number, a boolean or null is one line, as the object's own fields are.
    if (v === null || typeof v === 'number' || typeof v === 'boolean') lines.push('', `- **${heading(key, 60)}**: ${v}`);
    else lines.push('', `### ${heading(key, 60)}`, '', ...(typeof v === 'string' ? (v === '' ? ['(empty)'] : quoted(v)) : [fence(JSON.stringify(v, null, 2) ?? 'null', 'json')]));
  }
  if (unknown.length) {
    structured.unknown_fields = unknown;
    lines.push('', `Not in this answer: ${inline(unknown.join(', '), 400)}. Its fields: ${inline(Object.keys(obj).join(', '), 3000)}.`);
  }
  return lines;
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

/** Whether any item of the sample has a value at `key` that says something: `false` says nothing in a column shown when present. */
function anySaying(sample: readonly Rec[], key: string, nonzero = false): boolean {
  for (let i = 0; i < sample.length; i++) if (present(sample[i][key]) && sample[i][key] !== false && !(nonzero && sample[i][key] === 0)) return true;
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

/**
 * A column of a list: its header, and a reader giving an item's Markdown cell and setting the value its
 * structured item keeps there (`out[key]`, when there is one): read in one go (a kind's format runs once per
 * cell), and nothing allocated per cell for the pair.
 */
interface ListColumn {
  header: string;
  key: string;
  read: (item: Rec, out: Rec | undefined) => string;
}

/** The columns the generic table chooses from the items' keys (lists of no known kind). */
function genericColumns(records: Rec[]): ListColumn[] {
  return chooseColumns(records).map((c) => ({ header: c.header, key: c.key, read: (it, out) => {
    if (out) out[c.key] = compactValue(it[c.key]);
    return tableCell(c, it[c.key]);
  } }));
}

/** A kind's columns (those marked `whenPresent` only when an item has a value), and the project when the list spans projects. */
function kindColumns(input: RenderInput, kind: Kind, records: Rec[]): ListColumn[] {
  const sample = records.length > 50 ? records.slice(0, 50) : records;
  const cols: ListColumn[] = kind.columns
    .filter((c) => !c.whenPresent || anySaying(sample, c.key, c.whenPresent === 'nonzero'))
    .map((c) => {
      const field: KindField = { key: c.key, format: c.format };
      const max = c.max ?? 100;
      return { header: c.header, key: c.key, read: (it, out) => {
        const r = kindField(it, field);
        if (out) out[c.key] = r?.value ?? null;
        return cell(r?.text ?? '', max);
      } };
    });
  // Read without a project (a group's, the instance's): each item's project, as a path when GitLab gives one.
  // Read in one project, items of another (an issue's links) name theirs too.
  const unscoped = !('project_id' in actionOf(input).params) || !('project_id' in paramsOf(input));
  const here = toText(paramsOf(input).project_id);
  if (kind.crossProject && ((unscoped && (spansProjects(sample) || !('project_id' in actionOf(input).params))) || (!unscoped && sample.some((it) => elsewhere(it, here))))) {
    cols.unshift({ header: 'project', key: 'project', read: (it, out) => {
      const project = projectOf(it);
      if (out) out.project = project || null;
      return cell(project, 100);
    } });
  }
  return cols;
}

/** Whether an item belongs to another project than the one the call named (by id, or by path when it was named by path). */
function elsewhere(item: Rec, here: string): boolean {
  if (/^\d+$/.test(here)) return item.project_id !== undefined && item.project_id !== null && toText(item.project_id) !== here;
  const path = projectOf(item);
  return path.includes('/') && path !== here;
}

/** Whether a list read without a project names its items' projects: by path, or by differing ids. */
function spansProjects(items: Rec[]): boolean {
  return items.some((it) => projectOf(it).includes('/')) || new Set(items.map((it) => it.project_id)).size > 1;
}

/** The value at a dot path (`milestone.due_date`). */
function at(item: Rec, path: string): unknown {
  let v: unknown = item;
  // Own fields only: a free-text sort (`__proto__`) names no inherited property.
  for (const k of path.split('.')) v = isRecord(v) && Object.hasOwn(v, k) ? v[k] : undefined;
  return v;
}

/**
 * The field a list was asked to be ordered by (`order_by`, or `sort` such as `updated_desc`), as a column when the list
 * has none for it and its items carry it: a list read by popularity shows the thumbs-up it is ordered by.
 */
function orderColumns(input: RenderInput, columns: ListColumn[], records: Rec[]): ListColumn[] {
  const params = paramsOf(input);
  if (typeof params.order_by !== 'string' && typeof params.sort !== 'string') return [];
  const sample = records.length > 50 ? records.slice(0, 50) : records;
  const have = new Set(columns.map((c) => c.key));
  const out: ListColumn[] = [];
  for (const p of ['order_by', 'sort']) {
    if (typeof params[p] !== 'string') continue;
    const order = params[p].replace(/_(asc|desc)$/, '');
    const keys = Object.hasOwn(ORDER_FIELDS, order) ? ORDER_FIELDS[order]! : [order];
    const key = keys.find((k) => sample.some((it) => present(at(it, k))));
    if (!key || keys.some((k) => have.has(k))) continue;
    have.add(key);
    // A time reads as its day and minute, as the kinds' date columns do.
    const time = /_(at|date)$/.test(key);
    out.push({ header: key, key, read: (it, item) => {
      const v = at(it, key);
      const r = !present(v) ? undefined : time ? formatValue('date', v, it) : { text: isScalar(v) ? toText(v) : summary(v), value: compactValue(v) };
      if (item) item[key] = r?.value ?? null;
      return cell(r?.text ?? '', SHORT_CELL);
    } });
  }
  return out;
}

/** A value short enough for a table cell: a scalar of one short line, or nothing. */
const SHORT_CELL = 80;
const isShort = (v: unknown): boolean => v === null || v === undefined || (isScalar(v) && toText(v).length <= SHORT_CELL && !/[\r\n]/.test(toText(v)));
/** A cell shows this value whole: a short one, or a list of short scalars (labels). */
const shownWhole = (v: unknown): boolean => isShort(v) || (Array.isArray(v) && v.every((x) => isScalar(x) && isShort(x)));

/**
 * The fields asked for (`fields`) beside the list's columns: those short in every item as more columns (kept raw in the
 * structured item), the others shown per item under the table (`blocks`). `["all"]` shows every other field per item.
 */
function namedColumns(input: RenderInput, columns: ListColumn[], records: Rec[]): { columns: ListColumn[]; blocks: string[] } {
  // No fields asked for (most calls): nothing to weigh.
  if (input.show !== 'all' && !Array.isArray(input.show)) return { columns: [], blocks: [] };
  // A column shows its field whole only when the field is a short value (or a list of them) in every item: a nested
  // object (a branch's `commit`, an issue's `milestone`) is summarised in its cell, so asking for it shows it whole.
  const have = new Set(columns.filter((c) => records.every((r) => shownWhole(r[c.key]))).map((c) => c.key));
  if (input.show === 'all') {
    const keys = new Set<string>();
    for (const r of records) for (const k of Object.keys(r)) if (!have.has(k)) keys.add(k);
    return { columns: [], blocks: [...keys] };
  }
  const asked = input.show.filter((k) => !have.has(k) && records.some((r) => k in r));
  const short = asked.filter((k) => records.every((r) => isShort(r[k])));
  return {
    columns: short.map((k) => ({ header: k, key: k, read: (it, out) => {
      if (out) out[k] = it[k] ?? null;
      return cell(it[k], SHORT_CELL);
    } })),
    blocks: asked.filter((k) => !short.includes(k)),
  };
}

/** The characters the per-item fields may take in one answer, and one value of them. */
const ITEM_FIELDS_MAX_CHARS = 40_000;
const ITEM_FIELD_MAX_CHARS = 8_000;

/** One field of an item, whole up to a bound: a text as a quote, a nested value as JSON, a scalar inline. */
function itemField(key: string, v: unknown): string[] {
  const name = `- **${inline(key, 60)}**:`;
  if (!present(v)) return [`${name} ${v === '' ? '(empty)' : 'none'}`];
  const raw = typeof v === 'string' ? stripControl(v) : toText(v);
  const { shown, rest } = cutText(raw, ITEM_FIELD_MAX_CHARS);
  const cut = rest > 0 ? [`  (cut: ${num(rest)} more characters; read the item with its get action)`] : [];
  if (typeof v === 'string' && (isLongText(key, v) || rest > 0)) return [name, '', quote(shown), '', ...cut];
  return [`${name} ${typeof v === 'string' || isScalar(v) ? inline(shown) : code(shown)}`, ...cut];
}

/** The fields of each item the table has no column for, under a heading per item, within ITEM_FIELDS_MAX_CHARS. */
function itemBlocks(input: RenderInput, records: Rec[], keys: readonly string[]): string[] {
  const out: string[] = ['', input.show === 'all' ? '### Every field of each item' : `### ${heading(keys.join(', '), 200)} of each item`];
  let used = 0;
  for (let i = 0; i < records.length; i++) {
    const it = records[i]!;
    // The item by its name and number, as its row reads (`Fix login (#12)`).
    const name = toText(it.title ?? it.name ?? it.username ?? '');
    const ref = isScalar(it.iid) ? `#${toText(it.iid)}` : isScalar(it.id) ? `id ${toText(it.id)}` : '';
    const label = name && ref ? `${name} (${ref})` : name || ref || `item ${num(i + 1)}`;
    const block = ['', `#### ${heading(label, 200)}`, ''];
    for (const k of keys) if (k in it) block.push(...itemField(k, it[k]));
    const size = block.reduce((n, l) => n + l.length + 1, 0);
    if (i > 0 && used + size > ITEM_FIELDS_MAX_CHARS) {
      const perPage = Math.max(1, i);
      out.push('', `(the fields of the other ${num(records.length - i)} items are not shown to bound the answer; read them with per_page=${num(perPage)} and the next pages, fewer fields, or one item with its get action${input.show === 'all' ? '; structuredContent.items has every field' : ''})`);
      break;
    }
    out.push(...block);
    used += size;
  }
  // As under an object's quoted text: the quote's own escapes are not the item's text.
  if (out.some((l) => l.startsWith('>') && /\\|&lt;/.test(l))) out.push('', QUOTE_NOTE);
  return out;
}

/** The ids a structured item starts with (its columns' values follow). */
function itemIds(item: Rec, scoped = false): Rec {
  const out: Rec = {};
  // A list read in one project: its project id is the call's, not repeated on every item.
  for (const k of ITEM_IDS) if (item[k] !== undefined && !(scoped && k === 'project_id')) out[k] = compactValue(item[k]);
  return out;
}

/** The kind's line on what the route counts (a member list: direct, or inherited too), under the heading. */
function scopeLine(input: RenderInput, kind: Kind | undefined, lines: string[], structured: Rec): void {
  const scope = kind?.scope?.(actionOf(input).path);
  if (!scope) return;
  lines.push(scope, '');
  structured.scope = scope;
}

/** What GitLab's default hides when the list came back empty (the entry's emptyNote), unless a param lifted it. */
function emptyNote(input: RenderInput): string {
  const note = input.action?.emptyNote;
  return note && !note.unless.some((k) => input.params[k] !== undefined) ? note.text : '';
}

function renderList(input: RenderInput, list: unknown[]): Rendered {
  const things = thingsOf(input);
  const pagination: Pagination | undefined = isRecord(input.pagination) ? input.pagination : undefined;
  const pageLine = pagination ? paginationLine(pagination) : '';
  const structured: Rec = {};

  if (list.length === 0) {
    const scope = memberScope(actionOf(input).path);
    const md = [`No ${inline(things)} found${ofWhat(input)}.`, scope, emptyNote(input), pageLine].filter(Boolean).join('\n\n');
    if (scope) structured.scope = scope;
    structured.items = [];
    if (pagination) structured.pagination = pagination;
    return { markdown: md, structured };
  }

  const shown = list.slice(0, MAX_ROWS);
  const omitted = list.length - shown.length;
  const records = shown.filter(isRecord);
  const kind = records.length ? kindOf(records[0]) : undefined;
  if (kind?.threads) return renderThreads(input, list);
  if (kind?.blame) return renderBlame(input, list);
  if (kind?.blobs) return renderBlobs(input, list);
  const lines: string[] = [`## ${heading(things.charAt(0).toUpperCase() + things.slice(1))} (${num(list.length)})`, ''];
  const filters = filtersSent(input);
  if (filters) lines.push(`Read with ${filters}.`, '');

  if (records.length === 0) {
    for (const v of shown) lines.push(`- ${fieldValue(v) || '(empty)'}`);
    structured.items = shown.map(compactValue);
  } else {
    scopeLine(input, kind, lines, structured);
    const chosen = kind ? kindColumns(input, kind, records) : genericColumns(records);
    const base = [...chosen, ...orderColumns(input, chosen, records)];
    const named = namedColumns(input, base, records);
    // A long text asked for whole and quoted under the table (a wiki page's content) is not squeezed into a cell too;
    // any other column stays (a nested milestone asked whole keeps its summary cell).
    const columns = [...base.filter((c) => !named.blocks.includes(c.key) || !records.some((r) => isLongText(c.key, r[c.key]))), ...named.columns];
    lines.push(`| ${columns.map((c) => cell(c.header, 40)).join(' | ')} |`);
    lines.push(`|${columns.map(() => '---').join('|')}|`);
    const items: unknown[] = [];
    const all = input.show === 'all';
    const scoped = kind !== undefined && 'project_id' in paramsOf(input);
    const cells: string[] = [];
    for (const v of shown) {
      if (isRecord(v)) {
        // With every field asked for the item is carried whole; else its ids, then each column's value.
        const item = all ? v : itemIds(v, scoped);
        const out = all ? undefined : item;
        cells.length = 0;
        for (const c of columns) cells.push(c.read(v, out));
        lines.push(`| ${cells.join(' | ')} |`);
        // The fields asked for by name are whole here too.
        if (!all) for (const k of named.blocks) if (k in v) item[k] = v[k];
        items.push(item);
      } else {
        lines.push(`| ${[cell(summary(v) || toText(v), 100), ...columns.slice(1).map(() => '')].join(' | ')} |`);
        items.push(compactValue(v));
      }
    }
    structured.items = items;
    if (named.blocks.length) lines.push(...itemBlocks(input, records, named.blocks));
    const unknown = Array.isArray(input.show) ? input.show.filter((k) => !records.some((r) => k in r)) : [];
    if (unknown.length) {
      structured.unknown_fields = unknown;
      lines.push('', `Not in these items: ${inline(unknown.join(', '), 400)}. Their fields: ${inline(Object.keys(records[0]).join(', '), 3000)}.`);
    }
  }
  if (omitted > 0) {
    lines.push('', `(${num(omitted)} more items not shown: the answer held ${num(list.length)}; narrow the request or page through it to see them)`);
    structured.omitted_items = omitted;
  }
  if (pageLine) lines.push('', pageLine);
  if (pagination) structured.pagination = pagination;
  return { markdown: lines.join('\n'), structured };
}

/** One line naming an object read before the call: a branch with its commit, a merge request by reference and title. */
function identityLine(v: unknown): string {
  if (!isRecord(v)) return summary(v);
  const kind = kindOf(v);
  // The whole SHA: it is what restores a deleted branch.
  if (kind?.name === 'branch') return `${toText(v.name)} at commit ${isRecord(v.commit) ? toText(v.commit.id ?? '') : ''} ${isRecord(v.commit) ? toText(v.commit.title ?? '') : ''}`.trim();
  if (kind?.name === 'merge_request') return `!${toText(v.iid)} ${toText(v.title ?? '')}`;
  return summary(v);
}

/**
 * An answer without a body: `Deleted.`/`Done.`, with what the action read before it (`before`): what the
 * object was (a deleted branch and the commit to restore it from), and the declared warning when a read
 * found something (an open merge request using the branch).
 */
function renderEmpty(input: RenderInput): Rendered {
  const verb = actionOf(input).method === 'DELETE' ? 'Deleted.' : 'Done.';
  const before = isRecord(input.before) ? input.before : {};
  const lines: string[] = [verb];
  const structured: Rec = { ok: true };
  const warnings: string[] = [];
  for (const [label, read] of Object.entries(before)) {
    if (!isRecord(read)) continue;
    const body = read.answer;
    const found = Array.isArray(body) ? body.filter(isRecord) : isRecord(body) ? [body] : [];
    if (read.unavailable !== undefined) {
      lines.push(`- ${inline(label, 80)}: could not be read before the call`);
      continue;
    }
    lines.push(`- ${inline(label, 80)}: ${found.length ? inline(found.map(identityLine).join('; '), 1500) : 'none'}`);
    structured[label] = Array.isArray(body) ? found.map((x) => itemIds(x)).map((x, i) => ({ ...x, name: identityLine(found[i]) })) : found.length ? identityLine(found[0]) : null;
    if (found.length && typeof read.warn === 'string') warnings.push(read.warn);
  }
  if (lines.length > 1) lines.splice(1, 0, '', 'Before the call:');
  for (const w of warnings) lines.push('', `Warning: ${inline(w, 400)}`);
  if (warnings.length) structured.warnings = warnings;
  return { markdown: lines.join('\n'), structured };
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

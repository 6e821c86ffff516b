// Small helpers shared by the routes: platform-style replies, parameter reading, offset pagination.
import { createHash } from 'node:crypto';
import type { Ctx, Query, Reply } from './types.js';

export const sha1 = (s: string): string => createHash('sha1').update(s).digest('hex');

export const json = (status: number, body: unknown, headers?: Record<string, string>): Reply => ({ status, body, headers });
export const message = (status: number, msg: unknown): Reply => ({ status, body: { message: msg } });
export const notFound = (what?: string): Reply => message(404, what ? `404 ${what} Not Found` : '404 Not Found');
/** GitLab's `forbidden!(reason)`: `403 Forbidden`, then ` - ` and the reason when there is one. */
export const forbidden = (reason?: string): Reply => message(403, reason ? `403 Forbidden - ${reason}` : '403 Forbidden');
export const noContent = (): Reply => ({ status: 204 });
/** The platform's answer to missing required parameters: `{"error":"title is missing"}`. */
export const missing = (...names: string[]): Reply => json(400, { error: names.map((n) => `${n} is missing`).join(', ') });
export const notAllowed = (): Reply => message(405, '405 Method Not Allowed');

const REASONS: Record<number, string> = {
  200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No Content', 302: 'Found', 304: 'Not Modified', 400: 'Bad request', 401: 'Unauthorized', 403: 'Forbidden',
  404: 'Not Found', 405: 'Method Not Allowed', 406: 'Not Acceptable', 409: 'Conflict', 410: 'Gone', 412: 'Precondition Failed', 413: 'Payload Too Large',
  415: 'Unsupported Media Type', 422: 'Unprocessable Entity', 423: 'Locked', 429: 'Too Many Requests', 500: 'Internal Server Error', 501: 'Not Implemented',
  502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout',
};
export const statusLine = (status: number): string => `${status} ${REASONS[status] ?? 'Error'}`;

/** The first value of a parameter as a non-empty string. */
export function str(v: unknown): string | undefined {
  if (Array.isArray(v)) return str(v[0]);
  if (typeof v === 'string') return v === '' ? undefined : v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'boolean') return String(v);
  return undefined;
}

/** A string parameter that may be sent empty (descriptions). */
export function text(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  return str(v);
}

export function int(v: unknown): number | undefined {
  const s = str(v);
  if (s === undefined || !/^-?\d+$/.test(s.trim())) return undefined;
  return Number(s.trim());
}

export function bool(v: unknown): boolean | undefined {
  if (typeof v === 'boolean') return v;
  const s = str(v);
  if (s === undefined) return undefined;
  if (s === 'true' || s === '1' || s === 'yes') return true;
  if (s === 'false' || s === '0' || s === 'no') return false;
  return undefined;
}

/** A list parameter: an array, or a comma-separated string. */
export function list(v: unknown): string[] | undefined {
  if (v === undefined || v === null) return undefined;
  if (Array.isArray(v)) return v.flatMap((x) => list(x) ?? []);
  if (typeof v === 'number') return [String(v)];
  if (typeof v !== 'string') return undefined;
  return v.split(',').map((x) => x.trim()).filter((x) => x !== '');
}

export function intList(v: unknown): number[] | undefined {
  const l = list(v);
  if (!l) return undefined;
  return l.filter((x) => /^\d+$/.test(x)).map(Number);
}

/** Percent-decodes one path segment; a malformed escape is kept as written. */
export function decodeSeg(s: string): string {
  try { return decodeURIComponent(s); } catch { return s; }
}

/** Rebuilds the request URL with other page values, keeping every other parameter. */
function pageUrl(base: string, rawPath: string, query: Query, page: number, perPage: number): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (k === 'page' || k === 'per_page') continue;
    for (const x of Array.isArray(v) ? v : [v]) q.append(k, x);
  }
  q.set('page', String(page));
  q.set('per_page', String(perPage));
  return `${base}${rawPath}?${q.toString()}`;
}

export function pageParams(query: Query): { page: number; perPage: number } {
  let perPage = int(query.per_page) ?? 20;
  if (perPage < 1) perPage = 20;
  if (perPage > 100) perPage = 100;
  let page = int(query.page) ?? 1;
  if (page < 1) page = 1;
  return { page, perPage };
}

const MAX_COUNTED = 10_000;

/** Offset pagination exactly as the platform answers it: x-* headers and a Link header with full URLs. */
export function paginate(ctx: Pick<Ctx, 'state' | 'rawPath' | 'query'>, items: unknown[], status = 200): Reply {
  const { page, perPage } = pageParams(ctx.query);
  const total = items.length;
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  const slice = items.slice((page - 1) * perPage, page * perPage);
  const base = ctx.state.url;
  const links: string[] = [];
  if (page > 1) links.push(`<${pageUrl(base, ctx.rawPath, ctx.query, Math.min(page - 1, totalPages), perPage)}>; rel="prev"`);
  if (page < totalPages) links.push(`<${pageUrl(base, ctx.rawPath, ctx.query, page + 1, perPage)}>; rel="next"`);
  links.push(`<${pageUrl(base, ctx.rawPath, ctx.query, 1, perPage)}>; rel="first"`);
  // Past 10,000 rows GitLab does not count: no x-total, x-total-pages or rel="last".
  const counted = total <= MAX_COUNTED;
  if (counted) links.push(`<${pageUrl(base, ctx.rawPath, ctx.query, totalPages, perPage)}>; rel="last"`);
  const headers: Record<string, string> = {
    'x-page': String(page),
    'x-per-page': String(perPage),
    'x-next-page': page < totalPages ? String(page + 1) : '',
    'x-prev-page': page > 1 ? String(Math.min(page - 1, totalPages)) : '',
  };
  if (counted) Object.assign(headers, { 'x-total': String(total), 'x-total-pages': String(totalPages) });
  return { status, body: slice, headers: { ...headers, link: links.join(', ') } };
}

/** Orders records by a date or number field, the platform's `order_by`/`sort` parameters. */
export function sortBy<T>(items: T[], ctx: Ctx, fields: Record<string, (x: T) => string | number>, defaultField: string): T[] {
  const field = str(ctx.params.order_by) ?? defaultField;
  const get = Object.hasOwn(fields, field) ? fields[field] : fields[defaultField];
  const asc = str(ctx.params.sort) === 'asc';
  return [...items].sort((a, b) => {
    const x = get(a); const y = get(b);
    const c = x < y ? -1 : x > y ? 1 : 0;
    return asc ? c : -c;
  });
}

type LineOp = { t: ' ' | '-' | '+'; line: string; ai: number; bi: number };

/** Every line of two texts aligned (line LCS): kept (` `), removed (`-`) or added (`+`), with its 0-based indexes. */
function lineOps(before: string | undefined, after: string | undefined): LineOp[] {
  const a = before === undefined || before === '' ? [] : before.replace(/\n$/, '').split('\n');
  const b = after === undefined || after === '' ? [] : after.replace(/\n$/, '').split('\n');
  const n = a.length; const m = b.length;
  const lcs: Uint16Array[] = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const ops: LineOp[] = [];
  let i = 0; let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) { ops.push({ t: ' ', line: a[i], ai: i++, bi: j++ }); }
    // git lists a change's removed lines before its added ones.
    else if (i < n && (j >= m || lcs[i + 1][j] >= lcs[i][j + 1])) { ops.push({ t: '-', line: a[i], ai: i++, bi: j }); }
    else { ops.push({ t: '+', line: b[j], ai: i, bi: j++ }); }
  }
  return ops;
}

/**
 * Whether a diff position names a line of the change as GitLab finds it (Gitlab::Diff::File#line_for_position,
 * gitlabhq 4555e1b2): an added line by its new number alone, a removed one by its old number alone, an unchanged
 * one by both (also outside the hunks: GitLab unfolds the diff to it).
 */
export function diffHasLine(before: string | undefined, after: string | undefined, oldLine: number | null, newLine: number | null): boolean {
  return lineOps(before, after).some((o) => (o.t === '+' ? null : o.ai + 1) === oldLine && (o.t === '-' ? null : o.bi + 1) === newLine);
}

/** Unified diff of two texts (line LCS, hunks with three lines of context), the way the platform shows a file change. */
export function unifiedDiff(before: string | undefined, after: string | undefined): string {
  const ops = lineOps(before, after);
  const out: string[] = [];
  let k = 0;
  while (k < ops.length) {
    if (ops[k].t === ' ') { k++; continue; }
    let start = Math.max(0, k - 3);
    while (start < k && ops[start].t !== ' ') start++;
    let end = k;
    for (;;) {
      while (end < ops.length && ops[end].t !== ' ') end++;
      let next = end;
      while (next < ops.length && ops[next].t === ' ' && next - end < 7) next++;
      if (next < ops.length && ops[next].t !== ' ' && next - end < 7) { end = next; continue; }
      end = Math.min(ops.length, end + 3);
      break;
    }
    const hunk = ops.slice(start, end);
    const oldLines = hunk.filter((o) => o.t !== '+').length;
    const newLines = hunk.filter((o) => o.t !== '-').length;
    const oldStart = oldLines === 0 ? hunk[0].ai : hunk[0].ai + 1;
    const newStart = newLines === 0 ? hunk[0].bi : hunk[0].bi + 1;
    out.push(`@@ -${oldStart},${oldLines} +${newStart},${newLines} @@`);
    for (const o of hunk) out.push(`${o.t}${o.line}`);
    k = end;
  }
  return out.length ? `${out.join('\n')}\n` : '';
}

/** GitLab's time window filters (`created_after` … `updated_before`, ISO 8601, inclusive) on the dates of each item. */
export function inWindow<T>(ctx: Ctx, items: T[], dates: { created?: (x: T) => string; updated?: (x: T) => string }): T[] {
  let out = items;
  for (const [kind, get] of [['created', dates.created], ['updated', dates.updated]] as const) {
    if (!get) continue;
    const after = str(ctx.params[`${kind}_after`]); const before = str(ctx.params[`${kind}_before`]);
    if (after) out = out.filter((x) => get(x) >= after);
    if (before) out = out.filter((x) => get(x) <= before);
  }
  return out;
}

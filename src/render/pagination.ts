// Pagination objects and the one-line summary under a list.
// REST offset lists: page, per_page (≤ 100), next_page (0 on the last page), has_more, total_items,
// total_pages (0 when the platform sent no total). Keyset lists: has_more from a Link rel="next".
// GraphQL connections: has_next_page, end_cursor.
import type { Pagination } from './types.js';
import { inline, wholeNumber } from './contain.js';

const MAX_PER_PAGE = 100;
const DEFAULT_PER_PAGE = 20;

/** Headers with every name in lower case and every value a string: the platform client's own form, read as it is. */
function alreadyLower(headers: Record<string, unknown>): headers is Record<string, string> {
  for (const k in headers) if (typeof headers[k] !== 'string' || k !== k.toLowerCase()) return false;
  return true;
}

function lowerKeys(headers: unknown): Record<string, string> {
  if (headers && typeof headers === 'object' && Object.getPrototypeOf(headers) === Object.prototype && alreadyLower(headers as Record<string, unknown>)) return headers as Record<string, string>;
  const out: Record<string, string> = {};
  if (!headers || typeof headers !== 'object') return out;
  for (const [k, v] of Object.entries(headers as Record<string, unknown>)) {
    if (typeof v === 'string') out[k.toLowerCase()] = v;
    else if (Array.isArray(v)) out[k.toLowerCase()] = v.filter((x) => typeof x === 'string').join(', ');
    else if (typeof v === 'number') out[k.toLowerCase()] = String(v);
  }
  return out;
}

/** A non-negative integer from a header or parameter, or undefined. */
function count(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 ? value : undefined;
  if (typeof value !== 'string' || !/^\s*\d+\s*$/.test(value)) return undefined;
  const n = Number(value.trim());
  return Number.isSafeInteger(n) ? n : undefined;
}

/** Whether a Link header carries a `rel="next"` entry. */
export function hasNextLink(linkHeader: string | undefined): boolean {
  if (!linkHeader) return false;
  return linkHeader.split(/,(?=\s*<)/).some((part) => {
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i.exec(part);
    const values = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/);
    return values.includes('next');
  });
}

export interface HeaderPaginationOptions {
  /**
   * The platform sends no total for this list (search): infer lower bounds from the page instead of 0
   * (total_items = items before this page + items on it; total_pages = this page, or the next when more exist).
   */
  inferTotals?: boolean;
}

/** Pagination of a REST list from the platform's headers, the call's params and the number of items received. */
export function paginationFromHeaders(
  headers: Record<string, string>,
  params: Record<string, unknown>,
  itemCount: number,
  opts: HeaderPaginationOptions = {},
): Pagination {
  const h = lowerKeys(headers);
  const p = params && typeof params === 'object' ? params : {};
  const items = Number.isInteger(itemCount) && itemCount > 0 ? itemCount : 0;
  const perPage = Math.min(MAX_PER_PAGE, Math.max(1, count(h['x-per-page']) || count(p.per_page) || DEFAULT_PER_PAGE));

  if (p.pagination === 'keyset') {
    return { per_page: perPage, has_more: hasNextLink(h.link), total_items: 0, total_pages: 0 };
  }

  const page = Math.max(1, count(h['x-page']) || count(p.page) || 1);
  const totalItems = count(h['x-total']);
  const totalPages = count(h['x-total-pages']);

  let nextPage: number;
  const nextHeader = h['x-next-page'];
  if (nextHeader !== undefined) {
    nextPage = count(nextHeader) ?? 0;
  } else if (totalPages !== undefined) {
    nextPage = page < totalPages ? page + 1 : 0;
  } else if (h.link !== undefined) {
    nextPage = hasNextLink(h.link) ? page + 1 : 0;
  } else {
    // No pagination headers at all: a full page suggests more.
    nextPage = items > 0 && items >= perPage ? page + 1 : 0;
  }
  const hasMore = nextPage > 0;

  let total_items = totalItems ?? 0;
  let total_pages = totalPages ?? (totalItems !== undefined ? Math.ceil(totalItems / perPage) : 0);
  if (totalItems === undefined) {
    total_pages = 0;
    if (opts.inferTotals) {
      total_items = (page - 1) * perPage + items;
      total_pages = hasMore ? page + 1 : page;
    }
  }
  return { page, per_page: perPage, next_page: nextPage, has_more: hasMore, total_items, total_pages };
}

/** Pagination of a GraphQL connection from its pageInfo. */
export function paginationFromConnection(pageInfo: unknown): Pagination {
  const info = pageInfo && typeof pageInfo === 'object' ? (pageInfo as Record<string, unknown>) : {};
  const endCursor = typeof info.endCursor === 'string' ? info.endCursor : typeof info.end_cursor === 'string' ? info.end_cursor : null;
  const hasNext = info.hasNextPage === true || info.has_next_page === true;
  return { has_next_page: hasNext && endCursor !== null, end_cursor: endCursor };
}

function n(v: number | undefined): string {
  return wholeNumber(v ?? 0);
}

/** One Markdown line describing where the page sits and how to read the next one. */
export function paginationLine(p: Pagination | undefined): string {
  if (!p || typeof p !== 'object') return '';
  if (p.has_next_page !== undefined || p.end_cursor !== undefined) {
    if (p.has_next_page && typeof p.end_cursor === 'string') {
      const cursor = inline(p.end_cursor).replace(/"/g, '\\"');
      return `More results: after="${cursor}"`;
    }
    return 'No more results.';
  }
  const perPage = n(p.per_page ?? DEFAULT_PER_PAGE);
  if (p.page === undefined) {
    // Keyset: the continuation is not carried.
    return p.has_more
      ? `Keyset pagination (${perPage} per page). More results exist; the continuation is not carried, so narrow the filters or use page-based pagination (omit pagination=keyset) to read further.`
      : `Keyset pagination (${perPage} per page). No more results reported.`;
  }
  const page = n(p.page);
  const where = p.total_pages && p.total_pages > 0
    ? `Page ${page} of ${n(p.total_pages)} (${perPage} per page, ${n(p.total_items)} items).`
    : p.total_items && p.total_items > 0
      ? `Page ${page} (${perPage} per page, at least ${n(p.total_items)} items).`
      : `Page ${page} (${perPage} per page; total not reported).`;
  if (p.has_more && p.next_page) return `${where} Next: page=${n(p.next_page)}`;
  return `${where} Last page.`;
}

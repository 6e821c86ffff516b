// Containment of untrusted platform text (titles, descriptions, commit messages, notes, wiki pages,
// file contents, logs). Every function accepts any value and never throws: the platform's answer is
// never trusted to have the shape its documentation promises.
//
// Rules (SPEC "Retries", last paragraph): table cells escape pipes, newlines, `<` and `[`; headings
// escape a leading `#`; multi-line bodies become quote lines; links escape both halves and show
// non-http(s) addresses as code; code blocks use a fence longer than any backtick run inside.

/**
 * C0/C1 control characters (tab, line feed and carriage return excepted), bidi overrides and isolates,
 * and invisible characters that can hide text from a reader but not from a model: zero-width
 * U+200B–U+200F, U+2060–U+2064, the BOM U+FEFF and the tag characters U+E0000–U+E007F.
 */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\u{E0000}-\u{E007F}]/gu;

/** The same class, to test for (a test allocates nothing; most platform text has none of these). */
const HAS_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\u{E0000}-\u{E007F}]/u;

const clean = (s: string): string => (HAS_CONTROL.test(s) ? s.replace(CONTROL, '') : s);

/**
 * Any JSON-like value with every string (keys too) cleaned of control and invisible characters.
 * Copy on write: a value with nothing to clean is returned as it is, so a clean answer costs no garbage.
 */
export function cleanDeep(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return clean(value);
  if (depth > 64 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      const c = cleanDeep(v, depth + 1);
      if (c !== v && !out) out = value.slice(0, i);
      if (out) out.push(c);
    }
    return out ?? value;
  }
  const rec = value as Record<string, unknown>;
  let out: Record<string, unknown> | undefined;
  const keys = Object.keys(rec);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    const v = rec[k];
    const ck = clean(k);
    const c = cleanDeep(v, depth + 1);
    if ((ck !== k || c !== v) && !out) {
      out = {};
      for (let j = 0; j < i; j++) out[keys[j]!] = rec[keys[j]!];
    }
    if (out) out[ck] = c;
  }
  return out ?? value;
}
const LINE_BREAKS = /\r\n|[\r\n\u0085\u2028\u2029]/g;

/** A number written out in full: never `1e+21`, never `1.0`. */
export function wholeNumber(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  if (Object.is(n, -0)) return '0';
  // A safe integer reads the same through String (no BigInt per number: a list's ids and counts); a larger one may not.
  if (Number.isSafeInteger(n)) return String(n);
  if (Number.isInteger(n)) return BigInt(n).toString();
  const s = String(n);
  // A small fraction such as 1e-7: move the decimal point of the shortest round-trip digits.
  const m = /^(-?)(\d)(?:\.(\d+))?e-(\d+)$/.exec(s);
  if (!m) return s;
  return `${m[1]}0.${'0'.repeat(Number(m[4]) - 1)}${m[2]}${m[3] ?? ''}`;
}

function safeJson(value: unknown): string {
  const seen = new WeakSet<object>();
  try {
    const out = JSON.stringify(value, (_k, v: unknown) => {
      if (typeof v === 'bigint') return v.toString();
      if (typeof v === 'function' || typeof v === 'symbol') return undefined;
      if (v !== null && typeof v === 'object') {
        if (seen.has(v)) return '[circular]';
        seen.add(v);
      }
      return v;
    });
    return out ?? '';
  } catch {
    return '';
  }
}

/**
 * Any value as plain text: strings as they are, numbers whole, objects as JSON, null/undefined as ''.
 * Control characters are not removed here; the containment functions do that.
 */
export function toText(value: unknown): string {
  switch (typeof value) {
    case 'string': return value;
    case 'number': return wholeNumber(value);
    case 'bigint': return value.toString();
    case 'boolean': return value ? 'true' : 'false';
    case 'symbol': return value.description ?? '';
    case 'undefined':
    case 'function': return '';
    default:
      if (value === null) return '';
      if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
      return safeJson(value);
  }
}

/** Removes control characters except tab, line feed and carriage return. */
export function stripControl(value: unknown): string {
  return clean(toText(value));
}

const HAS_BREAK_OR_TAB = /[\r\n\u2028\u2029\t]/;

/** One line: line breaks shown as ` ↵ `, tabs as spaces, control characters removed. */
export function oneLine(value: unknown): string {
  const s = stripControl(value);
  return HAS_BREAK_OR_TAB.test(s) ? s.replace(LINE_BREAKS, ' ↵ ').replace(/\t/g, ' ') : s;
}

// The markup characters of inline text, each replaced in one pass. In a table cell `|` too: after this
// escape every backslash before a pipe is doubled, so a pipe always needs its own (see escapePipes).
const INLINE_MARKUP = /[\\<[\]`]/;
const INLINE_MARKUP_ALL = /[\\<[\]`]/g;
const CELL_MARKUP = /[\\<[\]`|]/;
const CELL_MARKUP_ALL = /[\\<[\]`|]/g;
const ESCAPED: Readonly<Record<string, string>> = { '\\': '\\\\', '<': '&lt;', '[': '\\[', ']': '\\]', '`': '\\`', '|': '\\|' };
const escapeChar = (c: string): string => ESCAPED[c]!;

/** Escapes the characters that would turn text into markup: backslash, `<`, `[`, `]`, backticks. */
function escapeInline(s: string): string {
  return INLINE_MARKUP.test(s) ? s.replace(INLINE_MARKUP_ALL, escapeChar) : s;
}

/** Cuts a single-line string to `max` characters with a visible ellipsis. */
function cut(s: string, max: number | undefined): string {
  if (max === undefined || !Number.isFinite(max) || max < 1) return s;
  // Never more code points than UTF-16 units: a string this short needs no cut.
  if (s.length <= max) return s;
  const chars = Array.from(s);
  return chars.length > max ? chars.slice(0, Math.max(1, Math.floor(max) - 1)).join('') + '…' : s;
}

/**
 * Every character `inline` or `cell` would change: the control and invisible ones (CONTROL), line breaks
 * and tabs, and the markup of both. A string with none, within its bound, is its own contained form:
 * one test instead of four (a list's table is made of such strings).
 */
const NEEDS_CONTAINING = /[\u0000-\u001F\u007F-\u009F\u200B-\u200F\u2028-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\\<[\]`|\u{E0000}-\u{E007F}]/u;
const alreadyContained = (value: unknown, max: number | undefined): value is string =>
  typeof value === 'string' && (max === undefined || value.length <= max) && !NEEDS_CONTAINING.test(value);

/** An inline value (inside a sentence or a list item): one line, no markup. */
export function inline(value: unknown, max?: number): string {
  if (alreadyContained(value, max)) return value;
  return escapeInline(cut(oneLine(value), max));
}

/**
 * Makes every `|` escaped for the table row splitter: preceded by an odd number of backslashes
 * (GFM and markdown-it both read such a pipe as cell content).
 */
function escapePipes(s: string): string {
  return s.replace(/(\\*)\|/g, (m, bs: string) => (bs.length % 2 === 0 ? `${bs}\\|` : m));
}

/** A Markdown table cell: one line, pipes escaped, no markup (the inline escape and the pipes in one pass). */
export function cell(value: unknown, max?: number): string {
  if (alreadyContained(value, max)) return value;
  const s = cut(oneLine(value), max);
  return CELL_MARKUP.test(s) ? s.replace(CELL_MARKUP_ALL, escapeChar) : s;
}

/** Heading text (the caller writes the `## `): one line, a leading `#` and a closing `#` run escaped. */
export function heading(value: unknown, max = 200): string {
  let s = inline(value, max).trim();
  s = s.replace(/^([#>+=*-])/, '\\$1').replace(/^(\d+)([.)])/, '$1\\$2');
  s = s.replace(/(\s)(#+)$/, (_m, sp: string, hashes: string) => sp + hashes.replace(/#/g, '\\#'));
  return s;
}

/** Inline code: a backtick run longer than any inside, one line, control characters removed. */
export function code(value: unknown, max?: number): string {
  const s = cut(oneLine(value), max);
  let longest = 0;
  // Most code has no backtick: no regex iterator for it (a list's next steps are code, every call).
  if (s.includes('`')) for (const m of s.matchAll(/`+/g)) longest = Math.max(longest, m[0].length);
  const ticks = '`'.repeat(longest + 1);
  const pad = s.startsWith('`') || s.endsWith('`') || s === '' ? ' ' : '';
  return `${ticks}${pad}${s}${pad}${ticks}`;
}

/**
 * A multi-line body as a block quote: every line prefixed `> `, control characters removed, and the
 * characters that make links or HTML escaped so nothing inside renders as markup that leaves the quote.
 */
export function quote(value: unknown): string {
  const lines = stripControl(value).split(LINE_BREAKS);
  return lines
    .map((line) => {
      const body = line.replace(/\\/g, '\\\\').replace(/</g, '&lt;').replace(/\[/g, '\\[').replace(/\]/g, '\\]');
      // A leading # would make a heading inside the quote: escaped like a heading's.
      const escaped = body.replace(/^(\s*)#/, '$1\\#');
      return escaped.trim() === '' ? '>' : `> ${escaped}`;
    })
    .join('\n');
}

const URL_UNSAFE = /[\s()<>"'`\\[\]{}|^]/g;

/**
 * An address the URL parser would give back unchanged, with nothing to percent-encode: a lower-case
 * http(s) scheme and host whose last label starts with a letter (never read as an IPv4 number), no
 * port, user, query or fragment, a path of unreserved characters without dot segments. Most platform
 * links (web_url) are such; they skip the parse (a list renders one per row).
 */
const PLAIN_SEGMENT = '[A-Za-z0-9_~-]+(?:\\.[A-Za-z0-9_~-]+)*';
// Each repetition starts at a dot or slash, so a near miss fails in linear time (no backtracking blow-up).
const PLAIN_HREF = new RegExp(`^https?://(?:[a-z0-9-]+\\.)*[a-z][a-z0-9-]*/(?:${PLAIN_SEGMENT}(?:/${PLAIN_SEGMENT})*/?)?$`);

/** The address of a link when it is a well-formed http(s) URL, percent-encoded so it cannot close the link. */
export function safeHref(value: unknown): string | undefined {
  if (typeof value === 'string' && PLAIN_HREF.test(value)) return value;
  const raw = stripControl(value).trim();
  if (!/^https?:\/\//i.test(raw)) return undefined;
  let href: string;
  try {
    const u = new URL(raw);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return undefined;
    href = u.href;
  } catch {
    return undefined;
  }
  return href.replace(URL_UNSAFE, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0'));
}

/**
 * A link with both halves contained. An address other than http(s) (javascript:, data:, relative)
 * is shown as inline code next to the text, never as a link.
 */
export function link(text: unknown, url: unknown, max?: number): string {
  const href = safeHref(url);
  const label = inline(text, max);
  if (href) return `[${label || inline(href, max)}](${href})`;
  const shown = oneLine(url).trim();
  if (!shown) return label;
  return label ? `${label} (${code(shown, max)})` : code(shown, max);
}

/** A link usable inside a table cell (pipes escaped in both halves). */
export function linkCell(text: unknown, url: unknown, max?: number): string {
  const href = safeHref(url);
  // The address is percent-encoded (no pipe survives); the label takes the cell escape.
  if (href) return `[${cell(text, max) || cell(href, max)}](${href})`;
  return escapePipes(link(text, url, max));
}

/**
 * A fenced code block whose fence is longer than any backtick run in the text, so nothing inside
 * can close it. The language tag keeps only characters that cannot break the info string.
 */
export function fence(value: unknown, lang?: unknown): string {
  let body = stripControl(value).replace(LINE_BREAKS, '\n');
  if (body.endsWith('\n')) body = body.slice(0, -1);
  let longest = 0;
  for (const m of body.matchAll(/`+/g)) longest = Math.max(longest, m[0].length);
  const ticks = '`'.repeat(Math.max(3, longest + 1));
  const tag = typeof lang === 'string' ? lang.replace(/[^A-Za-z0-9_+.#-]/g, '').slice(0, 32) : '';
  return `${ticks}${tag}\n${body}\n${ticks}`;
}

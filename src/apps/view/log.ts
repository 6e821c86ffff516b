// GitLab job logs: SGR colours (other escape sequences are dropped) and the runner's
// section_start/section_end markers as nested sections with durations. Pure: no DOM.

export interface Span { text: string; fg?: string; bg?: string; bold?: boolean; italic?: boolean; underline?: boolean }
interface Line { kind: 'line'; n: number; spans: Span[]; text: string }
export interface Section { kind: 'section'; name: string; header: Span[]; start: number; end?: number; items: Item[] }
export type Item = Line | Section;
export interface ParsedLog { items: Item[]; lines: number; firstError?: number }

const SECTION = /section_(start|end):(\d+):([A-Za-z0-9_.-]+)(?:\[[^\]]*\])?\r?\x1b\[0K/g;
const ESCAPE = /\x1b\[([0-9;]*)([A-Za-z])|\x1b[^[]/g;
const ERROR = /\b(error|failed|failure|fatal)\b|Error:/i;
const BASIC = ['black', 'red', 'green', 'yellow', 'blue', 'magenta', 'cyan', 'white'];

type Style = Omit<Span, 'text'>;

const colour = (n: number): string | undefined => (n >= 0 && n < 8 ? `var(--ansi-${BASIC[n]})` : n >= 8 && n < 16 ? `var(--ansi-bright-${BASIC[n - 8]})` : undefined);

function extended(codes: number[], i: number): { value?: string; used: number } {
  if (codes[i + 1] === 5) return { value: colour(codes[i + 2]) ?? cube(codes[i + 2]), used: 2 };
  if (codes[i + 1] === 2) return { value: `rgb(${codes[i + 2] | 0},${codes[i + 3] | 0},${codes[i + 4] | 0})`, used: 4 };
  return { used: 0 };
}

function cube(n: number): string | undefined {
  if (!(n >= 16 && n <= 255)) return undefined;
  if (n >= 232) { const g = 8 + (n - 232) * 10; return `rgb(${g},${g},${g})`; }
  const c = n - 16;
  const v = (x: number) => (x ? 55 + x * 40 : 0);
  return `rgb(${v(Math.floor(c / 36))},${v(Math.floor(c / 6) % 6)},${v(c % 6)})`;
}

/** Applies one SGR sequence's codes to the style. */
function sgr(style: Style, params: string): Style {
  const codes = params === '' ? [0] : params.split(';').map((c) => Number(c) || 0);
  let s = { ...style };
  for (let i = 0; i < codes.length; i++) {
    const c = codes[i];
    if (c === 0) s = {};
    else if (c === 1) s.bold = true;
    else if (c === 3) s.italic = true;
    else if (c === 4) s.underline = true;
    else if (c === 22) s.bold = false;
    else if (c === 23) s.italic = false;
    else if (c === 24) s.underline = false;
    else if (c >= 30 && c <= 37) s.fg = colour(c - 30);
    else if (c >= 90 && c <= 97) s.fg = colour(c - 82);
    else if (c === 39) s.fg = undefined;
    else if (c >= 40 && c <= 47) s.bg = colour(c - 40);
    else if (c >= 100 && c <= 107) s.bg = colour(c - 92);
    else if (c === 49) s.bg = undefined;
    else if (c === 38 || c === 48) {
      const e = extended(codes, i);
      if (c === 38) s.fg = e.value; else s.bg = e.value;
      i += e.used;
    }
  }
  return s;
}

/** Text with escapes to styled spans; the style carries on to the next line, as in a terminal. */
function spansOf(text: string, style: Style): { spans: Span[]; style: Style } {
  const spans: Span[] = [];
  let last = 0;
  const push = (t: string) => { if (t) spans.push({ text: t, ...style }); };
  for (const m of text.matchAll(ESCAPE)) {
    push(text.slice(last, m.index));
    last = m.index + m[0].length;
    if (m[2] === 'm') style = sgr(style, m[1]);
  }
  push(text.slice(last));
  return { spans, style };
}

/** What a line shows after carriage returns: the text written last. */
function overwritten(line: string): string {
  const parts = line.split('\r');
  for (let i = parts.length - 1; i >= 0; i--) if (parts[i] !== '') return parts[i];
  return '';
}

/**
 * Parses a log, or a part of one: when `fromStart` is false the text begins inside the log and its
 * first line may be a fragment, which is left out (it is shown once the earlier page is loaded).
 */
export function parseLog(text: string, fromStart: boolean): ParsedLog {
  const raw = text.split('\n');
  if (raw[raw.length - 1] === '') raw.pop();
  if (!fromStart) raw.shift();
  const root: Item[] = [];
  const stack: Section[] = [];
  const into = () => (stack.length ? stack[stack.length - 1].items : root);
  let style: Style = {};
  let n = 0;
  let firstError: number | undefined;
  for (const rawLine of raw) {
    let rest = '';
    let last = 0;
    let opened: Section | undefined;
    for (const m of rawLine.matchAll(SECTION)) {
      rest += rawLine.slice(last, m.index);
      last = m.index + m[0].length;
      const ts = Number(m[2]);
      if (m[1] === 'start') {
        opened = { kind: 'section', name: m[3], header: [], start: ts, items: [] };
        into().push(opened);
        stack.push(opened);
      } else {
        const at = stack.map((s) => s.name).lastIndexOf(m[3]);
        if (at >= 0) { stack[at].end = ts; stack.length = at; }
        opened = undefined;
      }
    }
    rest += rawLine.slice(last);
    const shown = spansOf(overwritten(rest), style);
    style = shown.style;
    if (opened) {
      opened.header = shown.spans.length ? shown.spans : [{ text: opened.name }];
      continue;
    }
    if (!shown.spans.length && last > 0) continue;
    const plain = shown.spans.map((s) => s.text).join('');
    if (firstError === undefined && ERROR.test(plain)) firstError = n;
    into().push({ kind: 'line', n: n++, spans: shown.spans, text: plain });
  }
  return { items: root, lines: n, firstError };
}

export const sectionSeconds = (s: Section): number | undefined => (s.end === undefined ? undefined : s.end - s.start);
